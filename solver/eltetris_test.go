package solver

import (
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/kocka/kocka/engine"
)

// eltetrisCase is one board of testdata/eltetris-choices.json, written by
// El-Tetris's own JavaScript (scripts/eltetris-peer.js, docs/eltetris.md):
// a well, a piece, and what El-Tetris's pickMove and playMove made of it.
type eltetrisCase struct {
	Width, Height int
	Rows          []uint16 // bottom first
	Piece         string
	Over          bool     // no placement fits: the game is over
	Cells         [][2]int // the cells the chosen placement covers
	Value         float64  // El-Tetris's evaluation of it
	After         []uint16 // the board after it, rows removed
}

func loadEltetrisCases(t *testing.T) []eltetrisCase {
	t.Helper()
	data, err := os.ReadFile("testdata/eltetris-choices.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []eltetrisCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) != 200 {
		t.Fatalf("%d cases, want 200", len(cases))
	}
	return cases
}

func (c *eltetrisCase) board() *engine.Board {
	b := engine.NewBoard(c.Width, c.Height)
	b.SetRows(c.Rows, engine.I)
	return b
}

func sortedCells(pl engine.Placed) [][2]int {
	var got [][2]int
	for _, cell := range pl.Cells() {
		got = append(got, [2]int{int(cell.X), int(cell.Y)})
	}
	slices.SortFunc(got, cellOrder)
	return got
}

func cellOrder(a, b [2]int) int {
	if a[1] != b[1] {
		return a[1] - b[1]
	}
	return a[0] - b[0]
}

// TestEltetrisMatchesItsCode: on 200 random boards and pieces, the
// eltetris personality with El-Tetris's entry (standard-top) chooses the
// placement the published El-Tetris code chooses, evaluates it to the same
// float64, and leaves the same board.
func TestEltetrisMatchesItsCode(t *testing.T) {
	cases := loadEltetrisCases(t)
	w, _ := PersonalityByName("eltetris")
	sp := NewStandardPlayer(w, EntryTop)
	over := 0
	for i, c := range cases {
		p, err := engine.ParsePiece(c.Piece)
		if err != nil {
			t.Fatal(err)
		}
		b := c.board()
		pl, ok := sp.Choose(b, p)
		if ok == c.Over {
			t.Errorf("case %d: placed %v, El-Tetris's game over is %v\n%s", i, ok, c.Over, b)
			continue
		}
		if c.Over {
			over++
			continue
		}
		got := sortedCells(pl)
		slices.SortFunc(c.Cells, cellOrder)
		if !slices.Equal(got, c.Cells) {
			t.Errorf("case %d: %v on\n%schose cells %v, El-Tetris %v", i, p, b, got, c.Cells)
			continue
		}
		sc := newScorerIn(sp.w, b, b.Height)
		var f Vector
		if v := sp.value(&sc, &f, b, pl); v != c.Value {
			t.Errorf("case %d: value %v, El-Tetris %v (features %v)", i, v, c.Value, f)
		}
		b.Place(pl)
		b.ClearLines()
		if !slices.Equal(b.Rows(), c.After) {
			t.Errorf("case %d: board after %v, El-Tetris %v", i, b.Rows(), c.After)
		}
	}
	t.Logf("%d boards, %d of them game over", len(cases), over)
}

// TestEltetrisDropFromAbove: in the standard model proper, where pieces
// drop from above the well, eltetris differs from El-Tetris's code only on
// boards where El-Tetris's choice, or its game over, depends on its entry:
// its placement is not one a drop from above reaches, or the two entries
// offer different placements.
func TestEltetrisDropFromAbove(t *testing.T) {
	w, _ := PersonalityByName("eltetris")
	sp := NewStandardPlayer(w, EntryAbove)
	differ := 0
	for i, c := range loadEltetrisCases(t) {
		p, _ := engine.ParsePiece(c.Piece)
		b := c.board()
		above := StandardPlacements(nil, b, p)
		top := standardTopPlacements(nil, b, p)
		pl, ok := sp.Choose(b, p)
		same := ok != c.Over && (c.Over || slices.Equal(sortedCells(pl), sortedCellsOf(c.Cells)))
		if same {
			continue
		}
		differ++
		if slices.Equal(above, top) {
			t.Errorf("case %d: the entries offer the same placements, yet eltetris chose %v (ok %v) and El-Tetris %v",
				i, pl, ok, c.Cells)
		}
	}
	t.Logf("%d of 200 boards differ, all where the entries differ", differ)
}

func sortedCellsOf(cs [][2]int) [][2]int {
	cs = slices.Clone(cs)
	slices.SortFunc(cs, cellOrder)
	return cs
}
