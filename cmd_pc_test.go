package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPCCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// The 4-wide well of the first reference case, as text. The expected
	// answers are solution-finder's for the same input.
	well := write("well.txt", "XXXX______\nXXXX______\nXXXX______\nXXXX______\n")
	sfFile := write("sf.txt", "# solution-finder's field file: the lines, then the rows\n2\nXXXXXX____\nXXXXXX____\n")
	odd := write("odd.txt", "XXXXX_____\n")
	tall := write("tall.txt", "X_________\nX_________\nX_________\nX_________\nX_________\n")
	patterns := write("patterns.txt", "# two lines\nT,I,*p4\n'O,S,*p4'\n")
	badPatterns := write("bad-patterns.txt", "*p9\n")
	missing := filepath.Join(t.TempDir(), "missing.txt")
	const wellFumen = "v115@9gD8FeD8FeD8FeD8PeAgH"
	cases := []struct {
		name   string
		args   []string
		code   int
		outHas []string
		errHas string
	}{
		{name: "no args", args: nil, code: 2, errHas: "usage"},
		{name: "unknown", args: []string{"bogus"}, code: 2, errHas: "unknown sub-command"},
		{name: "percent", args: []string{"percent", "--field", wellFumen, "--pattern", "*p7", "--fail-max", "0"}, code: 0,
			outHas: []string{"success = 100.00% (5040/5040)", "∟ T -> 100.00 %"}},
		{name: "percent text field", args: []string{"percent", "--field-file", well, "--pattern", "T,I,O,*p4"}, code: 0,
			outHas: []string{"success = 93.33% (784/840)"}},
		{name: "percent sf field file", args: []string{"percent", "--field-file", sfFile, "--pattern", "*p3"}, code: 0,
			outHas: []string{"lines 2, pieces 2", "success = 0.00% (0/210)"}},
		{name: "patterns file", args: []string{"percent", "--field", wellFumen, "--patterns-file", patterns}, code: 0,
			outHas: []string{"success = 70.42% (1183/1680)"}},
		{name: "pattern lines by ;", args: []string{"percent", "--field", wellFumen, "--pattern", "T,I,*p4;O,S,*p4"}, code: 0,
			outHas: []string{"success = 70.42% (1183/1680)"}},
		{name: "not a multiple of 4", args: []string{"percent", "--field-file", odd, "--lines", "1", "--pattern", "*p2"}, code: 0,
			outHas: []string{"success = 0.00% (0/0): the number of empty cells is not a multiple of 4: 5"}},
		{name: "too tall", args: []string{"percent", "--field-file", tall, "--pattern", "*p7"}, code: 1, errHas: "5 rows, more than the 4 lines"},
		{name: "fumen above lines", args: []string{"percent", "--field", wellFumen, "--lines", "2", "--pattern", "*p7"}, code: 1, errHas: "above the 2 lines"},
		{name: "bad fumen", args: []string{"percent", "--field", "v115@!!", "--pattern", "*p7"}, code: 1, errHas: "--field"},
		{name: "bad pattern", args: []string{"percent", "--field", wellFumen, "--pattern", "*p9"}, code: 2, errHas: "pattern line 1"},
		{name: "short pattern", args: []string{"percent", "--field", wellFumen, "--pattern", "*p5"}, code: 1, errHas: "needs 6"},
		{name: "fail-max -2", args: []string{"percent", "--field", wellFumen, "--pattern", "*p7", "--fail-max", "-2"}, code: 2, errHas: "--fail-max -2"},
		{name: "missing patterns file", args: []string{"percent", "--field", wellFumen, "--patterns-file", missing}, code: 1, errHas: "no such file"},
		{name: "bad patterns file", args: []string{"percent", "--field", wellFumen, "--patterns-file", badPatterns}, code: 1, errHas: "pattern line 1"},
		{name: "no pattern", args: []string{"percent", "--field", wellFumen}, code: 2, errHas: "one of --pattern"},
		{name: "both from stdin", args: []string{"percent", "--field-file", "-", "--patterns-file", "-"}, code: 2, errHas: "both read stdin"},
		{name: "bad lines", args: []string{"percent", "--field", wellFumen, "--lines", "7", "--pattern", "*p7"}, code: 2, errHas: "--lines 7"},
		{name: "bad hold", args: []string{"percent", "--field", wellFumen, "--hold", "maybe", "--pattern", "*p7"}, code: 2, errHas: "--hold"},
		{name: "bad drop", args: []string{"percent", "--field", wellFumen, "--drop", "fast", "--pattern", "*p7"}, code: 2, errHas: "unknown drop"},
		{name: "two fields", args: []string{"percent", "--field", wellFumen, "--field-file", well, "--pattern", "*p7"}, code: 2, errHas: "one of --field"},
		{name: "path", args: []string{"path", "--field", wellFumen, "--pattern", "*p7"}, code: 0,
			outHas: []string{"Found path [unique] = 245", "Found path [minimal] = 157", "Minimum cover = "}},
		{name: "solve", args: []string{"solve", "--field", wellFumen, "--queue", "TILJSZO"}, code: 0, outHas: []string{"perfect clear: place", "v115@"}},
		{name: "solve none", args: []string{"solve", "--field", wellFumen, "--queue", "SSSSSSS"}, code: 0, outHas: []string{"no perfect clear with SSSSSSS"}},
		{name: "solve short", args: []string{"solve", "--field", wellFumen, "--queue", "TIL"}, code: 1, errHas: "needs 6"},
		{name: "solve bad queue", args: []string{"solve", "--field", wellFumen, "--queue", "TXL"}, code: 2, errHas: "--queue"},
		{name: "bad kicks", args: []string{"solve", "--field", wellFumen, "--queue", "TILJSZO", "--kicks", "ars"}, code: 2, errHas: "unknown kicks"},
		{name: "solve srs+", args: []string{"solve", "--field", wellFumen, "--queue", "TILJSZO", "--kicks", "srs+", "--json"}, code: 0, outHas: []string{`"kicks":"srs+"`, `"pc":true`}},
		{name: "bad goal", args: []string{"solve", "--field", wellFumen, "--queue", "TILJSZO", "--goal", "score"}, code: 2, errHas: "--goal"},
		{name: "solve lines", args: []string{"solve", "--field", wellFumen, "--queue", "TILJSZO", "--goal", "lines"}, code: 0, outHas: []string{"most lines: 4, placing", "v115@"}},
		{name: "solve lines short queue", args: []string{"solve", "--field", wellFumen, "--queue", "TIL", "--goal", "lines", "--json"}, code: 0, outHas: []string{`"cleared":`, `"queue":"TIL"`}},
		{name: "solve lines none", args: []string{"solve", "--field", wellFumen, "--queue", "O", "--goal", "lines"}, code: 0, outHas: []string{"no line can be cleared with O"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := runPC(tc.args, nil, &out, &errb)
			if code != tc.code {
				t.Fatalf("code %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, out.String(), errb.String())
			}
			for _, s := range tc.outHas {
				if !strings.Contains(out.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, out.String())
				}
			}
			if !strings.Contains(errb.String(), tc.errHas) {
				t.Errorf("stderr lacks %q:\n%s", tc.errHas, errb.String())
			}
		})
	}
}

func TestPCCommandJSON(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runPC([]string{"percent", "--field", "m115@EhC8HeD8DeF8EeC8JeAgH", "--pattern", "*p7", "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("code %d: %s", code, errb.String())
	}
	var got pcPercentJSON
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Success != 4374 || got.Sequences != 5040 || len(got.Failed) != 666 || len(got.Tree) != 7 {
		t.Errorf("got %d/%d, %d failed, %d tree roots; want 4374/5040, 666, 7", got.Success, got.Sequences, len(got.Failed), len(got.Tree))
	}
	out.Reset()
	if code := runPC([]string{"solve", "--field", "v115@9gD8FeD8FeD8FeD8PeAgH", "--queue", "IIIIII", "--hold", "avoid", "--json"}, nil, &out, &errb); code != 0 {
		t.Fatalf("code %d: %s", code, errb.String())
	}
	var sol pcSolveJSON
	if err := json.Unmarshal(out.Bytes(), &sol); err != nil {
		t.Fatal(err)
	}
	if !sol.PC || sol.Order != "IIIIII" {
		t.Errorf("solve IIIIII: %+v", sol)
	}
}
