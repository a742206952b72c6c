package gobai

import (
	"sync"

	"github.com/kocka/kocka/solver/prove/gobblet"
)

// Thinker runs a computer player off the frame: Start hands it a position
// in a goroutine, and the scene polls Result each tick. Natively the
// goroutine runs on another core; in the browser, where goroutines take
// turns, the Searcher yields every YieldEvery nodes (yield_js.go) so that
// frames keep coming. A position's answer that is no longer wanted (an
// undo, a new game) is dropped by its generation number.
type Thinker struct {
	mu   sync.Mutex
	gen  int
	busy bool
	done bool
	move gobblet.Move
	ok   bool
	err  error
}

// Start thinks about a new position with f (the player's move, false when
// it has none), dropping any answer still pending. f should return soon
// once stop reports true: its answer is no longer wanted.
func (t *Thinker) Start(f func(stop func() bool) (gobblet.Move, bool, error)) {
	t.mu.Lock()
	t.gen++
	gen := t.gen
	t.busy, t.done = true, false
	t.mu.Unlock()
	stop := func() bool {
		t.mu.Lock()
		defer t.mu.Unlock()
		return t.gen != gen
	}
	go func() {
		m, ok, err := f(stop)
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.gen == gen {
			t.busy, t.done, t.move, t.ok, t.err = false, true, m, ok, err
		}
	}()
}

// Cancel drops the answer being worked on; the work sees its stop
// function turn true and ends early.
func (t *Thinker) Cancel() {
	t.mu.Lock()
	t.gen++
	t.busy, t.done = false, false
	t.mu.Unlock()
}

// Busy reports whether an answer is being worked on.
func (t *Thinker) Busy() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.busy
}

// Result takes the answer once it is there: ready, then the move (ok false
// when the player had none) and any error.
func (t *Thinker) Result() (ready bool, m gobblet.Move, ok bool, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.done {
		return false, gobblet.Move{}, false, nil
	}
	t.done = false
	return true, t.move, t.ok, t.err
}

// Yield is what a long computation calls now and then so the frame goes
// on: nothing natively, a short sleep in the browser (yield_js.go).
func Yield() { yield() }
