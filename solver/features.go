package solver

import (
	"math/bits"

	"github.com/kocka/kocka/engine"
)

// The features of the evaluation. Each is a small pure function of a board
// (or of a placement on a board), computed on the row bit masks: one row is
// one uint16, so a whole row is tested with a shift and a popcount. Walls and
// the floor count as filled wherever a definition looks past the field.

// Heights holds the column heights of a board: one more than the highest
// filled cell of each column, 0 for an empty column.
type Heights [engine.MaxWidth]int

// ColumnHeights returns the height of every column of b.
func ColumnHeights(b *engine.Board) Heights {
	return columnHeights(b, b.StackHeight())
}

func columnHeights(b *engine.Board, top int) Heights {
	var h Heights
	full := b.FullRow()
	var seen uint16
	for y := top - 1; y >= 0 && seen != full; y-- {
		r := b.Row(y)
		for n := r &^ seen; n != 0; n &= n - 1 {
			h[bits.TrailingZeros16(n)] = y + 1
		}
		seen |= r
	}
	return h
}

// rowTransitionsOf counts the filled/empty changes along one row of width w,
// the walls on both sides counting as filled.
func rowTransitionsOf(r uint16, w int) int {
	ext := uint32(r)<<1 | 1 | 1<<uint(w+1)
	return bits.OnesCount32((ext ^ ext>>1) & (1<<uint(w+1) - 1))
}

// RowTransitions counts, over every row of the board, the places where a
// filled cell (or wall) and an empty cell sit side by side (Dellacherie,
// El-Tetris). An empty row counts 2, one change at each wall, so the count
// also grows as the stack gets lower: that is the published definition.
func RowTransitions(b *engine.Board) int {
	return rowTransitions(b, b.StackHeight())
}

func rowTransitions(b *engine.Board, top int) int {
	t := 2 * (b.Height - top)
	for y := 0; y < top; y++ {
		t += rowTransitionsOf(b.Row(y), b.Width)
	}
	return t
}

// ColumnTransitions counts, over every column, the places where a filled
// cell (or the floor) and an empty cell sit one above the other; the sky
// above the well is empty, so a column filled to the top row changes once
// more there (Fahey's and MDPTetris's count; El-Tetris's is
// ColumnTransitionsOpen).
func ColumnTransitions(b *engine.Board) int {
	return columnTransitions(b, b.StackHeight())
}

func columnTransitions(b *engine.Board, top int) int {
	full := b.FullRow()
	prev := full // the floor
	t := 0
	for y := 0; y <= top; y++ {
		r := b.Row(y)
		t += bits.OnesCount16((r ^ prev) & full)
		prev = r
	}
	return t
}

// ColumnTransitionsOpen is ColumnTransitions as El-Tetris's code counts
// them: nothing is counted above the board's top row, so a column filled up
// to the top row has one change fewer than under an open sky. On a board
// that is exactly the well (the standard model) that rewards touching the
// ceiling; on a game's board, whose hidden rows above the field stay empty,
// it equals ColumnTransitions.
func ColumnTransitionsOpen(b *engine.Board) int {
	return columnTransitionsOpen(b, b.StackHeight())
}

func columnTransitionsOpen(b *engine.Board, top int) int {
	t := columnTransitions(b, top)
	if top == b.Height {
		t -= bits.OnesCount16(b.Row(b.Height - 1))
	}
	return t
}

// Holes counts the empty cells with at least one filled cell above them in
// the same column.
func Holes(b *engine.Board) int {
	return holes(b, b.StackHeight())
}

func holes(b *engine.Board, top int) int {
	var covered uint16
	n := 0
	for y := top - 1; y >= 0; y-- {
		r := b.Row(y)
		n += bits.OnesCount16(covered &^ r)
		covered |= r
	}
	return n
}

// HoleDepth sums, over the holes, the filled cells above each one in its
// column: how much must be cleared to reach it (Thiery and Scherrer's
// "hole depth").
func HoleDepth(b *engine.Board) int {
	return holeDepth(b, b.StackHeight())
}

func holeDepth(b *engine.Board, top int) int {
	var above [engine.MaxWidth]int // filled cells seen so far, per column
	var covered uint16
	n := 0
	for y := top - 1; y >= 0; y-- {
		r := b.Row(y)
		for h := covered &^ r; h != 0; h &= h - 1 {
			n += above[bits.TrailingZeros16(h)]
		}
		for f := r; f != 0; f &= f - 1 {
			above[bits.TrailingZeros16(f)]++
		}
		covered |= r
	}
	return n
}

// HoleDepthRuns is Thiery and Scherrer's hole depth as MDPTetris (the code
// that tuned the BCTS weights) counts it: the filled cells resting on a
// hole, directly or through an unbroken run of filled cells; that is, the
// filled cells with a hole anywhere below them, each once. HoleDepth
// counts a cell once for every hole below it, so the two differ only where
// a column has two holes or more.
func HoleDepthRuns(b *engine.Board) int {
	return holeDepthRuns(b, b.StackHeight())
}

func holeDepthRuns(b *engine.Board, top int) int { return holeDepthRunsOf(b.Rows(), top) }

// holeDepthRunsOf counts it on rows, bottom first, below top.
func holeDepthRunsOf(rows []uint16, top int) int {
	n := 0
	var on uint16 // columns whose run up to this row rests on a hole
	for y := 1; y < top; y++ {
		on = rows[y] & (^rows[y-1] | on)
		n += bits.OnesCount16(on)
	}
	return n
}

// RowsWithHoles counts the rows that hold at least one hole (Thiery and
// Scherrer).
func RowsWithHoles(b *engine.Board) int {
	return rowsWithHoles(b, b.StackHeight())
}

func rowsWithHoles(b *engine.Board, top int) int {
	var covered uint16
	n := 0
	for y := top - 1; y >= 0; y-- {
		r := b.Row(y)
		if covered&^r != 0 {
			n++
		}
		covered |= r
	}
	return n
}

// sides returns the mask of cells of row r whose left and right neighbours
// are both filled, the walls counting as filled.
func sides(r uint16, w int) uint16 {
	full := uint16(1)<<uint(w) - 1
	left := r<<1 | 1                     // bit x: x-1 filled or the left wall
	right := r>>1 | uint16(1)<<uint(w-1) // bit x: x+1 filled or the right wall
	return left & right & full
}

// CumulativeWells sums the depths of the wells: every empty cell whose left
// and right neighbours are filled counts itself and the empty cells straight
// below it, so a well d deep counts 1+2+...+d (El-Tetris).
func CumulativeWells(b *engine.Board) int {
	return cumulativeWells(b, b.StackHeight())
}

func cumulativeWells(b *engine.Board, top int) int {
	n := 0
	for y := top - 1; y >= 0; y-- {
		r := b.Row(y)
		for well := ^r & sides(r, b.Width); well != 0; well &= well - 1 {
			bit := well & -well
			for k := y; k >= 0 && b.Row(k)&bit == 0; k-- {
				n++
			}
		}
	}
	return n
}

// Bumpiness sums the height differences of neighbouring columns.
func Bumpiness(h *Heights, width int) int {
	n := 0
	for x := 0; x+1 < width; x++ {
		d := h[x] - h[x+1]
		if d < 0 {
			d = -d
		}
		n += d
	}
	return n
}

// AggregateHeight is the sum of the column heights.
func AggregateHeight(h *Heights, width int) int {
	n := 0
	for x := 0; x < width; x++ {
		n += h[x]
	}
	return n
}

// MaxHeight is the height of the tallest column.
func MaxHeight(h *Heights, width int) int {
	m := 0
	for x := 0; x < width; x++ {
		m = max(m, h[x])
	}
	return m
}

// AvgHeight is the mean column height.
func AvgHeight(h *Heights, width int) float64 {
	return float64(AggregateHeight(h, width)) / float64(width)
}

// HoleKinds sorts the empty cells the way Kravec's thesis does: a big hole
// is empty with a filled cell somewhere above it and filled cells (or walls)
// on both sides; a medium hole has a filled cell above but is not big; a
// small hole has filled cells on both sides but nothing above.
func HoleKinds(b *engine.Board) (big, medium, small int) {
	return holeKinds(b, b.StackHeight())
}

func holeKinds(b *engine.Board, top int) (big, medium, small int) {
	full := b.FullRow()
	var covered uint16
	for y := top - 1; y >= 0; y-- {
		r := b.Row(y)
		empty := ^r & full
		side := sides(r, b.Width)
		cov := empty & covered
		big += bits.OnesCount16(cov & side)
		medium += bits.OnesCount16(cov &^ side)
		small += bits.OnesCount16(empty & side &^ covered)
		covered |= r
	}
	return big, medium, small
}

// DeepWellCells counts the cells of one-wide pits deeper than two, the
// pits that only an I piece fills well (the brute-force article's "wells").
// A pit's depth is how far its column is below the lower of its neighbours,
// a wall being as high as the other neighbour.
func DeepWellCells(h *Heights, width int) int {
	n := 0
	for x := 0; x < width; x++ {
		n += deepWellAt(h, width, x)
	}
	return n
}

// deepWellAt is DeepWellCells's count in column x.
func deepWellAt(h *Heights, width, x int) int {
	lo := 1 << 30
	if x > 0 {
		lo = h[x-1]
	}
	if x+1 < width {
		lo = min(lo, h[x+1])
	}
	if d := lo - h[x]; d > 2 && d < 1<<29 {
		return d
	}
	return 0
}

// TSpinSlots counts the T-spin slots a T could be spun into now: a T
// pointing down fits with three of its box corners filled (both bottom
// corners and one top corner, the overhang), the other top corner and the
// column above the slot's centre open, so the T can come down beside the
// overhang and turn in. doubles are slots whose T would clear two rows,
// singles one row.
func TSpinSlots(b *engine.Board) (doubles, singles int) {
	return tSpinSlots(b, b.StackHeight())
}

func tSpinSlots(b *engine.Board, top int) (doubles, singles int) {
	full := b.FullRow()
	var above uint16 // columns with a filled cell above row y+2
	for y := top - 2; y >= 0; y-- {
		r0, r1, r2 := b.Row(y), b.Row(y+1), b.Row(y+2)
		above |= b.Row(y + 3)
		for x := 0; x+3 <= b.Width; x++ {
			three := uint16(7) << uint(x)
			centre := uint16(2) << uint(x)
			left, right := uint16(1)<<uint(x), uint16(4)<<uint(x)
			if r1&three != 0 || r0&centre != 0 || r0&(left|right) != left|right {
				continue
			}
			if r2&centre != 0 || above&centre != 0 {
				continue
			}
			var open uint16
			switch r2 & (left | right) {
			case left:
				open = right
			case right:
				open = left
			default:
				continue
			}
			if above&open != 0 {
				continue
			}
			lines := 0
			if r0|centre == full {
				lines++
			}
			if r1|three == full {
				lines++
			}
			switch lines {
			case 2:
				doubles++
			case 1:
				singles++
			}
		}
	}
	return doubles, singles
}

// tstSlots counts T-spin triple slots: three rows full but for a T
// standing on its side (column c in all three, c+d in the middle one),
// with the flat row above open at c, c+d and c+2d and the cell above c+d
// open, so a flat T can slide in above the slot and turn down into it by
// SRS's last kick test (movegen's "T-spin triple by the fifth kick").
func tstSlots(b *engine.Board, top int) int {
	full := b.FullRow()
	n := 0
	for y := top - 3; y >= 0; y-- {
		// The bottom row holds one hole, the slot's column: no loop over
		// columns, and most rows end here.
		col := full &^ b.Row(y)
		if col == 0 || col&(col-1) != 0 || b.Row(y+2) != full&^col {
			continue
		}
		r1, r3, r4 := b.Row(y+1), b.Row(y+3), b.Row(y+4)
		for _, arm := range [2]uint16{col >> 1, col << 1} { // the T's arm left, then right
			far := arm >> 1
			if arm > col {
				far = arm << 1
			}
			if arm&full == 0 || far&full == 0 {
				continue // the arm or the flat T's far end would leave the well
			}
			if r1 == full&^(col|arm) && r3&(col|arm|far) == 0 && r4&arm == 0 {
				n++
			}
		}
	}
	return n
}

// pieceRows returns the mask of p's cells in each board row it covers,
// indexed from p's lowest row, and that row.
func pieceRows(p engine.Placed) (rows [4]uint16, bottom int) {
	cells := p.Cells()
	bottom = 127
	for _, c := range cells {
		bottom = min(bottom, int(c.Y))
	}
	for _, c := range cells {
		rows[int(c.Y)-bottom] |= 1 << uint(c.X)
	}
	return rows, bottom
}

// LandingHeight is the height of the middle of the placed piece: the mean
// of its lowest and highest rows, counted from 0 at the bottom
// (Dellacherie; El-Tetris adds (piece height - 1)/2 to the lowest row).
func LandingHeight(p engine.Placed) float64 {
	lo, hi := 127, -1
	for _, c := range p.Cells() {
		lo = min(lo, int(c.Y))
		hi = max(hi, int(c.Y))
	}
	return float64(lo+hi) / 2
}

// ErodedCells places p on before (the board without it) and returns the
// rows the placement completes and the eroded piece cells: those rows times
// the number of p's own cells that are cleared with them (Dellacherie).
func ErodedCells(before *engine.Board, p engine.Placed) (lines, eroded int) {
	rows, bottom := pieceRows(p)
	full := before.FullRow()
	cells := 0
	for i, m := range rows {
		if m != 0 && before.Row(bottom+i)|m == full {
			lines++
			cells += bits.OnesCount16(m)
		}
	}
	return lines, lines * cells
}
