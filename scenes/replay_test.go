package scenes

import (
	"testing"
)

func TestReplaySavedAndPlayedBack(t *testing.T) {
	store := &MemStore{}
	a := newTestApp(t, store, "sprint")
	play := a.Stack.Top().(*playScene)
	// A few pieces moved, turned and dropped, then quit through the pause.
	for i := 0; i < 6; i++ {
		step(t, a, action(ActLeft), 1)
		step(t, a, Frame{}, 3)
		if i%2 == 0 {
			step(t, a, action(ActRotateCW), 1)
		}
		step(t, a, Frame{}, 20)
		step(t, a, action(ActHardDrop), 1)
		step(t, a, Frame{}, 1)
	}
	want := play.game.StateHash()
	step(t, a, action(ActPause), 1)
	for i := 0; i < 3; i++ {
		step(t, a, press(MenuDown), 1)
	}
	step(t, a, press(MenuConfirm), 1) // Quit to menu
	settle(t, a)
	a.FlushSaves()
	if _, err := store.Get(replayName("sprint")); err != nil {
		t.Fatalf("no replay saved: %v", err)
	}

	a.Stack.Push(newReplaysScene(a.ctx))
	rs := a.Stack.Top().(*replaysScene)
	if len(rs.menu.items) != 2 || rs.menu.items[0].label != "40-line Sprint" {
		t.Fatalf("replays listed: %v", rs.menu.items)
	}
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	rp, ok := a.Stack.Top().(*playScene)
	if !ok || rp.mode.Name != "replay" {
		t.Fatalf("replay opened %q", topName(a))
	}
	for i := 0; i < 2000 && !rp.done(); i++ {
		step(t, a, Frame{Held: 1 << ActRight}, 1) // keys must not steer a replay
	}
	st := a.State()
	if !st.ReplayDone || st.StateHash != st.ReplayHash || rp.game.StateHash() != want {
		t.Fatalf("replay ended at %s, recorded %s (want %016x); done %v", st.StateHash, st.ReplayHash, want, st.ReplayDone)
	}
	step(t, a, Frame{}, endDelayTicks)
	settle(t, a)
	res, ok := a.Stack.Top().(*resultsScene)
	if !ok || res.play.driver.Replay() == nil || res.play.driver.Replay().Hash != res.play.game.StateHash() {
		t.Fatalf("after the replay: %q", topName(a))
	}
	if _, ok := a.Scores.Best("replay"); ok {
		t.Fatal("a replay entered the high scores")
	}
}

// Every scene that shows a game a person plays hands out its recorder, so
// the page's window.kocka.replay() finds the game under pause or results.
func TestPlayScenesExposeTheirRecorder(t *testing.T) {
	for _, mode := range []string{"marathon", "sprint", "ultra", "versus"} {
		a := newTestApp(t, &MemStore{}, mode)
		r, ok := a.Stack.Top().(recordedScene)
		if !ok || r.recorder() == nil {
			t.Errorf("%s: the play scene %T gives no recorder", mode, a.Stack.Top())
		}
	}
}
