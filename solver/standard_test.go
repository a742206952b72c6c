package solver

import (
	"slices"
	"testing"

	"github.com/kocka/kocka/engine"
)

// The hand-worked well of the baselines' feature tests, 5 wide and exactly
// 5 high (the standard model's board has no hidden rows), top row first:
//
//	y4 X....
//	y3 X..X.
//	y2 XX.XX
//	y1 X.XXX
//	y0 XXX.X
var handRows = []string{
	"X....",
	"X..X.",
	"XX.XX",
	"X.XXX",
	"XXX.X",
}

// TestBaselineBoardFeatures counts every board feature of the three
// published baselines on the hand-worked well. The counts, cell by cell:
//   - row transitions (walls filled): y0 2, y1 2, y2 2, y3 4, y4 2 = 12;
//   - column transitions (floor filled, open sky above): column 0 only its
//     top against the sky 1, column 1 X.X.. 3, column 2 1, column 3 .XXX.
//     3, column 4 1 = 9;
//   - El-Tetris's count, nothing above the top row: column 0's change to
//     the sky goes, 8;
//   - holes: (1,1) under (1,2) and (3,0) under (3,1) = 2;
//   - hole depth: 1 filled cell above (1,1), 3 above (3,0) = 4;
//   - rows with holes: y0 and y1 = 2;
//   - wells (an empty cell between filled cells or walls, with the empty
//     cells under it): (4,3) 1, (2,2) 1, (1,1) 1, (3,0) 1 = 4.
func TestBaselineBoardFeatures(t *testing.T) {
	b := testBoard(t, 5, 5, handRows...)
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"row transitions", RowTransitions(b), 12},
		{"column transitions", ColumnTransitions(b), 9},
		{"column transitions open at the ceiling", ColumnTransitionsOpen(b), 8},
		{"holes", Holes(b), 2},
		{"hole depth", HoleDepth(b), 4},
		{"hole depth as MDPTetris counts it (one hole per column: the same)", HoleDepthRuns(b), 4},
		{"rows with holes", RowsWithHoles(b), 2},
		{"wells", CumulativeWells(b), 4},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
	// Two empty rows on top: the ceiling is no longer touched, so both
	// column counts agree, and each empty row adds two row transitions.
	tall := testBoard(t, 5, 7, handRows...)
	if got := ColumnTransitionsOpen(tall); got != 9 {
		t.Errorf("open column transitions under two empty rows = %d, want 9", got)
	}
	if got := RowTransitions(tall); got != 16 {
		t.Errorf("row transitions with two empty rows = %d, want 16", got)
	}
}

// TestBaselinePlacementFeatures drops a vertical I into column 2 of the
// hand-worked well with two empty rows on top (5x7). It lands on (2,1),
// covers rows 2..5 and completes row 2 with one of its cells:
//   - landing height (2+5)/2 = 3.5, rows removed 1, eroded cells 1x1 = 1;
//   - after the clear (top first: ..X.., X.X.., X.XX., X.XXX, XXX.X):
//     row transitions 4+4+4+2+2 + 2 empty rows x 2 = 20; column
//     transitions 1+1+1+3+1 = 7 (the top row is empty: both counts agree);
//     holes 1 ((3,0)); hole depth 2 (both counts); rows with holes 1; wells: (1,3) with
//     the two empty cells under it 3, (1,2) 2, (4,2) 1, (1,1) 1, (3,0) 1 = 8.
//
// Each baseline's evaluation is then its weights times these features;
// for eltetris it is the float64 El-Tetris's own evaluateBoard returns for
// this move (-177.11510517790487, run in Node).
func TestBaselinePlacementFeatures(t *testing.T) {
	before := testBoard(t, 5, 7, handRows...)
	// I in orientation R fills column X+2, rows Y..Y+3.
	p := engine.Placed{Piece: engine.I, Rot: engine.RotR, X: 0, Y: 2}
	pl := StandardPlacements(nil, before, engine.I)
	if !slices.Contains(pl, p) {
		t.Fatalf("the vertical I in column 2 is not among the placements %v", pl)
	}
	after := before.Clone()
	after.Place(p)
	lines := after.ClearLines()
	want := Vector{
		FLandingHeight: 3.5, FErodedCells: 1, FLinesCleared: 1,
		FRowTransitions: 20, FColumnTransitions: 7, FColumnTransitionsOpen: 7,
		FHoles: 1, FWells: 8, FHoleDepth: 2, FHoleDepthRuns: 2, FRowsWithHoles: 1,
	}
	wantValue := map[string]float64{
		"eltetris":    -177.11510517790487,
		"dellacherie": -3.5 + 1 - 20 - 7 - 4*1 - 8,
		"bcts":        -12.63*3.5 + 6.60*1 - 9.22*20 - 19.77*7 - 13.08*1 - 10.49*8 - 1.61*2 - 24.04*1,
	}
	for name, wv := range wantValue {
		w, _ := PersonalityByName(name)
		sc := newScorerIn(w, before, before.Height)
		var f Vector
		sc.Features(&f, p, after, engine.Clear{Lines: lines})
		for i := range f {
			if w.Base[i] != 0 && f[i] != want[i] {
				t.Errorf("%s: %v = %v, want %v", name, Feature(i), f[i], want[i])
			}
		}
		if got := f.Dot(&sc.w); got != wv && (name == "eltetris" || abs(got-wv) > 1e-9) {
			t.Errorf("%s evaluates the I to %v, want %v", name, got, wv)
		}
	}
}

func abs(x float64) float64 { return max(x, -x) }

// TestStandardPlacements: every orientation at every column, landing on
// the highest cell under it; nothing that would stick out of the well.
func TestStandardPlacements(t *testing.T) {
	empty := engine.NewBoard(10, 20)
	for p, want := range map[engine.Piece]int{engine.I: 7 + 10, engine.O: 9, engine.T: 4*8 + 2*9 - 16, engine.S: 8 + 9, engine.Z: 8 + 9, engine.J: 34, engine.L: 34} {
		if got := len(StandardPlacements(nil, empty, p)); got != want {
			t.Errorf("%v: %d placements on the empty well, want %d", p, got, want)
		}
	}
	// A column filled to the ceiling takes nothing, and the top row is
	// reachable from above only over columns low enough.
	b := testBoard(t, 4, 4, "X...", "X...", "X...", "X...")
	for _, pl := range StandardPlacements(nil, b, engine.O) {
		for _, c := range pl.Cells() {
			if c.X == 0 || c.Y >= 4 {
				t.Errorf("O placed at %+v", pl)
			}
		}
	}
	// A cell in the top row over a gap: a drop from above cannot get under
	// it, El-Tetris's entry at the top row can.
	b = testBoard(t, 4, 4, ".X..", "....", "....", "XX.X")
	vertI := func(pls []engine.Placed) bool {
		for _, pl := range pls {
			if pl.Rot == engine.RotR && pl.X+2 == 1 {
				return true
			}
		}
		return false
	}
	if vertI(StandardPlacements(nil, b, engine.I)) {
		t.Error("a vertical I passed the top cell of column 1 from above")
	}
	// An L with its foot under a cell in the top row: El-Tetris's entry
	// puts it in the well below that cell, a drop from above cannot.
	b = testBoard(t, 4, 4, "...X", "....", "....", "XX..")
	foot := engine.Placed{Piece: engine.L, Rot: engine.RotR, X: 1, Y: 0} // cells (2,0..2), (3,0)
	if slices.Contains(StandardPlacements(nil, b, engine.L), foot) {
		t.Error("the L got under the top cell from above")
	}
	if !slices.Contains(standardTopPlacements(nil, b, engine.L), foot) {
		t.Errorf("El-Tetris's entry does not place the L under the top cell: %v", standardTopPlacements(nil, b, engine.L))
	}
}

// TestStandardShapesAreElTetris: the orientations in El-Tetris's order,
// drawn as its pieces.js draws them (top row first).
func TestStandardShapesAreElTetris(t *testing.T) {
	want := map[engine.Piece][][]string{
		engine.I: {{"X", "X", "X", "X"}, {"XXXX"}},
		engine.T: {{"X.", "XX", "X."}, {".X.", "XXX"}, {".X", "XX", ".X"}, {"XXX", ".X."}},
		engine.O: {{"XX", "XX"}},
		engine.J: {{"X..", "XXX"}, {".X", ".X", "XX"}, {"XXX", "..X"}, {"XX", "X.", "X."}},
		engine.L: {{"XXX", "X.."}, {"X.", "X.", "XX"}, {"..X", "XXX"}, {"XX", ".X", ".X"}},
		engine.S: {{"X.", "XX", ".X"}, {".XX", "XX."}},
		engine.Z: {{".X", "XX", "X."}, {"XX.", ".XX"}},
	}
	for p, shapes := range want {
		if len(standardShapes[p]) != len(shapes) {
			t.Fatalf("%v: %d orientations, want %d", p, len(standardShapes[p]), len(shapes))
		}
		for i, rows := range shapes {
			s := standardShapes[p][i]
			b := engine.NewBoard(4, 4)
			b.Place(engine.Placed{Piece: p, Rot: s.rot, X: -s.minX, Y: -s.minY})
			var got []string
			for y := s.h - 1; y >= 0; y-- {
				row := ""
				for x := 0; x < s.w; x++ {
					if b.Filled(x, y) {
						row += "X"
					} else {
						row += "."
					}
				}
				got = append(got, row)
			}
			if !slices.Equal(got, rows) {
				t.Errorf("%v orientation %d is %v, El-Tetris's %v", p, i, got, rows)
			}
		}
	}
}

// TestDellacherieTieBreak: with every weight zero all placements tie, and
// Dellacherie's priority keeps the one furthest from Fahey's spawn column,
// the left one first, with the fewest turns; the plain rule keeps the
// first in El-Tetris's order.
func TestDellacherieTieBreak(t *testing.T) {
	b := engine.NewBoard(10, 10)
	// Fahey's J: orientation 2 (SRS's R) is upright, its origin in the
	// upright's column, which reaches column 0: 5 columns left of spawn,
	// one orientation past the first: 500 + 10 - 1 = 509. His other
	// orientations put the origin at column 1 at best (410 less their
	// number) or on the right (at most 400).
	zero := Weights{Name: "zero", TieBreak: TieBreakDellacherie}
	pl, _ := NewStandardPlayer(&zero, EntryAbove).Choose(b, engine.J)
	if want := (engine.Placed{Piece: engine.J, Rot: engine.RotR, X: -1, Y: 0}); pl != want {
		t.Errorf("dellacherie's tie-break chose %+v, want %+v", pl, want)
	}
	if got := dellacheriePriority(pl, 10); got != 509 {
		t.Errorf("priority %d, want 509", got)
	}
	zero.TieBreak = TieBreakFirst
	pl, _ = NewStandardPlayer(&zero, EntryAbove).Choose(b, engine.J)
	if want := (engine.Placed{Piece: engine.J, Rot: engine.Rot0, X: 0, Y: -1}); pl != want {
		t.Errorf("the first placement is %+v, want %+v", pl, want)
	}
}

// TestStandardGameOver: a piece that fits nowhere inside the well ends
// the game; the bench counts the pieces placed before it.
func TestStandardGameOver(t *testing.T) {
	b := testBoard(t, 4, 4, "X.X.", ".X.X", "X.X.", ".X.X")
	if _, ok := NewStandardPlayer(&kockaWeights, EntryAbove).Choose(b, engine.O); ok {
		t.Error("an O was placed in a full well")
	}
	cfg := BenchConfig{Model: ModelStandard, Personalities: []string{"eltetris"}, Games: 2, Seed: 1, Width: 6, Height: 4}
	rs, err := Bench(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range rs[0].Results {
		if !g.ToppedOut || g.Pieces == 0 {
			t.Errorf("game %+v", g)
		}
	}
}

// TestChooseWithNext: in the two-piece model the choice is the placement
// of the current piece whose move value plus the best evaluation of the
// next piece after it is highest, checked against a plain double loop on
// boards of a one-piece game; and a placement after which the next piece
// cannot fit is never chosen when another exists.
func TestChooseWithNext(t *testing.T) {
	w, _ := PersonalityByName("bcts")
	one := NewStandardPlayer(w, EntryAbove)
	two := NewStandardPlayer(w, EntryAbove)
	rnd, _ := engine.NewRandomizer(engine.Uniform, 7, nil)
	b := engine.NewBoard(8, 8)
	cur := rnd.Next(nil)
	for i := 0; i < 60; i++ {
		next := rnd.Next(nil)
		got, ok := two.ChooseWithNext(b, cur, next)
		bestV, want := 0.0, engine.Placed{}
		for k, p1 := range StandardPlacements(nil, b, cur) {
			a := b.Clone()
			a.Place(p1)
			n := a.ClearLines()
			s1 := newScorerIn(w, b, b.Height)
			v := s1.Move(p1, a, engine.Clear{Lines: n})
			best2 := lost
			for j, p2 := range StandardPlacements(nil, a, next) {
				a2 := a.Clone()
				a2.Place(p2)
				n2 := a2.ClearLines()
				s2 := newScorerIn(w, a, a.Height)
				if v2 := s2.Score(p2, a2, engine.Clear{Lines: n2}); j == 0 || v2 > best2 {
					best2 = v2
				}
			}
			v += best2
			if k == 0 || v > bestV+1e-9 {
				bestV, want = v, p1
			}
		}
		if !ok || got != want {
			t.Fatalf("piece %d: %v then %v on\n%schose %+v, want %+v", i, cur, next, b, got, want)
		}
		pl, ok := one.Choose(b, cur)
		if !ok {
			break
		}
		b.Place(pl)
		b.ClearLines()
		cur = next
	}
}

// TestStandardWeights: a set with a Standard vector plays it in the
// standard models, without Tall or modern terms; a set without one plays
// its Base without modern terms.
func TestStandardWeights(t *testing.T) {
	std := Vector{FHoles: -1, FTetris: 5}
	w := Weights{Name: "w", Base: Vector{FHoles: -9, FSingle: -3}, Tall: Vector{FHoles: -2}, Standard: &std}
	got := NewStandardPlayer(&w, EntryAbove).w
	if got.Base != (Vector{FHoles: -1}) || got.Tall != (Vector{}) {
		t.Errorf("with a Standard vector: base %v, tall %v", got.Base, got.Tall)
	}
	w.Standard = nil
	got = NewStandardPlayer(&w, EntryAbove).w
	if got.Base != (Vector{FHoles: -9}) || got.Tall != (Vector{FHoles: -2}) {
		t.Errorf("without: base %v, tall %v", got.Base, got.Tall)
	}
}

// TestChooseExpect: looking one unseen piece ahead, the choice is the
// placement whose move value plus the mean over the seven next pieces of
// their best evaluation is highest, checked against a plain loop; keeping
// only the best one-piece placements gives the same choice here when the
// chosen one is among them.
func TestChooseExpect(t *testing.T) {
	w, _ := PersonalityByName("bcts")
	sp := NewStandardPlayer(w, EntryAbove)
	one := NewStandardPlayer(w, EntryAbove)
	rnd, _ := engine.NewRandomizer(engine.Uniform, 9, nil)
	b := engine.NewBoard(8, 8)
	for i := 0; i < 30; i++ {
		cur := rnd.Next(nil)
		got, ok := sp.ChooseExpect(b, cur, 0)
		bestV, want := 0.0, engine.Placed{}
		for k, p1 := range StandardPlacements(nil, b, cur) {
			a := b.Clone()
			a.Place(p1)
			n := a.ClearLines()
			s1 := newScorerIn(w, b, b.Height)
			v := s1.Move(p1, a, engine.Clear{Lines: n})
			for _, q := range engine.Pieces {
				best2 := lost
				for j, p2 := range StandardPlacements(nil, a, q) {
					a2 := a.Clone()
					a2.Place(p2)
					n2 := a2.ClearLines()
					s2 := newScorerIn(w, a, a.Height)
					if v2 := s2.Score(p2, a2, engine.Clear{Lines: n2}); j == 0 || v2 > best2 {
						best2 = v2
					}
				}
				v += best2 / engine.NumPieces
			}
			if k == 0 || v > bestV+1e-9 {
				bestV, want = v, p1
			}
		}
		if !ok || got != want {
			t.Fatalf("piece %d: %v on\n%schose %+v, want %+v", i, cur, b, got, want)
		}
		if pruned, _ := sp.ChooseExpect(b, cur, 1); pruned != func() engine.Placed { p, _ := one.Choose(b, cur); return p }() {
			t.Fatalf("piece %d: keeping one placement chose %+v, not the one-piece choice", i, pruned)
		}
		b.Place(got)
		b.ClearLines()
	}
}

// standardBoards plays a one-piece bcts game in a 10x10 well and returns
// copies of its boards every 10 pieces, with the piece to place on each.
func standardBoards(tb testing.TB) ([]*engine.Board, []engine.Piece) {
	tb.Helper()
	w, _ := PersonalityByName("bcts")
	sp := NewStandardPlayer(w, EntryAbove)
	rnd, _ := engine.NewRandomizer(engine.Uniform, 3, nil)
	b := engine.NewBoard(10, 10)
	var boards []*engine.Board
	var pieces []engine.Piece
	for i := 0; len(boards) < 20; i++ {
		p := rnd.Next(nil)
		if i%10 == 9 {
			boards, pieces = append(boards, b.Clone()), append(pieces, p)
		}
		pl, ok := sp.Choose(b, p)
		if !ok {
			tb.Fatal("the benchmark game ended")
		}
		b.Place(pl)
		b.ClearLines()
	}
	return boards, pieces
}

// BenchmarkStandardChoose is one decision of the standard model's players
// on mid-game 10x10 boards: one piece; one unseen piece ahead over the
// best 8 and over all placements, each also on the generic second ply
// (bestAfter, as before standardPly); the shown next piece; and the shown
// piece with the unseen one after it, beams of 8 and 4.
func BenchmarkStandardChoose(b *testing.B) {
	boards, pieces := standardBoards(b)
	w, _ := PersonalityByName("kocka")
	for _, c := range []struct {
		name    string
		generic bool
		choose  func(sp *StandardPlayer, i int)
	}{
		{"one", false, func(sp *StandardPlayer, i int) { sp.Choose(boards[i], pieces[i]) }},
		{"expect8", false, func(sp *StandardPlayer, i int) { sp.ChooseExpect(boards[i], pieces[i], 8) }},
		{"expect8-generic", true, func(sp *StandardPlayer, i int) { sp.ChooseExpect(boards[i], pieces[i], 8) }},
		{"expect-all", false, func(sp *StandardPlayer, i int) { sp.ChooseExpect(boards[i], pieces[i], 0) }},
		{"expect-all-generic", true, func(sp *StandardPlayer, i int) { sp.ChooseExpect(boards[i], pieces[i], 0) }},
		{"next", false, func(sp *StandardPlayer, i int) { sp.ChooseWithNext(boards[i], pieces[i], pieces[(i+1)%len(pieces)]) }},
		{"next-expect8", false, func(sp *StandardPlayer, i int) {
			sp.ChooseWithNextExpect(boards[i], pieces[i], pieces[(i+1)%len(pieces)], 8)
		}},
		{"next-expect4", false, func(sp *StandardPlayer, i int) {
			sp.ChooseWithNextExpect(boards[i], pieces[i], pieces[(i+1)%len(pieces)], 4)
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			sp := NewStandardPlayer(w, EntryAbove)
			sp.fast = !c.generic
			cpu := startCPU()
			for i := 0; b.Loop(); i++ {
				c.choose(sp, i%len(boards))
			}
			cpu.report(b)
		})
	}
}
