package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/kocka/kocka/engine"
)

// testBoard parses rows of text, top row first, into a board width x height.
func testBoard(t testing.TB, width, height int, rows ...string) *engine.Board {
	t.Helper()
	b, err := engine.ParseBoard(width, height, rows, engine.I)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// featureBoards are hand-counted boards; each case lists every board
// feature's expected value.
var featureBoards = []struct {
	name                          string
	width, height                 int
	rows                          []string
	heights                       []int
	rowTr, colTr, holes, wells    int
	bump, agg, maxH               int
	big, medium, small, deepWells int
	tsd, tss                      int
	holeDepth, rowsWithHoles      int
	// holeDepthRuns: the filled cells with a hole below, each once
	holeDepthRuns int
}{
	{
		name: "empty", width: 4, height: 5,
		heights: []int{0, 0, 0, 0},
		rowTr:   10, colTr: 4,
	},
	{
		name: "mixed", width: 4, height: 6,
		rows: []string{
			".X..",
			"XX.X",
			"X.XX",
		},
		heights: []int{2, 3, 1, 2},
		rowTr:   14, colTr: 6, holes: 1, wells: 3,
		bump: 4, agg: 8, maxH: 3,
		big: 1, small: 2,
		holeDepth: 2, rowsWithHoles: 1, holeDepthRuns: 2,
	},
	{
		name: "deep well and a covered gap", width: 5, height: 6,
		rows: []string{
			"X.XXX",
			"X.XXX",
			"X.XXX",
			"X.X.X",
		},
		heights: []int{4, 0, 4, 4, 4},
		rowTr:   14, colTr: 7, holes: 1, wells: 11,
		bump: 8, agg: 16, maxH: 4,
		big: 1, small: 4, deepWells: 4,
		holeDepth: 3, rowsWithHoles: 1, holeDepthRuns: 3,
	},
	{
		name: "medium holes under an overhang", width: 4, height: 5,
		rows: []string{
			"XXX.",
			"....",
			"X...",
		},
		heights: []int{3, 3, 3, 0},
		// rows: 2 empty rows above = 4; y2 "XXX." 2; y1 "...." 2; y0 "X..." 2.
		rowTr: 10,
		// col0 floor-X-.-X-sky: 3; col1, col2 floor-.-.-X-sky: 3 each; col3 floor-.: 1.
		colTr: 10, holes: 5,
		// column 3 in row 2 has column 2 and the wall beside it: itself and
		// the two empty cells below.
		wells: 3,
		bump:  3, agg: 9, maxH: 3,
		// y1: cols 0..2 covered, col0 has the wall and col1 empty: medium;
		// y0: cols 1, 2 covered: medium; col3 is open and not between filled cells.
		medium: 5, small: 1,
		// column 3 is 3 below column 2 and has the wall on its right.
		deepWells: 3,
		holeDepth: 5, rowsWithHoles: 2,
		// each of the three top cells once, though columns 1 and 2 have
		// two holes under theirs
		holeDepthRuns: 3,
	},
	{
		name: "T-spin double slot", width: 10, height: 8,
		rows: []string{
			"...XXXXXXX",
			"X...XXXXXX",
			"XX.XXXXXXX",
		},
		heights: []int{2, 1, 0, 3, 3, 3, 3, 3, 3, 3},
		rowTr:   2*5 + 2 + 2 + 2,
		colTr:   1 + 1 + 1 + 3 + 1*6,
		holes:   1, wells: 1,
		bump: 1 + 1 + 3, agg: 2 + 1 + 0 + 3*7, maxH: 3,
		medium: 1, small: 1,
		tsd:       1,
		holeDepth: 1, rowsWithHoles: 1, holeDepthRuns: 1,
	},
	{
		name: "T-spin single slot", width: 10, height: 8,
		rows: []string{
			"...XXXXXXX",
			"X...XXXXX.",
			"XX.XXXXXXX",
		},
		heights: []int{2, 1, 0, 3, 3, 3, 3, 3, 3, 3},
		rowTr:   2*5 + 2 + 4 + 2,
		colTr:   1 + 1 + 1 + 3 + 1*5 + 3,
		holes:   2, wells: 1 + 1,
		bump: 1 + 1 + 3, agg: 2 + 1 + 0 + 3*7, maxH: 3,
		big: 1, medium: 1, small: 1,
		tss:       1,
		holeDepth: 2, rowsWithHoles: 1, holeDepthRuns: 2,
	},
	{
		name: "T slot with its centre column covered", width: 10, height: 8,
		rows: []string{
			"..X.......",
			"...XXXXXXX",
			"X...XXXXXX",
			"XX.XXXXXXX",
		},
		heights: []int{2, 1, 4, 3, 3, 3, 3, 3, 3, 3},
		rowTr:   2*4 + 4 + 2 + 2 + 2,
		colTr:   1 + 1 + 3 + 3 + 1*6,
		holes:   4, wells: 1,
		bump: 1 + 3 + 1, agg: 2 + 1 + 4 + 3*7, maxH: 4,
		big: 1, medium: 3,
		holeDepth: 4, rowsWithHoles: 3,
		// column 2's cell over three holes counts once, column 3's once
		holeDepthRuns: 2,
	},
}

func TestBoardFeatures(t *testing.T) {
	for _, c := range featureBoards {
		t.Run(c.name, func(t *testing.T) {
			b := testBoard(t, c.width, c.height, c.rows...)
			h := ColumnHeights(b)
			for x, want := range c.heights {
				if h[x] != want {
					t.Errorf("height of column %d = %d, want %d", x, h[x], want)
				}
			}
			big, medium, small := HoleKinds(b)
			tsd, tss := TSpinSlots(b)
			for _, f := range []struct {
				name      string
				got, want int
			}{
				{"RowTransitions", RowTransitions(b), c.rowTr},
				{"ColumnTransitions", ColumnTransitions(b), c.colTr},
				{"Holes", Holes(b), c.holes},
				{"CumulativeWells", CumulativeWells(b), c.wells},
				{"Bumpiness", Bumpiness(&h, b.Width), c.bump},
				{"AggregateHeight", AggregateHeight(&h, b.Width), c.agg},
				{"MaxHeight", MaxHeight(&h, b.Width), c.maxH},
				{"big holes", big, c.big},
				{"medium holes", medium, c.medium},
				{"small holes", small, c.small},
				{"DeepWellCells", DeepWellCells(&h, b.Width), c.deepWells},
				{"T-spin double slots", tsd, c.tsd},
				{"T-spin single slots", tss, c.tss},
				{"HoleDepth", HoleDepth(b), c.holeDepth},
				{"RowsWithHoles", RowsWithHoles(b), c.rowsWithHoles},
				{"HoleDepthRuns", HoleDepthRuns(b), c.holeDepthRuns},
			} {
				if f.got != f.want {
					t.Errorf("%s = %d, want %d", f.name, f.got, f.want)
				}
			}
			if got, want := AvgHeight(&h, b.Width), float64(c.agg)/float64(c.width); got != want {
				t.Errorf("AvgHeight = %v, want %v", got, want)
			}
		})
	}
}

func TestPlacementFeatures(t *testing.T) {
	for _, c := range []struct {
		name          string
		rows          []string
		p             engine.Placed
		landing       float64
		lines, eroded int
	}{
		{
			name: "vertical I clears two rows with two of its cells",
			rows: []string{".XXX", ".XXX"},
			// I in orientation R fills column X+2, rows Y..Y+3.
			p:       engine.Placed{Piece: engine.I, Rot: engine.RotR, X: -2, Y: 0},
			landing: 1.5, lines: 2, eroded: 4,
		},
		{
			name: "flat I on the floor clears its row",
			rows: []string{"...."},
			// I in orientation 0 fills row Y+2.
			p:       engine.Placed{Piece: engine.I, Rot: engine.Rot0, X: 0, Y: -2},
			landing: 0, lines: 1, eroded: 4,
		},
		{
			name: "O on a step clears nothing",
			rows: []string{"X...", "X..."},
			p:    engine.Placed{Piece: engine.O, Rot: engine.Rot0, X: 2, Y: 0},
			// O fills rows 0 and 1: middle 0.5.
			landing: 0.5,
		},
		{
			name: "T pointing down into a slot clears one row",
			rows: []string{"....", "X.XX"},
			// T in orientation 2: row Y+1 three cells, (X+1, Y) below.
			p:       engine.Placed{Piece: engine.T, Rot: engine.Rot2, X: 0, Y: 0},
			landing: 0.5, lines: 1, eroded: 1,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := testBoard(t, 4, 6, c.rows...)
			if !b.Fits(c.p) {
				t.Fatalf("%+v does not fit", c.p)
			}
			if got := LandingHeight(c.p); got != c.landing {
				t.Errorf("LandingHeight = %v, want %v", got, c.landing)
			}
			lines, eroded := ErodedCells(b, c.p)
			if lines != c.lines || eroded != c.eroded {
				t.Errorf("ErodedCells = %d lines, %d cells; want %d, %d", lines, eroded, c.lines, c.eroded)
			}
		})
	}
}

func TestTSTSlots(t *testing.T) {
	for _, c := range []struct {
		name string
		rows []string
		want int
	}{
		{"the fifth-kick triple (movegen's)", []string{
			"....#.....",
			"..........",
			"####.#####",
			"####..####",
			"####.#####",
		}, 1},
		{"mirrored", []string{
			".....#....",
			"..........",
			"#####.####",
			"####..####",
			"#####.####",
		}, 1},
		{"no room to slide in flat", []string{
			"..........",
			"......#...",
			"####.#####",
			"####..####",
			"####.#####",
		}, 0},
		{"the middle row not full", []string{
			"..........",
			"..........",
			"####.#####",
			"###...####",
			"####.#####",
		}, 0},
		{"a T-spin double slot", []string{
			"...#......",
			"###...####",
			"####.#####",
		}, 0},
	} {
		b := testBoard(t, 10, 40, c.rows...)
		if got := tstSlots(b, b.StackHeight()); got != c.want {
			t.Errorf("%s: %d slots, want %d", c.name, got, c.want)
		}
	}
}

// tstSlotsByColumns is tstSlots as first written, trying every column and
// side: the reference for the faster scan.
func tstSlotsByColumns(b *engine.Board, top int) int {
	full := b.FullRow()
	n := 0
	for y := top - 3; y >= 0; y-- {
		r0, r1, r2, r3, r4 := b.Row(y), b.Row(y+1), b.Row(y+2), b.Row(y+3), b.Row(y+4)
		for c := 0; c < b.Width; c++ {
			col := uint16(1) << uint(c)
			if r0 != full&^col || r2 != full&^col {
				continue
			}
			for _, d := range [2]int{-1, 1} {
				e, f := c+d, c+2*d
				if f < 0 || f >= b.Width {
					continue
				}
				arm, far := uint16(1)<<uint(e), uint16(1)<<uint(f)
				if r1 == full&^(col|arm) && r3&(col|arm|far) == 0 && r4&arm == 0 {
					n++
				}
			}
		}
	}
	return n
}

// TestTSTSlotsMatchesColumnScan: on random stacks of nearly full rows (one
// or two holes each, where slots are common) the row scan counts what the
// column-by-column reference counts, in wells 4 to 10 wide.
func TestTSTSlotsMatchesColumnScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	found := 0
	for i := 0; i < 20000; i++ {
		width := 4 + rng.IntN(7)
		b := engine.NewBoard(width, 40)
		full := b.FullRow()
		rows := make([]uint16, 3+rng.IntN(8))
		for y := range rows {
			rows[y] = full
			for h := 1 + rng.IntN(2); h > 0; h-- {
				rows[y] &^= 1 << uint(rng.IntN(width))
			}
			if y == len(rows)-1 { // an open or ragged row above, where a T slides in
				a, b := rng.IntN(int(full)+1), rng.IntN(int(full)+1)
				rows[y] = uint16(a & b) // about a quarter of the cells
			}
		}
		if y := rng.IntN(len(rows) - 2); rng.IntN(2) == 0 && y+3 < len(rows) {
			// Plant a slot (c, arm toward d) and maybe spoil one cell of it.
			c, d := rng.IntN(width), 1-2*rng.IntN(2)
			col, arm := uint16(1)<<uint(c), uint16(1)<<uint((c+d+width)%width)
			rows[y], rows[y+1], rows[y+2] = full&^col, full&^(col|arm), full&^col
			rows[y+3] &^= col | arm | arm<<1 | arm>>1
			if rng.IntN(2) == 0 {
				rows[y+rng.IntN(4)] ^= 1 << uint(rng.IntN(width))
			}
		}
		b.SetRows(rows, engine.I)
		got, want := tstSlots(b, b.StackHeight()), tstSlotsByColumns(b, b.StackHeight())
		if got != want {
			t.Fatalf("board %d (%d wide, rows %b): %d slots, the reference %d", i, width, rows, got, want)
		}
		found += want
	}
	if found < 100 {
		t.Fatalf("only %d slots in 20,000 boards: the test boards miss the shape", found)
	}
}
