package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/persist"
	"github.com/kocka/kocka/scenes"
	"github.com/kocka/kocka/soak"
	"github.com/kocka/kocka/solver"
)

// playFlags are the game window's flags.
type playFlags struct {
	opts       scenes.Options
	width      int
	height     int
	fullscreen bool
	configDir  string
	noSound    bool
	fast       bool
	replay     string
	sized      bool // --width or --height was given
}

// playFlagSet declares the window's flags into pf and seed.
func playFlagSet(pf *playFlags, seed *string) *flag.FlagSet {
	fs := flag.NewFlagSet("kocka", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // play prints the error and points to kocka -h
	modes := append([]string{"title"}, scenes.ModeNames()...)
	fs.StringVar(&pf.opts.Mode, "mode", "title", "start in this mode: "+strings.Join(modes, "|"))
	fs.StringVar(seed, "seed", "", "seed of the first game (decimal); default: random")
	fs.StringVar(&pf.opts.Personality, "personality", "", "the bot's personality in bot mode")
	fs.StringVar(&pf.opts.Thrower, "thrower", "", "versus: the thrower, one of "+strings.Join(scenes.ThrowerNames(), "|")+" (default: the last chosen)")
	fs.IntVar(&pf.width, "width", 1280, "window width in pixels; without --width and --height, 640 x the saved window scale")
	fs.IntVar(&pf.height, "height", 720, "window height in pixels; without --width and --height, 360 x the saved window scale")
	fs.BoolVar(&pf.fullscreen, "fullscreen", false, "start full screen")
	fs.StringVar(&pf.opts.Screenshot, "screenshot", "", "save the screen to this PNG file after --frames ticks, then exit")
	fs.IntVar(&pf.opts.Frames, "frames", 60, "ticks before the --screenshot is taken")
	fs.StringVar(&pf.opts.StateFile, "state-file", "", "keep the game state in this JSON file (for tests)")
	fs.StringVar(&pf.replay, "replay", "", "play back this replay file (instead of --mode; at most "+bounded.Size(engine.MaxReplayBytes)+")")
	fs.StringVar(&pf.configDir, "config-dir", "", "keep settings and high scores here (default: the user config folder + /kocka)")
	fs.BoolVar(&pf.noSound, "no-sound", false, "do not open the audio device")
	fs.BoolVar(&pf.fast, "fast", false, "run one tick per frame as fast as frames are drawn (tests)")
	return fs
}

// playUsage is the window's part of kocka -h.
func playUsage(w io.Writer) {
	fs := playFlagSet(&playFlags{}, new(string))
	fs.SetOutput(w)
	fmt.Fprintln(w, "usage: kocka [flags]   open the game window")
	fs.PrintDefaults()
}

// parsePlayFlags reads the window's flags; errors are for people (exit 2).
func parsePlayFlags(args []string) (*playFlags, error) {
	var (
		pf   playFlags
		seed string
	)
	modes := append([]string{"title"}, scenes.ModeNames()...)
	fs := playFlagSet(&pf, &seed)
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	fs.Visit(func(f *flag.Flag) { pf.sized = pf.sized || f.Name == "width" || f.Name == "height" })
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q (sub-commands: kocka help)", fs.Arg(0))
	}
	known := false
	for _, m := range modes {
		known = known || m == pf.opts.Mode
	}
	if !known {
		return nil, fmt.Errorf("unknown --mode %q (want %s)", pf.opts.Mode, strings.Join(modes, ", "))
	}
	if seed != "" {
		v, err := strconv.ParseUint(seed, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("--seed %q is not a whole number from 0 to 2^64-1", seed)
		}
		pf.opts.Seed, pf.opts.SeedSet = v, true
	}
	if pf.width < scenes.ScreenW || pf.height < scenes.ScreenH || pf.width > 16384 || pf.height > 16384 {
		return nil, fmt.Errorf("window size %dx%d out of range (%dx%d to 16384x16384)", pf.width, pf.height, scenes.ScreenW, scenes.ScreenH)
	}
	if p := pf.opts.Personality; p != "" {
		if _, err := solver.PersonalityByName(p); err != nil {
			return nil, fmt.Errorf("--personality: %v", err)
		}
	}
	if th := pf.opts.Thrower; th != "" && !slices.Contains(scenes.ThrowerNames(), th) {
		return nil, fmt.Errorf("unknown --thrower %q (want %s)", th, strings.Join(scenes.ThrowerNames(), ", "))
	}
	if pf.opts.Frames < 1 {
		return nil, fmt.Errorf("--frames %d must be at least 1", pf.opts.Frames)
	}
	if pf.replay != "" {
		f, err := os.Open(pf.replay)
		if err != nil {
			return nil, fmt.Errorf("--replay: %v", err)
		}
		defer f.Close()
		rep, err := engine.DecodeReplay(f)
		if err != nil {
			return nil, fmt.Errorf("--replay %s: %v", pf.replay, err)
		}
		pf.opts.Replay = rep
		pf.opts.ReplayFactory = soak.ReplayFactory
	}
	return &pf, nil
}

// play opens the game window.
func play(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	pf, err := parsePlayFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		program().Help(stdout)
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "kocka:", err)
		fmt.Fprintln(stderr, "kocka -h lists the window's flags and the commands")
		return 2
	}
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		fmt.Fprintln(stderr, "kocka: no display (DISPLAY and WAYLAND_DISPLAY are unset), so the window cannot open.\n"+
			"  Try: make web (the browser version), or xvfb-run -a kocka --screenshot shot.png --frames 120")
		return 1
	}
	log := func(msg string) { fmt.Fprintln(stderr, "kocka:", msg) }
	pf.opts.Log = log

	store, dir, note := openStore(pf.configDir)
	pf.opts.Store = store
	if dir != "" {
		pf.opts.ShotDir = filepath.Join(dir, "screenshots")
		pf.opts.ExportDir = filepath.Join(dir, "replays")
	}
	if !pf.noSound {
		if ok, why := soundDevice(); ok {
			pf.opts.Sound = scenes.NewAudio()
		} else {
			log("playing without sound: " + why)
		}
	}
	pf.opts.OneTickPerFrame = pf.fast
	app, err := scenes.NewApp(pf.opts)
	if err != nil {
		fmt.Fprintln(stderr, "kocka:", err)
		return 2
	}
	if note != "" {
		app.Notify(note)
	}
	defer app.Close()

	ebiten.SetWindowTitle("Kocka")
	if !pf.sized { // the saved window scale
		pf.width, pf.height = scenes.ScreenW*app.Settings.Scale, scenes.ScreenH*app.Settings.Scale
	}
	ebiten.SetWindowSize(pf.width, pf.height)
	ebiten.SetWindowSizeLimits(scenes.ScreenW, scenes.ScreenH, -1, -1) // smaller would crop the logical screen
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if pf.fullscreen || app.Settings.Fullscreen {
		ebiten.SetFullscreen(true)
	}
	// One Update per frame: the App runs the ticks due by the clock, 60 a
	// second even when frames drop below Ebitengine's own catch-up (five
	// updates a frame), or with --fast one tick per frame.
	ebiten.SetTPS(ebiten.SyncWithFPS)
	if pf.fast {
		// Tests: one tick per frame, as fast as the machine draws; --frames
		// still counts ticks, so the picture is the same at any speed.
		ebiten.SetVsyncEnabled(false)
	}
	if err := ebiten.RunGameWithOptions(platformGame(app), &ebiten.RunGameOptions{InitUnfocused: false}); err != nil {
		fmt.Fprintln(stderr, "kocka:", err)
		if strings.Contains(err.Error(), "audio") {
			fmt.Fprintln(stderr, "kocka: the sound device failed; run again with --no-sound")
		}
		return 1
	}
	return 0
}

// openStore opens the settings folder, or falls back to memory (nothing
// saved) with a note for the screen.
func openStore(dir string) (scenes.Store, string, string) {
	if s, note, ok := platformStore(); ok && dir == "" {
		return s, "", note
	}
	if dir == "" {
		d, err := scenes.DefaultDir()
		if err != nil {
			return &scenes.MemStore{}, "", "No config folder (" + err.Error() + "): settings and scores will not be saved."
		}
		dir = d
	}
	return fileStore(dir)
}

// soundDevice guesses whether an audio device can be opened: Ebitengine
// stops the game if it cannot, so a machine without sound (a CI container)
// must not try.
func soundDevice() (bool, string) {
	if runtime.GOOS != "linux" {
		return true, ""
	}
	if os.Getenv("PULSE_SERVER") != "" {
		return true, ""
	}
	if rt := os.Getenv("XDG_RUNTIME_DIR"); rt != "" {
		if _, err := os.Stat(filepath.Join(rt, "pulse", "native")); err == nil {
			return true, ""
		}
	}
	if m, _ := filepath.Glob("/dev/snd/pcmC*p"); len(m) > 0 {
		return true, ""
	}
	return false, "no PulseAudio server and no ALSA playback device found"
}

// fileStore opens the settings folder, cleaning what a killed run left.
func fileStore(dir string) (scenes.Store, string, string) {
	s, err := persist.OpenFileStore(dir)
	if err != nil {
		return &scenes.MemStore{}, "", err.Error() + ": settings and scores will not be saved."
	}
	return s, dir, ""
}
