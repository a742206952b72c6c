package solver

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kocka/kocka/engine"
)

// randomStandardBoard makes a board of the standard model with no full
// row: a ragged stack of random height, holes and overhangs in it, now and
// then an empty row under filled ones, and sometimes a cell in the top row
// (where El-Tetris's column count differs).
func randomStandardBoard(rng *rand.Rand, width, height int) *engine.Board {
	full := uint16(1)<<uint(width) - 1
	rows := make([]uint16, height)
	top := rng.IntN(height + 1)
	density := 0.3 + 0.6*rng.Float64()
	for y := 0; y < top; y++ {
		if rng.IntN(12) == 0 {
			continue // an empty row under the stack
		}
		for x := 0; x < width; x++ {
			if rng.Float64() < density {
				rows[y] |= 1 << uint(x)
			}
		}
		if rows[y] == full {
			rows[y] &^= 1 << uint(rng.IntN(width))
		}
	}
	if rng.IntN(6) == 0 {
		rows[height-1] = uint16(1) << uint(rng.IntN(width))
	}
	b := engine.NewBoard(width, height)
	b.SetRows(rows, engine.I)
	return b
}

// refBestAfter is the best evaluation of a placement of p on a, or lost:
// each placement on a clone, its lines cleared, its features from the
// generic Scorer, weighted by Dot (the value the players compare).
func refBestAfter(w *Weights, a *engine.Board, p engine.Piece) float64 {
	best := lost
	sc := newScorerIn(w, a, a.Height)
	for i, pl := range StandardPlacements(nil, a, p) {
		a2 := a.Clone()
		a2.Place(pl)
		n := a2.ClearLines()
		var f Vector
		sc.Features(&f, pl, a2, engine.Clear{Lines: n})
		if v := f.Dot(&sc.w); i == 0 || v > best {
			best = v
		}
	}
	return best
}

// refChooseExpect is ChooseExpect as it was written before standardPly,
// on clones: the keep best placements by one-piece value (all for 0), each
// valued by its move features plus one seventh of each next piece's best
// evaluation in piece order, the first of equal values kept unless the
// weights break ties by Dellacherie's priority.
func refChooseExpect(w *Weights, b *engine.Board, p engine.Piece, keep int) (engine.Placed, bool) {
	places := StandardPlacements(nil, b, p)
	if len(places) == 0 {
		return engine.Placed{}, false
	}
	sc := newScorerIn(w, b, b.Height)
	type cand struct {
		i     int
		v     float64
		after *engine.Board
		lines int
	}
	cands := make([]cand, len(places))
	for i, pl := range places {
		a := b.Clone()
		a.Place(pl)
		n := a.ClearLines()
		var f Vector
		sc.Features(&f, pl, a, engine.Clear{Lines: n})
		cands[i] = cand{i, f.Dot(&sc.w), a, n}
	}
	if keep > 0 && keep < len(cands) {
		slices.SortStableFunc(cands, func(x, y cand) int { return cmp.Compare(y.v, x.v) })
		cands = cands[:keep]
		slices.SortFunc(cands, func(x, y cand) int { return x.i - y.i })
	}
	best, bestV, bestPr := -1, 0.0, 0
	for _, c := range cands {
		v := sc.Move(places[c.i], c.after, engine.Clear{Lines: c.lines})
		for _, q := range engine.Pieces {
			v += refBestAfter(w, c.after, q) / engine.NumPieces
		}
		pr := 0
		if w.TieBreak == TieBreakDellacherie {
			pr = dellacheriePriority(places[c.i], b.Width)
		}
		if best < 0 || v > bestV || v == bestV && pr > bestPr {
			best, bestV, bestPr = c.i, v, pr
		}
	}
	return places[best], true
}

// plyPersonalities are the weight sets standardPly is checked with: the
// published baselines (El-Tetris's open column count, Dellacherie's),
// BCTS's hole depth and rows with holes, kocka's bumpiness, deep wells
// and Tall weights, and a set of the remaining features it covers.
var plyPersonalities = []string{"kocka", "bcts", "dellacherie", "eltetris", "eltetris-eroded"}

func plyWeights(t testing.TB) []*Weights {
	t.Helper()
	var ws []*Weights
	for _, n := range plyPersonalities {
		w, err := PersonalityByName(n)
		if err != nil {
			t.Fatal(err)
		}
		ws = append(ws, w.forStandard())
	}
	ws = append(ws, &Weights{Name: "rest", Base: Vector{
		FLinesCleared: 2.5, FPieceBottom: -0.3, FNewHoles: -4.25, FNewDeepWells: -1.5,
		FAggregateHeight: -0.7, FMaxHeight: -1.1, FAvgHeight: -0.9, FHoles: -1,
	}, Tall: Vector{FMaxHeight: -2, FNewHoles: -0.5}})
	return ws
}

// TestStandardPlyMatchesScorer: on 1,500 random boards of random sizes,
// standardPly's best value of every piece equals the generic Scorer's
// exactly (not within a tolerance), for every weight set, including pieces
// that fit nowhere (lost).
func TestStandardPlyMatchesScorer(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 1))
	ws := plyWeights(t)
	for _, w := range ws {
		if !standardPlyUsable(w) {
			t.Fatalf("%s: standardPly should cover its features", w.Name)
		}
	}
	var pl standardPly
	losts := 0
	for i := range 1500 {
		width, height := 4+rng.IntN(13), 4+rng.IntN(17)
		a := randomStandardBoard(rng, width, height)
		w := ws[i%len(ws)]
		pl.reset(w, a)
		for _, q := range engine.Pieces {
			got, want := pl.best(q), refBestAfter(w, a, q)
			if got != want {
				t.Fatalf("board %d (%dx%d, %s), piece %v: %v, want %v on\n%s", i, width, height, w.Name, q, got, want, a)
			}
			if want == lost {
				losts++
			}
		}
	}
	if losts == 0 {
		t.Error("no piece fitted nowhere: the lost case went untested")
	}
}

// TestStandardPlyUsable: weight sets with features standardPly does not
// compute take the generic path, and the entry at the top row always does.
func TestStandardPlyUsable(t *testing.T) {
	for _, c := range []struct {
		name  string
		entry Entry
		fast  bool
	}{
		{"bcts", EntryAbove, true},
		{"kocka", EntryAbove, true}, // its modern terms are dropped in the standard model
		{"eltetris", EntryAbove, true},
		{"eltetris", EntryTop, false},
		{"kravec", EntryAbove, false}, // hole kinds
	} {
		w, err := PersonalityByName(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := NewStandardPlayer(w, c.entry).fast; got != c.fast {
			t.Errorf("%s, entry %d: fast %v, want %v", c.name, c.entry, got, c.fast)
		}
	}
}

// TestChooseExpectMatchesReference: on 1,200 random boards, ChooseExpect
// (standardPly at the second ply) chooses exactly what the implementation
// before it chose, for every weight set and several beam widths.
func TestChooseExpectMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 2))
	ws := plyWeights(t)
	players := make([]*StandardPlayer, len(ws))
	for i, w := range ws {
		players[i] = NewStandardPlayer(w, EntryAbove)
		if !players[i].fast {
			t.Fatalf("%s: not on the fast path", w.Name)
		}
	}
	keeps := []int{0, 1, 3, 8, 64}
	for i := range 1200 {
		width, height := 4+rng.IntN(9), 4+rng.IntN(11)
		b := randomStandardBoard(rng, width, height)
		p := engine.Pieces[rng.IntN(engine.NumPieces)]
		k := i % len(ws)
		keep := keeps[(i/len(ws))%len(keeps)]
		got, gotOK := players[k].ChooseExpect(b, p, keep)
		want, wantOK := refChooseExpect(ws[k], b, p, keep)
		if got != want || gotOK != wantOK {
			t.Fatalf("board %d (%s, keep %d), piece %v on\n%schose %+v (%v), want %+v (%v)",
				i, ws[k].Name, keep, p, b, got, gotOK, want, wantOK)
		}
	}
}

// TestChooseWithNextFast: in the two-piece model the choice with
// standardPly valuing the shown piece equals the generic one's (bestAfter)
// on 1,000 random boards.
func TestChooseWithNextFast(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 4))
	ws := plyWeights(t)
	for i := range 1000 {
		w := ws[i%len(ws)]
		b := randomStandardBoard(rng, 4+rng.IntN(9), 4+rng.IntN(11))
		p, next := engine.Pieces[rng.IntN(engine.NumPieces)], engine.Pieces[rng.IntN(engine.NumPieces)]
		fast, generic := NewStandardPlayer(w, EntryAbove), NewStandardPlayer(w, EntryAbove)
		generic.fast = false
		got, gotOK := fast.ChooseWithNext(b, p, next)
		want, wantOK := generic.ChooseWithNext(b, p, next)
		if got != want || gotOK != wantOK {
			t.Fatalf("board %d (%s), %v then %v on\n%schose %+v (%v), want %+v (%v)", i, w.Name, p, next, b, got, gotOK, want, wantOK)
		}
	}
}

// TestChooseWithNextExpect: with the next piece shown, the choice is the
// placement of the current piece whose move value plus the best, over the
// shown piece's kept placements, of their move value plus the mean of the
// unseen piece's best evaluation is highest; checked against a plain loop
// on random boards, both plies all placements and beams of 3.
func TestChooseWithNextExpect(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 3))
	ws := plyWeights(t)
	for i := range 24 {
		w := ws[i%len(ws)]
		keep := []int{0, 3}[i%2]
		b := randomStandardBoard(rng, 6+rng.IntN(3), 6+rng.IntN(4))
		p, next := engine.Pieces[rng.IntN(engine.NumPieces)], engine.Pieces[rng.IntN(engine.NumPieces)]
		got, ok := NewStandardPlayer(w, EntryAbove).ChooseWithNextExpect(b, p, next, keep)
		// The reference: the value of each kept placement of the shown piece
		// on a is ChooseExpect's value of it, found by refChooseExpect's loop.
		valueAfter := func(a *engine.Board) float64 {
			places := StandardPlacements(nil, a, next)
			if len(places) == 0 {
				return lost
			}
			sc := newScorerIn(w, a, a.Height)
			order := keptOrder(sc, a, places, keep)
			best := 0.0
			for k, j := range order {
				a2 := a.Clone()
				a2.Place(places[j])
				n := a2.ClearLines()
				v := sc.Move(places[j], a2, engine.Clear{Lines: n})
				for _, q := range engine.Pieces {
					v += refBestAfter(w, a2, q) / engine.NumPieces
				}
				if k == 0 || v > best {
					best = v
				}
			}
			return best
		}
		places := StandardPlacements(nil, b, p)
		sc := newScorerIn(w, b, b.Height)
		want, bestV, bestPr, found := engine.Placed{}, 0.0, 0, false
		for _, j := range keptOrder(sc, b, places, keep) {
			a := b.Clone()
			a.Place(places[j])
			n := a.ClearLines()
			v := sc.Move(places[j], a, engine.Clear{Lines: n}) + valueAfter(a)
			pr := 0
			if w.TieBreak == TieBreakDellacherie {
				pr = dellacheriePriority(places[j], b.Width)
			}
			if !found || v > bestV || v == bestV && pr > bestPr {
				want, bestV, bestPr, found = places[j], v, pr, true
			}
		}
		if ok != found || got != want {
			t.Fatalf("board %d (%s, keep %d), %v then %v on\n%schose %+v (%v), want %+v (%v)",
				i, w.Name, keep, p, next, b, got, ok, want, found)
		}
	}
}

// keptOrder is the indices of the keep placements with the best one-piece
// values (all for 0), in the model's order.
func keptOrder(sc Scorer, b *engine.Board, places []engine.Placed, keep int) []int {
	type cand struct {
		i int
		v float64
	}
	cands := make([]cand, len(places))
	for i, pl := range places {
		a := b.Clone()
		a.Place(pl)
		n := a.ClearLines()
		var f Vector
		sc.Features(&f, pl, a, engine.Clear{Lines: n})
		cands[i] = cand{i, f.Dot(&sc.w)}
	}
	if keep > 0 && keep < len(cands) {
		slices.SortStableFunc(cands, func(x, y cand) int { return cmp.Compare(y.v, x.v) })
		cands = cands[:keep]
		slices.SortFunc(cands, func(x, y cand) int { return x.i - y.i })
	}
	out := make([]int, len(cands))
	for i, c := range cands {
		out[i] = c.i
	}
	return out
}

// BenchmarkStandardPly is the second ply of the lookahead on mid-game
// 10x10 boards: the seven pieces' best placements, with standardPly and
// with the generic Scorer on engine.Boards (bestAfter) it replaces.
func BenchmarkStandardPly(b *testing.B) {
	boards, _ := standardBoards(b)
	w, _ := PersonalityByName("kocka")
	sp := NewStandardPlayer(w, EntryAbove)
	sp.after2 = engine.NewBoard(10, 10)
	b.Run("ply", func(b *testing.B) {
		cpu := startCPU()
		for i := 0; b.Loop(); i++ {
			sp.ply.reset(sp.w, boards[i%len(boards)])
			for _, q := range engine.Pieces {
				sp.ply.best(q)
			}
		}
		cpu.report(b)
	})
	b.Run("generic", func(b *testing.B) {
		cpu := startCPU()
		for i := 0; b.Loop(); i++ {
			for _, q := range engine.Pieces {
				sp.bestAfter(boards[i%len(boards)], q)
			}
		}
		cpu.report(b)
	})
}
