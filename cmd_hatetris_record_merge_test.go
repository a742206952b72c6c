package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// recordFlags is a small record attempt: widths 2 to 32, quiescence 1.
var recordFlags = []string{"--hours", "0.1", "--start-width", "2", "--max-width", "32", "--quiescence", "1", "--mem", "64", "--cache", "1", "--quiet"}

func readRecordState(t *testing.T, path string) *hatetris.RecordState {
	t.Helper()
	st, err := hatetris.LoadRecordState(path)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// sameRuns compares two states' runs and best, all but the time taken.
func sameRuns(a, b *hatetris.RecordState) error {
	strip := func(r hatetris.RecordRun) hatetris.RecordRun {
		r.Seconds, r.CPUSeconds = 0, 0
		return r
	}
	if len(a.Runs) != len(b.Runs) {
		return fmt.Errorf("%d runs against %d", len(a.Runs), len(b.Runs))
	}
	for i := range a.Runs {
		if strip(a.Runs[i]) != strip(b.Runs[i]) {
			return fmt.Errorf("run %d: %+v against %+v", i+1, strip(a.Runs[i]), strip(b.Runs[i]))
		}
	}
	if strip(a.Best) != strip(b.Best) {
		return fmt.Errorf("best %+v against %+v", strip(a.Best), strip(b.Best))
	}
	return nil
}

// TestHatetrisRecordShards: the widths of a record attempt run as N shards
// (kocka hatetris record --shard I/N, each to its own state) and merged
// (kocka hatetris record merge) give the state of the attempt run on one
// machine: the same runs, lines, pieces and replays, the same best.
func TestHatetrisRecordShards(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.json")
	if code, _, errs := runHatetris(append([]string{"record", "--state", whole}, recordFlags...)...); code != 0 {
		t.Fatalf("the whole attempt: exit %d, %s", code, errs)
	}
	want := readRecordState(t, whole)
	if len(want.Runs) != 5 {
		t.Fatalf("the whole attempt ran %d widths, want 5 (2 to 32)", len(want.Runs))
	}
	for _, n := range []int{1, 2, 3, 5} {
		var files []string
		for i := range n {
			f := filepath.Join(dir, fmt.Sprintf("shard-%d-of-%d.json", i, n))
			args := append([]string{"record", "--state", f, "--shard", fmt.Sprintf("%d/%d", i, n)}, recordFlags...)
			if code, _, errs := runHatetris(args...); code != 0 {
				t.Fatalf("shard %d/%d: exit %d, %s", i, n, code, errs)
			}
			files = append(files, f)
		}
		// Any order.
		files[0], files[n-1] = files[n-1], files[0]
		merged, out := filepath.Join(dir, fmt.Sprintf("merged-%d.json", n)), filepath.Join(dir, "best.txt")
		code, stdout, errs := runHatetris(append([]string{"record", "merge", "--state", merged, "--out", out}, files...)...)
		if code != 0 {
			t.Fatalf("merge of %d: exit %d, %s", n, code, errs)
		}
		if err := sameRuns(readRecordState(t, merged), want); err != nil {
			t.Errorf("%d shards merged: %v", n, err)
		}
		if replay, _ := os.ReadFile(out); strings.TrimSpace(string(replay)) != want.Best.Replay || !strings.Contains(stdout, want.Best.Replay) {
			t.Errorf("%d shards: the best replay written is not the whole attempt's", n)
		}
	}
	// A shard's state goes on with its own widths only: shard 1/2 ran 4
	// and 16; widened to 128, it runs 64 next.
	args := append(append([]string{"record", "--state", filepath.Join(dir, "shard-1-of-2.json"), "--shard", "1/2"}, recordFlags...), "--max-width", "64")
	if code, stdout, errs := runHatetris(args...); code != 0 || !strings.Contains(stdout, "width 64: ") || strings.Contains(stdout, "width 32: ") {
		t.Errorf("shard 1/2 widened: exit %d, %q, %s", code, stdout, errs)
	}
}

// TestHatetrisRecordMergeRefuses: shards missing, given twice, of another
// attempt or other settings, a whole attempt's state, and a merged state
// written over a shard's are refused, naming the files.
func TestHatetrisRecordMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	shard := func(name string, extra ...string) string {
		f := filepath.Join(dir, name)
		flags := append(append([]string{"record", "--state", f}, recordFlags...), extra...)
		if code, _, errs := runHatetris(flags...); code != 0 {
			t.Fatalf("%s: exit %d, %s", name, code, errs)
		}
		return f
	}
	a0, a1 := shard("a0.json", "--shard", "0/2"), shard("a1.json", "--shard", "1/2")
	b1 := shard("b1.json", "--shard", "1/3")
	q0 := shard("q0.json", "--shard", "1/2", "--quiescence", "0")
	pre1 := shard("pre1.json", "--shard", "1/2", "--pre-cut", "2")
	whole := shard("whole.json")
	short1 := shard("short1.json", "--shard", "1/2", "--max-width", "4") // width 4 but not 16
	out := filepath.Join(dir, "merged.json")
	for _, c := range []struct {
		name  string
		files []string
		want  string
	}{
		{"missing", []string{a0}, "shard 1/2 is missing"},
		{"twice", []string{a0, a1, a1}, "are both shard 1/2"},
		{"another attempt", []string{a0, b1}, b1},
		{"other settings", []string{a0, q0}, q0},
		{"another pre-cut", []string{a0, pre1}, pre1},
		{"not a shard", []string{a0, whole}, whole},
		{"no such file", []string{a0, filepath.Join(dir, "nope.json")}, "nope.json"},
		{"a width left out", []string{a0, short1}, "the shards leave width 16 unsearched (shard 1/2's, " + short1},
	} {
		code, _, errs := runHatetris(append([]string{"record", "merge", "--state", out}, c.files...)...)
		if code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, %q; want an error naming %q", c.name, code, errs, c.want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Fatalf("%s: a merged state was written", c.name)
		}
	}
	before, _ := os.ReadFile(a0)
	if code, _, _ := runHatetris("record", "merge", "--state", a0, a0, a1); code != 2 {
		t.Errorf("merged over a shard: exit %d, want 2", code)
	}
	if after, _ := os.ReadFile(a0); string(after) != string(before) {
		t.Error("the shard's state was changed")
	}
	// A shard's state resumed as another shard, or as a whole attempt,
	// is refused before any search.
	for _, extra := range [][]string{{"--shard", "1/2"}, {}} {
		args := append(append([]string{"record", "--state", a0}, recordFlags...), extra...)
		if code, _, errs := runHatetris(args...); code != 2 || !strings.Contains(errs, "shard 0/2") {
			t.Errorf("a0 resumed with %v: exit %d, %s", extra, code, errs)
		}
	}
	for _, bad := range []string{"2/2", "0/0", "x", "0/32"} {
		args := append([]string{"record", "--state", filepath.Join(dir, "new.json"), "--shard", bad}, recordFlags...)
		if code, _, _ := runHatetris(args...); code != 2 {
			t.Errorf("--shard %s: exit %d, want 2", bad, code)
		}
	}
}
