package solver

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
)

// midGameStates plays a guideline game with the bot (no ticks: each piece
// goes where the plan says) and returns copies of the states it met after
// 20 pieces and every 7 pieces after that: a fixed set of mid-game
// positions for the benchmarks.
func midGameStates(tb testing.TB, n int) []State {
	tb.Helper()
	bot, err := NewBot(BotConfig{Personality: "eltetris-eroded", Depth: 1})
	if err != nil {
		tb.Fatal(err)
	}
	rnd, _ := engine.NewRandomizer(engine.Bag7, 3, nil)
	b := engine.NewBoard(10, 40)
	queue := make([]engine.Piece, 6)
	for i := range queue {
		queue[i] = rnd.Next(nil)
	}
	st := State{Board: b, SpawnRow: 20, Visible: 20, Kicks: engine.SRS, Mode: ModeFull, Combo: -1, HoldRule: true}
	var out []State
	for piece := 0; len(out) < n && piece < 1000; piece++ {
		st.Current, st.Queue = queue[0], queue[1:]
		if piece >= 20 && piece%7 == 6 {
			c := st
			c.Board = b.Clone()
			c.Queue = append([]engine.Piece(nil), st.Queue...)
			c.CanHold = true
			out = append(out, c)
		}
		plan := bot.PlanState(&st)
		if !plan.OK {
			tb.Fatal("the benchmark game topped out")
		}
		b.Place(plan.Placement.Placed)
		b.ClearLines()
		queue = append(queue[1:], rnd.Next(nil))
	}
	return out
}

func TestBenchSmall(t *testing.T) {
	for _, model := range []string{ModelClassic, ModelGuideline} {
		cfg := BenchConfig{
			Model: model, Personalities: []string{"kocka", "dellacherie"}, Games: 3, Seed: 5,
			Width: 10, Height: 8, MaxPieces: 60, Level: 5, Depth: 1, BeamWidth: 8,
		}
		rs, err := Bench(cfg)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := Bench(cfg)
		for i, r := range rs {
			if r.Personality != cfg.Personalities[i] || r.Games != 3 || r.Model != model {
				t.Errorf("%s: result %d is %+v", model, i, r)
			}
			if r.LinesMin > int(r.LinesMedian) || float64(r.LinesMax) < r.LinesMean || r.LinesMin > r.LinesMax {
				t.Errorf("%s: inconsistent lines %+v", model, r)
			}
			if r.Mismatches != 0 {
				t.Errorf("%s %s: %d driver mismatches", model, r.Personality, r.Mismatches)
			}
			// Fixed seeds give the same games.
			for g := range r.Results {
				a, b := r.Results[g], again[i].Results[g]
				if a.Lines != b.Lines || a.Pieces != b.Pieces || a.Score != b.Score {
					t.Errorf("%s %s game %d differs between runs: %+v vs %+v", model, r.Personality, g, a, b)
				}
			}
		}
		var buf bytes.Buffer
		if err := WriteJSON(&buf, rs); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
		if len(lines) != len(rs) {
			t.Fatalf("%d JSON lines for %d results", len(lines), len(rs))
		}
		for _, l := range lines {
			var m map[string]any
			if err := json.Unmarshal([]byte(l), &m); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"personality", "games", "lines_mean", "lines_median", "lines_min", "lines_max", "pieces_per_sec", "model"} {
				if _, ok := m[k]; !ok {
					t.Errorf("JSON line lacks %q: %s", k, l)
				}
			}
			// (tetris_rate and tspin_rate are left out when zero, as
			// in these short games)
			if _, ok := m["score_mean"]; model == ModelGuideline && !ok {
				t.Errorf("JSON line lacks score_mean: %s", l)
			}
		}
	}
}

func TestBenchConfigErrors(t *testing.T) {
	ok := BenchConfig{Model: ModelClassic, Personalities: []string{"kocka"}, Games: 1, Width: 10, Height: 10}
	for _, c := range []struct {
		name string
		edit func(*BenchConfig)
	}{
		{"model", func(c *BenchConfig) { c.Model = "nes" }},
		{"personality", func(c *BenchConfig) { c.Personalities = []string{"nobody"} }},
		{"no personality", func(c *BenchConfig) { c.Personalities = nil }},
		{"games", func(c *BenchConfig) { c.Games = 0 }},
		{"width", func(c *BenchConfig) { c.Width = 17 }},
		{"narrow width", func(c *BenchConfig) { c.Width = 3 }},
		{"height", func(c *BenchConfig) { c.Height = 50 }},
		{"low height", func(c *BenchConfig) { c.Height = 3 }},
		{"guideline without a piece cap", func(c *BenchConfig) { c.Model = ModelGuideline; c.Level = 1 }},
		{"guideline level", func(c *BenchConfig) { c.Model = ModelGuideline; c.MaxPieces = 10; c.Level = 0 }},
		{"guideline level past 30", func(c *BenchConfig) { c.Model = ModelGuideline; c.MaxPieces = 10; c.Level = 31 }},
		{"negative max pieces", func(c *BenchConfig) { c.MaxPieces = -1 }},
		{"spawn depth", func(c *BenchConfig) { c.Depth = 2 }},
		{"guideline depth past the previews", func(c *BenchConfig) { c.Model = ModelGuideline; c.MaxPieces = 10; c.Level = 1; c.Depth = 7 }},
		{"standard depth 3", func(c *BenchConfig) { c.Model = ModelStandard; c.Depth = 3 }},
		{"standard-preview depth 3", func(c *BenchConfig) { c.Model = ModelStandardPreview; c.Depth = 3 }},
		{"negative beam", func(c *BenchConfig) { c.Model = ModelStandard; c.Depth = 2; c.BeamWidth = -1 }},
		{"negative depth", func(c *BenchConfig) { c.Model = ModelStandardPreview; c.Depth = -1 }},
		{"negative workers", func(c *BenchConfig) { c.Workers = -1 }},
		{"games past the cap", func(c *BenchConfig) { c.Games = MaxBenchGames + 1 }},
		{"beam past the cap", func(c *BenchConfig) { c.BeamWidth = MaxBotWidth + 1 }},
		{"workers past the cap", func(c *BenchConfig) { c.Workers = MaxBenchWorkers + 1 }},
	} {
		cfg := ok
		c.edit(&cfg)
		if err := cfg.Validate(); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if err := ok.Validate(); err != nil {
		t.Errorf("valid config: %v", err)
	}
	for _, m := range []string{ModelStandard, ModelStandardPreview} {
		cfg := ok
		cfg.Model, cfg.Depth, cfg.BeamWidth = m, 2, 0
		if err := cfg.Validate(); err != nil {
			t.Errorf("%s at depth 2, all placements: %v", m, err)
		}
	}
}

// TestBenchPreviewExpect: the two-piece model at depth 2 plays
// ChooseWithNextExpect, which sees further than ChooseWithNext: the games
// differ (the piece cap only bounds the test's time).
func TestBenchPreviewExpect(t *testing.T) {
	cfg := BenchConfig{Model: ModelStandardPreview, Personalities: []string{"bcts"}, Games: 2, Seed: 5,
		Width: 6, Height: 6, MaxPieces: 150, BeamWidth: 3}
	one, err := Bench(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Depth = 2
	two, err := Bench(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(one[0].PerGame, two[0].PerGame) && one[0].PiecesMean == two[0].PiecesMean {
		t.Errorf("depth 2 played the same games as depth 1: lines %v", one[0].PerGame)
	}
}
