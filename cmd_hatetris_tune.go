package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// hatetrisTuneFile is what kocka hatetris tune writes to --out.
type hatetrisTuneFile struct {
	Command string `json:"command"`
	hatetris.TuneResult
}

func runHatetrisTune(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka hatetris tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	start := fs.String("start", "eltetris", "the weight set tuning starts from ("+evalNames()+"; not learned)")
	params := fs.String("params", "row_transitions,column_transitions,holes,wells,highest_hole,clearable_rows,hole_depth,rows_with_holes,height",
		"comma-separated weights to tune (of "+strings.Join(hatetris.TuneParamNames(), ", ")+")")
	widths := fs.String("widths", "256,512,1024", fmt.Sprintf("beam widths each candidate plays (1..%d); its fitness is the mean of their lines", hatetris.MaxTuneWidth))
	quiescence := fs.Int("quiescence", 1, fmt.Sprintf("the searches' quiescence (0 to %d)", hatetris.MaxQuiescence))
	lineWeight := fs.Float64("line-weight", 1000, "what a cleared line is worth against the evaluation")
	gens := fs.Int("generations", 10, "generations")
	pop := fs.Int("population", 14, "candidates per generation (the first is the centre)")
	elite := fs.Int("elite", 4, "candidates the next generation is fitted to")
	spread := fs.Float64("spread", 0.5, "first standard deviation, relative to |weight| ...")
	minSpread := fs.Float64("min-spread", 3, "... and at least this")
	noise := fs.Float64("noise", 0.5, "added to every standard deviation after a generation, falling linearly to 0")
	seed := fs.Uint64("seed", 1, "seed of the tuner's random numbers")
	workers := fs.Int("workers", 2, "candidates played at once, one core each (the result does not depend on it)")
	out := fs.String("out", "hatetris-tune.json", "result file (JSON)")
	state := fs.String("state", "", "state file, written after every generation and resumed from when it exists (default: the result file + .state)")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	shardFlag := fs.String("shard", "", "play only part `I/N` of the next step's candidates (I, I+N, I+2N, ...) and write their lines to --out, for --merge; the state is read, not written")
	merge := fs.Bool("merge", false, "put together the shard files given as arguments (every shard of the next step) into --state; once the run is finished, write the result to --out")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "kocka hatetris tune: "+format+"\n", a...)
		return code
	}
	switch {
	case fs.NArg() > 0 && !*merge:
		return fail(2, "unexpected argument %q", fs.Arg(0))
	case *merge && fs.NArg() == 0:
		return fail(2, "--merge: no shard files")
	case *merge && fs.NArg() > hatetris.MaxTuneShards:
		return fail(2, "--merge: %d shard files, at most %d", fs.NArg(), hatetris.MaxTuneShards)
	case *merge && *shardFlag != "":
		return fail(2, "--shard and --merge do not go together")
	}
	shardI, shardN := 0, 0
	if *shardFlag != "" {
		var err error
		if shardI, shardN, err = parseShardFlag(*shardFlag); err == nil && shardN > hatetris.MaxTuneShards {
			err = fmt.Errorf("at most %d shards", hatetris.MaxTuneShards)
		}
		if err != nil {
			return fail(2, "--shard: %v", err)
		}
	}
	w, err := hatetris.EvalByName(*start)
	if err != nil {
		return fail(2, "--start: %v", err)
	}
	cfg := hatetris.TuneConfig{Start: w, Quiescence: *quiescence, LineWeight: *lineWeight,
		Generations: *gens, Population: *pop, Elite: *elite, Spread: *spread, MinSpread: *minSpread, Noise: *noise,
		Seed: *seed, Workers: *workers}
	for _, s := range strings.Split(*params, ",") {
		if s = strings.TrimSpace(s); s != "" {
			cfg.Params = append(cfg.Params, s)
		}
	}
	for _, s := range strings.Split(*widths, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return fail(2, "--widths: %q is not a number", s)
		}
		cfg.Widths = append(cfg.Widths, n)
	}
	if *workers < 1 || *workers > 256 {
		return fail(2, "--workers %d out of range 1..256", *workers)
	}
	if err := cfg.Validate(); err != nil {
		return fail(2, "%v", err)
	}
	// The result is written after the whole tuning: a path that cannot
	// take it must fail now, not then.
	if err := cli.CheckWritable(*out); err != nil {
		return fail(2, "--out: %v", err)
	}
	if *state == "" {
		if *shardFlag != "" {
			return fail(2, "--shard needs --state: the run's state file, read and not written (none yet: the first step)")
		}
		*state = *out + ".state"
	}
	// Compared as files, not strings: --out ./S and --state S would write
	// a shard over the run's state.
	if err := checkDistinctFiles([]namedFile{{"--state", *state}, {"--out", *out}}, nil); err != nil {
		return fail(2, "%v", err)
	}
	if err := cli.CheckWritable(*state); err != nil {
		return fail(2, "--state: %v", err)
	}
	st, err := readTuneState(*state, hatetris.MaxTuneStateBytes, cfg.CheckResume)
	if err != nil {
		return fail(1, "%v", err)
	}
	if st != nil {
		cfg.Resume = st
		fmt.Fprintf(stderr, "resuming %s: %d of %d generations done\n", *state, st.Done, *gens)
	}
	cfg.Checkpoint = func(st hatetris.TuneState) error { return writeTuneState(*state, st) }
	if !*quiet {
		bar := cli.NewProgress(stderr)
		cfg.Progress = func(gen, done, total int) {
			stage := fmt.Sprintf("generation %d/%d", gen, *gens)
			if gen > *gens {
				stage = "final check"
			}
			bar.Update(done == total, "%s %s %d/%d candidates", stage, cli.Bar(done, total, 30), done, total)
		}
	}
	var res hatetris.TuneResult
	switch {
	case *shardFlag != "":
		sh, err := cfg.PlayShard(shardI, shardN)
		if err == nil {
			err = writeTuneState(*out, sh)
		}
		if err != nil {
			return fail(1, "%v", err)
		}
		fmt.Fprintf(stdout, "shard %d/%d of step %d: %d candidates written to %s\n", shardI, shardN, sh.Step, len(sh.Lines), *out)
		return 0
	case *merge:
		shards, err := readTuneShards(fs.Args())
		if err != nil {
			return fail(1, "%v", err)
		}
		st, err := cfg.MergeShards(shards)
		if err == nil {
			err = writeTuneState(*state, st)
		}
		if err != nil {
			return fail(1, "%v", err)
		}
		if !st.Finished {
			fmt.Fprintf(stdout, "merged %d shards: %d of %d generations done, written to %s\n", len(shards), st.Done, *gens, *state)
			return 0
		}
		res = *st.Result
	default:
		if res, err = hatetris.Tune(cfg); err != nil {
			return fail(1, "%v", err)
		}
	}
	file := hatetrisTuneFile{Command: "kocka hatetris tune " + strings.Join(args, " "), TuneResult: res}
	data, err := json.MarshalIndent(file, "", "  ")
	if err == nil {
		err = atomicfile.WriteFile(*out, append(data, '\n'), 0o644)
	}
	if err != nil {
		return fail(1, "%v", err)
	}
	fmt.Fprintf(stdout, "lines %v (mean %.2f) at widths %s, generation %d\n", res.Lines, res.Fitness, *widths, res.Gen)
	for _, name := range hatetris.TuneParamNames() {
		if v, ok := res.Weights[name]; ok {
			fmt.Fprintf(stdout, "%s %v\n", name, v)
		}
	}
	fmt.Fprintf(stderr, "wrote %s\n", *out)
	return 0
}

// maxTuneShardBytes caps the shard files read by one --merge, together:
// the shards of a step hold one line count per candidate and width, and
// a step of ten thousand candidates at a hundred widths is under 8 MiB.
const maxTuneShardBytes = 16 << 20

// readTuneShards reads the shard files of kocka hatetris tune --shard,
// at most MaxTuneShards of them and maxTuneShardBytes in all.
func readTuneShards(paths []string) ([]hatetris.TuneShard, error) {
	if len(paths) > hatetris.MaxTuneShards {
		return nil, fmt.Errorf("%d shard files: a step has at most %d", len(paths), hatetris.MaxTuneShards)
	}
	var shards []hatetris.TuneShard
	left := int64(maxTuneShardBytes)
	for _, path := range paths {
		data, err := atomicfile.ReadLimit(atomicfile.OS, path, left)
		if err != nil {
			return nil, fmt.Errorf("%w (the shards of a step hold at most %d bytes together)", err, maxTuneShardBytes)
		}
		left -= int64(len(data))
		var sh hatetris.TuneShard
		if err := json.Unmarshal(data, &sh); err != nil {
			return nil, fmt.Errorf("%s is not a tuning shard: %v", path, err)
		}
		shards = append(shards, sh)
	}
	return shards, nil
}
