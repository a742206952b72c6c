package scenes

import (
	"slices"
	"testing"

	"github.com/kocka/kocka/scenes/draw"
)

// fakeScene counts its updates.
type fakeScene struct {
	name    string
	updates int
}

func (f *fakeScene) Update(*Context) error { f.updates++; return nil }
func (f *fakeScene) Draw(*draw.Renderer)   {}
func (f *fakeScene) Name() string          { return f.name }

type fakeOverlay struct{ fakeScene }

func (*fakeOverlay) Overlay() {}

func names(ss []Scene) []string {
	var out []string
	for _, s := range ss {
		out = append(out, sceneName(s))
	}
	return out
}

func TestStackPushPopOverlay(t *testing.T) {
	var s Stack
	a := &Context{}
	game := &fakeScene{name: "game"}
	pause := &fakeOverlay{fakeScene{name: "pause"}}
	settings := &fakeScene{name: "settings"}
	s.Push(&fakeScene{name: "menu"})
	s.Push(game)
	s.Push(pause)
	if got := names(s.Visible()); !slices.Equal(got, []string{"game", "pause"}) {
		t.Fatalf("visible with pause = %v, want game under pause", got)
	}
	s.Update(a)
	if pause.updates != 1 || game.updates != 0 {
		t.Fatalf("updates pause %d game %d: only the top scene should update", pause.updates, game.updates)
	}
	s.Push(settings)
	if got := names(s.Visible()); !slices.Equal(got, []string{"settings"}) {
		t.Fatalf("visible with opaque settings on top = %v", got)
	}
	s.Pop()
	s.Pop()
	if s.Top() != game || s.Len() != 2 {
		t.Fatalf("after two pops top is %v (len %d), want game", sceneName(s.Top()), s.Len())
	}
}

func TestStackReplaceFades(t *testing.T) {
	var s Stack
	a := &Context{}
	first, second := &fakeScene{name: "first"}, &fakeScene{name: "second"}
	s.Replace(first) // an empty stack takes the scene at once
	if s.Top() != first || s.Transitioning() {
		t.Fatal("first scene was not put on the empty stack at once")
	}
	s.Replace(second)
	var dark []float32
	for i := 0; s.Transitioning(); i++ {
		if i > 4*fadeTicks {
			t.Fatal("transition never ends")
		}
		s.Update(a)
		dark = append(dark, s.Darkness())
	}
	if s.Top() != second || s.Len() != 1 {
		t.Fatalf("after the fade top = %v, len %d", sceneName(s.Top()), s.Len())
	}
	if first.updates != 0 || second.updates != 0 {
		t.Errorf("scenes updated during the fade: %d, %d", first.updates, second.updates)
	}
	if len(dark) != 2*fadeTicks {
		t.Errorf("fade took %d ticks, want %d", len(dark), 2*fadeTicks)
	}
	peak := slices.Max(dark)
	if peak != 1 || dark[len(dark)-1] != 0 {
		t.Errorf("darkness %v: want a rise to 1 and back to 0", dark)
	}
	s.Update(a)
	if second.updates != 1 {
		t.Error("new scene not updated after the fade")
	}
}

func TestStackReset(t *testing.T) {
	var s Stack
	for _, n := range []string{"a", "b", "c"} {
		s.Push(&fakeScene{name: n})
	}
	menu := &fakeScene{name: "menu"}
	s.Reset(menu)
	for s.Transitioning() {
		s.Update(&Context{})
	}
	if s.Len() != 1 || s.Top() != menu {
		t.Fatalf("after reset: %v", names(s.scenes))
	}
}
