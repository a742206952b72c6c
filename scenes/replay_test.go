package scenes

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
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
	for i := 0; i < 4; i++ {
		step(t, a, press(MenuDown), 1)
	}
	step(t, a, press(MenuConfirm), 1) // Quit to menu
	settle(t, a)
	a.FlushSaves()
	for _, name := range []string{replayName("sprint"), recentBlob(0), replayIndexFile} {
		if _, err := store.Get(name); err != nil {
			t.Fatalf("%s not saved: %v", name, err)
		}
	}

	a.Stack.Push(newReplayBrowser(a.ctx))
	rs := a.Stack.Top().(*replayBrowser)
	if len(rs.entries) != 1 || rs.entries[0].Title != "40-line Sprint" || rs.entries[0].Mode != "sprint" || !rs.entries[0].Person {
		t.Fatalf("replays listed: %+v", rs.entries)
	}
	step(t, a, press(MenuConfirm), 1)
	v, ok := a.Stack.Top().(*replayViewer)
	if !ok || v.mode.Name != "replay" {
		t.Fatalf("replay opened %q", topName(a))
	}
	for i := 0; i < 2000 && !v.done(); i++ {
		step(t, a, Frame{Held: 1 << ActRight}, 1) // keys must not steer a replay
	}
	st := a.State()
	if !st.ReplayDone || st.StateHash != st.ReplayHash || v.game.StateHash() != want || st.Scene != "play" || st.Mode != "replay" {
		t.Fatalf("replay ended at %s, recorded %s (want %016x); done %v; scene %s", st.StateHash, st.ReplayHash, want, st.ReplayDone, st.Scene)
	}
	step(t, a, press(MenuBack), 1)
	if topName(a) != "replays" {
		t.Fatalf("Back from the viewer: %q, want the replay browser", topName(a))
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

// goldenReplay is the engine's recorded marathon (3000 ticks, bag pieces).
func goldenReplay(t *testing.T) *engine.Replay {
	t.Helper()
	f, err := os.Open("../engine/testdata/replays/marathon.kreplay")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rep, err := engine.DecodeReplay(f)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// hashAt plays rep's first n ticks from the start.
func hashAt(t *testing.T, rep *engine.Replay, n int) uint64 {
	t.Helper()
	g, err := rep.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range rep.Inputs[:n] {
		g.Tick(in)
	}
	return g.StateHash()
}

func TestReplayViewerSpeedPauseStepSeek(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	rep := goldenReplay(t)
	v, err := newReplayScene(a.ctx, replayMode(rep), rep)
	if err != nil {
		t.Fatal(err)
	}
	a.Stack.Push(v)
	want := func(tick int, what string) {
		t.Helper()
		if v.Tick() != tick {
			t.Fatalf("%s: at tick %d, want %d", what, v.Tick(), tick)
		}
		if h := v.game.StateHash(); h != hashAt(t, rep, tick) {
			t.Fatalf("%s: the game at tick %d is not the recorded one", what, tick)
		}
	}
	step(t, a, Frame{}, 60)
	want(60, "1x")
	step(t, a, press(MenuUp), 1) // 2x
	step(t, a, press(MenuUp), 1) // 4x
	step(t, a, press(MenuUp), 1) // 8x
	step(t, a, press(MenuUp), 1) // still 8x
	step(t, a, Frame{}, 10)
	want(60+2+4+8+8+80, "8x")
	for i := 0; i < 6; i++ {
		step(t, a, press(MenuDown), 1)
	}
	if speedText(v.speed) != "0.25x" {
		t.Fatalf("speed %s after six Downs", speedText(v.speed))
	}
	at := v.Tick()
	step(t, a, Frame{}, 8)
	want(at+2, "0.25x")
	step(t, a, press(MenuConfirm), 1) // pause
	at = v.Tick()
	step(t, a, Frame{}, 30)
	want(at, "paused")
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyPeriod}}, 3)
	want(at+3, "single steps")
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyComma}}, 2)
	want(at+1, "steps back")

	// Seek forward to the end, then back: snapshots make a seek back
	// start near the target, not at tick 0.
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyEnd}}, 1)
	for i := 0; i < 100 && v.target >= 0; i++ {
		step(t, a, Frame{}, 1)
	}
	want(len(rep.Inputs), "End")
	if v.game.StateHash() != rep.Hash || !v.done() {
		t.Fatal("seeking to the end does not reach the recorded state")
	}
	step(t, a, Frame{}, 5)
	want(len(rep.Inputs), "the end, waiting")
	step(t, a, press(MenuConfirm), 1) // play at the end starts again
	want(0, "play at the end")
	step(t, a, Frame{}, 4) // at 0.25x
	want(1, "playing from the start")
	step(t, a, press(MenuConfirm), 1) // pause
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyEnd}}, 1)
	if n := len(v.checks); n != len(rep.Inputs)/checkpointTicks+1 || v.checks[n-1] == nil {
		t.Fatalf("%d snapshots after a seek to the end, want one every %d ticks", n, checkpointTicks)
	}
	v.Seek(1234)
	want(1234, "seek back")
	step(t, a, press(MenuLeft), 1)
	want(1234-seekStep, "Left")
	step(t, a, press(MenuRight), 2)
	want(1234+seekStep, "Right twice")
	// The progress bar: a click half way seeks half way.
	step(t, a, Frame{Click: true, X: ctlX + (ctlW-1)/2, Y: ctlY + 26}, 1)
	want((ctlW-1)/2*len(rep.Inputs)/(ctlW-1), "a click on the bar")
	// The |< button.
	step(t, a, Frame{Click: true, X: ctlX + 2, Y: ctlBtnY + 4}, 1)
	want(0, "|<")
	step(t, a, press(MenuBack), 1)
	if topName(a) != "title" {
		t.Fatalf("Back: %q", topName(a))
	}
}

// keepN keeps n games of mode in the library, one tick each.
func keepN(c *Context, mode string, n int, pbAt int) {
	rep := &engine.Replay{Config: engine.DefaultConfig(), Seed: 1, Inputs: []engine.Input{0}}
	for i := 0; i < n; i++ {
		rep.Score = i
		c.keepReplay(mode, mode, rep, true, i == pbAt)
	}
}

func TestReplayLibraryIsBounded(t *testing.T) {
	store := &MemStore{}
	a := newTestApp(t, store, "title")
	keepN(a.ctx, "marathon", 3, 1) // the best marathon, soon not recent
	keepN(a.ctx, "sprint", 2*MaxRecentReplays+5, -1)
	a.FlushSaves()
	x := a.ctx.Replays()
	if len(x.Recent) != MaxRecentReplays || x.Recent[0].Seq != 2*MaxRecentReplays+7 {
		t.Fatalf("%d recent, newest %d", len(x.Recent), x.Recent[0].Seq)
	}
	es := x.Entries()
	if len(es) != MaxRecentReplays+1 || es[len(es)-1].Mode != "marathon" || es[len(es)-1].Score != 1 || !x.IsBest(es[len(es)-1]) {
		t.Fatalf("%d entries, last %+v", len(es), es[len(es)-1])
	}
	kept := 0
	for _, n := range store.Names() {
		if strings.HasSuffix(n, ".kreplay") {
			kept++
		}
	}
	if kept != MaxRecentReplays+1 {
		t.Fatalf("%d replay blobs in the store, want %d", kept, MaxRecentReplays+1)
	}
	// The best, out of the recent slots long ago, still opens.
	if _, err := a.ctx.openReplay(es[len(es)-1]); err != nil {
		t.Fatal(err)
	}
	// A new run reads the same library.
	b := newTestApp(t, store, "title")
	if got := b.ctx.Replays().Entries(); len(got) != len(es) || got[0] != es[0] {
		t.Fatalf("after a restart: %d entries", len(got))
	}
}

// TestTooLongReplayIsNotKept: a game whose replay is over
// MaxKeptReplayBytes is kept neither in the library nor as its mode's
// last replay, and the player is told.
func TestTooLongReplayIsNotKept(t *testing.T) {
	store := &MemStore{}
	a := newTestApp(t, store, "title")
	rng := rand.New(rand.NewPCG(3, 3))
	rep := &engine.Replay{Config: engine.DefaultConfig(), Seed: 1}
	for {
		var buf bytes.Buffer
		if err := rep.Encode(&buf); err != nil {
			t.Fatal(err)
		}
		if buf.Len() > MaxKeptReplayBytes {
			break
		}
		for i := 0; i < 1<<16; i++ {
			rep.Inputs = append(rep.Inputs, engine.Input(rng.IntN(256)))
		}
	}
	a.ctx.saveReplay("marathon", rep)
	if _, kept := a.ctx.keepReplay("marathon", "Marathon", rep, true, true); kept {
		t.Error("the library kept it")
	}
	a.FlushSaves()
	for _, n := range store.Names() {
		if strings.HasSuffix(n, ".kreplay") {
			t.Errorf("%s was written", n)
		}
	}
	if !strings.Contains(a.ctx.notice.msg, "KiB") {
		t.Errorf("notice %q", a.ctx.notice.msg)
	}
}

func TestDamagedReplayIsReported(t *testing.T) {
	store := &MemStore{}
	a := newTestApp(t, store, "title")
	keepN(a.ctx, "marathon", 1, 0)
	a.FlushSaves()
	store.Put(recentBlob(0), []byte(`{"format":"kocka-replay","version":1,"crc32":"00000000","body":{}}`))
	b := newTestApp(t, store, "title")
	b.Stack.Push(newReplayBrowser(b.ctx))
	step(t, b, press(MenuConfirm), 1)
	if topName(b) != "replays" || !strings.Contains(b.Notice(), "damaged") {
		t.Fatalf("a damaged replay: scene %q, notice %q", topName(b), b.Notice())
	}
	// A damaged index is set aside and the library starts empty.
	store.Put(replayIndexFile, []byte(`{"next":1,"recent":[{"seq":0,"blob":"settings.json","mode":"marathon"}]}`))
	c := newTestApp(t, store, "title")
	if n := len(c.ctx.Replays().Entries()); n != 0 || !strings.Contains(c.Notice(), replayIndexFile) {
		t.Fatalf("a damaged index: %d entries, notice %q", n, c.Notice())
	}
}

func TestPersonalBestIsKept(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "sprint")
	p := a.Stack.Top().(*playScene)
	// A finished sprint with lines, the first of its mode: a best.
	for !p.game.Over() && p.game.Ticks() < 20000 {
		p.tick(engine.InHardDrop)
		p.tick(0)
	}
	if p.personalBest(a.ctx) {
		t.Fatal("a topped-out sprint counted as a personal best")
	}
	m, _ := ModeByName("marathon")
	sc, err := m.New(a.ctx, 3)
	if err != nil {
		t.Fatal(err)
	}
	q := sc.(*playScene)
	q.game = mustGameOverWithLines(t, q)
	if !q.personalBest(a.ctx) {
		t.Fatal("the first marathon with lines is not a personal best")
	}
}

// mustGameOverWithLines plays the golden marathon's inputs in q's place
// until it tops out or ends: a game with lines.
func mustGameOverWithLines(t *testing.T, q *playScene) *engine.Game {
	rep := goldenReplay(t)
	g, err := rep.Start(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range rep.Inputs {
		g.Tick(in)
	}
	for !g.Over() {
		g.Tick(engine.InHardDrop)
		g.Tick(0)
	}
	if g.Lines() == 0 {
		t.Fatal("the golden game has no lines")
	}
	return g
}

func TestWatchReplayFromResults(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "marathon")
	pastReady(t, a)
	for i := 0; i < 400 && topName(a) == "play"; i++ {
		step(t, a, action(ActHardDrop), 1)
		step(t, a, Frame{}, 1)
	}
	for i := 0; i < 400 && topName(a) != "results"; i++ {
		step(t, a, Frame{}, 1)
	}
	settle(t, a)
	step(t, a, Frame{}, resultsGuardTicks+2) // the results take no key before
	res, ok := a.Stack.Top().(*resultsScene)
	if !ok {
		t.Fatalf("no results: %q", topName(a))
	}
	if it := res.menu.byID(itemWatch); it == nil || it.label != "Watch replay" {
		t.Fatal("no Watch replay row on the results")
	}
	for i := 0; i < 10 && res.menu.items[res.menu.sel].id != itemWatch; i++ {
		step(t, a, press(MenuDown), 1)
	}
	step(t, a, press(MenuConfirm), 1)
	v, ok := a.Stack.Top().(*replayViewer)
	if !ok {
		t.Fatalf("Watch replay opened %q", topName(a))
	}
	v.Seek(v.Len())
	if v.game.StateHash() != res.play.game.StateHash() {
		t.Fatal("the watched replay does not end as the game did")
	}
	step(t, a, press(MenuBack), 1)
	if topName(a) != "results" {
		t.Fatalf("Back from the replay: %q", topName(a))
	}
	if n := len(a.ctx.Replays().Recent); n != 1 {
		t.Fatalf("%d games kept", n)
	}
}

// TestBotAgainstThrowerIsKept: a bot against thrower game, at its end (a
// cycle found or a top-out), goes in the library as the bot's, and plays back in the viewer, seeking too (its
// thrower cannot be snapshotted, so a seek back replays from the start).
func TestBotAgainstThrowerIsKept(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "botvs")
	vs := a.Stack.Top().(*versusScene)
	for i := 0; i < 20000 && !vs.done(); i++ {
		step(t, a, Frame{}, 1)
	}
	if !vs.done() {
		// The game is deterministic: it ends the same way on every run.
		t.Fatal("the bot against the thrower did not end in 20000 ticks")
	}
	step(t, a, Frame{}, 2)
	played := vs.game
	es := a.ctx.Replays().Entries()
	if len(es) != 1 || es[0].Mode != "botvs" || es[0].Person || !strings.HasPrefix(es[0].Title, "Bot against thrower: ") {
		t.Fatalf("kept %+v", es)
	}
	v, err := newKeptReplayScene(a.ctx, es[0])
	if err != nil {
		t.Fatal(err)
	}
	a.Stack.Push(v)
	v.Seek(v.Len())
	for i := 0; i < 1000 && v.target >= 0; i++ {
		step(t, a, Frame{}, 1)
	}
	if v.game.StateHash() != played.StateHash() {
		t.Fatal("the kept game does not play back to where it was left")
	}
	half := hashOfViewerAt(t, a, v, v.Len()/2)
	v.Seek(v.Len())
	for i := 0; i < 1000 && v.target >= 0; i++ {
		step(t, a, Frame{}, 1)
	}
	if hashOfViewerAt(t, a, v, v.Len()/2) != half {
		t.Fatal("seeking back twice to the same tick gives two games")
	}
}

func hashOfViewerAt(t *testing.T, a *App, v *replayViewer, tick int) uint64 {
	t.Helper()
	v.Seek(tick)
	for i := 0; i < 1000 && v.target >= 0; i++ {
		step(t, a, Frame{}, 1)
	}
	if v.Tick() != tick {
		t.Fatalf("seek to %d reached %d", tick, v.Tick())
	}
	return v.game.StateHash()
}

// TestExportWritesTheReplayFile: E in the viewer writes the replay into
// the export folder and says where.
func TestExportWritesTheReplayFile(t *testing.T) {
	dir := t.TempDir()
	a, err := NewApp(Options{Mode: "title", Store: &MemStore{}, ExportDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	rep := goldenReplay(t)
	v, err := newReplayScene(a.ctx, replayMode(rep), rep)
	if err != nil {
		t.Fatal(err)
	}
	a.Stack.Push(v)
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyE}}, 1)
	if !strings.HasPrefix(a.Notice(), "Replay saved to "+dir) {
		t.Fatalf("notice %q", a.Notice())
	}
	f, err := os.Open(strings.TrimPrefix(a.Notice(), "Replay saved to "))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := engine.DecodeReplay(f)
	if err != nil || got.Hash != rep.Hash || len(got.Inputs) != len(rep.Inputs) {
		t.Fatalf("exported replay: %v", err)
	}
}

// FuzzReplayIndex: whatever replays.json holds, the game starts, lists the
// library, opens the selected game (or reports it) and draws, without a
// panic.
func FuzzReplayIndex(f *testing.F) {
	f.Add([]byte(`{"next":1,"recent":[{"seq":0,"blob":"replay-00.kreplay","mode":"marathon","title":"Marathon","date":"2026-11-23T21:00:00Z"}]}`))
	f.Add([]byte(`{"next":3,"best":{"sprint":{"seq":2,"blob":"replay-best-sprint.kreplay","mode":"sprint"}}}`))
	f.Add([]byte(`{"next":-1}`))
	dry := draw.NewDry() // its atlas costs more than the rest of a run
	f.Fuzz(func(t *testing.T, raw []byte) {
		if len(raw) > 512 {
			return // the fuzzer's minimising grows with the square of the length
		}
		store := &MemStore{}
		store.Put(replayIndexFile, raw)
		store.Put("replay-00.kreplay", []byte("not a replay"))
		a, err := NewApp(Options{Mode: "title", Store: store})
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		b := newReplayBrowser(a.ctx)
		a.Stack.Push(b)
		step(t, a, press(MenuConfirm), 1)
		a.drawLogical(dry, nil)
	})
}

// TestReplayBackupOfAnotherGame: when a ring slot's file is damaged, its
// backup is the game the slot held before, which must not open under the
// newer game's entry.
func TestReplayBackupOfAnotherGame(t *testing.T) {
	store := &MemStore{}
	a := newTestApp(t, store, "title")
	keepN(a.ctx, "marathon", MaxRecentReplays+1, -1) // slot 0 twice
	a.FlushSaves()
	newest := a.ctx.Replays().Entries()[0]
	if newest.Blob != recentBlob(0) {
		t.Fatalf("the newest game is in %s", newest.Blob)
	}
	if _, err := store.Get(newest.Blob + ".bak"); err != nil {
		t.Fatalf("no backup of the slot: %v", err)
	}
	store.Put(newest.Blob, []byte("cut"))
	b := newTestApp(t, store, "title")
	if _, err := b.ctx.openReplay(newest); err == nil || !strings.Contains(err.Error(), "another game") {
		t.Fatalf("the newest entry over a damaged file with an older backup: %v", err)
	}
}

// TestExportNeverWritesOverAFile: an export takes a free name and leaves
// every file already in the folder as it was. (It used to write over a
// file of the same name, another game exported in the same second, and
// then delete NAME.bak, whoever had made it.)
func TestExportNeverWritesOverAFile(t *testing.T) {
	const name = "kocka-marathon-20261123-211400.kreplay"
	for _, c := range []struct {
		test     string
		before   map[string]string // files in the folder before
		wantFile string            // where the export goes
	}{
		{"empty folder", nil, name},
		{"another replay of that name", map[string]string{name: "other game"}, "kocka-marathon-20261123-211400-2.kreplay"},
		{"two of that name", map[string]string{name: "other", "kocka-marathon-20261123-211400-2.kreplay": "another"}, "kocka-marathon-20261123-211400-3.kreplay"},
		{"the same game again", map[string]string{name: "GAME"}, name},
		{"a backup of the player's own", map[string]string{name + ".bak": "mine"}, name},
	} {
		t.Run(c.test, func(t *testing.T) {
			dir := t.TempDir()
			for n, data := range c.before {
				if err := os.WriteFile(filepath.Join(dir, n), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := exportToDir(dir)(name, []byte("GAME"))
			if err != nil {
				t.Fatal(err)
			}
			if want := filepath.Join(dir, c.wantFile); got != want {
				t.Errorf("exported to %s, want %s", got, want)
			}
			if data, err := os.ReadFile(got); err != nil || string(data) != "GAME" {
				t.Errorf("%s holds %q, %v", got, data, err)
			}
			for n, data := range c.before {
				if now, err := os.ReadFile(filepath.Join(dir, n)); err != nil || string(now) != data {
					t.Errorf("%s now holds %q (%v), was %q", n, now, err, data)
				}
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != len(c.before)+map[bool]int{true: 0, false: 1}[c.before[c.wantFile] == "GAME"] {
				t.Errorf("files left: %v", entries)
			}
		})
	}
}
