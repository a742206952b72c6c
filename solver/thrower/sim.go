package thrower

import (
	"fmt"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// Match is one placer-against-thrower simulation: the well, the piece set,
// the thrower and its options, and the placer (a personality searching to
// a depth with a placement model).
type Match struct {
	Thrower       string
	Pieces        []engine.Piece // nil = all seven
	Width, Height int
	Function      string // the placer's personality (the minimax thrower scores with it too)
	Depth         int    // the placer's depth, in thrower choices (1 = greedy)
	ThrowerDepth  int    // the minimax thrower's depth (0 = Depth)
	Preview       bool
	Model         solver.Mode
	MoveLimit     int
	Seed          uint64
}

// The bounds of a match, the same for the flags of kocka analyze, its
// presets and its grid files: a grid file is input from outside, and a
// deeper search (depth 9999) or a longer game than the flags allow would
// run for days.
const (
	MaxDepth     = 4         // placer and thrower depth, in thrower choices
	MaxMoveLimit = 1_000_000 // pieces before a match is called a draw
	MaxMatches   = 100_000   // matches in one grid
)

// Validate checks a match against the bounds and names a thrower and a
// personality that exist, so that a bad grid fails before any match runs.
func (m Match) Validate() error {
	switch {
	case m.Width < 4 || m.Width > engine.MaxWidth:
		return fmt.Errorf("width %d out of range 4..%d", m.Width, engine.MaxWidth)
	case m.Height < 4 || m.Height+engine.BufferRows > 64:
		return fmt.Errorf("height %d out of range 4..%d", m.Height, 64-engine.BufferRows)
	case m.Depth < 1 || m.Depth > MaxDepth:
		return fmt.Errorf("depth %d out of range 1..%d", m.Depth, MaxDepth)
	case m.ThrowerDepth < 0 || m.ThrowerDepth > MaxDepth:
		return fmt.Errorf("thrower depth %d out of range 1..%d (0: the depth)", m.ThrowerDepth, MaxDepth)
	case m.MoveLimit < 1 || m.MoveLimit > MaxMoveLimit:
		return fmt.Errorf("move limit %d out of range 1..%d", m.MoveLimit, MaxMoveLimit)
	}
	if _, err := New(m.Thrower, Options{Pieces: m.Pieces}); err != nil {
		return err
	}
	if _, err := solver.PersonalityByName(m.Function); err != nil {
		return err
	}
	return nil
}

// Outcome is how a match ended.
type Outcome struct {
	Result  string // "cycle", "loss" or "limit"
	Move    int    // pieces placed when it ended (cycle: when the repeat was seen)
	Cycle   Cycle  // the cycle, when Result is "cycle"
	Lines   int
	Elapsed time.Duration
	Board   *engine.Board // the final board
}

// Results.
const (
	ResultCycle = "cycle"
	ResultLoss  = "loss"
	ResultLimit = "limit"
)

// Run plays the match to a loss, a cycle of states or the move limit. The
// state is the board, the pieces dealt but not placed and the thrower's
// fingerprint; the placer and the thrower are deterministic functions of
// it, so a repeat means the placer survives forever.
func (m Match) Run() (Outcome, error) {
	start := time.Now()
	if m.Width < 4 || m.Width > engine.MaxWidth || m.Height < 4 || m.Height+engine.BufferRows > 64 {
		return Outcome{}, fmt.Errorf("well %dx%d out of range", m.Width, m.Height)
	}
	if m.Depth < 1 {
		m.Depth = 1
	}
	if m.ThrowerDepth == 0 {
		m.ThrowerDepth = m.Depth
	}
	if m.MoveLimit <= 0 {
		m.MoveLimit = 10000
	}
	opts := Options{Pieces: m.Pieces, Preview: m.Preview, Width: m.Width, Height: m.Height,
		Seed: m.Seed, Depth: m.ThrowerDepth, Personality: m.Function, Model: m.Model}
	t, err := New(m.Thrower, opts)
	if err != nil {
		return Outcome{}, err
	}
	w, err := solver.PersonalityByName(m.Function)
	if err != nil {
		return Outcome{}, err
	}
	placer := NewSearch(opts.pieces(), w, solver.Options{Mode: m.Model}, m.Height)
	if mm, ok := t.(*Minimax); ok {
		// The same game tree: the placer reuses the positions the thrower
		// has already scored (the table never changes a decision).
		placer = mm.s
	}

	b := engine.NewBoard(m.Width, m.Height+engine.BufferRows)
	known := 1
	if m.Preview {
		known = 2
	}
	var pending []engine.Piece
	deal := func() {
		for len(pending) < known {
			pending = append(pending, t.Next(View{Board: b, Pending: pending, Height: m.Height}))
		}
	}
	deal()
	det := NewCycleDetector(1)
	out := Outcome{Result: ResultLimit}
	for move := 0; ; move++ {
		if move >= m.MoveLimit {
			out.Move = move
			break
		}
		pl, _, ok := placer.ChoosePlacement(b, pending, m.Depth-1)
		if !ok {
			out.Result, out.Move = ResultLoss, move
			break
		}
		b.Place(pl.Placed)
		out.Lines += b.ClearLines()
		pending = pending[1:]
		deal()
		if det.Observe(b, piecesHash(t.Fingerprint(), pending)) {
			out.Result, out.Move, out.Cycle = ResultCycle, move+1, det.Cycle()
			break
		}
	}
	out.Elapsed = time.Since(start)
	out.Board = b
	return out, nil
}
