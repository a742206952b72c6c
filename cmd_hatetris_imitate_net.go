package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"

	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// runHatetrisImitateNet trains a network to add to a weight set what the
// set misses of the record holders' choices (hatetris.TrainChoices): the
// search then ranks wells by the set plus --net-weight x the network.
func runHatetrisImitateNet(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka hatetris imitate-net", flag.ContinueOnError)
	fs.SetOutput(stderr)
	replaysPath := fs.String("replays", "", "the games: a file of lines NAME<tab>LINES<tab>ENCODING<tab>REPLAY (as solver/thrower/hatetris/testdata/replays.txt), - for stdin (required)")
	names := fs.String("names", "", "the games to train on, by name, separated by ';' (required)")
	heldNames := fs.String("held-out", "", "games to measure on and not train on, by name, separated by ';' (optional)")
	baseName := fs.String("base", "imitated", "the weight set the network adds to (board features only: "+evalNames()+")")
	lineWeight := fs.Float64("line-weight", 1000, "what a cleared line is worth in the search (its --line-weight)")
	netWeight := fs.Float64("net-weight", 0, "what one unit of the network is worth in the search (its --net-weight; required): the set's value of a line over its fit's weight of a line makes a unit one unit of the fit's log-odds (imitated: 1000 / 1.391 = 718.9)")
	epochs := fs.Int("epochs", 3, fmt.Sprintf("passes over the training choices (1 to %d)", maxTrainEpochs))
	batch := fs.Int("batch", 64, fmt.Sprintf("choices per step (1 to %d)", maxTrainBatch))
	lr := fs.Float64("lr", 1e-3, "Adam's step size (more than 0, at most 1)")
	firstRate := fs.Float64("first-layer-rate", hatetris.DefaultFirstLayerRate, "the first layer's step size, as a fraction of --lr (more than 0, at most 1)")
	seed := fs.Uint64("seed", 1, "seed of the initial weights and the order of the choices")
	layoutName := fs.String("layout", hatetris.SharedLayout.Name, "the network's inputs ("+netLayoutNames()+")")
	out := fs.String("out", "", "the weights file to write (required)")
	plot := fs.String("plot", "", "write an SVG plot of the mean log chance of the chosen landings by epoch to this file")
	mirror := fs.Bool("mirror", false, "train on each choice's mirror image too (column x to 9 - x; the held-out games are measured as played)")
	beamNames := fs.String("beam-names", "", "games to also play with a beam search beside them, by name, separated by ';': each piece adds a choice of the game's well against the beam's best other wells (hatetris.BeamChoicesOf; optional, needs --beam-weights)")
	beamWeights := fs.String("beam-weights", "", "with --beam-names: the network the beam ranks wells by, added to --base with --net-weight, as the search does")
	beamWidth := fs.Int("beam-width", 256, fmt.Sprintf("with --beam-names: the beam's width, the game's well included (2 to %d)", hatetris.MaxBeamChoiceWidth))
	beamRivals := fs.Int("beam-rivals", 15, fmt.Sprintf("with --beam-names: the beam's best wells each choice sets against the game's (1 to %d)", hatetris.MaxBeamChoiceRivals))
	beamOnlyCut := fs.Bool("beam-only-cut", false, "with --beam-names: keep only the choices of the pieces where a beam of --beam-width would have cut the game's well (learning as search optimization's update)")
	beamQuiescence := fs.Int("beam-quiescence", 1, fmt.Sprintf("with --beam-names: the beam's quiescence, as in the search (0 to %d)", hatetris.MaxQuiescence))
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	train, held, beamed := imitateNames(*names), imitateNames(*heldNames), imitateNames(*beamNames)
	var err error
	switch {
	case len(beamed) > 0 && *beamWeights == "":
		err = fmt.Errorf("--beam-names needs --beam-weights (the network the beam ranks by)")
	case len(beamed) == 0 && *beamWeights != "":
		err = fmt.Errorf("--beam-weights without --beam-names")
	case *beamWidth < 2 || *beamWidth > hatetris.MaxBeamChoiceWidth:
		err = fmt.Errorf("--beam-width %d out of range 2..%d", *beamWidth, hatetris.MaxBeamChoiceWidth)
	case *beamRivals < 1 || *beamRivals > hatetris.MaxBeamChoiceRivals:
		err = fmt.Errorf("--beam-rivals %d out of range 1..%d", *beamRivals, hatetris.MaxBeamChoiceRivals)
	case *beamQuiescence < 0 || *beamQuiescence > hatetris.MaxQuiescence:
		err = fmt.Errorf("--beam-quiescence %d out of range 0..%d", *beamQuiescence, hatetris.MaxQuiescence)
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case *replaysPath == "" || len(train) == 0 || *out == "":
		err = fmt.Errorf("--replays, --names and --out are required")
	case !(*netWeight > 0) || math.IsInf(*netWeight, 0):
		err = fmt.Errorf("--net-weight %g: want a finite number above 0 (required)", *netWeight)
	case math.IsNaN(*lineWeight) || math.IsInf(*lineWeight, 0):
		err = fmt.Errorf("--line-weight %g is not a finite number", *lineWeight)
	case *epochs < 1 || *epochs > maxTrainEpochs:
		err = fmt.Errorf("--epochs %d out of range 1..%d", *epochs, maxTrainEpochs)
	case *batch < 1 || *batch > maxTrainBatch:
		err = fmt.Errorf("--batch %d out of range 1..%d", *batch, maxTrainBatch)
	case math.IsNaN(*lr) || *lr <= 0 || *lr > 1:
		err = fmt.Errorf("--lr %g out of range: more than 0, at most 1", *lr)
	case math.IsNaN(*firstRate) || *firstRate <= 0 || *firstRate > 1:
		err = fmt.Errorf("--first-layer-rate %g out of range: more than 0, at most 1", *firstRate)
	}
	for _, n := range held {
		if err == nil && strings.Contains(";"+strings.Join(train, ";")+";", ";"+n+";") {
			err = fmt.Errorf("%q is in --names and --held-out: a game measured on must not be trained on", n)
		}
		if err == nil && strings.Contains(";"+strings.Join(beamed, ";")+";", ";"+n+";") {
			err = fmt.Errorf("%q is in --beam-names and --held-out: a game measured on must not be trained on", n)
		}
	}
	layout, lerr := hatetris.NetLayoutByName(*layoutName)
	if err == nil && lerr != nil {
		err = fmt.Errorf("--layout: %v", lerr)
	}
	base, berr := hatetris.EvalSet(*baseName)
	if err == nil && berr != nil {
		err = fmt.Errorf("--base: %v", berr)
	}
	for _, p := range []string{*out, *plot} {
		if err == nil && p != "" {
			err = cli.CheckWritable(p)
		}
	}
	if err == nil {
		err = checkDistinctFiles([]namedFile{{"--out", *out}, {"--plot", *plot}}, []namedFile{{"--replays", *replaysPath}, {"--beam-weights", *beamWeights}})
	}
	// The beam's network is read before any work: a bad file fails now,
	// not after the landings are counted.
	rank := base
	if err == nil && len(beamed) > 0 {
		rank, _, err = hatetrisEval(*baseName, "--beam-weights", *beamWeights)
	}
	if err == nil {
		// A set the choices cannot be based on is refused before any work.
		_, err = hatetris.NetChoicesOf(nil, base, *lineWeight, *netWeight, 0, false)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris imitate-net: %v\n", err)
		return exitCode(err)
	}
	data, err := bounded.ReadFile(*replaysPath, stdin, maxImitateReplaysBytes)
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris imitate-net: %v\n", err)
		return 1
	}
	// The beam's games are looked up before the landings are counted.
	var beamGames []imitateGame
	if len(beamed) > 0 {
		if beamGames, err = readImitateReplays(data, beamed); err != nil {
			fmt.Fprintf(stderr, "kocka hatetris imitate-net: %s: %v\n", *replaysPath, err)
			return 1
		}
	}
	// The landings of all the games, the held-out ones too, stay within
	// MaxNetChoiceWells: each game gets what the ones before it left.
	left := hatetris.MaxNetChoiceWells
	choicesOf := func(names []string, mirror bool) ([]hatetris.NetChoice, error) {
		games, err := readImitateReplays(data, names)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", *replaysPath, err)
		}
		var all []hatetris.NetChoice
		for _, g := range games {
			cs, err := hatetris.NetChoicesOf(g.moves, base, *lineWeight, *netWeight, left, mirror)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", g.name, err)
			}
			for _, c := range cs {
				left -= len(c.Wells)
			}
			all = append(all, cs...)
		}
		return all, nil
	}
	trainChoices, err := choicesOf(train, *mirror)
	var heldChoices []hatetris.NetChoice
	if err == nil && len(held) > 0 {
		heldChoices, err = choicesOf(held, false)
	}
	beamChoices := 0
	var beamStats []string
	if err == nil && len(beamed) > 0 {
		bar := cli.NewProgress(stderr)
		for i, g := range beamGames {
			bar.Update(false, "the beam beside %s (%d of %d games)", g.name, i+1, len(beamGames))
			cfg := hatetris.BeamChoiceConfig{Rank: rank, Base: base, LineWeight: *lineWeight, NetWeight: *netWeight,
				Quiescence: *beamQuiescence, Width: *beamWidth, Rivals: *beamRivals, MaxWells: left,
				OnlyCut: *beamOnlyCut, Workers: runtime.GOMAXPROCS(0)}
			var cs []hatetris.NetChoice
			var stats hatetris.BeamChoiceStats
			if cs, stats, err = hatetris.BeamChoicesOf(g.moves, cfg); err != nil {
				err = fmt.Errorf("%s: %w", g.name, err)
				break
			}
			beamStats = append(beamStats, fmt.Sprintf("the beam beside %s: the game's well cut at %d of %d pieces; of the %d wells ranked above it there, %d had cleared more lines and %d fewer",
				g.name, stats.Cut, stats.Pieces, stats.Cut**beamWidth, stats.MoreLines, stats.FewerLines))
			for _, c := range cs {
				left -= len(c.Wells)
			}
			beamChoices += len(cs)
			trainChoices = append(trainChoices, cs...)
		}
		bar.Done()
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris imitate-net: %v\n", err)
		return 1
	}
	note := "" // what the training choices are made of
	switch {
	case *mirror && len(beamed) > 0:
		note = " (half of the landings' choices mirror images, the beam's not)"
	case *mirror:
		note = " (half of them mirror images)"
	}
	if len(beamed) > 0 {
		only := ""
		if *beamOnlyCut {
			only = ", only where cut"
		}
		note += fmt.Sprintf(" (%d of them against a beam's wells: width %d, %d rivals, quiescence %d%s)", beamChoices, *beamWidth, *beamRivals, *beamQuiescence, only)
	}
	fmt.Fprintf(stdout, "%d choices to train on%s, %d held out; the base set %s with a line worth %g and a unit of the network %g\n",
		len(trainChoices), note, len(heldChoices), *baseName, *lineWeight, *netWeight)
	for _, l := range beamStats {
		fmt.Fprintln(stdout, l)
	}
	net := hatetris.NewNetOf(layout, *seed)
	bar := cli.NewProgress(stderr)
	losses, err := hatetris.TrainChoices(net, trainChoices, heldChoices,
		hatetris.TrainConfig{Epochs: *epochs, Batch: *batch, LR: *lr, FirstLayerRate: *firstRate, Seed: *seed},
		func(l hatetris.ChoiceLoss) {
			bar.Update(false, "epoch %d: log chance %.4f on the training choices, %.4f held out", l.Epoch, l.TrainLL, l.HeldLL)
		})
	bar.Done()
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris imitate-net: %v\n", err)
		return 1
	}
	weights, _ := net.MarshalBinary()
	if err := atomicfile.WriteFile(*out, weights, 0o644); err != nil {
		fmt.Fprintf(stderr, "kocka hatetris imitate-net: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, "epoch train_log_chance train_top1 held_log_chance held_top1")
	for _, l := range losses {
		fmt.Fprintf(stdout, "%d %.4f %.4f %.4f %.4f\n", l.Epoch, l.TrainLL, l.TrainTop1, l.HeldLL, l.HeldTop1)
	}
	if *plot != "" {
		curves := []epochCurve{{fmt.Sprintf("training (%d choices)", len(trainChoices)), "steelblue", nil}}
		if len(heldChoices) > 0 {
			curves = append(curves, epochCurve{fmt.Sprintf("held out (%d choices)", len(heldChoices)), "darkorange", nil})
		}
		chance := 0.0
		for _, c := range trainChoices {
			chance += math.Log(float64(len(c.Wells))) / float64(len(trainChoices))
		}
		for _, l := range losses {
			curves[0].values = append(curves[0].values, -l.TrainLL)
			if len(curves) > 1 {
				curves[1].values = append(curves[1].values, -l.HeldLL)
			}
		}
		svg := epochPlot("HATETRIS imitation: minus the mean log chance of the chosen landing, by epoch", curves, chance, "a landing at random (training choices)")
		if err := atomicfile.WriteFile(*plot, []byte(svg), 0o644); err != nil {
			fmt.Fprintf(stderr, "kocka hatetris imitate-net: %v\n", err)
			return 1
		}
	}
	return 0
}
