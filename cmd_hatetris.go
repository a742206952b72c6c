package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// maxHatetrisReplayBytes caps --replay-file: the record games run to a
// few tens of thousands of moves, a few tens of KiB in any encoding.
const maxHatetrisReplayBytes = 256 << 10

// maxRecordHours bounds hatetris record --hours: a year (1e300 hours
// would overflow the deadline).
const maxRecordHours = 24 * 366

// botCacheMiB is the enemy cache of hatetris play --bot.
const botCacheMiB = 64

// maxBotPieces bounds hatetris play --max-pieces: the best games known
// last a few thousand pieces.
const maxBotPieces = 1_000_000

// hatetrisCommands are kocka hatetris's sub-commands.
var hatetrisCommands = &cli.Group{Name: "kocka hatetris", Commands: []cli.Command{
	{Name: "play", Summary: "play a replay (--replay, --replay-file) or let Kocka's placer play (--bot); print the result as JSON", Run: runHatetrisPlay},
	{Name: "record", Summary: "the record attempt: beam searches of doubling width for --hours, resumable", Run: runHatetrisRecord},
	{Name: "data", Summary: "training positions for the learned evaluation, labelled by rollouts (--out; --shard I/N, then data merge)", Run: runHatetrisData},
	{Name: "train", Summary: "train the learned evaluation on a data file (--data, --out, --plot)", Run: runHatetrisTrain},
	{Name: "imitate", Summary: "fit a weight set to the choices of recorded games, the record holders' say (--replays, --names, --out)", Run: runHatetrisImitate},
	{Name: "imitate-net", Summary: "train a network to add to a weight set what it misses of recorded games' choices (--replays, --names, --net-weight, --out)", Run: runHatetrisImitateNet},
	{Name: "tune", Summary: "tune a weight set by the cross-entropy method on the lines of beam searches (--out, resumable)", Run: runHatetrisTune},
}}

// runHatetrisPlay plays a replay, or lets Kocka's placer play, and prints
// {"lines":N,"moves":M,"game_over":true|false}; a game played by the bot
// is followed by its replay on the next line.
func runHatetrisPlay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka hatetris play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	replay := fs.String("replay", "", "a replay in any of the game's encodings (Base2048, Base65536, hex or raw LRDU)")
	replayFile := fs.String("replay-file", "", "a file holding a replay (at most "+bounded.Size(maxHatetrisReplayBytes)+"; - for stdin)")
	mild := fs.Bool("mild", false, "play against HATETRIS Mild (no rule against repeated wells)")
	trace := fs.Bool("trace", false, "with a replay: before the result, print one JSON line per piece locked (its number, the lines so far, the well's features)")
	bot := fs.Bool("bot", false, "let Kocka's placer play (beam search) and print its replay")
	beam := fs.Int("beam", 64, "bot: beam width")
	evalName := fs.String("eval", "eltetris", "bot: the evaluation of wells ("+evalNames()+")")
	weights := fs.String("weights", "", "bot: a network's weights file, added to the --eval set (with --eval learned, default: the built-in one)")
	quiescence := fs.Int("quiescence", 0, fmt.Sprintf("bot: extend wells with a clear pending or one way on, up to this many pieces (0 to %d)", hatetris.MaxQuiescence))
	maxPieces := fs.Int("max-pieces", 2000, "bot: stop after placing this many pieces")
	memMiB := fs.Int("mem", 4096, "bot: memory for the search in MiB (64 to 1048576): a wider --beam is refused")
	encoding := fs.String("encoding", "base2048", "bot: write the replay as "+strings.Join(hatetris.Encodings, ", ")+" (base2048 is what the game writes today)")
	fromPiece := fs.Int("from-piece", -1, "bot: go on from the game of --replay or --replay-file after its first `N` pieces (their key presses kept, the enemy remembering their wells) instead of from the empty well")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kocka hatetris play: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	sources := 0
	for _, set := range []bool{*replay != "", *replayFile != "", *bot} {
		if set {
			sources++
		}
	}
	switch {
	case *fromPiece >= 0 && (!*bot || sources != 2):
		fmt.Fprintln(stderr, "kocka hatetris play: --from-piece goes with --bot and one of --replay and --replay-file")
		return 2
	case *fromPiece < -1:
		fmt.Fprintf(stderr, "kocka hatetris play: --from-piece %d: want 0 or more\n", *fromPiece)
		return 2
	case *fromPiece < 0 && sources != 1:
		fmt.Fprintln(stderr, "kocka hatetris play: give exactly one of --replay, --replay-file and --bot (or --bot --from-piece N with a replay)")
		return 2
	}
	if *bot {
		if *trace {
			fmt.Fprintln(stderr, "kocka hatetris play: --trace reads a replay (--replay or --replay-file), not --bot")
			return 2
		}
		if *mild {
			fmt.Fprintln(stderr, "kocka hatetris play: the bot plays HATETRIS only (no --mild)")
			return 2
		}
		if _, err := hatetris.EncodeReplayAs(nil, *encoding); err != nil {
			fmt.Fprintf(stderr, "kocka hatetris play: --encoding: %v\n", err)
			return 2
		}
		var prefix []hatetris.Move
		if *fromPiece >= 0 {
			moves, err := readHatetrisReplay(*replay, *replayFile, stdin)
			if err == nil {
				prefix, err = hatetris.PrefixMoves(moves, *fromPiece)
			}
			if err != nil {
				fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
				return 1
			}
		}
		return hatetrisBot(*beam, *memMiB, *evalName, *weights, *quiescence, *maxPieces, *encoding, prefix, stdout, stderr)
	}
	moves, err := readHatetrisReplay(*replay, *replayFile, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
		return 1
	}
	g, err := hatetris.NewGame(hatetris.Standard, hatetris.NewEnemy(*mild))
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
		return 1
	}
	if !*trace {
		n := g.Play(moves)
		printHatetrisResult(stdout, g.Score(), n, g.Over())
		return 0
	}
	n, pieces := 0, g.Pieces()
	enc := json.NewEncoder(stdout)
	for _, m := range moves {
		if !g.Apply(m) {
			break
		}
		n++
		if g.Pieces() == pieces && !g.Over() {
			continue
		}
		pieces = g.Pieces()
		w := g.Well()
		locked := pieces - 1 // the next piece has spawned
		if g.Over() {
			locked = pieces
		}
		line := struct {
			Piece int  `json:"piece"`
			Moves int  `json:"moves"`
			Lines int  `json:"lines"`
			Over  bool `json:"game_over"`
			*hatetris.WellStats
		}{Piece: locked, Moves: n, Lines: g.Score(), Over: g.Over()}
		// A well over the bar (the game's end) has no features to count.
		if st, ok := hatetris.StatsOf(&w); ok {
			line.WellStats = &st
		}
		if err := enc.Encode(line); err != nil {
			fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
			return 1
		}
	}
	printHatetrisResult(stdout, g.Score(), n, g.Over())
	return 0
}

// namedFile is a file a flag (or an argument) names.
type namedFile struct{ what, path string }

// namedFiles names every path of a list alike (the shards of a merge).
func namedFiles(what string, paths []string) []namedFile {
	out := make([]namedFile, len(paths))
	for i, p := range paths {
		out[i] = namedFile{what, p}
	}
	return out
}

// sameFile reports whether a and b name one file: the same absolute path
// once cleaned (so also two outputs not written yet), or one existing
// file under two names (./x and x, a link).
func sameFile(a, b string) bool {
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	if errA == nil && errB == nil && absA == absB || filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// checkDistinctFiles refuses an output that is another output or one of the
// inputs: the later write would replace the state, data or weights the
// run read or wrote, and push the good copy into .bak. Empty paths and
// "-" (stdin) are skipped.
func checkDistinctFiles(outs, ins []namedFile) error {
	for i, o := range outs {
		if o.path == "" {
			continue
		}
		for _, x := range append(outs[i+1:len(outs):len(outs)], ins...) {
			if x.path != "" && x.path != "-" && sameFile(o.path, x.path) {
				return fmt.Errorf("%s and %s are the same file, %s: the one would overwrite the other", o.what, x.what, o.path)
			}
		}
	}
	return nil
}

// beamWells is the widest beam memMiB holds beside a cacheMiB enemy cache.
func beamWells(memMiB, cacheMiB int) int64 {
	return (int64(memMiB-cacheMiB) << 20) / hatetris.BytesPerWidth
}

// maxMemMiB bounds the --mem flags (1 TiB).
const maxMemMiB = 1 << 20

// checkBeamMemory refuses beams that --mem cannot hold (BytesPerWidth a
// well, the enemy cache apart) before any work, so that a mistyped width
// is an error and not a machine out of memory an hour later.
func checkBeamMemory(wells int64, memMiB, cacheMiB int) error {
	if memMiB < 64 || memMiB > maxMemMiB {
		return fmt.Errorf("--mem %d MiB out of range 64..%d", memMiB, maxMemMiB)
	}
	if cacheMiB >= memMiB {
		return fmt.Errorf("the enemy cache (%d MiB) needs less than --mem (%d MiB)", cacheMiB, memMiB)
	}
	if most := beamWells(memMiB, cacheMiB); wells > most {
		return fmt.Errorf("a beam of %d wells needs more than --mem %d MiB (it holds %d; raise --mem)", wells, memMiB, most)
	}
	return nil
}

func printHatetrisResult(w io.Writer, lines, moves int, over bool) {
	fmt.Fprintf(w, "{\"lines\":%d,\"moves\":%d,\"game_over\":%t}\n", lines, moves, over)
}

// evalNames lists the evaluations for the flags' help.
func evalNames() string {
	var names []string
	for _, w := range hatetris.EvalSets {
		names = append(names, w.Name)
	}
	return strings.Join(names, ", ")
}

// readHatetrisReplay decodes the replay of --replay or of --replay-file
// (- for stdin), at most maxHatetrisReplayBytes of it.
func readHatetrisReplay(replay, replayFile string, stdin io.Reader) ([]hatetris.Move, error) {
	if replayFile != "" {
		data, err := bounded.ReadFile(replayFile, stdin, maxHatetrisReplayBytes)
		if err != nil {
			return nil, err
		}
		replay = string(data)
	} else if len(replay) > maxHatetrisReplayBytes {
		return nil, &bounded.TooLargeError{What: "--replay", Limit: maxHatetrisReplayBytes}
	}
	return hatetris.DecodeReplay(replay)
}

// hatetrisBot plays one game with the beam search, going on from the
// game of prefix's key presses if there are any, and prints its result
// and replay, checked by playing the replay through the rules.
func hatetrisBot(width, memMiB int, evalName, weights string, quiescence, maxPieces int, encoding string, prefix []hatetris.Move, stdout, stderr io.Writer) int {
	if width < 1 || width > hatetris.MaxRecordWidth || maxPieces < 1 || maxPieces > maxBotPieces {
		fmt.Fprintf(stderr, "kocka hatetris play: need 1 <= --beam <= %d and 1 <= --max-pieces <= %d\n", hatetris.MaxRecordWidth, maxBotPieces)
		return 2
	}
	if err := checkBeamMemory(int64(width), memMiB, botCacheMiB); err != nil {
		fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
		return 2
	}
	ev, _, err := hatetrisEval(evalName, "--weights", weights)
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
		return exitCode(err)
	}
	b, err := hatetris.NewBeam(hatetris.BeamConfig{Width: width, Eval: ev, LineWeight: 1000, Quiescence: quiescence, CacheBytes: botCacheMiB << 20, Prefix: prefix})
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
		return 2
	}
	for b.Depth < maxPieces && b.Step() {
	}
	moves, err := b.BestMoves()
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
		return 1
	}
	g, _ := hatetris.NewGame(hatetris.Standard, hatetris.NewEnemy(false))
	n := g.Play(moves)
	if lines, _ := b.Best(); g.Score() != lines {
		fmt.Fprintf(stderr, "kocka hatetris play: the replay scores %d lines, the search said %d\n", g.Score(), lines)
		return 1
	}
	printHatetrisResult(stdout, g.Score(), n, g.Over())
	replay, err := hatetris.EncodeReplayAs(g.Moves(), encoding)
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, replay)
	return 0
}

// runHatetrisRecord is the record attempt: beam searches of doubling width
// against HATETRIS until the time is up. Every finished search is kept in
// the state file with its lines and time, so a later session goes on where
// this one stopped; the best game is written as a replay.
func runHatetrisRecord(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return runHatetrisRecordMerge(args[1:], stdin, stdout, stderr)
	}
	fs := flag.NewFlagSet("kocka hatetris record", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: kocka hatetris record --hours H [flags]\n"+
			"       kocka hatetris record merge --state FILE SHARD-STATE...   (join the states of --shard I/N runs)\n")
		fs.PrintDefaults()
	}
	hours := fs.Float64("hours", 0, fmt.Sprintf("how long to search (required; more than 0, at most %d)", maxRecordHours))
	statePath := fs.String("state", "hatetris-record.json", "the state file (read if it exists, at most "+bounded.Size(hatetris.MaxRecordStateBytes)+"; rewritten after every search)")
	start := fs.Int("start-width", 64, "beam width of the first search")
	maxWidth := fs.Int("max-width", 1<<22, "stop before a search wider than this")
	evalName := fs.String("eval", "eltetris", "the evaluation of wells ("+evalNames()+")")
	weights := fs.String("weights", "", "a network's weights file, added to the --eval set (with --eval learned, default: the built-in one)")
	lineWeight := fs.Float64("line-weight", 1000, "what a cleared line is worth against the evaluation")
	netWeight := fs.Float64("net-weight", 0, "with a network (--eval learned or --weights), what a line the network expects is worth (0: --line-weight)")
	quiescence := fs.Int("quiescence", 0, fmt.Sprintf("extend wells with a clear pending or one way on, up to this many pieces (0 to %d)", hatetris.MaxQuiescence))
	modeName := fs.String("quiescence-mode", "enemy", "how --quiescence extends a well: enemy (by the piece the enemy gives) or clears (by an unbroken run of line clears, the record holders' lookahead)")
	preCut := fs.Int("pre-cut", 0, fmt.Sprintf("with --quiescence: judge every child without it first and extend only this many per unit of width, the best (0: extend every child; at most %d)", hatetris.MaxPreCut))
	memMiB := fs.Int("mem", 4096, "memory for the search in MiB (at least 64): limits the beam width")
	cacheMiB := fs.Int("cache", 256, "of --mem, MiB for the enemy cache (at least 1)")
	out := fs.String("out", "", "write the best replay (Base2048) to this file")
	plot := fs.String("plot", "", "write an SVG plot of lines against beam width and time to this file")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	shardFlag := fs.String("shard", "", "run only part `I/N` of the widths (those at places I, I+N, I+2N, ... of --start-width, 2x, 4x, ...), for kocka hatetris record merge")
	every := fs.Duration("checkpoint-every", 10*time.Minute, "save the running search to STATE.beam this often, and when --hours runs out, so that the next run goes on from it (0: never)")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kocka hatetris record: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	// Every flag and file is checked here, before the first search: a bad
	// one found after hours of searching would lose them.
	var err error
	switch {
	case math.IsNaN(*hours) || *hours <= 0 || *hours > maxRecordHours:
		err = fmt.Errorf("--hours %g out of range: more than 0, at most %d", *hours, maxRecordHours)
	case math.IsNaN(*lineWeight) || math.IsInf(*lineWeight, 0):
		err = fmt.Errorf("--line-weight %g is not a finite number", *lineWeight)
	case !(*netWeight >= 0) || math.IsInf(*netWeight, 0):
		err = fmt.Errorf("--net-weight %g: want a finite number of at least 0", *netWeight)
	case *netWeight != 0 && *evalName != "learned" && *weights == "":
		err = fmt.Errorf("--net-weight needs a network: --eval learned or --weights")
	case *start < 1 || *maxWidth < *start || *maxWidth > hatetris.MaxRecordWidth:
		err = fmt.Errorf("need 1 <= --start-width <= --max-width <= %d", hatetris.MaxRecordWidth)
	case *quiescence < 0 || *quiescence > hatetris.MaxQuiescence:
		err = fmt.Errorf("--quiescence %d out of range 0..%d", *quiescence, hatetris.MaxQuiescence)
	case !slices.Contains(hatetris.QuiescenceModes, *modeName):
		err = fmt.Errorf("--quiescence-mode %q: want one of %s", *modeName, strings.Join(hatetris.QuiescenceModes, ", "))
	case *preCut < 0 || *preCut > hatetris.MaxPreCut:
		err = fmt.Errorf("--pre-cut %d out of range 0..%d", *preCut, hatetris.MaxPreCut)
	case *preCut > 0 && *quiescence == 0:
		err = fmt.Errorf("--pre-cut %d needs --quiescence (it chooses the children quiescence extends)", *preCut)
	case *memMiB < 64 || *memMiB > maxMemMiB:
		err = fmt.Errorf("--mem %d MiB out of range 64..%d", *memMiB, maxMemMiB)
	case *cacheMiB < 1 || *cacheMiB >= *memMiB:
		err = fmt.Errorf("--cache %d MiB: need at least 1 and less than --mem (%d)", *cacheMiB, *memMiB)
	case *every < 0:
		err = fmt.Errorf("--checkpoint-every %v: want 0 (never) or more", *every)
	}
	var shard *hatetris.RecordShard
	if err == nil && *shardFlag != "" {
		i, n, perr := parseShardFlag(*shardFlag)
		if perr == nil && n > hatetris.MaxRecordShards {
			perr = fmt.Errorf("%q: at most %d shards (there are at most %d widths)", *shardFlag, hatetris.MaxRecordShards, hatetris.MaxRecordShards)
		}
		if perr != nil {
			err = fmt.Errorf("--shard %v", perr)
		}
		shard = &hatetris.RecordShard{Index: i, Count: n, Start: *start}
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris record: %v\n", err)
		return 2
	}
	ev, weightsSum, err := hatetrisEval(*evalName, "--weights", *weights)
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris record: %v\n", err)
		return exitCode(err)
	}
	// The widest beam the memory holds (the cache's share apart).
	memWidth := beamWells(*memMiB, *cacheMiB)
	beamPath := *statePath + ".beam"
	// A replay or plot written over the state, its checkpoint or the
	// network would end the next run (and push the good copy into .bak).
	if err := checkDistinctFiles([]namedFile{{"--state", *statePath}, {"--out", *out}, {"--plot", *plot}},
		[]namedFile{{"the checkpoint", beamPath}, {"--weights", *weights}}); err != nil {
		fmt.Fprintf(stderr, "kocka hatetris record: %v\n", err)
		return 2
	}
	for _, f := range []struct{ flag, path string }{{"--state", *statePath}, {"--out", *out}, {"--plot", *plot}, {"--checkpoint-every", beamPath}} {
		if f.path == "" && f.flag != "--state" || f.flag == "--checkpoint-every" && *every == 0 {
			continue
		}
		if err := cli.CheckWritable(f.path); err != nil {
			fmt.Fprintf(stderr, "kocka hatetris record: %s: %v\n", f.flag, err)
			return 2
		}
	}
	if _, err := os.Stat(beamPath); err == nil && *every == 0 {
		// Without checkpoints the search would start again and, once
		// kept, take the saved one's place: refuse rather than lose it.
		fmt.Fprintf(stderr, "kocka hatetris record: %s holds a saved search; go on from it with --checkpoint-every above 0, or move it away\n", beamPath)
		return 2
	}
	st, err := hatetris.LoadRecordState(*statePath)
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris record: %v\n", err)
		return 1
	}
	if len(st.Runs) > 0 && (st.Eval != *evalName || st.LineWeight != *lineWeight || st.NetWeight != *netWeight || st.Quiescence != *quiescence || st.ModeName() != *modeName || st.PreCut != *preCut) {
		fmt.Fprintf(stderr, "kocka hatetris record: %s was made with --eval %s --line-weight %g --net-weight %g --quiescence %d --quiescence-mode %s --pre-cut %d; use those or a new --state\n",
			*statePath, st.Eval, st.LineWeight, st.NetWeight, st.Quiescence, st.ModeName(), st.PreCut)
		return 2
	}
	if len(st.Runs) > 0 && st.WeightsSHA256 != weightsSum {
		fmt.Fprintf(stderr, "kocka hatetris record: %s was made with other weights (SHA-256 %q, these are %q); use those or a new --state\n",
			*statePath, st.WeightsSHA256, weightsSum)
		return 2
	}
	if len(st.Runs) > 0 && !reflect.DeepEqual(st.Shard, shard) {
		fmt.Fprintf(stderr, "kocka hatetris record: %s is %s; run it with the same --shard and --start-width or use a new --state\n", *statePath, describeShard(st.Shard))
		return 2
	}
	st.Version, st.Eval, st.LineWeight, st.NetWeight, st.Quiescence, st.PreCut, st.WeightsSHA256 = hatetris.RecordStateVersion, *evalName, *lineWeight, *netWeight, *quiescence, *preCut, weightsSum
	st.SetMode(*modeName)
	st.Shard = shard
	deadline := time.Now().Add(time.Duration(*hours * float64(time.Hour)))
	// An interrupt or a SIGTERM (a pod being stopped) ends the search
	// like the deadline: after the piece in progress, saved.
	sigCtx, stopSignals := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stopSignals()
	ctx, cancel := context.WithDeadline(sigCtx, deadline)
	defer cancel()
	bar := cli.NewProgress(stderr)
	for {
		w := st.NextWidth(*start)
		if w > *maxWidth || ctx.Err() != nil {
			break
		}
		if int64(w) > memWidth {
			fmt.Fprintf(stderr, "kocka hatetris record: width %d needs more than --mem %d MiB (at most %d wells)\n", w, *memMiB, memWidth)
			break
		}
		began := time.Now()
		var progress func(*hatetris.Beam)
		if !*quiet {
			progress = func(b *hatetris.Beam) {
				if b.Depth%10 == 0 {
					lines, _ := b.Best()
					bar.Update(false, "width %d: piece %d, %d wells, best line %d lines, %s (best so far %d lines)",
						w, b.Depth, b.Alive(), lines, time.Since(began).Round(time.Second), st.Best.Lines)
				}
			}
		}
		mode, _ := hatetris.QuiescenceModeByName(*modeName) // checked above
		cfg := hatetris.BeamConfig{Width: w, Eval: ev, LineWeight: *lineWeight, NetWeight: *netWeight, Quiescence: *quiescence, QuiescenceMode: mode, PreCut: *preCut, CacheBytes: int64(*cacheMiB) << 20}
		var cp *hatetris.RecordCheckpoint
		if *every > 0 {
			// The key names every setting the search's result depends on.
			cp = &hatetris.RecordCheckpoint{Path: beamPath, Every: *every,
				Key: checkpointKey(*evalName, weightsSum, *lineWeight, *netWeight, *quiescence, *modeName, *preCut),
				Resumed: func(depth int, spent hatetris.BeamProgress) {
					fmt.Fprintf(stderr, "kocka hatetris record: width %d goes on from %s at piece %d (%.0f s spent)\n", w, beamPath, depth, spent.Seconds)
				},
				Kept: func(width int) bool {
					return slices.ContainsFunc(st.Runs, func(r hatetris.RecordRun) bool { return r.Width == width })
				},
				Stale: func(width int) {
					fmt.Fprintf(stderr, "kocka hatetris record: removed %s, left over from the search of width %d that %s already keeps\n", beamPath, width, *statePath)
				}}
		}
		run, ok, err := hatetris.RunRecord(ctx, cfg, cp, progress)
		bar.Done()
		if err != nil {
			fmt.Fprintf(stderr, "kocka hatetris record: %v\n", err)
			return 1
		}
		if !ok {
			why := "time is up"
			if sigCtx.Err() != nil {
				why = "stopped by a signal"
			}
			if cp != nil {
				fmt.Fprintf(stderr, "kocka hatetris record: %s during the search of width %d; it is saved in %s and goes on next time\n", why, w, beamPath)
			} else {
				fmt.Fprintf(stderr, "kocka hatetris record: %s during the search of width %d; it will start again next time\n", why, w)
			}
			break
		}
		st.Runs = append(st.Runs, run)
		st.TotalSecs += run.Seconds
		if run.Lines > st.Best.Lines || st.Best.Replay == "" {
			st.Best = run
		}
		if err := st.Save(*statePath); err != nil {
			fmt.Fprintf(stderr, "kocka hatetris record: %v\n", err)
			return 1
		}
		// The run is kept: its checkpoint (if any) is done with.
		if cp != nil {
			if err := hatetris.RemoveCheckpoint(beamPath); err != nil {
				fmt.Fprintf(stderr, "kocka hatetris record: %v\n", err)
				return 1
			}
		}
		fmt.Fprintf(stdout, "width %d: %d lines in %d pieces, %.1f s (%.1f s CPU)\n", run.Width, run.Lines, run.Pieces, run.Seconds, run.CPUSeconds)
	}
	return writeRecordResults(st, *out, *plot, stdout, stderr)
}

// describeShard names a state's part of a record attempt.
func describeShard(sh *hatetris.RecordShard) string {
	if sh == nil {
		return "a whole record attempt (no --shard)"
	}
	return fmt.Sprintf("shard %d/%d from width %d", sh.Index, sh.Count, sh.Start)
}

// writeRecordResults prints the best run and writes its replay and the
// plot, if asked.
func writeRecordResults(st *hatetris.RecordState, out, plot string, stdout, stderr io.Writer) int {
	if st.Best.Replay == "" {
		fmt.Fprintln(stderr, "kocka hatetris record: no search finished")
		return 1
	}
	fmt.Fprintf(stdout, "best: %d lines (width %d)\n%s\n", st.Best.Lines, st.Best.Width, st.Best.Replay)
	if out != "" {
		if err := atomicfile.WriteFile(out, []byte(st.Best.Replay+"\n"), 0o644); err != nil {
			fmt.Fprintf(stderr, "kocka hatetris record: %v\n", err)
			return 1
		}
	}
	if plot != "" {
		if err := atomicfile.WriteFile(plot, []byte(recordPlot(st)), 0o644); err != nil {
			fmt.Fprintf(stderr, "kocka hatetris record: %v\n", err)
			return 1
		}
	}
	return 0
}

// shortWidth writes a beam width for an axis: 512, 64k, 1M (binary
// multiples, as the widths double from a power of two), so that six-digit
// widths do not run into each other.
func shortWidth(w int) string {
	switch {
	case w >= 1<<20 && w%(1<<20) == 0:
		return fmt.Sprintf("%dM", w>>20)
	case w >= 1<<10 && w%(1<<10) == 0:
		return fmt.Sprintf("%dk", w>>10)
	}
	return fmt.Sprint(w)
}

// recordPlot draws lines against beam width (log scale), each point
// labelled with the cumulative search time, as an SVG.
func recordPlot(st *hatetris.RecordState) string {
	const w, h, m = 640, 400, 60
	maxLines, maxLog := 1, 1.0
	for _, r := range st.Runs {
		maxLines = max(maxLines, r.Lines)
		maxLog = max(maxLog, math.Log2(float64(r.Width)))
	}
	minLog := maxLog
	for _, r := range st.Runs {
		minLog = min(minLog, math.Log2(float64(r.Width)))
	}
	if maxLog == minLog {
		minLog = maxLog - 1
	}
	x := func(width int) float64 {
		return m + (math.Log2(float64(width))-minLog)/(maxLog-minLog)*(w-2*m)
	}
	// The top 20 pixels of the plot are left for the best point's label.
	y := func(lines int) float64 { return h - m - float64(lines)/float64(maxLines)*(h-2*m-20) }
	var sb strings.Builder
	fmt.Fprintf(&sb, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", w, h)
	fmt.Fprintf(&sb, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", w, h)
	weights := fmt.Sprintf("line weight %g", st.LineWeight)
	if st.WeightsSHA256 != "" && st.Eval != "learned" {
		// A network beside a weight set (--weights): say which one.
		weights = fmt.Sprintf("network %.8s, %s", st.WeightsSHA256, weights)
	}
	if st.NetWeight != 0 {
		weights += fmt.Sprintf(", net weight %g", st.NetWeight)
	}
	// Two lines: the settings do not fit beside the title in 640 pixels.
	fmt.Fprintf(&sb, "<text x=\"%d\" y=\"20\" font-size=\"14\">Kocka against HATETRIS: lines by beam width</text>\n", m)
	q := fmt.Sprintf("quiescence %d", st.Quiescence)
	if st.PreCut > 0 {
		q += fmt.Sprintf(" after a pre-cut of %d", st.PreCut)
	}
	// At 11 pixels the longest settings (a network, both weights and a
	// pre-cut) still end inside the 640.
	fmt.Fprintf(&sb, "<text x=\"%d\" y=\"38\" font-size=\"11\">(%s, %s, %s)</text>\n", m, st.Eval, weights, q)
	fmt.Fprintf(&sb, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", m, h-m, w-m, h-m)
	fmt.Fprintf(&sb, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", m, m, m, h-m)
	fmt.Fprintf(&sb, "<text x=\"%d\" y=\"%d\">beam width (log scale); labels: lines, and search time so far</text>\n", w/2-120, h-m+40)
	fmt.Fprintf(&sb, "<text x=\"10\" y=\"%d\">lines</text>\n", m-10)
	fmt.Fprintf(&sb, "<text x=\"%d\" y=\"%.0f\" text-anchor=\"end\">%d</text>\n", m-6, y(maxLines)+4, maxLines)
	fmt.Fprintf(&sb, "<text x=\"%d\" y=\"%.0f\" text-anchor=\"end\">0</text>\n", m-6, y(0)+4)
	var pts []string
	total := 0.0
	for _, r := range st.Runs {
		total += r.Seconds
		px, py := x(r.Width), y(r.Lines)
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", px, py))
		fmt.Fprintf(&sb, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"steelblue\"/>\n", px, py)
		fmt.Fprintf(&sb, "<text x=\"%.1f\" y=\"%.0f\" text-anchor=\"middle\">%s</text>\n", px, float64(h-m+16), shortWidth(r.Width))
		// Lines above the time, not beside it: one line of both was
		// wider than the 65 pixels between neighbouring widths of nine.
		fmt.Fprintf(&sb, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%d</text>\n", px, py-22, r.Lines)
		fmt.Fprintf(&sb, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\">%s</text>\n", px, py-10,
			time.Duration(total*float64(time.Second)).Round(time.Second))
	}
	fmt.Fprintf(&sb, "<polyline points=\"%s\" fill=\"none\" stroke=\"steelblue\"/>\n</svg>\n", strings.Join(pts, " "))
	return sb.String()
}

// checkpointKey names every setting a record search's result depends
// on. The default mode and no pre-cut are left out, so that checkpoints
// saved before either existed still match.
func checkpointKey(eval, weightsSum string, lineWeight, netWeight float64, quiescence int, mode string, preCut int) string {
	k := fmt.Sprintf("eval=%s weights=%s line-weight=%g net-weight=%g quiescence=%d", eval, weightsSum, lineWeight, netWeight, quiescence)
	if mode != hatetris.QuiescenceModes[hatetris.QuiescenceEnemy] {
		k += " quiescence-mode=" + mode
	}
	if preCut > 0 {
		k += fmt.Sprintf(" pre-cut=%d", preCut)
	}
	return k
}
