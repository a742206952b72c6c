// Package gobblers solves Gobblet Gobblers (and its smaller versions with
// fewer sizes or one piece a size) completely by retrograde analysis over a
// dense table, without edge lists: a position is a number (a rank per size,
// mixed radix), successors come from the move generator and predecessors
// from an unmove generator, so the table costs two bytes a canonical state
// plus a bitset of the canonical numbers. The rules are those of
// solver/prove/gobblet (docs/gobblet.md); the tests check this generator
// against that one move by move.
//
// A position is seen from the side to move: colour 0 is the player to move,
// colour 1 the other (Gobblers is the same game for both colours, so a
// position and its colour swap with the other side to move have the same
// value). A move that uncovers the opponent's line without winning loses at
// once: it is not a position of the table but a losing move (a forfeit).
package gobblers

import (
	"fmt"
	"math/bits"

	"github.com/kocka/kocka/solver/prove/gobblet"
)

const full = 0x1ff // the nine squares

// Pos is a position from the side to move: P[z][c] has a bit for each
// square holding a piece of size z (0 largest) and colour c (0: to move).
type Pos [3][2]uint16

// Space numbers the positions of one Gobblers: for each size, a rank among
// the ways to put 0..Per pieces of each colour on distinct squares (1,423
// ways with two a colour, 91 with one); a position is the ranks as digits,
// size 0 (the largest) the most significant.
type Space struct {
	Sizes, Per int
	K          int       // placements of one size
	N          uint64    // K^Sizes: every number below is a position
	radix      [3]uint64 // K^(Sizes-1-z)
	pairOf     []uint32  // rank -> colour 0's squares | colour 1's << 9
	rankOf     []uint16  // squares pair -> rank; noRank if not a placement
	symOf      [8][]uint16
	perm       [8][9]int
}

const noRank = 0xffff

var (
	hasLine      [512]bool
	linesThrough [9][]uint16
)

func init() {
	ls := (&gobblet.Rules{N: 3}).Lines()
	for m := 0; m < 512; m++ {
		for _, l := range ls {
			if uint16(m)&l == l {
				hasLine[m] = true
			}
		}
	}
	for q := 0; q < 9; q++ {
		for _, l := range ls {
			if l&(1<<q) != 0 {
				linesThrough[q] = append(linesThrough[q], l)
			}
		}
	}
}

// NewSpace returns the numbering of Gobblers with sizes sizes (1..3, from
// the largest) and per pieces of each size a colour (1 or 2).
func NewSpace(sizes, per int) (*Space, error) {
	if sizes < 1 || sizes > 3 || per < 1 || per > 2 {
		return nil, fmt.Errorf("gobblers: sizes %d per-size %d: want sizes 1..3, per-size 1..2", sizes, per)
	}
	sp := &Space{Sizes: sizes, Per: per, rankOf: make([]uint16, 1<<18)}
	for i := range sp.rankOf {
		sp.rankOf[i] = noRank
	}
	// Rank 0 is the empty placement, so the empty board is number 0.
	for a := 0; a <= per; a++ {
		for m := uint16(0); m < 512; m++ {
			if bits.OnesCount16(m) != a {
				continue
			}
			for b := 0; b <= per; b++ {
				for t := uint16(0); t < 512; t++ {
					if bits.OnesCount16(t) != b || m&t != 0 {
						continue
					}
					key := uint32(m) | uint32(t)<<9
					sp.rankOf[key] = uint16(len(sp.pairOf))
					sp.pairOf = append(sp.pairOf, key)
				}
			}
		}
	}
	sp.K = len(sp.pairOf)
	sp.N = 1
	for z := sizes - 1; z >= 0; z-- {
		sp.radix[z] = sp.N
		sp.N *= uint64(sp.K)
	}
	for k, p := range gobblet.Symmetries(3) {
		copy(sp.perm[k][:], p)
		sp.symOf[k] = make([]uint16, sp.K)
		for r, key := range sp.pairOf {
			m, t := sp.permute(k, uint16(key&full)), sp.permute(k, uint16(key>>9))
			sp.symOf[k][r] = sp.rankOf[uint32(m)|uint32(t)<<9]
		}
	}
	return sp, nil
}

func (sp *Space) permute(k int, m uint16) uint16 {
	var out uint16
	for q := 0; q < 9; q++ {
		if m&(1<<q) != 0 {
			out |= 1 << sp.perm[k][q]
		}
	}
	return out
}

// Name is the game's name, the one gobblet.Rules uses.
func (sp *Space) Name() string {
	if sp.Sizes == 3 && sp.Per == 2 {
		return gobblet.Gobblers().Label
	}
	return gobblet.SmallGobblers(sp.Sizes, sp.Per).Label
}

// Valid reports whether p is a position of the space: at most Per pieces a
// size and colour, two of a size never on one square, no piece of a size
// the space does not have.
func (sp *Space) Valid(p *Pos) bool {
	for z := 0; z < 3; z++ {
		if z >= sp.Sizes {
			if p[z][0]|p[z][1] != 0 {
				return false
			}
			continue
		}
		if p[z][0]|p[z][1] > full || sp.rankOf[uint32(p[z][0])|uint32(p[z][1])<<9] == noRank {
			return false
		}
	}
	return true
}

// Index is p's number (p must be Valid).
func (sp *Space) Index(p *Pos) uint64 {
	var i uint64
	for z := 0; z < sp.Sizes; z++ {
		i += uint64(sp.rankOf[uint32(p[z][0])|uint32(p[z][1])<<9]) * sp.radix[z]
	}
	return i
}

// Pos is the position numbered i (< N).
func (sp *Space) Pos(i uint64) Pos {
	var p Pos
	for z := 0; z < sp.Sizes; z++ {
		key := sp.pairOf[i/sp.radix[z]]
		i %= sp.radix[z]
		p[z][0], p[z][1] = uint16(key&full), uint16(key>>9)
	}
	return p
}

// Canon is the number of p's canonical form: the least number among its 8
// symmetric images.
func (sp *Space) Canon(p *Pos) uint64 {
	var r [3]uint16
	for z := 0; z < sp.Sizes; z++ {
		r[z] = sp.rankOf[uint32(p[z][0])|uint32(p[z][1])<<9]
	}
	best := ^uint64(0)
	for k := range sp.symOf {
		var i uint64
		for z := 0; z < sp.Sizes; z++ {
			i += uint64(sp.symOf[k][r[z]]) * sp.radix[z]
		}
		best = min(best, i)
	}
	return best
}

// Apply returns p under symmetry k (0..7).
func (sp *Space) Apply(k int, p *Pos) Pos {
	var q Pos
	for z := range p {
		q[z][0], q[z][1] = sp.permute(k, p[z][0]), sp.permute(k, p[z][1])
	}
	return q
}

// visible returns the squares where each colour is on top.
func visible(p *Pos) (vis [2]uint16) {
	var cov uint16
	for z := 0; z < 3; z++ {
		vis[0] |= p[z][0] &^ cov
		vis[1] |= p[z][1] &^ cov
		cov |= p[z][0] | p[z][1]
	}
	return vis
}

// Outcome of a position for the side to move: 0 going on, +1 won (only its
// own line shows: not reachable in play), -1 lost (the opponent's line
// shows).
func Outcome(p *Pos) int {
	vis := visible(p)
	switch {
	case hasLine[vis[1]]:
		return -1
	case hasLine[vis[0]]:
		return 1
	}
	return 0
}

func swap(p *Pos) Pos {
	return Pos{{p[0][1], p[0][0]}, {p[1][1], p[1][0]}, {p[2][1], p[2][0]}}
}

// Moves appends the positions after each move of p (a position not over),
// seen from the new side to move, and returns them with the number of
// moves that forfeit (lift a piece off the opponent's line without winning).
func (sp *Space) Moves(p *Pos, out []Pos) ([]Pos, int) {
	var occ [3]uint16 // squares with a piece of size <= z
	var acc uint16
	for z := 0; z < 3; z++ {
		acc |= p[z][0] | p[z][1]
		occ[z] = acc
	}
	for z := 0; z < sp.Sizes; z++ {
		if bits.OnesCount16(p[z][0]) >= sp.Per {
			continue
		}
		for t := full &^ occ[z]; t != 0; t &= t - 1 {
			q := *p
			q[z][0] |= 1 << bits.TrailingZeros16(t)
			out = append(out, swap(&q))
		}
	}
	forfeits := 0
	var cov uint16
	for z := 0; z < sp.Sizes; z++ {
		mine := p[z][0] &^ cov
		cov |= p[z][0] | p[z][1]
		for f := mine; f != 0; f &= f - 1 {
			from := bits.TrailingZeros16(f)
			lifted := *p
			lifted[z][0] &^= 1 << from
			revealed := hasLine[visible(&lifted)[1]]
			for t := full &^ occ[z] &^ (1 << from); t != 0; t &= t - 1 {
				to := bits.TrailingZeros16(t)
				q := lifted
				q[z][0] |= 1 << to
				if revealed && !linesAt(visible(&q)[0], to) {
					forfeits++
					continue
				}
				out = append(out, swap(&q))
			}
		}
	}
	return out, forfeits
}

// linesAt reports whether v holds a line through square q.
func linesAt(v uint16, q int) bool {
	for _, l := range linesThrough[q] {
		if v&l == l {
			return true
		}
	}
	return false
}

// Unmoves appends the positions (not over, colour 0 to move) from which a
// move that does not forfeit leads to s: s with its colours swapped, less a
// visible piece of the player who just moved (put back off the board) or
// with that piece moved back to a square where it could have come from.
func (sp *Space) Unmoves(s *Pos, out []Pos) []Pos {
	t := swap(s) // colour 0 just moved
	vt := visible(&t)
	var cov uint16
	for z := 0; z < sp.Sizes; z++ {
		top := t[z][0] &^ cov
		cov |= t[z][0] | t[z][1]
		for f := top; f != 0; f &= f - 1 {
			to := bits.TrailingZeros16(f)
			lifted := t
			lifted[z][0] &^= 1 << to
			if Outcome(&lifted) == 0 {
				out = append(out, lifted) // it was played from off the board
			}
			// It came from a square whose top is smaller, or empty. Lifting
			// it there showed the opponent's line only if the move won.
			if hasLine[visible(&lifted)[1]] && !linesAt(vt[0], to) {
				continue
			}
			var occ uint16
			for y := 0; y <= z; y++ {
				occ |= lifted[y][0] | lifted[y][1]
			}
			for g := full &^ occ &^ (1 << to); g != 0; g &= g - 1 {
				q := lifted
				q[z][0] |= 1 << bits.TrailingZeros16(g)
				vq := visible(&q)
				if !hasLine[vq[0]] && !hasLine[vq[1]] {
					out = append(out, q)
				}
			}
		}
	}
	return out
}

// Board converts p to gobblet's board, with colour 0 to move.
func Board(p *Pos) gobblet.Board {
	var b gobblet.Board
	for z := 0; z < 3; z++ {
		b.B[z] = p[z]
	}
	return b
}

// FromBoard is the position of b seen from its side to move, and whether b
// is a forfeit (a position won by the side to move that the table does not
// hold).
func FromBoard(b *gobblet.Board) (Pos, bool) {
	var p Pos
	for z := 0; z < 3; z++ {
		p[z] = b.B[z]
	}
	if b.Mover == 1 {
		p = swap(&p)
	}
	return p, b.Forfeit
}
