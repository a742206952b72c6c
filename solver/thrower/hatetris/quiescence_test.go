package hatetris

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// enclosedByCells is Bits.enclosed written over cells of the general
// well: a breadth-first search through empty cells (up, down, sideways)
// from the rows above the bar, then the empty cells it did not reach.
func enclosedByCells(w *Well) (cells, rows int) {
	r := Standard
	var reached [MaxDepth][16]bool
	type cell struct{ x, y int }
	var queue []cell
	empty := func(x, y int) bool { return w.Rows[y]&(1<<x) == 0 }
	for y := 0; y < bitsTop; y++ {
		for x := 0; x < r.Width; x++ {
			reached[y][x] = true
			queue = append(queue, cell{x, y})
		}
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, d := range []cell{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			x, y := c.x+d.x, c.y+d.y
			if x < 0 || x >= r.Width || y < 0 || y >= r.Depth || reached[y][x] || !empty(x, y) {
				continue
			}
			reached[y][x] = true
			queue = append(queue, cell{x, y})
		}
	}
	for y := 0; y < r.Depth; y++ {
		n := 0
		for x := 0; x < r.Width; x++ {
			if empty(x, y) && !reached[y][x] {
				n++
			}
		}
		cells += n
		if n > 0 {
			rows++
		}
	}
	return cells, rows
}

// bitsOfRows is a well of the given rows, the last at the floor.
func bitsOfRows(lines ...uint16) Bits {
	var b Bits
	copy(b[bitsRows-len(lines):], lines)
	return b
}

// TestEnclosed: the bitboard flood fill finds the empty cells a search
// over cells finds unreachable, on hand-made wells (a pocket under an
// overhang is open, a sealed one is not, a pocket reached only by going
// back up is open) and on the wells of random play.
func TestEnclosed(t *testing.T) {
	rowsOf := bitsOfRows
	for _, c := range []struct {
		name        string
		b           Bits
		cells, rows int
	}{
		{"empty", Bits{}, 0, 0},
		{"a covered cell, open at the side", rowsOf(0b0000000110, 0b1111110011), 0, 0},
		{"a sealed cell", rowsOf(0b0000000111, 0b1111111101), 1, 1},
		{"two sealed rows", rowsOf(0b1111111111&^0b1000000000, 0b1000000001, 0b1000000001), 16, 2},
		// The pocket at the floor's left is reached by going down the
		// right-hand shaft, along the floor, and up into it.
		{"up into a pocket", rowsOf(0b0111111110, 0b1110111110, 0b1000000000), 0, 0},
	} {
		cells, rows := c.b.enclosed(c.b.Top() - bitsTop)
		w := c.b.Well()
		rc, rr := enclosedByCells(&w)
		if cells != c.cells || rows != c.rows || rc != c.cells || rr != c.rows {
			t.Errorf("%s: %d cells in %d rows (the cell search: %d in %d), want %d in %d\n%s",
				c.name, cells, rows, rc, rr, c.cells, c.rows, w.String(Standard))
		}
	}
	sealed := 0
	for n, sw := range randomWells(t, 40, 11) {
		b, _ := BitsOf(&sw.well)
		f := b.features()
		b.withEnclosed(&f)
		wc, wr := enclosedByCells(&sw.well)
		if f.enclosed != wc || f.enclosedRows != wr {
			t.Fatalf("well %d: %d enclosed cells in %d rows, the cell search %d in %d\n%s",
				n, f.enclosed, f.enclosedRows, wc, wr, sw.well.String(Standard))
		}
		if f.enclosed > f.holes {
			t.Fatalf("well %d: %d enclosed cells but %d holes", n, f.enclosed, f.holes)
		}
		if wc > 0 {
			sealed++
		}
	}
	if sealed == 0 {
		t.Fatal("no sampled well had an enclosed cell: the test checks nothing")
	}
}

// clearsByLandings is QuiescenceClears written over the general rules'
// landings (the original's own search), not the bitboard's.
func clearsByLandings(s *Search, e *Evaluator, w *Well, depth int) float64 {
	b, _ := BitsOf(w)
	own := e.static(&b)
	if depth == 0 {
		return own
	}
	for _, id := range pieceOrder {
		ls := append([]Landing(nil), s.Landings(w, id)...)
		double := false
		for _, l := range ls {
			double = double || !Over(Standard, &l.Well) && l.Lines >= 2
		}
		if double {
			continue
		}
		best := own
		for _, l := range ls {
			if l.Lines == 1 && !Over(Standard, &l.Well) {
				best = max(best, e.LineWeight+clearsByLandings(s, e, &l.Well, depth-1))
			}
		}
		return best
	}
	return own
}

// TestQuiescenceClears: the record holders' lookahead values a well at
// the best of its own value and those of the runs of single clears of
// the first piece that cannot clear two lines, as the general rules'
// landings find them; it never values a well below its own value.
func TestQuiescenceClears(t *testing.T) {
	ev, _ := EvalByName("hate-tuned-wide")
	s := NewSearch(Standard)
	extended := 0
	for _, depth := range []int{1, 3} {
		e := Evaluator{W: ev, LineWeight: 1000, Quiescence: depth, Mode: QuiescenceClears}
		for n, sw := range randomWells(t, 300, 13) {
			b, _ := BitsOf(&sw.well)
			got := e.Value(&b)
			want := clearsByLandings(s, &e, &sw.well, depth)
			if math.Abs(got-want) > 1e-9 {
				t.Fatalf("depth %d, well %d: %g, over the landings %g\n%s", depth, n, got, want, sw.well.String(Standard))
			}
			own := e.static(&b)
			if got < own {
				t.Fatalf("depth %d, well %d: %g below its own value %g", depth, n, got, own)
			}
			if got > own {
				extended++
			}
		}
	}
	if extended == 0 {
		t.Fatal("no sampled well had a clear to follow: the test checks nothing")
	}

	// By hand: an upright S completes the two floor rows at once, so the
	// lookahead asks Z instead (it clears the upper row alone); with one
	// row's gap alone, S clears it.
	e := Evaluator{W: ev, LineWeight: 1000, Quiescence: 2, Mode: QuiescenceClears}
	for _, c := range []struct {
		name     string
		rows     [2]uint16 // rows 18 and 19
		sDoubles bool
	}{
		{"S clears two rows", [2]uint16{0b1111111001, 0b1111111011}, true},
		{"S clears one row", [2]uint16{0, 0b1111111001}, false},
	} {
		var b Bits
		b[14], b[15] = c.rows[0], c.rows[1]
		w := b.Well()
		doubles := false
		for _, l := range s.Landings(&w, pieceOrder[0]) {
			doubles = doubles || l.Lines >= 2
		}
		got, want, own := e.Value(&b), clearsByLandings(s, &e, &w, 2), e.static(&b)
		if doubles != c.sDoubles || got != want || got < own+e.LineWeight/2 {
			t.Errorf("%s: S clears two rows: %v; %g, over the landings %g, own value %g\n%s", c.name, doubles, got, want, own, w.String(Standard))
		}
	}
}

// TestMakeDataChildren: with Children, each drawn well is followed by
// that many of its children (landings of the piece the enemy gives it,
// told apart by their cells: 4 more, less 10 a line), the same samples
// whatever the workers; a sharded run is refused.
func TestMakeDataChildren(t *testing.T) {
	ev, _ := EvalByName("eltetris")
	cfg := DataConfig{Width: 16, Eval: ev, PerDepth: 2, RolloutWidth: 4, RolloutDepth: 3, Seed: 3, CacheBytes: 1 << 20, Workers: 1}
	plain, err := MakeData(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Children = 2
	a, err := MakeData(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 2
	b, _ := MakeData(cfg)
	if !slices.Equal(a, b) || len(a) < 2*len(plain) {
		t.Fatalf("%d samples with children (%d without), the same with 2 workers: %v", len(a), len(plain), slices.Equal(a, b))
	}
	var g Gen
	isChild := func(parent, child *Bits) bool {
		_, cs := Choose(nil, &g, parent, nil, nil)
		return slices.ContainsFunc(cs, func(c Child) bool { return !c.Over && c.Well == *child })
	}
	// The samples come as a drawn well and then its children; a drawn
	// well is one of the plain run's, in the same order.
	drawn, i := 0, 0
	for i < len(a) {
		if drawn >= len(plain) || a[i].Well != plain[drawn].Well {
			t.Fatalf("sample %d is not the plain run's well %d", i, drawn)
		}
		j := i + 1
		for ; j < len(a) && j <= i+cfg.Children && isChild(&a[i].Well, &a[j].Well); j++ {
		}
		if j == i+1 {
			// Only a well whose every landing ends the game has none.
			_, cs := Choose(nil, &g, &a[i].Well, nil, nil)
			if slices.ContainsFunc(cs, func(c Child) bool { return !c.Over }) {
				t.Fatalf("drawn well %d has no child after it", drawn)
			}
		}
		drawn, i = drawn+1, j
	}
	if drawn != len(plain) {
		t.Fatalf("%d drawn wells, the plain run has %d", drawn, len(plain))
	}
	if _, err := MakeDataShard(cfg, 0, 2); err == nil {
		t.Error("a sharded run with children was not refused")
	}
	cfg.Children = maxChildren + 1
	if _, err := MakeData(cfg); err == nil {
		t.Error("children out of range were taken")
	}
}

// TestRecordStateMode: the quiescence mode is kept by name, the default
// as absent (so older states read as "enemy"); an unknown mode, or the
// default written out, is refused.
func TestRecordStateMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	st, _ := LoadRecordState(path)
	st.Version, st.Eval = RecordStateVersion, "eltetris"
	if st.ModeName() != "enemy" {
		t.Fatalf("a fresh state's mode %q", st.ModeName())
	}
	st.SetMode("clears")
	if err := st.Save(path); err != nil {
		t.Fatal(err)
	}
	again, err := LoadRecordState(path)
	if err != nil || again.ModeName() != "clears" {
		t.Fatalf("reloaded mode %q, %v", again.ModeName(), err)
	}
	again.SetMode("enemy")
	if again.QuiescenceMode != "" {
		t.Errorf("the default mode is written as %q", again.QuiescenceMode)
	}
	for _, bad := range []string{"enemy", "both"} {
		s := *again
		s.QuiescenceMode = bad
		if err := s.Validate(); err == nil {
			t.Errorf("mode %q was taken", bad)
		}
	} // A pre-cut: within its range, and only with quiescence.
	for _, c := range []struct{ q, pre int }{{1, -1}, {1, MaxPreCut + 1}, {0, 2}} {
		s := *again
		s.Quiescence, s.PreCut = c.q, c.pre
		if err := s.Validate(); err == nil || !strings.Contains(err.Error(), "pre-cut") {
			t.Errorf("quiescence %d, pre-cut %d: %v", c.q, c.pre, err)
		}
	}
	s := *again
	s.Quiescence, s.PreCut = 1, 4
	if err := s.Validate(); err != nil {
		t.Errorf("quiescence 1, pre-cut 4: %v", err)
	}
}

// TestAsIs: on a well asIs passes, Value at every quiescence depth is the
// well's value without quiescence, worked out here from its parts (the
// features and network, plus the enemy's peak when weighted), for both
// modes and with the enemy's peak weighted or not. The pre-cut keeps such
// a well's first value on this promise. The test fails if asIs never
// fires or always does.
func TestAsIs(t *testing.T) {
	hate, _ := EvalByName("hate") // the enemy's peak weighted
	static, _ := EvalByName("hate-static")
	wide, _ := EvalByName("hate-tuned-wide")
	if hate.EnemyPeak == 0 || static.EnemyPeak != 0 {
		t.Fatal("the test's weights are not what it needs")
	}
	wells := randomWells(t, 200, 17)
	// By hand: a low well with a pending clear for an I lying flat is
	// not as is; a low one without is, and its peak is weighted.
	for _, b := range []Bits{bitsOfRows(fullRow &^ (0b1111 << 3)), bitsOfRows(0b0000000110, fullRow&^0b11111)} {
		wells = append(wells, sampledWell{well: b.Well()})
	}
	var g Gen
	for _, c := range []struct {
		name string
		w    EvalWeights
		mode QuiescenceMode
	}{
		{"enemy mode, the enemy's peak weighted", hate, QuiescenceEnemy},
		{"enemy mode", static, QuiescenceEnemy},
		{"clears mode", wide, QuiescenceClears},
	} {
		asIs, peaked := 0, 0
		for n, sw := range wells {
			b, _ := BitsOf(&sw.well)
			cache := NewEnemyCache(1 << 16)
			e0 := Evaluator{W: c.w, LineWeight: 1000, Mode: c.mode, Cache: cache}
			if !e0.asIs(&b) {
				continue
			}
			asIs++
			want := e0.static(&b)
			if c.mode == QuiescenceEnemy && c.w.EnemyPeak != 0 {
				g.Reset(&b)
				peak := c.w.EnemyPeak * float64(g.BestPeak(PlainOrderOf(&g)[0])-b.Top())
				if peak != 0 {
					peaked++
				}
				want += peak
			}
			for depth := 0; depth <= 3; depth++ {
				e := e0
				e.Quiescence = depth
				if got := e.Value(&b); got != want {
					t.Fatalf("%s, well %d, quiescence %d: %g, as it is %g\n%s", c.name, n, depth, got, want, sw.well.String(Standard))
				}
			}
		}
		if asIs == 0 || asIs == len(wells) {
			t.Fatalf("%s: asIs held on %d of %d wells: the test checks nothing", c.name, asIs, len(wells))
		}
		if c.w.EnemyPeak != 0 && peaked == 0 {
			t.Fatalf("%s: the enemy's peak was 0 on every well as is: the test checks nothing", c.name)
		}
		t.Logf("%s: as is on %d of %d wells", c.name, asIs, len(wells))
	}
	// The hand-made wells: the first has a clear pending, the second not.
	for i, want := range []bool{false, true} {
		b, _ := BitsOf(&wells[len(wells)-2+i].well)
		if got := (&Evaluator{}).asIs(&b); got != want {
			t.Errorf("hand-made well %d: asIs %v, want %v", i, got, want)
		}
	}
}
