package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestSoakCommand(t *testing.T) {
	var out, errs strings.Builder
	failDir := filepath.Join(t.TempDir(), "new", "fails")
	code := runSoak([]string{"--games", "3", "--mode", "sprint", "--fail-dir", failDir}, nil, &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errs.String())
	}
	if !strings.Contains(out.String(), "soak passed: 3 games") {
		t.Errorf("output %q", out.String())
	}
	// The folder is made before the soak, and the probe of it is gone.
	if files, err := os.ReadDir(failDir); err != nil || len(files) != 0 {
		t.Errorf("--fail-dir %s: %v, files %v; want an empty folder", failDir, err, files)
	}
}

func TestSoakCommandBadFlags(t *testing.T) {
	cases := [][]string{
		{"--mode", "tetrathlon"},
		{"--duration", "soon"},
		{"--personality", "nobody"},
		{"--level", "0"},
		{"extra"},
	}
	for _, args := range cases {
		var out, errs strings.Builder
		if code := runSoak(args, nil, &out, &errs); code != 2 {
			t.Errorf("kocka soak %v: exit %d, want 2", args, code)
		}
		if errs.Len() == 0 {
			t.Errorf("kocka soak %v: no error message", args)
		}
	}
}

// TestCheckSoakFlags: the limits that would otherwise run forever or
// print all the time are refused. They are checked here, not through
// runSoak, where a missing check would be a soak that never ends.
func TestCheckSoakFlags(t *testing.T) {
	dir := t.TempDir()
	aFile := filepath.Join(dir, "a-file")
	if err := os.WriteFile(aFile, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		duration time.Duration
		games    int
		every    time.Duration
		pps      float64
		failDir  string
		want     string // in the error; "" for none
	}{
		{"the defaults", 2 * time.Hour, 0, 5 * time.Second, 0, dir, ""},
		{"games only", 0, 3, minSoakProgress, maxSoakPPS, dir, ""},
		{"neither limit", 0, 0, 5 * time.Second, 0, dir, "never stop"},
		{"negative duration", -time.Second, 1, 5 * time.Second, 0, dir, "--duration"},
		{"negative games", time.Hour, -1, 5 * time.Second, 0, dir, "--games"},
		{"progress under the floor", time.Hour, 0, minSoakProgress - 1, 0, dir, "--progress"},
		{"negative pps", time.Hour, 0, 5 * time.Second, -1, dir, "--pps"},
		{"pps past the cap", time.Hour, 0, 5 * time.Second, maxSoakPPS + 1, dir, "--pps"},
		{"NaN pps", time.Hour, 0, 5 * time.Second, math.NaN(), dir, "--pps"},
		{"fail-dir a file", time.Hour, 0, 5 * time.Second, 0, aFile, "--fail-dir"},
	} {
		err := checkSoakFlags(c.duration, c.games, c.every, c.pps, c.failDir)
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: error %v, want one with %q", c.name, err, c.want)
		}
	}
}

// The perfect-clear planner's plans pass the soak's tick-by-tick check.
func TestSoakCommandPerfectClears(t *testing.T) {
	var out, errs strings.Builder
	code := runSoak([]string{"--pc", "--games", "2", "--mode", "sprint", "--fail-dir", t.TempDir()}, nil, &out, &errs)
	if code != 0 || !strings.Contains(out.String(), "soak passed: 2 games") {
		t.Fatalf("exit %d\n%s\n%s", code, out.String(), errs.String())
	}
}

// TestReproduceNote: the replay command is offered only when the replay
// was written beside the dump.
func TestReproduceNote(t *testing.T) {
	dir := t.TempDir()
	dump := filepath.Join(dir, "soak-1.txt")
	var none strings.Builder
	reproduceNote(&none, "")
	if none.Len() != 0 {
		t.Errorf("no dump: %q", none.String())
	}
	var missing strings.Builder
	reproduceNote(&missing, dump)
	if !strings.Contains(missing.String(), "no replay was written") {
		t.Errorf("dump without a replay: %q", missing.String())
	}
	if err := os.WriteFile(filepath.Join(dir, "soak-1.kreplay"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	var both strings.Builder
	reproduceNote(&both, dump)
	if !strings.Contains(both.String(), "kocka replay verify "+filepath.Join(dir, "soak-1.kreplay")) {
		t.Errorf("dump with a replay: %q", both.String())
	}
}
