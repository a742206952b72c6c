package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/scenes"
	"github.com/kocka/kocka/soak"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/pcplan"
)

// botPlayer drives a game with the bot and fails the soak if the driver
// ever locks a piece away from a placement it believed reachable.
type botPlayer struct{ d *solver.Driver }

func (p botPlayer) Next(g *engine.Game) engine.Input { return p.d.Next(g) }

func (p botPlayer) Err() error {
	if s := p.d.Stats(); s.Mismatches > 0 {
		return fmt.Errorf("the bot's piece locked away from its reachable target %d times", s.Mismatches)
	}
	return nil
}

func runSoak(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka soak", flag.ContinueOnError)
	fs.SetOutput(stderr)
	duration := fs.Duration("duration", 2*time.Hour, "how long to keep starting games (0: only --games limits)")
	games := fs.Int("games", 0, "stop after this many games (0: only the duration limits)")
	seed := fs.Uint64("seed", 1, "seed of the first game; game i uses seed+i")
	mode := fs.String("mode", "mixed", "marathon, sprint, ultra, endless, or mixed: all four in turn, endless from level 15 so that 20G tops the bot out")
	level := fs.Int("level", 1, "start level")
	personality := fs.String("personality", "kocka", "the bot's weight set")
	depth := fs.Int("depth", 1, "placements the bot looks ahead")
	perfect := fs.Bool("pc", false, "the bot plays a perfect clear whenever the pieces in view make one (solver/pcplan)")
	pps := fs.Float64("pps", 0, fmt.Sprintf("pieces per second the bot plays at, 0..%d (0: as fast as it can)", maxSoakPPS))
	every := fs.Duration("progress", 5*time.Second, fmt.Sprintf("time between progress lines (at least %v)", minSoakProgress))
	failDir := fs.String("fail-dir", "kocka-failures", "where failure dumps are written")
	window := fs.Bool("window", false, "play in the game window (drawing is soaked too)")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kocka soak: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if err := checkSoakFlags(*duration, *games, *every, *pps, *failDir); err != nil {
		fmt.Fprintln(stderr, "kocka soak:", err)
		return 2
	}
	var mix []engine.Config
	cfg := engine.DefaultConfig()
	if *mode == "mixed" {
		for _, g := range []engine.Goal{engine.GoalMarathon, engine.GoalSprint, engine.GoalUltra, engine.GoalNone} {
			c := engine.ConfigFor(g)
			c.StartLevel = *level
			if g == engine.GoalNone {
				c.StartLevel = max(*level, 15) // endless from level 15: 20G arrives and ends the game
			}
			mix = append(mix, c)
		}
	} else {
		goal, err := engine.ParseGoal(*mode)
		if err != nil {
			fmt.Fprintln(stderr, "kocka soak:", err, "(or mixed)")
			return 2
		}
		cfg = engine.ConfigFor(goal)
	}
	cfg.StartLevel = *level
	for _, c := range append(mix, cfg) {
		if err := c.Validate(); err != nil {
			fmt.Fprintln(stderr, "kocka soak:", err)
			return 2
		}
	}
	botCfg := solver.BotConfig{Personality: *personality, Depth: *depth}
	if _, err := solver.NewBot(botCfg); err != nil {
		fmt.Fprintln(stderr, "kocka soak:", err)
		return 2
	}
	// Last of the checks, as it makes the folder: a failure hours in must
	// find it writable.
	if err := prepareFailDir(*failDir); err != nil {
		fmt.Fprintln(stderr, "kocka soak:", err)
		return 2
	}
	sc := soak.Config{
		Game:          cfg,
		Mix:           mix,
		Seed:          *seed,
		Duration:      *duration,
		Games:         *games,
		Progress:      stdout,
		ProgressEvery: *every,
		FailDir:       *failDir,
		NewPlayer: func(uint64) soak.Player {
			c := botCfg
			if *perfect {
				c.Override = pcplan.New(4)
			}
			bot, _ := solver.NewBot(c)
			return botPlayer{solver.NewDriver(bot, solver.DriverConfig{PiecesPerSecond: *pps})}
		},
	}
	if *window {
		return soakWindow(sc, stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := soak.Run(ctx, sc)
	if err != nil {
		fmt.Fprintln(stderr, "kocka soak: FAILED:", err)
		reproduceNote(stderr, res.FailFile)
		return 1
	}
	verdict := "soak passed"
	if ctx.Err() != nil {
		verdict = "soak stopped by an interrupt before its limit, no violation so far"
	}
	fmt.Fprintf(stdout, "%s: %d games, %d pieces, %d lines in %s (%.0f pieces/s); live heap %s -> %s; %d goroutines\n",
		verdict, res.Games, res.Pieces, res.Lines, res.Elapsed.Round(time.Second), res.PiecesPerSecond(),
		soak.MiB(res.HeapFirst), soak.MiB(res.HeapLast), res.Goroutines)
	return 0
}

// reproduceNote tells how to replay a failure, when its dump (failFile,
// NAME.txt) has the replay beside it (NAME.kreplay); the dump says why
// when it has not.
func reproduceNote(w io.Writer, failFile string) {
	if failFile == "" {
		return
	}
	rep := strings.TrimSuffix(failFile, ".txt") + ".kreplay"
	if _, err := os.Stat(rep); err != nil {
		fmt.Fprintf(w, "no replay was written; the dump is %s\n", failFile)
		return
	}
	fmt.Fprintf(w, "reproduce with: kocka replay verify %s\n", rep)
}

// Bounds of the soak's flags.
const (
	minSoakProgress = 100 * time.Millisecond
	maxSoakPPS      = 1000 // above 60 a piece a tick is as fast as it gets
)

// checkSoakFlags checks the flags that the soak would otherwise take as
// "no limit" or "print all the time": a negative --duration ran forever,
// --progress -1s printed 50,000 lines in 3 s.
func checkSoakFlags(duration time.Duration, games int, every time.Duration, pps float64, failDir string) error {
	switch {
	case duration < 0:
		return fmt.Errorf("--duration %v is negative", duration)
	case games < 0:
		return fmt.Errorf("--games %d is negative", games)
	case duration == 0 && games == 0:
		return fmt.Errorf("--duration 0 and --games 0 would never stop; give one of them")
	case every < minSoakProgress:
		return fmt.Errorf("--progress %v is less than %v", every, minSoakProgress)
	case math.IsNaN(pps) || pps < 0 || pps > maxSoakPPS:
		return fmt.Errorf("--pps %g out of range 0..%d (0: as fast as it can)", pps, maxSoakPPS)
	}
	if st, err := os.Stat(failDir); err == nil && !st.IsDir() {
		return fmt.Errorf("--fail-dir %s is a file, not a folder", failDir)
	}
	return nil
}

// prepareFailDir makes the --fail-dir folder and checks that a file can be
// written in it (the probe is removed), so that a soak does not learn only
// at its first failure, perhaps hours in, that it cannot keep the dump.
func prepareFailDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--fail-dir: %w", err)
	}
	if err := cli.CheckWritable(filepath.Join(dir, "soak-failure")); err != nil {
		return fmt.Errorf("--fail-dir: %w", err)
	}
	return nil
}

// soakWindow runs the soak in the game window: the bot plays at full
// speed and every frame draws the game, so drawing is soaked too.
func soakWindow(sc soak.Config, stderr io.Writer) int {
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Fprintln(stderr, "kocka soak --window: no display; run the headless soak (without --window), or under xvfb-run -a")
		return 1
	}
	s, err := soak.NewSession(sc)
	if err != nil {
		fmt.Fprintln(stderr, "kocka soak:", err)
		return 2
	}
	var stepErr error
	finished := false
	view := scenes.NewSoakView(func() (*engine.Game, bool, error) {
		done, err := s.Step()
		stepErr, finished = err, done
		return s.Game(), done, err
	}, func() string {
		r := s.Result()
		return fmt.Sprintf("games %d  pieces %d  lines %d  %.0f pieces/s", r.Games, r.Pieces, r.Lines, r.PiecesPerSecond())
	})
	ebiten.SetWindowTitle("Kocka soak")
	ebiten.SetWindowSize(1280, 720)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetVsyncEnabled(true)
	guard := &drawGuard{SoakView: view}
	if err := ebiten.RunGame(guard); err != nil {
		if guard.panicked == nil {
			fmt.Fprintln(stderr, "kocka soak:", err)
			return 1
		}
		// A panic while drawing is a failure like one in the rules:
		// the dump and the replay of the game on screen.
		stepErr = s.Fail(guard.panicked)
	}
	if stepErr != nil {
		fmt.Fprintln(stderr, "kocka soak: FAILED:", stepErr)
		reproduceNote(stderr, s.Result().FailFile)
		return 1
	}
	res, err := s.Finish()
	if err != nil {
		fmt.Fprintln(stderr, "kocka soak: FAILED:", err)
		reproduceNote(stderr, res.FailFile)
		return 1
	}
	verdict := "soak passed in the window"
	if !finished {
		verdict = "soak stopped: the window was closed before its limit, no violation so far"
	}
	fmt.Fprintf(sc.Progress, "%s: %d games, %d pieces, %d lines in %s\n",
		verdict, res.Games, res.Pieces, res.Lines, res.Elapsed.Round(time.Second))
	return 0
}

// drawGuard turns a panic while the soak view draws into the end of the
// run, so that the soak can write its dump.
type drawGuard struct {
	*scenes.SoakView
	panicked error
}

func (g *drawGuard) Draw(screen *ebiten.Image) {
	defer func() {
		if p := recover(); p != nil && g.panicked == nil {
			g.panicked = fmt.Errorf("panic while drawing: %v\n%s", p, debug.Stack())
		}
	}()
	g.SoakView.Draw(screen)
}

func (g *drawGuard) Update() error {
	if g.panicked != nil {
		return g.panicked
	}
	return g.SoakView.Update()
}
