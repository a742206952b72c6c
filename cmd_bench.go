package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"

	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/pcplan"
)

// pcSuffix marks a personality that plays with the perfect-clear planner.
const pcSuffix = "+pc"

// runBench is kocka bench; it writes the table (or JSON lines) to stdout
// and errors and progress to stderr, and returns the exit code.
func runBench(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", solver.ModelClassic, "standard (the literature's: uniform pieces, any orientation and column dropped from above the well, over when a piece cannot fit inside it), standard-top (the same, pieces entering at the top row as El-Tetris's code does), spawn (uniform pieces turned and shifted at the spawn and hard dropped; classic is its old name) or guideline (7-bag, preview, hold, full movegen, played by ticks)")
	pers := fs.String("personality", "kocka,dellacherie,eltetris", "comma-separated weight sets; guideline: NAME+pc adds the perfect-clear planner")
	games := fs.Int("games", 20, "games per personality")
	seed := fs.Uint64("seed", 1, "game i uses seed+i, the same for every personality")
	width := fs.Int("width", 10, "well width")
	height := fs.Int("height", 20, "visible well height (at 20 classic games last hours: use 10 or 12 for quick runs)")
	maxPieces := fs.Int("max-pieces", 0, "end a game after this many pieces (0: classic plays to top-out; guideline defaults to 500)")
	level := fs.Int("level", 10, "guideline: the level whose gravity is used throughout")
	depth := fs.Int("depth", 0, "placements looked ahead (0: 2 for guideline, 1 otherwise); standard: 2 adds the mean over the unseen next piece; standard-preview: 2 adds the mean over the unseen piece after the shown one")
	beam := fs.Int("beam", 32, "guideline: beam width; standard models at depth 2: the best one-piece placements looked through at each ply (0: all)")
	workers := fs.Int("workers", 0, "games at once (0: one per core)")
	asJSON := fs.Bool("json", false, "print one JSON object per personality per line")
	quiet := fs.Bool("quiet", false, "no progress line on stderr")
	weightFiles := fs.String("weights", "", "comma-separated result files of kocka tune, played after the personalities under their file names")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kocka bench: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	cfg := solver.BenchConfig{
		Model: *model, Games: *games, Seed: *seed, Width: *width, Height: *height,
		MaxPieces: *maxPieces, Level: *level, Depth: *depth, BeamWidth: *beam, Workers: *workers,
	}
	// NAME+pc is personality NAME with the perfect-clear planner
	// (solver/pcplan) taking over when the pieces in view clear the board;
	// the sets are passed as weights, in the order given, so that the
	// first is still the one the others are paired with.
	planned := false
	for _, p := range strings.Split(*pers, ",") {
		if p = strings.TrimSpace(p); p != "" {
			cfg.Personalities = append(cfg.Personalities, p)
			planned = planned || strings.HasSuffix(p, pcSuffix)
		}
	}
	if planned {
		if cfg.Model != solver.ModelGuideline {
			fmt.Fprintf(stderr, "kocka bench: %s personalities play the guideline model only\n", pcSuffix)
			return 2
		}
		for _, p := range cfg.Personalities {
			w, err := solver.PersonalityByName(strings.TrimSuffix(p, pcSuffix))
			if err != nil {
				fmt.Fprintf(stderr, "kocka bench: %v\n", err)
				return 2
			}
			c := *w
			c.Name = p
			cfg.Weights = append(cfg.Weights, c)
		}
		cfg.Personalities = nil
		cfg.Override = func(w *solver.Weights) solver.Override {
			if strings.HasSuffix(w.Name, pcSuffix) {
				return pcplan.New(4)
			}
			return nil
		}
	}
	for _, name := range strings.Split(*weightFiles, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		w, err := readTunedWeights(name)
		if err != nil {
			fmt.Fprintf(stderr, "kocka bench: --weights: %v\n", err)
			return 1 // the file is unreadable or bad
		}
		if planned {
			fmt.Fprintf(stderr, "kocka bench: --weights cannot be mixed with %s personalities\n", pcSuffix)
			return 2
		}
		// Weights come first in a bench; the personalities are moved
		// after them so that the first personality stays the one paired.
		for _, p := range cfg.Personalities {
			pw, err := solver.PersonalityByName(p)
			if err != nil {
				fmt.Fprintf(stderr, "kocka bench: %v\n", err)
				return 2
			}
			cfg.Weights = append(cfg.Weights, *pw)
		}
		cfg.Personalities = nil
		cfg.Weights = append(cfg.Weights, w)
	}
	if cfg.Model == solver.ModelGuideline && cfg.MaxPieces == 0 {
		cfg.MaxPieces = 500
	}
	if err := cfg.Validate(); err != nil {
		fmt.Fprintf(stderr, "kocka bench: %v\n", err)
		return 2
	}
	if !*quiet {
		bar := cli.NewProgress(stderr)
		cfg.Progress = func(done, total int) {
			bar.Update(done == total, "%s %d/%d games", cli.Bar(done, total, 30), done, total)
		}
	}
	rs, err := solver.Bench(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "kocka bench: %v\n", err)
		return 1
	}
	if *asJSON {
		if err := solver.WriteJSON(stdout, rs); err != nil {
			fmt.Fprintf(stderr, "kocka bench: %v\n", err)
			return 1
		}
		return 0
	}
	solver.WriteTable(stdout, rs)
	return 0
}

// maxTuneResult caps a --weights file: a tune result is a few kilobytes,
// its history a few more per generation.
const maxTuneResult = 16 << 20

// readTunedWeights reads the weights of a kocka tune result file, named
// after the file.
func readTunedWeights(path string) (solver.Weights, error) {
	data, err := atomicfile.ReadLimit(atomicfile.OS, path, maxTuneResult)
	if err != nil {
		return solver.Weights{}, err
	}
	var r struct {
		Base map[string]float64 `json:"base"`
		Tall map[string]float64 `json:"tall"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return solver.Weights{}, fmt.Errorf("%s: not a kocka tune result: %v", path, err)
	}
	if len(r.Base) == 0 {
		return solver.Weights{}, fmt.Errorf("%s: no base weights", path)
	}
	w := solver.Weights{Name: strings.TrimSuffix(filepath.Base(path), ".json"), Note: "tuned weights from " + path}
	for part, m := range map[string]map[string]float64{"base": r.Base, "tall": r.Tall} {
		for name, v := range m {
			f, err := solver.ParseFeature(name)
			if err != nil {
				return solver.Weights{}, fmt.Errorf("%s: %s: %v", path, part, err)
			}
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return solver.Weights{}, fmt.Errorf("%s: %s weight %s is not finite", path, part, name)
			}
			if part == "base" {
				w.Base[f] = v
			} else {
				w.Tall[f] = v
			}
		}
	}
	return w, nil
}
