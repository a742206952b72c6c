// Package tictactoe is noughts and crosses for the prover: small enough to
// check the prover against the known figures (a draw; 5,478 legal positions,
// 765 up to symmetry).
package tictactoe

import (
	"math/bits"

	"github.com/kocka/kocka/solver/prove"
)

// A state holds X's squares in bits 0-8 and O's in bits 9-17; X moves when
// both have as many pieces.
const full = 0x1ff

var lines = [8]uint16{0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124}

// symmetries of the square: each maps square i to sym[k][i].
var syms = func() [8][9]int {
	var out [8][9]int
	for k := 0; k < 8; k++ {
		for i := 0; i < 9; i++ {
			r, c := i/3, i%3
			if k&4 != 0 {
				r, c = c, r
			}
			if k&1 != 0 {
				r = 2 - r
			}
			if k&2 != 0 {
				c = 2 - c
			}
			out[k][i] = r*3 + c
		}
	}
	return out
}()

// Game is tic-tac-toe; X (player 0) moves first.
type Game struct{}

func (Game) Name() string       { return "tictactoe" }
func (Game) Start() prove.State { return 0 }

func split(s prove.State) (x, o uint16) { return uint16(s) & full, uint16(s>>9) & full }

func (Game) Mover(s prove.State) int {
	x, o := split(s)
	if bits.OnesCount16(x) > bits.OnesCount16(o) {
		return 1
	}
	return 0
}

func hasLine(b uint16) bool {
	for _, l := range lines {
		if b&l == l {
			return true
		}
	}
	return false
}

// Terminal: the player who just moved has a line (a loss for the side to
// move), or the board is full (a draw).
func (g Game) Terminal(s prove.State) (bool, prove.Value) {
	x, o := split(s)
	if hasLine(x) || hasLine(o) {
		return true, prove.Loss
	}
	if x|o == full {
		return true, prove.Draw
	}
	return false, prove.Unknown
}

func (g Game) Moves(s prove.State, buf []prove.State) []prove.State {
	x, o := split(s)
	shift := uint(0)
	if g.Mover(s) == 1 {
		shift = 9
	}
	for i := 0; i < 9; i++ {
		if (x|o)&(1<<i) == 0 {
			buf = append(buf, s|prove.State(1)<<(uint(i)+shift))
		}
	}
	return buf
}

func (Game) Canonical(s prove.State) prove.State {
	best := s
	for k := 1; k < 8; k++ {
		var t prove.State
		for i := 0; i < 18; i++ {
			if s&(1<<i) != 0 {
				t |= 1 << (uint(i/9*9) + uint(syms[k][i%9]))
			}
		}
		best = min(best, t)
	}
	return best
}

// Plain is tic-tac-toe without symmetry reduction, for counting positions.
type Plain struct{ Game }

func (Plain) Name() string                        { return "tictactoe-plain" }
func (Plain) Canonical(s prove.State) prove.State { return s }

// OrderMoves tries the centre, then corners, then edges: enough for the
// proof search to find the draw quickly.
func (g Game) OrderMoves(s prove.State, moves []prove.State) {
	rank := func(m prove.State) int {
		d := m ^ s
		i := bits.TrailingZeros64(uint64(d)) % 9
		switch i {
		case 4:
			return 0
		case 0, 2, 6, 8:
			return 1
		}
		return 2
	}
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && rank(moves[j]) < rank(moves[j-1]); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}
