//go:build gui

package main

import (
	"testing"
	"time"

	"github.com/kocka/kocka/scenes"
	"github.com/kocka/kocka/sprites"
)

// TestGUIPCPractice chooses PC practice and its Stairs field through the
// menus with key presses, waits for the panel's verdict, turns the hint on
// and checks the screenshot: the field's blocks where the state has them,
// the hint's ghosts on empty cells of the 4 lines, ink in the panel.
func TestGUIPCPractice(t *testing.T) {
	d := startDriven(t, "--mode", "title", "--seed", "3")
	d.wait("the title", func(s scenes.State) bool { return s.Scene == "title" && !s.Fading })
	d.press("Return", "the main menu", func(s scenes.State) bool { return s.Scene == "menu" })
	d.wait("the menu", func(s scenes.State) bool { return s.Scene == "menu" && !s.Fading })
	for i := 0; i < 12 && d.wait("a row", func(scenes.State) bool { return true }).Selected != "PC practice"; i++ {
		d.key("Down")
	}
	d.press("Return", "the PC setup", func(s scenes.State) bool { return s.Scene == "pcsetup" })
	d.wait("the setup", func(s scenes.State) bool { return s.Scene == "pcsetup" && !s.Fading })
	d.key("Right", "Right") // Empty field -> Left wall -> Stairs
	d.press("Down", "the Start row", func(s scenes.State) bool { return s.Selected == "Start" })
	st := d.press("Return", "PC practice", func(s scenes.State) bool { return s.Mode == "pc" && s.PC != nil })
	if st.PC.Field != "stairs" {
		t.Fatalf("the setup chose %q, want stairs", st.PC.Field)
	}
	st, ok := d.poll(30*time.Second, func(s scenes.State) bool { return s.PC != nil && s.PC.Verdict != "thinking" })
	if !ok {
		t.Fatalf("no verdict: %+v", st.PC)
	}
	if st.PC.Pieces != 6 || st.PC.Total == 0 {
		t.Fatalf("the stairs at the start: %+v", st.PC)
	}
	if st.PC.Verdict != "possible" {
		// Seed 3 deals the same queue every run, and it clears the stairs.
		t.Fatalf("seed 3's first pieces no longer clear the stairs: %+v", st.PC)
	}
	st = d.press("h", "the hint", func(s scenes.State) bool { return s.PC.HintOrder != "" })
	// READY and GO cover the board: the picture waits for them to go.
	d.poll(10*time.Second, func(s scenes.State) bool { return s.Ticks > 60 })
	img := d.screenshot()
	st = d.wait("the state", func(s scenes.State) bool { return s.PC.HintOrder != "" })
	// The bottom 4 rows: blocks where the board has them, and on the
	// empty cells the hint's ghosts (not the bare well).
	ghost, blocks := 0, 0
	rows := len(st.Board)
	for y := rows - 4; y < rows; y++ {
		for x := 0; x < 10; x++ {
			px := st.Layout.X + x*st.Layout.Cell + st.Layout.Cell/2
			py := st.Layout.Y + y*st.Layout.Cell + st.Layout.Cell/2
			c := img.RGBAAt(px, py)
			if st.Board[y][x] != '.' {
				blocks++
				continue
			}
			if diff(c, sprites.Well) > 30 {
				ghost++
			}
		}
	}
	if blocks != 16 || ghost < 20 {
		t.Errorf("the 4 lines: %d blocks (want the stairs' 16), %d empty cells with a ghost (want the hint's 24, allowing the falling piece)", blocks, ghost)
	}
	if n := inkIn(img, st.Layout, 408, 224, 632, 304); n < 400 {
		t.Errorf("the PC panel is nearly empty (%d pixels)", n)
	}
}

// TestGUIPCChance plays the first piece of the empty field (hard drop where
// it spawns) and waits for the chance over the 840 queues the bag can
// still deal for the other nine, then for the hint; docs/screenshot-pc.png
// is this test's picture.
func TestGUIPCChance(t *testing.T) {
	d := startDriven(t, "--mode", "pc", "--seed", "3")
	st := d.wait("GO", func(s scenes.State) bool { return s.Mode == "pc" && s.Countdown == 0 && s.HasPiece })
	if st.PC == nil || st.PC.Field != "empty" || st.PC.Pieces != 10 {
		t.Fatalf("the empty field: %+v", st.PC)
	}
	d.press("space", "the first piece down", func(s scenes.State) bool { return s.Pieces == 1 })
	st, ok := d.poll(60*time.Second, func(s scenes.State) bool { return s.PC.Total > 0 || s.Pieces > 1 })
	if !ok || st.Pieces > 1 {
		t.Fatalf("no chance before the next piece locked: %+v", st.PC)
	}
	if st.PC.Pieces != 9 || st.PC.Total != 840 || st.PC.Clear == 0 || st.PC.Verdict != "possible" {
		t.Fatalf("after the first piece: %+v", st.PC)
	}
	st = d.press("h", "the hint", func(s scenes.State) bool { return s.PC.HintOrder != "" })
	if len(st.PC.HintOrder) != 9 {
		t.Fatalf("hint %q for 9 pieces", st.PC.HintOrder)
	}
	d.screenshot()

	// Pieces dropped where they spawn soon rise out of the 4 lines: a
	// miss, which stops the game and shows the clear before it.
	for i := 0; i < 12; i++ {
		if st, _ := d.poll(0, func(scenes.State) bool { return true }); st.PC != nil && st.PC.Miss != "" {
			break
		}
		d.key("space")
	}
	st = d.wait("the clear before the miss", func(s scenes.State) bool { return s.PC.Miss != "" && s.PC.MissOrder != "" })
	img := d.screenshot()
	if n := inkIn(img, st.Layout, 240, 88, 400, 258); n < 2000 {
		t.Errorf("the miss banner is nearly empty (%d pixels)", n)
	}
	d.press("r", "a new game", func(s scenes.State) bool { return s.PC != nil && s.PC.Miss == "" && s.Pieces == 0 })
}
