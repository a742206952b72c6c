package scenes

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
)

// newTestApp starts an app on a memory store at the given mode.
func newTestApp(t *testing.T, store *MemStore, mode string) *App {
	t.Helper()
	a, err := NewApp(Options{Mode: mode, Seed: 42, SeedSet: true, Store: store})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	return a
}

// step runs n ticks with frame f, failing on errors other than quitting.
func step(t *testing.T, a *App, f Frame, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		if err := a.Step(f); err != nil && !errors.Is(err, ebiten.Termination) {
			t.Fatal(err)
		}
	}
}

// settle runs empty ticks until any transition is over.
func settle(t *testing.T, a *App) {
	t.Helper()
	for i := 0; i < 4*fadeTicks && a.Stack.Transitioning(); i++ {
		step(t, a, Frame{}, 1)
	}
	step(t, a, Frame{}, 1)
}

// pastReady runs the READY countdown of a person's game, to GO.
func pastReady(t *testing.T, a *App) {
	t.Helper()
	step(t, a, Frame{}, readyTicks)
}

func press(m MenuSet) Frame { return Frame{Menu: m} }

// selectRow moves the top scene's menu down to the row labelled label.
func selectRow(t *testing.T, a *App, label string) {
	t.Helper()
	for i := 0; i < 40; i++ {
		if a.State().Selected == label {
			return
		}
		step(t, a, press(MenuDown), 1)
	}
	t.Fatalf("no row %q in %s", label, topName(a))
}

func action(acts ...Action) Frame {
	var f Frame
	for _, x := range acts {
		f.Held = f.Held.With(x)
		f.Pressed = f.Pressed.With(x)
	}
	return f
}

func topName(a *App) string { return sceneName(a.Stack.Top()) }

func TestTitleMenuPlayPauseFlow(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	if topName(a) != "title" {
		t.Fatalf("first scene %q", topName(a))
	}
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	if topName(a) != "menu" {
		t.Fatalf("after Enter on the title: %q, want menu", topName(a))
	}
	step(t, a, press(MenuConfirm), 1) // first row: Marathon
	settle(t, a)
	if topName(a) != "play" {
		t.Fatalf("after choosing Marathon: %q", topName(a))
	}
	play := a.Stack.Top().(*playScene)
	if play.mode.Name != "marathon" || play.game.Seed() != 42 {
		t.Fatalf("mode %s seed %d, want marathon seed 42", play.mode.Name, play.game.Seed())
	}
	pastReady(t, a)
	before := play.game.Ticks()
	step(t, a, Frame{}, 30)
	if got := play.game.Ticks() - before; got != 30 {
		t.Fatalf("30 updates ran %d engine ticks", got)
	}

	step(t, a, action(ActPause), 1)
	if topName(a) != "pause" {
		t.Fatalf("Esc in play: top %q, want pause", topName(a))
	}
	if v := names(a.Stack.Visible()); len(v) != 2 || v[0] != "play" {
		t.Fatalf("visible while paused: %v, want play under pause", v)
	}
	frozen := play.game.Ticks()
	step(t, a, Frame{}, 20)
	if play.game.Ticks() != frozen {
		t.Fatal("the game ticked while paused")
	}
	if st := a.State(); st.Scene != "pause" || st.Mode != "marathon" || !st.HasPiece {
		t.Fatalf("state while paused: %+v", st)
	}
	step(t, a, press(MenuConfirm), 1) // Resume
	if topName(a) != "play" {
		t.Fatalf("after Resume: %q", topName(a))
	}
	step(t, a, Frame{}, 1)
	if play.game.Ticks() != frozen+1 {
		t.Fatal("the game did not resume")
	}
	// Pause, down four rows to "Quit to menu".
	step(t, a, action(ActPause), 1)
	for i := 0; i < 4; i++ {
		step(t, a, press(MenuDown), 1)
	}
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	if topName(a) != "menu" || a.Stack.Len() != 1 {
		t.Fatalf("after Quit to menu: %v", names(a.Stack.scenes))
	}
}

func TestPlayerInputReachesEngine(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "marathon")
	pastReady(t, a)
	play := a.Stack.Top().(*playScene)
	p0, _ := play.game.Current()
	step(t, a, action(ActLeft), 1)
	step(t, a, Frame{}, 1)
	step(t, a, action(ActRotateCW), 1)
	step(t, a, Frame{}, 1)
	p1, _ := play.game.Current()
	if p1.X != p0.X-1 || p1.Rot != engine.RotR {
		t.Fatalf("after left and rotate: %+v from %+v", p1, p0)
	}
	step(t, a, action(ActHardDrop), 1)
	if n := play.game.Stats().Pieces; n != 1 {
		t.Fatalf("hard drop locked %d pieces", n)
	}
	st := a.State()
	filled := strings.Count(strings.Join(st.Board, ""), p0.Piece.String())
	if filled != 4 || st.Pieces != 1 {
		t.Fatalf("state board has %d cells of %v, pieces %d:\n%s", filled, p0.Piece, st.Pieces, strings.Join(st.Board, "\n"))
	}
}

// topOut hard drops until the game ends.
func topOut(t *testing.T, a *App, play *playScene) {
	t.Helper()
	for i := 0; i < 200 && !play.game.Over(); i++ {
		step(t, a, action(ActHardDrop), 1)
		step(t, a, Frame{}, 1)
	}
	if !play.game.Over() {
		t.Fatal("the game did not end")
	}
}

func TestGameOverRecordsHighScore(t *testing.T) {
	store := &MemStore{}
	a := newTestApp(t, store, "marathon")
	play := a.Stack.Top().(*playScene)
	topOut(t, a, play)
	step(t, a, Frame{}, endDelayTicks)
	settle(t, a)
	if topName(a) != "results" {
		t.Fatalf("after the game: %q", topName(a))
	}
	res := a.Stack.Top().(*resultsScene)
	if res.rank != 1 {
		t.Fatalf("first game ranked %d", res.rank)
	}
	a.FlushSaves()
	raw, err := store.Get(scoresFile)
	if err != nil {
		t.Fatal(err)
	}
	var saved Scores
	if err := json.Unmarshal(raw, &saved); err != nil {
		t.Fatal(err)
	}
	best, ok := saved.Best("marathon")
	if !ok || best.Score != play.game.Score() || best.Pieces != play.game.Stats().Pieces {
		t.Fatalf("saved best %+v, game score %d", best, play.game.Score())
	}
	if st := a.State(); st.Scene != "results" || !st.Over || st.End == "" {
		t.Fatalf("results state %+v", st)
	}
	// "Play again" starts a new game of the same mode, after the guard.
	step(t, a, Frame{}, resultsGuardTicks+1)
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	if topName(a) != "play" || a.Stack.Top().(*playScene).mode.Name != "marathon" {
		t.Fatalf("Play again led to %q", topName(a))
	}
}

func TestSprintTopOutIsNotARecord(t *testing.T) {
	store := &MemStore{}
	a := newTestApp(t, store, "sprint")
	topOut(t, a, a.Stack.Top().(*playScene))
	step(t, a, Frame{}, endDelayTicks)
	settle(t, a)
	if _, ok := a.Scores.Best("sprint"); ok {
		t.Fatal("a sprint that topped out entered the times table")
	}
	a.FlushSaves()
	if _, err := store.Get(scoresFile); err == nil {
		t.Fatal("scores were written for nothing")
	}
}

func TestMenuIsTheModeTable(t *testing.T) {
	saved := Modes
	defer func() { Modes = saved }()
	started := false
	AddMode(Mode{Name: "added", Title: "Added mode", Start: func(_ *Context, m *Mode, seed uint64) (Scene, error) {
		started = true
		return &fakeScene{name: "added"}, nil
	}})
	m := newMainMenu()
	rows := 0 // hidden modes have no row of their own
	for _, md := range Modes {
		if !md.Hidden {
			rows++
		}
	}
	if got := m.menu.items[rows-1].label; got != "Added mode" {
		t.Fatalf("last mode row %q", got)
	}
	a := newTestApp(t, &MemStore{}, "added")
	if !started || topName(a) != "added" {
		t.Fatalf("--mode added did not start the added mode (top %q)", topName(a))
	}
	if _, err := NewApp(Options{Mode: "nosuch"}); err == nil {
		t.Fatal("unknown mode accepted")
	}
}

func TestMouseClickChoosesRow(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	step(t, a, Frame{Click: true}, 1)
	settle(t, a)
	m := a.Stack.Top().(*mainMenu)
	// Click the second row (Sprint).
	row := 1
	x, y := m.menu.x+10, m.menu.y+row*m.menu.rowH+m.menu.rowH/2
	step(t, a, Frame{Click: true, PointerMoved: true, X: x, Y: y}, 1)
	settle(t, a)
	if p, ok := a.Stack.Top().(*playScene); !ok || p.mode.Name != "sprint" {
		t.Fatalf("click on row 2 led to %q", topName(a))
	}
}

func TestFocusLossPausesPeopleOnly(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "marathon")
	a.FocusLost()
	if topName(a) != "pause" {
		t.Fatalf("focus lost in a game: %q, want pause", topName(a))
	}
	a.FocusLost()
	if a.Stack.Len() != 2 {
		t.Fatal("a second focus loss paused twice")
	}
	bot, err := NewApp(Options{Mode: "bot", Store: &MemStore{}})
	if err != nil {
		t.Fatal(err)
	}
	bot.FocusLost()
	if topName(bot) != "play" {
		t.Fatalf("the bot paused on focus loss: %q", topName(bot))
	}
	// The thrower's modes ask their driver too: a person's versus game
	// pauses, the bot's does not.
	for mode, want := range map[string]string{"versus": "pause", "botvs": "play"} {
		v := newTestApp(t, &MemStore{}, mode)
		v.FocusLost()
		if topName(v) != want {
			t.Errorf("%s: focus lost gave %q, want %q", mode, topName(v), want)
		}
	}
}

// TestVersusResultsPatchTheScoresRow: the versus results turn the
// high-scores row, found by its id, into the difficulty screen.
func TestVersusResultsPatchTheScoresRow(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "versus")
	vs := versusTop(t, a)
	rs := newVersusResults(a.ctx, vs)
	it := rs.menu.byID(itemScores)
	if it == nil || it.label != "Difficulty and scores" {
		t.Fatalf("scores row %+v", it)
	}
	for _, other := range rs.menu.items {
		if other.label == "High scores" {
			t.Fatal("the plain high-scores row is still there")
		}
	}
	it.activate(a.ctx)
	if topName(a) != "versussetup" {
		t.Fatalf("the row opened %q", topName(a))
	}
}

func TestPauseKeyOnAMenuKeyPopsOnce(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "marathon")
	// Pause bound to Enter as well: Enter on Resume must not also pop the game.
	a.Settings.Keys[ActPause][1] = ebiten.KeyEnter
	step(t, a, action(ActPause), 1)
	f := action(ActPause)
	f.Menu = MenuConfirm
	step(t, a, f, 1)
	if topName(a) != "play" || a.Stack.Len() != 1 {
		t.Fatalf("after Enter on Resume: %v", names(a.Stack.scenes))
	}
}

func TestPauseSettingsAndBack(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "marathon")
	step(t, a, action(ActPause), 1)
	step(t, a, press(MenuDown), 2)
	step(t, a, press(MenuConfirm), 1)
	if topName(a) != "settings" {
		t.Fatalf("pause > Settings opened %q", topName(a))
	}
	if v := names(a.Stack.Visible()); len(v) != 1 {
		t.Fatalf("the opaque settings screen shows %v", v)
	}
	step(t, a, press(MenuBack), 1)
	if topName(a) != "pause" {
		t.Fatalf("Back from settings: %q, want the pause menu", topName(a))
	}
}

func TestScoresSceneCyclesModes(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	a.Stack.Push(newScoresScene("sprint"))
	s := a.Stack.Top().(*scoresScene)
	modes := scoredModes()
	if modes[s.mode].Name != "sprint" {
		t.Fatalf("opened on %s", modes[s.mode].Name)
	}
	step(t, a, press(MenuRight), len(modes))
	if modes[s.mode].Name != "sprint" {
		t.Fatalf("a full turn of Rights ends on %s", modes[s.mode].Name)
	}
	step(t, a, press(MenuLeft), 1)
	if modes[s.mode].Name != "marathon" {
		t.Fatalf("Left from sprint: %s", modes[s.mode].Name)
	}
	step(t, a, press(MenuBack), 1)
	if topName(a) != "title" {
		t.Fatalf("Back: %q", topName(a))
	}
	a.Stack.Push(newReplayBrowser(a.ctx))
	if r := a.Stack.Top().(*replayBrowser); len(r.entries) != 0 {
		t.Fatalf("no games played, yet %d replay rows", len(r.entries))
	}
}

func TestUltraEndsOnTimeAndIsScored(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "ultra")
	pastReady(t, a)
	play := a.Stack.Top().(*playScene)
	// Every 600 ticks slide a piece to a wall (alternating) and drop it,
	// for points without topping out, and let the clock run out.
	for i := 0; !play.game.Over(); i++ {
		if i > engine.UltraTicks+10 {
			t.Fatal("ultra did not end on time")
		}
		side := ActLeft
		if i/600%2 == 1 {
			side = ActRight
		}
		switch k := i % 600; {
		case k < 30:
			step(t, a, Frame{Held: 1 << side}, 1)
		case k == 30:
			step(t, a, action(ActHardDrop), 1)
		default:
			step(t, a, Frame{}, 1)
		}
	}
	if play.game.End() != engine.TimeUp || play.game.Ticks() != engine.UltraTicks {
		t.Fatalf("ended %v at tick %d", play.game.End(), play.game.Ticks())
	}
	step(t, a, Frame{}, endDelayTicks)
	settle(t, a)
	best, ok := a.Scores.Best("ultra")
	if topName(a) != "results" || !ok || best.Score != play.game.Score() || best.Score == 0 {
		t.Fatalf("results %q, best %+v (game score %d)", topName(a), best, play.game.Score())
	}
}

// TestStateWatching: the state says the bot is playing only while its game
// is the top scene: not for a person, not under the pause menu.
func TestStateWatching(t *testing.T) {
	for _, c := range []struct {
		mode string
		want bool
	}{{"bot", true}, {"botvs", true}, {"marathon", false}, {"versus", false}} {
		a := newTestApp(t, &MemStore{}, c.mode)
		step(t, a, Frame{}, 2)
		if got := a.State().Watching; got != c.want {
			t.Errorf("%s: watching %v, want %v", c.mode, got, c.want)
		}
		p, ok := a.Stack.Top().(pausable)
		if !ok {
			t.Fatalf("%s: %q cannot pause", c.mode, topName(a))
		}
		a.Stack.Push(newPause(p.playing()))
		step(t, a, Frame{}, 30)
		if a.State().Watching {
			t.Errorf("%s: watching under the pause menu", c.mode)
		}
	}
}
