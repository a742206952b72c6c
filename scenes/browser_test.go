package scenes

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
)

func TestKeyCode(t *testing.T) {
	tests := []struct {
		k    ebiten.Key
		want string
	}{
		{ebiten.KeyA, "KeyA"},
		{ebiten.KeyZ, "KeyZ"},
		{ebiten.KeyArrowLeft, "ArrowLeft"},
		{ebiten.KeySpace, "Space"},
		{ebiten.KeyShiftLeft, "ShiftLeft"},
		{ebiten.KeyDigit1, "Digit1"},
		{ebiten.KeyEscape, "Escape"},
		{ebiten.KeyF1, "F1"},
	}
	for _, tc := range tests {
		if got := KeyCode(tc.k); got != tc.want {
			t.Errorf("KeyCode(%v) = %q, want %q", tc.k, got, tc.want)
		}
	}
	// Every default binding has a code the browser sends.
	for a, keys := range DefaultKeys() {
		if c := KeyCode(keys[0]); c == "" || strings.Contains(c, " ") {
			t.Errorf("%v: key code %q", Action(a), c)
		}
	}
}

func recordedReplay(t *testing.T) (text string, hash uint64) {
	t.Helper()
	g, err := engine.NewGame(engine.ConfigFor(engine.GoalSprint), 11)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.NewRecorder(g)
	if err != nil {
		t.Fatal(err)
	}
	// Taps that move, turn, hold and drop, with a released tick between.
	pattern := []engine.Input{engine.InLeft, 0, engine.InRotateCW, 0, engine.InHold, 0, engine.InRight, 0, engine.InHardDrop, 0}
	for i := 0; i < 600 && !g.Over(); i++ {
		rec.Tick(pattern[i%len(pattern)])
	}
	var buf bytes.Buffer
	if err := rec.Replay().Encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.String(), g.StateHash()
}

func TestPlayReplayText(t *testing.T) {
	text, hash := recordedReplay(t)
	got, rep := PlayReplayText(text, nil)
	if rep == nil || got["ok"] != true || got["stateHash"] != fmt.Sprintf("%016x", hash) {
		t.Fatalf("PlayReplayText = %v, want ok and hash %016x", got, hash)
	}

	// A replay whose recorded hash is wrong (with its checksum fixed, so it
	// decodes) plays back to a different hash: not ok, and says why.
	rep.Hash ^= 1
	var buf bytes.Buffer
	if err := rep.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	got, _ = PlayReplayText(buf.String(), nil)
	if got["ok"] != false || got["stateHash"] != fmt.Sprintf("%016x", hash) || got["error"] == nil {
		t.Fatalf("tampered hash: %v", got)
	}

	for _, bad := range []string{"", "{}", "not a replay", text[:len(text)/2]} {
		if got, rep := PlayReplayText(bad, nil); rep != nil || got["ok"] != false || got["error"] == nil {
			t.Errorf("PlayReplayText(%.20q) = %v, want an error", bad, got)
		}
	}
}
