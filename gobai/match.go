// Package gobai is Gobblet in the game window, without the window: a game
// being played (Match: the moves, undo, what a click or a key does), the
// computer's players (Searcher, an alpha-beta search for any game of the
// family; Strategy, the proven drawing strategy of Gobblet AB, stored in
// an embedded file; Solve, the exact value and perfect move of a Gobblet
// Gobblers position by the prove package's proof search) and Thinker,
// which runs a player off the frame. The rules are solver/prove/gobblet's
// (docs/gobblet.md); scenes draws a Match and feeds it input.
package gobai

import (
	"errors"
	"math/bits"

	"github.com/kocka/kocka/solver/prove/gobblet"
)

// MaxPlies caps a match's record, so undo's memory stays bounded; a game
// that long (no draw rule) simply stops recording its oldest positions.
const MaxPlies = 4096

// Match is a game being played: the rules, the position, the positions
// before each move (for undo) and the piece a person has picked up.
type Match struct {
	R     gobblet.Rules
	Board gobblet.Board
	past  []gobblet.Board
	moves []gobblet.Move
	sel   Spot // the picked piece, or NoSpot
}

// NewMatch starts a game of r.
func NewMatch(r gobblet.Rules) *Match {
	return &Match{R: r, Board: r.Start(), sel: NoSpot}
}

// Spot is a place a piece is picked from or dropped on: a board square
// (0..N*N-1), or a reserve slot of a colour (Reserve).
type Spot int

// NoSpot is no spot (nothing picked).
const NoSpot Spot = -1

// reserveBase numbers reserve slots after the squares: colour c's slot i
// is reserveBase + c*8 + i.
const reserveBase = 64

// Square is the spot of board square q.
func Square(q int) Spot { return Spot(q) }

// Reserve is the spot of colour c's reserve slot i: a stack in Gobblet
// (slot i shows the i-th of the stacks as ReserveSlots lists them), a size
// in Gobblers.
func Reserve(c, i int) Spot { return Spot(reserveBase + c*8 + i) }

// IsSquare reports whether s is a board square, and which.
func (s Spot) IsSquare() (int, bool) { return int(s), s >= 0 && s < reserveBase }

// IsReserve reports whether s is a reserve slot, and whose and which.
func (s Spot) IsReserve() (c, i int, ok bool) {
	if s < reserveBase {
		return 0, 0, false
	}
	return int(s-reserveBase) / 8, int(s-reserveBase) % 8, true
}

// Slot is what one reserve slot holds: in Gobblet a stack, its pieces from
// the top (largest) down; in Gobblers the pieces of one size left.
type Slot struct {
	Sizes []int // sizes from the top; empty when the slot is used up
}

// Top is the size that can be played from the slot, or -1.
func (s Slot) Top() int {
	if len(s.Sizes) == 0 {
		return -1
	}
	return s.Sizes[0]
}

// ReserveSlots lists colour c's pieces off the board. In Gobblet there are
// as many slots as stacks, largest top first (stacks are known from the
// counts on the board: size z is on top of (out of z-1) - (out of z)
// stacks); in Gobblers one slot per size the colour owns, with the pieces
// of that size still off the board.
func ReserveSlots(r *gobblet.Rules, b *gobblet.Board, c int) []Slot {
	sizes := 0
	for z := 0; z < gobblet.MaxSizes; z++ {
		if r.Pieces[c][z] > 0 {
			sizes = z + 1
		}
	}
	out := func(z int) int { return bits.OnesCount16(b.B[z][c]) }
	var slots []Slot
	if !r.Stacked {
		for z := 0; z < sizes; z++ {
			var s Slot
			for k := out(z); k < r.Pieces[c][z]; k++ {
				s.Sizes = append(s.Sizes, z)
			}
			slots = append(slots, s)
		}
		return slots
	}
	stacks := r.Pieces[c][0]
	for z := 0; z < sizes; z++ {
		above := stacks
		if z > 0 {
			above = out(z - 1)
		}
		for k := out(z); k < above; k++ {
			var s Slot
			for y := z; y < sizes; y++ {
				s.Sizes = append(s.Sizes, y)
			}
			slots = append(slots, s)
		}
	}
	for len(slots) < stacks {
		slots = append(slots, Slot{})
	}
	return slots
}

// Stack lists the pieces on square q from the top: size and colour.
func Stack(b *gobblet.Board, q int) [][2]int {
	var out [][2]int
	for z := 0; z < gobblet.MaxSizes; z++ {
		for c := 0; c < 2; c++ {
			if b.B[z][c]&(1<<q) != 0 {
				out = append(out, [2]int{z, c})
			}
		}
	}
	return out
}

// Over reports the outcome: over, and the winning colour.
func (m *Match) Over() (bool, int) {
	switch m.R.Outcome(&m.Board) {
	case gobblet.Won:
		return true, m.Board.Mover
	case gobblet.Lost:
		return true, 1 - m.Board.Mover
	}
	return false, -1
}

// Moves is the legal moves of the side to move.
func (m *Match) Moves() []gobblet.Move { return m.R.Moves(&m.Board, nil) }

// Legal reports whether mv is a legal move now.
func (m *Match) Legal(mv gobblet.Move) bool {
	for _, x := range m.Moves() {
		if x == mv {
			return true
		}
	}
	return false
}

// ErrIllegal is returned for a move the rules do not allow now.
var ErrIllegal = errors.New("gobai: not a legal move")

// Play makes move mv.
func (m *Match) Play(mv gobblet.Move) error {
	if !m.Legal(mv) {
		return ErrIllegal
	}
	if len(m.past) == MaxPlies {
		m.past, m.moves = m.past[1:], m.moves[1:]
	}
	m.past = append(m.past, m.Board)
	m.moves = append(m.moves, mv)
	m.Board = m.R.Play(m.Board, mv)
	m.sel = NoSpot
	return nil
}

// Plies is the number of moves recorded.
func (m *Match) Plies() int { return len(m.moves) }

// Last is the last move, if any.
func (m *Match) Last() (gobblet.Move, bool) {
	if len(m.moves) == 0 {
		return gobblet.Move{}, false
	}
	return m.moves[len(m.moves)-1], true
}

// History is the moves played, oldest first.
func (m *Match) History() []gobblet.Move { return m.moves }

// Before is the position before the last move, if any.
func (m *Match) Before() (gobblet.Board, bool) {
	if len(m.past) == 0 {
		return gobblet.Board{}, false
	}
	return m.past[len(m.past)-1], true
}

// UndoTo takes back moves until colour c is to move again, at least one
// move: a person's move and the computer's reply ("undo a move pair").
// It reports whether anything was taken back.
func (m *Match) UndoTo(c int) bool {
	if len(m.past) == 0 {
		return false
	}
	n := len(m.past) - 1
	for n > 0 && m.past[n].Mover != c {
		n--
	}
	if m.past[n].Mover != c {
		return false
	}
	m.Board = m.past[n]
	m.past, m.moves = m.past[:n], m.moves[:n]
	m.sel = NoSpot
	return true
}

// Selected is the picked spot, or NoSpot.
func (m *Match) Selected() Spot { return m.sel }

// Deselect drops the picked piece; it reports whether one was picked.
func (m *Match) Deselect() bool {
	had := m.sel != NoSpot
	m.sel = NoSpot
	return had
}

// pieceAt is the move source of spot s for the side to move: from square
// or off the board (-1), and size; false when the side to move has no
// piece to play there.
func (m *Match) pieceAt(s Spot) (from, size int, ok bool) {
	me := m.Board.Mover
	if q, isSq := s.IsSquare(); isSq {
		st := Stack(&m.Board, q)
		if len(st) == 0 || st[0][1] != me {
			return 0, 0, false
		}
		return q, st[0][0], true
	}
	c, i, isRes := s.IsReserve()
	if !isRes || c != me {
		return 0, 0, false
	}
	slots := ReserveSlots(&m.R, &m.Board, c)
	if i >= len(slots) || slots[i].Top() < 0 {
		return 0, 0, false
	}
	return -1, slots[i].Top(), true
}

// Targets is the squares the picked piece can go to (none when nothing
// is picked).
func (m *Match) Targets() []int { return m.targetsOf(m.sel) }

func (m *Match) targetsOf(s Spot) []int {
	if s == NoSpot {
		return nil
	}
	from, size, ok := m.pieceAt(s)
	if !ok {
		return nil
	}
	var out []int
	for _, mv := range m.Moves() {
		if int(mv.From) == from && int(mv.Size) == size {
			out = append(out, int(mv.To))
		}
	}
	return out
}

// Pick is a click or Enter on spot s by the side to move: with nothing
// picked it picks up the piece there if it has a move; with a piece
// picked, a legal destination plays the move (returned), another of one's
// pieces picks that one instead, anything else drops the pick.
func (m *Match) Pick(s Spot) (gobblet.Move, bool) {
	if over, _ := m.Over(); over {
		return gobblet.Move{}, false
	}
	if m.sel != NoSpot {
		if q, ok := s.IsSquare(); ok {
			from, size, _ := m.pieceAt(m.sel)
			mv := gobblet.Move{From: int8(from), To: int8(q), Size: int8(size)}
			if m.Legal(mv) {
				m.Play(mv) // legal, so no error
				return mv, true
			}
		}
		if s == m.sel {
			m.sel = NoSpot
			return gobblet.Move{}, false
		}
	}
	m.sel = NoSpot
	if len(m.targetsOf(s)) > 0 {
		m.sel = s
	}
	return gobblet.Move{}, false
}
