// Package gobblet is the family of stacking games Gobblet (4x4, Blue Orange
// Games, as Bureš's 2011 thesis plays it, and its AB and ABC variants) and
// Gobblet Gobblers (3x3), with one move generator for all of them and the
// prove.Game adapter that packs a position into 64 bits where it fits. The
// rules implemented, with every case decided, are in docs/gobblet.md.
package gobblet

import (
	"fmt"
	"math/bits"
)

// Sizes are numbered from the largest: 0 is A, 1 B, 2 C, 3 D. A piece covers
// any piece of a larger number.
const MaxSizes = 4

// Rules is one game of the family.
type Rules struct {
	N int // board side: 3 (Gobblers) or 4 (Gobblet)
	// Pieces[c][z] is how many pieces of size z colour c owns.
	Pieces [2][MaxSizes]int
	// Stacked: the pieces off the board wait in nested stacks, largest on
	// top, and only a stack's top can be played (Gobblet). Otherwise any
	// piece off the board can be played (Gobblers).
	Stacked bool
	// GobbleOnThreat: a piece from off the board goes onto an empty square,
	// or over an opponent's piece in a line where the opponent has N-1
	// visible pieces (Gobblet). Otherwise it may cover any smaller piece
	// (Gobblers).
	GobbleOnThreat bool
	// First is the colour that moves first.
	First int
	Label string // the game's name in certificates and reports
}

// Gobblers is Gobblet Gobblers: 3x3, two pieces of each of three sizes a
// side, any piece off the board playable, over anything smaller.
func Gobblers() Rules {
	return Rules{N: 3, Pieces: [2][MaxSizes]int{{2, 2, 2}, {2, 2, 2}}, Label: "gobblers"}
}

// SmallGobblers is Gobblers with fewer pieces: sizes sizes (from the
// largest) and perSize pieces of each, for tests and quick runs.
func SmallGobblers(sizes, perSize int) Rules {
	r := Rules{N: 3, Label: fmt.Sprintf("gobblers sizes=%d per-size=%d", sizes, perSize)}
	for z := 0; z < sizes; z++ {
		r.Pieces[0][z], r.Pieces[1][z] = perSize, perSize
	}
	return r
}

// Drawing is the colour of the drawing player (White in the thesis) in the
// Gobblet variants; the attacker is the other.
const (
	Drawing  = 0
	Attacker = 1
)

// Variant returns the thesis' 4x4 game: "full" (4 sizes each), "abc" (the
// attacker A, B and C, the drawing player A and B) or "ab" (the attacker A
// and B, the drawing player A); three stacks a side. first is Drawing or
// Attacker.
func Variant(name string, first int) (Rules, error) {
	var att, dr int
	switch name {
	case "full":
		att, dr = 4, 4
	case "abc":
		att, dr = 3, 2
	case "ab":
		att, dr = 2, 1
	default:
		return Rules{}, fmt.Errorf("gobblet: unknown variant %q (full, abc, ab)", name)
	}
	r := Rules{N: 4, Stacked: true, GobbleOnThreat: true, First: first}
	for z := 0; z < att; z++ {
		r.Pieces[Attacker][z] = 3
	}
	for z := 0; z < dr; z++ {
		r.Pieces[Drawing][z] = 3
	}
	side := map[int]string{Drawing: "drawing", Attacker: "attacker"}[first]
	r.Label = fmt.Sprintf("gobblet %s first=%s", name, side)
	return r, nil
}

// Board is a position: B[z][c] has a bit for each square holding a piece
// of size z and colour c (square r*N+c, row by row).
type Board struct {
	B     [MaxSizes][2]uint16
	Mover int // the colour to move
	// Forfeit: the player who just moved uncovered a line of the side to
	// move and did not win at once, and so lost.
	Forfeit bool
}

func (r *Rules) full() uint16 { return uint16(1)<<(r.N*r.N) - 1 }

// Lines are the rows, columns and both diagonals.
func (r *Rules) Lines() []uint16 {
	n := r.N
	var ls []uint16
	row := uint16(1)<<n - 1
	var col, d1, d2 uint16
	for i := 0; i < n; i++ {
		ls = append(ls, row<<(i*n))
		col |= 1 << (i * n)
		d1 |= 1 << (i*n + i)
		d2 |= 1 << (i*n + n - 1 - i)
	}
	for i := 0; i < n; i++ {
		ls = append(ls, col<<i)
	}
	return append(ls, d1, d2)
}

// Visible returns the squares where each colour's piece is on top.
func (r *Rules) Visible(b *Board) (vis [2]uint16) {
	var covered uint16
	for z := 0; z < MaxSizes; z++ {
		for c := 0; c < 2; c++ {
			vis[c] |= b.B[z][c] &^ covered
		}
		covered |= b.B[z][0] | b.B[z][1]
	}
	return vis
}

// HasLine reports whether the squares in v contain a line.
func (r *Rules) HasLine(v uint16) bool {
	for _, l := range r.lines() {
		if v&l == l {
			return true
		}
	}
	return false
}

var lineCache = [5][]uint16{3: (&Rules{N: 3}).Lines(), 4: (&Rules{N: 4}).Lines()}

func (r *Rules) lines() []uint16 { return lineCache[r.N] }

// Outcome of a position for the side to move.
type Outcome int8

const (
	Going Outcome = iota
	Won           // the side to move has won (the other forfeited)
	Lost          // the side to move has lost
)

// Outcome: a forfeit wins for the side to move; otherwise a line of the
// player who just moved ends the game (so does a line of the side to move,
// which only a forfeit can leave, kept here for hand-made boards).
func (r *Rules) Outcome(b *Board) Outcome {
	if b.Forfeit {
		return Won
	}
	vis := r.Visible(b)
	switch {
	case r.HasLine(vis[1-b.Mover]):
		return Lost
	case r.HasLine(vis[b.Mover]):
		return Won
	}
	return Going
}

// InHand reports whether colour c can play a piece of size z from off the
// board.
func (r *Rules) InHand(b *Board, c, z int) bool {
	if r.Pieces[c][z] == 0 {
		return false
	}
	on := bits.OnesCount16(b.B[z][c])
	if !r.Stacked {
		return on < r.Pieces[c][z]
	}
	// Pieces never leave the board, so the stacks are known from the counts
	// on it: a stack shows size z when its larger pieces are all out and
	// its z is not; there are (count of size z-1 out) - (count of z out)
	// such stacks.
	above := r.Pieces[c][0]
	if z > 0 {
		above = bits.OnesCount16(b.B[z-1][c])
	}
	return above > on
}

// Move is a move: a piece of size Size from off the board (From < 0) or from
// square From to square To.
type Move struct {
	From, To int8
	Size     int8
}

func (m Move) String() string {
	z := string(rune('A' + m.Size))
	if m.From < 0 {
		return fmt.Sprintf("%s@%d", z, m.To)
	}
	return fmt.Sprintf("%s%d-%d", z, m.From, m.To)
}

// Moves appends the legal moves of the side to move (none when the game is
// over).
func (r *Rules) Moves(b *Board, ms []Move) []Move {
	if r.Outcome(b) != Going {
		return ms
	}
	c := b.Mover
	full := r.full()
	var occ [MaxSizes]uint16 // squares holding a piece of size <= z (as big or bigger)
	var acc uint16
	for z := 0; z < MaxSizes; z++ {
		acc |= b.B[z][0] | b.B[z][1]
		occ[z] = acc
	}
	vis := r.Visible(b)
	empty := full &^ occ[MaxSizes-1]
	// Squares open to a piece from off the board under the threat rule.
	var threatened uint16
	if r.GobbleOnThreat {
		for _, l := range r.lines() {
			if bits.OnesCount16(vis[1-c]&l) == r.N-1 {
				threatened |= vis[1-c] & l
			}
		}
	}
	for z := 0; z < MaxSizes; z++ {
		if !r.InHand(b, c, z) {
			continue
		}
		to := full &^ occ[z]
		if r.GobbleOnThreat {
			to &= empty | threatened
		}
		for t := to; t != 0; t &= t - 1 {
			ms = append(ms, Move{From: -1, To: int8(bits.TrailingZeros16(t)), Size: int8(z)})
		}
	}
	var covered uint16
	for z := 0; z < MaxSizes; z++ {
		mine := b.B[z][c] &^ covered
		covered |= b.B[z][0] | b.B[z][1]
		for f := mine; f != 0; f &= f - 1 {
			from := bits.TrailingZeros16(f)
			to := full &^ occ[z] &^ (1 << from)
			for t := to; t != 0; t &= t - 1 {
				ms = append(ms, Move{From: int8(from), To: int8(bits.TrailingZeros16(t)), Size: int8(z)})
			}
		}
	}
	return ms
}

// Play returns the position after m, a legal move, with the uncovering rule
// applied: if lifting the piece shows a line of the opponent, the mover
// forfeits unless the moved piece itself completes a line of the mover's.
func (r *Rules) Play(b Board, m Move) Board {
	c := b.Mover
	z := int(m.Size)
	revealed := false
	if m.From >= 0 {
		b.B[z][c] &^= 1 << m.From
		revealed = r.HasLine(r.Visible(&b)[1-c])
	}
	b.B[z][c] |= 1 << m.To
	b.Mover = 1 - c
	b.Forfeit = false
	if revealed {
		mine := r.Visible(&b)[c]
		won := false
		for _, l := range r.lines() {
			if l&(1<<m.To) != 0 && mine&l == l {
				won = true
			}
		}
		if !won {
			b.Forfeit = true
		}
	}
	return b
}

// Start is the empty board with First to move.
func (r *Rules) Start() Board { return Board{Mover: r.First} }

// String draws the board: for each square its stack, largest first, as
// letters (upper case colour 0, lower case colour 1), "." for empty.
func (r *Rules) String(b *Board) string {
	s := ""
	for q := 0; q < r.N*r.N; q++ {
		cell := ""
		for z := 0; z < MaxSizes; z++ {
			for c := 0; c < 2; c++ {
				if b.B[z][c]&(1<<q) != 0 {
					ch := rune('A' + z)
					if c == 1 {
						ch = rune('a' + z)
					}
					cell += string(ch)
				}
			}
		}
		if cell == "" {
			cell = "."
		}
		s += fmt.Sprintf("%-4s", cell)
		if q%r.N == r.N-1 {
			s += "\n"
		}
	}
	return s
}
