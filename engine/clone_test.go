package engine_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kocka/kocka/engine"
)

// TestCloneIsASnapshot plays the golden marathon replay, clones the game
// half way, plays the rest on both, and checks that the clone ends in the
// recorded state and that playing the original did not touch the clone.
func TestCloneIsASnapshot(t *testing.T) {
	for _, file := range []string{"marathon.kreplay", "uniform-nohold.kreplay"} {
		f, err := os.Open(filepath.Join("testdata", "replays", file))
		if err != nil {
			t.Fatal(err)
		}
		r, err := engine.DecodeReplay(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		g, err := r.Start(nil)
		if err != nil {
			t.Fatal(err)
		}
		half := len(r.Inputs) / 2
		for _, in := range r.Inputs[:half] {
			g.Tick(in)
		}
		c, ok := g.Clone()
		if !ok {
			t.Fatalf("%s: a game with a built-in randomizer did not clone", file)
		}
		at := c.StateHash()
		if at != g.StateHash() {
			t.Fatalf("%s: the clone's hash differs at once", file)
		}
		for _, in := range r.Inputs[half:] {
			g.Tick(in)
		}
		if c.StateHash() != at {
			t.Fatalf("%s: playing the original changed the clone", file)
		}
		for _, in := range r.Inputs[half:] {
			c.Tick(in)
		}
		if c.StateHash() != r.Hash || g.StateHash() != r.Hash {
			t.Fatalf("%s: after the rest, clone %016x original %016x, recorded %016x", file, c.StateHash(), g.StateHash(), r.Hash)
		}
	}
}

// A game dealt by a randomizer that cannot be copied does not clone.
func TestCloneNeedsACloneableRandomizer(t *testing.T) {
	g, err := engine.NewGameWith(engine.DefaultConfig(), 0, &fixedRandomizer{p: engine.T})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.Clone(); ok {
		t.Fatal("cloned a game whose randomizer has no CloneRandomizer")
	}
}
