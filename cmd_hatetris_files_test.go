package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// TestHatetrisSameFileRefused: an output that names another output or an
// input (the state, its checkpoint, the network, a data or shard file),
// spelt differently or through a link, is refused with exit 2 before
// anything is read or written: every file stays as it was and no .bak
// appears.
func TestHatetrisSameFileRefused(t *testing.T) {
	dir := t.TempDir()
	file := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	keep := []byte("a file the command must not change\n")
	state, shard0, shard1, data := file("state.json", keep), file("s0", keep), file("s1", keep), file("d.dat", keep)
	beam := file("state.json.beam", keep)
	net, err := hatetris.NewNet(1).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	weights := file("w.net", net)
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(state, link); err != nil {
		t.Fatal("a symbolic link, which the check must see through:", err)
	}
	// again is path spelt another way: the same file, not the same string.
	again := func(path string) string { return filepath.Dir(path) + "/./" + filepath.Base(path) }
	record := []string{"record", "--hours", "0.1", "--start-width", "2", "--max-width", "2", "--mem", "64", "--cache", "1", "--quiet", "--checkpoint-every", "1h"}
	tuneFlags := []string{"tune", "--quiet", "--widths", "4", "--generations", "1", "--population", "2", "--elite", "1", "--params", "holes"}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"record --out over the state", append(record, "--state", state, "--out", again(state)), "--state and --out"},
		{"record --out over the state by a link", append(record, "--state", state, "--out", link), "--state and --out"},
		{"record --plot over the checkpoint", append(record, "--state", state, "--plot", beam), "--plot and the checkpoint"},
		{"record --out over --plot", append(record, "--state", filepath.Join(dir, "new.json"), "--out", data, "--plot", again(data)), "--out and --plot"},
		{"record --out over the network", append(record, "--state", filepath.Join(dir, "new.json"), "--eval", "learned", "--weights", weights, "--out", again(weights)), "--out and --weights"},
		{"record merge --out over a shard", []string{"record", "merge", "--state", filepath.Join(dir, "m.json"), "--out", again(shard1), shard0, shard1}, "--out and the shard state"},
		{"record merge --state over a shard", []string{"record", "merge", "--state", again(shard0), shard0, shard1}, "--state and the shard state"},
		{"tune shard --out over the state", append(tuneFlags, "--state", state, "--shard", "0/2", "--out", again(state)), "--state and --out"},
		{"train --out over the data", []string{"train", "--data", data, "--out", again(data)}, "--out and --data"},
		{"train --plot over the second data file", []string{"train", "--data", shard0 + "," + data, "--out", filepath.Join(dir, "new.net"), "--plot", again(data)}, "--plot and --data"},
		{"train --plot over --out", []string{"train", "--data", data, "--out", weights, "--plot", again(weights)}, "--out and --plot"},
		{"data merge --out over a shard", []string{"data", "merge", "--out", again(shard1), shard0, shard1}, "--out and the shard file"},
	} {
		code, stdout, stderr := runHatetris(c.args...)
		if code != 2 || !strings.Contains(stderr, c.want+" are the same file") || stdout != "" {
			t.Errorf("%s: exit %d, %q, %q; want exit 2 and %q", c.name, code, stdout, stderr, c.want)
		}
		for p, want := range map[string][]byte{state: keep, shard0: keep, shard1: keep, data: keep, beam: keep, weights: net} {
			if got, err := os.ReadFile(p); err != nil || string(got) != string(want) {
				t.Errorf("%s: %s changed (%v)", c.name, filepath.Base(p), err)
			}
		}
		if baks, _ := filepath.Glob(filepath.Join(dir, "*.bak")); len(baks) > 0 {
			t.Fatalf("%s: backups written: %v", c.name, baks)
		}
	}
}

// TestSameFile: one file under two names, whether it exists yet or not
// (two outputs about to be written), and two files apart.
func TestSameFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("there", []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("there", "link"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"new", "./new", true},
		{"new", filepath.Join(dir, "new"), true}, // absolute against relative, neither written yet
		{"sub/../new", "new", true},
		{"there", "link", true},
		{"there", "new", false},
		{"new", "other", false},
	} {
		if got := sameFile(c.a, c.b); got != c.same {
			t.Errorf("sameFile(%q, %q) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
}
