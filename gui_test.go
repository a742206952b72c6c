//go:build gui

// The window tests: they start the real kocka binary on an X display
// (make gui-test runs them under xvfb-run), take screenshots and compare
// the pixels with the game state the binary reports, and drive a game
// with real key presses through xdotool.
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/sprites"
)

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// kockaBin builds the binary once for all the tests.
func kockaBin(t *testing.T) string {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("no DISPLAY: run the window tests under xvfb-run (make gui-test)")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "kocka-gui")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "kocka")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

// shoot runs kocka with args plus a screenshot after frames ticks, and
// returns the picture and the state at that tick.
func shoot(t *testing.T, frames int, args ...string) (*image.RGBA, scenes.State) {
	t.Helper()
	dir := t.TempDir()
	shot, stateFile := filepath.Join(dir, "shot.png"), filepath.Join(dir, "state.json")
	args = append(args, "--fast", "--no-sound", "--config-dir", filepath.Join(dir, "cfg"),
		"--screenshot", shot, "--frames", fmt.Sprint(frames), "--state-file", stateFile)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, kockaBin(t), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("kocka %v: %v\n%s", args, err, out)
	}
	keep(t, shot)
	return loadPNG(t, shot), loadState(t, stateFile)
}

// keep copies a screenshot to $KOCKA_SHOTS, if set, to look at.
func keep(t *testing.T, path string) {
	if d := os.Getenv("KOCKA_SHOTS"); d != "" {
		b, err := os.ReadFile(path)
		if err == nil {
			os.MkdirAll(d, 0o755)
			os.WriteFile(filepath.Join(d, t.Name()+".png"), b, 0o644)
		}
	}
}

func loadPNG(t *testing.T, path string) *image.RGBA {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	rgba, ok := img.(*image.RGBA)
	if !ok {
		rgba = image.NewRGBA(img.Bounds())
		for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
			for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
				rgba.Set(x, y, img.At(x, y))
			}
		}
	}
	return rgba
}

func loadState(t *testing.T, path string) scenes.State {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var st scenes.State
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatalf("state file: %v\n%s", err, b)
	}
	return st
}

// checkBoard reads every visible cell's centre pixel back into a piece and
// compares it with the board in the state, plus the falling piece.
func checkBoard(t *testing.T, img *image.RGBA, st scenes.State) (filled int) {
	t.Helper()
	if st.Layout == nil || len(st.Board) == 0 {
		t.Fatalf("state has no board or layout: %+v", st)
	}
	want := make([][]byte, len(st.Board))
	for i, row := range st.Board {
		want[i] = []byte(row)
	}
	vh := len(want)
	if st.HasPiece {
		p, err := engine.ParsePiece(st.Piece)
		if err != nil {
			t.Fatal(err)
		}
		r, err := engine.ParseRotation(st.Rot)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range (engine.Placed{Piece: p, Rot: r, X: st.X, Y: st.Y}).Cells() {
			if int(c.Y) < vh {
				want[vh-1-int(c.Y)][c.X] = st.Piece[0]
			}
		}
	}
	l := st.Layout
	bad := 0
	for row := range want {
		for x, ch := range want[row] {
			px, py := l.X+x*l.Cell+l.Cell/2, l.Y+row*l.Cell+l.Cell/2
			got := sprites.NearestPiece(img.RGBAAt(px, py)).String()[0]
			if got != ch {
				bad++
				if bad <= 5 {
					t.Errorf("cell (%d, row %d from the top) at pixel (%d, %d) = %v reads %c, state says %c",
						x, row, px, py, img.RGBAAt(px, py), got, ch)
				}
			}
			if ch != '.' {
				filled++
			}
		}
	}
	if bad > 0 {
		t.Fatalf("%d cells differ from the state", bad)
	}
	return filled
}

// inkIn counts pixels in the logical rectangle that stand out from the
// background (text, minos, frames).
func inkIn(img *image.RGBA, l *scenes.Layout, x0, y0, x1, y1 int) int {
	n := 0
	bg := sprites.Background
	for y := l.OriginY + y0*l.Scale; y < l.OriginY+y1*l.Scale; y++ {
		for x := l.OriginX + x0*l.Scale; x < l.OriginX+x1*l.Scale; x++ {
			c := img.RGBAAt(x, y)
			if diff(c, bg) > 120 {
				n++
			}
		}
	}
	return n
}

func diff(a, b color.RGBA) int {
	d := func(x, y uint8) int {
		if x > y {
			return int(x - y)
		}
		return int(y - x)
	}
	return d(a.R, b.R) + d(a.G, b.G) + d(a.B, b.B)
}

// screenLayout is the layout of a screen without a game, from its size.
func screenLayout(img *image.RGBA) *scenes.Layout {
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	s := max(1, min(w/scenes.ScreenW, h/scenes.ScreenH))
	return &scenes.Layout{OriginX: (w - scenes.ScreenW*s) / 2, OriginY: (h - scenes.ScreenH*s) / 2, Scale: s}
}

func TestGUITitle(t *testing.T) {
	img, st := shoot(t, 20, "--width", "1280", "--height", "720")
	if st.Scene != "title" {
		t.Fatalf("scene %q, want title", st.Scene)
	}
	if b := img.Bounds(); b.Dx() != 1280 || b.Dy() != 720 {
		t.Fatalf("screenshot is %v, want 1280x720", b)
	}
	// The logo uses five piece colours; the middle of each of its minos
	// is the piece colour exactly (the bevel skin's face).
	seen := map[engine.Piece]int{}
	l := screenLayout(img)
	for y := l.OriginY + 90*l.Scale; y < l.OriginY+170*l.Scale; y++ {
		for x := 0; x < img.Bounds().Dx(); x++ {
			c := img.RGBAAt(x, y)
			for _, p := range engine.Pieces {
				if c == sprites.PieceColors[p] {
					seen[p]++
				}
			}
		}
	}
	if len(seen) < 5 {
		t.Errorf("logo shows %d piece colours (%v), want 5", len(seen), seen)
	}
	if n := inkIn(img, l, 100, 300, 540, 340); n < 500 {
		t.Errorf("the controls line is nearly empty (%d pixels)", n)
	}
}

// readyTicks is the READY countdown before a person's game: the game's
// clock starts after it, and GO has faded 50 ticks later.
const readyTicks = 60

func TestGUIMarathonFromSeed(t *testing.T) {
	img, st := shoot(t, readyTicks+120, "--mode", "marathon", "--seed", "7", "--width", "640", "--height", "360")
	if st.Scene != "play" || st.Mode != "marathon" || st.Ticks != 120 || st.Countdown != 0 || !st.HasPiece {
		t.Fatalf("state %+v", st)
	}
	checkBoard(t, img, st)
	l := st.Layout
	if n := inkIn(img, l, 100, 196, 232, 348); n < 400 {
		t.Errorf("the score/level/lines region is nearly empty (%d pixels)", n)
	}
	// The first piece of the queue is drawn in its colour in the queue box.
	next, _ := engine.ParsePiece(st.Queue[:1])
	found := 0
	for y := l.OriginY + 46*l.Scale; y < l.OriginY+90*l.Scale; y++ {
		for x := l.OriginX + 408*l.Scale; x < l.OriginX+492*l.Scale; x++ {
			if img.RGBAAt(x, y) == sprites.PieceColors[next] {
				found++
			}
		}
	}
	if found < 20 {
		t.Errorf("next piece %v not seen in the queue box (%d pixels)", next, found)
	}
}

func TestGUIScaling(t *testing.T) {
	img, st := shoot(t, readyTicks+60, "--mode", "sprint", "--seed", "3", "--width", "1920", "--height", "1080")
	if st.Layout == nil || st.Layout.Scale != 3 || img.Bounds().Dx() != 1920 {
		t.Fatalf("1920x1080 window: screenshot %v, layout %+v; want scale 3", img.Bounds(), st.Layout)
	}
	checkBoard(t, img, st)
}

// driver runs kocka at normal speed and presses keys in its window.
type driver struct {
	t         *testing.T
	cmd       *exec.Cmd
	win       string
	stateFile string
	cfg       string
	done      chan struct{} // closed when the program has exited
	err       error         // its exit status, once done is closed
}

func startDriven(t *testing.T, args ...string) *driver {
	t.Helper()
	dir := t.TempDir()
	d := &driver{t: t, stateFile: filepath.Join(dir, "state.json"), cfg: filepath.Join(dir, "cfg"), done: make(chan struct{})}
	args = append(args, "--no-sound", "--config-dir", d.cfg, "--state-file", d.stateFile, "--width", "640", "--height", "360")
	d.cmd = exec.Command(kockaBin(t), args...)
	d.cmd.Stderr = os.Stderr
	if err := d.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { d.err = d.cmd.Wait(); close(d.done) }()
	t.Cleanup(func() {
		d.cmd.Process.Kill() // harmless if it has exited
		<-d.done
	})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "xdotool", "search", "--sync", "--name", "^Kocka$").Output()
	if err != nil {
		t.Fatalf("xdotool search: %v", err)
	}
	d.win = strings.Fields(string(out))[0]
	return d
}

func (d *driver) key(keys ...string) {
	d.t.Helper()
	for _, k := range keys {
		if err := d.tap(k); err != nil {
			d.t.Fatal(err)
		}
	}
}

// tap holds a key for 100 ms, long enough for a tick to see it even on a
// loaded machine drawing few frames (xdotool's own key taps can fall
// between two ticks), then waits as long so the next tap is a new press.
func (d *driver) tap(k string) error {
	for _, step := range []string{"keydown", "keyup"} {
		if out, err := exec.Command("xdotool", step, "--window", d.win, k).CombinedOutput(); err != nil {
			return fmt.Errorf("xdotool %s %s: %v\n%s", step, k, err, out)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil
}

// press taps key until ok holds: a tap can still be lost on a loaded
// machine (a frame so slow that the press and the release arrive between
// two ticks), so after two seconds without the effect it taps again, up to
// three times. It taps again only while the scene and the selected row
// are still those before the first tap: a tap that took effect late has
// moved them, and a second Return would go a screen too far.
func (d *driver) press(key, what string, ok func(scenes.State) bool) scenes.State {
	d.t.Helper()
	before, _ := d.poll(time.Second, func(scenes.State) bool { return true })
	for try := 0; try < 3; try++ {
		if err := d.tap(key); err != nil {
			d.t.Fatal(err)
		}
		st, done := d.poll(2*time.Second, ok)
		if done {
			return st
		}
		if st.Scene != before.Scene || st.Selected != before.Selected {
			break
		}
	}
	return d.wait(what, ok)
}

// poll reads the state file until ok holds or the time is up.
func (d *driver) poll(limit time.Duration, ok func(scenes.State) bool) (scenes.State, bool) {
	var st scenes.State
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(30 * time.Millisecond) {
		b, err := os.ReadFile(d.stateFile)
		if err != nil {
			continue
		}
		st = scenes.State{}
		if json.Unmarshal(b, &st) == nil && ok(st) {
			return st, true
		}
	}
	return st, false
}

// wait polls the state file until ok holds, for up to ten seconds.
func (d *driver) wait(what string, ok func(scenes.State) bool) scenes.State {
	d.t.Helper()
	var st scenes.State
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(30 * time.Millisecond) {
		b, err := os.ReadFile(d.stateFile)
		if err != nil {
			continue
		}
		st = scenes.State{}
		if json.Unmarshal(b, &st) == nil && ok(st) {
			return st
		}
	}
	d.t.Fatalf("timed out waiting for %s; last state %+v", what, st)
	return st
}

// screenshot presses F12 and returns the picture it saved (pressing again
// if the tap was lost).
func (d *driver) screenshot() *image.RGBA {
	d.t.Helper()
	dir := filepath.Join(d.cfg, "screenshots")
	before, _ := filepath.Glob(filepath.Join(dir, "kocka-*.png"))
	for try := 0; try < 3; try++ {
		d.key("F12")
		for deadline := time.Now().Add(4 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			after, _ := filepath.Glob(filepath.Join(dir, "kocka-*.png"))
			if len(after) > len(before) {
				p := after[len(after)-1]
				keep(d.t, p)
				// The game confirms the save on screen for a moment.
				d.wait("the saved toast", func(s scenes.State) bool { return strings.Contains(s.Toast, "Screenshot saved") })
				return loadPNG(d.t, p)
			}
		}
	}
	d.t.Fatal("F12 saved no screenshot")
	return nil
}

func TestGUIDrive(t *testing.T) {
	d := startDriven(t, "--mode", "marathon", "--seed", "1")
	// Keys move nothing until GO: a Left tapped and released while READY
	// is still up has not moved the piece (checked only if the window was
	// quick enough to show READY to the test).
	st0, ready := d.poll(10*time.Second, func(s scenes.State) bool { return s.Scene == "play" && s.HasPiece })
	if ready && st0.Countdown > 0 {
		d.key("Left")
		if st, _ := d.poll(time.Second, func(scenes.State) bool { return true }); st.Countdown > 0 && (st.X != st0.X || st.Ticks != 0) {
			t.Fatalf("Left during READY moved the piece or ran the clock: %+v from %+v", st, st0)
		}
	} else {
		t.Logf("READY was over before the test saw it: %+v", st0)
	}
	st0 = d.wait("GO", func(s scenes.State) bool { return s.Scene == "play" && s.HasPiece && s.Countdown == 0 })

	// On a loaded machine a frame can hold the key for several ticks, so
	// the piece may auto-shift further; it must have moved left.
	st := d.press("Left", "the piece to move left", func(s scenes.State) bool { return s.X < st0.X })
	if st.Piece != st0.Piece || st.Pieces != 0 {
		t.Fatalf("after Left: %+v", st)
	}
	moved := st.X
	st = d.press("Up", "the piece to turn", func(s scenes.State) bool { return s.Rot == "R" })
	if st.X != moved {
		t.Fatalf("the turn moved the piece: %+v", st)
	}
	p, _ := engine.ParsePiece(st0.Piece)
	placed := engine.Placed{Piece: p, Rot: engine.RotR, X: st.X, Y: st.Y}
	st = d.press("space", "the piece to lock", func(s scenes.State) bool { return s.Pieces == 1 })
	// The locked cells are where the turned piece lands, in its columns.
	cols := map[int]bool{}
	for _, c := range placed.Cells() {
		cols[int(c.X)] = true
	}
	n := 0
	for _, row := range st.Board {
		for x, ch := range row {
			if ch != '.' {
				n++
				if byte(ch) != st0.Piece[0] || !cols[x] {
					t.Errorf("cell %c in column %d; want %s in columns %v", ch, x, st0.Piece, cols)
				}
			}
		}
	}
	if n != 4 {
		t.Fatalf("%d cells on the board after one lock:\n%s", n, strings.Join(st.Board, "\n"))
	}

	d.press("Escape", "pause", func(s scenes.State) bool { return s.Scene == "pause" })
	img := d.screenshot()
	l := screenLayout(img)
	accent := 0
	for y := l.OriginY + 110*l.Scale; y < l.OriginY+150*l.Scale; y++ {
		for x := l.OriginX + 250*l.Scale; x < l.OriginX+390*l.Scale; x++ {
			if img.RGBAAt(x, y) == sprites.Accent {
				accent++
			}
		}
	}
	if accent < 50 {
		t.Errorf("no PAUSED title on the pause screenshot (%d accent pixels)", accent)
	}
	d.press("Escape", "play again", func(s scenes.State) bool { return s.Scene == "play" })

	for i := 0; i < 60; i++ {
		d.key("space")
		time.Sleep(40 * time.Millisecond)
		if b, err := os.ReadFile(d.stateFile); err == nil && strings.Contains(string(b), `"over":true`) {
			break
		}
	}
	st = d.wait("the results", func(s scenes.State) bool { return s.Scene == "results" && !s.Fading })
	if !st.Over || st.End == "" {
		t.Fatalf("results of a game not over: %+v", st)
	}
	img = d.screenshot()
	var err error
	if filled := checkBoard(t, img, st); filled < 20 {
		t.Errorf("a topped-out board with %d cells", filled)
	}
	if n := inkIn(img, st.Layout, 340, 80, 600, 230); n < 500 {
		t.Errorf("the results table is nearly empty (%d pixels)", n)
	}
	// Scores are written off the game loop: allow the write a moment.
	var raw []byte
	want := fmt.Sprintf(`"score": %d`, st.Score)
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if raw, err = os.ReadFile(filepath.Join(d.cfg, "scores.json")); err == nil && strings.Contains(string(raw), want) {
			break
		}
	}
	if !strings.Contains(string(raw), want) {
		t.Errorf("scores.json does not hold the game's score %d: %v\n%s", st.Score, err, raw)
	}
	if _, err := os.Stat(filepath.Join(d.cfg, "replay-marathon.kreplay")); err != nil {
		t.Errorf("the game's replay was not saved: %v", err)
	}

	// Results menu: Play again, High scores, Main menu, Watch replay. The
	// results take no key for half a second (a guard against keys mashed
	// through the top-out): let it pass first.
	time.Sleep(time.Second)
	for _, row := range []string{"High scores", "Main menu"} {
		d.press("Down", row, func(s scenes.State) bool { return s.Selected == row })
	}
	d.press("Return", "the main menu", func(s scenes.State) bool { return s.Scene == "menu" })
	d.wait("the fade to end", func(s scenes.State) bool { return !s.Fading })
	// Up from the first row wraps to Quit. The window closes on the Return
	// press, so xdotool may fail to send the release: its error is expected.
	d.press("Up", "Quit", func(s scenes.State) bool { return s.Selected == "Quit" })
	quit := false
	for try := 0; try < 3 && !quit; try++ {
		d.tap("Return")
		select {
		case <-d.done:
			quit = true
			if d.err != nil {
				t.Fatalf("kocka exited with %v after Quit", d.err)
			}
		case <-time.After(3 * time.Second):
		}
	}
	if !quit {
		t.Fatal("Quit did not end the program")
	}

	// The saved replay plays back in the window to the same state.
	if f, err := os.Open(filepath.Join(d.cfg, "replay-marathon.kreplay")); err == nil {
		rep, err := engine.DecodeReplay(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		_, rst := shoot(t, len(rep.Inputs)+2, "--replay", f.Name(), "--width", "640", "--height", "360")
		if !rst.ReplayDone || rst.StateHash != rst.ReplayHash || rst.StateHash != st.StateHash {
			t.Errorf("replay in the window ended at %s (recorded %s, the game %s), done %v",
				rst.StateHash, rst.ReplayHash, st.StateHash, rst.ReplayDone)
		}
	}
}

// TestGUIRetry: R restarts the mode at once, with a new READY.
func TestGUIRetry(t *testing.T) {
	d := startDriven(t, "--mode", "sprint", "--seed", "4")
	d.wait("GO", func(s scenes.State) bool { return s.Scene == "play" && s.Countdown == 0 && s.Ticks > 0 })
	d.press("r", "a new sprint", func(s scenes.State) bool {
		return s.Scene == "play" && s.Mode == "sprint" && s.Countdown > 0 && !s.Fading
	})
}

// botReplay records the bot playing marathon for about ticks ticks and
// returns the replay file and a tick at which the board is quiet: the last
// lock at least 24 ticks back (flashes and the clear animation are over)
// and the falling piece not resting on the stack (its lock delay darkens it).
func botReplay(t *testing.T, ticks int) (string, int) {
	t.Helper()
	g, err := engine.NewGame(engine.ConfigFor(engine.GoalMarathon), 11)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.NewRecorder(g)
	if err != nil {
		t.Fatal(err)
	}
	// Weights that stack for tetrises rather than clearing at once, so
	// the board has something on it.
	w, err := solver.PersonalityByName("kocka")
	if err != nil {
		t.Fatal(err)
	}
	w.Base[solver.FErodedCells] = -3
	w.Base[solver.FLandingHeight] = -1
	w.Base[solver.FTetris] = 80
	bot, err := solver.NewBot(solver.BotConfig{Weights: w})
	if err != nil {
		t.Fatal(err)
	}
	drv := solver.NewDriver(bot, solver.DriverConfig{PiecesPerSecond: 2})
	lastLock, quiet := -100, 0
	for g.Ticks() < ticks && !g.Over() {
		for _, e := range rec.Tick(drv.Next(g)) {
			if e.Kind == engine.EvLock {
				lastLock = g.Ticks()
			}
		}
		if g.Ticks()-lastLock >= 24 && g.LockTimer() == 0 && g.Ticks() > ticks/2 {
			quiet = g.Ticks()
		}
	}
	if quiet == 0 || g.Lines() == 0 {
		t.Fatalf("the bot game has no quiet tick (%d) or no lines (%d)", quiet, g.Lines())
	}
	path := filepath.Join(t.TempDir(), "bot.kreplay")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := rec.Replay().Encode(f); err != nil {
		t.Fatal(err)
	}
	return path, quiet
}

func TestGUIReplayMidGame(t *testing.T) {
	file, tick := botReplay(t, 900)
	img, st := shoot(t, tick, "--replay", file, "--width", "640", "--height", "360")
	if st.Scene != "play" || st.Mode != "replay" || st.Ticks != tick {
		t.Fatalf("state %+v, want the replay at tick %d", st, tick)
	}
	if filled := checkBoard(t, img, st); filled < 20 {
		t.Errorf("mid-game board with only %d cells", filled)
	}
	if st.Lines == 0 {
		t.Error("no lines cleared by mid-game")
	}
	if n := inkIn(img, st.Layout, 100, 196, 232, 348); n < 400 {
		t.Errorf("the score/level/lines region is nearly empty (%d pixels)", n)
	}
}

func TestGUIBot(t *testing.T) {
	img, st := shoot(t, 600, "--mode", "bot", "--seed", "5", "--personality", "eltetris", "--width", "640", "--height", "360")
	if st.Scene != "play" || st.Mode != "bot" || st.Pieces < 10 || st.Lines == 0 || st.Over {
		t.Fatalf("bot after 600 ticks: %+v", st)
	}
	// Candidates are drawn over the board, so check the HUD and the
	// candidate list rather than every cell.
	l := st.Layout
	if n := inkIn(img, l, 540, 28, 636, 180); n < 300 {
		t.Errorf("the candidate list is nearly empty (%d pixels)", n)
	}
	if n := inkIn(img, l, 100, 196, 232, 348); n < 400 {
		t.Errorf("the score/level/lines region is nearly empty (%d pixels)", n)
	}
}
