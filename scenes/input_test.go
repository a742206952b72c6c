package scenes

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/kocka/kocka/engine"
)

// TestEveryActionReachesItsButton checks the action-to-engine table over
// every action and every engine button: each game action presses exactly
// its own button, pause presses none, and every button has an action.
func TestEveryActionReachesItsButton(t *testing.T) {
	want := map[Action]engine.Input{
		ActLeft: engine.InLeft, ActRight: engine.InRight,
		ActSoftDrop: engine.InSoftDrop, ActHardDrop: engine.InHardDrop,
		ActRotateCW: engine.InRotateCW, ActRotateCCW: engine.InRotateCCW, ActRotate180: engine.InRotate180,
		ActHold: engine.InHold, ActPause: 0, ActRetry: 0, ActHint: 0,
	}
	if len(want) != int(NumActions) {
		t.Fatalf("the test knows %d actions, there are %d", len(want), NumActions)
	}
	var all ActionSet
	var reached engine.Input
	for a := Action(0); a < NumActions; a++ {
		got := ActionSet(0).With(a).EngineInput()
		if got != want[a] {
			t.Errorf("%v presses %v, want %v", a, got, want[a])
		}
		if got&reached != 0 {
			t.Errorf("%v presses %v, which another action presses too", a, got)
		}
		reached |= got
		all = all.With(a)
	}
	for bit := 0; bit < 8; bit++ {
		if b := engine.Input(1) << bit; reached&b == 0 {
			t.Errorf("no action presses engine button %v", b)
		}
	}
	if got := all.EngineInput(); got != reached {
		t.Errorf("every action at once presses %v, want %v", got, reached)
	}
	// Bits above the actions (none today) must not leak into the engine.
	if got := ActionSet(0xFFFF).EngineInput(); got != reached {
		t.Errorf("a full bit set presses %v, want %v", got, reached)
	}
}

// TestKeyBindingsJSON: the bindings are written by encoding/json, in
// action order, and read back the same.
func TestKeyBindingsJSON(t *testing.T) {
	kb := DefaultKeys()
	b, err := json.Marshal(kb)
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(b) {
		t.Fatalf("invalid JSON %s", b)
	}
	var m map[string][]string
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	back, err := bindingsFromNames(m)
	if err != nil || back != kb {
		t.Fatalf("round trip: %v %v", back, err)
	}
	if want := `{"left":["ArrowLeft"],"right":["ArrowRight"]`; string(b[:len(want)]) != want {
		t.Errorf("starts %s, want %s", b[:len(want)], want)
	}
}

// TestMenuRepeatCountsTicks: a held menu button repeats after 18 ticks and
// then every 4, counted in game ticks, however many frames drew them; the
// press itself comes from the Reader, once. (Counted in frames, a tap held
// a little longer at 150 frames a second moved a menu twice.)
func TestMenuRepeatCountsTicks(t *testing.T) {
	var m menuRepeat
	var fired []int
	for tick := 1; tick <= 30; tick++ {
		f := Frame{MenuHeld: MenuDown}
		m.tick(&f)
		if f.Menu&MenuDown != 0 {
			fired = append(fired, tick)
		}
	}
	if want := []int{18, 22, 26, 30}; !slices.Equal(fired, want) {
		t.Fatalf("repeats at ticks %v, want %v", fired, want)
	}
	f := Frame{}
	m.tick(&f) // released
	f = Frame{MenuHeld: MenuDown}
	m.tick(&f)
	if f.Menu != 0 {
		t.Fatal("a new hold repeated at once")
	}
}

// TestQueuedTapsClickOneATick: taps Ebitengine missed (the page's quick
// taps) come out of Read as clicks, in order, one a tick, at their logical
// positions; the queue keeps at most maxQueuedTaps of them.
func TestQueuedTapsClickOneATick(t *testing.T) {
	var r Reader
	for i := range maxQueuedTaps + 3 {
		r.queueTap(10*i, 20*i)
	}
	var kb KeyBindings
	half := func(x, y int) (int, int) { return x / 2, y / 2 }
	for i := range maxQueuedTaps {
		f := r.Read(&kb, half)
		if !f.Click || !f.PointerMoved || f.X != 5*i || f.Y != 10*i {
			t.Fatalf("tick %d: click %v moved %v at %d,%d, want a click at %d,%d", i, f.Click, f.PointerMoved, f.X, f.Y, 5*i, 10*i)
		}
	}
	if f := r.Read(&kb, half); f.Click {
		t.Fatalf("a click at %d,%d after the queue's %d taps", f.X, f.Y, maxQueuedTaps)
	}
}

// TestHeldButtonDoesNotRepeatIntoANewScreen: Enter pressed on the title
// and held past the repeat delay (frames that run several ticks, on a
// slow start) opens the main menu and chooses nothing there; released and
// pressed again, it chooses the row.
func TestHeldButtonDoesNotRepeatIntoANewScreen(t *testing.T) {
	a, err := NewApp(Options{Mode: "title", Seed: 42, SeedSet: true, Store: &MemStore{}, OneTickPerFrame: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	now := time.Unix(0, 0)
	frame := func(f Frame) {
		t.Helper()
		now = now.Add(time.Second / 60)
		if err := a.frame(f, now); err != nil {
			t.Fatal(err)
		}
	}
	frame(Frame{Menu: MenuConfirm, MenuHeld: MenuConfirm})
	for range 60 { // a second held: past the fade and the repeat delay
		frame(Frame{MenuHeld: MenuConfirm})
	}
	if got := topName(a); got != "menu" {
		t.Fatalf("Enter held on the title led to %q, want the main menu", got)
	}
	frame(Frame{})
	frame(Frame{Menu: MenuConfirm, MenuHeld: MenuConfirm})
	settle(t, a)
	if got := topName(a); got != "play" {
		t.Fatalf("a fresh Enter in the menu led to %q, want play", got)
	}
	// A pushed screen, at once and without a fade, is new too: Enter held
	// on the menu's "High scores" opens the table and does not close it
	// again (Enter closes it).
	a, err = NewApp(Options{Mode: "title", Seed: 42, SeedSet: true, Store: &MemStore{}, OneTickPerFrame: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	frame(Frame{Menu: MenuConfirm, MenuHeld: MenuConfirm})
	frame(Frame{})
	settle(t, a)
	menu := a.Stack.Top().(*mainMenu)
	menu.menu.sel = slices.IndexFunc(menu.menu.items, func(it menuItem) bool { return it.label == "High scores" })
	frame(Frame{Menu: MenuConfirm, MenuHeld: MenuConfirm})
	for range 60 {
		frame(Frame{MenuHeld: MenuConfirm})
	}
	if got := topName(a); got != "scores" {
		t.Fatalf("Enter held on High scores led to %q, want the scores", got)
	}

	// Held in a menu that stays, the same button still repeats.
	var m menuRepeat
	f := Frame{MenuHeld: MenuDown}
	repeats := 0
	for range 40 {
		f.Menu = 0
		m.tick(&f)
		if f.Menu&MenuDown != 0 {
			repeats++
		}
	}
	if repeats == 0 {
		t.Error("a held Down no longer repeats")
	}
}
