package scenes

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/kocka/kocka/scenes/pcpractice"
)

// waitPC steps the app until the PC panel satisfies ok (the worker answers
// from its goroutine, so the test also waits in wall time, at most 60 s).
func waitPC(t *testing.T, a *App, what string, ok func(*PCState) bool) *PCState {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		st := a.State()
		if st.PC == nil {
			t.Fatalf("no PC panel in the state (scene %s)", st.Scene)
		}
		if ok(st.PC) {
			return st.PC
		}
		step(t, a, Frame{}, 1)
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("the PC panel never showed %s: %+v", what, a.State().PC)
	return nil
}

// TestPCPracticeMissShowsTheClearBefore: on the empty field the verdict
// is possible (ten pieces: no chance counted); pieces dropped on one spot
// rise out of the 4 lines, which is a miss, and the panel then shows the
// clear of an earlier position; retry starts again.
func TestPCPracticeMissShowsTheClearBefore(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "pc")
	pastReady(t, a)
	pcs := waitPC(t, a, "a verdict", func(p *PCState) bool { return p.Verdict != "thinking" })
	if pcs.Verdict != "possible" || pcs.Total != 0 || pcs.Pieces != 10 || pcs.Field != "empty" {
		t.Fatalf("the empty field: %+v", pcs)
	}
	for i := 0; i < 12 && a.State().PC.Miss == ""; i++ {
		step(t, a, action(ActHardDrop), 1)
		step(t, a, Frame{}, 2)
	}
	pcs = waitPC(t, a, "the clear before the miss", func(p *PCState) bool { return p.MissOrder != "" })
	if pcs.Miss == "" {
		t.Fatalf("after the miss: %+v", pcs)
	}
	if n := len(pcs.MissOrder); n < 1 || n > 10 {
		t.Fatalf("the clear before the miss has %d pieces", n)
	}
	before := a.State().Pieces
	step(t, a, Frame{}, 5)
	if got := a.State().Pieces; got != before {
		t.Fatalf("the game went on after the miss: %d pieces, then %d", before, got)
	}
	step(t, a, action(ActRetry), 1)
	settle(t, a)
	if st := a.State(); st.PC == nil || st.PC.Miss != "" || st.Pieces != 0 {
		t.Fatalf("retry: %+v", st.PC)
	}
}

// TestPCPracticeHint: the hint key shows a clear of the field on screen,
// with as many pieces as the field needs; the chance is counted once a
// piece is down (nine to place), and a six-piece field counts it at once.
func TestPCPracticeHint(t *testing.T) {
	store := &MemStore{}
	a := newTestApp(t, store, "pc")
	pastReady(t, a)
	step(t, a, action(ActHint), 1)
	pcs := waitPC(t, a, "a hint", func(p *PCState) bool { return p.HintOrder != "" })
	// Gravity may have locked a piece or two while the test waited.
	if !pcs.Hint || len(pcs.HintOrder) != pcs.Pieces || pcs.Pieces < 8 {
		t.Fatalf("hint: %+v", pcs)
	}
	a.ctx.Settings.PCField = "stairs"
	step(t, a, action(ActRetry), 1)
	settle(t, a)
	pcs = waitPC(t, a, "a counted chance", func(p *PCState) bool { return p.Verdict != "thinking" })
	if pcs.Field != "stairs" || pcs.Pieces != 6 || pcs.Total == 0 || pcs.Clear > pcs.Total {
		t.Fatalf("stairs: %+v", pcs)
	}
	if (pcs.Verdict == "possible") != (pcs.Clear > 0) {
		t.Fatalf("verdict %s with %d of %d queues", pcs.Verdict, pcs.Clear, pcs.Total)
	}
}

// TestHintKeyInOldSettings: a settings file from before the hint key
// gives it H, or the first free fallback when H is taken.
func TestHintKeyInOldSettings(t *testing.T) {
	for _, c := range []struct{ hold, want string }{{"C", "H"}, {"H", "F6"}} {
		old := `{"keys":{"left":["ArrowLeft"],"right":["ArrowRight"],"softdrop":["ArrowDown"],"harddrop":["Space"],` +
			`"cw":["X"],"ccw":["Z"],"180":["A"],"hold":["` + c.hold + `"],"pause":["Escape"],"retry":["R"]}}`
		var st Settings
		if err := json.Unmarshal([]byte(old), &st); err != nil {
			t.Fatal(err)
		}
		if got := KeyName(st.Keys[ActHint][0]); got != c.want {
			t.Errorf("hold on %s: hint on %s, want %s", c.hold, got, c.want)
		}
	}
	st := DefaultSettings()
	st.PCField = "nope"
	if st.Validate() == nil {
		t.Error("an unknown PC field was accepted")
	}
	st.PCField = pcpractice.Setups[len(pcpractice.Setups)-1].Name
	if err := st.Validate(); err != nil {
		t.Error(err)
	}
}

// TestPCPracticeLeaveCancels: leaving the mode (quit to menu) cancels its
// search, which in the browser would otherwise wait for frames forever.
func TestPCPracticeLeaveCancels(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "pc")
	s, ok := a.Stack.Top().(*pcScene)
	if !ok {
		t.Fatalf("top scene %s", topName(a))
	}
	n := s.work.Searches()
	a.Stack.Reset(newMainMenu())
	settle(t, a)
	if topName(a) != "menu" || s.work.Searches() == n || s.work.Busy() {
		t.Fatalf("after quitting: top %s, searches %d then %d, busy %v", topName(a), n, s.work.Searches(), s.work.Busy())
	}
}
