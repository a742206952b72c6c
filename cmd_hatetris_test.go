package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/thrower/hatetris"
)

func TestHatetrisPlayReplay(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "qntm.txt")
	if err := os.WriteFile(file, []byte("௨ටໃݹ௨ටໃݹठ\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		code int
		out  string
	}{
		{[]string{"play", "--replay", "AAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA AAAA A2"}, 0, `{"lines":0,"moves":90,"game_over":true}` + "\n"},
		{[]string{"play", "--replay-file", file}, 0, `{"lines":0,"moves":90,"game_over":true}` + "\n"},
		{[]string{"play", "--replay", "LLLL"}, 0, `{"lines":0,"moves":4,"game_over":false}` + "\n"},
		{[]string{"play", "--replay", "𤆻𤆻𤆻𤆻𤆻𡚻"}, 0, `{"lines":0,"moves":90,"game_over":true}` + "\n"},
		{[]string{"play", "--bot", "--encoding", "base64"}, 2, ""},
		{[]string{"play", "--replay", "not a replay!"}, 1, ""},
		{[]string{"play"}, 2, ""},
		{[]string{"play", "--replay", "A", "--bot"}, 2, ""},
		{[]string{"play", "--nonsense"}, 2, ""},
		{[]string{"fly"}, 2, ""},
		{nil, 2, ""},
	}
	for _, tc := range tests {
		var out, errs bytes.Buffer
		code := hatetrisCommands.Run(tc.args, nil, &out, &errs)
		if code != tc.code || out.String() != tc.out {
			t.Errorf("%q: exit %d, out %q (stderr %q); want %d, %q", tc.args, code, out.String(), errs.String(), tc.code, tc.out)
		}
	}
	// --replay-file - reads stdin.
	var out, errs bytes.Buffer
	if code := hatetrisCommands.Run([]string{"play", "--replay-file", "-"}, strings.NewReader("௨ටໃݹ௨ටໃݹठ\n"), &out, &errs); code != 0 ||
		out.String() != `{"lines":0,"moves":90,"game_over":true}`+"\n" {
		t.Errorf("--replay-file -: exit %d, %q (%s)", code, out.String(), errs.String())
	}
}

// TestHatetrisPlayBot lets the bot play a short game and replays what it
// printed.
func TestHatetrisPlayBot(t *testing.T) {
	for _, enc := range []string{"base2048", "base65536", "hex"} {
		var out, errs bytes.Buffer
		if code := hatetrisCommands.Run([]string{"play", "--bot", "--beam", "4", "--max-pieces", "30", "--encoding", enc}, nil, &out, &errs); code != 0 {
			t.Fatalf("%s: exit %d: %s", enc, code, errs.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != 2 {
			t.Fatalf("%s: output %q: want the result and the replay", enc, out.String())
		}
		var again bytes.Buffer
		if code := hatetrisCommands.Run([]string{"play", "--replay", lines[1]}, nil, &again, &errs); code != 0 {
			t.Fatalf("%s: exit %d: %s", enc, code, errs.String())
		}
		// The encodings may pad the replay with one move (hex with a D,
		// Base2048 and Base65536 with an L), so the move count may be one
		// more; the lines and the end must be the same.
		var said, got struct {
			Lines, Moves int
			Over         bool `json:"game_over"`
		}
		if json.Unmarshal([]byte(lines[0]), &said) != nil || json.Unmarshal(again.Bytes(), &got) != nil ||
			got.Lines != said.Lines || got.Over != said.Over || got.Moves != said.Moves && got.Moves != said.Moves+1 {
			t.Errorf("%s: the bot's replay plays back as %q, the bot said %q", enc, again.String(), lines[0])
		}
	}
}

// TestHatetrisRecord runs two tiny searches, checks the replay written,
// and the flags refused before any search.
func TestHatetrisRecord(t *testing.T) {
	dir := t.TempDir()
	state, out := filepath.Join(dir, "state.json"), filepath.Join(dir, "best.txt")
	var stdout, errs bytes.Buffer
	args := []string{"record", "--hours", "0.1", "--start-width", "2", "--max-width", "4", "--quiescence", "1",
		"--state", state, "--out", out, "--mem", "64", "--cache", "1", "--quiet"}
	if code := hatetrisCommands.Run(args, nil, &stdout, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if !strings.Contains(stdout.String(), "width 2: ") || !strings.Contains(stdout.String(), "width 4: ") {
		t.Errorf("output %q: want widths 2 and 4", stdout.String())
	}
	if _, err := os.Stat(state + ".beam"); !os.IsNotExist(err) {
		t.Errorf("the checkpoint of a kept run is still there: %v", err)
	}
	var again bytes.Buffer
	if code := hatetrisCommands.Run([]string{"play", "--replay-file", out}, nil, &again, &errs); code != 0 ||
		!strings.Contains(again.String(), `"game_over":true`) {
		t.Errorf("the best replay plays as %q (exit %d)", again.String(), code)
	}
	// The same state with other settings is refused.
	if code := hatetrisCommands.Run([]string{"record", "--hours", "0.1", "--state", state}, nil, &stdout, &errs); code != 2 {
		t.Errorf("a state made with --quiescence 1, resumed without it: exit %d", code)
	}
	if code := hatetrisCommands.Run([]string{"record", "--hours", "0.1", "--state", state, "--quiescence", "1", "--quiescence-mode", "clears"}, nil, &stdout, &errs); code != 2 {
		t.Errorf("a state made with --quiescence-mode enemy, resumed with clears: exit %d", code)
	}
	// A state of the clears lookahead keeps its mode, and goes on with it.
	clears := filepath.Join(dir, "clears.json")
	cargs := []string{"record", "--hours", "0.1", "--start-width", "2", "--max-width", "2", "--quiescence", "2", "--quiescence-mode", "clears",
		"--state", clears, "--mem", "64", "--cache", "1", "--quiet"}
	if code := hatetrisCommands.Run(cargs, nil, &stdout, &errs); code != 0 {
		t.Fatalf("clears: exit %d: %s", code, errs.String())
	}
	if data, err := os.ReadFile(clears); err != nil || !strings.Contains(string(data), `"quiescence_mode": "clears"`) {
		t.Errorf("the clears state does not name its mode: %v\n%s", err, data)
	}
	cargs[6] = "4" // --max-width 4: the next width, same settings
	if code := hatetrisCommands.Run(cargs, nil, &stdout, &errs); code != 0 {
		t.Errorf("clears resumed with its own settings: exit %d: %s", code, errs.String())
	}
	if code := hatetrisCommands.Run([]string{"record", "--hours", "0.1", "--max-width", "8", "--quiescence", "2", "--state", clears,
		"--mem", "64", "--cache", "1", "--quiet"}, nil, &stdout, &errs); code != 2 {
		t.Errorf("the clears state resumed without its mode: exit %d", code)
	}
	// A pre-cut is kept in the state, and a state goes on only with its own.
	pre := filepath.Join(dir, "pre.json")
	pargs := []string{"record", "--hours", "0.1", "--start-width", "2", "--max-width", "2", "--quiescence", "1", "--pre-cut", "2",
		"--state", pre, "--mem", "64", "--cache", "1", "--quiet"}
	if code := hatetrisCommands.Run(pargs, nil, &stdout, &errs); code != 0 {
		t.Fatalf("pre-cut: exit %d: %s", code, errs.String())
	}
	if data, err := os.ReadFile(pre); err != nil || !strings.Contains(string(data), `"pre_cut": 2`) {
		t.Errorf("the pre-cut state does not name its pre-cut: %v\n%s", err, data)
	}
	pargs[6] = "4"
	if code := hatetrisCommands.Run(pargs, nil, &stdout, &errs); code != 0 {
		t.Errorf("the pre-cut state resumed with its own settings: exit %d: %s", code, errs.String())
	}
	errs.Reset()
	if code := hatetrisCommands.Run([]string{"record", "--hours", "0.1", "--start-width", "2", "--max-width", "8", "--quiescence", "1", "--state", pre,
		"--mem", "64", "--cache", "1", "--quiet"}, nil, &stdout, &errs); code != 2 || !strings.Contains(errs.String(), "--pre-cut 2") {
		t.Errorf("the pre-cut state resumed without its pre-cut: exit %d, %q", code, errs.String())
	}
	for _, bad := range [][]string{
		{"--quiescence", "9"}, {"--mem", "10"}, {"--cache", "5000"}, {"--eval", "nope"}, {"--hours", "0"},
		{"--eval", "learned", "--net-weight", "-1"}, {"--eval", "learned", "--net-weight", "NaN"},
		{"--eval", "eltetris", "--net-weight", "100"}, {"--checkpoint-every", "-1s"}, {"--checkpoint-every", "often"},
		{"--quiescence-mode", "both"}, {"--quiescence-mode", ""},
		{"--quiescence", "1", "--pre-cut", "-1"}, {"--quiescence", "1", "--pre-cut", "65"}, {"--pre-cut", "4"},
	} {
		args := append([]string{"record", "--hours", "0.1", "--state", filepath.Join(dir, "other.json")}, bad...)
		if code := hatetrisCommands.Run(args, nil, &stdout, &errs); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

// TestHatetrisRecordBadCheckpoint: a checkpoint the search cannot use
// (damaged, or of other settings, or any with --checkpoint-every 0) stops
// the command with an error that names it, and is left as it was.
func TestHatetrisRecordBadCheckpoint(t *testing.T) {
	dir := t.TempDir()
	ev, _ := hatetris.EvalByName("eltetris")
	b, err := hatetris.NewBeam(hatetris.BeamConfig{Width: 2, Eval: ev, LineWeight: 1000, CacheBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	b.Step()
	var other bytes.Buffer
	if err := b.WriteCheckpoint(&other, "eval=hate", hatetris.BeamProgress{}); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"garbage": []byte("KOCKABM1 and then nothing"), "other": other.Bytes()} {
		state := filepath.Join(dir, name+".json")
		if err := os.WriteFile(state+".beam", data, 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, errs bytes.Buffer
		args := []string{"record", "--hours", "0.1", "--start-width", "2", "--max-width", "2", "--state", state, "--mem", "64", "--cache", "1", "--quiet"}
		if code := hatetrisCommands.Run(args, nil, &stdout, &errs); code != 1 || !strings.Contains(errs.String(), state+".beam") {
			t.Errorf("%s: exit %d, %q", name, code, errs.String())
		}
		if after, _ := os.ReadFile(state + ".beam"); !bytes.Equal(after, data) {
			t.Errorf("%s: the checkpoint was changed", name)
		}
		if _, err := os.Stat(state); !os.IsNotExist(err) {
			t.Errorf("%s: a state was written: %v", name, err)
		}
		// Without checkpoints the saved search is refused before any
		// work, and left as it was.
		errs.Reset()
		args = append(args, "--checkpoint-every", "0")
		if code := hatetrisCommands.Run(args, nil, &stdout, &errs); code != 2 || !strings.Contains(errs.String(), state+".beam") {
			t.Errorf("%s, --checkpoint-every 0: exit %d, %q", name, code, errs.String())
		}
		if after, _ := os.ReadFile(state + ".beam"); !bytes.Equal(after, data) {
			t.Errorf("%s, --checkpoint-every 0: the checkpoint was changed", name)
		}
	}
}

// TestHatetrisRecordLeftoverCheckpoint: a search stopped after its run
// was kept and before its checkpoint was removed leaves a checkpoint of a
// width the state already has; the next run removes it, says so, and goes
// on to the next width. One of a width not kept is still refused.
func TestHatetrisRecordLeftoverCheckpoint(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state.json")
	args := []string{"record", "--hours", "0.1", "--start-width", "2", "--max-width", "2", "--quiescence", "1",
		"--state", state, "--mem", "64", "--cache", "1", "--quiet", "--checkpoint-every", "1h"}
	var stdout, errs bytes.Buffer
	if code := hatetrisCommands.Run(args, nil, &stdout, &errs); code != 0 {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	ev, _ := hatetris.EvalByName("eltetris")
	key := "eval=eltetris weights= line-weight=1000 net-weight=0 quiescence=1"
	leftover := func(width int) []byte {
		b, err := hatetris.NewBeam(hatetris.BeamConfig{Width: width, Eval: ev, LineWeight: 1000, Quiescence: 1, CacheBytes: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		b.Step()
		var buf bytes.Buffer
		if err := b.WriteCheckpoint(&buf, key, hatetris.BeamProgress{}); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	// Width 8 is not kept: refused, left as it was.
	notKept := leftover(8)
	if err := os.WriteFile(state+".beam", notKept, 0o644); err != nil {
		t.Fatal(err)
	}
	args[4], args[6] = "4", "4"
	errs.Reset()
	if code := hatetrisCommands.Run(args, nil, &stdout, &errs); code != 1 || !strings.Contains(errs.String(), "width 8") {
		t.Errorf("a checkpoint of width 8, not kept: exit %d, %q", code, errs.String())
	}
	if after, _ := os.ReadFile(state + ".beam"); !bytes.Equal(after, notKept) {
		t.Error("the checkpoint of a width not kept was changed")
	}
	// Width 2 is kept: removed, and width 4 searched.
	if err := os.WriteFile(state+".beam", leftover(2), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	errs.Reset()
	if code := hatetrisCommands.Run(args, nil, &stdout, &errs); code != 0 ||
		!strings.Contains(errs.String(), "left over from the search of width 2") || !strings.Contains(stdout.String(), "width 4: ") {
		t.Errorf("a leftover checkpoint of width 2: exit %d, stdout %q, stderr %q", code, stdout.String(), errs.String())
	}
	if _, err := os.Stat(state + ".beam"); !os.IsNotExist(err) {
		t.Errorf("the leftover checkpoint is still there: %v", err)
	}
	st, err := hatetris.LoadRecordState(state)
	if err != nil || len(st.Runs) != 2 || st.Runs[1].Width != 4 {
		t.Errorf("state after: %+v, %v", st.Runs, err)
	}
}

// TestShortWidth: the axis labels of the record plot.
func TestShortWidth(t *testing.T) {
	for w, want := range map[int]string{1: "1", 64: "64", 1000: "1000", 1024: "1k", 65536: "64k", 524288: "512k", 1 << 20: "1M", 3 << 21: "6M", 1<<20 + 1024: "1025k"} {
		if got := shortWidth(w); got != want {
			t.Errorf("shortWidth(%d) = %q, want %q", w, got, want)
		}
	}
}

// TestRecordPlotTitle: the plot names the weights the search ranked by,
// the network's only when it is not the line weight, and a network
// added to a weight set by the start of its SHA-256.
func TestRecordPlotTitle(t *testing.T) {
	runs := []hatetris.RecordRun{{Width: 64, Lines: 10, Pieces: 50}, {Width: 128, Lines: 12, Pieces: 55}}
	for _, c := range []struct {
		st   hatetris.RecordState
		want string
	}{
		{hatetris.RecordState{Eval: "eltetris", LineWeight: 1000, Quiescence: 1, Runs: runs}, "(eltetris, line weight 1000, quiescence 1)"},
		{hatetris.RecordState{Eval: "learned", LineWeight: 0, NetWeight: 1000, Runs: runs}, "(learned, line weight 0, net weight 1000, quiescence 0)"},
		{hatetris.RecordState{Eval: "hate-tuned-wide", WeightsSHA256: "15d347280b384ff4", LineWeight: 1000, NetWeight: 1000, Quiescence: 1, Runs: runs},
			"(hate-tuned-wide, network 15d34728, line weight 1000, net weight 1000, quiescence 1)"},
		{hatetris.RecordState{Eval: "eltetris", LineWeight: 1000, Quiescence: 1, PreCut: 4, Runs: runs}, "(eltetris, line weight 1000, quiescence 1 after a pre-cut of 4)"},
	} {
		if svg := recordPlot(&c.st); !strings.Contains(svg, c.want) || !strings.Contains(svg, "<polyline") {
			t.Errorf("plot of %+v: no %q in\n%s", c.st, c.want, svg)
		}
	}
}

// TestRecordPlotLabelsBelowSettings: the best point's labels (its lines
// and its time) stay below the settings line at y 38, where they were
// drawn over it before the plot kept its top 20 pixels free.
func TestRecordPlotLabelsBelowSettings(t *testing.T) {
	st := hatetris.RecordState{Eval: "imitated", LineWeight: 1000, Quiescence: 1, PreCut: 4,
		Runs: []hatetris.RecordRun{{Width: 512, Lines: 37}, {Width: 1024, Lines: 130}, {Width: 2048, Lines: 127}}}
	labels := regexp.MustCompile(`<text x="[0-9.]+" y="([0-9.]+)" text-anchor="middle"[^>]*>([^<]*)</text>`)
	found := 0
	for _, l := range labels.FindAllStringSubmatch(recordPlot(&st), -1) {
		y, err := strconv.ParseFloat(l[1], 64)
		if err != nil || y < 38+12 {
			t.Errorf("label %q at y %s: want it 12 pixels or more below the settings at 38", l[2], l[1])
		}
		found++
	}
	if found != 3*3 { // each point: its width, lines and time
		t.Errorf("%d labels, want 9", found)
	}
}

// TestHatetrisBeamMemory: a beam wider than --mem holds is refused with
// exit 2 before the search (the default 4096 MiB holds 917,504 wells for
// play --bot beside its 64 MiB cache), as is a --mem out of range; a
// beam that fits is played.
func TestHatetrisBeamMemory(t *testing.T) {
	out := filepath.Join(t.TempDir(), "d.dat")
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"play, a million wells", []string{"play", "--bot", "--beam", "1000000"}, 2, "a beam of 1000000 wells needs more than --mem 4096 MiB (it holds 917504; raise --mem)"},
		{"play, --mem too small", []string{"play", "--bot", "--beam", "4", "--mem", "63"}, 2, "--mem 63 MiB out of range"},
		{"play, --mem too large", []string{"play", "--bot", "--beam", "4", "--mem", "1048577"}, 2, "--mem 1048577 MiB out of range"},
		{"play, a cache larger than --mem", []string{"play", "--bot", "--beam", "4", "--mem", "64"}, 2, "needs less than --mem"},
		{"data, four million wells", []string{"data", "--out", out, "--width", "4000000", "--per-depth", "1"}, 2, "needs more than --mem 4096 MiB"},
		{"data, a cache as large as --mem", []string{"data", "--out", out, "--width", "64", "--cache", "128", "--mem", "128"}, 2, "needs less than --mem"},
		{"play, a beam that fits", []string{"play", "--bot", "--beam", "2", "--max-pieces", "3", "--mem", "65"}, 0, `{"lines":0,"moves":`},
	} {
		code, stdout, stderr := runHatetris(c.args...)
		if code != c.code || !strings.Contains(stdout+stderr, c.want) {
			t.Errorf("%s: exit %d, %q %q; want exit %d and %q", c.name, code, stdout, stderr, c.code, c.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a refused data run wrote %s (%v)", out, err)
	}
}

// TestHatetrisPlayTrace: --trace prints a line per piece locked, in
// order, with the well's features (none for the well that ends the
// game), then the result line that play prints without it.
func TestHatetrisPlayTrace(t *testing.T) {
	var plain, traced, errs bytes.Buffer
	best := filepath.Join("docs", "hatetris-best.txt")
	if code := hatetrisCommands.Run([]string{"play", "--replay-file", best}, nil, &plain, &errs); code != 0 {
		t.Fatalf("play: exit %d: %s", code, errs.String())
	}
	if code := hatetrisCommands.Run([]string{"play", "--trace", "--replay-file", best}, nil, &traced, &errs); code != 0 {
		t.Fatalf("play --trace: exit %d: %s", code, errs.String())
	}
	lines := strings.Split(strings.TrimSpace(traced.String()), "\n")
	if got := lines[len(lines)-1] + "\n"; got != plain.String() {
		t.Fatalf("last line %q, play prints %q", got, plain.String())
	}
	var result struct{ Lines, Moves int }
	json.Unmarshal(plain.Bytes(), &result)
	type traceLine struct {
		Piece, Moves, Lines int
		Over                bool `json:"game_over"`
		Height              *int
		Holes, Enclosed     int
	}
	pieces := lines[:len(lines)-1]
	for i, l := range pieces {
		var tl traceLine
		if err := json.Unmarshal([]byte(l), &tl); err != nil {
			t.Fatalf("line %d: %v: %q", i, err, l)
		}
		last := i == len(pieces)-1
		switch {
		case tl.Piece != i+1:
			t.Fatalf("line %d is piece %d", i, tl.Piece)
		case tl.Over != last || last && (tl.Height != nil || tl.Moves != result.Moves || tl.Lines != result.Lines):
			t.Fatalf("line %d (last %v): %q; the result %+v", i, last, l, result)
		case !last && (tl.Height == nil || tl.Enclosed > tl.Holes):
			t.Fatalf("line %d: %q", i, l)
		}
	}
	if len(pieces) < 100 {
		t.Errorf("%d pieces traced", len(pieces))
	}
	if code := hatetrisCommands.Run([]string{"play", "--trace", "--bot"}, nil, &traced, &errs); code != 2 {
		t.Errorf("--trace with --bot: exit %d, want 2", code)
	}
}

// TestHatetrisPlayBotFromPiece: --bot --from-piece N goes on from the
// first N pieces of a replay's game: its replay starts with their key
// presses and plays to the lines it prints; a game that ends by piece N
// and the flag without --bot or a replay are refused.
func TestHatetrisPlayBotFromPiece(t *testing.T) {
	run := func(args ...string) (int, []string, string) {
		var out, errs bytes.Buffer
		code := hatetrisCommands.Run(append([]string{"play"}, args...), nil, &out, &errs)
		return code, strings.Split(strings.TrimSpace(out.String()), "\n"), errs.String()
	}
	code, first, errs := run("--bot", "--beam", "4", "--encoding", "hex")
	if code != 0 || len(first) != 2 {
		t.Fatalf("exit %d: %q %s", code, first, errs)
	}
	game, _ := hatetris.DecodeReplay(first[1])
	prefix, err := hatetris.PrefixMoves(game, 10)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := hatetris.NewGame(hatetris.Standard, hatetris.NewEnemy(false))
	g.Play(prefix)
	code, next, errs := run("--bot", "--beam", "16", "--replay", first[1], "--from-piece", "10", "--encoding", "hex")
	if code != 0 || len(next) != 2 {
		t.Fatalf("exit %d: %q %s", code, next, errs)
	}
	moves, _ := hatetris.DecodeReplay(next[1])
	var said struct{ Lines int }
	if json.Unmarshal([]byte(next[0]), &said) != nil || len(moves) < len(prefix) || !slices.Equal(moves[:len(prefix)], prefix) || said.Lines < g.Score() {
		t.Fatalf("from piece 10: %q does not go on from the prefix (%d lines)", next[0], g.Score())
	}
	h, _ := hatetris.NewGame(hatetris.Standard, hatetris.NewEnemy(false))
	if h.Play(moves); h.Score() != said.Lines || !h.Over() {
		t.Errorf("the replay plays to %d lines (over %v), the bot said %d", h.Score(), h.Over(), said.Lines)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--bot", "--replay", first[1], "--from-piece", "100000"}, 1, "does not go on after piece 100000"},
		{[]string{"--bot", "--from-piece", "3"}, 2, "--from-piece goes with --bot"},
		{[]string{"--replay", first[1], "--from-piece", "3"}, 2, "--from-piece goes with --bot"},
		{[]string{"--bot", "--replay", first[1]}, 2, "exactly one of"},
		{[]string{"--bot", "--replay", first[1], "--from-piece", "-2"}, 2, "want 0 or more"},
	} {
		if code, _, errs := run(c.args...); code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, %q; want %d saying %q", c.args, code, errs, c.code, c.want)
		}
	}
}
