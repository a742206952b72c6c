package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// TestHatetrisImitateNet: the command trains a network on the named games'
// choices, measures it on the held-out ones, writes weights the record
// search reads, and the plot; the same command writes the same bytes;
// bad flags are refused before any work.
func TestHatetrisImitateNet(t *testing.T) {
	dir := t.TempDir()
	replays := filepath.Join("solver", "thrower", "hatetris", "testdata", "replays.txt")
	out, plot := filepath.Join(dir, "w.net"), filepath.Join(dir, "curve.svg")
	run := func(args ...string) (int, string, string) {
		var stdout, stderr bytes.Buffer
		code := hatetrisCommands.Run(append([]string{"imitate-net"}, args...), nil, &stdout, &stderr)
		return code, stdout.String(), stderr.String()
	}
	args := []string{"--replays", replays, "--names", "knewjade (4)", "--held-out", "Deasuke", "--net-weight", "718.9", "--epochs", "2", "--out", out, "--plot", plot}
	code, stdout, stderr := run(args...)
	if code != 0 || !strings.Contains(stdout, "held out") || !strings.Contains(stdout, "\n2 ") {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	weights, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hatetris.UnmarshalNet(weights); err != nil {
		t.Fatalf("the weights file: %v", err)
	}
	if svg, err := os.ReadFile(plot); err != nil || !strings.Contains(string(svg), "held out") {
		t.Errorf("plot: %v %.200s", err, svg)
	}
	// The first line of the table is the base set alone; training raises
	// the training choices' log chance.
	var rows [][]string
	for _, l := range strings.Split(stdout, "\n") {
		if f := strings.Fields(l); len(f) == 5 && f[0] != "epoch" {
			rows = append(rows, f)
		}
	}
	if len(rows) != 3 {
		t.Fatalf("table %q: want epochs 0 to 2", rows)
	}
	before, _ := strconv.ParseFloat(rows[0][1], 64)
	after, _ := strconv.ParseFloat(rows[2][1], 64)
	if !(before < 0 && after > before) {
		t.Errorf("training log chance from %g to %g: want it negative and raised", before, after)
	}
	if code, _, _ := run(args...); code != 0 {
		t.Fatal("second run failed")
	}
	again, _ := os.ReadFile(out)
	if !bytes.Equal(again, weights) {
		t.Error("the same command wrote other weights")
	}
	// --mirror trains on twice the choices and measures the same held-out
	// ones.
	mirrorOut := filepath.Join(dir, "m.net")
	code, mstdout, stderr := run(append(append([]string{}, args[:len(args)-4]...), "--out", mirrorOut, "--mirror")...)
	var plainTrain, mirrorTrain, plainHeld, mirrorHeld int
	fmt.Sscanf(stdout, "%d choices to train on, %d held out", &plainTrain, &plainHeld)
	fmt.Sscanf(mstdout, "%d choices to train on (half of them mirror images), %d held out", &mirrorTrain, &mirrorHeld)
	if code != 0 || plainTrain == 0 || mirrorTrain != 2*plainTrain || mirrorHeld != plainHeld {
		t.Errorf("--mirror: exit %d, %d choices to train on and %d held out; without it %d and %d: %s%s",
			code, mirrorTrain, mirrorHeld, plainTrain, plainHeld, mstdout, stderr)
	}
	if mirrored, _ := os.ReadFile(mirrorOut); bytes.Equal(mirrored, weights) {
		t.Error("--mirror wrote the weights trained without it")
	}
	// --beam-names adds a choice a piece of the game the beam is played
	// beside (at least as many as the game's choices: a piece with one
	// landing has rivals in the beam), ranked by the weights just trained.
	beamOut := filepath.Join(dir, "b.net")
	code, bstdout, stderr := run(append(append([]string{}, args[:len(args)-4]...), "--out", beamOut,
		"--beam-names", "knewjade (4)", "--beam-weights", out, "--beam-width", "4", "--beam-rivals", "2")...)
	var beamTrain, beamChoices, beamHeld int
	fmt.Sscanf(bstdout, "%d choices to train on (%d of them against a beam's wells: width 4, 2 rivals, quiescence 1), %d held out", &beamTrain, &beamChoices, &beamHeld)
	if code != 0 || beamChoices < plainTrain || beamTrain != plainTrain+beamChoices || beamHeld != plainHeld {
		t.Errorf("--beam-names: exit %d, %d choices to train on, %d of them the beam's, %d held out; without it %d and %d: %s%s",
			code, beamTrain, beamChoices, beamHeld, plainTrain, plainHeld, bstdout, stderr)
	}
	if beamed, _ := os.ReadFile(beamOut); bytes.Equal(beamed, weights) || len(beamed) != len(weights) {
		t.Error("--beam-names wrote the weights trained without it, or no weights")
	}
	// --beam-only-cut keeps the choices of the pieces where the game's
	// well was cut, as many as the command says were cut.
	code, cstdout, stderr := run(append(append([]string{}, args[:len(args)-4]...), "--out", beamOut,
		"--beam-names", "knewjade (4)", "--beam-weights", out, "--beam-width", "4", "--beam-rivals", "2", "--beam-only-cut")...)
	var cutTrain, cutChoices, cutHeld, cut, pieces int
	fmt.Sscanf(cstdout, "%d choices to train on (%d of them against a beam's wells: width 4, 2 rivals, quiescence 1, only where cut), %d held out", &cutTrain, &cutChoices, &cutHeld)
	_, cutLine, _ := strings.Cut(cstdout, "the beam beside knewjade (4): ")
	fmt.Sscanf(cutLine, "the game's well cut at %d of %d pieces", &cut, &pieces)
	if code != 0 || cutChoices != cut || cut == 0 || pieces != beamChoices || cutTrain != plainTrain+cut || !strings.Contains(bstdout, fmt.Sprintf("cut at %d of %d pieces", cut, pieces)) {
		t.Errorf("--beam-only-cut: exit %d, %d choices to train on, %d the beam's, cut at %d of %d pieces; without it %d the beam's: %s%s",
			code, cutTrain, cutChoices, cut, pieces, beamChoices, cstdout, stderr)
	}
	// The record search takes them with the base set.
	var rec bytes.Buffer
	if code := hatetrisCommands.Run([]string{"record", "--hours", "0.01", "--state", filepath.Join(dir, "st.json"), "--eval", "imitated", "--weights", out,
		"--net-weight", "718.9", "--start-width", "2", "--max-width", "2", "--checkpoint-every", "0", "--quiet"}, nil, &rec, &rec); code != 0 {
		t.Errorf("record with the weights: exit %d: %s", code, rec.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--replays", replays, "--names", "Deasuke", "--out", out}, "--net-weight"},
		{[]string{"--replays", replays, "--names", "Deasuke", "--held-out", "Deasuke", "--net-weight", "1", "--out", out}, "in --names and --held-out"},
		{[]string{"--replays", replays, "--names", "Deasuke", "--base", "hate", "--net-weight", "1", "--out", out}, "enemy's next piece"},
		{[]string{"--replays", replays, "--names", "Deasuke", "--base", "nope", "--net-weight", "1", "--out", out}, "--base"},
		{[]string{"--replays", replays, "--names", "Deasuke", "--net-weight", "1", "--epochs", "0", "--out", out}, "--epochs"},
		{[]string{"--replays", replays, "--names", "Deasuke", "--net-weight", "1", "--out", replays}, "--replays"},
		{[]string{"--replays", replays, "--names", "Deasuke", "--net-weight", "1"}, "required"},
		{[]string{"--replays", replays, "--names", "Deasuke", "--net-weight", "1", "--out", out, "--beam-names", "Deasuke"}, "needs --beam-weights"},
		{[]string{"--replays", replays, "--names", "Deasuke", "--net-weight", "1", "--out", out, "--beam-weights", out}, "without --beam-names"},
		{[]string{"--replays", replays, "--names", "Deasuke", "--net-weight", "1", "--out", out, "--beam-width", "1"}, "--beam-width"},
		{[]string{"--replays", replays, "--names", "Deasuke", "--net-weight", "1", "--out", out, "--beam-rivals", "0"}, "--beam-rivals"},
		{[]string{"--replays", replays, "--names", "Deasuke", "--net-weight", "1", "--out", out, "--beam-quiescence", "9"}, "--beam-quiescence"},
		{[]string{"--replays", replays, "--names", "Deasuke", "--held-out", "Tim (1)", "--net-weight", "1", "--out", out, "--beam-names", "Tim (1)", "--beam-weights", out}, "in --beam-names and --held-out"},
	} {
		if code, _, stderr := run(c.args...); code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit %d, %q; want 2 naming %q", c.args, code, stderr, c.want)
		}
	}
	if code, _, stderr := run("--replays", replays, "--names", "nobody", "--net-weight", "1", "--out", out); code != 1 || !strings.Contains(stderr, `"nobody"`) {
		t.Errorf("a missing game: exit %d, %q", code, stderr)
	}
	// Weights files that are not: refused as files (exit 1), before any work.
	for _, bad := range []string{replays, out + ".missing"} {
		if code, stdout, stderr := run("--replays", replays, "--names", "Deasuke", "--net-weight", "1", "--out", filepath.Join(dir, "x.net"), "--beam-names", "Tim (1)", "--beam-weights", bad); code != 1 || !strings.Contains(stderr, "--beam-weights") || stdout != "" {
			t.Errorf("--beam-weights %s: exit %d, %q, %q", bad, code, stdout, stderr)
		}
	}
	if code, stdout, stderr := run("--replays", replays, "--names", "Deasuke", "--net-weight", "1", "--out", filepath.Join(dir, "x.net"), "--beam-names", "nobody", "--beam-weights", out); code != 1 || !strings.Contains(stderr, `"nobody"`) || stdout != "" {
		t.Errorf("a missing game to play a beam beside: exit %d, %q, %q (want it refused before the landings are counted)", code, stdout, stderr)
	}
}

// imitateNetCommand is the command behind docs/hatetris-imitate-net.net,
// as docs/hatetris.md gives it (without --out and --plot).
var imitateNetCommand = imitateNetCommandOn(recordGameNames)

// recordGameNames are the published games the imitation networks train on.
const recordGameNames = "knewjade (5);David & Felipe (2);David & Felipe (3);Tim (1);Tim (2);David & Felipe (5);David & Felipe (6)"

// imitateNetCommandOn is the imitate-net command of docs/hatetris.md
// training on the games named (without --out and --plot).
func imitateNetCommandOn(names string) []string {
	return []string{"--replays", "solver/thrower/hatetris/testdata/replays.txt",
		"--names", names, "--held-out", "David & Felipe (4)", "--net-weight", "718.9"}
}

// imitateNetSelfCommand is the command behind
// docs/hatetris-imitate-net-self.net: the same games and three of Kocka's
// own best, the imitation networks' games of 121, 115 and 106 lines.
var imitateNetSelfCommand = imitateNetCommandOn(recordGameNames + firstStepGameNames)

// firstStepGameNames are Kocka's games the loop's first step added.
const firstStepGameNames = ";kocka beam2 imitated-net quiescence 65536;kocka beam2 imitated-net quiescence 131072;kocka beam2 imitated-net-mirror quiescence 65536"

// imitateNetSelf2Command is the command behind
// docs/hatetris-imitate-net-self2.net, the loop's second step: the games
// before and the first step's three best (95, 98 and 98 lines).
var imitateNetSelf2Command = imitateNetCommandOn(recordGameNames + firstStepGameNames + secondStepGameNames)

// secondStepGameNames are Kocka's games the loop's second step added.
const secondStepGameNames = ";kocka beam2 imitated-net-self quiescence 16384;kocka beam2 imitated-net-self quiescence 32768;kocka beam2 imitated-net-self quiescence 65536"

// imitateNetSelf3Command is the command behind
// docs/hatetris-imitate-net-self3.net, the loop's third step: the games
// before and the second step's three best (98, 111 and 101 lines).
var imitateNetSelf3Command = imitateNetCommandOn(recordGameNames + firstStepGameNames + secondStepGameNames + thirdStepGameNames)

// thirdStepGameNames are Kocka's games the loop's third step added.
const thirdStepGameNames = ";kocka beam2 imitated-net-self2 quiescence 16384;kocka beam2 imitated-net-self2 quiescence 32768;kocka beam2 imitated-net-self2 quiescence 65536"

// imitateNetSelf4Command is the command behind
// docs/hatetris-imitate-net-self4.net, the loop's fourth step: the games
// before and the third network's new lines of play of 104 lines or more
// (with quiescence, without it, and after a pre-cut of 4).
var imitateNetSelf4Command = imitateNetCommandOn(recordGameNames + firstStepGameNames + secondStepGameNames + thirdStepGameNames + fourthStepGameNames)

// fourthStepGameNames are Kocka's games the loop's fourth step added.
const fourthStepGameNames = ";kocka beam2 imitated-net-self3 quiescence 32768;kocka beam2 imitated-net-self3 quiescence 65536;kocka beam2 imitated-net-self3 no-quiescence 262144" +
	";kocka beam2 imitated-net-self3 pre-cut-4 32768;kocka beam2 imitated-net-self3 pre-cut-4 65536;kocka beam2 imitated-net-self3 pre-cut-4 131072;kocka beam2 imitated-net-self3 pre-cut-4 262144"

// imitateNetSelf5Command is the command behind
// docs/hatetris-imitate-net-self5.net, the loop's fifth step: the games
// before and the fourth network's games of 104 lines or more (108, 105,
// 131 and 109 lines, all after a pre-cut of 4).
var imitateNetSelf5Command = imitateNetCommandOn(recordGameNames + firstStepGameNames + secondStepGameNames + thirdStepGameNames + fourthStepGameNames + fifthStepGameNames)

// fifthStepGameNames are Kocka's games the loop's fifth step added.
const fifthStepGameNames = ";kocka beam2 imitated-net-self4 pre-cut-4 16384;kocka beam2 imitated-net-self4 pre-cut-4 32768;kocka beam2 imitated-net-self4 pre-cut-4 65536;kocka beam2 imitated-net-self4 pre-cut-4 131072"

// imitateNetSelf6Command is the command behind
// docs/hatetris-imitate-net-self6.net, the loop's sixth step: the games
// before and the games of 104 lines or more of the fifth network (108,
// 130 and 127 lines) and of its mix with the lookahead fit (116 and 136).
var imitateNetSelf6Command = imitateNetCommandOn(recordGameNames + firstStepGameNames + secondStepGameNames + thirdStepGameNames + fourthStepGameNames + fifthStepGameNames + sixthStepGameNames)

// sixthStepGameNames are Kocka's games the loop's sixth step added.
const sixthStepGameNames = ";kocka beam2 imitated-net-self5 pre-cut-4 16384;kocka beam2 imitated-net-self5 pre-cut-4 65536;kocka beam2 imitated-net-self5 pre-cut-4 131072" +
	";kocka beam2 imitated-net-self5-wise pre-cut-4 65536;kocka beam2 imitated-net-self5-wise pre-cut-4 131072"

// imitateNetBeamedCommand is the command behind
// docs/hatetris-imitate-net-beamed.net: the third step's training plus
// the choices of a beam ranked by the third network beside the record
// games but the longest (its 9,308 pieces would outweigh the landings).
var imitateNetBeamedCommand = append(append([]string{}, imitateNetSelf3Command...),
	"--beam-names", "knewjade (5);David & Felipe (2);David & Felipe (3);Tim (1);Tim (2);David & Felipe (5)",
	"--beam-weights", "docs/hatetris-imitate-net-self3.net")

// TestImitateNetFileIsTheTraining: the weights in docs are what the
// commands docs/hatetris.md gives write, byte for byte, and the record
// state made with them names them by their SHA-256.
func TestImitateNetFileIsTheTraining(t *testing.T) {
	doc, _ := os.ReadFile(filepath.Join("docs", "hatetris.md"))
	docText := strings.Join(strings.Fields(strings.ReplaceAll(string(doc), "\\\n", " ")), " ")
	cases := []struct {
		weights, state string
		args           []string
	}{
		{"hatetris-imitate-net.net", "hatetris-record-imitated-net.json", imitateNetCommand},
		{"hatetris-imitate-net-mirror.net", "hatetris-record-imitated-net-mirror.json", append(append([]string{}, imitateNetCommand...), "--mirror")},
		{"hatetris-imitate-net-self.net", "hatetris-record-imitated-net-self.json", imitateNetSelfCommand},
		{"hatetris-imitate-net-self2.net", "hatetris-record-imitated-net-self2.json", imitateNetSelf2Command},
		{"hatetris-imitate-net-self3.net", "hatetris-record-imitated-net-self3.json", imitateNetSelf3Command},
		{"hatetris-imitate-net-self4.net", "hatetris-record-imitated-net-self4-pc4.json", imitateNetSelf4Command},
		{"hatetris-imitate-net-self5.net", "hatetris-record-imitated-net-self5-pc4.json", imitateNetSelf5Command},
		{"hatetris-imitate-net-self6.net", "hatetris-record-imitated-net-self6-pc4.json", imitateNetSelf6Command},
		{"hatetris-imitate-net-beamed.net", "hatetris-record-imitated-net-beamed.json", imitateNetBeamedCommand},
	}
	if raceEnabled {
		// One training is the race check; all of them run without it.
		cases = cases[:1]
	}
	for _, c := range cases {
		out := filepath.Join(t.TempDir(), "w.net")
		var stdout, stderr bytes.Buffer
		if code := hatetrisCommands.Run(append([]string{"imitate-net", "--out", out}, c.args...), nil, &stdout, &stderr); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.weights, code, stderr.String())
		}
		got, _ := os.ReadFile(out)
		want, err := os.ReadFile(filepath.Join("docs", c.weights))
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("docs/%s (%v) is not what the command writes", c.weights, err)
		}
		cmd := shellCommand(append([]string{"kocka", "hatetris", "imitate-net"}, c.args...))
		if !strings.Contains(docText, cmd) {
			t.Errorf("docs/hatetris.md does not give the command %s", cmd)
		}
		sum := sha256.Sum256(want)
		st, err := hatetris.LoadRecordState(filepath.Join("docs", c.state))
		if err != nil || st.WeightsSHA256 != hex.EncodeToString(sum[:]) || st.Eval != "imitated" || st.NetWeight != 718.9 {
			t.Errorf("docs/%s (%v): weights %q, eval %q, net weight %g; want these weights' %x with imitated and 718.9",
				c.state, err, st.WeightsSHA256, st.Eval, st.NetWeight, sum)
		}
	}
}
