package scenes

import (
	"fmt"
	"slices"
	"sort"

	"github.com/kocka/kocka/engine"
)

// TopScores is how many results each mode keeps.
const TopScores = 10

// Result is one finished game in the high-score table.
type Result struct {
	Score  int    `json:"score"`
	Lines  int    `json:"lines"`
	Level  int    `json:"level"`
	Ticks  int    `json:"ticks"` // game time in 60 Hz ticks
	Pieces int    `json:"pieces"`
	Date   string `json:"date"` // YYYY-MM-DD, for people only
	// Splits are the game ticks at which each line was cleared (sprint),
	// so a later game can be timed against this one line by line.
	Splits []int `json:"splits,omitempty"`
}

// Scores holds the best results per mode, saved as scores.json.
type Scores struct {
	Modes map[string][]Result `json:"modes"`
}

// Validate rejects tables no game could have written.
func (s *Scores) Validate() error {
	for m, rs := range s.Modes {
		if len(rs) > TopScores {
			return fmt.Errorf("mode %s has %d results, more than %d", m, len(rs), TopScores)
		}
		for i, r := range rs {
			if r.Score < 0 || r.Lines < 0 || r.Ticks < 0 || r.Pieces < 0 || r.Level < 0 {
				return fmt.Errorf("mode %s result %d has a negative field", m, i+1)
			}
			if len(r.Splits) > r.Lines || slices.ContainsFunc(r.Splits, func(t int) bool { return t < 0 || t > r.Ticks }) {
				return fmt.Errorf("mode %s result %d has splits no game could have", m, i+1)
			}
		}
	}
	return nil
}

// better reports whether a ranks above b: by time for races (sprint),
// else by score, and on a tie the earlier result keeps its place.
func better(a, b Result, byTime bool) bool {
	if byTime {
		return a.Ticks < b.Ticks
	}
	return a.Score > b.Score
}

// Add records r for mode and returns its rank from 1, or 0 when it did not
// make the table.
func (s *Scores) Add(mode string, r Result, byTime bool) int {
	if s.Modes == nil {
		s.Modes = map[string][]Result{}
	}
	rs := s.Modes[mode]
	i := sort.Search(len(rs), func(i int) bool { return better(r, rs[i], byTime) })
	if i >= TopScores {
		return 0
	}
	rs = append(rs, Result{})
	copy(rs[i+1:], rs[i:])
	rs[i] = r
	if len(rs) > TopScores {
		rs = rs[:TopScores]
	}
	s.Modes[mode] = rs
	return i + 1
}

// Best is the top result of a mode.
func (s *Scores) Best(mode string) (Result, bool) {
	rs := s.Modes[mode]
	if len(rs) == 0 {
		return Result{}, false
	}
	return rs[0], true
}

// endWords says how a game ended, for people.
func endWords(r engine.EndReason) string {
	switch r {
	case engine.Playing:
		return "Left unfinished"
	case engine.GoalMet:
		return "Goal reached"
	case engine.TimeUp:
		return "Time up"
	}
	return "Topped out"
}

// FormatTicks shows a game time as m:ss.cc.
func FormatTicks(t int) string {
	cs := t * 100 / 60
	return fmt.Sprintf("%d:%02d.%02d", cs/6000, cs/100%60, cs%100)
}

// addByLines records r in table key, ranked by lines survived (a tie
// keeps the earlier result first), and returns its rank from 1, or 0.
func addByLines(s *Scores, key string, r Result) int {
	if s.Modes == nil {
		s.Modes = map[string][]Result{}
	}
	rs := s.Modes[key]
	i := sort.Search(len(rs), func(i int) bool { return r.Lines > rs[i].Lines })
	if i >= TopScores {
		return 0
	}
	rs = slices.Insert(rs, i, r)
	s.Modes[key] = rs[:min(len(rs), TopScores)]
	return i + 1
}
