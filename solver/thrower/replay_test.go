package thrower

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/kocka/kocka/engine"
)

func TestSpecRoundTrip(t *testing.T) {
	for _, c := range []struct {
		name string
		o    Options
	}{
		{"minimax", Options{Depth: 2, Width: 10, Height: 20, Personality: "kravec"}},
		{"bastet", Options{Seed: 1<<63 + 5, Preview: true, Pieces: []engine.Piece{engine.O, engine.I}}},
		{"sz", Options{Pieces: []engine.Piece{engine.S, engine.Z}}},
		{"hatetris", Options{}},
	} {
		s := FormatSpec(c.name, c.o)
		name, o, err := ParseSpec(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if name != c.name || !reflect.DeepEqual(o, c.o) {
			t.Errorf("%q read back as %s %+v, want %s %+v", s, name, o, c.name, c.o)
		}
	}
	for _, bad := range []string{"", "depth=2", "thrower=kind colour=red", "thrower=kind depth", "thrower=kind depth=x",
		"thrower=kind pieces=Q", "thrower=kind preview=maybe", "thrower=minimax depth=9", "thrower=kind model=teleport"} {
		if _, _, err := ParseSpec(bad); err == nil {
			t.Errorf("ParseSpec(%q) accepted", bad)
		}
	}
}

func FuzzParseSpec(f *testing.F) {
	f.Add(FormatSpec("minimax", Options{Depth: 2, Width: 10, Height: 20}))
	f.Add("thrower=sz pieces=SZ")
	f.Add("thrower=bastet seed=18446744073709551615 preview=on")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 256 {
			return // minimising a long input takes quadratic time: docs/benchmarks.md, Fuzzing
		}
		name, o, err := ParseSpec(s)
		if err != nil {
			return
		}
		// What was read writes back to a spec that reads the same.
		name2, o2, err := ParseSpec(FormatSpec(name, o))
		if err != nil || name2 != name || !reflect.DeepEqual(o2, o) {
			t.Fatalf("%q -> %s %+v -> %s %+v (%v)", s, name, o, name2, o2, err)
		}
	})
}

// TestReplayThroughFactory records engine games dealt by each thrower,
// writes and reads the replay file, and plays it back through
// ReplayFactory to the same final state.
func TestReplayThroughFactory(t *testing.T) {
	cfg := engine.ConfigFor(engine.GoalNone)
	cfg.Preview, cfg.Hold = 0, false
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			o := Options{Seed: 7, Width: cfg.Width, Height: cfg.VisibleHeight, Depth: 1}
			rnd, err := NewRandomizer(name, o)
			if err != nil {
				t.Fatal(err)
			}
			g, err := engine.NewGameWith(cfg, 3, rnd)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := engine.NewRecorder(g)
			if err != nil {
				t.Fatal(err)
			}
			// Shift each piece a different way, then drop it.
			for i := 0; i < 3000 && !g.Over(); i++ {
				in := engine.Input(0)
				switch i % 9 {
				case 1:
					in = [...]engine.Input{engine.InLeft, engine.InRight, engine.InRotateCW, 0}[i/9%4]
				case 5:
					in = engine.InHardDrop
				}
				rec.Tick(in)
			}
			if g.Stats().Pieces < 8 {
				t.Fatalf("only %d pieces in the test game", g.Stats().Pieces)
			}
			var buf bytes.Buffer
			if err := rec.Replay().Encode(&buf); err != nil {
				t.Fatal(err)
			}
			rep, err := engine.DecodeReplay(&buf)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Randomizer != ReplayName {
				t.Fatalf("replay names randomizer %q", rep.Randomizer)
			}
			if err := rep.VerifyWith(ReplayFactory); err != nil {
				t.Fatal(err)
			}
			if err := rep.Verify(); err == nil {
				t.Fatal("the replay played back without the factory")
			}
		})
	}
}

// TestReplaySpecBounds: a replay may not ask for more search than the
// game offers (a 586-byte replay at depth 4 took 90 s to verify a tick),
// nor for a well the engine cannot have.
func TestReplaySpecBounds(t *testing.T) {
	for _, bad := range []string{
		"thrower=minimax depth=3", "thrower=minimax depth=4 preview=on",
		"thrower=minimax width=65536", "thrower=minimax height=2", "thrower=minimax width=17",
	} {
		if _, err := ReplayFactory(ReplayName, bad, engine.Config{}, 0); err == nil {
			t.Errorf("ReplayFactory(%q) accepted", bad)
		}
	}
	for _, good := range []string{"thrower=minimax depth=2 preview=on width=10 height=20", "thrower=minimax width=0 height=0"} {
		if _, err := ReplayFactory(ReplayName, good, engine.Config{}, 0); err != nil {
			t.Errorf("ReplayFactory(%q): %v", good, err)
		}
	}
}
