package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"strings"

	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver"
)

// maxTuneState caps the state file read on resume: a run of a thousand
// generations of forty params is under a megabyte.
const maxTuneState = 16 << 20

// defaultTuneParams are the kocka weights tuned when -params is not given.
const defaultTuneParams = "landing_height,eroded_cells,row_transitions,column_transitions,holes,wells,bumpiness,deep_wells,landing_height.tall,holes.tall"

func runTune(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", solver.ModelClassic, "standard, standard-top, standard-preview, spawn (classic, the default, is its old name) or guideline (see kocka bench)")
	start := fs.String("start", "kocka", "personality to start from")
	params := fs.String("params", defaultTuneParams, "comma-separated weights to tune (feature names; NAME.tall for the tall weight)")
	objective := fs.String("objective", "lines", "lines, score or attack (mean per game; attack: garbage rows sent, guideline model only)")
	games := fs.Int("games", 16, "games per candidate per generation")
	gens := fs.Int("generations", 10, fmt.Sprintf("generations, 1..%d", solver.MaxTuneGenerations))
	pop := fs.Int("population", 20, fmt.Sprintf("candidates per generation, 2..%d (at most %d games a generation)", solver.MaxTunePopulation, solver.MaxBenchGames))
	elite := fs.Int("elite", 5, "candidates the next generation is fitted to")
	spread := fs.Float64("spread", 0.5, "first standard deviation, relative to |weight|+1")
	noise := fs.Float64("noise", 0.1, "extra relative deviation added each generation, falling to 0")
	seed := fs.Uint64("seed", 1000, "first game seed (each generation takes the next games seeds)")
	tuneSeed := fs.Uint64("tune-seed", 1, "seed of the tuner's own random numbers")
	width := fs.Int("width", 10, "well width")
	height := fs.Int("height", 10, "visible well height")
	maxPieces := fs.Int("max-pieces", 0, "end a game after this many pieces (0: classic plays to top-out; guideline defaults to 300)")
	level := fs.Int("level", 10, "guideline: the level whose gravity is used")
	depth := fs.Int("depth", 1, "placements looked ahead; standard models: 2 adds the mean over the unseen piece (as kocka bench)")
	beam := fs.Int("beam", 16, "guideline: beam width; standard models at depth 2: the best one-piece placements looked through (0: all)")
	out := fs.String("out", "tune-result.json", "result file (JSON)")
	state := fs.String("state", "", "state file, written after every generation and resumed from when it exists (default: the result file + .state)")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kocka tune: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	w, err := solver.PersonalityByName(*start)
	if err != nil {
		fmt.Fprintf(stderr, "kocka tune: %v\n", err)
		return 2
	}
	cfg := solver.TuneConfig{
		Games: solver.BenchConfig{
			Model: *model, Games: *games, Seed: *seed, Width: *width, Height: *height,
			MaxPieces: *maxPieces, Level: *level, Depth: *depth, BeamWidth: *beam,
		},
		Start: *w, Objective: *objective, Generations: *gens, Population: *pop, Elite: *elite,
		Spread: *spread, Noise: *noise, Seed: *tuneSeed,
	}
	if cfg.Games.Model == solver.ModelGuideline && cfg.Games.MaxPieces == 0 {
		cfg.Games.MaxPieces = 300
	}
	for _, s := range strings.Split(*params, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		p, err := solver.ParseParam(s)
		if err != nil {
			fmt.Fprintf(stderr, "kocka tune: %v\n", err)
			return 2
		}
		cfg.Params = append(cfg.Params, p)
	}
	if err := cfg.Validate(); err != nil {
		fmt.Fprintf(stderr, "kocka tune: %v\n", err)
		return 2
	}
	// The result is written after the whole tuning: a path that cannot
	// take it must fail now, not then.
	if err := cli.CheckWritable(*out); err != nil {
		fmt.Fprintf(stderr, "kocka tune: --out: %v\n", err)
		return 2
	}
	if *state == "" {
		*state = *out + ".state"
	}
	if err := cli.CheckWritable(*state); err != nil {
		fmt.Fprintf(stderr, "kocka tune: --state: %v\n", err)
		return 2
	}
	st, err := readTuneState(*state, maxTuneState, cfg.CheckResume)
	if err != nil {
		fmt.Fprintf(stderr, "kocka tune: %v\n", err)
		return 1
	}
	if st != nil {
		cfg.Resume = st
		fmt.Fprintf(stderr, "resuming %s: %d of %d generations done\n", *state, st.Done, *gens)
	}
	cfg.Checkpoint = func(st solver.TuneState) error { return writeTuneState(*state, st) }
	bar := cli.NewProgress(stderr)
	cfg.Progress = func(gen, done, total int, best float64) {
		stage := fmt.Sprintf("generation %d/%d", gen, *gens)
		if gen > *gens {
			stage = "final check"
		}
		bar.Update(done == total, "%s %s %d/%d games, best so far %.1f", stage, cli.Bar(done, total, 30), done, total, max(best, 0))
	}
	res, err := solver.Tune(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "kocka tune: %v\n", err)
		return 1
	}
	res.Command = "kocka tune " + strings.Join(args, " ")
	data, err := res.MarshalIndent()
	if err == nil {
		err = atomicfile.WriteFile(*out, append(data, '\n'), 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka tune: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "// %s\n// %s %.1f\n%s", res.Command, res.Objective, res.Best, res.Weights.GoSource())
	fmt.Fprintf(stderr, "wrote %s\n", *out)
	return 0
}

// readTuneState reads the state a tuner left at path, to resume it: nil
// when there is none. One that cannot be read, or that check refuses
// (another run's), is an error, so that the run stops before anything is
// played or written and the file is never overwritten.
func readTuneState[T any](path string, limit int64, check func(*T) error) (*T, error) {
	data, err := atomicfile.ReadLimit(atomicfile.OS, path, limit)
	if errors.Is(err, iofs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("--state: %w", err)
	}
	st := new(T)
	if err := json.Unmarshal(data, st); err != nil {
		return nil, fmt.Errorf("%s is not a tuning state (%v); move it away to start afresh", path, err)
	}
	if err := check(st); err != nil {
		return nil, fmt.Errorf("%s: %v; give another --state, or move it away to start afresh", path, err)
	}
	return st, nil
}

// writeTuneState writes a tuner's state atomically, the old copy kept.
func writeTuneState(path string, st any) error {
	data, err := json.MarshalIndent(st, "", " ")
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(path, append(data, '\n'), 0o644)
}
