// Package soak plays games back to back for as long as asked and checks the
// engine on every tick: the soak test that keeps Kocka honest.
//
// Every tick, a second implementation of the rules (model.go, written from
// the guideline, sharing only the piece shapes and kick offsets with the
// engine) predicts the tick from the buttons held and must agree with the
// engine on: the falling piece's kind, orientation and position (so spawn,
// hold, turns with their kicks, DAS/ARR, gravity by the level table, soft
// and hard drop), the lock-delay timer and its resets (15 move resets, given
// back on a new lowest row), every stack row after locks and line clears,
// and for each lock its clear (lines, T-spin or mini by the three-corner
// rule, back-to-back, combo, perfect clear) and points, the score, lines,
// level, back-to-back chain, combo and how the game ends. Besides: cells
// placed minus cells cleared equals the cells on the board, the falling
// piece overlaps nothing, every bag of seven deals each piece once, the
// score never falls. Every finished game is written as a replay, read back
// and played again, and must end in the same state hash. Heap use is
// sampled after each game and must stay flat. On any violation or panic the
// replay, the seed and a dump go to a file and Run returns an error.
package soak

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/atomicfile"
)

// Player chooses the buttons for each tick, as a person would. A player
// that can notice its own faults also has an Err() error method, checked
// after every tick.
type Player interface {
	Next(g *engine.Game) engine.Input
}

type selfChecking interface{ Err() error }

// Config says what to soak and for how long.
type Config struct {
	Game     engine.Config
	Mix      []engine.Config // when set, game i plays Mix[i%len(Mix)] instead of Game
	Seed     uint64          // the first game's seed; game i uses Seed+i
	Duration time.Duration   // stop starting games after this long (0 = no limit)
	Games    int             // stop after this many games (0 = no limit)
	MaxTicks int             // end a game that runs longer (0 = 200,000 ticks)

	NewPlayer func(seed uint64) Player

	Progress      io.Writer     // progress lines (nil = none)
	ProgressEvery time.Duration // 0 = 5 s
	FailDir       string        // where failure dumps go ("" = kocka-failures)

	// HeapSlack is how much the live heap may grow between the first and the
	// last quarter of the run before the run fails (0 = 16 MiB).
	HeapSlack uint64

	// AfterTick, if set, runs after every tick's checks (the window soak
	// uses it to draw); an error it returns fails the run.
	AfterTick func(g *engine.Game) error
}

// Result sums up a run.
type Result struct {
	Games, Pieces, Lines, Ticks int
	Elapsed                     time.Duration
	HeapFirst, HeapLast         uint64 // mean live heap of the first and last quarter of samples
	Goroutines                  int
	FailFile                    string // set when the run failed
}

// PiecesPerSecond is the rate over the whole run.
func (r Result) PiecesPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Pieces) / r.Elapsed.Seconds()
}

// Violation is a broken invariant.
type Violation struct {
	Seed uint64
	Tick int
	What string
}

func (v *Violation) Error() string {
	return fmt.Sprintf("seed %d tick %d: %s", v.Seed, v.Tick, v.What)
}

// Session is a soak in progress, advanced one tick at a time by Step, so
// that a window can draw the game between ticks. Run is the headless loop.
type Session struct {
	cfg          Config
	res          Result
	heap         []uint64
	start        time.Time
	lastProgress time.Time
	next         int // index of the next game to start

	seed   uint64
	game   *engine.Game
	rec    *engine.Recorder
	player Player
	bag    *checkedBag
	score  int
	done   bool

	model   *model
	queue   []engine.Piece // the queue before the tick
	spawned []engine.Piece // the kinds spawned during it
	obs     observation
	// Test hooks, to break an engine rule on purpose: modelRules changes
	// the rules the model plays by (so the engine runs different ones), and
	// observeHook what the model sees of the engine after a tick.
	modelRules  func(*engine.Config)
	observeHook func(*observation)
	fsys        atomicfile.FS // where dumps are written; nil is the OS
}

func (s *Session) files() atomicfile.FS {
	if s.fsys == nil {
		return atomicfile.OS
	}
	return s.fsys
}

// NewSession checks the configuration and prepares a soak.
func NewSession(cfg Config) (*Session, error) {
	if cfg.NewPlayer == nil {
		return nil, errors.New("soak: no player")
	}
	for _, c := range append([]engine.Config{cfg.Game}, cfg.Mix...) {
		if err := c.Validate(); err != nil {
			return nil, fmt.Errorf("soak: %w", err)
		}
	}
	if cfg.MaxTicks == 0 {
		cfg.MaxTicks = 200_000
	}
	if cfg.ProgressEvery == 0 {
		cfg.ProgressEvery = 5 * time.Second
	}
	if cfg.HeapSlack == 0 {
		cfg.HeapSlack = 16 << 20
	}
	if cfg.FailDir == "" {
		cfg.FailDir = "kocka-failures"
	}
	now := time.Now()
	return &Session{cfg: cfg, start: now, lastProgress: now}, nil
}

// Game is the game being played (nil between games).
func (s *Session) Game() *engine.Game { return s.game }

// Result is the tally so far.
func (s *Session) Result() Result {
	r := s.res
	r.Elapsed = time.Since(s.start)
	return r
}

// Run soaks until the duration or game count is reached, ctx is cancelled,
// or an invariant breaks.
func Run(ctx context.Context, cfg Config) (Result, error) {
	s, err := NewSession(cfg)
	if err != nil {
		return Result{}, err
	}
	for {
		if ctx.Err() != nil {
			return s.Finish()
		}
		done, err := s.Step()
		if err != nil {
			return s.Result(), err
		}
		if done {
			return s.Finish()
		}
	}
}

// Step plays one tick, starting the next game when the last one ended. It
// returns done when the soak's limits are reached (call Finish then), and
// an error when an invariant broke (the dump is written already).
func (s *Session) Step() (done bool, err error) {
	if s.done {
		return true, nil
	}
	defer func() {
		if p := recover(); p != nil {
			err = s.fail(fmt.Errorf("panic in game with seed %d: %v\n%s", s.seed, p, debug.Stack()))
		}
	}()
	if s.game == nil {
		if s.cfg.Games > 0 && s.next >= s.cfg.Games || s.cfg.Duration > 0 && s.next > 0 && time.Since(s.start) >= s.cfg.Duration {
			s.done = true
			return true, nil
		}
		if err := s.startGame(); err != nil {
			return false, s.fail(err)
		}
	}
	g := s.game
	in := s.player.Next(g)
	s.queue = append(s.queue[:0], g.Queue()...)
	s.rec.Tick(in)
	if v := check(g, s.score, s.bag); v != "" {
		return false, s.fail(&Violation{Seed: s.seed, Tick: g.Ticks(), What: v})
	}
	if v := s.predict(in); v != "" {
		return false, s.fail(&Violation{Seed: s.seed, Tick: g.Ticks(), What: v})
	}
	s.score = g.Score()
	if sc, ok := s.player.(selfChecking); ok {
		if err := sc.Err(); err != nil {
			return false, s.fail(&Violation{Seed: s.seed, Tick: g.Ticks(), What: err.Error()})
		}
	}
	if s.cfg.AfterTick != nil {
		if err := s.cfg.AfterTick(g); err != nil {
			return false, s.fail(err)
		}
	}
	if s.cfg.Progress != nil && time.Since(s.lastProgress) >= s.cfg.ProgressEvery {
		s.lastProgress = time.Now()
		r := s.res
		r.Pieces += g.Stats().Pieces
		r.Lines += g.Lines()
		r.Ticks += g.Ticks()
		progress(s.cfg.Progress, r, time.Since(s.start))
	}
	timeUp := s.cfg.Duration > 0 && g.Ticks()&255 == 0 && time.Since(s.start) >= s.cfg.Duration
	if g.Over() || g.Ticks() >= s.cfg.MaxTicks || timeUp {
		s.res.Pieces += g.Stats().Pieces
		s.res.Lines += g.Lines()
		s.res.Ticks += g.Ticks()
		if err := replayCheck(s.rec, s.seed); err != nil {
			return false, s.fail(err)
		}
		s.res.Games++
		s.heap = append(s.heap, liveHeap())
		s.game = nil
	}
	return false, nil
}

// predict runs the model over the tick just played and compares.
func (s *Session) predict(in engine.Input) string {
	g := s.game
	s.spawned = s.spawned[:0]
	for _, e := range g.Events() {
		if e.Kind == engine.EvSpawn {
			s.spawned = append(s.spawned, e.Piece.Piece)
		}
	}
	after, _ := g.Current()
	s.model.step(in, s.queue, s.spawned, after)
	observe(g, &s.obs)
	if s.observeHook != nil {
		s.observeHook(&s.obs)
	}
	if d := s.model.diff(&s.obs); d != "" {
		return fmt.Sprintf("after %v: %s", in, d)
	}
	return ""
}

func (s *Session) startGame() error {
	s.seed = s.cfg.Seed + uint64(s.next)
	cfg := s.cfg.Game
	if len(s.cfg.Mix) > 0 {
		cfg = s.cfg.Mix[s.next%len(s.cfg.Mix)]
	}
	s.next++
	s.bag = newCheckedBag(cfg, s.seed)
	g, err := engine.NewGameWith(cfg, s.seed, s.bag)
	if err != nil {
		return err
	}
	s.rec, err = engine.NewRecorder(g)
	if err != nil {
		return err
	}
	s.game = g
	first, _ := g.Current()
	if s.modelRules != nil {
		s.modelRules(&cfg)
	}
	s.model = newModel(cfg, first.Piece)
	s.player = s.cfg.NewPlayer(s.seed)
	s.score = 0
	return nil
}

// Fail ends the session with a failure found outside it (the window's
// drawing): the dump, with the replay of the game in progress.
func (s *Session) Fail(cause error) error { return s.fail(cause) }

// fail writes the dump and ends the session.
func (s *Session) fail(cause error) error {
	s.done = true
	file, err := dump(s.files(), s.cfg, s.seed, s.rec, cause)
	s.res.FailFile = file
	return fmt.Errorf("%w%s", cause, dumpNote(file, err))
}

// Finish ends the soak: the last progress line and the heap check.
func (s *Session) Finish() (Result, error) {
	s.done = true
	res := s.Result()
	res.Goroutines = runtime.NumGoroutine()
	res.HeapFirst, res.HeapLast = quarterMeans(s.heap)
	s.res = res
	if s.cfg.Progress != nil {
		progress(s.cfg.Progress, res, res.Elapsed)
	}
	if res.HeapLast > res.HeapFirst+s.cfg.HeapSlack {
		err := fmt.Errorf("soak: live heap grew from %s to %s over %d games", MiB(res.HeapFirst), MiB(res.HeapLast), res.Games)
		file, derr := dump(s.files(), s.cfg, s.cfg.Seed, nil, err)
		res.FailFile = file
		return res, fmt.Errorf("%w%s", err, dumpNote(file, derr))
	}
	return res, nil
}

// check returns what is wrong with the game after a tick, or "".
func check(g *engine.Game, lastScore int, bag *checkedBag) string {
	s := g.Stats()
	b := g.Board()
	if got := b.CellCount(); s.CellsPlaced-s.CellsCleared != got {
		return fmt.Sprintf("cells placed %d - cleared %d = %d, but the board holds %d", s.CellsPlaced, s.CellsCleared, s.CellsPlaced-s.CellsCleared, got)
	}
	if m, ok := g.Current(); ok && !b.Fits(m) {
		return fmt.Sprintf("the falling piece %v %v at (%d,%d) overlaps the stack or a wall", m.Piece, m.Rot, m.X, m.Y)
	}
	if g.Score() < lastScore {
		return fmt.Sprintf("score fell from %d to %d", lastScore, g.Score())
	}
	if want := g.Config().StartLevel + g.Lines()/10; g.Level() != want {
		return fmt.Sprintf("level %d after %d lines, want %d", g.Level(), g.Lines(), want)
	}
	return bag.err
}

// replayCheck writes the game as a replay file, reads it back, plays it and
// compares the final state hash.
func replayCheck(rec *engine.Recorder, seed uint64) error {
	var buf bytes.Buffer
	if err := rec.Replay().Encode(&buf); err != nil {
		return fmt.Errorf("seed %d: encoding the replay: %w", seed, err)
	}
	r, err := engine.DecodeReplay(&buf)
	if err != nil {
		return fmt.Errorf("seed %d: decoding the replay: %w", seed, err)
	}
	g, err := r.PlayWith(ReplayFactory)
	if err != nil {
		return fmt.Errorf("seed %d: playing the replay: %w", seed, err)
	}
	if got, want := g.StateHash(), rec.Game().StateHash(); got != want {
		return &Violation{Seed: seed, Tick: g.Ticks(), What: fmt.Sprintf("the replay ended in state %016x, the game in %016x", got, want)}
	}
	return nil
}

// dump writes what is needed to reproduce a failure, each file atomically,
// and returns the text file's name ("" if it could not be written) and
// what could not be written: a failure whose replay is lost must say so.
func dump(fsys atomicfile.FS, cfg Config, seed uint64, rec *engine.Recorder, cause error) (string, error) {
	if err := fsys.MkdirAll(cfg.FailDir, 0o755); err != nil {
		return "", fmt.Errorf("creating %s: %w", cfg.FailDir, err)
	}
	base := filepath.Join(cfg.FailDir, fmt.Sprintf("soak-seed%d-%s", seed, time.Now().UTC().Format("20060102T150405")))
	var text bytes.Buffer
	var lost error
	fmt.Fprintf(&text, "kocka soak failure\nseed: %d\nerror: %v\n", seed, cause)
	if rec != nil {
		var buf bytes.Buffer
		err := rec.Replay().Encode(&buf)
		if err == nil {
			err = atomicfile.Replace(fsys, base+".kreplay", buf.Bytes(), 0o644)
		}
		if err != nil {
			lost = fmt.Errorf("the replay %s.kreplay: %w", base, err)
			fmt.Fprintf(&text, "(no replay: %v)\n\n%s\n", lost, rec.Game())
		} else {
			fmt.Fprintf(&text, "replay: %s.kreplay\n\n%s\n", base, rec.Game())
		}
	}
	if err := atomicfile.Replace(fsys, base+".txt", text.Bytes(), 0o644); err != nil {
		return "", errors.Join(lost, fmt.Errorf("%s.txt: %w", base, err))
	}
	return base + ".txt", lost
}

// dumpNote is what a failure's error says of its dump.
func dumpNote(file string, err error) string {
	switch {
	case err == nil:
		return " (dump in " + file + ")"
	case file == "":
		return fmt.Sprintf(" (the dump could not be written: %v)", err)
	}
	return fmt.Sprintf(" (dump in %s, but not all of it could be written: %v)", file, err)
}

func progress(w io.Writer, r Result, elapsed time.Duration) {
	pps := 0.0
	if elapsed > 0 {
		pps = float64(r.Pieces) / elapsed.Seconds()
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Fprintf(w, "soak %s: games %d, pieces %d, lines %d, %.0f pieces/s, heap %s, goroutines %d\n",
		elapsed.Round(time.Second), r.Games, r.Pieces, r.Lines, pps, MiB(ms.HeapAlloc), runtime.NumGoroutine())
}

func liveHeap() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// quarterMeans averages the first and the last quarter of the samples.
func quarterMeans(s []uint64) (first, last uint64) {
	if len(s) == 0 {
		return 0, 0
	}
	q := max(len(s)/4, 1)
	var a, b uint64
	for _, v := range s[:q] {
		a += v
	}
	for _, v := range s[len(s)-q:] {
		b += v
	}
	return a / uint64(q), b / uint64(q)
}

// MiB formats a byte count for progress lines.
func MiB(n uint64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }
