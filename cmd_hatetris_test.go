package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestHatetrisPlayReplay(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "qntm.txt")
	if err := os.WriteFile(file, []byte("௨ටໃݹ௨ටໃݹठ\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"play", "--replay", "AAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA A2"}, 0, `{"lines":0,"moves":90,"game_over":true}` + "\n"},
		{[]string{"play", "--replay-file", file}, 0, `{"lines":0,"moves":90,"game_over":true}` + "\n"},
		{[]string{"play", "--replay", "LLLL"}, 0, `{"lines":0,"moves":4,"game_over":false}` + "\n"},
		{[]string{"play", "--replay", "not a replay!"}, 1, ""},
		{[]string{"play"}, 2, ""},
		{[]string{"play", "--replay", "A", "--bot"}, 2, ""},
		{[]string{"play", "--nonsense"}, 2, ""},
		{[]string{"fly"}, 2, ""},
		{nil, 2, ""},
	}
	for _, tc := range tests {
		var out, errs bytes.Buffer
		code := hatetrisCommands.Run(tc.args, nil, &out, &errs)
		if code != tc.code || out.String() != tc.out {
			t.Errorf("%q: exit %d, out %q (stderr %q); want %d, %q", tc.args, code, out.String(), errs.String(), tc.code, tc.out)
		}
	}
}

// TestHatetrisPlayBot lets the bot play a short game and replays what it
// printed.
func TestHatetrisPlayBot(t *testing.T) {
	var out, errs bytes.Buffer
	if code := hatetrisCommands.Run([]string{"play", "--bot", "--beam", "4", "--max-pieces", "30"}, nil, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("output %q: want the result and the replay", out.String())
	}
	var again bytes.Buffer
	if code := hatetrisCommands.Run([]string{"play", "--replay", lines[1]}, nil, &again, &errs); code != 0 || again.String() != lines[0]+"\n" {
		t.Errorf("the bot's replay plays back as %q, the bot said %q", again.String(), lines[0])
	}
}
