package thrower

import (
	"slices"
	"testing"

	"github.com/kocka/kocka/engine"
)

// TestStatelessMeansRepeatable: a thrower that says it is stateless
// chooses, after any history, what a fresh instance chooses for the same
// view; so its choices can be worked out ahead by a second instance.
func TestStatelessMeansRepeatable(t *testing.T) {
	views := []View{
		{Board: emptyBoard(), Height: 20},
		{Board: midGame(t), Height: 20},
		{Board: midGame(t), Pending: []engine.Piece{engine.T}, Height: 20},
		{Board: emptyBoard(), Pending: []engine.Piece{engine.I}, Height: 20},
	}
	stateless := map[string]bool{}
	for _, name := range Names() {
		o := Options{Width: 10, Height: 20, Seed: 3, Depth: 1}
		used, err := New(name, o)
		if err != nil {
			t.Fatal(err)
		}
		stateless[name] = used.Stateless()
		if !used.Stateless() {
			continue
		}
		for i, v := range views {
			fresh, _ := New(name, o)
			if got, want := used.Next(v), fresh.Next(v); got != want {
				t.Errorf("%s view %d: after %d choices %v, fresh %v", name, i, i, got, want)
			}
			if used.Fingerprint() != 0 {
				t.Errorf("%s is stateless but its fingerprint is %x", name, used.Fingerprint())
			}
		}
	}
	// The two the window works out ahead; the others keep state.
	for name, want := range map[string]bool{"minimax": true, "kind": true, "hatetris": false, "bastet": false, "sz": false, "random": false} {
		if stateless[name] != want {
			t.Errorf("%s: Stateless %v, want %v", name, stateless[name], want)
		}
	}
}

// TestAheadDealsWhatTheThrowerDeals: a game whose choices are foreseen
// gets the pieces of the same game dealt inline, and the choices were
// taken from the background.
func TestAheadDealsWhatTheThrowerDeals(t *testing.T) {
	cfg := engine.ConfigFor(engine.GoalNone)
	cfg.Hold, cfg.NoGravity, cfg.Preview = false, true, 1
	o := Options{Preview: true, Width: cfg.Width, Height: cfg.VisibleHeight, Seed: 1, Depth: 1}
	play := func(foresee bool) ([]engine.Piece, int) {
		rnd, err := NewRandomizer("minimax", o)
		if err != nil {
			t.Fatal(err)
		}
		var deal engine.Randomizer = rnd
		ahead, err := NewAhead(rnd)
		if err != nil || ahead == nil {
			t.Fatalf("no Ahead for minimax: %v", err)
		}
		if foresee {
			deal = ahead
		}
		g, err := engine.NewGameWith(cfg, 1, deal)
		if err != nil {
			t.Fatal(err)
		}
		var dealt []engine.Piece
		for i := 0; i < 40 && !g.Over(); i++ {
			// Move each piece by its index so the wells differ, then drop.
			for range i % 4 {
				g.Tick(engine.InLeft)
				g.Tick(0)
			}
			if foresee {
				b := g.Board().Clone()
				b.Place(g.Ghost())
				b.ClearLines()
				ahead.Foresee(View{Board: b, Pending: g.Queue(), Height: g.VisibleHeight()})
			}
			g.Tick(engine.InHardDrop)
			g.Tick(0)
			if cur, ok := g.Current(); ok {
				dealt = append(dealt, cur.Piece)
			}
		}
		return dealt, ahead.Foreseen()
	}
	inline, _ := play(false)
	ahead, foreseen := play(true)
	if !slices.Equal(inline, ahead) {
		t.Fatalf("foreseen game dealt %v, inline %v", ahead, inline)
	}
	if foreseen < len(ahead)/2 {
		t.Fatalf("%d of %d choices foreseen", foreseen, len(ahead))
	}
	stateful, _ := NewRandomizer("hatetris", o)
	if a, _ := NewAhead(stateful); a != nil {
		t.Error("hatetris keeps state, yet NewAhead wrapped it")
	}
}

// TestGameKey: the key changes with what decides the game's future
// besides the board.
func TestGameKey(t *testing.T) {
	cfg := engine.ConfigFor(engine.GoalNone)
	cfg.NoGravity = true
	key := func(seq ...engine.Piece) uint64 {
		g, err := engine.NewGameWith(cfg, 0, &engine.Sequence{Pieces: seq})
		if err != nil {
			t.Fatal(err)
		}
		return GameKey(g)
	}
	if key(engine.T, engine.I) == key(engine.T, engine.O) {
		t.Error("the key ignores the queue")
	}
	if key(engine.T, engine.I) == key(engine.S, engine.I) {
		t.Error("the key ignores the current piece")
	}
	// Two games built apart from the same position.
	if first, second := key(engine.T, engine.I), key(engine.T, engine.I); first != second {
		t.Error("the key is not a function of the position")
	}
	if PositionKey(1, []engine.Piece{engine.T}) == PositionKey(2, []engine.Piece{engine.T}) {
		t.Error("the key ignores the thrower's state")
	}
}
