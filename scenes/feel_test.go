package scenes

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/solver"
)

// TestReadyGoHoldsTheGame: a person's game of every timed or scored mode
// opens on READY, during which the engine does not tick and no key moves
// the piece; the clock starts at GO. The state says how long is left.
func TestReadyGoHoldsTheGame(t *testing.T) {
	for _, mode := range []string{"marathon", "sprint", "ultra", "versus"} {
		t.Run(mode, func(t *testing.T) {
			a := newTestApp(t, &MemStore{}, mode)
			play := a.Stack.Top().(pausable).playing()
			p0, _ := play.game.Current()
			if st := a.State(); st.Countdown != readyTicks {
				t.Fatalf("state countdown %d at the start, want %d", st.Countdown, readyTicks)
			}
			for i := 0; i < readyTicks-1; i++ {
				act := ActLeft
				if i%2 == 1 {
					act = ActHardDrop
				}
				step(t, a, action(act), 1)
			}
			p1, _ := play.game.Current()
			if play.game.Ticks() != 0 || p1 != p0 || play.game.Stats().Pieces != 0 {
				t.Fatalf("during READY: %d ticks, piece %+v from %+v", play.game.Ticks(), p1, p0)
			}
			if st := a.State(); st.Countdown != 1 {
				t.Fatalf("state countdown %d one tick before GO", st.Countdown)
			}
			step(t, a, Frame{}, 1) // GO
			if st := a.State(); st.Countdown != 0 || play.game.Ticks() != 0 {
				t.Fatalf("at GO: countdown %d, ticks %d", st.Countdown, play.game.Ticks())
			}
			step(t, a, action(ActLeft), 1)
			if p2, _ := play.game.Current(); play.game.Ticks() != 1 || p2.X != p0.X-1 {
				t.Fatalf("after GO: ticks %d, piece %+v from %+v", play.game.Ticks(), p2, p0)
			}
		})
	}
}

// TestNoCountdownForTheBot: the bot and replays start at once.
func TestNoCountdownForTheBot(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "bot")
	settle(t, a)
	for i := 0; i < 4 && topName(a) != "play"; i++ { // the setup screen: start
		step(t, a, press(MenuConfirm), 1)
		settle(t, a)
	}
	if p, ok := a.Stack.Top().(pausable); ok && p.playing().countdown != 0 {
		t.Fatalf("the bot's game counts down %d", p.playing().countdown)
	}
}

// TestStateJSONHasCountdown: the browser and GUI tests read "countdown".
func TestStateJSONHasCountdown(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "sprint")
	b, _ := json.Marshal(a.State())
	var m map[string]any
	json.Unmarshal(b, &m)
	if m["countdown"] != float64(readyTicks) {
		t.Fatalf("state JSON %s", b)
	}
	pastReady(t, a)
	b, _ = json.Marshal(a.State())
	m = nil
	json.Unmarshal(b, &m)
	if v, ok := m["countdown"]; !ok || v != float64(0) {
		t.Fatalf("state JSON after GO %s", b)
	}
}

// retryFrame presses the retry key.
func retryFrame() Frame { return action(ActRetry) }

// TestRetryFromPlayPauseAndResults: the retry key starts a new game of the
// same mode from play, from the pause menu and from the results.
func TestRetryFromPlayPauseAndResults(t *testing.T) {
	for _, where := range []string{"play", "pause", "results", "versus results"} {
		t.Run(where, func(t *testing.T) {
			mode := "sprint"
			if where == "versus results" {
				mode = "versus"
			}
			a := newTestApp(t, &MemStore{}, mode)
			pastReady(t, a)
			old := a.Stack.Top().(pausable).playing()
			step(t, a, Frame{}, 5)
			switch where {
			case "pause":
				step(t, a, action(ActPause), 1)
				if topName(a) != "pause" {
					t.Fatalf("no pause: %q", topName(a))
				}
			case "results", "versus results":
				topOut(t, a, old)
				step(t, a, Frame{}, endDelayTicks)
				settle(t, a)
				if topName(a) != "results" {
					t.Fatalf("no results: %q", topName(a))
				}
			}
			step(t, a, retryFrame(), 1)
			settle(t, a)
			p, ok := a.Stack.Top().(pausable)
			if !ok || p.playing() == old || a.Stack.Len() != 1 {
				t.Fatalf("after retry in %s: %v", where, names(a.Stack.scenes))
			}
			if p.playing().mode.Name != mode || p.playing().countdown == 0 {
				t.Fatalf("retry started %s with countdown %d", p.playing().mode.Name, p.playing().countdown)
			}
		})
	}
}

// TestRetryKeyIsBoundAndRebindable: R by default, in the settings' key
// list, and an older settings file that uses R elsewhere still loads.
func TestRetryKeyIsBoundAndRebindable(t *testing.T) {
	kb := DefaultKeys()
	if KeyName(kb[ActRetry][0]) != "R" {
		t.Fatalf("retry is %s by default", KeyName(kb[ActRetry][0]))
	}
	s := newSettingsScene(false)
	found := false
	for _, it := range s.menu.items {
		found = found || it.label == "Retry"
	}
	if !found {
		t.Fatal("no Retry row in the settings' key list")
	}
	old := `{"keys":{"left":["ArrowLeft"],"right":["ArrowRight"],"softdrop":["ArrowDown"],"harddrop":["Space"],` +
		`"cw":["R"],"ccw":["Z"],"180":["A"],"hold":["C"],"pause":["Escape"]}}`
	var st Settings
	if err := json.Unmarshal([]byte(old), &st); err != nil {
		t.Fatalf("a settings file from before retry: %v", err)
	}
	// The file gives R to clockwise: retry must have a key, and not that one.
	if k := st.Keys[ActRetry][0]; k == NoKey || k == st.Keys[ActRotateCW][0] {
		t.Fatalf("retry's key is %s, clockwise's %s", KeyName(k), KeyName(st.Keys[ActRotateCW][0]))
	}
	if a, _ := st.Keys.Bound(st.Keys[ActRetry][0]); a != ActRetry {
		t.Fatalf("retry's key %s is bound to %v", KeyName(st.Keys[ActRetry][0]), a)
	}
}

// TestResultsNeedAFreshPress: mashing hard drop (Space, which is also a
// menu confirm) through a top-out and holding keys never chooses a row;
// after the guard a fresh press of Enter does, and Space never does.
func TestResultsNeedAFreshPress(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "marathon")
	pastReady(t, a)
	play := a.Stack.Top().(*playScene)
	space := Frame{Held: ActionSet(0).With(ActHardDrop), Pressed: ActionSet(0).With(ActHardDrop),
		Menu: MenuConfirm, MenuHeld: MenuConfirm}
	for i := 0; i < 400 && !play.game.Over(); i++ {
		step(t, a, space, 1)
		step(t, a, Frame{}, 1)
	}
	if !play.game.Over() {
		t.Fatal("the game did not end")
	}
	for i := 0; i < 300; i++ { // mash on
		step(t, a, space, 1)
		step(t, a, Frame{}, 1)
	}
	if topName(a) != "results" {
		t.Fatalf("mashing Space through the top-out led to %q", topName(a))
	}
	step(t, a, press(MenuConfirm), 1) // a fresh Enter after the guard
	settle(t, a)
	if topName(a) != "play" {
		t.Fatalf("a fresh Enter after the guard: %q, want play", topName(a))
	}

	// Enter held down from the game into the results: its repeats count
	// for nothing until it is released and pressed again.
	a = newTestApp(t, &MemStore{}, "marathon")
	pastReady(t, a)
	play = a.Stack.Top().(*playScene)
	held := func(i int) Frame {
		f := Frame{MenuHeld: MenuConfirm}
		if i%4 == 0 {
			f.Menu = MenuConfirm
		}
		return f
	}
	for i := 0; i < 400 && !play.game.Over(); i++ {
		f := held(i)
		if i%2 == 0 {
			f.Held, f.Pressed = ActionSet(0).With(ActHardDrop), ActionSet(0).With(ActHardDrop)
		}
		step(t, a, f, 1)
	}
	for i := 0; i < 400; i++ {
		step(t, a, held(i), 1)
	}
	if topName(a) != "results" {
		t.Fatalf("a held Enter chose a row: %q", topName(a))
	}
	step(t, a, Frame{}, 1) // released
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	if topName(a) != "play" {
		t.Fatalf("Enter pressed again: %q, want play", topName(a))
	}
}

// TestGameTimeKeepsPaceWhenFramesDrop: at 60, 30, 10 and 4 frames a second
// the game runs 60 ticks in each second of real time, and a key tapped in
// a frame that runs no tick (200 frames a second) still reaches the game.
func TestGameTimeKeepsPaceWhenFramesDrop(t *testing.T) {
	for _, fps := range []int{60, 30, 10, 4, 2, 200} {
		a := newTestApp(t, &MemStore{}, "title")
		start := time.Unix(1000, 0)
		frames := 3 * fps
		for i := 0; i <= frames; i++ {
			if err := a.frame(Frame{}, start.Add(time.Duration(i)*time.Second/time.Duration(fps))); err != nil {
				t.Fatal(err)
			}
		}
		if got := a.Ticks - 1; got < 179 || got > 181 {
			t.Errorf("%d fps: %d ticks in 3 s, want 180", fps, got)
		}
		if r := a.TickRate(); r < 59 || r > 61 {
			t.Errorf("%d fps: tick rate %.1f", fps, r)
		}
	}
	// A stall of 5 s runs at most half a second of game.
	a := newTestApp(t, &MemStore{}, "title")
	now := time.Unix(1000, 0)
	a.frame(Frame{}, now)
	a.frame(Frame{}, now.Add(5*time.Second))
	if a.Ticks > 1+maxTicksPerFrame {
		t.Errorf("a 5 s stall ran %d ticks", a.Ticks-1)
	}
	// 200 frames a second: most frames run no tick; a press in one of
	// them is kept for the next tick.
	a = newTestApp(t, &MemStore{}, "title")
	now = time.Unix(1000, 0)
	a.frame(Frame{}, now)
	a.frame(Frame{Menu: MenuConfirm}, now.Add(time.Millisecond)) // no tick due
	if topName(a) != "title" {
		t.Fatal("a tick ran early")
	}
	a.frame(Frame{}, now.Add(17*time.Millisecond))
	settle(t, a)
	if topName(a) != "menu" {
		t.Fatalf("the press of a frame without a tick was lost: %q", topName(a))
	}
}

// TestThrowerOption: --thrower (and ?thrower=) picks the thrower of versus
// over the saved one, for retries too, until the player chooses another
// on the difficulty screen; the state names it.
func TestThrowerOption(t *testing.T) {
	for _, name := range ThrowerNames() {
		a, err := NewApp(Options{Mode: "versus", Seed: 3, SeedSet: true, Store: &MemStore{}, Thrower: name})
		if err != nil {
			t.Fatal(err)
		}
		if st := a.State(); st.Thrower != name || st.Mode != "versus" {
			t.Fatalf("--thrower %s: state mode %q thrower %q", name, st.Mode, st.Thrower)
		}
	}
	a, err := NewApp(Options{Mode: "versus", Seed: 3, SeedSet: true, Store: versusStore(t, "hatetris", nil), Thrower: "bastet"})
	if err != nil {
		t.Fatal(err)
	}
	pastReady(t, a)
	step(t, a, retryFrame(), 1)
	settle(t, a)
	if st := a.State(); st.Thrower != "bastet" {
		t.Fatalf("the retry plays %q, want bastet", st.Thrower)
	}
	if _, err := NewApp(Options{Mode: "versus", Store: &MemStore{}, Thrower: "nonsense"}); err == nil ||
		!strings.Contains(err.Error(), `unknown thrower "nonsense"`) {
		t.Fatalf("a bad thrower: %v", err)
	}
}

// says draws the app's screen in a dry renderer and returns every string
// on it, joined by " | ".
func says(a *App) string {
	var said []string
	r := draw.NewDry()
	r.Said = &said
	a.drawLogical(r, nil)
	return " | " + strings.Join(said, " | ") + " | "
}

// TestRaceHUDs: sprint shows a large clock, the lines left and the pace
// against the best at the same line count, and no score or level; ultra
// shows the time left and its score against the best's pro rata.
func TestRaceHUDs(t *testing.T) {
	store := &MemStore{}
	best := Scores{Modes: map[string][]Result{
		"sprint": {{Lines: 40, Ticks: 40 * 600, Splits: func() []int {
			s := make([]int, 40)
			for i := range s {
				s[i] = (i + 1) * 600 // a line every 10 s
			}
			return s
		}()}},
		"ultra": {{Score: 7200, Ticks: engine.UltraTicks}},
	}}
	raw, _ := json.Marshal(best)
	store.Put(scoresFile, raw)

	a := newTestApp(t, store, "sprint")
	pastReady(t, a)
	play := a.Stack.Top().(*playScene)
	step(t, a, Frame{}, 60)
	got := says(a)
	for _, want := range []string{"| TIME |", "| 0:01.00 |", "| LINES LEFT |", "| 40 |", "| BEST |", "| 6:40.00 |", "| PACE |"} {
		if !strings.Contains(got, want) {
			t.Errorf("sprint HUD lacks %q: %s", want, got)
		}
	}
	for _, no := range []string{"SCORE", "LEVEL"} {
		if strings.Contains(got, "| "+no+" |") {
			t.Errorf("sprint HUD shows %s: %s", no, got)
		}
	}
	// The first line at 5 s is 5 s ahead of the best's first line at 10 s.
	play.splits = []int{300}
	if pace, _ := play.pace(); pace != "-5.00" {
		t.Errorf("pace %q, want -5.00", pace)
	}

	a = newTestApp(t, store, "ultra")
	pastReady(t, a)
	step(t, a, Frame{}, 600)
	got = says(a)
	for _, want := range []string{"| TIME LEFT |", "| 1:50.00 |", "| SCORE |", "| BEST |", "| 7200 |", "| PACE |", "| -600 |"} {
		if !strings.Contains(got, want) {
			t.Errorf("ultra HUD lacks %q: %s", want, got)
		}
	}
}

// TestComboCalloutFollowsTheHUD: the COMBO call-out shows the count the HUD
// shows, and goes when a lock clears nothing (the HUD's combo is "-").
func TestComboCalloutFollowsTheHUD(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "marathon")
	play := a.Stack.Top().(*playScene)
	lock := func(lines, combo int) {
		play.react(a.ctx, engine.Event{Kind: engine.EvLock, Clear: engine.Clear{Lines: lines, Combo: combo}})
	}
	comboShown := func() string {
		for _, c := range play.fx.callouts {
			if c.combo {
				return c.lines[0]
			}
		}
		return ""
	}
	lock(1, 0)
	lock(1, 1)
	if got := comboShown(); got != "COMBO 1" {
		t.Fatalf("after two clears in a row: %q", got)
	}
	lock(0, 0)
	if got := comboShown(); got != "" {
		t.Fatalf("the combo ended but the call-out still says %q", got)
	}
}

// TestPlayerFacingText: what the screens say is for players: no source
// file names, results in words, proper plurals, no record for a game
// that cleared nothing.
func TestPlayerFacingText(t *testing.T) {
	for _, w := range solver.Personalities() {
		if n := playerNote(w.Name, w.Note); strings.Contains(n, ".go") || n == "" {
			t.Errorf("personality %s: note %q", w.Name, n)
		}
	}
	if plural(1, "line") != "1 line" || plural(2, "move") != "2 moves" || plural(0, "line") != "0 lines" {
		t.Error("plural")
	}

	// A marathon topped out by hard drops alone clears no line: no NEW
	// HIGH SCORE, and its replay is listed by how it ended, not in ticks.
	a := newTestApp(t, &MemStore{}, "marathon")
	pastReady(t, a)
	play := a.Stack.Top().(*playScene)
	topOut(t, a, play)
	step(t, a, Frame{}, endDelayTicks)
	settle(t, a)
	if play.game.Lines() != 0 {
		t.Fatalf("the test game cleared %d lines", play.game.Lines())
	}
	if got := says(a); strings.Contains(got, "NEW") || !strings.Contains(got, "GAME OVER") {
		t.Errorf("results of a game without lines: %s", got)
	}
	a.Stack.Push(newReplayBrowser(a.ctx))
	rb := a.Stack.Top().(*replayBrowser)
	if len(rb.entries) == 0 {
		t.Fatal("the game is not in the replay browser")
	}
	if e := rb.entries[0]; entryResult(e) != "topped out" || e.Lines != 0 {
		t.Errorf("replay row: %q, %d lines", entryResult(e), e.Lines)
	}
}

// TestBotPanelShowsBarsThenValues: the bot's candidates come with bars by
// default; Tab shows the exact evaluations, and Tab again the bars.
func TestBotPanelShowsBarsThenValues(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "bot")
	step(t, a, Frame{}, 120)
	if topName(a) != "play" {
		t.Fatalf("bot mode opened %q", topName(a))
	}
	if got := says(a); !strings.Contains(got, "| Tab: values |") {
		t.Fatalf("no bars and hint: %s", got)
	}
	floats := func(s string) int {
		n := 0
		for _, w := range strings.Split(s, " | ") {
			if _, err := strconv.ParseFloat(w, 64); err == nil && strings.Contains(w, ".") {
				n++
			}
		}
		return n
	}
	before := floats(says(a))
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyTab}}, 1)
	got := says(a)
	if !strings.Contains(got, "| Tab: bars |") || floats(got) <= before {
		t.Fatalf("Tab did not show the values (%d numbers, %d before): %s", floats(got), before, got)
	}
}

// TestMenuRemembersTheLastMode: the main menu opens on the mode last
// chosen, in this run and, through the settings, the next.
func TestMenuRemembersTheLastMode(t *testing.T) {
	store := &MemStore{}
	a := newTestApp(t, store, "title")
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	step(t, a, press(MenuDown), 1) // 40-line Sprint
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	if topName(a) != "play" || a.Settings.LastMode != "sprint" {
		t.Fatalf("chose sprint: %q, last mode %q", topName(a), a.Settings.LastMode)
	}
	step(t, a, action(ActPause), 1)
	selectRow(t, a, "Quit to menu")
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	if st := a.State(); st.Scene != "menu" || st.Selected != "40-line Sprint" {
		t.Fatalf("back in the menu: %+v", st)
	}
	a.FlushSaves()
	b := newTestApp(t, store, "title")
	step(t, b, press(MenuConfirm), 1)
	settle(t, b)
	if st := b.State(); st.Scene != "menu" || st.Selected != "40-line Sprint" {
		t.Fatalf("the next run's menu: %+v", st)
	}
}

// TestHintsFollowTheBindings: the title names the keys as bound now.
func TestHintsFollowTheBindings(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	if got := says(a); !strings.Contains(got, "Left/Right move") || !strings.Contains(got, "R retries") {
		t.Fatalf("default hint: %s", got)
	}
	if err := a.Settings.Keys.Bind(ActLeft, 0, ebiten.KeyJ); err != nil {
		t.Fatal(err)
	}
	step(t, a, Frame{}, 1)
	if got := says(a); !strings.Contains(got, "J/Right move") || strings.Contains(got, "Arrows") {
		t.Fatalf("after rebinding Move left to J: %s", got)
	}
}

// TestScreenshotToast: a saved F12 screenshot is confirmed on screen for a
// moment (and in the state); a failed one is a notice.
func TestScreenshotToast(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	a.shots <- "Screenshot saved: kocka-1.png"
	step(t, a, Frame{}, 1)
	if st := a.State(); st.Toast != "Screenshot saved: kocka-1.png" || !strings.Contains(says(a), "Screenshot saved") {
		t.Fatalf("no toast: %+v", st)
	}
	step(t, a, Frame{}, toastTicks)
	if st := a.State(); st.Toast != "" {
		t.Fatalf("the toast stayed: %+v", st)
	}
	a.shots <- shotFailed + "disk full"
	step(t, a, Frame{}, 1)
	if !strings.Contains(a.Notice(), "disk full") || a.State().Toast != "" {
		t.Fatalf("a failed screenshot: notice %q", a.Notice())
	}
}

// TestRebindRefusalGoesWhenMovingAway: the refusal of a key in use is
// about its row; moving to another row clears it.
func TestRebindRefusalGoesWhenMovingAway(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	a.Stack.Push(newSettingsScene(false))
	s := a.Stack.Top().(*settingsScene)
	selectRow(t, a, "Move left")
	step(t, a, press(MenuConfirm), 1)
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyZ}}, 1)
	if s.message == "" {
		t.Fatal("Z for Move left was not refused")
	}
	step(t, a, press(MenuDown), 1)
	if s.message != "" {
		t.Fatalf("the refusal stayed on another row: %q", s.message)
	}
}

// TestGamepadRetry: the gamepad's Back (Select) button retries.
func TestGamepadRetry(t *testing.T) {
	for _, pb := range padBindings {
		if pb.b == ebiten.StandardGamepadButtonCenterLeft && pb.a == ActRetry {
			return
		}
	}
	t.Fatal("no gamepad button retries")
}
