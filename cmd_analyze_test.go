package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAnalyzeFlags(t *testing.T) {
	var out, errs bytes.Buffer
	code := runAnalyze([]string{"--pieces", "O", "--width", "9,10", "--json", "--quiet"}, nil, &out, &errs)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"result":"loss"`) || !strings.Contains(lines[1], `"result":"cycle"`) {
		t.Errorf("rows:\n%s", out.String())
	}
}

func TestAnalyzeFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "grid.txt")
	grid := "# two rows\nthrower=sz pieces=SZ width=4 depth=1\npieces=O width=10 model=drop\n"
	if err := os.WriteFile(file, []byte(grid), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	if code := runAnalyze([]string{"--file", file, "--quiet"}, nil, &out, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if n := strings.Count(out.String(), "\n"); n != 4 {
		t.Errorf("table of %d lines:\n%s", n, out.String())
	}
	// - reads the grid from stdin, to the same table (but for the time
	// each match took, its last column).
	var fromStdin bytes.Buffer
	if code := runAnalyze([]string{"--file", "-", "--quiet"}, strings.NewReader(grid), &fromStdin, &errs); code != 0 || withoutTimes(fromStdin.String()) != withoutTimes(out.String()) {
		t.Errorf("--file -: exit %d, %q, want %q (%s)", code, fromStdin.String(), out.String(), errs.String())
	}
}

// withoutTimes drops the last column (the time) of every row of a table.
func withoutTimes(table string) string {
	var rows []string
	for _, row := range strings.Split(table, "\n") {
		cells := strings.Split(row, "|")
		if len(cells) > 2 {
			cells = append(cells[:len(cells)-2], "")
		}
		rows = append(rows, strings.Join(cells, "|"))
	}
	return strings.Join(rows, "\n")
}

func TestAnalyzeBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--width", "3"},
		{"--width", "x"},
		{"--depth", "0"},
		{"--pieces", "Q"},
		{"--preview", "sometimes"},
		{"--model", "teleport"},
		{"--thrower", "nobody"},
		{"--function", "nobody"},
		{"--preset", "nothing"},
		{"--preset", "thesis", "--file", "x"},
		{"extra"},
	} {
		var out, errs bytes.Buffer
		if code := runAnalyze(append(args, "--quiet"), nil, &out, &errs); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	// A --file that cannot be read or holds a bad line is a bad file: exit 1.
	badLine := filepath.Join(t.TempDir(), "grid.txt")
	if err := os.WriteFile(badLine, []byte("pieces=O width=4 height=4 depth=9999\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"/nonexistent/grid", t.TempDir(), badLine} {
		var out, errs bytes.Buffer
		if code := runAnalyze([]string{"--file", file, "--quiet"}, nil, &out, &errs); code != 1 || !strings.Contains(errs.String(), "--file "+file) {
			t.Errorf("--file %s: exit %d, stderr %q; want 1", file, code, errs.String())
		}
	}
}
