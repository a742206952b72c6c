package solver

import (
	"math/bits"

	"github.com/kocka/kocka/engine"
)

// standardPly values every placement of the pieces that may come next on
// one board of the standard model (pieces dropped from above), for the
// lookahead players: the board's rows, column heights and resolved weights
// are taken once and shared by the seven pieces, and each placement is
// valued on a copy of the rows on the stack, with no engine.Board (whose
// copy and Place also keep the cells' piece kinds), the features summed
// in one pass with bit-sliced per-column counters.
//
// Its values are exactly those of StandardPlayer.bestAfter (the generic
// Scorer on an engine.Board): the same integer features, the same resolved
// weights, added in the same feature order. It covers the features the
// standard personalities use (fastPlyFeatures); weights using any other
// make usable false, and the generic path is taken.
type standardPly struct {
	sc            Scorer
	terms         []Feature // the features the weights use, in feature order
	width, height int
	full          uint16
	top           int // the board's stack height
	h             Heights
	rows          [64]uint16 // the board's rows, zero above top
	// What the weights need beyond the row and column counts.
	needHeights, needHoles, needDepth, needRowsWithHoles, needWells, needColumns bool
}

// fastPlyFeatures are the features standardPly computes; the move features
// of the modern game (clears by kind, spins, combo) and Kravec's hole kinds
// are not among them.
var fastPlyFeatures = [NumFeatures]bool{
	FLandingHeight: true, FErodedCells: true, FLinesCleared: true, FPieceBottom: true,
	FNewHoles: true, FNewDeepWells: true,
	FRowTransitions: true, FColumnTransitions: true, FColumnTransitionsOpen: true,
	FHoles: true, FWells: true, FBumpiness: true, FAggregateHeight: true,
	FMaxHeight: true, FAvgHeight: true, FDeepWells: true, FHoleDepth: true, FRowsWithHoles: true,
}

// standardPlyUsable reports whether standardPly can value placements for w
// (already in its standard form).
func standardPlyUsable(w *Weights) bool {
	for f := range NumFeatures {
		if (w.Base[f] != 0 || w.Tall[f] != 0) && !fastPlyFeatures[f] {
			return false
		}
	}
	return true
}

// reset prepares to value placements on a with w, which standardPlyUsable
// accepted.
func (pl *standardPly) reset(w *Weights, a *engine.Board) {
	pl.sc = newScorerIn(w, a, a.Height)
	pl.terms = pl.terms[:0]
	for f := range NumFeatures {
		if pl.sc.use[f] {
			pl.terms = append(pl.terms, f)
		}
	}
	u := &pl.sc.use
	pl.needHeights = u[FNewDeepWells] || u[FBumpiness] || u[FAggregateHeight] || u[FMaxHeight] || u[FAvgHeight] || u[FDeepWells]
	pl.needHoles = u[FHoles] || u[FNewHoles]
	pl.needDepth = u[FHoleDepth]
	pl.needRowsWithHoles = u[FRowsWithHoles]
	pl.needWells = u[FWells]
	pl.needColumns = u[FColumnTransitions] || u[FColumnTransitionsOpen]
	pl.width, pl.height, pl.full = a.Width, a.Height, a.FullRow()
	pl.top = a.StackHeight()
	pl.rows = [64]uint16{}
	copy(pl.rows[:], a.Rows())
	pl.h = columnHeights(a, pl.top)
}

// best is the best value of a placement of p on the board, or lost when p
// fits nowhere: StandardPlayer.bestAfter's value.
func (pl *standardPly) best(p engine.Piece) float64 {
	best, found := 0.0, false
	shapes := standardShapes[p]
	for i := range shapes {
		s := &shapes[i]
		for col := 0; col+s.w <= pl.width; col++ {
			y := 0
			for c := 0; c < s.w; c++ {
				y = max(y, pl.h[col+c]-s.bottom[c])
			}
			if y+s.h > pl.height {
				continue
			}
			if v := pl.value(s, col, y); !found || v > best {
				best, found = v, true
			}
		}
	}
	if !found {
		return lost
	}
	return best
}

// value is the evaluation of shape s dropped at column col, landing with
// its lowest row at y.
func (pl *standardPly) value(s *standardShape, col, y int) float64 {
	var b [64]uint16
	hi := max(pl.top, y+s.h)
	copy(b[:hi], pl.rows[:hi])
	lines, cells := 0, 0
	for k := 0; k < s.h; k++ {
		b[y+k] |= s.rows[k] << uint(col)
		if b[y+k] == pl.full {
			lines++
			cells += bits.OnesCount16(s.rows[k])
		}
	}
	top := hi
	if lines > 0 {
		// Only the piece's rows can be full: the board before it had none.
		dst := y
		for k := y; k < hi; k++ {
			if b[k] != pl.full {
				b[dst] = b[k]
				dst++
			}
		}
		for k := dst; k < hi; k++ {
			b[k] = 0
		}
		top = dst
		for top > 0 && b[top-1] == 0 {
			top--
		}
	}

	var f Vector
	f[FLandingHeight] = float64(y+y+s.h-1) / 2
	f[FErodedCells] = float64(lines * cells)
	f[FLinesCleared] = float64(lines)
	f[FPieceBottom] = float64(y)
	pl.boardFeatures(&f, &b, top)
	v := 0.0
	for _, t := range pl.terms {
		v += f[t] * pl.sc.w[t]
	}
	return v
}

// boardFeatures fills f with the board features of rows b below top (and
// the new holes and deep wells, which need them), as Scorer.boardFeatures
// and Scorer.moveFeatures count them.
func (pl *standardPly) boardFeatures(f *Vector, b *[64]uint16, top int) {
	w, full := pl.width, pl.full
	t := 2 * (pl.height - top)
	for y := 0; y < top; y++ {
		t += rowTransitionsOf(b[y], w)
	}
	f[FRowTransitions] = float64(t)

	if pl.needColumns {
		prev, n := full, 0 // the floor below row 0
		for y := 0; y < top; y++ {
			n += bits.OnesCount16((b[y] ^ prev) & full)
			prev = b[y]
		}
		n += bits.OnesCount16(prev & full) // the open sky above the stack
		f[FColumnTransitions] = float64(n)
		if top == pl.height {
			n -= bits.OnesCount16(b[pl.height-1])
		}
		f[FColumnTransitionsOpen] = float64(n)
	}

	if pl.needHoles || pl.needDepth || pl.needRowsWithHoles {
		// above counts, per column, the filled cells over the row: bit k of
		// column x's count is bit x of above[k] (counts reach at most 64).
		var above [7]uint16
		var covered uint16
		holes, depth, rowsWith := 0, 0, 0
		for y := top - 1; y >= 0; y-- {
			r := b[y]
			if hm := covered &^ r; hm != 0 {
				holes += bits.OnesCount16(hm)
				rowsWith++
				if pl.needDepth {
					for k := range above {
						depth += bits.OnesCount16(above[k]&hm) << uint(k)
					}
				}
			}
			if pl.needDepth {
				addOne(&above, r)
			}
			covered |= r
		}
		f[FHoles] = float64(holes)
		f[FNewHoles] = float64(holes - pl.sc.holesBefore)
		f[FHoleDepth] = float64(depth)
		f[FRowsWithHoles] = float64(rowsWith)
	}

	if pl.needWells {
		// run counts, per column, the empty cells from the row down to the
		// first filled one, the row's own included (bit-sliced as above).
		var run [7]uint16
		n := 0
		for y := 0; y < top; y++ {
			r := b[y]
			empty := ^r & full
			addOne(&run, full)
			for k := range run {
				run[k] &= empty
			}
			if well := empty & sides(r, w); well != 0 {
				for k := range run {
					n += bits.OnesCount16(run[k]&well) << uint(k)
				}
			}
		}
		f[FWells] = float64(n)
	}

	if pl.needHeights {
		var h Heights
		var seen uint16
		for y := top - 1; y >= 0 && seen != full; y-- {
			r := b[y]
			for n := r &^ seen; n != 0; n &= n - 1 {
				h[bits.TrailingZeros16(n)] = y + 1
			}
			seen |= r
		}
		deep := DeepWellCells(&h, w)
		f[FBumpiness] = float64(Bumpiness(&h, w))
		f[FAggregateHeight] = float64(AggregateHeight(&h, w))
		f[FMaxHeight] = float64(MaxHeight(&h, w))
		f[FAvgHeight] = AvgHeight(&h, w)
		f[FDeepWells] = float64(deep)
		f[FNewDeepWells] = float64(deep - pl.sc.deepBefore)
	}
}

// addOne adds one to the bit-sliced counters of the columns in m.
func addOne(c *[7]uint16, m uint16) {
	for k := range c {
		if m == 0 {
			return
		}
		c[k], m = c[k]^m, c[k]&m
	}
}
