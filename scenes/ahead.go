package scenes

import (
	"slices"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver/thrower"
)

// aheadRandomizer deals the pieces of a thrower whose choice is a pure
// function of what it sees (minimax and kind keep no state that changes a
// decision), and can work out a choice before the engine asks for it: the
// bot's scene knows where the current piece will lock, so the decision at
// that lock is computed in the background, by a second instance of the
// thrower, while the piece is still moving. A decision two deep with the
// next piece shown takes longer than a frame (BenchmarkVersusDecision);
// this way the frame does not wait for it. The pieces dealt are exactly
// the ones the thrower would deal inline, so replays are unchanged.
type aheadRandomizer struct {
	*thrower.Replayable // the thrower of record: replay spec, and any choice not foreseen
	spare               thrower.Thrower
	job                 *aheadJob
	why                 thrower.Explanation
	foreseen            int // decisions taken from the background
}

// aheadJob is one decision being computed in the background.
type aheadJob struct {
	rows    []uint16
	pending []engine.Piece
	done    chan struct{}
	piece   engine.Piece
	why     thrower.Explanation
}

// pureThrowers are the throwers New builds whose Next depends only on the
// view.
var pureThrowers = map[string]bool{"minimax": true, "kind": true}

// newAheadRandomizer wraps r when its thrower is pure, or returns nil.
func newAheadRandomizer(r *thrower.Replayable) (*aheadRandomizer, error) {
	if !pureThrowers[r.Name] {
		return nil, nil
	}
	spare, err := thrower.New(r.Name, r.Options)
	if err != nil {
		return nil, err
	}
	return &aheadRandomizer{Replayable: r, spare: spare, why: r.Explain()}, nil
}

// Foresee starts computing the choice for view v (the well after the
// coming lock, the pieces pending then), unless the spare thrower is busy.
func (r *aheadRandomizer) Foresee(v thrower.View) {
	if r.job != nil {
		select {
		case <-r.job.done:
		default:
			return // still working on an earlier guess
		}
	}
	job := &aheadJob{rows: slices.Clone(v.Board.Rows()), pending: slices.Clone(v.Pending), done: make(chan struct{})}
	v.Board = v.Board.Clone()
	v.Pending = job.pending
	r.job = job
	go func() {
		job.piece = r.spare.Next(v)
		job.why = thrower.Randomizer{T: r.spare}.Explain()
		close(job.done)
	}()
}

// Next implements engine.Randomizer: the foreseen choice when the game is
// where it was foreseen, else the thrower's own.
func (r *aheadRandomizer) Next(g *engine.Game) engine.Piece {
	var pending []engine.Piece
	if cur, ok := g.Current(); ok {
		pending = append(pending, cur.Piece)
	}
	pending = append(pending, g.Queue()...)
	if j := r.job; j != nil && slices.Equal(j.pending, pending) && slices.Equal(j.rows, g.Board().Rows()) {
		<-j.done
		r.job = nil
		r.why = j.why
		r.foreseen++
		return j.piece
	}
	p := r.Replayable.Next(g)
	r.why = r.Replayable.Explain()
	return p
}

// Explain is the explanation of the last piece dealt, by whichever
// instance chose it.
func (r *aheadRandomizer) Explain() thrower.Explanation { return r.why }
