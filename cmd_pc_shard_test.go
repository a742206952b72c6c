package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// TestMain lets a test run kocka as a separate process: the test binary
// started again with KOCKA_TEST_MAIN=1 runs the command line it is given
// instead of the tests.
func TestMain(m *testing.M) {
	if os.Getenv("KOCKA_TEST_MAIN") == "1" {
		os.Exit(program().Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// runProcess runs kocka args as a process of its own (see TestMain).
func runProcess(args ...string) (string, error) {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "KOCKA_TEST_MAIN=1")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("kocka %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.String(), nil
}

// TestPCShardMerge runs percent, path and enumerate as 4 shards, each a
// process of its own, all 4 at once, and checks that merge gives the text
// and the JSON of the run without shards.
func TestPCShardMerge(t *testing.T) {
	dir := t.TempDir()
	field := filepath.Join(dir, "field.txt")
	if err := os.WriteFile(field, []byte("XXXXXX____\nXXXXXX____\nXXXXXX____\nXXXXXX____\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	five := filepath.Join(dir, "five.txt")
	if err := os.WriteFile(five, []byte("XXXXX_____\nXXXX______\nXXXXX_____\nXXXXXX____\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	odd := filepath.Join(dir, "odd.txt")
	if err := os.WriteFile(odd, []byte("XXXXX_____\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
	}{
		{"percent", []string{"percent", "--field-file", field, "--pattern", "*p5", "--tree-depth", "2"}},
		{"percent no hold", []string{"percent", "--field-file", field, "--pattern", "[TIOLJ]p4", "--hold", "avoid", "--fail-max", "5"}},
		{"percent odd", []string{"percent", "--field-file", odd, "--lines", "1", "--pattern", "*p2"}},
		{"path", []string{"path", "--field-file", field, "--pattern", "*p5"}},
		{"path odd", []string{"path", "--field-file", odd, "--lines", "1", "--pattern", "*p2"}},
		{"enumerate", []string{"enumerate", "--lines", "2"}},
		{"enumerate field", []string{"enumerate", "--field-file", five, "--minos", "5"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, js := range []bool{false, true} {
				args := tc.args
				if js {
					args = append(args[:len(args):len(args)], "--json")
				}
				want := runOK(t, args...)
				var (
					files []string
					wg    sync.WaitGroup
				)
				for i := 0; i < 4; i++ {
					name := filepath.Join(dir, fmt.Sprintf("%s-%v-%d.json", strings.ReplaceAll(tc.name, " ", "-"), js, i))
					args := append([]string{"pc"}, tc.args...)
					args = append(args, "--shard", fmt.Sprintf("%d/4", i), "--out", name, "--workers", "1")
					files = append(files, name)
					wg.Go(func() {
						if _, err := runProcess(args...); err != nil {
							t.Error(err)
						}
					})
				}
				wg.Wait()
				if t.Failed() {
					return
				}
				margs := []string{"merge"}
				if js {
					margs = append(margs, "--json")
				}
				// The shards in another order merge the same.
				got := runOK(t, append(margs, files[2], files[0], files[3], files[1])...)
				if got != want {
					t.Errorf("merged:\n%s\nwant:\n%s", got, want)
				}
			}
		})
	}
}

func runOK(t *testing.T, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	if code := runPC(args, nil, &out, &errb); code != 0 {
		t.Fatalf("kocka pc %s: code %d\n%s", strings.Join(args, " "), code, errb.String())
	}
	return out.String()
}

func TestPCMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	shard := func(name string, args ...string) string {
		p := filepath.Join(dir, name)
		runOK(t, append(args, "--out", p)...)
		return p
	}
	a0 := shard("a0.json", "enumerate", "--lines", "2", "--shard", "0/2")
	a1 := shard("a1.json", "enumerate", "--lines", "2", "--shard", "1/2")
	b1 := shard("b1.json", "enumerate", "--lines", "4", "--field", "v115@9gD8FeD8FeD8FeD8PeAgH", "--shard", "1/2")
	c1 := shard("c1.json", "enumerate", "--lines", "2", "--shard", "1/3")
	p0 := shard("p0.json", "percent", "--field", "v115@9gD8FeD8FeD8FeD8PeAgH", "--pattern", "T,I,O,S,Z,L,J", "--shard", "0/2")
	p1 := shard("p1.json", "percent", "--field", "v115@9gD8FeD8FeD8FeD8PeAgH", "--pattern", "T,I,O,S,Z,L,J", "--shard", "1/2")
	q0 := shard("q0.json", "path", "--field", "v115@9gD8FeD8FeD8FeD8PeAgH", "--pattern", "T,I,O,S,Z,L,J", "--shard", "0/2")
	q1 := shard("q1.json", "path", "--field", "v115@9gD8FeD8FeD8FeD8PeAgH", "--pattern", "T,I,O,S,Z,L,J", "--shard", "1/2")
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	orig, err := os.ReadFile(a1)
	if err != nil {
		t.Fatal(err)
	}
	cut := write("cut.json", string(orig[:len(orig)/2]))
	junk := write("junk.json", "hello")
	extra := write("extra.json", strings.Replace(string(orig), `"shard":1`, `"shard":1,"x":2`, 1))
	counts := write("counts.json", strings.Replace(string(orig), `"clear_no_split":`, `"clear_no_split":9`, 1))
	field := write("field.json", strings.Replace(string(orig), `"rows":0`, `"rows":1`, 1))
	// edit rewrites file's text, checking that old is there.
	edit := func(name, file, old, new string) string {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), old) {
			t.Fatalf("%s lacks %s:\n%s", file, old, b)
		}
		return write(name, strings.ReplaceAll(string(b), old, new))
	}
	// p1 holds the one sequence of the pattern (its range 0..1), p0 none.
	otherItems := edit("other-items.json", a1, `"items":49`, `"items":48`)
	otherAnswers := edit("other-answers.json", p1, `"percent":"1"`, `"percent":"1","counts":{"fit":1,"clear":1,"clear_no_split":1}`)
	badRange := edit("range.json", p1, `"lo":0,"hi":1,"percent":"1"`, `"lo":0,"hi":0,"percent":""`)
	notPiece := edit("not-piece.json", q1, `"piece":"`, `"piece":"X`)
	// The same new pattern in both shards: the inputs agree, but the
	// pattern makes 7 sequences where the shards were cut from 1.
	pat0 := edit("pattern0.json", p0, `"pattern":["T,I,O,S,Z,L,J"]`, `"pattern":["T,I,O,S,Z,L,*"]`)
	pat1 := edit("pattern1.json", p1, `"pattern":["T,I,O,S,Z,L,J"]`, `"pattern":["T,I,O,S,Z,L,*"]`)
	none := filepath.Join(dir, "none.json")
	for _, tc := range []struct {
		name  string
		files []string
		err   string
	}{
		{"missing", []string{a0}, "missing shards 1 of 2"},
		{"duplicate", []string{a0, a1, a1}, "are both shard 1/2"},
		{"other inputs", []string{a0, b1}, "different runs"},
		{"other count", []string{a0, c1}, "different runs"},
		{"other command", []string{a0, p0}, "different runs"},
		{"other items", []string{a0, otherItems}, "shard 1/2 of 48: different runs"},
		{"cut", []string{a0, cut}, "not a shard file"},
		{"junk", []string{junk}, "not a shard file"},
		{"unknown field", []string{a0, extra}, "not a shard file"},
		{"bad counts", []string{a0, counts}, "corrupt shard file"},
		{"bad field", []string{a0, field}, "corrupt shard file"},
		{"no file", []string{none}, "no such file"},
		{"answers of another command", []string{p0, otherAnswers}, "answers of another command"},
		{"wrong range", []string{p0, badRange}, "range 0..0, want 0..1 for shard 1/2 of 1 sequences"},
		{"not a piece", []string{q0, notPiece}, "a bad step"},
		{"pattern", []string{pat0, pat1}, "1 sequences, but the pattern makes 7"},
		// A file that does not belong stops the merge before the next
		// file is read (none.json would say "no such file").
		{"other run first", []string{a0, b1, none}, "different runs"},
		{"duplicate first", []string{a0, a0, none}, "are both shard 0/2"},
		{"bad file first", []string{a0, junk, none}, "not a shard file"},
	} {
		var out, errb bytes.Buffer
		code := runPC(append([]string{"merge"}, tc.files...), nil, &out, &errb)
		if code == 0 || !strings.Contains(errb.String(), tc.err) {
			t.Errorf("%s: code %d, stderr %q; want an error with %q", tc.name, code, errb.String(), tc.err)
		}
	}
	// More files than a run has shards are refused before any is read.
	many := make([]string, 4097)
	for i := range many {
		many[i] = none
	}
	var out, errb bytes.Buffer
	if code := runPC(append([]string{"merge"}, many...), nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "4097 files: a run has at most 4096 shards") {
		t.Errorf("4097 files: code %d, stderr %q", code, errb.String())
	}
	// The files of one merge are capped together: a0 and a1 fit in their
	// sizes' sum, not in a byte less.
	size := func(name string) int64 {
		st, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		return st.Size()
	}
	total := size(a0) + size(a1)
	if _, err := readShards([]string{a0, a1}, total); err != nil {
		t.Errorf("%d bytes: %v", total, err)
	}
	if _, err := readShards([]string{a0, a1}, total-1); err == nil || !strings.Contains(err.Error(), "file too large") || !strings.Contains(err.Error(), "together") {
		t.Errorf("%d bytes: %v, want too large", total-1, err)
	}
	// Bad --shard values are refused before any work.
	for _, args := range [][]string{
		{"enumerate", "--lines", "2", "--shard", "2/2"},
		{"enumerate", "--lines", "2", "--shard", "0/50"}, // 49 units
		{"percent", "--field", "v115@9gD8FeD8FeD8FeD8PeAgH", "--pattern", "*p7", "--shard", "x"},
		{"enumerate", "--lines", "4", "--minos", "9"},
		{"merge"},
	} {
		var out, errb bytes.Buffer
		if code := runPC(args, nil, &out, &errb); code != 2 {
			t.Errorf("%v: code %d, want 2 (%s)", args, code, errb.String())
		}
	}
}

// FuzzParseShard: any bytes either fail to parse with an error or make a
// shard file that merge, given it alone, answers or refuses without
// panicking.
func FuzzParseShard(f *testing.F) {
	dir := f.TempDir()
	for i, args := range [][]string{
		{"enumerate", "--lines", "2", "--shard", "0/1"},
		{"percent", "--field", "v115@9gD8FeD8FeD8FeD8PeAgH", "--pattern", "T,I,O,S,Z,L,J", "--shard", "0/1"},
		{"path", "--field", "v115@9gD8FeD8FeD8FeD8PeAgH", "--pattern", "T,I,O,S,Z,L,J", "--shard", "0/1"},
	} {
		name := filepath.Join(dir, fmt.Sprintf("s%d.json", i))
		var out, errb bytes.Buffer
		if code := runPC(append(args, "--out", name), nil, &out, &errb); code != 0 {
			f.Fatal(errb.String())
		}
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"format":"kocka-pc-shard/1"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sf, err := parseShard("fuzz.json", data)
		if err != nil {
			return
		}
		if sf.Inputs.Command != "enumerate" && len(sf.Inputs.Pattern) > 0 && len(strings.Join(sf.Inputs.Pattern, "")) > 200 {
			return // a long pattern may make millions of sequences: slow, not wrong
		}
		set := &shardSet{}
		if err := set.add("fuzz.json", sf); err != nil {
			t.Fatal(err) // a first file always belongs
		}
		var out, errb bytes.Buffer
		_ = mergeShards(&out, &errb, set, false)
	})
}
