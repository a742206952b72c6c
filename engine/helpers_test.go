package engine_test

import (
	"testing"

	"github.com/kocka/kocka/engine"
)

// newSeqGame starts a game whose pieces follow seq, on the given board rows
// (top first; the board is filled before the first piece spawns again).
func newSeqGame(t testing.TB, cfg engine.Config, seq ...engine.Piece) *engine.Game {
	t.Helper()
	g, err := engine.NewGameWith(cfg, 0, &engine.Sequence{Pieces: seq})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// fill writes rows (top first, last row y=0) into the game's board.
func fill(t testing.TB, g *engine.Game, rows ...string) {
	t.Helper()
	b, err := engine.ParseBoard(g.Board().Width, g.Board().Height, rows, engine.Z)
	if err != nil {
		t.Fatal(err)
	}
	g.Board().CopyFrom(b)
}

// run feeds inputs one per tick and returns all events.
func run(g *engine.Game, inputs ...engine.Input) []engine.Event {
	var all []engine.Event
	for _, in := range inputs {
		all = append(all, g.Tick(in)...)
	}
	return all
}

func eventsOf(evs []engine.Event, k engine.EventKind) []engine.Event {
	var out []engine.Event
	for _, e := range evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func current(t testing.TB, g *engine.Game) engine.Placed {
	t.Helper()
	m, ok := g.Current()
	if !ok {
		t.Fatal("no current piece")
	}
	return m
}

// still is a config where nothing falls by itself, for input tests.
func still() engine.Config {
	c := engine.DefaultConfig()
	c.NoGravity = true
	return c
}
