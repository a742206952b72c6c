package scenes

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/solver/thrower"
)

// versusStore is a store whose thrower settings choose key for versus and
// the bot's thrower, personality, depth and speed for botvs.
func versusStore(t *testing.T, key string, bot func(v *VersusSettings)) *MemStore {
	t.Helper()
	v := defaultVersusSettings()
	v.Thrower = key
	if bot != nil {
		bot(&v)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	s := &MemStore{}
	if err := s.Save(versusFile, raw); err != nil { // through the store's rules, as the game saved it
		t.Fatal(err)
	}
	return s
}

func versusTop(t *testing.T, a *App) *versusScene {
	t.Helper()
	s, ok := a.Stack.Top().(*versusScene)
	if !ok {
		t.Fatalf("top scene %q is not a versus game", topName(a))
	}
	return s
}

// TestVersusPiecesComeFromTheThrower plays against S/Z: only S and Z
// arrive; with no hold and no preview, the player sees one piece.
func TestVersusPiecesComeFromTheThrower(t *testing.T) {
	a := newTestApp(t, versusStore(t, "sz", nil), "versus")
	s := versusTop(t, a)
	if s.rnd.Name != "sz" || s.game.Config().Hold || s.game.Config().Preview != 0 {
		t.Fatalf("thrower %q, hold %v, preview %d", s.rnd.Name, s.game.Config().Hold, s.game.Config().Preview)
	}
	seen := map[engine.Piece]int{}
	for i := 0; i < 200 && !s.game.Over(); i++ {
		if cur, ok := s.game.Current(); ok {
			seen[cur.Piece]++
		}
		f := Frame{}
		if i%2 == 0 {
			f = action([...]Action{ActLeft, ActRight, ActHardDrop}[i/2%3])
		}
		step(t, a, f, 1)
	}
	if len(seen) == 0 || len(seen) > 2 || seen[engine.S]+seen[engine.Z] != sum(seen) {
		t.Fatalf("pieces seen %v", seen)
	}
	if s.why.Chosen != engine.S && s.why.Chosen != engine.Z || s.why.Rule == "" {
		t.Fatalf("explanation %+v", s.why)
	}
}

func sum(m map[engine.Piece]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// TestVersusDifficultyMenu goes title, menu, "Versus the thrower", and
// picks each difficulty: the game starts that thrower at that depth, and
// the choice is saved for --mode versus.
func TestVersusDifficultyMenu(t *testing.T) {
	for i, c := range versusChoices {
		t.Run(c.key, func(t *testing.T) {
			store := &MemStore{}
			a := newTestApp(t, store, "title")
			step(t, a, press(MenuConfirm), 1)
			settle(t, a)
			m := a.Stack.Top().(*mainMenu)
			for m.menu.items[m.menu.sel].label != "Versus the thrower" {
				step(t, a, press(MenuDown), 1)
				if m.menu.sel == 0 {
					t.Fatal("no Versus the thrower row in the menu")
				}
			}
			step(t, a, press(MenuConfirm), 1)
			if topName(a) != "versussetup" {
				t.Fatalf("the menu row opened %q", topName(a))
			}
			step(t, a, Frame{}, 1) // the cursor goes to the saved difficulty (HATETRIS)
			setup := a.Stack.Top().(*versusSetup)
			if got := setup.selected().key; got != "hatetris" {
				t.Fatalf("setup opened on %q", got)
			}
			for setup.selected() == nil || setup.selected().key != c.key {
				step(t, a, press(MenuDown), 1)
			}
			step(t, a, press(MenuConfirm), 1)
			settle(t, a)
			s := versusTop(t, a)
			if s.choice.key != c.key || s.rnd.Name != c.thrower || s.rnd.Options.Depth != c.depth {
				t.Fatalf("row %d started %s (%s depth %d), want %s", i, s.choice.key, s.rnd.Name, s.rnd.Options.Depth, c.key)
			}
			if s.rnd.T.Name() == "" || s.rnd.Options.Seed != s.game.Seed() {
				t.Fatalf("thrower %q seeded %d, game seed %d", s.rnd.T.Name(), s.rnd.Options.Seed, s.game.Seed())
			}
			a.FlushSaves()
			again := newTestApp(t, store, "versus")
			if got := versusTop(t, again).choice.key; got != c.key {
				t.Fatalf("--mode versus after choosing %s plays %s", c.key, got)
			}
		})
	}
}

// playToTopOut hard-drops until the game ends, then waits for the results.
func playToTopOut(t *testing.T, a *App) *versusScene {
	t.Helper()
	s := versusTop(t, a)
	topOut(t, a, s.playScene)
	step(t, a, Frame{}, endDelayTicks)
	settle(t, a)
	if topName(a) != "results" {
		t.Fatalf("after the game: %q", topName(a))
	}
	if _, ok := a.Stack.Top().(*versusResults); !ok {
		t.Fatalf("results scene is %T", a.Stack.Top())
	}
	return s
}

// TestVersusHighScoresPerThrower: each difficulty keeps its own table of
// lines survived, saved in the scores file, which a new window reads.
func TestVersusHighScoresPerThrower(t *testing.T) {
	store := versusStore(t, "bastet", nil)
	a := newTestApp(t, store, "versus")
	s := playToTopOut(t, a)
	if s.rank != 1 {
		t.Fatalf("first game against bastet ranked %d", s.rank)
	}
	v := a.ctx.versusSettings()
	v.Thrower = "minimax1"
	a.ctx.saveVersusSettings(v)
	for i := 0; i < 2; i++ {
		m, _ := ModeByName("versus")
		sc, err := m.New(a.ctx, uint64(10+i))
		if err != nil {
			t.Fatal(err)
		}
		a.Stack.Reset(sc)
		settle(t, a)
		playToTopOut(t, a)
	}
	a.FlushSaves()
	b := newTestApp(t, store, "title")
	if n := len(b.Scores.Modes["versus-bastet"]); n != 1 {
		t.Fatalf("bastet table has %d games after reload", n)
	}
	if n := len(b.Scores.Modes["versus-minimax1"]); n != 2 {
		t.Fatalf("minimax1 table has %d games after reload", n)
	}
	if len(b.Scores.Modes["versus"]) != 0 {
		t.Fatal("versus games went into a table of the mode as a whole")
	}
	r := draw.NewDry()
	setup := newVersusSetup(&Modes[0])
	b.Stack.Push(setup)
	step(t, b, Frame{}, 1)
	b.drawLogical(r, nil)
	if r.Quads < 100 {
		t.Fatalf("setup with scores drew %d quads", r.Quads)
	}
}

func TestAddByLines(t *testing.T) {
	var s Scores
	for i, c := range []struct{ lines, rank int }{
		{5, 1}, {9, 1}, {5, 3}, {0, 4}, {7, 2},
	} {
		if got := addByLines(&s, "k", Result{Lines: c.lines, Score: i}); got != c.rank {
			t.Errorf("add %d lines: rank %d, want %d", c.lines, got, c.rank)
		}
	}
	var order []int
	for _, r := range s.Modes["k"] {
		order = append(order, r.Score)
	}
	if want := []int{1, 4, 0, 2, 3}; !equalInts(order, want) {
		t.Errorf("order by insertion %v, want %v (ties keep the earlier first)", order, want)
	}
	for i := 0; i < TopScores; i++ {
		addByLines(&s, "k", Result{Lines: 20})
	}
	if got := addByLines(&s, "k", Result{Lines: 1}); got != 0 || len(s.Modes["k"]) != TopScores {
		t.Errorf("full table: rank %d, %d kept", got, len(s.Modes["k"]))
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestVersusReplayVerifies: the replay a versus game saves rebuilds its
// thrower through the factory and ends in the same state, in the engine
// and in the window (which has no factory of its own).
func TestVersusReplayVerifies(t *testing.T) {
	for _, key := range []string{"hatetris", "bastet", "minimax2"} {
		t.Run(key, func(t *testing.T) {
			store := versusStore(t, key, nil)
			a := newTestApp(t, store, "versus")
			s := versusTop(t, a)
			// Move the pieces about a little so the game is not trivial.
			for i := 0; i < 400 && !s.game.Over(); i++ {
				f := Frame{}
				switch i % 12 {
				case 0:
					f = action([...]Action{ActLeft, ActRotateCW, ActRight, ActLeft}[i/12%4])
				case 6:
					f = action(ActHardDrop)
				}
				step(t, a, f, 1)
			}
			playToTopOut(t, a)
			a.FlushSaves()
			raw, err := store.Get(replayName("versus"))
			if err != nil {
				t.Fatal(err)
			}
			rep, err := engine.DecodeReplay(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			if rep.Randomizer != thrower.ReplayName || rep.Hash != s.game.StateHash() {
				t.Fatalf("replay randomizer %q hash %016x, game %016x", rep.Randomizer, rep.Hash, s.game.StateHash())
			}
			if err := rep.VerifyWith(thrower.ReplayFactory); err != nil {
				t.Fatal(err)
			}
			w, err := NewApp(Options{Replay: rep, Store: &MemStore{}})
			if err != nil {
				t.Fatal(err)
			}
			step(t, w, Frame{}, len(rep.Inputs)+2)
			if st := w.State(); !st.ReplayDone || st.StateHash != st.ReplayHash {
				t.Fatalf("window replay: done %v, hash %s, recorded %s", st.ReplayDone, st.StateHash, st.ReplayHash)
			}
			if title := replayMode(rep).Title; title != "Versus "+s.choice.thrower {
				t.Errorf("the replay is titled %q, want %q", title, "Versus "+s.choice.thrower)
			}
		})
	}
}

// TestBotVersusEnds watches the bot against throwers at full speed: each
// game ends in a loss or a cycle the detector reports, with the band of
// rows that changes inside the well.
func TestBotVersusEnds(t *testing.T) {
	for _, c := range []struct {
		thrower string
		depth   int
		want    string // "cycle" or "loss"
	}{
		{"kind", 1, "cycle"},
		{"sz", 1, "loss"},
	} {
		t.Run(c.thrower, func(t *testing.T) {
			store := versusStore(t, "hatetris", func(v *VersusSettings) {
				v.Bot.Thrower, v.Bot.Depth, v.Bot.Speed = c.thrower, c.depth, len(botSpeeds)-1
			})
			a := newTestApp(t, store, "botvs")
			s := versusTop(t, a)
			d := s.driver.(*botVersusDriver)
			for i := 0; i < 3000 && !s.done(); i++ {
				step(t, a, Frame{}, 1)
			}
			switch {
			case d.det.Found():
				cy := d.det.Cycle()
				t.Logf("cycle at move %d, length %d, rows %d-%d, after %d pieces", cy.Move, cy.Length, cy.LowRow, cy.HighRow, s.game.Stats().Pieces)
				if c.want != "cycle" || cy.Length < 1 || cy.Move != d.det.Moves() || cy.HighRow >= s.game.VisibleHeight() {
					t.Fatalf("cycle %+v, want a %s", cy, c.want)
				}
			case s.game.Over():
				t.Logf("loss after %d pieces, %d lines", s.game.Stats().Pieces, s.game.Lines())
				if c.want != "loss" {
					t.Fatalf("lost after %d pieces, want a %s", s.game.Stats().Pieces, c.want)
				}
			default:
				t.Fatalf("neither cycle nor loss after %d pieces", s.game.Stats().Pieces)
			}
			if d.det.Moves() == 0 {
				t.Fatal("the detector watched nothing")
			}
			r := draw.NewDry()
			a.drawLogical(r, nil)
			if r.Quads < 100 {
				t.Fatalf("end screen drew %d quads", r.Quads)
			}
			step(t, a, press(MenuConfirm), 20)
			settle(t, a)
			if again := versusTop(t, a); again == s {
				t.Fatal("Enter did not start another game")
			}
		})
	}
}

// TestDrawVersusScenes draws the thrower screens in a dry renderer.
func TestDrawVersusScenes(t *testing.T) {
	r := draw.NewDry()
	a := newTestApp(t, versusStore(t, "minimax1", nil), "versus")
	step(t, a, Frame{}, 30)
	vm, _ := ModeByName("versus")
	bm, _ := ModeByName("botvs")
	for _, sc := range []Scene{a.Stack.Top(), newVersusSetup(vm), newBotVersusSetup(bm)} {
		a.Stack.Push(sc)
		step(t, a, Frame{}, 1)
		a.drawLogical(r, nil)
		if r.Quads < 40 || r.Flushes != 1 {
			t.Fatalf("%s: %d quads in %d draw calls", sceneName(sc), r.Quads, r.Flushes)
		}
		a.Stack.Pop()
	}
}

// BenchmarkVersusDecision is one choice of each difficulty's thrower on a
// mid-game well, by a freshly built thrower so that nothing is cached from
// the iteration before: an upper bound on what a decision costs inside the
// frame's tick, which must stay well under 16 ms. "lock" is the versus
// game's case (no preview: the thrower chooses when the last piece has
// locked, nothing pending); "pending" has a piece still to place first, as
// when the bot plays two deep with the next piece shown.
func BenchmarkVersusDecision(b *testing.B) {
	mid, err := engine.ParseBoard(10, 40, []string{
		"..........",
		"....#.....",
		"#...##...#",
		"##.###..##",
		"##.####.##",
		"#########.",
		"####.#####",
		".#########",
	}, engine.I)
	if err != nil {
		b.Fatal(err)
	}
	cfg := engine.ConfigFor(engine.GoalNone)
	for _, pending := range [][]engine.Piece{nil, {engine.T}} {
		for _, c := range versusChoices {
			name := "lock/" + c.key
			if pending != nil {
				name = "pending/" + c.key
			}
			b.Run(name, func(b *testing.B) {
				cfg.Preview = len(pending)
				for b.Loop() {
					rnd, err := c.newRandomizer(cfg, 1)
					if err != nil {
						b.Fatal(err)
					}
					rnd.T.Next(thrower.View{Board: mid, Pending: pending, Height: cfg.VisibleHeight})
				}
			})
		}
	}
}

// TestBotVersusForesees: against minimax with the next piece shown, the
// decisions are computed while the bot moves its piece, and the game is
// the one the thrower deals inline: its replay, rebuilt through the
// factory (no foresight), ends in the same state.
func TestBotVersusForesees(t *testing.T) {
	store := versusStore(t, "hatetris", func(v *VersusSettings) {
		v.Bot.Thrower, v.Bot.Depth, v.Bot.Speed = "minimax1", 2, 3 // 5 pieces/s
	})
	a := newTestApp(t, store, "botvs")
	s := versusTop(t, a)
	d := s.driver.(*botVersusDriver)
	if d.ahead == nil || s.game.Config().Preview != 1 {
		t.Fatalf("no foresight (preview %d)", s.game.Config().Preview)
	}
	for i := 0; i < 900 && !s.done(); i++ {
		step(t, a, Frame{}, 1)
	}
	pieces := s.game.Stats().Pieces
	if pieces < 20 || d.ahead.Foreseen() < pieces*3/4 {
		t.Fatalf("%d of %d decisions foreseen", d.ahead.Foreseen(), pieces)
	}
	if s.why.Chosen != s.game.Queue()[0] && !s.done() {
		t.Fatalf("explanation for %v, the thrower dealt %v", s.why.Chosen, s.game.Queue()[0])
	}
	rep := s.rec.Replay()
	if err := rep.VerifyWith(thrower.ReplayFactory); err != nil {
		t.Fatal(err)
	}
}
