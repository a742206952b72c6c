//go:build gui

package main

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/kocka/kocka/scenes"
)

// click moves the pointer to window pixel (x, y) and clicks, holding the
// button long enough for a tick to see the press.
func (d *driver) click(xy [2]int) {
	d.t.Helper()
	steps := [][]string{
		{"mousemove", "--window", d.win, fmt.Sprint(xy[0]), fmt.Sprint(xy[1])},
		{"mousedown", "--window", d.win, "1"},
		{"mouseup", "--window", d.win, "1"},
	}
	for _, s := range steps {
		if out, err := exec.Command("xdotool", s...).CombinedOutput(); err != nil {
			d.t.Fatalf("xdotool %v: %v\n%s", s, err, out)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestGUIGobblet plays Gobblet in the window with the mouse and the keys:
// a stack and a square clicked make a move, the computer replies, the
// cursor keys pick a stack, and the screenshot shows the pieces where the
// state says they are.
func TestGUIGobblet(t *testing.T) {
	d := startDriven(t, "--mode", "gobblet", "--seed", "5")
	st := d.wait("the Gobblet board", func(s scenes.State) bool {
		return s.Gobblet != nil && len(s.Gobblet.ReserveXY) == 3 && len(s.Gobblet.SquareXY) == 16
	})
	g := st.Gobblet
	d.click(g.ReserveXY[0])
	d.wait("a stack picked", func(s scenes.State) bool { return s.Gobblet.Selected == 100 && len(s.Gobblet.Targets) == 16 })
	d.click(g.SquareXY[5]) // b3
	d.wait("the move on b3", func(s scenes.State) bool { return s.Gobblet.Plies >= 1 && s.Gobblet.Squares[5] == "A" })
	st, ok := d.poll(60*time.Second, func(s scenes.State) bool { return s.Gobblet.Plies == 2 })
	if !ok {
		t.Fatalf("the computer did not reply in a minute: %+v", st.Gobblet)
	}
	reply := st.Gobblet.Moves[1]
	// The cursor is on b3 after the click: Right three times reaches the
	// stacks' column (row 2), Enter picks that stack.
	d.key("Right", "Right", "Right")
	d.press("Return", "a stack picked by keys", func(s scenes.State) bool { return s.Gobblet.Selected == 101 })
	img := d.screenshot()
	st, _ = d.poll(time.Second, func(scenes.State) bool { return true })
	for q, sq := range st.Gobblet.Squares {
		if sq == "" {
			continue
		}
		xy := st.Gobblet.SquareXY[q]
		// A piece's middle is its own colour.
		want := scenes.GobbletColours[0]
		if sq[0] >= 'a' {
			want = scenes.GobbletColours[1]
		}
		if got := img.RGBAAt(xy[0], xy[1]); diff(got, want) > 60 {
			t.Errorf("square %d (%s) at %v is %v, want about %v", q, sq, xy, got, want)
		}
	}
	if !strings.Contains(st.Gobblet.Status, "marked square") {
		t.Errorf("status with a piece picked: %q", st.Gobblet.Status)
	}
	t.Logf("the computer replied %s", reply)
	// U takes back the pair; Esc drops the pick, then pauses.
	d.press("u", "the undo", func(s scenes.State) bool { return s.Gobblet.Plies == 0 })
	d.press("Escape", "the pause", func(s scenes.State) bool { return s.Scene == "pause" })
}
