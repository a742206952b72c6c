package main

import (
	"bytes"
	"encoding/json"
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
		{[]string{"play", "--replay", "𤆻𤆻𤆻𤆻𤆻𡚻"}, 0, `{"lines":0,"moves":90,"game_over":true}` + "\n"},
		{[]string{"play", "--bot", "--encoding", "base64"}, 2, ""},
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
	for _, enc := range []string{"base2048", "base65536", "hex"} {
		var out, errs bytes.Buffer
		if code := hatetrisCommands.Run([]string{"play", "--bot", "--beam", "4", "--max-pieces", "30", "--encoding", enc}, nil, &out, &errs); code != 0 {
			t.Fatalf("%s: exit %d: %s", enc, code, errs.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != 2 {
			t.Fatalf("%s: output %q: want the result and the replay", enc, out.String())
		}
		var again bytes.Buffer
		if code := hatetrisCommands.Run([]string{"play", "--replay", lines[1]}, nil, &again, &errs); code != 0 {
			t.Fatalf("%s: exit %d: %s", enc, code, errs.String())
		}
		// The encodings may pad the replay with one move (hex with a D,
		// Base2048 and Base65536 with an L), so the move count may be one
		// more; the lines and the end must be the same.
		var said, got struct {
			Lines, Moves int
			Over         bool `json:"game_over"`
		}
		if json.Unmarshal([]byte(lines[0]), &said) != nil || json.Unmarshal(again.Bytes(), &got) != nil ||
			got.Lines != said.Lines || got.Over != said.Over || got.Moves != said.Moves && got.Moves != said.Moves+1 {
			t.Errorf("%s: the bot's replay plays back as %q, the bot said %q", enc, again.String(), lines[0])
		}
	}
}
