package hatetris

import (
	"cmp"
	"math"
	"slices"
	"testing"

	"github.com/kocka/kocka/engine"
)

// gameWells are the wells a game goes through, one per piece placed, the
// lines it had cleared before each piece, and the piece.
func gameWells(t *testing.T, moves []Move) (wells []Bits, before []int, ids []engine.Piece) {
	t.Helper()
	g, _ := NewGame(Standard, NewEnemy(false))
	pieces := g.Pieces()
	for _, m := range moves {
		score, id := g.Score(), g.Current()
		if g.Apply(m); g.Over() || g.Pieces() == pieces {
			continue
		}
		pieces = g.Pieces()
		w := g.Well()
		b, ok := BitsOf(&w)
		if !ok {
			t.Fatal("a live well over the bar")
		}
		wells, before, ids = append(wells, b), append(before, score), append(ids, id)
	}
	return wells, before, ids
}

// TestBeamChoicesOf checks the rivals of a narrow beam, in which every
// well of the beam is a rival, from outside: each choice's first well is
// the game's well; each rival a landing of the game's piece beside it or
// a child (by the enemy's first choice) of a rival of the piece before,
// with the lines its base implies; the rivals distinct, ranked as the
// search ranks them, and none of the wells they were chosen from better
// than the last of them.
func TestBeamChoicesOf(t *testing.T) {
	moves := knewjade4(t)
	moves = moves[:min(len(moves), 1200)]
	rank, err := EvalByName("learned")
	if err != nil {
		t.Fatal(err)
	}
	base, _ := EvalSet("imitated")
	const width, lineWeight, netWeight = 5, 1000, 718.9
	cfg := BeamChoiceConfig{Rank: rank, Base: base, LineWeight: lineWeight, NetWeight: netWeight, Quiescence: 1,
		Width: width, Rivals: width - 1, MaxWells: MaxNetChoiceWells}
	choices, stats, err := BeamChoicesOf(moves, cfg)
	if err != nil {
		t.Fatal(err)
	}
	wells, before, ids := gameWells(t, moves)
	if len(choices) != len(wells) || len(wells) < 50 {
		t.Fatalf("%d choices for a game of %d pieces", len(choices), len(wells))
	}
	ev := Evaluator{W: rank, LineWeight: lineWeight, NetWeight: netWeight, Quiescence: 1, Cache: NewEnemyCache(1 << 20)}
	type lined struct {
		b     Bits
		lines int
	}
	// linesOf is a well's lines since the game began, from its base.
	linesOf := func(i, k int) int {
		c := &choices[i]
		return before[i] + int(math.Round((c.Base[k]*netWeight-base.boardScore(&c.Wells[k]))/lineWeight))
	}
	value := func(w lined) float64 { return float64(w.lines)*lineWeight + ev.Value(&w.b) }
	var prev []lined // the rivals of the piece before
	var wantCut []bool
	wantMore, wantFewer := 0, 0
	var gen Gen
	for i, c := range choices {
		if c.Chosen != 0 || c.Wells[0] != wells[i] || len(c.Wells) != len(c.Base) || len(c.Wells) > width {
			t.Fatalf("piece %d: chosen %d, %d wells, %d bases; the game's well first: %v",
				i, c.Chosen, len(c.Wells), len(c.Base), c.Wells[0] == wells[i])
		}
		if got, want := linesOf(i, 0), before[min(i+1, len(before)-1)]; i+1 < len(before) && got != want {
			t.Fatalf("piece %d: the game's well has %d lines by its base, %d by the game", i, got, want)
		}
		// What the beam chose from: the game's other landings and the
		// children of the last rivals.
		var from []lined
		var prevWell Bits
		if i > 0 {
			prevWell = wells[i-1]
		}
		gen.Reset(&prevWell)
		for _, s := range gen.Children(ids[i], nil) {
			if !s.Over && s.Well != wells[i] {
				from = append(from, lined{s.Well, before[i] + s.Lines})
			}
		}
		for _, p := range prev {
			gen.Reset(&p.b)
			for _, ch := range gen.Children(WorstPiece(&gen), nil) {
				if !ch.Over {
					from = append(from, lined{ch.Well, p.lines + ch.Lines})
				}
			}
		}
		// How many distinct wells the beam chose from rank above the
		// game's well: it is cut when width of them do.
		gold := lined{wells[i], linesOf(i, 0)}
		var above []lined
		for _, f := range from {
			if f != gold && !slices.Contains(above, f) && value(f) > value(gold) {
				above = append(above, f)
			}
		}
		wantCut = append(wantCut, len(above) >= width)
		if len(above) >= width {
			// The width best of them (of equal values, the first made).
			slices.SortStableFunc(above, func(x, y lined) int { return cmp.Compare(value(y), value(x)) })
			for _, a := range above[:width] {
				switch {
				case a.lines > gold.lines:
					wantMore++
				case a.lines < gold.lines:
					wantFewer++
				}
			}
		}
		var rivals []lined
		for k := 1; k < len(c.Wells); k++ {
			r := lined{c.Wells[k], linesOf(i, k)}
			if !slices.Contains(from, r) {
				t.Fatalf("piece %d, rival %d: neither a landing beside the game's nor a child of a rival before", i, k)
			}
			if slices.Contains(rivals, r) || r == (lined{wells[i], linesOf(i, 0)}) {
				t.Fatalf("piece %d, rival %d: twice, or the game's own well", i, k)
			}
			if k > 1 && value(r) > value(rivals[len(rivals)-1]) {
				t.Fatalf("piece %d, rival %d: ranked below one it beats", i, k)
			}
			rivals = append(rivals, r)
		}
		if len(rivals) < width-1 {
			// Fewer rivals than room: every well the beam chose from is one.
			for _, f := range from {
				if f != (lined{wells[i], linesOf(i, 0)}) && !slices.Contains(rivals, f) {
					t.Fatalf("piece %d: %d rivals, a well left out", i, len(rivals))
				}
			}
		} else {
			last := value(rivals[len(rivals)-1])
			for _, f := range from {
				if !slices.Contains(rivals, f) && f != (lined{wells[i], linesOf(i, 0)}) && value(f) > last {
					t.Fatalf("piece %d: a well worth %g left out, the last rival worth %g", i, value(f), last)
				}
			}
		}
		prev = rivals
	}

	if stats.MoreLines != wantMore || stats.FewerLines != wantFewer || wantMore+wantFewer == 0 {
		t.Errorf("of the wells above the game's where it was cut: %d with more lines and %d with fewer, want %d and %d (and some)",
			stats.MoreLines, stats.FewerLines, wantMore, wantFewer)
	}
	total := 0
	for _, c := range choices {
		total += len(c.Wells)
	}
	for _, bound := range []struct {
		max int
		ok  bool
	}{{total, true}, {total - 1, false}} {
		cfg.MaxWells = bound.max
		if _, _, err := BeamChoicesOf(moves, cfg); (err == nil) != bound.ok {
			t.Errorf("%d wells at a limit of %d: error %v", total, bound.max, err)
		}
	}
	// Another run, with three workers, makes the same choices.
	cfg.MaxWells, cfg.Workers = MaxNetChoiceWells, 3
	again, againStats, err := BeamChoicesOf(moves, cfg)
	if err != nil || len(again) != len(choices) || againStats != stats {
		t.Fatalf("a second run: %d choices, %+v, %v; the first %d, %+v", len(again), againStats, err, len(choices), stats)
	}
	for i := range again {
		if !slices.Equal(again[i].Wells, choices[i].Wells) || !slices.Equal(again[i].Base, choices[i].Base) {
			t.Fatalf("a second run differs at piece %d", i)
		}
	}
	// OnlyCut keeps the choices of the pieces where the game's well was
	// cut: Width wells ranked above it.
	cfg.OnlyCut = true
	cut, cutStats, err := BeamChoicesOf(moves, cfg)
	if err != nil || cutStats != stats || len(cut) != stats.Cut || stats.Cut == 0 || stats.Cut == stats.Pieces {
		t.Fatalf("OnlyCut: %d choices, %+v, %v; want one per cut piece of %+v, some cut and some not", len(cut), cutStats, err, stats)
	}
	k := 0
	for i, c := range choices {
		if wantCut[i] {
			if k >= len(cut) || !slices.Equal(cut[k].Wells, c.Wells) || !slices.Equal(cut[k].Base, c.Base) {
				t.Fatalf("piece %d: the game's well is cut, the %dth choice of OnlyCut is not this piece's", i, k)
			}
			k++
		}
	}
	if k != len(cut) {
		t.Fatalf("%d of %d cut choices are choices of the full run, in order", k, len(cut))
	}
}

// TestBeamChoicesOfRefuses: settings out of range are errors before any
// work.
func TestBeamChoicesOfRefuses(t *testing.T) {
	rank, _ := EvalByName("learned")
	base, _ := EvalSet("imitated")
	good := BeamChoiceConfig{Rank: rank, Base: base, LineWeight: 1000, NetWeight: 718.9, Quiescence: 1, Width: 8, Rivals: 4, MaxWells: 100}
	for _, tc := range []struct {
		name string
		edit func(*BeamChoiceConfig)
	}{
		{"a base with a network", func(c *BeamChoiceConfig) { c.Base = rank }},
		{"net weight 0", func(c *BeamChoiceConfig) { c.NetWeight = 0 }},
		{"line weight NaN", func(c *BeamChoiceConfig) { c.LineWeight = math.NaN() }},
		{"width 1", func(c *BeamChoiceConfig) { c.Width = 1 }},
		{"width too wide", func(c *BeamChoiceConfig) { c.Width = MaxBeamChoiceWidth + 1 }},
		{"no rivals", func(c *BeamChoiceConfig) { c.Rivals = 0 }},
		{"too many rivals", func(c *BeamChoiceConfig) { c.Rivals = MaxBeamChoiceRivals + 1 }},
		{"quiescence -1", func(c *BeamChoiceConfig) { c.Quiescence = -1 }},
		{"quiescence too deep", func(c *BeamChoiceConfig) { c.Quiescence = MaxQuiescence + 1 }},
	} {
		cfg := good
		tc.edit(&cfg)
		if _, _, err := BeamChoicesOf(nil, cfg); err == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
	if cs, _, err := BeamChoicesOf(nil, good); err != nil || len(cs) != 0 {
		t.Errorf("no moves: %d choices, %v", len(cs), err)
	}
}
