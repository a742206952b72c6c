package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver/thrower"
)

// repeatReader is n bytes of c, made as they are read: a big input that
// the test itself does not hold.
type repeatReader struct {
	c byte
	n int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), r.n)]
	for i := range p {
		p[i] = r.c
	}
	r.n -= int64(len(p))
	return len(p), nil
}

// allocated returns the bytes allocated while f ran.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestMovegenLongLineBoundedMemory: a 64 MiB line is answered with an
// error line, without holding it (it used to take two bytes per byte),
// and the next request is answered as usual.
func TestMovegenLongLineBoundedMemory(t *testing.T) {
	good := `{"field":["..........","..........",".........."],"piece":"O"}`
	in := io.MultiReader(strings.NewReader(good+"\n{\"field\":\""), &repeatReader{'.', 64 << 20}, strings.NewReader("\"}\n"+good+"\n"))
	var out, errs bytes.Buffer
	code := -1
	alloc := allocated(func() { code = runMovegen([]string{"--jsonl"}, in, &out, &errs) })
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if code != 0 || len(lines) != 3 {
		t.Fatalf("exit %d, %d lines (stderr %q), want 0 and 3 lines", code, len(lines), errs.String())
	}
	if !strings.HasPrefix(lines[1], `{"error":"line 2 is larger than 64 KiB`) {
		t.Errorf("answer to the long line: %.200s", lines[1])
	}
	if lines[0] != lines[2] || !strings.HasPrefix(lines[2], `{"placements":[`) {
		t.Errorf("the requests around the long line: %.100s / %.100s", lines[0], lines[2])
	}
	if alloc > 16<<20 {
		t.Errorf("allocated %d MiB for a 64 MiB line, want it never held", alloc>>20)
	}
}

// TestInputCaps: every file or stdin a command reads is capped at its
// documented size, with a clear error and nothing printed on stdout.
func TestInputCaps(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.txt")
	if err := os.WriteFile(big, bytes.Repeat([]byte("..........\n"), 300<<10/11), 0o644); err != nil { // 300 KiB
		t.Fatal(err)
	}
	longRow := filepath.Join(dir, "longrow.txt")
	if err := os.WriteFile(longRow, bytes.Repeat([]byte("X"), 60<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		run   func(stdin io.Reader, stdout, stderr io.Writer) int
		stdin io.Reader
		want  string
	}{
		{"movegen --field-file 300 KiB", func(in io.Reader, o, e io.Writer) int {
			return runMovegen([]string{"--field-file", big, "--piece", "T"}, in, o, e)
		}, nil, "larger than 64 KiB"},
		{"movegen --field-file - (10 MiB)", func(in io.Reader, o, e io.Writer) int {
			return runMovegen([]string{"--field-file", "-", "--piece", "T"}, in, o, e)
		}, &repeatReader{'.', 10 << 20}, "stdin is larger than 64 KiB"},
		{"fumen encode --field-file 300 KiB", func(in io.Reader, o, e io.Writer) int {
			return fumenCommands.Run([]string{"encode", "--field-file", big}, in, o, e)
		}, nil, "larger than 64 KiB"},
		{"fumen encode --field-file - (10 MiB)", func(in io.Reader, o, e io.Writer) int {
			return fumenCommands.Run([]string{"encode", "--field-file", "-"}, in, o, e)
		}, &repeatReader{'X', 10 << 20}, "stdin is larger than 64 KiB"},
		{"fumen decode - (2 MiB)", func(in io.Reader, o, e io.Writer) int {
			return fumenCommands.Run([]string{"decode", "-"}, in, o, e)
		}, io.MultiReader(strings.NewReader("v115@"), &repeatReader{'A', 2 << 20}), "stdin is larger than 128 KiB"},
		{"fumen decode STRING (200 KiB)", func(in io.Reader, o, e io.Writer) int {
			return fumenCommands.Run([]string{"decode", "v115@" + strings.Repeat("vhA", 200<<10/3)}, in, o, e)
		}, nil, "the fumen string is larger than 128 KiB"},
		{"analyze --file - (17 MiB)", func(in io.Reader, o, e io.Writer) int {
			return runAnalyze([]string{"--file", "-", "--quiet"}, in, o, e)
		}, &repeatReader{'\n', 17 << 20}, "stdin is larger than 16 MiB"},
		{"hatetris play --replay-file 300 KiB", func(in io.Reader, o, e io.Writer) int {
			return hatetrisCommands.Run([]string{"play", "--replay-file", big}, in, o, e)
		}, nil, "larger than 256 KiB"},
		{"pc percent --field-file - (10 MiB)", func(in io.Reader, o, e io.Writer) int {
			return runPC([]string{"percent", "--field-file", "-", "--pattern", "*p7"}, in, o, e)
		}, &repeatReader{'.', 10 << 20}, "stdin is larger than 64 KiB"},
		{"pc percent --patterns-file - (10 MiB)", func(in io.Reader, o, e io.Writer) int {
			return runPC([]string{"percent", "--field", "v115@9gD8FeD8FeD8FeD8PeAgH", "--patterns-file", "-"}, in, o, e)
		}, &repeatReader{'*', 10 << 20}, "stdin is larger than 64 KiB"},
		{"pc enumerate --field-file 300 KiB", func(in io.Reader, o, e io.Writer) int {
			return runPC([]string{"enumerate", "--field-file", big}, in, o, e)
		}, nil, "larger than 64 KiB"},
		{"hatetris play --replay-file a folder", func(in io.Reader, o, e io.Writer) int {
			return hatetrisCommands.Run([]string{"play", "--replay-file", dir}, in, o, e)
		}, nil, "folder"},
	}
	for _, tc := range tests {
		var out, errs bytes.Buffer
		in := tc.stdin
		if in == nil {
			in = strings.NewReader("")
		}
		code := tc.run(in, &out, &errs)
		if code != 1 || out.Len() != 0 || !strings.Contains(errs.String(), tc.want) {
			t.Errorf("%s: exit %d, stdout %.100q, stderr %.300q; want exit 1 and %q", tc.name, code, out.String(), errs.String(), tc.want)
		}
	}
}

// TestDevZeroInputs: /dev/zero as an input file ends at the cap.
func TestDevZeroInputs(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	for _, args := range [][]string{
		{"movegen", "--field-file", "/dev/zero", "--piece", "T"},
		{"fumen", "encode", "--field-file", "/dev/zero"},
		{"hatetris", "play", "--replay-file", "/dev/zero"},
		{"pc", "percent", "--field-file", "/dev/zero", "--pattern", "*p7"},
		{"pc", "path", "--field", "v115@9gD8FeD8FeD8FeD8PeAgH", "--patterns-file", "/dev/zero"},
		{"pc", "enumerate", "--field-file", "/dev/zero"},
	} {
		var out, errs bytes.Buffer
		if code := program().Run(args, nil, &out, &errs); code != 1 || !strings.Contains(errs.String(), "larger than") {
			t.Errorf("kocka %s: exit %d, stderr %q", strings.Join(args, " "), code, errs.String())
		}
	}
}

// TestFumenEncodeErrorIsShort: a bad 60 KiB row is not repeated whole in
// the error.
func TestFumenEncodeErrorIsShort(t *testing.T) {
	var out, errs bytes.Buffer
	row := strings.Repeat("X", 60<<10)
	if code := fumenCommands.Run([]string{"encode", "--field-file", "-"}, strings.NewReader(row), &out, &errs); code != 1 {
		t.Fatalf("exit %d, stderr %.200q", code, errs.String())
	}
	if errs.Len() > 300 || !strings.Contains(errs.String(), "61440 characters wide") {
		t.Errorf("error of %d bytes: %.300q", errs.Len(), errs.String())
	}
}

// TestReplayVerifyRefusesADeepThrower: a replay file whose thrower asks
// for minimax depth 4 (90 s a tick to verify on main) is refused before
// any tick is played.
func TestReplayVerifyRefusesADeepThrower(t *testing.T) {
	cfg := engine.ConfigFor(engine.GoalNone)
	rep := &engine.Replay{Config: cfg, Seed: 1, Randomizer: thrower.ReplayName,
		RandomizerOptions: "thrower=minimax pieces=all preview=on width=10 height=20 seed=0 depth=4 function=kravec model=full",
		Inputs:            make([]engine.Input, 600)}
	file := filepath.Join(t.TempDir(), "deep.kreplay")
	var buf bytes.Buffer
	if err := rep.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(file, buf.Bytes(), 0o644)
	var out, errs bytes.Buffer
	if code := replayCommands.Run([]string{"verify", file}, nil, &out, &errs); code != 1 || !strings.Contains(errs.String(), "depth 4") {
		t.Errorf("exit %d, stderr %q; want 1 and a depth error", code, errs.String())
	}
}
