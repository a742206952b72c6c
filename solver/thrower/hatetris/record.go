package hatetris

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
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
	// CPUSeconds is the process's user+system time during the run (0 in
	// runs recorded before it was kept).
	CPUSeconds float64 `json:"cpu_seconds,omitempty"`
	// Beam is the search that ran: 1, the first beam (general wells, a
	// map of nodes); 2, the Bits beam with the enemy cache.
	Beam   int    `json:"beam"`
	Replay string `json:"replay"`
}

// RecordStateVersion is the state file's format. Version 1 (no "version"
// field) named the evaluation "personality" and had no quiescence; it is
// read and converted (its runs marked as made by beam 1).
const RecordStateVersion = 2

// RecordState is what a record attempt keeps on disk between sessions:
// the evaluation it uses, every finished run (beam width, lines, time) and
// the best replay. A new session goes on with the next, doubled width.
type RecordState struct {
	Version     int     `json:"version"`
	Eval        string  `json:"eval"`
	Personality string  `json:"personality,omitempty"` // version 1's name for Eval
	LineWeight  float64 `json:"line_weight"`
	// NetWeight is the learned evaluation's weight per expected line when
	// it is not the line weight (absent: the line weight).
	NetWeight  float64 `json:"net_weight,omitempty"`
	Quiescence int     `json:"quiescence"`
	// QuiescenceMode is the mode's name when it is not the first
	// ("enemy", which every state before modes used).
	QuiescenceMode string `json:"quiescence_mode,omitempty"`
	// PreCut is the search's BeamConfig.PreCut (absent: none).
	PreCut int `json:"pre_cut,omitempty"`
	// WeightsSHA256 is the SHA-256 (hex) of the network's weights file
	// (empty for a weight set without a network).
	WeightsSHA256 string `json:"weights_sha256,omitempty"`
	// Shard is set in the state of one shard of a record attempt spread
	// over several machines (RecordShard); absent in a whole attempt.
	Shard     *RecordShard `json:"shard,omitempty"`
	Runs      []RecordRun  `json:"runs"`
	Best      RecordRun    `json:"best"`
	TotalSecs float64      `json:"total_seconds"`
}

// RecordShard is shard Index of Count of a record attempt: of the widths
// Start, 2 Start, 4 Start, ..., the shard runs those whose place in the
// list (0, 1, 2, ...) is Index modulo Count. The searches of different
// widths share nothing, so the shards' runs merged (MergeRecordStates) are
// what one machine running every width finds.
type RecordShard struct {
	Index int `json:"index"`
	Count int `json:"count"`
	Start int `json:"start_width"`
}

// MaxRecordShards bounds RecordShard.Count: there are at most 31 widths.
const MaxRecordShards = 31

// valid checks the shard's numbers.
func (sh *RecordShard) valid() error {
	if sh.Count < 1 || sh.Count > MaxRecordShards || sh.Index < 0 || sh.Index >= sh.Count || sh.Start < 1 || sh.Start > MaxRecordWidth {
		return fmt.Errorf("shard %d/%d from width %d: want 0 <= index < count <= %d and a width of 1 to %d", sh.Index, sh.Count, sh.Start, MaxRecordShards, MaxRecordWidth)
	}
	return nil
}

// owns reports whether width w is one of the shard's.
func (sh *RecordShard) owns(w int) bool {
	p := 0
	for x := sh.Start; x < w; x *= 2 {
		p++
	}
	return sh.Start<<p == w && p%sh.Count == sh.Index
}

// NextWidth is the beam width of the next run: double the last one, or
// start; in a shard, the shard's next width (its first is start << index).
func (s *RecordState) NextWidth(start int) int {
	step, first := 2, start
	if sh := s.Shard; sh != nil {
		step, first = 1<<sh.Count, sh.Start<<sh.Index
	}
	if len(s.Runs) == 0 {
		return first
	}
	w := s.Runs[len(s.Runs)-1].Width
	if w > MaxRecordWidth/step {
		return MaxRecordWidth + 1 // past every limit
	}
	return w * step
}

// ModeName is the state's quiescence mode by name.
func (s *RecordState) ModeName() string {
	if s.QuiescenceMode == "" {
		return QuiescenceModes[QuiescenceEnemy]
	}
	return s.QuiescenceMode
}

// SetMode records the quiescence mode by name (the default as absent).
func (s *RecordState) SetMode(name string) {
	s.QuiescenceMode = ""
	if name != QuiescenceModes[QuiescenceEnemy] {
		s.QuiescenceMode = name
	}
}

// MergeRecordStates joins the states of the shards of one record attempt
// (all Count of them, in any order) into the state one machine would have
// written running every width: the runs in order of width, the best the
// first run with the most lines, the time the sum of the shards'. Shards
// of other settings, of another attempt, given twice, or whose runs leave
// a width out (one shard stopped earlier than the next) are refused;
// names (one per shard: its file) say which in the errors.
func MergeRecordStates(shards []*RecordState, names []string) (*RecordState, error) {
	if len(shards) == 0 || len(names) != len(shards) {
		return nil, errors.New("no shard states, or not one name each")
	}
	first := shards[0]
	if first.Shard == nil {
		return nil, fmt.Errorf("%s: not the state of a shard (it has no \"shard\")", names[0])
	}
	owner := make([]string, first.Shard.Count)
	merged := &RecordState{Version: RecordStateVersion, Eval: first.Eval, LineWeight: first.LineWeight, NetWeight: first.NetWeight,
		Quiescence: first.Quiescence, QuiescenceMode: first.QuiescenceMode, PreCut: first.PreCut, WeightsSHA256: first.WeightsSHA256}
	for i, s := range shards {
		switch {
		case s.Shard == nil:
			return nil, fmt.Errorf("%s: not the state of a shard (it has no \"shard\")", names[i])
		case s.Shard.Count != first.Shard.Count || s.Shard.Start != first.Shard.Start:
			return nil, fmt.Errorf("%s: shard %d/%d from width %d, of another attempt than %s (of %d from width %d)",
				names[i], s.Shard.Index, s.Shard.Count, s.Shard.Start, names[0], first.Shard.Count, first.Shard.Start)
		case s.Eval != first.Eval || s.LineWeight != first.LineWeight || s.NetWeight != first.NetWeight ||
			s.Quiescence != first.Quiescence || s.QuiescenceMode != first.QuiescenceMode || s.PreCut != first.PreCut || s.WeightsSHA256 != first.WeightsSHA256:
			return nil, fmt.Errorf("%s: searched with other settings than %s", names[i], names[0])
		case owner[s.Shard.Index] != "":
			return nil, fmt.Errorf("%s and %s are both shard %d/%d", owner[s.Shard.Index], names[i], s.Shard.Index, s.Shard.Count)
		}
		owner[s.Shard.Index] = names[i]
		merged.Runs = append(merged.Runs, s.Runs...)
		merged.TotalSecs += s.TotalSecs
	}
	for i, name := range owner {
		if name == "" {
			return nil, fmt.Errorf("shard %d/%d is missing", i, len(owner))
		}
	}
	slices.SortFunc(merged.Runs, func(a, b RecordRun) int { return cmp.Compare(a.Width, b.Width) })
	// One machine searches every doubling in turn; a merged state with a
	// width missing would go on past it and never search it.
	for k, r := range merged.Runs {
		if want := first.Shard.Start << k; r.Width != want {
			return nil, fmt.Errorf("the shards leave width %d unsearched (shard %d/%d's, %s): run it on before merging",
				want, k%first.Shard.Count, first.Shard.Count, owner[k%first.Shard.Count])
		}
	}
	for _, r := range merged.Runs {
		if r.Lines > merged.Best.Lines || merged.Best.Replay == "" {
			merged.Best = r
		}
	}
	if err := merged.Validate(); err != nil {
		return nil, err
	}
	return merged, nil
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
	if s.Version == 0 { // version 1: convert
		s.Version, s.Eval, s.Personality = RecordStateVersion, s.Personality, ""
		for i := range s.Runs {
			s.Runs[i].Beam = 1
		}
		if s.Best.Replay != "" {
			s.Best.Beam = 1
		}
	}
	if s.Version != RecordStateVersion {
		return nil, fmt.Errorf("record state %s: format version %d, this program reads %d (and 1)", path, s.Version, RecordStateVersion)
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
	if !(s.NetWeight >= 0) || math.IsInf(s.NetWeight, 0) {
		return fmt.Errorf("net weight %g is not a finite number of at least 0", s.NetWeight)
	}
	if s.Quiescence < 0 || s.Quiescence > MaxQuiescence {
		return fmt.Errorf("quiescence %d out of range 0..%d", s.Quiescence, MaxQuiescence)
	}
	if s.PreCut < 0 || s.PreCut > MaxPreCut || s.PreCut > 0 && s.Quiescence == 0 {
		return fmt.Errorf("pre-cut %d: want 0..%d, and 0 without quiescence", s.PreCut, MaxPreCut)
	}
	if s.QuiescenceMode != "" {
		if _, err := QuiescenceModeByName(s.QuiescenceMode); err != nil || s.QuiescenceMode == QuiescenceModes[QuiescenceEnemy] {
			return fmt.Errorf("quiescence mode %q: want %s (the default, enemy, is written as no mode)", s.QuiescenceMode, strings.Join(QuiescenceModes[1:], ", "))
		}
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
		case math.IsNaN(r.CPUSeconds) || math.IsInf(r.CPUSeconds, 0) || r.CPUSeconds < 0:
			return fmt.Errorf("%s: CPU seconds %g is not a finite, non-negative number", what, r.CPUSeconds)
		case r.Beam < 1 || r.Beam > 2:
			return fmt.Errorf("%s: beam %d is not 1 or 2", what, r.Beam)
		}
		return nil
	}
	if s.Shard != nil {
		if err := s.Shard.valid(); err != nil {
			return err
		}
	}
	for i, r := range s.Runs {
		if err := check(fmt.Sprintf("run %d", i+1), r); err != nil {
			return err
		}
		if s.Shard != nil && !s.Shard.owns(r.Width) {
			return fmt.Errorf("run %d: width %d is not one of shard %d/%d's (from width %d)", i+1, r.Width, s.Shard.Index, s.Shard.Count, s.Shard.Start)
		}
		if i > 0 && r.Width <= s.Runs[i-1].Width {
			return fmt.Errorf("run %d: width %d is not wider than the run before (%d)", i+1, r.Width, s.Runs[i-1].Width)
		}
	}
	if s.Best.Replay != "" {
		if err := check("best", s.Best); err != nil {
			return err
		}
		// record --out writes the best replay as it is: it must be the
		// run that made it, and play to its lines.
		// (MaxFunc returns the first of equal maxima.)
		if len(s.Runs) == 0 || slices.MaxFunc(s.Runs, func(a, b RecordRun) int { return cmp.Compare(a.Lines, b.Lines) }) != s.Best {
			return fmt.Errorf("best: %d lines at width %d is not the first run with the most lines", s.Best.Lines, s.Best.Width)
		}
		lines, err := ReplayLines(s.Best.Replay)
		if err != nil {
			return fmt.Errorf("best: %w", err)
		}
		if lines != s.Best.Lines {
			return fmt.Errorf("best: its replay plays to %d lines, not the %d it claims", lines, s.Best.Lines)
		}
	}
	return nil
}

// ReplayLines plays a replay in HATETRIS (the standard rules, the enemy
// with its loop rule) and returns the lines it clears.
func ReplayLines(replay string) (int, error) {
	moves, err := DecodeReplay(replay)
	if err != nil {
		return 0, err
	}
	g, err := NewGame(Standard, NewEnemy(false))
	if err != nil {
		return 0, err
	}
	g.Play(moves)
	return g.Score(), nil
}

// Save writes the state atomically, keeping the previous state as .bak.
func (s *RecordState) Save(path string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, append(data, '\n'), 0o644)
}

// RecordCheckpoint is where a record search saves itself while it runs,
// so that a search longer than a session goes on in the next one.
type RecordCheckpoint struct {
	Path  string        // the checkpoint file (atomicfile: the one before is kept as .bak)
	Every time.Duration // how often to save (it is also saved when the deadline stops it)
	Key   string        // the settings the search depends on (WriteCheckpoint)
	// Resumed, if set, is told when the search goes on from the file.
	Resumed func(depth int, spent BeamProgress)
	// Kept, if set, says whether a search of this width (and Key) is
	// already kept; its checkpoint, if found, is a leftover, and is
	// removed (Stale, if set, is told) instead of refused.
	Kept  func(width int) bool
	Stale func(width int)
}

// RunRecord runs one beam search until every line of play is over or ctx
// ends (its deadline, or a signal: then ok is false and the run does not
// count), and checks its best line by replaying it through the rules (the
// general well and enemy, not the Bits ones). progress is called after
// every piece. With a checkpoint, a search saved there is resumed (its
// time counts) and the search is saved every cp.Every and when ctx ends
// (after the piece in progress); the caller removes the file once the run
// is kept (RemoveCheckpoint).
func RunRecord(ctx context.Context, cfg BeamConfig, cp *RecordCheckpoint, progress func(b *Beam)) (run RecordRun, ok bool, err error) {
	start, cpu0 := time.Now(), cpuSeconds()
	var spent BeamProgress
	var b *Beam
	if cp != nil {
		b, spent, err = openCheckpoint(cfg, cp)
		if err != nil {
			return RecordRun{}, false, err
		}
	}
	if b == nil {
		if b, err = NewBeam(cfg); err != nil {
			return RecordRun{}, false, err
		}
	} else if cp.Resumed != nil {
		cp.Resumed(b.Depth, spent)
	}
	total := func() BeamProgress {
		return BeamProgress{spent.Seconds + time.Since(start).Seconds(), spent.CPUSeconds + cpuSeconds() - cpu0}
	}
	save := func() error {
		return atomicfile.Write(cp.Path, 0o644, func(w io.Writer) error { return b.WriteCheckpoint(w, cp.Key, total()) })
	}
	saved := time.Now()
	for b.Step() {
		if progress != nil {
			progress(b)
		}
		if ctx.Err() != nil {
			if cp != nil && b.Alive() > 0 {
				if err := save(); err != nil {
					return RecordRun{}, false, fmt.Errorf("hatetris: saving the search: %w", err)
				}
			}
			return RecordRun{}, false, nil
		}
		if cp != nil && cp.Every > 0 && time.Since(saved) >= cp.Every {
			if err := save(); err != nil {
				return RecordRun{}, false, fmt.Errorf("hatetris: saving the search: %w", err)
			}
			saved = time.Now()
		}
	}
	moves, err := b.BestMoves()
	if err != nil {
		return RecordRun{}, false, err
	}
	g, err := NewGame(Standard, NewEnemy(false))
	if err != nil {
		return RecordRun{}, false, err
	}
	g.Play(moves)
	lines, pieces := b.Best()
	if g.Score() != lines || g.Pieces() < pieces {
		return RecordRun{}, false, fmt.Errorf("hatetris: the replay of width %d scores %d lines in %d pieces, the search found %d in %d",
			cfg.Width, g.Score(), g.Pieces(), lines, pieces)
	}
	t := total()
	return RecordRun{Width: cfg.Width, Lines: g.Score(), Pieces: pieces, Beam: 2,
		Seconds: t.Seconds, CPUSeconds: t.CPUSeconds,
		Replay: EncodeReplay(g.Moves())}, true, nil
}

// openCheckpoint reads the search saved at cp.Path: nil if there is
// none; an error naming the file if it cannot be used (it is left as it
// is, with its backup, for the user to decide).
func openCheckpoint(cfg BeamConfig, cp *RecordCheckpoint) (*Beam, BeamProgress, error) {
	f, err := os.Open(cp.Path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, BeamProgress{}, nil
	}
	if err != nil {
		return nil, BeamProgress{}, err
	}
	defer f.Close()
	b, spent, err := ReadCheckpoint(f, cfg, cp.Key)
	var other *CheckpointMismatchError
	if errors.As(err, &other) && other.Key == cp.Key && cp.Kept != nil && cp.Kept(other.Width) {
		// A search already kept whose checkpoint outlived it (stopped
		// between keeping the run and removing the file): nothing in it
		// is lost by removing it.
		f.Close()
		if err := RemoveCheckpoint(cp.Path); err != nil {
			return nil, BeamProgress{}, err
		}
		if cp.Stale != nil {
			cp.Stale(other.Width)
		}
		return nil, BeamProgress{}, nil
	}
	if err != nil {
		return nil, BeamProgress{}, fmt.Errorf("%s: %w (remove it to start the search of width %d again; %s is the save before it)",
			cp.Path, err, cfg.Width, atomicfile.BackupPath(cp.Path))
	}
	return b, spent, nil
}

// RemoveCheckpoint removes a finished search's checkpoint and its backup.
func RemoveCheckpoint(path string) error {
	for _, p := range []string{path, atomicfile.BackupPath(path)} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}
