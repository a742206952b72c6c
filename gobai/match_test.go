package gobai

import (
	"slices"
	"testing"

	"github.com/kocka/kocka/solver/prove/gobblet"
)

func variant(t testing.TB, name string, first int) gobblet.Rules {
	t.Helper()
	r, err := gobblet.Variant(name, first)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func tops(slots []Slot) []int {
	var out []int
	for _, s := range slots {
		out = append(out, s.Top())
	}
	return out
}

func TestReserveSlots(t *testing.T) {
	full := variant(t, "full", gobblet.Attacker)
	m := NewMatch(full)
	if got := tops(ReserveSlots(&m.R, &m.Board, gobblet.Attacker)); !slices.Equal(got, []int{0, 0, 0}) {
		t.Fatalf("full start: tops %v, want three A", got)
	}
	// The attacker plays one A: that stack shows B, with C and D under it.
	if err := m.Play(gobblet.Move{From: -1, To: 5, Size: 0}); err != nil {
		t.Fatal(err)
	}
	slots := ReserveSlots(&m.R, &m.Board, gobblet.Attacker)
	if got := tops(slots); !slices.Equal(got, []int{0, 0, 1}) {
		t.Fatalf("after one A: tops %v, want A A B", got)
	}
	if !slices.Equal(slots[2].Sizes, []int{1, 2, 3}) {
		t.Fatalf("the opened stack holds %v, want B C D", slots[2].Sizes)
	}
	gb := gobblet.Gobblers()
	g := NewMatch(gb)
	if got := len(ReserveSlots(&g.R, &g.Board, 0)[1].Sizes); got != 2 {
		t.Fatalf("Gobblers: %d medium pieces off the board, want 2", got)
	}
	ab := variant(t, "ab", gobblet.Attacker)
	a := NewMatch(ab)
	if got := ReserveSlots(&a.R, &a.Board, gobblet.Drawing); len(got) != 3 || len(got[0].Sizes) != 1 {
		t.Fatalf("AB drawing reserve %v, want three stacks of one A", got)
	}
}

func TestPickPlaysAndDeselects(t *testing.T) {
	tests := []struct {
		name   string
		clicks []Spot
		played []gobblet.Move
		sel    Spot
	}{
		{"stack then square plays", []Spot{Reserve(0, 0), Square(4)}, []gobblet.Move{{From: -1, To: 4, Size: 0}}, NoSpot},
		{"the opponent's stack picks nothing", []Spot{Reserve(1, 0)}, nil, NoSpot},
		{"an empty square picks nothing", []Spot{Square(3)}, nil, NoSpot},
		{"clicking the pick again drops it", []Spot{Reserve(0, 2), Reserve(0, 2)}, nil, NoSpot},
		{"another own piece is picked instead", []Spot{Reserve(0, 0), Reserve(0, 2)}, nil, Reserve(0, 2)},
		{"the small piece goes on an empty square", []Spot{Reserve(0, 2), Square(8)}, []gobblet.Move{{From: -1, To: 8, Size: 2}}, NoSpot},
		{"two moves, the second from the board", []Spot{Reserve(0, 2), Square(8), Reserve(1, 0), Square(0), Square(8), Square(1)},
			[]gobblet.Move{{From: -1, To: 8, Size: 2}, {From: -1, To: 0, Size: 0}, {From: 8, To: 1, Size: 2}}, NoSpot},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMatch(gobblet.Gobblers())
			var played []gobblet.Move
			for _, c := range tc.clicks {
				if mv, ok := m.Pick(c); ok {
					played = append(played, mv)
				}
			}
			if !slices.Equal(played, tc.played) {
				t.Fatalf("played %v, want %v", played, tc.played)
			}
			if m.Selected() != tc.sel {
				t.Fatalf("picked %v, want %v", m.Selected(), tc.sel)
			}
		})
	}
}

func TestTargetsOfAPick(t *testing.T) {
	m := NewMatch(gobblet.Gobblers())
	m.Pick(Reserve(0, 0)) // a large piece: all nine squares
	if got := len(m.Targets()); got != 9 {
		t.Fatalf("large piece on an empty board: %d targets, want 9", got)
	}
	m.Pick(Square(4))
	m.Pick(Reserve(1, 2)) // a small piece cannot cover the large one
	if slices.Contains(m.Targets(), 4) || len(m.Targets()) != 8 {
		t.Fatalf("small piece: targets %v, want the 8 empty squares", m.Targets())
	}
}

func TestUndoTakesBackAMovePair(t *testing.T) {
	m := NewMatch(gobblet.Gobblers())
	moves := []gobblet.Move{{From: -1, To: 4, Size: 0}, {From: -1, To: 0, Size: 0}, {From: -1, To: 8, Size: 1}}
	for _, mv := range moves {
		if err := m.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	// Colour 1 to move: undo to colour 0's turn takes back one move.
	if !m.UndoTo(0) || m.Plies() != 2 || m.Board.Mover != 0 {
		t.Fatalf("undo to 0: %d plies, mover %d; want 2 and 0", m.Plies(), m.Board.Mover)
	}
	// Now colour 0 to move: back to its previous turn, two moves.
	if !m.UndoTo(0) || m.Plies() != 0 || m.Board != m.R.Start() {
		t.Fatalf("second undo: %d plies", m.Plies())
	}
	if m.UndoTo(0) {
		t.Fatal("undo at the start did something")
	}
	if err := m.Play(gobblet.Move{From: 3, To: 4, Size: 0}); err != ErrIllegal {
		t.Fatalf("an illegal move: %v, want ErrIllegal", err)
	}
}

func TestGameOverStopsPicks(t *testing.T) {
	m := NewMatch(gobblet.Gobblers())
	for _, mv := range []gobblet.Move{{From: -1, To: 0, Size: 0}, {From: -1, To: 3, Size: 0}, {From: -1, To: 1, Size: 1}, {From: -1, To: 4, Size: 1}, {From: -1, To: 2, Size: 2}} {
		if err := m.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	if over, w := m.Over(); !over || w != 0 {
		t.Fatalf("top row of colour 0: over %v winner %d", over, w)
	}
	if _, ok := m.Pick(Reserve(1, 0)); ok || m.Selected() != NoSpot || len(m.Moves()) != 0 {
		t.Fatal("a finished game still takes picks")
	}
}
