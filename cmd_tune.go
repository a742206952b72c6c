package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver"
)

// defaultTuneParams are the kocka weights tuned when -params is not given.
const defaultTuneParams = "landing_height,eroded_cells,row_transitions,column_transitions,holes,wells,bumpiness,deep_wells,landing_height.tall,holes.tall"

func runTune(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", solver.ModelClassic, "classic or guideline (see kocka bench)")
	start := fs.String("start", "kocka", "personality to start from")
	params := fs.String("params", defaultTuneParams, "comma-separated weights to tune (feature names; NAME.tall for the tall weight)")
	objective := fs.String("objective", "lines", "lines or score (mean per game)")
	games := fs.Int("games", 16, "games per candidate per generation")
	gens := fs.Int("generations", 10, "generations")
	pop := fs.Int("population", 20, "candidates per generation")
	elite := fs.Int("elite", 5, "candidates the next generation is fitted to")
	spread := fs.Float64("spread", 0.5, "first standard deviation, relative to |weight|+1")
	noise := fs.Float64("noise", 0.1, "extra relative deviation added each generation, falling to 0")
	seed := fs.Uint64("seed", 1000, "first game seed (each generation takes the next games seeds)")
	tuneSeed := fs.Uint64("tune-seed", 1, "seed of the tuner's own random numbers")
	width := fs.Int("width", 10, "well width")
	height := fs.Int("height", 10, "visible well height")
	maxPieces := fs.Int("max-pieces", 0, "end a game after this many pieces (0: classic plays to top-out; guideline defaults to 300)")
	level := fs.Int("level", 10, "guideline: the level whose gravity is used")
	depth := fs.Int("depth", 1, "guideline: placements looked ahead")
	beam := fs.Int("beam", 16, "guideline: beam width")
	out := fs.String("out", "tune-result.json", "result file (JSON)")
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
