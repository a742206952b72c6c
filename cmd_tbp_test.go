package main

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
)

// boardJSON is a TBP board: 40 rows of 10 cells, row 0 first.
func boardJSON(rows ...string) string {
	var out []string
	for y := 0; y < 40; y++ {
		cells := make([]string, 10)
		for x := range cells {
			cells[x] = "null"
			if y < len(rows) && rows[y][x] != '.' {
				cells[x] = `"G"`
			}
		}
		out = append(out, "["+strings.Join(cells, ",")+"]")
	}
	return "[" + strings.Join(out, ",") + "]"
}

// A scripted session against the real bot: it must fill the one-wide gap
// with the I, answer errors to bad messages and keep going.
func TestTBPSession(t *testing.T) {
	in := strings.Join([]string{
		`{"type":"rules"}`,
		`{"type":"start","hold":null,"queue":["I","O","T","S","Z"],"combo":0,"back_to_back":false,"board":` +
			boardJSON("XXXXXXXXX.", "XXXXXXXXX.", "XXXXXXXXX.", "XXXXXXXXX.") + `}`,
		`{"type":"suggest"}`,
		`{not json`,
		`{"type":"play","move":{"location":{"type":"I","orientation":"east","x":9,"y":2},"spin":"none"}}`,
		`{"type":"new_piece","piece":"L"}`,
		`{"type":"suggest"}`,
		`{"type":"quit"}`,
	}, "\n")
	var out, errs strings.Builder
	if code := runTBP(nil, strings.NewReader(in), &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	var msgs []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("not JSON: %q", sc.Text())
		}
		msgs = append(msgs, m)
	}
	types := []string{}
	for _, m := range msgs {
		types = append(types, m["type"].(string))
	}
	if strings.Join(types, ",") != "info,ready,suggestion,error,suggestion" {
		t.Fatalf("messages %v\n%s", types, out.String())
	}
	best := msgs[2]["moves"].([]any)[0].(map[string]any)["location"].(map[string]any)
	// The tetris: I vertical in column 9, rows 0..3.
	if best["type"] != "I" || best["x"] != 9.0 {
		t.Errorf("the bot did not take the tetris: %v", best)
	}
	// After the tetris the board is empty and the O is next.
	next := msgs[4]["moves"].([]any)[0].(map[string]any)["location"].(map[string]any)
	if p, _ := engine.ParsePiece(next["type"].(string)); p != engine.O && p != engine.T {
		t.Errorf("second suggestion places %v, want the O (or the T via hold)", next["type"])
	}
}

func TestTBPBadFlags(t *testing.T) {
	var out, errs strings.Builder
	for _, args := range [][]string{{"--personality", "nobody"}, {"--depth", "17"}, {"--depth", "-1"}, {"--beam", "65537"}, {"--beam", "-1"}} {
		if code := runTBP(args, strings.NewReader(""), &out, &errs); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// With --pc the suggestion is the first piece of the perfect clear in
// view. On this board the bot alone holds the J and stands the S up in
// column 9; the clear (J, S, T, L, T, O, found by a random search for a
// board where the two differ) starts with the J upside down on the right.
func TestTBPPerfectClear(t *testing.T) {
	start := `{"type":"start","hold":null,"queue":["J","S","T","L","T","O"],"combo":0,"back_to_back":false,"board":` +
		boardJSON("X.XX.XX.XX", "XXXXXXXXX.") + `}`
	suggest := func(flags ...string) map[string]any {
		var out, errs strings.Builder
		in := start + "\n" + `{"type":"suggest"}` + "\n" + `{"type":"quit"}` + "\n"
		if code := runTBP(flags, strings.NewReader(in), &out, &errs); code != 0 {
			t.Fatalf("%v: exit %d: %s", flags, code, errs.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		var m map[string]any
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &m); err != nil || m["type"] != "suggestion" {
			t.Fatalf("%v: last message %q (%v)", flags, lines[len(lines)-1], err)
		}
		return m["moves"].([]any)[0].(map[string]any)["location"].(map[string]any)
	}
	if alone := suggest(); alone["type"] != "S" {
		t.Errorf("the bot alone plays %v; the test needs a board where it does not take the clear", alone)
	}
	if best := suggest("--pc"); best["type"] != "J" || best["orientation"] != "south" || best["x"] != 8.0 || best["y"] != 2.0 {
		t.Errorf("with --pc: %v, want the J south at (8, 2)", best)
	}
}
