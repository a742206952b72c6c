package thrower

import (
	"slices"

	"github.com/kocka/kocka/engine"
)

// Ahead deals the pieces of a stateless thrower (Thrower.Stateless: its
// choice is a function of the view alone) and can work out a choice before
// the engine asks for it: a player that knows where the current piece
// will lock (the bot) calls Foresee with the well after that lock, and a
// second instance of the thrower decides in the background while the piece
// is still moving. A decision two deep with the next piece shown takes
// longer than a frame; this way the frame does not wait for it. The pieces
// dealt are exactly the ones the thrower would deal inline, so replays are
// unchanged.
type Ahead struct {
	*Replayable // the thrower of record: replay spec, and any choice not foreseen
	spare       Thrower
	job         *aheadJob
	why         Explanation
	foreseen    int // decisions taken from the background
}

// aheadJob is one decision being computed in the background.
type aheadJob struct {
	rows    []uint16
	pending []engine.Piece
	done    chan struct{}
	piece   engine.Piece
	why     Explanation
}

// NewAhead wraps r when its thrower is stateless, or returns nil.
func NewAhead(r *Replayable) (*Ahead, error) {
	if !r.T.Stateless() {
		return nil, nil
	}
	spare, err := New(r.Name, r.Options)
	if err != nil {
		return nil, err
	}
	return &Ahead{Replayable: r, spare: spare, why: r.Explain()}, nil
}

// Foresee starts computing the choice for view v (the well after the
// coming lock, the pieces pending then), unless the spare thrower is busy.
func (r *Ahead) Foresee(v View) {
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
		job.why = Randomizer{T: r.spare}.Explain()
		close(job.done)
	}()
}

// Next implements engine.Randomizer: the foreseen choice when the game is
// where it was foreseen, else the thrower's own.
func (r *Ahead) Next(g *engine.Game) engine.Piece {
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
func (r *Ahead) Explain() Explanation { return r.why }

// Foreseen is how many pieces dealt were decided in the background.
func (r *Ahead) Foreseen() int { return r.foreseen }
