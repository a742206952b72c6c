package pcpractice

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver/pc"
)

// Rules are the perfect-clear rules the mode judges by: solution-finder's
// defaults (SRS with kicks and soft drop, hold), as the game plays.
var Rules = pc.Rules{Hold: true, Drop: pc.SoftDrop}

// MaxChancePieces caps the clears whose chance is computed over every
// queue: an untouched empty field (10 pieces, 840 or more queues) takes
// tens of seconds of CPU and hundreds of megabytes (docs/pc.md: 25 s and
// 418 MB for the first bag), so there the verdict stops at the first queue
// that clears and the chance waits for the first piece (9 pieces: about
// 2 s on one core).
const MaxChancePieces = 9

// MaxChanceQueues caps the queues the chance is counted over: with a short
// preview (the player's setting, down to none) a nine-piece clear has up
// to 211,680 queues (one piece shown at a bag's end: *p7,*p7 cut to 9
// more); past 5040 (the *p7 of a six-piece field) only the
// verdict is searched.
const MaxChanceQueues = 5040

// Verdict is the answer for one position.
type Verdict struct {
	Possible bool // some queue the bag can deal perfect-clears the field
	// Clear and Total count the queues that clear and all queues
	// (Position.Sequences); Total is 0 when the chance was not computed
	// (more than MaxChancePieces pieces).
	Clear, Total int
	// First is a queue that clears (the first in Sequences' order), for
	// the hint; nil when none does.
	First []engine.Piece
	// Exact: the pieces shown decide it, no piece unseen matters.
	Exact bool
}

// Chance is the success rate as text: "86.79% (4374/5040)".
func (v Verdict) Chance() string {
	if v.Total == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f%% (%d/%d)", 100*float64(v.Clear)/float64(v.Total), v.Clear, v.Total)
}

// Analyze decides a position. workers is passed to pc.Percent (0 = all
// cores). With full false, or when the clear takes more than
// MaxChancePieces pieces or has more than MaxChanceQueues queues, it stops
// at the first queue that clears and leaves the chance uncounted. A cancelled ctx returns its error.
func Analyze(ctx context.Context, p Position, full bool, workers int) (Verdict, error) {
	n, err := p.Pieces()
	if err != nil {
		return Verdict{}, err
	}
	if n == 0 {
		return Verdict{}, errors.New("the field is already clear")
	}
	pat, count, err := p.pattern()
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Exact: count == 1}
	if !full || n > MaxChancePieces || count > MaxChanceQueues {
		return firstClear(ctx, p.Field, pat, workers, v)
	}
	seqs, err := pc.Sequences(pat, n, true)
	if err != nil {
		return Verdict{}, err
	}
	ok, err := pc.Percent(ctx, p.Field, seqs, Rules, workers, nil)
	if err != nil {
		return Verdict{}, err
	}
	v.Total = len(seqs)
	for i, y := range ok {
		if y {
			if v.Clear == 0 {
				v.First = seqs[i]
			}
			v.Clear++
		}
	}
	v.Possible = v.Clear > 0
	return v, nil
}

// maxChunk caps the queues firstClear holds at a time.
const maxChunk = 4096

// firstClear looks for one queue that clears, walking the pattern's queues
// (distinct, as Pattern writes it) in chunks that double in size (1, 2,
// 4, ... up to maxChunk) and asking pc.Percent about each: the first
// queues usually clear, a field that none clears costs about what one call
// over all of them would (the memo is not shared between chunks), and
// memory stays within a chunk however many queues there are (a 10-piece
// field with no preview has up to 1,058,400).
func firstClear(ctx context.Context, f pc.Field, pat *pc.Pattern, workers int, v Verdict) (Verdict, error) {
	var chunk [][]engine.Piece
	var err error
	size := 1
	check := func() bool { // false: stop walking
		ok, e := pc.Percent(ctx, f, chunk, Rules, workers, nil)
		if e != nil {
			err = e
			return false
		}
		for i, y := range ok {
			if y {
				v.Possible, v.First = true, chunk[i]
				return false
			}
		}
		chunk, size = chunk[:0], min(2*size, maxChunk)
		return true
	}
	pat.Each(func(seq []engine.Piece) bool {
		chunk = append(chunk, slices.Clone(seq))
		return len(chunk) < size || check()
	})
	if err == nil && !v.Possible && len(chunk) > 0 {
		check()
	}
	if err != nil {
		return Verdict{}, err
	}
	return v, nil
}

// Hint is one perfect clear of position p with the queue v.First: its
// steps in the order they are placed. ok is false when v has no queue.
func Hint(ctx context.Context, p Position, v Verdict) (sol pc.Solution, ok bool, err error) {
	if v.First == nil {
		return sol, false, nil
	}
	// SolveContext polls ctx, so in the browser the search pauses there
	// like Analyze's and the frame is never held.
	sol, ok, err = pc.SolveContext(ctx, p.Field, v.First, Rules)
	if err == nil && !ok {
		err = fmt.Errorf("pc: queue %v was found to clear, but Solve finds no clear", v.First)
	}
	return sol, ok, err
}
