package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kocka/kocka/solver/prove"
)

// kockaProcessEnv marks the test binary started again by runKockaProcess.
const kockaProcessEnv = "KOCKA_PROVE_PROCESS"

// TestKockaProcessHelper is no test: runKockaProcess starts the test binary
// again with only this test selected and kockaProcessEnv set, and it runs
// the kocka command line given after "--" and exits with its code.
func TestKockaProcessHelper(t *testing.T) {
	if os.Getenv(kockaProcessEnv) != "1" {
		t.Skip("runs only as a child of runKockaProcess")
	}
	args := os.Args
	if k := slices.Index(args, "--"); k >= 0 {
		args = args[k+1:]
	}
	os.Exit(program().Run(args, os.Stdin, os.Stdout, os.Stderr))
}

// runKockaProcess runs kocka args as a process of its own and returns its
// standard output.
func runKockaProcess(args ...string) (string, error) {
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^TestKockaProcessHelper$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), kockaProcessEnv+"=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("kocka %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.String(), nil
}

func TestProveShardFlags(t *testing.T) {
	for _, args := range [][]string{
		{"gobblet", "--shard", "4/4", "--out", "x"},
		{"gobblet", "--shard", "-1/4", "--out", "x"},
		{"gobblet", "--shard", "1/4"}, // no --out
		{"gobblet", "--shard", "1-4", "--out", "x"},
		{"gobblet", "--shard", "0/4", "--out", "x", "--method", "search"},
		{"tictactoe", "--shard", "0/2", "--out", "x", "--drawer", "z"},
		{"merge"},
		{"merge", "a"}, // no --out
	} {
		var out, errb bytes.Buffer
		if code := runProve(args, &out, &errb); code != 2 {
			t.Errorf("%q: exit %d, want 2 (%s)", args, code, errb.String())
		}
	}
}

// TestProveShardProcesses splits both tic-tac-toe proofs into 4 shards,
// each a process of its own, all at once, merges them in another process
// and checks the merged certificate in a third: it proves what the single
// run proves, and passes the checker.
func TestProveShardProcesses(t *testing.T) {
	dir := t.TempDir()
	single := filepath.Join(dir, "ttt")
	var out, errb bytes.Buffer
	if code := runProve([]string{"tictactoe", "--quiet", "--json", "--out", single}, &out, &errb); code != 0 {
		t.Fatalf("the single run: exit %d: %s", code, errb.String())
	}
	for drawer, suffix := range map[string]string{"x": ".x", "o": ".o"} {
		shards := make([]string, 4)
		errs := make([]error, 4)
		var wg sync.WaitGroup
		for i := range shards {
			shards[i] = filepath.Join(dir, fmt.Sprintf("%s.shard%d", drawer, i))
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = runKockaProcess("prove", "tictactoe", "--quiet", "--shard", fmt.Sprintf("%d/4", i), "--drawer", drawer, "--out", shards[i])
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		merged := filepath.Join(dir, drawer+".merged")
		mo, err := runKockaProcess(append([]string{"prove", "merge", "--quiet", "--json", "--out", merged}, shards...)...)
		if err != nil {
			t.Fatal(err)
		}
		var m struct {
			Result mergeReport `json:"result"`
		}
		if err := json.Unmarshal([]byte(mo), &m); err != nil {
			t.Fatal(err, mo)
		}
		if !m.Result.Checked || m.Result.Shards != 4 || m.Result.Overlap < 0 {
			t.Errorf("drawer %s: merge %+v", drawer, m.Result)
		}
		// Both the single run's certificate and the merged one check, for
		// the same game and drawing player: the same value, a draw kept.
		var reps []checkReport
		for _, f := range []string{single + suffix, merged} {
			co, err := runKockaProcess("prove", "check", "--quiet", "--json", f)
			if err != nil {
				t.Fatal(err)
			}
			var c struct {
				Result checkReport `json:"result"`
			}
			if err := json.Unmarshal([]byte(co), &c); err != nil {
				t.Fatal(err, co)
			}
			reps = append(reps, c.Result)
		}
		if a, b := reps[0], reps[1]; !a.Valid || !b.Valid || a.Game != b.Game || a.Drawer != b.Drawer || a.Win || b.Win {
			t.Errorf("drawer %s: single %+v, merged %+v", drawer, a, b)
		}
	}
}

// TestProveMergeRefuses: a missing shard, a duplicate and a shard of
// another run are refused; a shard with a choice removed is read, merged
// and fails the check, and no file is written.
func TestProveMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	shard := func(drawer string, i, n int) string {
		f := filepath.Join(dir, fmt.Sprintf("%s-%d-%d", drawer, i, n))
		var out, errb bytes.Buffer
		if code := runProve([]string{"tictactoe", "--quiet", "--shard", fmt.Sprintf("%d/%d", i, n), "--drawer", drawer, "--out", f}, &out, &errb); code != 0 {
			t.Fatalf("shard %s %d/%d: %s", drawer, i, n, errb.String())
		}
		return f
	}
	var four []string
	for i := range 4 {
		four = append(four, shard("x", i, 4))
	}
	// Shard 0 with the strategy's move removed at a drawing player's state
	// (shard 0's entries win where shards overlap).
	s, err := readShardFile(four[0])
	if err != nil {
		t.Fatal(err)
	}
	k := slices.IndexFunc(s.Cert.Entries, func(e prove.Entry) bool { return e.Choice != prove.NoState })
	if k < 0 {
		t.Fatal("shard 0 has no choice")
	}
	s.Cert.Entries[k].Choice = prove.NoState
	var b bytes.Buffer
	if _, err := s.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	tampered := filepath.Join(dir, "tampered")
	if err := os.WriteFile(tampered, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		files []string
		want  string
	}{
		{"missing", four[:3], "missing"},
		{"duplicate", append(slices.Clone(four), four[2]), "twice"},
		{"another run", []string{four[0], four[1], shard("o", 2, 4), four[3]}, "another run"},
		{"another N", []string{four[0], four[1], shard("x", 2, 5), four[3]}, "another run"},
		{"tampered", []string{tampered, four[1], four[2], four[3]}, "fails the check"},
		{"not a shard", []string{four[0], four[1], "/dev/null", four[3]}, "not a Kocka proof shard"},
	} {
		out := filepath.Join(dir, "merged-"+strings.ReplaceAll(tc.name, " ", "-"))
		var stdout, errb bytes.Buffer
		code := runProve(append([]string{"merge", "--quiet", "--out", out}, tc.files...), &stdout, &errb)
		if code != 1 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%s: exit %d, %q; want exit 1 and %q", tc.name, code, errb.String(), tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: a merged file was written", tc.name)
		}
	}
}

// TestProveShardOutputsCheckedFirst: a shard's and a merge's --out are
// checked before the shard's proof or the merge starts (see
// TestProveOutputsCheckedFirst).
func TestProveShardOutputsCheckedFirst(t *testing.T) {
	plain := filepath.Join(t.TempDir(), "plain")
	if err := os.WriteFile(plain, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(plain, "out")
	runOutputCases(t, []outputCase{
		{"tictactoe shard", []string{"tictactoe", "--shard", "0/2", "--out", bad}, 2, bad},
		{"gobblet shard", []string{"gobblet", "--variant", "abc", "--mem", "1", "--shard", "0/4", "--out", bad}, 2, bad},
		// The shard file is missing: a merge that started would fail on it.
		{"merge", []string{"merge", "--out", bad, filepath.Join(t.TempDir(), "missing")}, 2, bad},
	})
}
