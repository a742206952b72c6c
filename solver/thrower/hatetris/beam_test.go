package hatetris

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver"
)

func testBeam(t *testing.T, cfg BeamConfig) *Beam {
	t.Helper()
	if cfg.LineWeight == 0 {
		cfg.LineWeight = 1000
	}
	if cfg.Eval.Name == "" {
		cfg.Eval, _ = EvalByName("eltetris")
	}
	cfg.CacheBytes = 1 << 20
	b, err := NewBeam(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBeamLinesReplay: the best line a search reports replays, through the
// general rules and enemy, to the same lines and pieces, and ends the game.
func TestBeamLinesReplay(t *testing.T) {
	for _, cfg := range []BeamConfig{{Width: 1}, {Width: 8}, {Width: 8, Quiescence: 1}, {Width: 8, Quiescence: 1, PreCut: 1}} {
		b := testBeam(t, cfg)
		for b.Step() {
		}
		lines, pieces := b.Best()
		moves, err := b.BestMoves()
		if err != nil {
			t.Fatal(err)
		}
		g, _ := NewGame(Standard, NewEnemy(false))
		g.Play(moves)
		if g.Score() != lines || g.Pieces() != pieces || !g.Over() {
			t.Errorf("%+v: the replay scores %d lines in %d pieces (over %v), the search said %d in %d",
				cfg, g.Score(), g.Pieces(), g.Over(), lines, pieces)
		}
	}
}

// TestBeamFollowsTheLoopRule: the pieces of the best line are the ones the
// real enemy (with its memory) deals along it.
func TestBeamFollowsTheLoopRule(t *testing.T) {
	ev, _ := EvalByName("hate-static")
	b := testBeam(t, BeamConfig{Width: 16, Eval: ev})
	for b.Step() {
	}
	e := NewEnemy(false)
	s := NewSearch(Standard)
	var w Well
	for n, at := range b.best {
		if got := e.Next(s, &w); got != at.ID {
			t.Fatalf("piece %d: the enemy deals %v, the beam placed %v", n+1, got, at.ID)
		}
		if _, locked, _ := Step(Standard, &w, at.Piece(), Down); !locked {
			t.Fatalf("piece %d: %+v does not lock", n+1, at)
		}
	}
}

// ended is a context already over, as a search past its deadline sees.
func ended() context.Context {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return ctx
}

func TestRecordState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	st, err := LoadRecordState(path)
	if err != nil || len(st.Runs) != 0 || st.NextWidth(8) != 8 {
		t.Fatalf("fresh state: %+v, %v", st, err)
	}
	ev, _ := EvalByName("eltetris")
	cfg := BeamConfig{Width: 4, Eval: ev, LineWeight: 1000, CacheBytes: 1 << 20}
	run, ok, err := RunRecord(context.Background(), cfg, nil, nil)
	if err != nil || !ok || run.Width != 4 || run.Replay == "" || run.Beam != 2 {
		t.Fatalf("run %+v, ok %v, err %v", run, ok, err)
	}
	st.Version, st.Eval = RecordStateVersion, "eltetris"
	st.Runs = append(st.Runs, run)
	st.Best = run
	if err := st.Save(path); err != nil {
		t.Fatal(err)
	}
	again, err := LoadRecordState(path)
	if err != nil || len(again.Runs) != 1 || again.Best.Lines != run.Lines || again.NextWidth(8) != 8 {
		t.Errorf("reloaded %+v, %v", again, err)
	}
	if _, ok, _ := RunRecord(ended(), cfg, nil, nil); ok {
		t.Error("a search past its deadline counted")
	}
}

// TestRecordStateVersion1: the committed state of the first record runs
// (format 1) is read and converted.
func TestRecordStateVersion1(t *testing.T) {
	data, err := os.ReadFile("../../../docs/hatetris-record.json")
	if err != nil {
		t.Fatal(err) // the state is committed in docs/
	}
	var raw map[string]any
	if json.Unmarshal(data, &raw) != nil {
		t.Fatal("not JSON")
	}
	path := filepath.Join(t.TempDir(), "v1.json")
	if _, v2 := raw["version"]; v2 {
		// Already converted: make a version 1 file from it.
		delete(raw, "version")
		raw["personality"] = raw["eval"]
		delete(raw, "eval")
		delete(raw, "quiescence")
		data, _ = json.Marshal(raw)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := LoadRecordState(path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Version != RecordStateVersion || st.Eval != "eltetris" || st.Personality != "" || len(st.Runs) == 0 {
		t.Errorf("converted: version %d, eval %q, personality %q, %d runs", st.Version, st.Eval, st.Personality, len(st.Runs))
	}
	for _, r := range st.Runs {
		if r.Beam == 0 {
			t.Errorf("run of width %d has no beam", r.Width)
		}
	}
	if _, err := LoadRecordState(writeTemp(t, `{"version": 3}`)); err == nil {
		t.Error("format version 3 accepted")
	}
	if _, err := LoadRecordState(writeTemp(t, `{"version": 2, "quiescence": 9}`)); err == nil {
		t.Error("quiescence 9 accepted")
	}
}

func writeTemp(t *testing.T, s string) string {
	path := filepath.Join(t.TempDir(), "x.json")
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestBeamBestOver: of the game overs the workers saw, the one kept is
// the most lines, then the lowest parent, then the lowest placement,
// whatever worker holds it (the first one met used to win, so the best
// game's last moves hung on which worker took which wells).
func TestBeamBestOver(t *testing.T) {
	at := func(x int8) Placement { return Placement{ID: 1, X: x} }
	type over struct {
		lines  int32
		parent int64
		at     Placement
	}
	for _, tc := range []struct {
		name string
		in   []over // one per worker; parent -1: saw none
		want int    // the index of the one kept, -1 for none
	}{
		{"none", []over{{-1, -1, Placement{}}, {-1, -1, Placement{}}}, -1},
		{"more lines", []over{{3, 9, at(1)}, {4, 20, at(5)}}, 1},
		{"lower parent", []over{{4, 20, at(1)}, {4, 7, at(5)}}, 1},
		{"lower placement", []over{{4, 7, at(5)}, {4, 7, at(2)}}, 1},
		{"one saw none", []over{{-1, -1, Placement{}}, {0, 3, at(0)}}, 1},
		{"first is best", []over{{4, 7, at(2)}, {4, 7, at(5)}, {4, 8, at(0)}, {3, 0, at(0)}}, 0},
	} {
		for _, rev := range []bool{false, true} {
			b := &Beam{}
			for _, o := range tc.in {
				b.workers = append(b.workers, &beamWorker{overLines: o.lines, overParent: o.parent, overAt: o.at})
			}
			want := tc.want
			if rev {
				slices.Reverse(b.workers)
				if want >= 0 {
					want = len(tc.in) - 1 - want
				}
			}
			got := b.bestOver()
			if want < 0 && got != nil || want >= 0 && got != b.workers[want] {
				t.Errorf("%s (reversed %v): kept %+v", tc.name, rev, got)
			}
		}
	}
}

// TestBeamWorkers: the number of goroutines does not change the search.
func TestBeamWorkers(t *testing.T) {
	one := testBeam(t, BeamConfig{Width: 200, Workers: 1})
	two := testBeam(t, BeamConfig{Width: 200, Workers: 2})
	for i := 0; i < 12; i++ {
		one.Step()
		two.Step()
	}
	if len(one.cur) != len(two.cur) || one.bestLn != two.bestLn {
		t.Fatalf("1 worker: %d wells, %d lines; 2 workers: %d wells, %d lines",
			len(one.cur), one.bestLn, len(two.cur), two.bestLn)
	}
	for i := range one.cur {
		if one.cur[i] != two.cur[i] {
			t.Fatalf("the beams differ at %d", i)
		}
	}
}

// TestBeamPreCut: a pre-cut that keeps every child is the search without
// one, well for well; a narrow one changes the beam, but not with the
// number of workers; settings it cannot use are refused.
func TestBeamPreCut(t *testing.T) {
	same := func(a, b *Beam) bool { return slices.Equal(a.cur, b.cur) && a.bestLn == b.bestLn }
	for _, c := range []struct {
		eval string
		mode QuiescenceMode
	}{{"hate-tuned-wide", QuiescenceEnemy}, {"hate", QuiescenceEnemy}, {"hate-tuned-wide", QuiescenceClears}} {
		ev, _ := EvalByName(c.eval)
		cfg := BeamConfig{Width: 64, Eval: ev, Quiescence: 1, QuiescenceMode: c.mode}
		full := testBeam(t, cfg)
		cfg.PreCut = MaxPreCut
		all := testBeam(t, cfg)
		cfg.PreCut, cfg.Workers = 1, 1
		narrow := testBeam(t, cfg)
		cfg.Workers = 2
		narrow2 := testBeam(t, cfg)
		differs := false
		for d := 1; d <= 30; d++ {
			full.Step()
			all.Step()
			narrow.Step()
			narrow2.Step()
			if len(all.pre) != len(all.all) {
				t.Fatalf("%+v, piece %d: a pre-cut of %d cut %d children to %d: the test needs one that keeps them all",
					c, d, MaxPreCut, len(all.all), len(all.pre))
			}
			if !same(full, all) {
				t.Fatalf("%+v, piece %d: a pre-cut of %d changed the search (%d wells, %d lines; without: %d, %d)",
					c, d, MaxPreCut, len(all.cur), all.bestLn, len(full.cur), full.bestLn)
			}
			if !same(narrow, narrow2) {
				t.Fatalf("%+v, piece %d: a pre-cut of 1 on 1 and 2 workers differs", c, d)
			}
			if len(narrow.pre) > narrow.cfg.Width {
				t.Fatalf("%+v, piece %d: a pre-cut of 1 extended %d children, more than the width", c, d, len(narrow.pre))
			}
			differs = differs || !same(full, narrow)
		}
		if !differs {
			t.Errorf("%+v: a pre-cut of 1 kept the beam of the full search for 30 pieces: the test checks nothing", c)
		}
	}
	for _, c := range []struct {
		cfg  BeamConfig
		want string
	}{
		{BeamConfig{Width: 8, PreCut: 2}, "needs quiescence"},
		{BeamConfig{Width: 8, Quiescence: 1, PreCut: -1}, "pre-cut -1 out of range"},
		{BeamConfig{Width: 8, Quiescence: 1, PreCut: MaxPreCut + 1}, "out of range"},
	} {
		if _, err := NewBeam(c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error with %q", c.cfg, err, c.want)
		}
	}
}

// TestEvalMatchesPersonality: the eltetris set on Bits scores a well as
// the solver's eltetris personality scores the 20-row board (its board
// features), and the HATETRIS features are what their definitions say on
// a small well.
func TestEvalMatchesPersonality(t *testing.T) {
	pw, err := solver.PersonalityByName("eltetris")
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := EvalByName("eltetris")
	wells := randomWells(t, 30, 5)
	for n, sw := range wells {
		b, _ := BitsOf(&sw.well)
		board := sw.well.Board(Standard, 0)
		sc := solver.NewScorer(pw, board)
		want := sc.Board(board)
		if got := ev.boardScore(&b); math.Abs(got-want) > 1e-9 {
			t.Fatalf("well %d: %g, the personality %g\n%s", n, got, want, sw.well.String(Standard))
		}
	}
	// Thiery and Scherrer's features and the height agree with the
	// solver's own functions on the same boards.
	for n, sw := range wells {
		b, _ := BitsOf(&sw.well)
		board := sw.well.Board(Standard, 0)
		h := solver.ColumnHeights(board)
		for _, c := range []struct {
			name string
			w    EvalWeights
			want int
		}{
			{"hole depth", EvalWeights{HoleDepth: 1}, solver.HoleDepth(board)},
			{"rows with holes", EvalWeights{RowsWithHoles: 1}, solver.RowsWithHoles(board)},
			{"height", EvalWeights{Height: 1}, solver.MaxHeight(&h, Standard.Width)},
		} {
			if got := c.w.boardScore(&b); got != float64(c.want) {
				t.Fatalf("well %d: %s %g, the solver's %d\n%s", n, c.name, got, c.want, sw.well.String(Standard))
			}
		}
	}
	// Two rows at the bottom: a hole under a filled cell in row 18 (the
	// second row from the floor), the bottom row otherwise filled.
	var b Bits
	b[14] = 0b0000000010 // row 18: one cell, over column 1
	b[15] = 0b1111111101 // row 19: column 1 empty, a hole
	one := EvalWeights{HighestHole: 1}
	if got := one.boardScore(&b); got != 1 {
		t.Errorf("highest hole %g, want 1 (the floor row)", got)
	}
	one = EvalWeights{ClearableRows: 1}
	if got := one.boardScore(&b); got != 1 {
		t.Errorf("clearable rows %g, want 1 (row 18; row 19 has a hole)", got)
	}
}

// TestQuiescenceSeesAClear: with a clear pending for the enemy's next
// piece, the quiescent value counts the line, the static one does not.
func TestQuiescenceSeesAClear(t *testing.T) {
	ev, _ := EvalByName("eltetris")
	cache := NewEnemyCache(1 << 20)
	static := Evaluator{W: ev, LineWeight: 1000, Cache: cache}
	quiet := Evaluator{W: ev, LineWeight: 1000, Cache: cache, Quiescence: 1}
	found := false
	for _, sw := range randomWells(t, 2000, 9) {
		b, _ := BitsOf(&sw.well)
		var g Gen
		ord := cache.Order(&g, &b)
		clears := false
		for _, c := range g.Children(ord[0], nil) {
			clears = clears || !c.Over && c.Lines > 0
		}
		s, q := static.Value(&b), quiet.Value(&b)
		if clears {
			found = true
			if q < 900+s-200 { // a line (1000) against a few features' change
				t.Errorf("a clear is pending, quiescent %g, static %g", q, s)
			}
		}
	}
	if !found {
		t.Fatal("no sampled well had a clear pending: the test checks nothing")
	}
}

// TestRecordShardWidths: a shard's widths are every Count-th doubling
// from its own; a state holding a width that is not its shard's is
// refused.
func TestRecordShardWidths(t *testing.T) {
	for _, c := range []struct {
		shard RecordShard
		want  []int
	}{
		{RecordShard{0, 1, 64}, []int{64, 128, 256, 512}},
		{RecordShard{0, 2, 64}, []int{64, 256, 1024, 4096}},
		{RecordShard{1, 2, 64}, []int{128, 512, 2048, 8192}},
		{RecordShard{2, 3, 1}, []int{4, 32, 256, 2048}},
	} {
		st := RecordState{Shard: &c.shard}
		var got []int
		for range c.want {
			w := st.NextWidth(12345) // a shard ignores the start it is given
			got = append(got, w)
			st.Runs = append(st.Runs, RecordRun{Width: w, Beam: 2})
			if err := st.Validate(); err != nil {
				t.Errorf("%+v: %v", c.shard, err)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%+v: widths %v, want %v", c.shard, got, c.want)
		}
		last := got[len(got)-1]
		for _, w := range []int{last + 1, last * 2} {
			if w == last*2 && c.shard.Count == 1 {
				continue // every doubling is the one shard's
			}
			bad := st
			bad.Runs = append(slices.Clone(st.Runs), RecordRun{Width: w, Beam: 2})
			if bad.Validate() == nil {
				t.Errorf("%+v: width %d accepted", c.shard, w)
			}
		}
	}
	far := RecordState{Shard: &RecordShard{0, 31, 1}, Runs: []RecordRun{{Width: 1, Beam: 2}}}
	if w := far.NextWidth(1); w <= MaxRecordWidth {
		t.Errorf("next width past 2^31: %d", w)
	}
	for _, bad := range []RecordShard{{2, 2, 64}, {-1, 2, 64}, {0, 0, 64}, {0, 32, 64}, {0, 2, 0}} {
		if (&RecordState{Shard: &bad}).Validate() == nil {
			t.Errorf("shard %+v accepted", bad)
		}
	}
}

// TestRecordStateBest: every committed record state loads (its best is
// the first run with the most lines, and its replay plays to them), and
// a state whose best is not that run, or whose best replay plays to
// other lines, is refused: record --out writes the best replay unplayed.
func TestRecordStateBest(t *testing.T) {
	paths, err := filepath.Glob("../../../docs/hatetris-record*.json")
	if err != nil || len(paths) < 5 {
		t.Fatalf("committed states: %v, %v", paths, err)
	}
	var good *RecordState
	for _, p := range paths {
		st, err := LoadRecordState(p)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		if st.Best.Replay != "" && len(st.Runs) > 1 && (good == nil || len(st.Runs) > len(good.Runs)) {
			good = st
		}
	}
	if good == nil {
		t.Fatal("no committed state with a best and two runs")
	}
	other := slices.IndexFunc(good.Runs, func(r RecordRun) bool { return r.Replay != good.Best.Replay && r.Lines < good.Best.Lines })
	if other < 0 {
		t.Fatal("no run worse than the best")
	}
	for _, c := range []struct {
		name   string
		change func(s *RecordState)
		want   string
	}{
		{"as committed", func(*RecordState) {}, ""},
		{"best is a worse run", func(s *RecordState) { s.Best = s.Runs[other] }, "not the first run with the most lines"},
		{"best claims a line more", func(s *RecordState) { s.Best.Lines++ }, "not the first run with the most lines"},
		{"best and its run claim a line more", func(s *RecordState) {
			i := slices.IndexFunc(s.Runs, func(r RecordRun) bool { return r == s.Best })
			s.Best.Lines++
			s.Runs[i].Lines++
		}, "plays to"},
		{"best's replay is another run's", func(s *RecordState) {
			i := slices.IndexFunc(s.Runs, func(r RecordRun) bool { return r == s.Best })
			s.Best.Replay = s.Runs[other].Replay
			s.Runs[i].Replay = s.Runs[other].Replay
		}, "plays to"},
		{"a run made more than the best", func(s *RecordState) { s.Runs[other].Lines = s.Best.Lines + 1 }, "not the first run with the most lines"},
	} {
		st := *good
		st.Runs = slices.Clone(good.Runs)
		c.change(&st)
		err := st.Validate()
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
}

// TestBeamFromAPrefix: a search that goes on from the first pieces of a
// game keeps them (its key presses begin with theirs), counts their lines,
// and its best line replays to what it claims in the real game, whose
// enemy remembers the prefix's wells.
func TestBeamFromAPrefix(t *testing.T) {
	b := testBeam(t, BeamConfig{Width: 4})
	for b.Step() {
	}
	game, err := b.BestMoves()
	if err != nil {
		t.Fatal(err)
	}
	_, total := b.Best()
	for _, n := range []int{1, total / 3, total / 2, total - 3} {
		prefix, err := PrefixMoves(game, n)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := NewGame(Standard, NewEnemy(false))
		g.Play(prefix)
		if g.Pieces() != n+1 || g.Over() {
			t.Fatalf("PrefixMoves(%d): %d pieces dealt (over %v), want %d", n, g.Pieces(), g.Over(), n+1)
		}
		for _, width := range []int{1, 16} {
			e := testBeam(t, BeamConfig{Width: width, Prefix: prefix})
			if lines, pieces := e.Best(); lines != g.Score() || pieces != n {
				t.Errorf("from piece %d: before a step the best is %d lines in %d pieces, want the prefix's %d in %d", n, lines, pieces, g.Score(), n)
			}
			for e.Step() {
			}
			lines, pieces := e.Best()
			moves, err := e.BestMoves()
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(moves[:len(prefix)], prefix) {
				t.Errorf("from piece %d, width %d: the key presses do not begin with the prefix's", n, width)
			}
			h, _ := NewGame(Standard, NewEnemy(false))
			h.Play(moves)
			if h.Score() != lines || h.Pieces() != pieces || !h.Over() || lines < g.Score() {
				t.Errorf("from piece %d, width %d: the replay scores %d lines in %d pieces (over %v), the search said %d in %d (prefix %d lines)",
					n, width, h.Score(), h.Pieces(), h.Over(), lines, pieces, g.Score())
			}
		}
	}
}

// TestBeamRemembersThePrefix: every well the prefix's game went through is
// in the memory of each line of play (the loop rule), before and after a
// step; a well no line went through is not.
func TestBeamRemembersThePrefix(t *testing.T) {
	b := testBeam(t, BeamConfig{Width: 4})
	for b.Step() {
	}
	game, _ := b.BestMoves()
	prefix, err := PrefixMoves(game, 12)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := NewGame(Standard, NewEnemy(false))
	var wells []Bits
	for _, m := range prefix {
		before := g.Pieces()
		g.Apply(m)
		if g.Pieces() != before {
			w := g.Well()
			x, _ := BitsOf(&w)
			wells = append(wells, x)
		}
	}
	wells = append(wells, Bits{}) // the empty well, the first of all
	e := testBeam(t, BeamConfig{Width: 8, Prefix: prefix})
	for step := 0; step < 2; step++ {
		for i := range e.cur {
			for k := range wells {
				if !e.inHistory(i, &wells[k]) {
					t.Fatalf("after %d steps, entry %d: the prefix's well %d is not remembered", step, i, k)
				}
			}
			var never Bits
			never[0] = 0b1010101010 // a row no piece of this game leaves alone
			never[1] = 0b0101010101
			if e.inHistory(i, &never) {
				t.Fatalf("after %d steps, entry %d: a well never played is remembered", step, i)
			}
		}
		if !e.Step() {
			t.Fatal("the search ended in two pieces")
		}
	}
	s := testBeam(t, BeamConfig{Width: 8, Start: e.cfg.Start})
	if s.inHistory(0, &wells[0]) {
		t.Error("a search from the same well without the prefix remembers the prefix's first well")
	}
}

func TestBeamPrefixRefused(t *testing.T) {
	b := testBeam(t, BeamConfig{Width: 4})
	for b.Step() {
	}
	game, _ := b.BestMoves()
	prefix, _ := PrefixMoves(game, 5)
	_, total := b.Best()
	for _, c := range []struct {
		name string
		cfg  BeamConfig
		want string
	}{
		{"mid-piece", BeamConfig{Width: 4, Prefix: prefix[:len(prefix)-1]}, "still falling"},
		{"over", BeamConfig{Width: 4, Prefix: game}, "over"},
		{"start too", BeamConfig{Width: 4, Prefix: prefix, Start: Bits{1}}, "not both"},
	} {
		if _, err := NewBeam(c.cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	if _, err := PrefixMoves(game, total); err == nil {
		t.Errorf("PrefixMoves of the whole game (%d pieces, it ends there): no error", total)
	}
}

// BenchmarkBeamSearch is a record search's own work: the first 60 pieces
// of a width-512 search ranked as the record runs rank (the imitated set
// with the third imitation network), on one worker, with quiescence 0,
// 1, and 1 after a pre-cut of 4. It reports the time per well expanded (its children built, the
// enemy asked for its piece, each child judged, the cut).
func BenchmarkBeamSearch(b *testing.B) {
	ev, err := EvalSet("imitated")
	if err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile("../../../docs/hatetris-imitate-net-self3.net")
	if err != nil {
		b.Fatal(err)
	}
	if ev.Net, err = UnmarshalNet(data); err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct{ q, pre int }{{0, 0}, {1, 0}, {1, 4}} {
		name := fmt.Sprintf("quiescence=%d", c.q)
		if c.pre > 0 {
			name += fmt.Sprintf("/pre-cut=%d", c.pre)
		}
		b.Run(name, func(b *testing.B) {
			cfg := BeamConfig{Width: 512, Eval: ev, LineWeight: 1000, NetWeight: 718.9, Quiescence: c.q, PreCut: c.pre, Workers: 1, CacheBytes: 16 << 20}
			wells := 0
			for range b.N {
				beam, err := NewBeam(cfg)
				if err != nil {
					b.Fatal(err)
				}
				for beam.Depth < 60 {
					wells += beam.Alive()
					if !beam.Step() {
						break
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(wells), "ns/well")
		})
	}
}
