package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// TestHatetrisLearn makes a tiny data file, trains on it, and plays and
// records with the weights; bad flags are refused before any work.
func TestHatetrisLearn(t *testing.T) {
	dir := t.TempDir()
	data, weights, plot := filepath.Join(dir, "d.dat"), filepath.Join(dir, "w.net"), filepath.Join(dir, "loss.svg")
	var out, errs bytes.Buffer
	run := func(args ...string) int {
		out.Reset()
		errs.Reset()
		return hatetrisCommands.Run(args, nil, &out, &errs)
	}
	if code := run("data", "--out", data, "--width", "8", "--per-depth", "2", "--rollout-width", "2", "--rollout-depth", "4", "--cache", "1"); code != 0 {
		t.Fatalf("data: exit %d: %s", code, errs.String())
	}
	if !strings.Contains(out.String(), "samples") {
		t.Errorf("data: output %q", out.String())
	}
	// Survival labels: whole numbers of pieces, 0 to the rollout depth.
	survival := filepath.Join(dir, "s.dat")
	if code := run("data", "--out", survival, "--survival", "--width", "8", "--per-depth", "2", "--rollout-width", "2", "--rollout-depth", "4", "--cache", "1"); code != 0 {
		t.Fatalf("data --survival: exit %d: %s", code, errs.String())
	}
	raw, err := os.ReadFile(survival)
	if err != nil {
		t.Fatal(err)
	}
	samples, err := hatetris.UnmarshalSamples(raw)
	if err != nil || len(samples) == 0 {
		t.Fatalf("data --survival: %d samples, %v", len(samples), err)
	}
	for _, s := range samples {
		if s.Label < 0 || s.Label > 4 || s.Label != float32(int(s.Label)) {
			t.Fatalf("data --survival: label %v, want 0..4 pieces", s.Label)
		}
	}
	if code := run("train", "--data", data+","+data, "--out", weights, "--epochs", "2", "--plot", plot); code != 0 {
		t.Fatalf("train: exit %d: %s", code, errs.String())
	}
	if lines := strings.Count(out.String(), "\n"); lines != 5 { // the summary, a header, epochs 0 to 2
		t.Errorf("train: output %q", out.String())
	}
	if svg, err := os.ReadFile(plot); err != nil || !strings.Contains(string(svg), "<polyline") {
		t.Errorf("the plot: %v", err)
	}
	if code := run("play", "--bot", "--beam", "4", "--max-pieces", "20", "--eval", "learned", "--weights", weights); code != 0 {
		t.Errorf("play with the weights: exit %d: %s", code, errs.String())
	}
	// --weights adds the network to any set: "learned" is eltetris's
	// weights with a network, so the two play alike, and the network
	// changes eltetris's game.
	bot := func(args ...string) string {
		if code := run(append([]string{"play", "--bot", "--beam", "4", "--max-pieces", "30"}, args...)...); code != 0 {
			t.Fatalf("play %v: exit %d: %s", args, code, errs.String())
		}
		return out.String()
	}
	learnedGame, eltetrisWithNet, eltetrisGame := bot("--eval", "learned", "--weights", weights), bot("--eval", "eltetris", "--weights", weights), bot("--eval", "eltetris")
	if eltetrisWithNet != learnedGame {
		t.Errorf("--eval eltetris --weights W played %q, --eval learned --weights W %q", eltetrisWithNet, learnedGame)
	}
	if eltetrisWithNet == eltetrisGame {
		t.Errorf("--eval eltetris played %q with the network and without", eltetrisGame)
	}
	// --layout rowed: a larger weights file, read back by --weights, and
	// another game than the shared layout's trained on the same data.
	rowed := filepath.Join(dir, "rowed.net")
	if code := run("train", "--data", data+","+data, "--out", rowed, "--epochs", "2", "--layout", "rowed"); code != 0 {
		t.Fatalf("train --layout rowed: exit %d: %s", code, errs.String())
	}
	if fi, err := os.Stat(rowed); err != nil || fi.Size() != int64(hatetris.NetFileBytesOf(hatetris.RowedLayout)) {
		t.Fatalf("the rowed weights: %v, %v", fi, err)
	}
	if rowedGame := bot("--eval", "eltetris", "--weights", rowed); rowedGame == eltetrisWithNet || rowedGame == eltetrisGame {
		t.Errorf("the rowed network played %q, as the shared one or none", rowedGame)
	}
	state := filepath.Join(dir, "state.json")
	rec := []string{"record", "--hours", "0.1", "--start-width", "2", "--max-width", "2", "--eval", "learned", "--state", state, "--mem", "64", "--cache", "1", "--quiet"}
	if code := run(append(rec, "--weights", weights)...); code != 0 {
		t.Fatalf("record: exit %d: %s", code, errs.String())
	}
	// A state made with one net weight is not resumed with another.
	if code := run(append(rec, "--weights", weights, "--net-weight", "50")...); code != 2 || !strings.Contains(errs.String(), "--net-weight 0") {
		t.Errorf("record resumed with another --net-weight: exit %d, %q", code, errs.String())
	}
	// The state knows its weights: the built-in ones are other weights.
	if code := run(rec...); code != 2 || !strings.Contains(errs.String(), "other weights") {
		t.Errorf("record resumed with other weights: exit %d, %q", code, errs.String())
	}
	bad := filepath.Join(dir, "bad.net")
	if err := os.WriteFile(bad, []byte("KOCKANN1 too short"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"data"},
		{"data", "--out", data, "--width", "0"},
		{"data", "--out", data, "--per-depth", "0"},
		{"data", "--out", data, "--rollout-depth", "0"},
		{"data", "--out", data, "--bootstrap"},
		{"data", "--out", data, "--bootstrap", "--survival"},
		{"data", "--out", data, "--children", "65"},
		{"data", "--out", data, "--children", "-1"},
		{"data", "--out", data, "--children", "2", "--shard", "0/2"},
		{"data", "--out", filepath.Join(dir, "no", "such", "dir", "x")},
		{"train", "--data", data},
		{"train", "--data", data, "--out", weights, "--lr", "0"},
		{"train", "--data", data, "--out", weights, "--epochs", "0"},
		{"train", "--data", data, "--out", weights, "--held-out", "0.9"},
		{"train", "--data", data, "--out", weights, "--first-layer-rate", "2"},
		{"train", "--data", data, "--out", weights, "--lost-label", "0"},
		{"train", "--data", data, "--out", weights, "--lost-label", "-101"},
		{"train", "--data", data, "--out", weights, "--layout", "columned"},
		{"play", "--bot", "--eval", "no-such-set", "--weights", weights},
	} {
		if code := run(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errs.String())
		}
	}
	// A weights file that cannot be read or is not a network is a bad
	// file, not a bad flag: exit 1.
	missing := filepath.Join(dir, "missing.net")
	for _, args := range [][]string{
		{"play", "--bot", "--eval", "learned", "--weights", bad},
		{"play", "--bot", "--eval", "learned", "--weights", missing},
		{"record", "--eval", "learned", "--weights", bad, "--state", filepath.Join(dir, "bad-state.json"), "--hours", "0.1"},
		{"data", "--out", data, "--eval", "learned", "--weights", missing},
	} {
		if code := run(args...); code != 1 || !strings.Contains(errs.String(), "--weights") {
			t.Errorf("%v: exit %d, want 1 (%s)", args, code, errs.String())
		}
	}
	// A corrupt data file is an error of the run, not of the flags.
	if code := run("train", "--data", bad, "--out", weights); code != 1 || !strings.Contains(errs.String(), "not a training data file") {
		t.Errorf("train on a bad file: exit %d, %q", code, errs.String())
	}
}

// TestReadTrainDataCap: the total of samples is checked file by file, so
// a file that would pass the cap is refused from its size and the files
// after it are never opened.
func TestReadTrainDataCap(t *testing.T) {
	dir := t.TempDir()
	three := filepath.Join(dir, "three.dat")
	raw, err := hatetris.MarshalSamples(make([]hatetris.Sample, 3))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(three, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.dat")
	tests := []struct {
		name    string
		paths   []string
		max     int
		want    int    // samples read, when no error
		wantErr string // part of the error
	}{
		{"under the cap", []string{three, three}, 7, 6, ""},
		{"at the cap", []string{three, three}, 6, 6, ""},
		{"the second file passes", []string{three, three, missing}, 5, 0, "three.dat: more than the 5 samples allowed in all (3 read before it)"},
		{"cap reached, the next file refused unread", []string{three, three, missing}, 3, 0, "more than the 3 samples allowed in all (3 read before it)"},
		{"an endless file stops at the cap", []string{three, "/dev/zero"}, 4, 0, "/dev/zero: more than the 4 samples allowed"},
		{"a bad file", []string{missing}, 6, 0, "missing.dat"},
	}
	for _, tc := range tests {
		got, err := readTrainData(tc.paths, nil, tc.max)
		switch {
		case tc.wantErr == "" && (err != nil || len(got) != tc.want):
			t.Errorf("%s: %d samples, %v; want %d", tc.name, len(got), err, tc.want)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%s: %d samples, error %v; want %q", tc.name, len(got), err, tc.wantErr)
		}
	}
}

// TestSplitTrainData: the lost wells get the --lost-label label and no
// other label changes; the split is seeded and holds the fraction out.
func TestSplitTrainData(t *testing.T) {
	var samples []hatetris.Sample
	for i := 0; i < 40; i++ {
		label := float32(i % 5)
		if i%4 == 0 {
			label = hatetris.LostLabel
		}
		var s hatetris.Sample
		s.Well[15] = uint16(i + 1) // tells the samples apart
		s.Label = label
		samples = append(samples, s)
	}
	want := map[uint16]float32{}
	for _, s := range samples {
		want[s.Well[15]] = s.Label
		if s.Label == hatetris.LostLabel {
			want[s.Well[15]] = -12
		}
	}
	train, held := splitTrainData(slices.Clone(samples), -12, 0.25, 7)
	again, _ := splitTrainData(slices.Clone(samples), -12, 0.25, 7)
	if len(held) != 10 || len(train) != 30 || !slices.Equal(train, again) {
		t.Fatalf("%d held out, %d training; same seed, same split: %v", len(held), len(train), slices.Equal(train, again))
	}
	for _, s := range append(train, held...) {
		if s.Label != want[s.Well[15]] {
			t.Errorf("sample %d: label %v, want %v", s.Well[15], s.Label, want[s.Well[15]])
		}
	}
}
