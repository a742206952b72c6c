package solver

import (
	"math/bits"

	"github.com/kocka/kocka/engine"
)

// standardPly values every placement of the pieces that may come next on
// one board of the standard model (pieces dropped from above), for the
// lookahead players. The board's rows, column heights, resolved weights
// and feature counts are taken once and shared by the seven pieces; a
// placement that clears no row updates those counts where the piece
// changes them (incremental), one that clears rows is counted afresh on a
// copy of the rows on the stack (cleared). No engine.Board is copied
// (its copy and Place also keep the cells' piece kinds) and nothing is
// allocated: every array is sized for the tallest board (64 rows).
//
// Its values are exactly those of StandardPlayer.bestAfter (the generic
// Scorer on an engine.Board): the same integer features, the same resolved
// weights, added in the same feature order. It covers the features the
// standard personalities use (fastPlyFeatures); for weights using any
// other, standardPlyUsable is false and the generic path is taken.
type standardPly struct {
	sc            Scorer
	terms         []Feature // the features the weights use, in feature order
	width, height int
	full          uint16
	top           int // the board's stack height
	h             Heights
	rows          [65]uint16 // the board's rows, zero above top (and at Height)
	// What the weights need beyond the row and column counts.
	needHeights, needHoles, needDepth, needDepthRuns, needRowsWithHoles, needWells, needColumns bool

	// The board's counts, for placements that clear no row: those only
	// add cells above every column's highest, so each count changes only
	// in the piece's rows or columns (see incremental).
	rowTr                        [64]int // row transitions of each row (2 for an empty one)
	rowTrSum                     int
	colPair                      [65]int // column transitions between row y-1 (the floor for 0) and y
	colSum                       int
	holes                        int
	colHoles                     [engine.MaxWidth]int // holes per column
	depth                        int                  // hole depth
	depthRuns                    int                  // hole depth as MDPTetris counts it
	holeRows                     uint64               // the rows holding a hole
	wellsBelow                   [65]int              // the wells' count in the rows below y
	runAt                        [64][7]uint16        // the wells' run counters after row y (see boardFeatures)
	bumpSum                      int                  // bumpiness
	deepCol                      [engine.MaxWidth]int // deep-well cells per column
	deepSum                      int
	needBump, needDeep, needSums bool
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
	FHoleDepthRuns: true,
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
	pl.needBump = u[FBumpiness]
	pl.needDeep = u[FDeepWells] || u[FNewDeepWells]
	pl.needSums = u[FAggregateHeight] || u[FMaxHeight] || u[FAvgHeight]
	pl.needHeights = pl.needBump || pl.needDeep || pl.needSums
	pl.needHoles = u[FHoles] || u[FNewHoles]
	pl.needDepth = u[FHoleDepth]
	pl.needDepthRuns = u[FHoleDepthRuns]
	pl.needRowsWithHoles = u[FRowsWithHoles]
	pl.needWells = u[FWells]
	pl.needColumns = u[FColumnTransitions] || u[FColumnTransitionsOpen]
	pl.width, pl.height, pl.full = a.Width, a.Height, a.FullRow()
	pl.top = a.StackHeight()
	pl.rows = [65]uint16{}
	copy(pl.rows[:], a.Rows())
	pl.h = columnHeights(a, pl.top)

	width, full := pl.width, pl.full
	pl.rowTrSum = 0
	for y := 0; y < pl.height; y++ {
		pl.rowTr[y] = rowTransitionsOf(pl.rows[y], width)
		pl.rowTrSum += pl.rowTr[y]
	}
	pl.colSum = 0
	prev := full
	for y := 0; y <= pl.height; y++ {
		pl.colPair[y] = bits.OnesCount16((pl.rows[y] ^ prev) & full)
		pl.colSum += pl.colPair[y]
		prev = pl.rows[y]
	}
	var above [7]uint16
	var covered uint16
	pl.holes, pl.depth, pl.holeRows = 0, 0, 0
	pl.colHoles = [engine.MaxWidth]int{}
	for y := pl.top - 1; y >= 0; y-- {
		r := pl.rows[y]
		if hm := covered &^ r; hm != 0 {
			pl.holes += bits.OnesCount16(hm)
			pl.holeRows |= 1 << uint(y)
			for k := range above {
				pl.depth += bits.OnesCount16(above[k]&hm) << uint(k)
			}
			for m := hm; m != 0; m &= m - 1 {
				pl.colHoles[bits.TrailingZeros16(m)]++
			}
		}
		addOne(&above, r)
		covered |= r
	}
	if pl.needDepthRuns {
		pl.depthRuns = holeDepthRunsOf(pl.rows[:], pl.top)
	}
	pl.bumpSum = Bumpiness(&pl.h, width)
	pl.deepSum = 0
	for x := 0; x < width; x++ {
		pl.deepCol[x] = deepWellAt(&pl.h, width, x)
		pl.deepSum += pl.deepCol[x]
	}
	var run [7]uint16
	pl.wellsBelow[0] = 0
	for y := 0; y < pl.height; y++ {
		pl.wellsBelow[y+1] = pl.wellsBelow[y] + wellsRow(&run, pl.rows[y], width, full)
		pl.runAt[y] = run
	}
}

// wellsRow advances the wells' run counters to row r and returns the
// row's wells: each empty cell between filled cells (or walls) counts the
// empty cells from it down to the first filled one, itself included.
// run holds those counts per column, bit-sliced: bit k of column x's count
// is bit x of run[k] (counts reach at most 64).
func wellsRow(run *[7]uint16, r uint16, w int, full uint16) int {
	empty := ^r & full
	addOne(run, full)
	for k := range run {
		run[k] &= empty
	}
	n := 0
	if well := empty & sides(r, w); well != 0 {
		for k := range run {
			n += bits.OnesCount16(run[k]&well) << uint(k)
		}
	}
	return n
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
	lines, cells := 0, 0
	for k := 0; k < s.h; k++ {
		if m := s.rows[k] << uint(col); pl.rows[y+k]|m == pl.full {
			lines++
			cells += bits.OnesCount16(m)
		}
	}
	var f Vector
	f[FLandingHeight] = float64(y+y+s.h-1) / 2
	f[FErodedCells] = float64(lines * cells)
	f[FLinesCleared] = float64(lines)
	f[FPieceBottom] = float64(y)
	if lines == 0 {
		pl.incremental(&f, s, col, y)
	} else {
		pl.cleared(&f, s, col, y)
	}
	v := 0.0
	for _, t := range pl.terms {
		v += f[t] * pl.sc.w[t]
	}
	return v
}

// incremental fills f with the board features after shape s lands at
// column col and row y clearing no row, from the board's counts: the piece
// changes only its own rows (row transitions; column transitions between
// them and next to them; the wells in them and above), covers the empty
// cells between each column's highest cell and itself (new holes, each
// under the piece's cells in its column, which also deepen the column's
// old holes), and raises its columns.
func (pl *standardPly) incremental(f *Vector, s *standardShape, col, y int) {
	w, full := pl.width, pl.full
	var nr [4]uint16 // the piece's rows after it
	rowTr := pl.rowTrSum
	for k := 0; k < s.h; k++ {
		nr[k] = pl.rows[y+k] | s.rows[k]<<uint(col)
		rowTr += rowTransitionsOf(nr[k], w) - pl.rowTr[y+k]
	}
	f[FRowTransitions] = float64(rowTr)
	top := max(pl.top, y+s.h)

	if pl.needColumns {
		n := pl.colSum
		prev := full // the floor under row 0
		if y > 0 {
			prev = pl.rows[y-1]
		}
		for k := 0; k < s.h; k++ {
			n += bits.OnesCount16((nr[k]^prev)&full) - pl.colPair[y+k]
			prev = nr[k]
		}
		n += bits.OnesCount16((pl.rows[y+s.h]^prev)&full) - pl.colPair[y+s.h]
		f[FColumnTransitions] = float64(n)
		if top == pl.height {
			last := pl.rows[pl.height-1]
			if y+s.h == pl.height {
				last = nr[s.h-1]
			}
			n -= bits.OnesCount16(last)
		}
		f[FColumnTransitionsOpen] = float64(n)
	}

	if pl.needHoles || pl.needDepth || pl.needDepthRuns || pl.needRowsWithHoles {
		holes, depth, depthRuns, holeRows := pl.holes, pl.depth, pl.depthRuns, pl.holeRows
		for c := 0; c < s.w; c++ {
			x := col + c
			gap := y + s.bottom[c] - pl.h[x] // empty cells now under the piece
			holes += gap
			depth += s.cells[c] * (pl.colHoles[x] + gap)
			if gap > 0 || pl.colHoles[x] > 0 {
				// a piece's cells in a column are one run: all of it
				// has a hole below, or none of it
				depthRuns += s.cells[c]
			}
			if gap > 0 {
				holeRows |= (uint64(1)<<uint(gap) - 1) << uint(pl.h[x])
			}
		}
		f[FHoles] = float64(holes)
		f[FNewHoles] = float64(holes - pl.sc.holesBefore)
		f[FHoleDepth] = float64(depth)
		f[FHoleDepthRuns] = float64(depthRuns)
		f[FRowsWithHoles] = float64(bits.OnesCount64(holeRows))
	}

	if pl.needWells {
		// The rows under the piece keep their wells; from its lowest row
		// up, the run counters go on from the row below.
		n := pl.wellsBelow[y]
		var run [7]uint16
		if y > 0 {
			run = pl.runAt[y-1]
		}
		for k := y; k < top; k++ {
			r := pl.rows[k]
			if k < y+s.h {
				r = nr[k-y]
			}
			n += wellsRow(&run, r, w, full)
		}
		f[FWells] = float64(n)
	}

	if pl.needHeights {
		// Only the piece's columns rise: bumpiness changes at their sides,
		// deep wells in them and next to them.
		h := pl.h
		for c := 0; c < s.w; c++ {
			h[col+c] = y + s.top[c] + 1
		}
		lo, hi := max(col-1, 0), min(col+s.w, w-1) // the columns whose counts change
		if pl.needBump {
			n := pl.bumpSum
			for x := lo; x < hi; x++ {
				n += iabs(h[x]-h[x+1]) - iabs(pl.h[x]-pl.h[x+1])
			}
			f[FBumpiness] = float64(n)
		}
		if pl.needDeep {
			n := pl.deepSum
			for x := lo; x <= hi; x++ {
				n += deepWellAt(&h, w, x) - pl.deepCol[x]
			}
			f[FDeepWells] = float64(n)
			f[FNewDeepWells] = float64(n - pl.sc.deepBefore)
		}
		if pl.needSums {
			pl.heightSums(f, &h)
		}
	}
}

// heightFeatures fills f with the features of the column heights h.
func (pl *standardPly) heightFeatures(f *Vector, h *Heights) {
	w := pl.width
	deep := DeepWellCells(h, w)
	f[FBumpiness] = float64(Bumpiness(h, w))
	f[FDeepWells] = float64(deep)
	f[FNewDeepWells] = float64(deep - pl.sc.deepBefore)
	pl.heightSums(f, h)
}

// heightSums fills f with the features summing the heights h.
func (pl *standardPly) heightSums(f *Vector, h *Heights) {
	w := pl.width
	f[FAggregateHeight] = float64(AggregateHeight(h, w))
	f[FMaxHeight] = float64(MaxHeight(h, w))
	f[FAvgHeight] = AvgHeight(h, w)
}

// iabs is |x|.
func iabs(x int) int { return max(x, -x) }

// cleared fills f with the board features after shape s lands at column
// col and row y and clears rows, counted afresh on a copy of the rows.
func (pl *standardPly) cleared(f *Vector, s *standardShape, col, y int) {
	var b [64]uint16
	hi := max(pl.top, y+s.h)
	copy(b[:hi], pl.rows[:hi])
	for k := 0; k < s.h; k++ {
		b[y+k] |= s.rows[k] << uint(col)
	}
	top := hi
	{
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
	pl.boardFeatures(f, &b, top)
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
	if pl.needDepthRuns {
		f[FHoleDepthRuns] = float64(holeDepthRunsOf(b[:], top))
	}

	if pl.needWells {
		// run counts, per column, the empty cells from the row down to the
		// first filled one, the row's own included (bit-sliced as above).
		var run [7]uint16
		n := 0
		for y := 0; y < top; y++ {
			n += wellsRow(&run, b[y], w, full)
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
		pl.heightFeatures(f, &h)
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
