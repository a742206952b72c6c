package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFumenCommand(t *testing.T) {
	dir := t.TempDir()
	field := filepath.Join(dir, "field.txt")
	// The field of the reference "midgame" case, written by tetris-fumen.
	const midgame = "v115@fgwwIexwFeQpAewwBtBeglAeRpAewhg0BtAeglR4Rp?whi0AehlR4A8whH8AewhC8AeM8AeA8AgH"
	const rows = "T.........\nTT......O.\nTZZ..L.OO.\nIJZZ.LSSOO\nIJJJ.LLSSX\nIXXXXXXXX.\nIXXX.XXXXX\n----------\nXXXXXXXX.X\n"
	if err := os.WriteFile(field, []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	badField := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(badField, []byte("T....\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		out    string // the whole of stdout, when not empty
		errHas string // in stderr
		outHas string // in stdout
	}{
		{name: "encode", args: []string{"encode", "--field-file", field}, code: 0, out: midgame + "\n"},
		{name: "encode stdin", args: []string{"encode", "--field-file", "-"}, stdin: rows, code: 0, out: midgame + "\n"},
		{name: "encode empty", args: []string{"encode", "--field-file", "-"}, stdin: "", code: 0, out: "v115@vhAAgH\n"},
		{name: "decode", args: []string{"decode", midgame}, code: 0, out: "page 1 of 1\npiece none\nflags lock\n" + rows},
		{name: "decode stdin", args: []string{"decode", "-"}, stdin: midgame + "\n", code: 0, out: "page 1 of 1\npiece none\nflags lock\n" + rows},
		{name: "decode pieces", args: []string{"decode", "v115@bhD8CeC8JelLYWAFLDmClcJSAVDEHBEooRBUoAVBzX?BAAvhB3mB0cB"}, code: 0,
			outHas: "page 2 of 3\npiece S 0 centre (5, 1) cells [4,1] [5,1] [5,2] [6,2]\ncomment \"#Q=[](T)SZ\"\nflags lock quiz\n....TTT...\nXXXX.T.XXX\n"},
		{name: "decode bad", args: []string{"decode", "v115@vhAJAA"}, code: 1, errHas: "fumen page 1: I piece in rotation R at (0, 22) sticks out"},
		{name: "decode not fumen", args: []string{"decode", "hello"}, code: 1, errHas: "no v115@ prefix"},
		{name: "encode bad field", args: []string{"encode", "--field-file", badField}, code: 1, errHas: "5 characters wide"},
		{name: "encode missing file", args: []string{"encode", "--field-file", filepath.Join(dir, "nope")}, code: 1, errHas: "nope"},
		{name: "encode no file", args: []string{"encode"}, code: 2},
		{name: "bad flag", args: []string{"encode", "--frob"}, code: 2},
		{name: "decode two", args: []string{"decode", "a", "b"}, code: 2},
		{name: "no action", args: nil, code: 2},
		{name: "unknown subcommand", args: []string{"draw"}, code: 2, errHas: "unknown subcommand"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errs bytes.Buffer
			code := fumenCommands.Run(c.args, strings.NewReader(c.stdin), &out, &errs)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, c.code, errs.String())
			}
			if c.out != "" && out.String() != c.out {
				t.Errorf("stdout\n%s\nwant\n%s", out.String(), c.out)
			}
			if !strings.Contains(out.String(), c.outHas) {
				t.Errorf("stdout\n%s\ndoes not hold\n%s", out.String(), c.outHas)
			}
			if !strings.Contains(errs.String(), c.errHas) {
				t.Errorf("stderr %q does not mention %q", errs.String(), c.errHas)
			}
			if c.code != 0 && errs.Len() == 0 {
				t.Error("failed without a word on stderr")
			}
		})
	}
}
