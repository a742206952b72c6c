package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/gobblet"
)

func TestProveFlagsCheckedFirst(t *testing.T) {
	for _, args := range [][]string{
		nil,
		{"chess"},
		{"gobblet", "--first", "nobody"},
		{"gobblet", "--variant", "abcd"},
		{"gobblet", "--variant", "full"}, // does not fit 64 bits: refused before any work
		{"gobblers", "--sizes", "4"},
		{"gobblers", "--per-size", "0"},
		{"tictactoe", "--mem", "-1"},
		{"tictactoe", "--mem", "17592186044416"}, // 2^44 MiB: 2^64 bytes, which wrapped to a limit of 0
		{"check"},
		{"check", "a", "b"},
		{"tictactoe", "extra"},
		{"gobblet", "--method", "dfpn"},
		{"gobblet", "--method", "grow", "--checkpoint", "x.ckpt", "--every", "-1s"},
		{"gobblet", "--reuse", "-1"},
		{"gobblet", "--reuse", "256"},
		{"gobblet", "--method", "search", "--reuse", "2"},
		{"gobblet", "--order", "wild"},
		{"gobblet", "--order", "plain", "--shard", "0/2"},
		{"gobblet", "--variant", "abc", "--shard", "0/4", "--checkpoint", "x.ckpt"},
		{"gobblet", "--method", "search", "--checkpoint", "x.ckpt", "--every", "0s"},
		{"gobblers", "--method", "guess"},
	} {
		var out, errb bytes.Buffer
		if code := runProve(args, &out, &errb); code != 2 {
			t.Errorf("%q: exit %d, want 2 (%s)", args, code, errb.String())
		}
	}
}

func TestProveTicTacToeAndCheck(t *testing.T) {
	dir := t.TempDir()
	base := filepath.Join(dir, "ttt")
	var out, errb bytes.Buffer
	if code := runProve([]string{"tictactoe", "--json", "--quiet", "--out", base}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep struct {
		Result struct {
			Positions    int `json:"positions"`
			UpToSymmetry int `json:"positions_up_to_symmetry"`
			Solution     struct {
				Start string `json:"start"`
			} `json:"solution"`
		} `json:"result"`
	}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err, out.String())
	}
	if r := rep.Result; r.Positions != 5478 || r.UpToSymmetry != 765 || r.Solution.Start != "draw" {
		t.Errorf("%+v", r)
	}
	for _, f := range []string{base + ".x", base + ".o"} {
		out.Reset()
		if code := runProve([]string{"check", f, "--json", "--quiet"}, &out, &errb); code != 0 || !strings.Contains(out.String(), `"valid":true`) {
			t.Errorf("check %s: exit %d: %s %s", f, code, out.String(), errb.String())
		}
	}
	// A damaged file fails the check.
	b, _ := os.ReadFile(base + ".o")
	b[len(b)-1] ^= 0xff
	bad := filepath.Join(dir, "bad")
	os.WriteFile(bad, b, 0o644)
	if code := runProve([]string{"check", "--quiet", bad}, &out, &errb); code != 1 {
		t.Errorf("damaged file: exit %d", code)
	}
}

func TestProveSmallGobblers(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runProve([]string{"gobblers", "--sizes", "1", "--per-size", "2", "--json", "--quiet"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), `"start":"draw"`) {
		t.Errorf("%s", out.String())
	}
	// A memory limit too small stops the analysis with an error, the dense
	// table's before it allocates.
	for _, args := range [][]string{
		{"gobblers", "--sizes", "2", "--per-size", "2", "--method", "retrograde", "--mem", "1", "--quiet"},
		{"gobblers", "--mem", "1", "--quiet"},
	} {
		if code := runProve(args, &out, &errb); code != 1 {
			t.Errorf("%q: exit %d", args, code)
		}
	}
}

// TestProveGobblersTable: the dense table of a reduced Gobblers, written,
// checkpointed and checked by kocka prove check (every position, then a
// sample); a damaged table fails the check.
func TestProveGobblersTable(t *testing.T) {
	dir := t.TempDir()
	out, ckpt := filepath.Join(dir, "g.table"), filepath.Join(dir, "g.ckpt")
	var stdout, errb bytes.Buffer
	args := []string{"gobblers", "--sizes", "3", "--per-size", "1", "--out", out, "--checkpoint", ckpt, "--every", "1ns", "--json", "--quiet"}
	if code := runProve(args, &stdout, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var rep struct {
		Result struct {
			Start     string `json:"start"`
			Reachable uint64 `json:"reachable"`
		} `json:"result"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err, stdout.String())
	}
	if rep.Result.Start != "draw" || rep.Result.Reachable == 0 {
		t.Errorf("%+v", rep.Result)
	}
	if _, err := os.Stat(ckpt); err != nil {
		t.Errorf("no checkpoint: %v", err)
	}
	// Resuming from the last checkpoint finishes the same table.
	stdout.Reset()
	if code := runProve(args, &stdout, &errb); code != 0 || !strings.Contains(stdout.String(), `"start":"draw"`) {
		t.Errorf("resumed: exit %d: %s %s", code, stdout.String(), errb.String())
	}
	for _, sample := range []string{"0", "500"} {
		stdout.Reset()
		if code := runProve([]string{"check", "--quiet", "--json", "--sample", sample, out}, &stdout, &errb); code != 0 || !strings.Contains(stdout.String(), `"valid":true`) {
			t.Errorf("check --sample %s: exit %d: %s %s", sample, code, stdout.String(), errb.String())
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-10] ^= 3
	bad := filepath.Join(dir, "bad.table")
	if err := os.WriteFile(bad, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if code := runProve([]string{"check", "--quiet", "--sample", "0", bad}, &stdout, &errb); code != 1 {
		t.Errorf("damaged table: exit %d", code)
	}
	for _, args := range [][]string{
		{"gobblers", "--method", "search", "--checkpoint", ckpt},
		{"gobblers", "--every", "0s"},
		{"check", "--sample", "-1", out},
	} {
		if code := runProve(args, &stdout, &errb); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

func TestProveSmallGobblersSearchFiles(t *testing.T) {
	base := filepath.Join(t.TempDir(), "g")
	var out, errb bytes.Buffer
	if code := runProve([]string{"gobblers", "--sizes", "2", "--per-size", "2", "--method", "search", "--out", base, "--json", "--quiet"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), `"start":"draw"`) {
		t.Errorf("%s", out.String())
	}
	for _, f := range []string{base + ".first", base + ".second"} {
		out.Reset()
		if code := runProve([]string{"check", "--quiet", "--json", f}, &out, &errb); code != 0 || !strings.Contains(out.String(), `"valid":true`) {
			t.Errorf("check %s: exit %d: %s %s", f, code, out.String(), errb.String())
		}
	}
}

func TestProveTetrisTable(t *testing.T) {
	var out, errb bytes.Buffer
	if code := runProve([]string{"tetris", "--pieces", "O", "--width", "4-5", "--height", "2-3", "--quiet"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	// An O alone: every height survives on width 4, none on width 5.
	for _, want := range []string{"| 4 | 2 | 2:S", "| 5 | none tried | 2:L"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("missing %q in\n%s", want, out.String())
		}
	}
	// The certificates check by name.
	base := filepath.Join(t.TempDir(), "w")
	if code := runProve([]string{"tetris", "--pieces", "SZ", "--width", "4", "--height", "3", "--quiet", "--out", base}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	out.Reset()
	if code := runProve([]string{"check", "--quiet", "--json", base + ".4x3"}, &out, &errb); code != 0 || !strings.Contains(out.String(), `"valid":true`) {
		t.Errorf("check: exit %d: %s %s", code, out.String(), errb.String())
	}
	// df-pn finds the thrower's win (S and Z on width 4 beat the placer).
	out.Reset()
	if code := runProve([]string{"tetris", "--pieces", "SZ", "--width", "4", "--height", "2-4", "--method", "dfpn", "--quiet"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "2:L") || !strings.Contains(out.String(), "4:L") {
		t.Errorf("dfpn: exit %d: %s %s", code, out.String(), errb.String())
	}
	for _, args := range [][]string{
		{"tetris", "--width", "3"},
		{"tetris", "--width", "8", "--height", "8"}, // 64 cells: too many
		{"tetris", "--pieces", "X"},
		{"tetris", "--model", "20g"},
		{"tetris", "--height", "5-2"},
		{"tetris", "--method", "guess"},
	} {
		if code := runProve(args, &out, &errb); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

// TestProveCheckKnowsABC: kocka prove check reads a certificate for
// Gobblet ABC with the ABC rules (no finished ABC proof exists to check):
// the attacker's first move leaves a one-state certificate, and the check
// says so instead of calling the game unknown.
func TestProveCheckKnowsABC(t *testing.T) {
	r, err := gobblet.Variant("abc", gobblet.Attacker)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gobblet.NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	start := g.Canonical(g.Start())
	c := &prove.Certificate{Game: g.Name(), Drawer: gobblet.Drawing, Start: start,
		Entries: []prove.Entry{{State: start, Choice: prove.NoState}}}
	f := filepath.Join(t.TempDir(), "abc.proof")
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(f, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := runProve([]string{"check", "--quiet", f}, &out, &errb)
	if code != 1 || strings.Contains(errb.String(), "unknown game") || !strings.Contains(errb.String(), "abc.proof") {
		t.Errorf("exit %d, %q", code, errb.String())
	}
}

// outputCase is a kocka prove run whose output or checkpoint cannot be
// used: it must stop before the proof starts, with its exit code and a
// message naming the path.
type outputCase struct {
	name string
	args []string
	code int
	want string // the path the message must name
}

// runOutputCases runs each case. The runs that would start are made to
// fail fast once started (--mem 1, or a missing shard file for merge), so
// an error of the work itself in stderr, or any result on stdout, shows
// that the run did not stop at the check.
func runOutputCases(t *testing.T, cases []outputCase) {
	t.Helper()
	for _, tc := range cases {
		var stdout, errb bytes.Buffer
		code := runProve(tc.args, &stdout, &errb)
		msg := errb.String()
		if code != tc.code || !strings.Contains(msg, tc.want) {
			t.Errorf("%s: exit %d, %q; want exit %d naming %s", tc.name, code, msg, tc.code, tc.want)
		}
		for _, work := range []string{"over the limit", "too big", "resuming", "no such file"} {
			if strings.Contains(msg, work) {
				t.Errorf("%s: the work started: %q", tc.name, msg)
			}
		}
		if stdout.Len() > 0 {
			t.Errorf("%s: a result: %s", tc.name, stdout.String())
		}
	}
}

// TestProveOutputsCheckedFirst: every file a proof will write (each
// suffixed name too) and its checkpoint are checked before the proof
// starts, and an existing checkpoint that cannot be opened stops the run
// rather than being started afresh and overwritten. The checks leave no
// file behind and do not touch a checkpoint to resume.
func TestProveOutputsCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	if err := os.WriteFile(plain, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(plain, "out") // under a file: never writable, even for root
	base := filepath.Join(dir, "base")
	// base itself is writable; one of its suffixed names is a folder.
	for _, suffix := range []string{".o", ".second", ".4x3"} {
		if err := os.Mkdir(base+suffix, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// A checkpoint that exists but cannot be opened: a symbolic link to
	// itself (open fails with "too many levels of symbolic links").
	loop := filepath.Join(dir, "loop.ckpt")
	if err := os.Symlink(loop, loop); err != nil {
		t.Fatal(err)
	}
	// A checkpoint to resume: the checks must leave it as it is.
	keep := filepath.Join(dir, "keep.ckpt")
	if err := os.WriteFile(keep, []byte("not yet read"), 0o644); err != nil {
		t.Fatal(err)
	}
	abc := []string{"gobblet", "--variant", "abc", "--mem", "1"}
	full := []string{"gobblers", "--mem", "1"}
	runOutputCases(t, []outputCase{
		{"tictactoe --out", []string{"tictactoe", "--out", bad}, 2, bad + ".x"},
		{"tictactoe --out .o", []string{"tictactoe", "--out", base}, 2, base + ".o"},
		{"gobblers table --out", append(full, "--out", bad), 2, bad},
		{"gobblers table --checkpoint", append(full, "--checkpoint", bad), 2, bad},
		{"gobblers table --out, checkpoint kept", append(full, "--out", bad, "--checkpoint", keep), 2, bad},
		{"gobblers table --checkpoint unreadable", append(full, "--checkpoint", loop), 1, loop},
		{"gobblers search --out", []string{"gobblers", "--method", "search", "--mem", "1", "--out", bad}, 2, bad + ".first"},
		{"gobblers search --out .second", []string{"gobblers", "--method", "search", "--mem", "1", "--out", base}, 2, base + ".second"},
		{"gobblet grow --out", append(abc, "--out", bad), 2, bad},
		{"gobblet search --out", append(abc, "--method", "search", "--out", bad), 2, bad},
		{"gobblet --checkpoint", append(abc, "--checkpoint", bad), 2, bad},
		{"gobblet --out, checkpoint kept", append(abc, "--checkpoint", keep, "--out", bad), 2, bad},
		{"gobblet --checkpoint unreadable", append(abc, "--checkpoint", loop), 1, loop},
		{"tetris --out", []string{"tetris", "--width", "4", "--height", "2-3", "--mem", "1", "--out", bad}, 2, bad + ".4x2"},
		{"tetris --out .4x3", []string{"tetris", "--width", "4", "--height", "2-3", "--mem", "1", "--out", base}, 2, base + ".4x3"},
	})
	if b, err := os.ReadFile(keep); err != nil || string(b) != "not yet read" {
		t.Errorf("the checkpoint to resume changed: %q, %v", b, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := "base.4x3 base.o base.second keep.ckpt loop.ckpt plain"; strings.Join(names, " ") != want {
		t.Errorf("files left: %q, want %q", names, want)
	}
}

// TestProveCheckRefusesShortTable: kocka prove check refuses, before it
// allocates the table, a file of a few dozen bytes whose header names the
// real game (tables of 1.3 GB); a whole small table still checks. (The
// --mem limit on tables is tested in solver/prove/gobblers: every reduced
// game's table is under 1 MiB.)
func TestProveCheckRefusesShortTable(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short.table")
	head := []byte("KOCKA GOBBLERS TABLE 1\n")
	// sizes 3, per-size 2, done, next 0, top 3, 400 million positions.
	for _, x := range []uint64{3, 2, 2, 0, 3, 400_000_000} {
		head = binary.AppendUvarint(head, x)
	}
	if err := os.WriteFile(short, append(head, 0, 0, 0, 0), 0o644); err != nil {
		t.Fatal(err)
	}
	small := filepath.Join(dir, "small.table")
	var out, errb bytes.Buffer
	if code := runProve([]string{"gobblers", "--sizes", "2", "--per-size", "1", "--quiet", "--out", small}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"check", "--quiet", short}, "the file has 37 bytes"},
		{[]string{"check", "--quiet", "--mem", "1", short}, "the file has 37 bytes"},
	} {
		out.Reset()
		errb.Reset()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		code := runProve(c.args, &out, &errb)
		runtime.ReadMemStats(&after)
		if code != 1 || !strings.Contains(errb.String(), c.want) || !strings.Contains(errb.String(), short) {
			t.Errorf("%q: exit %d, %q; want exit 1 and %q", c.args, code, errb.String(), c.want)
		}
		if d := after.TotalAlloc - before.TotalAlloc; d > 8<<20 {
			t.Errorf("%q: %d bytes allocated", c.args, d)
		}
	}
	if code := runProve([]string{"check", "--quiet", "--sample", "0", small}, &out, &errb); code != 0 {
		t.Errorf("the small table: exit %d: %s", code, errb.String())
	}
}
