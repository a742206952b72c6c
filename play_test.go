package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
)

func TestPlayFlags(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.kreplay")
	os.WriteFile(bad, []byte("not a replay"), 0o644)
	good := filepath.Join(dir, "good.kreplay")
	g, _ := engine.NewGame(engine.ConfigFor(engine.GoalSprint), 9)
	rec, _ := engine.NewRecorder(g)
	for i := 0; i < 50; i++ {
		rec.Tick(engine.InHardDrop * engine.Input(i%2))
	}
	var buf bytes.Buffer
	rec.Replay().Encode(&buf)
	os.WriteFile(good, buf.Bytes(), 0o644)

	for _, tc := range []struct {
		args []string
		err  string // "" = accepted
	}{
		{nil, ""},
		{[]string{"--mode", "sprint", "--seed", "18446744073709551615"}, ""},
		{[]string{"--mode", "bot", "--personality", "dellacherie"}, ""},
		{[]string{"--screenshot", "x.png", "--frames", "5", "--fast", "--state-file", "s.json"}, ""},
		{[]string{"--replay", good}, ""},
		{[]string{"--mode", "tetris"}, "unknown --mode"},
		{[]string{"--mode", "versus", "--thrower", "bastet"}, ""},
		{[]string{"--mode", "versus", "--thrower", "minimax2"}, ""},
		{[]string{"--mode", "versus", "--thrower", "nonsense"}, `unknown --thrower "nonsense" (want kind, random, bastet, hatetris`},
		{[]string{"--seed", "-1"}, "--seed"},
		{[]string{"--seed", "abc"}, "--seed"},
		{[]string{"--personality", "nobody"}, "--personality"},
		{[]string{"--frames", "0"}, "--frames"},
		{[]string{"--width", "10"}, "window size"},
		{[]string{"--replay", filepath.Join(dir, "missing")}, "--replay"},
		{[]string{"--replay", bad}, "--replay"},
		{[]string{"stray"}, "unexpected argument"},
		{[]string{"--no-such-flag"}, "not defined"},
	} {
		pf, err := parsePlayFlags(tc.args)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%v: %v", tc.args, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%v: error %v, want one mentioning %q", tc.args, err, tc.err)
		case tc.err == "" && len(tc.args) > 1 && tc.args[0] == "--mode" && pf.opts.Mode != tc.args[1]:
			t.Errorf("%v: mode %q", tc.args, pf.opts.Mode)
		}
	}
	pf, _ := parsePlayFlags([]string{"--seed", "42", "--replay", good})
	if !pf.opts.SeedSet || pf.opts.Seed != 42 || pf.opts.Replay == nil || pf.opts.Replay.Seed != 9 {
		t.Errorf("parsed %+v", pf.opts)
	}
}

func TestPlayExitCodes(t *testing.T) {
	if got := play([]string{"--mode", "nope"}, nil, io.Discard, io.Discard); got != 2 {
		t.Errorf("bad flag: exit %d, want 2", got)
	}
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	if got := play([]string{"--mode", "marathon"}, nil, io.Discard, io.Discard); got != 1 {
		t.Errorf("no display: exit %d, want 1", got)
	}
}
