// Package pcplan lets the guideline bot play perfect clears: when the
// stack is low and the pieces in view (current, hold and preview) can
// clear the whole board, it plays the first piece of such a clear, found
// by the offline solver of solver/pc, instead of the bot's own choice.
package pcplan

import (
	"context"
	"errors"
	"math/bits"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/pc"
)

// Planner is a solver.Override. It keeps the last solution it found, and
// a solver call's answer for one position, so that replanning the same
// piece does not search again; it is not safe for concurrent use.
type Planner struct {
	// MaxLines is the tallest clear looked for (up to pc.MaxLines; 0 means 4).
	MaxLines int
	// Budget caps the placements one solver call tries (0: no cap); a
	// call that spends it counts as finding no clear. It bounds the time
	// a piece can take where a frame waits for the answer, and unlike a
	// deadline it makes the same choice on every machine.
	Budget int

	// The last position asked about and the answer.
	lastKey   key
	lastPlan  solver.Plan
	lastOK    bool
	lastValid bool
	gen       solver.Generator
	places    []solver.Placement

	// Stats counts what the planner did.
	Stats Stats
}

// Stats counts the planner's work.
type Stats struct {
	Asked  int // positions it was asked about
	Solved int // of those, calls to the perfect-clear solver
	Found  int // positions where it found a clear and took over
	GaveUp int // solver calls that spent the Budget
}

// maxQueue is the most pieces in view the planner uses: hold, current and
// ten previews, more than any clear of pc.MaxLines rows needs.
const maxQueue = 12

type key struct {
	rows  [pc.MaxLines]uint16
	queue [maxQueue]engine.Piece
	hold  bool
}

// New returns a planner for clears up to maxLines tall.
func New(maxLines int) *Planner { return &Planner{MaxLines: maxLines} }

// Override plays the first piece of a perfect clear of st's board when the
// pieces in view make one.
func (p *Planner) Override(st *solver.State) (solver.Plan, bool) {
	p.Stats.Asked++
	b := st.Board
	maxLines := p.MaxLines
	if maxLines == 0 {
		maxLines = 4
	}
	h := b.StackHeight()
	if st.Mode != solver.ModeFull || b.Width != pc.Width || h > maxLines {
		return solver.Plan{}, false
	}
	// The solver's model of hold: the first piece is in hand, and each
	// piece drawn is placed or swapped with it. With a piece in the hold
	// box, that piece is the one in hand and the current piece is drawn.
	queue := make([]engine.Piece, 0, 2+len(st.Queue))
	if st.CanHold && st.Hold != engine.None {
		queue = append(queue, st.Hold)
	}
	queue = append(queue, st.Current)
	queue = append(queue, st.Queue...)
	queue = queue[:min(len(queue), maxQueue)]
	var k key
	for y := 0; y < min(h, pc.MaxLines); y++ {
		k.rows[y] = b.Row(y)
	}
	copy(k.queue[:], queue)
	k.hold = st.CanHold
	if p.lastValid && k == p.lastKey {
		return p.lastPlan, p.lastOK
	}
	p.lastKey, p.lastPlan, p.lastOK, p.lastValid = k, solver.Plan{}, false, true

	filled := 0
	for y := range h {
		filled += bits.OnesCount16(b.Row(y))
	}
	for lines := max(h, pc.MinLines); lines <= maxLines; lines++ {
		empty := lines*pc.Width - filled
		if empty%4 != 0 || empty/4 > len(queue) || empty == 0 {
			continue
		}
		f, err := pc.NewField(b, lines)
		if err != nil {
			continue
		}
		p.Stats.Solved++
		sol, ok, err := pc.SolveLimit(context.Background(), f, queue, pc.Rules{Hold: st.CanHold}, p.Budget)
		if errors.Is(err, pc.ErrBudget) {
			p.Stats.GaveUp++
		}
		if err != nil || !ok {
			continue
		}
		if plan, ok := p.first(st, sol.Steps[0].Placed); ok {
			p.Stats.Found++
			p.lastPlan, p.lastOK = plan, true
			return plan, true
		}
	}
	return solver.Plan{}, false
}

// first turns the solution's first step into the bot's plan: the same
// cells as a placement the game's movegen reaches, with its path.
func (p *Planner) first(st *solver.State, want engine.Placed) (solver.Plan, bool) {
	hold := want.Piece != st.Current
	if hold && (!st.CanHold || (st.Hold != want.Piece && (st.Hold != engine.None || len(st.Queue) == 0 || st.Queue[0] != want.Piece))) {
		return solver.Plan{}, false
	}
	cells := mask(want)
	p.places = p.gen.Generate(p.places[:0], st.Board, want.Piece, solver.Options{Mode: st.Mode, Kicks: st.Kicks, SpawnRow: st.SpawnRow})
	for _, pl := range p.places {
		if mask(pl.Placed) == cells {
			pl.Path = append([]solver.Move(nil), pl.Path...) // the generator reuses its buffers
			return solver.Plan{OK: true, Hold: hold, Placement: pl, Path: pl.Path,
				Candidates: []solver.Candidate{{Placement: pl, Hold: hold, Depth: 1}}}, true
		}
	}
	return solver.Plan{}, false
}

// mask is the set of a piece's cells, whatever order Cells lists them in.
func mask(m engine.Placed) (out [engine.MaxWidth]uint64) {
	for _, c := range m.Cells() {
		out[c.X] |= 1 << uint(c.Y)
	}
	return out
}
