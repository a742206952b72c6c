package soak

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kocka/kocka/engine"
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
