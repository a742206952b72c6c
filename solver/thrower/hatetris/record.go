package hatetris

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/kocka/kocka/internal/atomicfile"
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

// LoadRecordState reads a state file; a missing file is a fresh state.
func LoadRecordState(path string) (*RecordState, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return &RecordState{}, nil
	}
	if err != nil {
		return nil, err
	}
	var s RecordState
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("record state %s: %w", path, err)
	}
	return &s, nil
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
