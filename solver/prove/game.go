package prove

// State is a game position packed into 64 bits, the side to move included.
// NoState (all ones) is reserved: no game may use it as a position.
type State uint64

// NoState marks an empty slot in the prover's tables.
const NoState = ^State(0)

// Value is the game-theoretic value of a state for the side to move.
type Value uint8

// The values. Unknown is also how a retrograde table stores a draw: a state
// that is still undecided when no more states can be decided is a draw.
const (
	Unknown Value = iota
	Win
	Loss
	Draw
)

func (v Value) String() string {
	switch v {
	case Win:
		return "win"
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	}
	return "unknown"
}

// Game is a finite two-player game of perfect information.
type Game interface {
	// Name identifies the game and its parameters; a certificate records it
	// so that Check can refuse a proof made for another game.
	Name() string
	// Start is the initial position.
	Start() State
	// Mover is the side to move in s: 0 or 1.
	Mover(s State) int
	// Terminal reports whether the game is over in s and, if so, its value
	// for the side to move (Win, Loss or Draw). A state that is not over
	// but has no moves is a loss for the side to move.
	Terminal(s State) (over bool, v Value)
	// Moves appends to buf the states one move from s, a state that is not
	// over, and returns the extended slice.
	Moves(s State, buf []State) []State
	// Canonical returns the representative of s's class under the game's
	// symmetries (s itself for a game without symmetries). Equivalent
	// states must have the same value.
	Canonical(s State) State
}

// MoveOrderer is an optional Game method: it sorts the successors of a
// state, best first for the side to move, before the proof search tries
// them (the drawing player's best first, to find a safe move soon; the
// attacker's best first, to find a refutation soon).
type MoveOrderer interface {
	OrderMoves(s State, moves []State)
}

// MoveOrderNamer is an optional method of a game with more than one move
// order: the name of the one in use. Grow's checkpoint records it, since
// the drawing player's next move to try is a place in that order, and a
// resume with another order would skip moves.
type MoveOrderNamer interface {
	MoveOrderName() string
}

// moveOrderName is g's move order name, "" for a game with one order.
func moveOrderName(g Game) string {
	if n, ok := g.(MoveOrderNamer); ok {
		return n.MoveOrderName()
	}
	return ""
}

// canonicalMoves returns the canonical successors of s, duplicates removed.
func canonicalMoves(g Game, s State, buf []State) []State {
	buf = g.Moves(s, buf[:0])
	for i, m := range buf {
		buf[i] = g.Canonical(m)
	}
	return dedupe(buf)
}

// dedupe sorts a short slice (insertion sort: move lists are small) and
// removes repeats.
func dedupe(a []State) []State {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
	n := 0
	for i, x := range a {
		if i == 0 || x != a[n-1] {
			a[n] = x
			n++
		}
	}
	return a[:n]
}

// dedupeKeepOrder removes repeats from a move list, keeping the first of
// each (quadratic: move lists are short).
func dedupeKeepOrder(a []State) []State {
	n := 0
	for _, x := range a {
		dup := false
		for _, y := range a[:n] {
			if x == y {
				dup = true
				break
			}
		}
		if !dup {
			a[n] = x
			n++
		}
	}
	return a[:n]
}
