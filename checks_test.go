package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBadFlagsFailBeforeWork runs each command with one bad flag or file
// and checks that it fails at once with a clear message: a non-zero exit,
// nothing on stdout, no progress on stderr and no file written. On main
// these ran the whole job first (tune, hatetris record), forever (soak
// --duration -1s) or silently (analyze --limit 0). Every case is also
// given small work flags, so that a command that does not check still
// returns, with the wrong result.
func TestBadFlagsFailBeforeWork(t *testing.T) {
	dir := t.TempDir()
	aFile := filepath.Join(dir, "a-file")
	os.WriteFile(aFile, []byte("x"), 0o644)
	missing := filepath.Join(dir, "missing", "out.json")
	state := func(width string) string {
		p := filepath.Join(dir, "state-"+width+".json")
		os.WriteFile(p, []byte(`{"personality":"eltetris","line_weight":1000,"runs":[{"width":`+width+`,"lines":1,"pieces":9,"seconds":1,"replay":"x"}],"best":{"width":1,"lines":1,"pieces":9,"seconds":1,"replay":"x"}}`), 0o644)
		return p
	}
	grid := func(line string) string {
		p := filepath.Join(dir, fmt.Sprintf("grid-%x.txt", len(line)*31+int(line[len(line)-1])))
		os.WriteFile(p, []byte(line+"\n"), 0o644)
		return p
	}
	tune := []string{"--generations", "1", "--population", "2", "--elite", "1", "--games", "1", "--height", "6", "--params", "holes"}
	// tuneOut is a result file in dir, one per case, so that a run that
	// should not have started is seen, and is not resumed by the next case.
	tuneOut := func(name string) string { return filepath.Join(dir, "tune-"+name+".json") }
	record := []string{"--hours", "0.0003", "--start-width", "1", "--max-width", "4", "--quiet"}
	soak := []string{"--games", "1", "--mode", "sprint", "--fail-dir", dir}
	analyze := []string{"--pieces", "O", "--width", "4", "--height", "4", "--quiet"}
	type tc struct {
		cmd  []string
		args []string
		want string
	}
	cases := []tc{
		{[]string{"tune"}, append([]string{"--out", dir}, tune...), "folder"},
		{[]string{"tune"}, append([]string{"--out", missing}, tune...), "cannot write"},
		{[]string{"tune"}, append([]string{"--out", tuneOut("noise-nan"), "--noise", "NaN"}, tune...), "noise"},
		{[]string{"tune"}, append([]string{"--out", tuneOut("spread-inf"), "--spread", "Inf"}, tune...), "spread"},
		{[]string{"tune"}, append([]string{"--out", tuneOut("spread-nan"), "--spread", "NaN"}, tune...), "spread"},
		{[]string{"tune"}, append(append([]string(nil), tune...), "--out", tuneOut("generations"), "--generations", "1001"), "generations"},
		{[]string{"tune"}, append(append([]string(nil), tune...), "--out", tuneOut("population"), "--population", "10001"), "candidates"},
		{[]string{"tune"}, append(append([]string(nil), tune...), "--out", tuneOut("params"), "--params", "holes,holes"), "twice"},
		{[]string{"hatetris", "record"}, []string{"--hours", "Inf", "--state", state("1")}, "--hours"},
		{[]string{"hatetris", "record"}, []string{"--hours", "1e300", "--state", state("1")}, "--hours"},
		{[]string{"hatetris", "record"}, []string{"--hours", "NaN", "--state", state("1")}, "--hours"},
		{[]string{"hatetris", "record"}, append([]string{"--line-weight", "NaN", "--state", filepath.Join(dir, "new.json")}, record...), "--line-weight"},
		{[]string{"hatetris", "record"}, append([]string{"--line-weight", "-Inf", "--state", filepath.Join(dir, "new.json")}, record...), "--line-weight"},
		{[]string{"hatetris", "record"}, append([]string{"--state", state("0")}, record...), "width 0"},
		{[]string{"hatetris", "record"}, append([]string{"--state", state("-8")}, record...), "width -8"},
		{[]string{"hatetris", "record"}, append([]string{"--state", state("4611686018427387904")}, record...), "width 4611686018427387904"},
		{[]string{"hatetris", "record"}, append([]string{"--state", filepath.Join(dir, "new.json"), "--out", dir}, record...), "folder"},
		{[]string{"hatetris", "record"}, append([]string{"--state", filepath.Join(dir, "new.json"), "--plot", missing}, record...), "cannot write"},
		{[]string{"hatetris", "play"}, []string{"--bot", "--beam", "2000000000"}, "--beam"},
		{[]string{"hatetris", "play"}, []string{"--bot", "--max-pieces", "2000000000"}, "--max-pieces"},
		{[]string{"soak"}, append([]string{"--duration", "-1s"}, soak...), "--duration"},
		{[]string{"soak"}, append([]string{"--progress", "-1s"}, soak...), "--progress"},
		{[]string{"soak"}, append([]string{"--progress", "0s"}, soak...), "--progress"},
		{[]string{"soak"}, append([]string{"--pps", "NaN"}, soak...), "--pps"},
		{[]string{"soak"}, append([]string{"--pps", "-1"}, soak...), "--pps"},
		{[]string{"soak"}, append([]string{"--pps", "1e9"}, soak...), "--pps"},
		{[]string{"soak"}, []string{"--games", "-1", "--duration", "1s"}, "--games"},
		{[]string{"soak"}, []string{"--games", "1", "--fail-dir", aFile}, "--fail-dir"},
		{[]string{"soak"}, []string{"--games", "1", "--fail-dir", filepath.Join(aFile, "fails")}, "--fail-dir"},
		{[]string{"analyze"}, append([]string{"--limit", "0"}, analyze...), "--limit"},
		{[]string{"analyze"}, append([]string{"--limit", "-1"}, analyze...), "--limit"},
		{[]string{"analyze"}, append([]string{"--workers", "0"}, analyze...), "--workers"},
		{[]string{"analyze"}, append([]string{"--workers", "-5"}, analyze...), "--workers"},
		{[]string{"analyze"}, append([]string{"--workers", "1025"}, analyze...), "--workers"},
		{[]string{"analyze"}, append([]string{"--limit", "1000001"}, analyze...), "1000001"},
		{[]string{"analyze"}, append([]string{"--depth", "5"}, analyze...), "depth 5"},
		{[]string{"analyze"}, []string{"--quiet", "--file", grid("pieces=O width=4 height=4 depth=9999")}, "depth 9999"},
		{[]string{"analyze"}, []string{"--quiet", "--file", grid("pieces=O width=4 height=4 thrower-depth=9")}, "thrower depth 9"},
		{[]string{"analyze"}, []string{"--quiet", "--file", grid("pieces=O width=4 height=4 limit=0")}, "move limit 0"},
	}
	for _, c := range cases {
		before, _ := os.ReadDir(dir)
		var out, errs bytes.Buffer
		args := append(append([]string(nil), c.cmd...), c.args...)
		code := program().Run(args, strings.NewReader(""), &out, &errs)
		after, _ := os.ReadDir(dir)
		name := "kocka " + strings.Join(args, " ")
		if code == 0 || !strings.Contains(errs.String(), c.want) {
			t.Errorf("%s: exit %d, stderr %q; want a failure mentioning %q", name, code, errs.String(), c.want)
		}
		if out.Len() > 0 || strings.Count(errs.String(), "\n") > 3 {
			t.Errorf("%s: worked before failing: stdout %q, stderr %q", name, out.String(), errs.String())
		}
		if len(after) != len(before) {
			t.Errorf("%s: files were written: %d before, %d after", name, len(before), len(after))
		}
	}
}

// TestProgressToALogIsPlainLines: progress written to a file or a pipe
// (here a buffer) has no "\r" redraws, which fill a log with one endless
// line; on a terminal it still redraws in place (internal/cli).
func TestProgressToALogIsPlainLines(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "tune.json")
	for _, args := range [][]string{
		{"analyze", "--pieces", "O", "--width", "4,5", "--height", "4"},
		{"bench", "--personality", "dellacherie", "--games", "2", "--height", "6"},
		{"tune", "--generations", "1", "--population", "2", "--elite", "1", "--games", "1", "--height", "6", "--params", "holes", "--out", out},
		{"hatetris", "record", "--hours", "0.01", "--start-width", "1", "--max-width", "2", "--state", filepath.Join(dir, "record.json")},
	} {
		var stdout, stderr bytes.Buffer
		if code := program().Run(args, nil, &stdout, &stderr); code != 0 {
			t.Errorf("kocka %s: exit %d, stderr %q", strings.Join(args, " "), code, stderr.String())
		}
		if strings.Contains(stderr.String(), "\r") || !strings.ContainsAny(stderr.String(), "/:") {
			t.Errorf("kocka %s: progress %q, want plain lines", strings.Join(args, " "), stderr.String())
		}
	}
}
