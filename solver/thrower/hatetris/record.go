package hatetris

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"time"

	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/bounded"
)

// RecordRun is one finished beam search of a record attempt.
type RecordRun struct {
	Width   int     `json:"width"`
	Lines   int     `json:"lines"`
	Pieces  int     `json:"pieces"`
	Seconds float64 `json:"seconds"`
	Replay  string  `json:"replay"`
}

// RecordState is what a record attempt keeps on disk between sessions:
// the evaluation it uses, every finished run (beam width, lines, time) and
// the best replay. A new session goes on with the next, doubled width.
type RecordState struct {
	Personality string      `json:"personality"`
	LineWeight  float64     `json:"line_weight"`
	Runs        []RecordRun `json:"runs"`
	Best        RecordRun   `json:"best"`
	TotalSecs   float64     `json:"total_seconds"`
}

// NextWidth is the beam width of the next run: double the last one, or
// start.
func (s *RecordState) NextWidth(start int) int {
	if len(s.Runs) == 0 {
		return start
	}
	return s.Runs[len(s.Runs)-1].Width * 2
}

// Bounds of a record attempt, for the flags and the state file alike.
const (
	// MaxRecordWidth is the widest beam: a width of 2^22 wells already
	// takes gigabytes, and doubling past 2^30 would overflow.
	MaxRecordWidth = 1 << 30
	// MaxRecordStateBytes caps the state file: one replay (tens of KiB)
	// per doubling, at most 31 of them.
	MaxRecordStateBytes = 16 << 20
)

// LoadRecordState reads a state file; a missing file is a fresh state.
// The file is checked (Validate) before anything runs on it.
func LoadRecordState(path string) (*RecordState, error) {
	data, err := bounded.ReadFile(path, nil, MaxRecordStateBytes)
	if errors.Is(err, os.ErrNotExist) {
		return &RecordState{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("record state: %w", err)
	}
	var s RecordState
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("record state %s: %w", path, err)
	}
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("record state %s: %w", path, err)
	}
	return &s, nil
}

// Validate checks what a state file may hold: widths that double from 1
// up to MaxRecordWidth (a width of 0 doubled to 0 forever, 2^62 overflowed
// to a negative width), counts that are not negative, finite numbers.
func (s *RecordState) Validate() error {
	if math.IsNaN(s.LineWeight) || math.IsInf(s.LineWeight, 0) {
		return fmt.Errorf("line weight %g is not a finite number", s.LineWeight)
	}
	if math.IsNaN(s.TotalSecs) || math.IsInf(s.TotalSecs, 0) || s.TotalSecs < 0 {
		return fmt.Errorf("total seconds %g is not a finite, non-negative number", s.TotalSecs)
	}
	check := func(what string, r RecordRun) error {
		switch {
		case r.Width < 1 || r.Width > MaxRecordWidth:
			return fmt.Errorf("%s: width %d out of range 1..%d", what, r.Width, MaxRecordWidth)
		case r.Lines < 0 || r.Pieces < 0:
			return fmt.Errorf("%s: negative lines or pieces", what)
		case math.IsNaN(r.Seconds) || math.IsInf(r.Seconds, 0) || r.Seconds < 0:
			return fmt.Errorf("%s: seconds %g is not a finite, non-negative number", what, r.Seconds)
		}
		return nil
	}
	for i, r := range s.Runs {
		if err := check(fmt.Sprintf("run %d", i+1), r); err != nil {
			return err
		}
		if i > 0 && r.Width <= s.Runs[i-1].Width {
			return fmt.Errorf("run %d: width %d is not wider than the run before (%d)", i+1, r.Width, s.Runs[i-1].Width)
		}
	}
	if s.Best.Replay != "" {
		if err := check("best", s.Best); err != nil {
			return err
		}
	}
	return nil
}

// Save writes the state atomically, keeping the previous state as .bak.
func (s *RecordState) Save(path string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, append(data, '\n'), 0o644)
}

// RunRecord runs one beam search of the given width until every line of
// play is over or the deadline passes (then ok is false and the run does
// not count), and checks its best line by replaying it through the rules.
// progress is called after every piece.
func RunRecord(width int, eval func(*Well) float64, lineWeight float64, deadline time.Time,
	progress func(b *Beam)) (run RecordRun, ok bool, err error) {
	start := time.Now()
	b := NewBeam(Standard, width, eval)
	b.LineWeight = lineWeight
	for b.Step() {
		if progress != nil {
			progress(b)
		}
		if time.Now().After(deadline) {
			return RecordRun{}, false, nil
		}
	}
	moves, err := b.Moves(b.Best())
	if err != nil {
		return RecordRun{}, false, err
	}
	g, err := NewGame(Standard, NewEnemy(false))
	if err != nil {
		return RecordRun{}, false, err
	}
	g.Play(moves)
	if g.Score() != b.Best().Score {
		return RecordRun{}, false, fmt.Errorf("hatetris: the replay of width %d scores %d lines, the search found %d", width, g.Score(), b.Best().Score)
	}
	return RecordRun{Width: width, Lines: g.Score(), Pieces: b.Best().Pieces,
		Seconds: time.Since(start).Seconds(), Replay: EncodeReplay(g.Moves())}, true, nil
}
