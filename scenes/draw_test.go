package scenes

import (
	"testing"
)

// TestDrawEveryScene draws each scene in a dry renderer: no panics, the
// frame is not empty, and it goes out in one batch.
func TestDrawEveryScene(t *testing.T) {
	r := newDryRenderer()
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
		{"replays", a, newReplaysScene(a)},
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
			r := newDryRenderer()
			start := func() {
				sc, err := m.New(a, 7)
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
	r := newDryRenderer()
	for b.Loop() {
		a.Step(Frame{})
		a.drawLogical(r, nil)
	}
}
