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
	"sync"
	"testing"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes"
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

func TestGUIMarathonFromSeed(t *testing.T) {
	img, st := shoot(t, 120, "--mode", "marathon", "--seed", "7", "--width", "640", "--height", "360")
	if st.Scene != "play" || st.Mode != "marathon" || st.Ticks != 120 || !st.HasPiece {
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
	img, st := shoot(t, 10, "--mode", "sprint", "--seed", "3", "--width", "1920", "--height", "1080")
	if st.Layout == nil || st.Layout.Scale != 3 || img.Bounds().Dx() != 1920 {
		t.Fatalf("1920x1080 window: screenshot %v, layout %+v; want scale 3", img.Bounds(), st.Layout)
	}
	checkBoard(t, img, st)
}
