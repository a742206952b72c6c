package scenes

import (
	"testing"

	"github.com/kocka/kocka/scenes/draw"
)

// TestDrawEveryScene draws each scene in a dry renderer: no panics, the
// frame is not empty, and it goes out in one batch.
func TestDrawEveryScene(t *testing.T) {
	r := draw.NewDry()
	a := newTestApp(t, &MemStore{}, "marathon")
	play := a.Stack.Top().(*playScene)
	bot, err := NewApp(Options{Mode: "bot", Seed: 2, SeedSet: true, Store: &MemStore{}})
	if err != nil {
		t.Fatal(err)
	}
	step(t, bot, Frame{}, 400)
	scenes := []struct {
		name string
		app  *App
		sc   Scene
	}{
		{"title", a, newTitle()},
		{"menu", a, newMainMenu()},
		{"play", a, play},
		{"pause", a, newPause(play)},
		{"settings", a, newSettingsScene(true)},
		{"scores", a, newScoresScene("sprint")},
		{"replays", a, newReplayBrowser(a.ctx)},
		{"botsetup", a, newBotSetup(&Modes[0])},
		{"bot", bot, bot.Stack.Top()},
	}
	for _, tc := range scenes {
		t.Run(tc.name, func(t *testing.T) {
			tc.app.Stack.Push(tc.sc)
			defer tc.app.Stack.Pop()
			tc.app.drawLogical(r, nil)
			if r.Quads < 20 || r.Flushes != 1 {
				t.Fatalf("%d quads in %d draw calls", r.Quads, r.Flushes)
			}
		})
	}
	topOut(t, a, play)
	step(t, a, Frame{}, endDelayTicks)
	settle(t, a)
	a.drawLogical(r, nil)
	if topName(a) != "results" || r.Quads < 100 {
		t.Fatalf("results: %q, %d quads", topName(a), r.Quads)
	}
}

// BenchmarkBotFrame is one frame of the bot at full speed with its
// candidates shown: the game tick, the bot's inputs and plans, and building
// the frame's vertices (the GPU work is not included).
func BenchmarkBotFrame(b *testing.B) {
	for _, speed := range []string{"full speed", "full x16"} {
		b.Run(speed, func(b *testing.B) {
			store := &MemStore{}
			a, err := NewApp(Options{Mode: "title", Store: store})
			if err != nil {
				b.Fatal(err)
			}
			for i, s := range botSpeeds {
				if s.title == speed {
					a.Settings.Bot.Speed = i
				}
			}
			a.Settings.Bot.Game = "endless"
			m, _ := ModeByName("bot")
			r := draw.NewDry()
			start := func() {
				sc, err := m.New(a.ctx, 7)
				if err != nil {
					b.Fatal(err)
				}
				a.Stack = Stack{}
				a.Stack.Push(sc)
			}
			start()
			b.ResetTimer()
			for b.Loop() {
				if a.Stack.Top().(*playScene).game.Over() {
					start()
				}
				a.Step(Frame{})
				a.drawLogical(r, nil)
			}
		})
	}
}

// BenchmarkPlayFrame is one frame of a person's game: tick and draw.
func BenchmarkPlayFrame(b *testing.B) {
	a, err := NewApp(Options{Mode: "marathon", Seed: 1, SeedSet: true, Store: &MemStore{}})
	if err != nil {
		b.Fatal(err)
	}
	r := draw.NewDry()
	for b.Loop() {
		a.Step(Frame{})
		a.drawLogical(r, nil)
	}
}

func TestClearLift(t *testing.T) {
	for _, tc := range []struct {
		cleared []int
		drop    float32
		want    []float32 // in cells
	}{
		{[]int{1}, 0, []float32{0, 1, 1, 1}},
		{[]int{0, 2}, 0, []float32{1, 2, 2, 2}},
		{[]int{0, 1, 2, 3}, 0, []float32{4, 4, 4, 4}},
		{[]int{1}, 0.5, []float32{0, 0.75, 0.75, 0.75}},
		{[]int{1}, 1, []float32{0, 0, 0, 0}},
	} {
		var fx effects
		for _, y := range tc.cleared {
			fx.cleared = append(fx.cleared, clearedRow{y: y})
		}
		got := fx.lift(len(tc.want), tc.drop)
		for y := range tc.want {
			if got[y] != tc.want[y]*draw.Cell {
				t.Errorf("cleared %v drop %v: row %d lifted %v px, want %v cells", tc.cleared, tc.drop, y, got[y], tc.want[y])
			}
		}
	}
	if h, d := clearProgress(clearTicks); h != 1 || d != 0 {
		t.Errorf("start of the animation: hold %v drop %v", h, d)
	}
	if h, d := clearProgress(1); h != 0 || d != 1 {
		t.Errorf("end of the animation: hold %v drop %v", h, d)
	}
}
