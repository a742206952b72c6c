package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/thrower/hatetris"
)

func TestHatetrisTune(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "tune.json")
	args := []string{"tune", "--widths", "4,8", "--quiescence", "0", "--generations", "2", "--population", "3",
		"--elite", "1", "--params", "holes,height", "--quiet", "--out", out}
	run := func(args ...string) (int, string, string) {
		var so, se bytes.Buffer
		code := hatetrisCommands.Run(args, nil, &so, &se)
		return code, so.String(), se.String()
	}
	code, stdout, stderr := run(args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var res hatetrisTuneFile
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Vector) != 2 || len(res.Lines) != 2 || !strings.HasPrefix(res.Command, "kocka hatetris tune --widths 4,8") ||
		res.Weights["holes"] != res.Vector[0] || res.Weights["height"] != res.Vector[1] {
		t.Fatalf("result %+v", res)
	}
	if !strings.Contains(stdout, "holes ") || !strings.Contains(stdout, "height ") {
		t.Errorf("stdout %q: want the tuned weights", stdout)
	}
	state, err := os.ReadFile(out + ".state")
	if err != nil {
		t.Fatal(err)
	}
	// Run again: the finished state gives the same answer without playing.
	if code, again, stderr := run(args...); code != 0 || again != stdout || !strings.Contains(stderr, "resuming") {
		t.Errorf("rerun: exit %d, %q (%s), want %q", code, again, stderr, stdout)
	}

	// Other settings, or a damaged state, stop the run; the state stays.
	other := append(append([]string(nil), args...), "--seed", "5")
	if code, _, stderr := run(other...); code != 1 || !strings.Contains(stderr, "other settings") {
		t.Errorf("other settings: exit %d, %s", code, stderr)
	}
	damaged := filepath.Join(dir, "damaged.state")
	if err := os.WriteFile(damaged, state[:len(state)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := run(append(append([]string(nil), args...), "--state", damaged)...); code != 1 || !strings.Contains(stderr, "not a tuning state") {
		t.Errorf("damaged state: exit %d, %s", code, stderr)
	}
	if got, _ := os.ReadFile(damaged); !bytes.Equal(got, state[:len(state)/2]) {
		t.Errorf("the damaged state was rewritten")
	}
	if got, _ := os.ReadFile(out + ".state"); !bytes.Equal(got, state) {
		t.Errorf("the state was rewritten by runs that refused it")
	}

	// Bad flags are refused before anything is played or written.
	fresh := filepath.Join(dir, "fresh.json")
	for _, bad := range [][]string{
		{"--widths", "4,x"}, {"--widths", "0"}, {"--params", "smoothness"}, {"--start", "learned"}, {"--start", "nope"},
		{"--elite", "99"}, {"--noise", "NaN"}, {"--quiescence", "9"}, {"--workers", "0"}, {"--out", filepath.Join(dir, "no/such/dir/x.json")},
		{"extra"},
	} {
		a := append([]string{"tune", "--quiet", "--out", fresh}, bad...)
		if code, _, stderr := run(a...); code != 2 || stderr == "" {
			t.Errorf("%q: exit %d (%s), want 2", bad, code, stderr)
		}
	}
	if _, err := os.Stat(fresh + ".state"); !os.IsNotExist(err) {
		t.Errorf("a refused run wrote a state (%v)", err)
	}
}

// TestHatetrisTuneShards: the steps played as shards and merged, command
// by command, end with the result file of the single process.
func TestHatetrisTuneShards(t *testing.T) {
	dir := t.TempDir()
	settings := []string{"tune", "--widths", "4,8", "--quiescence", "0", "--generations", "2", "--population", "3",
		"--elite", "1", "--params", "holes,height", "--quiet"}
	run := func(extra ...string) (int, string) {
		var so, se bytes.Buffer
		code := hatetrisCommands.Run(append(append([]string(nil), settings...), extra...), nil, &so, &se)
		return code, so.String() + se.String()
	}
	single := filepath.Join(dir, "single.json")
	if code, msg := run("--out", single); code != 0 {
		t.Fatalf("single: exit %d: %s", code, msg)
	}
	merged := filepath.Join(dir, "merged.json")
	state := merged + ".state"
	for step := 1; step <= 3; step++ { // two generations and the final check
		var files []string
		for i := range 2 {
			f := filepath.Join(dir, fmt.Sprintf("step%d.shard-%d", step, i))
			if code, msg := run("--state", state, "--shard", fmt.Sprintf("%d/2", i), "--out", f); code != 0 {
				t.Fatalf("step %d shard %d: exit %d: %s", step, i, code, msg)
			}
			files = append(files, f)
		}
		if step == 1 {
			// A step with a shard missing is refused, the state unwritten.
			if code, msg := run(append([]string{"--out", merged, "--merge"}, files[0])...); code != 1 || !strings.Contains(msg, "missing shards 1 of 2") {
				t.Errorf("a missing shard: exit %d: %s", code, msg)
			}
			if _, err := os.Stat(state); !os.IsNotExist(err) {
				t.Errorf("a refused merge wrote the state (%v)", err)
			}
		}
		if code, msg := run(append([]string{"--out", merged, "--merge"}, files...)...); code != 0 {
			t.Fatalf("step %d merge: exit %d: %s", step, code, msg)
		}
	}
	read := func(path string) hatetrisTuneFile {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var f hatetrisTuneFile
		if err := json.Unmarshal(data, &f); err != nil {
			t.Fatal(err)
		}
		f.Command = ""
		return f
	}
	if a, b := read(single), read(merged); !reflect.DeepEqual(a, b) {
		t.Errorf("sharded result %+v, single process %+v", b, a)
	}
	for _, bad := range [][]string{
		{"--shard", "0/2", "--out", filepath.Join(dir, "x")}, // no --state
		{"--state", state, "--shard", "2/2", "--out", filepath.Join(dir, "x")},
		{"--state", state, "--shard", "0/2", "--merge", "f"},
		{"--state", state, "--shard", "0/2", "--out", state},
		{"--merge"},
		{"stray"},
	} {
		if code, msg := run(bad...); code != 2 {
			t.Errorf("%q: exit %d (%s), want 2", bad, code, msg)
		}
	}
}

// TestReadTuneShardsBounds: a merge reads at most MaxTuneShards files and
// maxTuneShardBytes in all, and says so (the files here parse: the size
// is what refuses them).
func TestReadTuneShardsBounds(t *testing.T) {
	dir := t.TempDir()
	big := append([]byte("{}"), bytes.Repeat([]byte(" "), maxTuneShardBytes/2)...)
	var paths []string
	for i := 0; i < 2; i++ {
		p := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		if err := os.WriteFile(p, big, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	if _, err := readTuneShards(paths[:1]); err != nil {
		t.Errorf("one half-size file: %v", err)
	}
	if _, err := readTuneShards(paths); err == nil || !strings.Contains(err.Error(), "bytes together") {
		t.Errorf("two half-size files: %v, want the size refused", err)
	}
	many := make([]string, hatetris.MaxTuneShards+1)
	for i := range many {
		many[i] = filepath.Join(dir, "missing")
	}
	if _, err := readTuneShards(many); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Errorf("%d files: %v", len(many), err)
	}
}
