package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestHatetrisImitate: the command fits the named games of a replays
// file and writes the fit; the file's command line reads back as the
// arguments; bad flags are refused before any work, and a missing name,
// a malformed line or a replay that does not score its lines is an
// error that names it.
func TestHatetrisImitate(t *testing.T) {
	dir := t.TempDir()
	replays := filepath.Join("solver", "thrower", "hatetris", "testdata", "replays.txt")
	out := filepath.Join(dir, "fit.json")
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := hatetrisCommands.Run(append([]string{"imitate"}, args...), nil, &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	code, stdout, stderr := run("--replays", replays, "--names", "knewjade (4);Deasuke", "--iterations", "50", "--out", out)
	if code != 0 || !strings.Contains(stdout, "of 2 games") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	var f hatetrisImitateFile
	data, err := os.ReadFile(out)
	if err != nil || json.Unmarshal(data, &f) != nil {
		t.Fatalf("%v: %s", err, data)
	}
	if len(f.Replays) != 2 || f.Replays[0].Name != "Deasuke" || f.Replays[1].Lines != 66 || f.Choices != f.Replays[0].Choices+f.Replays[1].Choices ||
		len(f.Weights) != len(f.Features) || f.Set["row_transitions"] == 0 || f.Iterations != 50 {
		t.Errorf("file %+v", f)
	}
	if !strings.Contains(f.Command, "--names 'knewjade (4);Deasuke'") {
		t.Errorf("command %q: the names are not quoted for a shell", f.Command)
	}

	// --features picks the weights fitted, in its order after the lines.
	code, stdout, stderr = run("--replays", replays, "--names", "Deasuke", "--iterations", "20", "--features", "rows_missing_one,bumpiness", "--out", out)
	data, err = os.ReadFile(out)
	f = hatetrisImitateFile{}
	if code != 0 || err != nil || json.Unmarshal(data, &f) != nil {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	if !slices.Equal(f.Features, []string{"lines", "rows_missing_one", "bumpiness"}) || len(f.Weights) != 3 || len(f.Set) != 2 {
		t.Errorf("--features: features %v, weights %v, set %v", f.Features, f.Weights, f.Set)
	}

	// --cross-validate scores each game by a fit to the other.
	code, stdout, stderr = run("--replays", replays, "--names", "knewjade (4);Deasuke", "--iterations", "50", "--cross-validate", "--out", out)
	data, err = os.ReadFile(out)
	f = hatetrisImitateFile{}
	if code != 0 || err != nil || json.Unmarshal(data, &f) != nil || !strings.Contains(stdout, "each game fitted on the others") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	if h := f.HeldOut; h == nil || len(h.Games) != 2 || h.Games[0].Name != "Deasuke" ||
		math.Abs(h.LogLikelihood-(h.Games[0].LogLikelihood+h.Games[1].LogLikelihood)/2) > 1e-12 ||
		!(h.LogLikelihood < 0 && h.LogLikelihood > f.ChanceLogLikelihood) {
		t.Errorf("--cross-validate: %+v (fit %v, chance %v)", h, f.LogLikelihood, f.ChanceLogLikelihood)
	}

	bad := filepath.Join(dir, "bad.txt")
	for _, c := range []struct {
		file, names, want string
	}{
		{"x\t1\n", "x", "fields"},
		{"x\tmany\tbase2048\tAAAA\n", "x", "lines"},
		{"qntm\t5\thex\tAAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA A2\n", "qntm", "scores 0 lines"},
		{"# nothing\n", "ghost;phantom", `"ghost", "phantom"`},
	} {
		if err := os.WriteFile(bad, []byte(c.file), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, _, stderr := run("--replays", bad, "--names", c.names, "--out", filepath.Join(dir, "x.json")); code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, %q; want 1 and %q", c.file, code, stderr, c.want)
		}
	}
	for _, args := range [][]string{
		{"--replays", replays, "--names", "Deasuke"},
		{"--replays", replays, "--out", out},
		{"--replays", replays, "--names", "Deasuke", "--out", out, "--iterations", "0"},
		{"--replays", replays, "--names", "Deasuke", "--out", out, "--step", "NaN"},
		{"--replays", replays, "--names", "Deasuke", "--out", out, "--line-weight", "-1"},
		{"--replays", replays, "--names", "Deasuke", "--out", filepath.Join(dir, "no", "such", "x.json")},
		{"--replays", replays, "--names", "Deasuke", "--out", out, "--features", "holes,no_such_feature"},
		{"--replays", replays, "--names", "Deasuke", "--out", out, "--features", "holes,holes"},
		{"--replays", replays, "--names", "Deasuke", "--out", out, "--features", "enemy_peak"},
		{"--replays", replays, "--names", "Deasuke", "--out", out, "--features", ""},
		{"--replays", replays, "--names", "Deasuke", "--out", out, "--cross-validate"},
		{"--replays", replays, "--names", "Deasuke;Deasuke; ;", "--out", out, "--cross-validate"},
	} {
		if code, _, _ := run(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestShellCommand: arguments with spaces or quotes are quoted so that a
// shell reads back the same words.
func TestShellCommand(t *testing.T) {
	got := shellCommand([]string{"kocka", "--names", "a b;c", "it's", "", "x=1,2"})
	if want := `kocka --names 'a b;c' 'it'\''s' '' x=1,2`; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}
