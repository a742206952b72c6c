package scenes

import (
	"slices"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/pcplan"
)

func TestWatchTheBot(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	m := a.Stack.Top().(*mainMenu)
	for m.menu.items[m.menu.sel].label != "Watch the bot" {
		step(t, a, press(MenuDown), 1)
		if m.menu.sel == 0 {
			t.Fatal("no Watch the bot row in the menu")
		}
	}
	step(t, a, press(MenuConfirm), 1)
	if topName(a) != "botsetup" {
		t.Fatalf("Watch the bot opened %q", topName(a))
	}
	// Personality is the first row: one step right from kocka wraps to
	// the first weight set; speed (second row) to full x4.
	step(t, a, press(MenuRight), 1)
	if a.Settings.Bot.Personality == "kocka" {
		t.Fatal("personality did not change")
	}
	chosen := a.Settings.Bot.Personality
	step(t, a, press(MenuDown), 1)
	for botSpeeds[a.Settings.Bot.Speed].title != "full x4" {
		step(t, a, press(MenuRight), 1)
	}
	setup := a.Stack.Top().(*botSetup)
	for setup.menu.items[setup.menu.sel].label != "Start" {
		step(t, a, press(MenuDown), 1)
	}
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	play, ok := a.Stack.Top().(*playScene)
	if !ok || play.mode.Name != "bot" {
		t.Fatalf("Start led to %q", topName(a))
	}
	d := play.driver.(*botDriver)
	if got := d.bot.Weights().Name; got != chosen {
		t.Fatalf("bot plays %q, chose %q", got, chosen)
	}
	g := play.game
	t0 := g.Ticks()
	step(t, a, Frame{}, 300) // 1200 ticks at x4
	if g.Ticks()-t0 != 1200 || g.Stats().Pieces < 30 || g.Lines() < 10 || g.Over() {
		t.Fatalf("after 1200 ticks: pieces %d, lines %d, over %v (ticks %d)", g.Stats().Pieces, g.Lines(), g.Over(), g.Ticks())
	}
	if len(d.driver.Plan().Candidates) == 0 {
		t.Fatal("no candidates to show")
	}
	// The player's keys do not steer the bot, and its games are not scored.
	if _, human := play.driver.(humanDriver); human {
		t.Fatal("bot game driven by the keyboard")
	}
}

func TestBotPersonalityFlag(t *testing.T) {
	a, err := NewApp(Options{Mode: "bot", Personality: "dellacherie", Seed: 1, SeedSet: true, Store: &MemStore{}})
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Stack.Top().(*playScene).driver.(*botDriver).bot.Weights().Name; got != "dellacherie" {
		t.Fatalf("--personality dellacherie plays %q", got)
	}
	if _, err := NewApp(Options{Mode: "bot", Personality: "nobody", Store: &MemStore{}}); err == nil {
		t.Fatal("unknown personality accepted")
	}
}

// TestBotPerfectClears: with the setting on (the default), the bot in the
// window hands low stacks to the perfect-clear planner, within its budget,
// and clears the whole board; with it off, no planner is asked.
func TestBotPerfectClears(t *testing.T) {
	for _, on := range []bool{true, false} {
		a := newTestApp(t, &MemStore{}, "bot")
		if !a.Settings.Bot.PerfectClears {
			t.Fatal("perfect clears are off by default")
		}
		if !on {
			a.Settings.Bot.PerfectClears = false
			m := a.Stack.Top().(*playScene).mode
			sc, err := m.New(a.ctx, 42)
			if err != nil {
				t.Fatal(err)
			}
			a.Stack.Reset(sc)
			settle(t, a)
		}
		play := a.Stack.Top().(*playScene)
		if got := strings.Contains(play.subtitle, "+ PC"); got != on {
			t.Errorf("on %v: subtitle %q", on, play.subtitle)
		}
		g := play.game
		for i := 0; i < 20000 && g.Stats().PerfectClears == 0 && !g.Over(); i++ {
			step(t, a, Frame{}, 1)
		}
		planner, _ := play.driver.(*botDriver).bot.Config().Override.(*pcplan.Planner)
		switch {
		case on && (planner == nil || planner.Budget != botPCBudget || planner.Stats.Found == 0 || g.Stats().PerfectClears == 0):
			t.Errorf("on: planner %+v, %d perfect clears in %d pieces", planner, g.Stats().PerfectClears, g.Stats().Pieces)
		case !on && planner != nil:
			t.Errorf("off: a planner was asked: %+v", planner.Stats)
		}
	}
}

// TestBotSetupToggles: the on/off rows of the bot's setup flip their
// settings and show the new value.
func TestBotSetupToggles(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	s := newBotSetup(nil)
	for _, row := range []struct {
		label string
		field *bool
	}{
		{"Show candidates", &a.Settings.Bot.Candidates},
		{"Perfect clears", &a.Settings.Bot.PerfectClears},
	} {
		i := slices.IndexFunc(s.menu.items, func(it menuItem) bool { return it.label == row.label })
		if i < 0 {
			t.Fatalf("no %q row", row.label)
		}
		it := s.menu.items[i]
		before := *row.field
		it.adjust(a.ctx, 1)
		want := map[bool]string{true: "on", false: "off"}[!before]
		if *row.field == before || it.value(a.ctx) != want {
			t.Errorf("%s: %v -> %v, shows %q", row.label, before, *row.field, it.value(a.ctx))
		}
	}
}
