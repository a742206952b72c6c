package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
