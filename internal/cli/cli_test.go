package cli

import (
	"bytes"
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func testProgram(ran *[]string) *Program {
	rec := func(name string) RunFunc {
		return func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
			fs := flag.NewFlagSet("kocka "+name, flag.ContinueOnError)
			n := fs.Int("n", 1, "a number")
			if code, ok := Parse(fs, args, stdout, stderr); !ok {
				return code
			}
			*ran = append(*ran, name+" "+strings.Join(fs.Args(), " "))
			_ = n
			return 0
		}
	}
	sub := &Group{Name: "kocka grp", Commands: []Command{{"a", "the a", rec("grp a")}, {"b", "the b", rec("grp b")}}}
	return &Program{
		Name:    "kocka",
		Usage:   func(w io.Writer) { io.WriteString(w, "usage: kocka [flags]\n  -mode string\n") },
		Default: rec("window"),
		Commands: []Command{
			{"one", "the first", rec("one")},
			{"grp", "a group", sub.Run},
		},
	}
}

func TestHelpFromOnePlace(t *testing.T) {
	tests := []struct {
		args     []string
		code     int
		stdout   []string // each must appear
		stderr   string
		wantRuns string
	}{
		{[]string{"-h"}, 0, []string{"-mode", "one", "the first", "grp", "a group"}, "", ""},
		{[]string{"help"}, 0, []string{"-mode", "one"}, "", ""},
		{[]string{"help", "-h"}, 0, []string{"-mode", "one"}, "", ""},
		{[]string{"grp", "help", "--help"}, 0, []string{"the a"}, "", ""},
		{[]string{"--help"}, 0, []string{"-mode", "grp"}, "", ""},
		{[]string{"help", "one"}, 0, []string{"-n"}, "", ""},
		{[]string{"one", "-h"}, 0, []string{"-n", "a number"}, "", ""},
		{[]string{"grp", "-h"}, 0, []string{"a", "the a", "b", "the b"}, "", ""},
		{[]string{"grp", "help"}, 0, []string{"the b"}, "", ""},
		{[]string{"grp", "a", "-h"}, 0, []string{"-n"}, "", ""},
		{[]string{"grp", "help", "a"}, 0, []string{"-n"}, "", ""},
		{[]string{"help", "grp"}, 0, []string{"the a"}, "", ""},
		{[]string{"grp"}, 2, nil, "the a", ""},
		{[]string{"grp", "zzz"}, 2, nil, `unknown subcommand "zzz"`, ""},
		{[]string{"help", "zzz"}, 2, nil, `unknown command "zzz"`, ""},
		{[]string{"one", "--bad"}, 2, nil, "-n", ""},
		{[]string{"one", "x"}, 0, nil, "", "one x"},
		{[]string{"grp", "b", "-n", "3", "y"}, 0, nil, "", "grp b y"},
		{[]string{"-n", "2"}, 0, nil, "", "window "},
	}
	for _, tc := range tests {
		var ran []string
		var out, errs bytes.Buffer
		code := testProgram(&ran).Run(tc.args, nil, &out, &errs)
		if code != tc.code {
			t.Errorf("%q: exit %d, want %d (stderr %q)", tc.args, code, tc.code, errs.String())
		}
		for _, s := range tc.stdout {
			if !strings.Contains(out.String(), s) {
				t.Errorf("%q: stdout %q lacks %q", tc.args, out.String(), s)
			}
		}
		if !strings.Contains(errs.String(), tc.stderr) {
			t.Errorf("%q: stderr %q lacks %q", tc.args, errs.String(), tc.stderr)
		}
		if got := strings.Join(ran, ";"); got != tc.wantRuns {
			t.Errorf("%q: ran %q, want %q", tc.args, got, tc.wantRuns)
		}
	}
}

func TestQuoteCutsLongInput(t *testing.T) {
	if got := Quote("abc"); got != `"abc"` {
		t.Errorf("Quote(abc) = %s", got)
	}
	long := strings.Repeat("é", 5<<20)
	got := Quote(long)
	if len(got) > 200 || !strings.Contains(got, "10485760 bytes") {
		t.Errorf("Quote of 10 MB = %q (%d bytes), want a short prefix and the length", got[:min(len(got), 300)], len(got))
	}
}

func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "out.json")
	if err := CheckWritable(ok); err != nil {
		t.Errorf("CheckWritable(%s) = %v", ok, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the probe was left behind: %v", entries)
	}
	for _, bad := range []string{dir, filepath.Join(dir, "missing", "out.json"), ""} {
		if err := CheckWritable(bad); err == nil {
			t.Errorf("CheckWritable(%q) = nil, want an error", bad)
		}
	}
}

func TestProgressPlainLinesOffTerminal(t *testing.T) {
	var buf bytes.Buffer
	p := NewProgress(&buf)
	now := 0
	p.now = func() time.Time { return time.Unix(int64(now), 0) }
	for i := range 100 {
		now = i // one second apart: with Every 10 s, one line in ten
		p.Update(i == 99, "step %d", i)
	}
	p.Done()
	out := buf.String()
	if strings.Contains(out, "\r") {
		t.Errorf("progress to a buffer has \\r: %q", out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) < 10 || len(lines) > 12 || lines[len(lines)-1] != "step 99" {
		t.Errorf("progress lines %q, want about 11 ending with step 99", lines)
	}
}
