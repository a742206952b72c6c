package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPCProveSameFileRefused: kocka pc and kocka prove refuse an output
// that names an input (a field or patterns file, a shard, a checkpoint),
// spelt another way or through a link, with exit 2 before anything is
// read or written: every file stays as it was and no .bak appears.
func TestPCProveSameFileRefused(t *testing.T) {
	dir := t.TempDir()
	file := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// One O piece clears it: a run that was not stopped ends at once.
	field := file("field.txt", "2\nXXXXXXXX__\nXXXXXXXX__\n")
	patterns := file("patterns.txt", "O\n")
	shard0, shard1 := file("s0.json", "shard 0\n"), file("s1.json", "shard 1\n")
	ckpt := file("run.ckpt", "a checkpoint to resume\n")
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(patterns, link); err != nil {
		t.Fatal("a symbolic link, which the check must see through:", err)
	}
	keep := map[string]string{}
	for _, p := range []string{field, patterns, shard0, shard1, ckpt} {
		b, _ := os.ReadFile(p)
		keep[p] = string(b)
	}
	// again is path spelt another way: the same file, not the same string.
	again := func(path string) string { return filepath.Dir(path) + "/./" + filepath.Base(path) }
	for _, c := range []struct {
		name  string
		prove bool
		args  []string
		want  string
	}{
		{"pc percent --out over --field-file", false, []string{"percent", "--field-file", field, "--pattern", "O", "--out", again(field)}, "--out and --field-file"},
		{"pc path --out over --patterns-file by a link", false, []string{"path", "--field-file", field, "--patterns-file", patterns, "--out", link}, "--out and --patterns-file"},
		{"pc percent --shard --out over --patterns-file", false, []string{"percent", "--field-file", field, "--patterns-file", patterns, "--shard", "0/2", "--out", again(patterns)}, "--out and --patterns-file"},
		{"pc enumerate --out over --field-file", false, []string{"enumerate", "--field-file", field, "--out", again(field)}, "--out and --field-file"},
		{"pc merge --out over a shard", false, []string{"merge", "--out", again(shard1), shard0, shard1}, "--out and the shard file"},
		{"prove gobblet --out over --checkpoint", true, []string{"gobblet", "--mem", "1", "--quiet", "--checkpoint", ckpt, "--out", again(ckpt)}, "--out and --checkpoint"},
		{"prove gobblers --out over --checkpoint", true, []string{"gobblers", "--mem", "1", "--quiet", "--checkpoint", ckpt, "--out", again(ckpt)}, "--out and --checkpoint"},
		{"prove merge --out over a shard", true, []string{"merge", "--out", again(shard0), shard0, shard1}, "--out and the shard file"},
	} {
		code, stdout, stderr := runPCOrProve(c.prove, c.args)
		if code != 2 || !strings.Contains(stderr.String(), c.want+" are the same file") || stdout.Len() > 0 {
			t.Errorf("%s: exit %d, %q, %q; want exit 2 and %q", c.name, code, stdout.String(), stderr.String(), c.want)
		}
		for p, want := range keep {
			if got, err := os.ReadFile(p); err != nil || string(got) != want {
				t.Errorf("%s: %s changed to %q (%v)", c.name, filepath.Base(p), got, err)
			}
		}
		if baks, _ := filepath.Glob(filepath.Join(dir, "*.bak")); len(baks) > 0 {
			t.Fatalf("%s: backups written: %v", c.name, baks)
		}
	}
}

// TestPCProveWorkersBounded: --workers sizes per-worker slices and
// goroutines, so a value past maxWorkers is refused with exit 2 before any
// work (it was accepted and allocated, up to running out of memory).
func TestPCProveWorkersBounded(t *testing.T) {
	const fieldFumen = "v115@9gD8FeD8FeD8FeD8PeAgH"
	for _, c := range []struct {
		name  string
		prove bool
		args  []string
	}{
		{"pc percent", false, []string{"percent", "--field", fieldFumen, "--pattern", "*p7", "--workers", "1025"}},
		{"pc path", false, []string{"path", "--field", fieldFumen, "--pattern", "*p7", "--workers", "1000000000"}},
		{"pc enumerate", false, []string{"enumerate", "--lines", "2", "--workers", "1025"}},
		{"prove tictactoe", true, []string{"tictactoe", "--quiet", "--workers", "1025"}},
		{"prove gobblers", true, []string{"gobblers", "--quiet", "--mem", "1", "--workers", "1000000000"}},
	} {
		code, stdout, stderr := runPCOrProve(c.prove, c.args)
		if code != 2 || !strings.Contains(stderr.String(), "--workers") || stdout.Len() > 0 {
			t.Errorf("%s: exit %d, %q, %q; want exit 2 naming --workers", c.name, code, stdout.String(), stderr.String())
		}
	}
	// The bound itself is allowed.
	var stdout, stderr bytes.Buffer
	if code := runPC([]string{"solve", "--field", fieldFumen, "--queue", "IIIIII", "--workers", "1024"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Errorf("--workers 1024: exit %d, %s", code, stderr.String())
	}
}

// runPCOrProve runs kocka prove or kocka pc (with an empty stdin).
func runPCOrProve(prove bool, args []string) (code int, stdout, stderr *bytes.Buffer) {
	stdout, stderr = new(bytes.Buffer), new(bytes.Buffer)
	if prove {
		return runProve(args, stdout, stderr), stdout, stderr
	}
	return runPC(args, strings.NewReader(""), stdout, stderr), stdout, stderr
}
