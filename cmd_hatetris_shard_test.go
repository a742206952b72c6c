package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// hatetrisDataRun is a small data run (seconds): its flags without --out.
var hatetrisDataRun = []string{"data", "--width", "2", "--per-depth", "1", "--rollout-width", "2", "--rollout-depth", "4", "--cache", "1"}

// runHatetris runs kocka hatetris args in this process.
func runHatetris(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = hatetrisCommands.Run(args, nil, &out, &errb)
	return code, out.String(), errb.String()
}

// hatetrisShards writes the n shard files of hatetrisDataRun plus extra
// flags into dir and returns their names.
func hatetrisShards(t *testing.T, dir string, n int, extra ...string) []string {
	t.Helper()
	var files []string
	for i := range n {
		f := filepath.Join(dir, fmt.Sprintf("shard-%d-of-%d%s", i, n, strings.Join(extra, "")))
		args := append(slices.Clone(hatetrisDataRun), append(extra, "--shard", fmt.Sprintf("%d/%d", i, n), "--out", f)...)
		if code, out, errs := runHatetris(args...); code != 0 || !strings.Contains(out, fmt.Sprintf("shard %d/%d", i, n)) {
			t.Fatalf("%v: exit %d, %q, %s", args, code, out, errs)
		}
		files = append(files, f)
	}
	return files
}

// TestHatetrisDataShards: the merge of N shards is the unsharded run's
// data file byte for byte, for N of 1, 2 and 3 (those as processes of
// their own, all at once) and for more shards than samples.
func TestHatetrisDataShards(t *testing.T) {
	dir := t.TempDir()
	single := filepath.Join(dir, "single.dat")
	if code, _, errs := runHatetris(append(slices.Clone(hatetrisDataRun), "--out", single)...); code != 0 {
		t.Fatalf("the single run: exit %d: %s", code, errs)
	}
	want, err := os.ReadFile(single)
	if err != nil {
		t.Fatal(err)
	}
	samples, err := hatetris.UnmarshalSamples(want)
	if err != nil || len(samples) < 4 {
		t.Fatalf("the single run: %d samples, %v", len(samples), err)
	}
	for _, n := range []int{1, 2, 3, len(samples) + 2} {
		var files []string
		if n == 3 {
			files = make([]string, n)
			errs := make([]error, n)
			var wg sync.WaitGroup
			for i := range files {
				files[i] = filepath.Join(dir, fmt.Sprintf("process-shard-%d", i))
				wg.Add(1)
				go func() {
					defer wg.Done()
					args := append([]string{"hatetris"}, hatetrisDataRun...)
					_, errs[i] = runKockaProcess(append(args, "--shard", fmt.Sprintf("%d/3", i), "--out", files[i])...)
				}()
			}
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
		} else {
			files = hatetrisShards(t, dir, n)
		}
		slices.Reverse(files) // the order of the files does not matter
		merged := filepath.Join(dir, fmt.Sprintf("merged-%d.dat", n))
		code, out, errs := runHatetris(append([]string{"data", "merge", "--out", merged}, files...)...)
		if code != 0 || !strings.Contains(out, fmt.Sprintf("%d samples from %d shards", len(samples), n)) {
			t.Fatalf("merge of %d: exit %d, %q, %s", n, code, out, errs)
		}
		if got, err := os.ReadFile(merged); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%d shards: the merged file differs from the single run's (%v)", n, err)
		}
	}
}

// TestHatetrisDataMergeRefuses: shards of another run, missing or
// duplicate shards and bad files are refused with exit 1, and no file is
// written.
func TestHatetrisDataMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	three := hatetrisShards(t, dir, 3)
	otherSeed := hatetrisShards(t, dir, 3, "--seed", "2")
	four := hatetrisShards(t, dir, 4)
	good, err := os.ReadFile(three[1])
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, b []byte) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	flipped := slices.Clone(good)
	flipped[len(flipped)/2] ^= 1
	corrupt := write("corrupt", flipped)
	cut := write("cut", good[:len(good)-3])
	single := filepath.Join(dir, "single.dat")
	if code, _, errs := runHatetris(append(slices.Clone(hatetrisDataRun), "--out", single)...); code != 0 {
		t.Fatal(errs)
	}
	for _, tc := range []struct {
		name  string
		files []string
		want  string
	}{
		{"missing", three[:2], "shards 2 of 3 missing"},
		{"duplicate", []string{three[0], three[1], three[1], three[2]}, "are both shard 1/3"},
		{"another seed", []string{three[0], otherSeed[1], three[2]}, "another run than " + three[0] + ": seed 2, not 1"},
		{"another N", []string{three[0], four[1], three[2]}, "shards 4, not 3"},
		{"corrupt", []string{three[0], corrupt, three[2]}, "corrupt: hatetris: not a data shard file"},
		{"cut", []string{three[0], cut, three[2]}, "cut: hatetris: not a data shard file"},
		{"a data file", []string{three[0], single, three[2]}, "not a data shard file"},
		{"no such file", []string{three[0], filepath.Join(dir, "none"), three[2]}, "no such file"},
	} {
		out := filepath.Join(dir, "merged-"+strings.ReplaceAll(tc.name, " ", "-"))
		code, stdout, errs := runHatetris(append([]string{"data", "merge", "--out", out}, tc.files...)...)
		if code != 1 || !strings.Contains(errs, tc.want) || stdout != "" {
			t.Errorf("%s: exit %d, %q; want exit 1 and %q", tc.name, code, errs, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s: a merged file was written", tc.name)
		}
	}
}

// TestHatetrisDataShardFlags: bad --shard values and merge usage are
// refused with exit 2; a shard's and a merge's --out are checked before
// the beam or the reading of the shards starts.
func TestHatetrisDataShardFlags(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	if err := os.WriteFile(plain, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(plain, "out") // under a file: cannot be written
	ok := filepath.Join(dir, "ok")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"data", "--shard", "2/2", "--out", ok}, "want 0 <= I < N"},
		{[]string{"data", "--shard", "-1/2", "--out", ok}, "want 0 <= I < N"},
		{[]string{"data", "--shard", "0/0", "--out", ok}, "want 0 <= I < N"},
		{[]string{"data", "--shard", "1-2", "--out", ok}, "is not I/N"},
		{[]string{"data", "--shard", "0/2"}, "--out is required"},
		{[]string{"data", "--shard", "0/2", "--out", bad}, bad},
		{[]string{"data", "merge"}, "--out is required"},
		{[]string{"data", "merge", "--out", ok}, "no shard files"},
		{[]string{"data", "merge", "--bogus"}, "flag provided but not defined"},
		// The shard file is missing: a merge that started would fail on it.
		{[]string{"data", "merge", "--out", bad, filepath.Join(dir, "missing")}, bad},
	} {
		code, stdout, errs := runHatetris(tc.args...)
		if code != 2 || !strings.Contains(errs, tc.want) || stdout != "" {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q", tc.args, code, errs, tc.want)
		}
		if strings.Contains(errs, "beam of width") || strings.Contains(errs, "no such file") {
			t.Errorf("%q: the work started: %q", tc.args, errs)
		}
	}
	if _, err := os.Stat(ok); err == nil {
		t.Error("a refused run wrote its --out")
	}
	if code, out, _ := runHatetris("data", "merge", "-h"); code != 0 || !strings.Contains(out, "kocka hatetris data merge --out FILE SHARD-FILE") {
		t.Errorf("merge -h: exit %d, %q", code, out)
	}
	if code, out, _ := runHatetris("data", "-h"); code != 0 || !strings.Contains(out, "--shard I/N") {
		t.Errorf("data -h: exit %d, %q", code, out)
	}
}
