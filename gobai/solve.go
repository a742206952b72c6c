package gobai

import (
	"errors"

	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/gobblet"
)

// Value is a position's game-theoretic value for the side to move.
type Value = prove.Value

// Solution is an exact answer for a position: its value for the side to
// move and a perfect move (the winning one when it wins, one that keeps
// the draw when it draws, the one that holds out longest in the win
// certificate when it loses).
type Solution struct {
	Value Value
	Move  gobblet.Move
	Has   bool // Move is set (the game is not over)
}

// solveMaxBytes caps the proof search's tables for one hint.
const solveMaxBytes = 256 << 20

// from is the game of r started at a given position, for the proof
// search. It also lets the page draw: the search asks for the moves of
// every state it expands, and every yieldStates of them it calls yield
// (which in the browser sleeps once 8 ms of work have passed).
type from struct {
	*gobblet.Game
	start    prove.State
	expanded int
	stop     func() bool
	stopped  bool
}

const yieldStates = 256

func (f *from) Start() prove.State { return f.start }

func (f *from) Moves(s prove.State, buf []prove.State) []prove.State {
	f.expanded++
	if f.expanded%yieldStates == 0 {
		yield()
		f.stopped = f.stopped || f.stop != nil && f.stop()
	}
	if f.stopped {
		// Abandoned: no moves ends the search soon; its answer is
		// discarded (Solve returns ErrStopped).
		return buf
	}
	return f.Game.Moves(s, buf)
}

// Solve finds the exact value of b and a perfect move with the prove
// package's proof search from b, once for each player: can the side to
// move avoid losing, and can the other. r's positions must fit 64 bits
// (Gobblers, AB). Gobblers' start takes about 0.2 s (docs/prove-bench.md);
// later positions less.
func Solve(r gobblet.Rules, b gobblet.Board) (Solution, error) { return SolveStop(r, b, nil) }

// ErrStopped is SolveStop's answer when stop turned true.
var ErrStopped = errors.New("gobai: stopped")

// SolveStop is Solve that gives up, with ErrStopped, soon after stop
// reports true.
func SolveStop(r gobblet.Rules, b gobblet.Board, stop func() bool) (Solution, error) {
	if r.Outcome(&b) != gobblet.Going {
		v := prove.Loss
		if r.Outcome(&b) == gobblet.Won {
			v = prove.Win
		}
		return Solution{Value: v}, nil
	}
	g, err := gobblet.NewGame(r)
	if err != nil {
		return Solution{}, err
	}
	f := &from{Game: g, start: g.Pack(&b), stop: stop}
	me := b.Mover
	opt := prove.Options{Workers: 1, MaxBytes: solveMaxBytes}
	mine, err := prove.Prove(f, me, opt)
	if f.stopped {
		return Solution{}, ErrStopped
	}
	if err != nil {
		return Solution{}, err
	}
	if !mine.Safe { // the opponent wins: hold out longest
		return pick(g, b, mine.Cert, prove.Loss, true)
	}
	theirs, err := prove.Prove(f, 1-me, opt)
	if f.stopped {
		return Solution{}, ErrStopped
	}
	if err != nil {
		return Solution{}, err
	}
	if !theirs.Safe { // the opponent cannot avoid losing: the win certificate's move
		return pick(g, b, theirs.Cert, prove.Win, false)
	}
	return pick(g, b, mine.Cert, prove.Draw, false)
}

// pick turns a certificate's move at the start into a move of b. With
// longest, it takes the move into the highest-ranked state instead (the
// loser's longest resistance in a win certificate).
func pick(g *gobblet.Game, b gobblet.Board, c *prove.Certificate, v Value, longest bool) (Solution, error) {
	find := func(s prove.State) (prove.Entry, bool) {
		lo, hi := 0, len(c.Entries)
		for lo < hi {
			mid := (lo + hi) / 2
			if c.Entries[mid].State < s {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		if lo < len(c.Entries) && c.Entries[lo].State == s {
			return c.Entries[lo], true
		}
		return prove.Entry{}, false
	}
	start, ok := find(c.Start)
	if !ok {
		return Solution{}, errors.New("gobai: certificate without its start")
	}
	sol := Solution{Value: v}
	bestRank := int64(-1)
	for _, m := range g.R.Moves(&b, nil) {
		nb := g.R.Play(b, m)
		k := g.Canonical(g.Pack(&nb))
		if longest {
			if e, ok := find(k); ok && int64(e.Rank) > bestRank {
				bestRank, sol.Move, sol.Has = int64(e.Rank), m, true
			}
			continue
		}
		if k == start.Choice {
			sol.Move, sol.Has = m, true
			return sol, nil
		}
	}
	if !sol.Has {
		return Solution{}, errors.New("gobai: the certificate's move is not a move of the position")
	}
	return sol, nil
}
