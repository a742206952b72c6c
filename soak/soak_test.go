package soak

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/solver"
)

// randomPlayer mashes buttons, hard dropping now and then.
type randomPlayer struct{ rng engine.RNG }

func (p *randomPlayer) Next(*engine.Game) engine.Input {
	v := p.rng.Uint64()
	in := engine.Input(v) &^ engine.InHardDrop
	if v>>32%12 == 0 {
		in |= engine.InHardDrop
	}
	return in
}

func newRandom(seed uint64) Player { return &randomPlayer{engine.NewRNG(seed)} }

func TestSoakRandomPlayer(t *testing.T) {
	var out strings.Builder
	res, err := Run(context.Background(), Config{
		Game:          engine.DefaultConfig(),
		Seed:          1,
		Games:         20,
		NewPlayer:     newRandom,
		Progress:      &out,
		ProgressEvery: time.Hour,
		FailDir:       t.TempDir(),
	})
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != 20 || res.Pieces == 0 || res.Ticks == 0 {
		t.Errorf("result %+v", res)
	}
	if !strings.Contains(out.String(), "games 20") {
		t.Errorf("progress output %q", out.String())
	}
}

// A board changed behind the engine's back must be caught and dumped.
func TestSoakCatchesABrokenInvariant(t *testing.T) {
	dir := t.TempDir()
	ticks := 0
	_, err := Run(context.Background(), Config{
		Game:      engine.DefaultConfig(),
		Seed:      5,
		Games:     3,
		NewPlayer: newRandom,
		FailDir:   dir,
		AfterTick: func(g *engine.Game) error {
			ticks++
			if ticks == 100 {
				top := g.Board().Height - 1     // the top row is always empty
				g.Board().Set(0, top, engine.Z) // a cell appears from nowhere
			}
			return nil
		},
	})
	var v *Violation
	if !errors.As(err, &v) || !strings.Contains(v.What, "cells placed") {
		t.Fatalf("err = %v, want a cell-count violation", err)
	}
	files, _ := os.ReadDir(dir)
	var txt, rep bool
	for _, f := range files {
		txt = txt || strings.HasSuffix(f.Name(), ".txt")
		rep = rep || strings.HasSuffix(f.Name(), ".kreplay")
	}
	if !txt || !rep {
		t.Errorf("dump files %v, want a .txt and a .kreplay", files)
	}
	// The text names the replay, and the replay reads back.
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case strings.HasSuffix(f.Name(), ".txt"):
			if !strings.Contains(string(b), "seed: 5") || !strings.Contains(string(b), ".kreplay") {
				t.Errorf("%s: %q", f.Name(), b)
			}
		case strings.HasSuffix(f.Name(), ".kreplay"):
			if _, err := engine.DecodeReplay(bytes.NewReader(b)); err != nil {
				t.Errorf("%s: %v", f.Name(), err)
			}
		default:
			t.Errorf("a stray file in the fail dir: %s", f.Name())
		}
	}
}

// failingFS fails every temporary file whose pattern holds fail: a full
// disk or a read-only folder for that file only.
type failingFS struct {
	atomicfile.FS
	fail string
}

func (f failingFS) CreateTemp(dir, pattern string) (atomicfile.File, error) {
	if strings.Contains(pattern, f.fail) {
		return nil, errors.New("no space left on device")
	}
	return f.FS.CreateTemp(dir, pattern)
}

func (f failingFS) MkdirAll(path string, perm fs.FileMode) error {
	if f.fail == "mkdir" {
		return errors.New("read-only file system")
	}
	return f.FS.MkdirAll(path, perm)
}

// A dump that cannot be written whole says so in the soak's error, and
// writes what it can.
func TestSoakDumpReportsWriteErrors(t *testing.T) {
	cases := []struct {
		fail     string
		errHas   string
		txtHas   string // "" when no .txt can be written
		wantKept []string
	}{
		{".kreplay", "dump in", "no replay", []string{".txt"}},
		{".txt", "the dump could not be written", "", []string{".kreplay"}},
		{"mkdir", "the dump could not be written: creating", "", nil},
	}
	for _, c := range cases {
		dir := t.TempDir()
		ticks := 0
		sess, err := NewSession(Config{Game: engine.DefaultConfig(), Seed: 5, Games: 3, NewPlayer: newRandom, FailDir: dir,
			AfterTick: func(g *engine.Game) error {
				if ticks++; ticks == 100 {
					g.Board().Set(0, g.Board().Height-1, engine.Z)
				}
				return nil
			}})
		if err != nil {
			t.Fatal(err)
		}
		sess.fsys = failingFS{atomicfile.OS, c.fail}
		for done := false; err == nil && !done; {
			done, err = sess.Step()
		}
		var v *Violation
		if !errors.As(err, &v) || !strings.Contains(err.Error(), c.errHas) || !strings.Contains(err.Error(), "no space left") && c.fail != "mkdir" {
			t.Errorf("fail %s: err = %v, want the violation and %q", c.fail, err, c.errHas)
		}
		files, _ := os.ReadDir(dir)
		var kept []string
		for _, f := range files {
			kept = append(kept, filepath.Ext(f.Name()))
			if b, _ := os.ReadFile(filepath.Join(dir, f.Name())); filepath.Ext(f.Name()) == ".txt" && !strings.Contains(string(b), c.txtHas) {
				t.Errorf("fail %s: the text %q lacks %q", c.fail, b, c.txtHas)
			}
		}
		if !slices.Equal(kept, c.wantKept) {
			t.Errorf("fail %s: files %v, want %v", c.fail, kept, c.wantKept)
		}
	}
}

func TestSoakCatchesAPanic(t *testing.T) {
	_, err := Run(context.Background(), Config{
		Game:      engine.DefaultConfig(),
		Games:     1,
		NewPlayer: func(uint64) Player { return panicky{} },
		FailDir:   t.TempDir(),
	})
	if err == nil || !strings.Contains(err.Error(), "panic") {
		t.Fatalf("err = %v, want a panic report", err)
	}
}

type panicky struct{}

func (panicky) Next(*engine.Game) engine.Input { panic("player broke") }

func TestQuarterMeans(t *testing.T) {
	cases := []struct {
		in          []uint64
		first, last uint64
	}{
		{nil, 0, 0},
		{[]uint64{5}, 5, 5},
		{[]uint64{1, 2, 3, 4, 5, 6, 7, 8}, 1, 7}, // quarters of two: (1+2)/2, (7+8)/2
	}
	for _, c := range cases {
		f, l := quarterMeans(c.in)
		if f != c.first || l != c.last {
			t.Errorf("quarterMeans(%v) = %d, %d; want %d, %d", c.in, f, l, c.first, c.last)
		}
	}
}

// runHooked soaks like Run, with the session's test hooks set by hook.
func runHooked(t *testing.T, cfg Config, hook func(*Session)) error {
	t.Helper()
	cfg.FailDir = t.TempDir()
	s, err := NewSession(cfg)
	if err != nil {
		t.Fatal(err)
	}
	hook(s)
	for {
		done, err := s.Step()
		if err != nil {
			return err
		}
		if done {
			_, err := s.Finish()
			return err
		}
	}
}

// rotator mashes buttons like randomPlayer but turns far more often and
// hard drops less, so that T-spins, kicks and lock delay all happen.
type rotator struct{ rng engine.RNG }

func (p *rotator) Next(*engine.Game) engine.Input {
	v := p.rng.Uint64()
	in := engine.Input(v) &^ (engine.InHardDrop | engine.InSoftDrop)
	if v>>40%24 == 0 {
		in |= engine.InHardDrop
	}
	if v>>48%4 == 0 {
		in |= engine.InSoftDrop
	}
	return in
}

// holder holds a random set of buttons for a random stretch of ticks, as a
// person does, so that DAS, ARR, soft drop and the lock delay run their
// course; it hard drops now and then.
type holder struct {
	rng  engine.RNG
	in   engine.Input
	left int
}

func (p *holder) Next(*engine.Game) engine.Input {
	if p.left == 0 {
		v := p.rng.Uint64()
		p.in = engine.Input(v) & (engine.InLeft | engine.InRight | engine.InSoftDrop | engine.InRotateCW | engine.InHold)
		if v>>32%8 == 0 {
			p.in = engine.InHardDrop
		}
		if v>>40%3 == 0 {
			p.in = 0 // hands off: the lock delay runs out
		}
		p.left = 1 + int(v>>48%40)
	}
	p.left--
	return p.in
}

// The bot, for clears, combos, back-to-back chains and T-spins.
type botPlayer struct{ d *solver.Driver }

func (p botPlayer) Next(g *engine.Game) engine.Input { return p.d.Next(g) }

func newBot(uint64) Player {
	bot, err := solver.NewBot(solver.BotConfig{Personality: "kocka", Depth: 1})
	if err != nil {
		panic(err)
	}
	return botPlayer{solver.NewDriver(bot, solver.DriverConfig{})}
}

func newHolder(seed uint64) Player { return &holder{rng: engine.NewRNG(seed)} }

// TestModelCatchesBrokenRules: an engine that breaks one rule, played
// against the model of the rule, must fail the soak with the model's
// report. The broken rule is either the engine playing other settings than
// the model (the lock delay one tick long, 16 move resets, ...), or the
// engine's result changed as the model sees it (a T-spin scored as none).
func TestModelCatchesBrokenRules(t *testing.T) {
	rotating := func(seed uint64) Player { return &rotator{engine.NewRNG(seed)} }
	cases := []struct {
		name   string
		player func(uint64) Player
		rules  func(*engine.Config) // the rules the model holds the engine to
		seen   func(*observation)   // the engine's results as changed
		want   string
	}{
		{"lock delay", newHolder, func(c *engine.Config) { c.LockDelay-- }, nil, "the model says"},
		{"move resets", rotating, func(c *engine.Config) { c.MaxResets-- }, nil, "the model says"},
		{"DAS", newHolder, func(c *engine.Config) { c.DAS-- }, nil, "the model says"},
		{"ARR", newHolder, func(c *engine.Config) { c.ARR++ }, nil, "the model says"},
		{"soft drop speed", newHolder, func(c *engine.Config) { c.SoftDropFactor++ }, nil, "the model says"},
		{"gravity curve", newHolder, func(c *engine.Config) { c.StartLevel++ }, nil, "the model says"},
		{"no hold", rotating, func(c *engine.Config) { c.Hold = false }, nil, "the model says"},
		{"no half turns", rotating, func(c *engine.Config) { c.Rot180 = false }, nil, "the model says"},
		{"T-spins scored as none", newBot, nil, func(o *observation) {
			for i := range o.clears {
				o.clears[i].clear.Spin = engine.SpinNone
			}
		}, "scored"},
		{"no back-to-back bonus", newBot, nil, func(o *observation) {
			for i := range o.clears {
				o.clears[i].clear.BackToBack = false
			}
		}, "scored"},
		{"combo bonus missing", newBot, nil, func(o *observation) {
			for i, c := range o.clears {
				o.clears[i].points -= 50 * c.clear.Combo
			}
		}, "scored"},
		{"perfect clear missed", newBot, nil, func(o *observation) {
			for i := range o.clears {
				o.clears[i].clear.PerfectClear = false
			}
		}, "scored"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := engine.DefaultConfig()
			cfg.Rot180, cfg.Goal = true, engine.GoalNone
			err := runHooked(t, Config{
				Game:      cfg,
				Seed:      3,
				Games:     30,
				MaxTicks:  20_000,
				NewPlayer: c.player,
			}, func(s *Session) { s.modelRules, s.observeHook = c.rules, c.seen })
			var v *Violation
			if !errors.As(err, &v) || !strings.Contains(v.What, c.want) {
				t.Fatalf("err = %v, want a model violation about %q", err, c.want)
			}
			t.Logf("caught at tick %d: %s", v.Tick, v.What)
		})
	}
}

// The same games with the rules intact pass: the model agrees with the
// engine tick by tick.
func TestModelAgrees(t *testing.T) {
	for _, cfg := range []engine.Config{engine.DefaultConfig(), func() engine.Config {
		c := engine.ConfigFor(engine.GoalUltra)
		c.Rot180, c.ARR, c.SoftDropFactor, c.Preview, c.StartLevel = true, 0, 0, 0, 12
		return c
	}()} {
		cfg.Rot180 = true
		err := runHooked(t, Config{
			Game:      cfg,
			Seed:      3,
			Games:     30,
			NewPlayer: func(seed uint64) Player { return &rotator{engine.NewRNG(seed)} },
		}, func(*Session) {})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestSessionFail: a failure found outside the session (the window's
// drawing) ends it with the dump and the replay of the game in progress
// (a replay that decodes, with the inputs played so far).
func TestSessionFail(t *testing.T) {
	dir := t.TempDir()
	s, err := NewSession(Config{Game: engine.DefaultConfig(), Seed: 5, Games: 3, NewPlayer: newRandom, FailDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		if _, err := s.Step(); err != nil {
			t.Fatal(err)
		}
	}
	err = s.Fail(errors.New("panic while drawing: test"))
	if err == nil || !strings.Contains(err.Error(), "panic while drawing") {
		t.Fatalf("Fail: %v", err)
	}
	file := s.Result().FailFile
	txt, err := os.ReadFile(file)
	if err != nil || !strings.Contains(string(txt), "panic while drawing") {
		t.Fatalf("dump %s: %v %q", file, err, txt)
	}
	raw, err := os.ReadFile(strings.TrimSuffix(file, ".txt") + ".kreplay")
	if err != nil {
		t.Fatal(err)
	}
	if rep, err := engine.DecodeReplay(bytes.NewReader(raw)); err != nil || len(rep.Inputs) == 0 {
		t.Fatalf("replay: %v", err)
	}
	if done, err := s.Step(); !done || err != nil {
		t.Errorf("after Fail: done %v, %v", done, err)
	}
}
