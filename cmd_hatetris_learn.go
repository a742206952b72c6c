package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"html"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"

	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// Bounds of the learning commands' flags.
const (
	maxTrainEpochs = 10_000
	maxTrainBatch  = 1 << 16
	maxDataDepth   = 10_000 // a rollout's pieces
)

// fileError marks a file that cannot be read or holds bad data: the
// commands exit 1 for it, and 2 for a bad flag value (exitCode).
type fileError struct{ err error }

func (e fileError) Error() string { return e.err.Error() }
func (e fileError) Unwrap() error { return e.err }

// exitCode is 1 for a fileError in err, else 2 (a bad flag).
func exitCode(err error) int {
	var f fileError
	if errors.As(err, &f) {
		return 1
	}
	return 2
}

// hatetrisEval is the evaluation named by --eval, plus the network of
// the weights file given by the flag weightsFlag (for "learned" without
// one, the built-in network), and the SHA-256 of the weights file (empty
// when there is no network), so that a record state knows which network
// made it. Errors name weightsFlag.
func hatetrisEval(name, weightsFlag, weights string) (hatetris.EvalWeights, string, error) {
	if weights == "" {
		ev, err := hatetris.EvalByName(name)
		if err != nil || ev.Net == nil {
			return ev, "", err
		}
		sum := sha256.Sum256(hatetris.LearnedWeights)
		return ev, hex.EncodeToString(sum[:]), nil
	}
	// Any weight set takes a network: "learned" is eltetris's with one.
	ev, err := hatetris.EvalSet(name)
	if err != nil {
		return ev, "", err
	}
	data, err := bounded.ReadFile(weights, nil, int64(hatetris.MaxNetFileBytes))
	if err != nil {
		return hatetris.EvalWeights{}, "", fileError{fmt.Errorf("%s: %w", weightsFlag, err)}
	}
	n, err := hatetris.UnmarshalNet(data)
	if err != nil {
		return hatetris.EvalWeights{}, "", fileError{fmt.Errorf("%s %s: %w", weightsFlag, weights, err)}
	}
	ev.Net = n
	sum := sha256.Sum256(data)
	return ev, hex.EncodeToString(sum[:]), nil
}

// runHatetrisData makes training positions and labels for the learned
// evaluation (hatetris.MakeData) and writes them to --out; with --shard
// I/N it labels only shard I's part and writes a shard file, and
// "kocka hatetris data merge" joins the shards (runHatetrisDataMerge).
func runHatetrisData(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "merge" {
		return runHatetrisDataMerge(args[1:], stdin, stdout, stderr)
	}
	fs := flag.NewFlagSet("kocka hatetris data", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: kocka hatetris data --out FILE [flags]\n"+
			"       kocka hatetris data --shard I/N --out SHARD-FILE [flags]   (label shard I of N; the same flags in every shard)\n"+
			"       kocka hatetris data merge --out FILE SHARD-FILE...         (join the N shard files into the data file)\n")
		fs.PrintDefaults()
	}
	out := fs.String("out", "", "the data file to write (required; with --shard, the shard file)")
	shard := fs.String("shard", "", "label only part `I/N` of the samples (samples I, I+N, I+2N, ...) and write a shard file for kocka hatetris data merge")
	width := fs.Int("width", 2048, "the beam search whose wells are sampled")
	evalName := fs.String("eval", "eltetris", "the evaluation of that search and of the rollouts ("+evalNames()+")")
	weights := fs.String("weights", "", "a network's weights file, added to the --eval set (with --eval learned, default: the built-in one)")
	quiescence := fs.Int("quiescence", 1, fmt.Sprintf("quiescence of that search (0 to %d; the rollouts use none)", hatetris.MaxQuiescence))
	perDepth := fs.Int("per-depth", 64, "wells sampled after each piece")
	children := fs.Int("children", 0, "also sample this many random children of each sampled well (0 to 64; not with --shard)")
	rolloutWidth := fs.Int("rollout-width", 32, "beam width of a label's rollout")
	rolloutDepth := fs.Int("rollout-depth", 24, "pieces of a label's rollout")
	bootstrap := fs.Bool("bootstrap", false, "with a network (--eval learned or --weights): a label adds the network's value of the rollout's best last well to its lines (with --survival: to the pieces survived, if it lasted)")
	survival := fs.Bool("survival", false, "label a well by the pieces its rollout survived (--rollout-depth if it lasted) instead of its lines")
	seed := fs.Uint64("seed", 1, "seed of the sampling")
	cacheMiB := fs.Int("cache", 256, "MiB for the enemy cache (1 to 65536)")
	memMiB := fs.Int("mem", 4096, "memory for the beam and the rollouts in MiB, the cache included (64 to 1048576): a wider --width is refused")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	var err error
	switch {
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case *out == "":
		err = fmt.Errorf("--out is required")
	case *width < 1 || *width > 1<<22:
		err = fmt.Errorf("--width %d out of range 1..%d", *width, 1<<22)
	case *quiescence < 0 || *quiescence > hatetris.MaxQuiescence:
		err = fmt.Errorf("--quiescence %d out of range 0..%d", *quiescence, hatetris.MaxQuiescence)
	case *perDepth < 1 || *perDepth > *width:
		err = fmt.Errorf("--per-depth %d out of range 1..--width", *perDepth)
	case *children < 0 || *children > 64:
		err = fmt.Errorf("--children %d out of range 0..64", *children)
	case *children > 0 && *shard != "":
		err = fmt.Errorf("--children cannot be sharded (a shard file does not record it)")
	case *rolloutWidth < 1 || *rolloutWidth > 1<<16:
		err = fmt.Errorf("--rollout-width %d out of range 1..%d", *rolloutWidth, 1<<16)
	case *bootstrap && *evalName != "learned" && *weights == "":
		err = fmt.Errorf("--bootstrap needs a network: --eval learned or --weights")
	case *rolloutDepth < 1 || *rolloutDepth > maxDataDepth:
		err = fmt.Errorf("--rollout-depth %d out of range 1..%d", *rolloutDepth, maxDataDepth)
	case *cacheMiB < 1 || *cacheMiB > 1<<16:
		err = fmt.Errorf("--cache %d MiB out of range 1..%d", *cacheMiB, 1<<16)
	default:
		// The sampled beam and one rollout beam per core.
		err = checkBeamMemory(int64(*width)+int64(runtime.NumCPU())*int64(*rolloutWidth), *memMiB, *cacheMiB)
	}
	shardI, shardN := 0, 0
	if err == nil && *shard != "" {
		if shardI, shardN, err = parseShardFlag(*shard); err != nil {
			err = fmt.Errorf("--shard %w", err)
		}
	}
	if err == nil {
		err = cli.CheckWritable(*out)
	}
	var ev hatetris.EvalWeights
	var weightsSum string
	if err == nil {
		ev, weightsSum, err = hatetrisEval(*evalName, "--weights", *weights)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris data: %v\n", err)
		return exitCode(err)
	}
	bar := cli.NewProgress(stderr)
	cfg := hatetris.DataConfig{Width: *width, Eval: ev, Quiescence: *quiescence, PerDepth: *perDepth, Children: *children,
		RolloutWidth: *rolloutWidth, RolloutDepth: *rolloutDepth, Bootstrap: *bootstrap, Survival: *survival, Seed: *seed, CacheBytes: int64(*cacheMiB) << 20,
		Progress: func(phase string, done, total int) {
			if phase == "beam" {
				bar.Update(false, "beam of width %d: piece %d", *width, done)
			} else {
				bar.Update(false, "labels: %d of %d rollouts", done, total)
			}
		}}
	if shardN == 0 {
		samples, err := hatetris.MakeData(cfg)
		bar.Done()
		if err != nil {
			fmt.Fprintf(stderr, "kocka hatetris data: %v\n", err)
			return 1
		}
		data, err := hatetris.MarshalSamples(samples)
		if err == nil {
			err = atomicfile.WriteFile(*out, data, 0o644)
		}
		if err != nil {
			fmt.Fprintf(stderr, "kocka hatetris data: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%d samples (%d lost within %d pieces) written to %s\n", len(samples), lostSamples(samples, hatetris.DataRunOf(cfg).SurvivalLabels(), *rolloutDepth), *rolloutDepth, *out)
		return 0
	}
	s, err := hatetris.MakeDataShard(cfg, shardI, shardN)
	bar.Done()
	if err == nil {
		s.Run.WeightsSHA256 = weightsSum
		_, err = writeAtomic(*out, s)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris data: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "shard %d/%d: %d of %d samples, every %s from sample %d (%d lost within %d pieces) written to %s\n",
		s.I, s.N, len(s.Samples), s.Total, ordinal(s.N), s.I, lostSamples(s.Samples, s.Run.SurvivalLabels(), *rolloutDepth), *rolloutDepth, *out)
	return 0
}

// ordinal is "1st", "2nd", "3rd", "4th", ... (for "every Nth").
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprint(n) + suffix
}

// lostSamples counts the samples whose rollout died: labelled
// hatetris.LostLabel, or with survival labels, fewer than depth pieces.
func lostSamples(samples []hatetris.Sample, survival bool, depth int) int {
	n := 0
	for _, s := range samples {
		if s.Label == hatetris.LostLabel || survival && s.Label < float32(depth) {
			n++
		}
	}
	return n
}

// splitTrainData gives the wells whose rollouts died the label lost, then
// shuffles the samples (seeded) and holds the fraction held of them out.
func splitTrainData(samples []hatetris.Sample, lost float32, held float64, seed uint64) (train, heldOut []hatetris.Sample) {
	for i := range samples {
		if samples[i].Label == hatetris.LostLabel {
			samples[i].Label = lost
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0x73706c6974))
	rng.Shuffle(len(samples), func(i, j int) { samples[i], samples[j] = samples[j], samples[i] })
	nHeld := int(float64(len(samples)) * held)
	return samples[nHeld:], samples[:nHeld]
}

// runHatetrisTrain trains the learned evaluation on a data file and
// writes the weights; --plot draws the loss by epoch.
func runHatetrisTrain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka hatetris train", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dataPath := fs.String("data", "", "the data files (from kocka hatetris data), comma-separated (required)")
	out := fs.String("out", "", "the weights file to write (required)")
	epochs := fs.Int("epochs", 40, fmt.Sprintf("passes over the training samples (1 to %d)", maxTrainEpochs))
	batch := fs.Int("batch", 64, fmt.Sprintf("samples per step (1 to %d)", maxTrainBatch))
	lr := fs.Float64("lr", 1e-3, "Adam's step size (more than 0, at most 1)")
	firstRate := fs.Float64("first-layer-rate", hatetris.DefaultFirstLayerRate, "the first layer's step size, as a fraction of --lr (more than 0, at most 1)")
	held := fs.Float64("held-out", 0.1, "fraction of the samples kept out of training to measure the loss on (0 to 0.5)")
	seed := fs.Uint64("seed", 1, "seed of the initial weights, the split and the order of the samples")
	plot := fs.String("plot", "", "write an SVG plot of the loss by epoch to this file")
	layoutName := fs.String("layout", hatetris.SharedLayout.Name, "the network's inputs ("+netLayoutNames()+")")
	lost := fs.Float64("lost-label", hatetris.LostLabel, "train on this label for the wells whose rollouts died (-100 to -1): how much worse than clearing no line an early death is")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	var err error
	switch {
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case math.IsNaN(*lost) || *lost < -100 || *lost > hatetris.LostLabel:
		err = fmt.Errorf("--lost-label %g out of range -100..%d", *lost, hatetris.LostLabel)
	case *dataPath == "" || *out == "":
		err = fmt.Errorf("--data and --out are required")
	case *epochs < 1 || *epochs > maxTrainEpochs:
		err = fmt.Errorf("--epochs %d out of range 1..%d", *epochs, maxTrainEpochs)
	case *batch < 1 || *batch > maxTrainBatch:
		err = fmt.Errorf("--batch %d out of range 1..%d", *batch, maxTrainBatch)
	case math.IsNaN(*lr) || *lr <= 0 || *lr > 1:
		err = fmt.Errorf("--lr %g out of range: more than 0, at most 1", *lr)
	case math.IsNaN(*firstRate) || *firstRate <= 0 || *firstRate > 1:
		err = fmt.Errorf("--first-layer-rate %g out of range: more than 0, at most 1", *firstRate)
	case math.IsNaN(*held) || *held < 0 || *held > 0.5:
		err = fmt.Errorf("--held-out %g out of range 0..0.5", *held)
	}
	layout, lerr := hatetris.NetLayoutByName(*layoutName)
	if err == nil && lerr != nil {
		err = fmt.Errorf("--layout: %v", lerr)
	}
	for _, p := range []string{*out, *plot} {
		if err == nil && p != "" {
			err = cli.CheckWritable(p)
		}
	}
	if err == nil {
		// The weights or the plot written over a data file would lose it.
		err = checkDistinctFiles([]namedFile{{"--out", *out}, {"--plot", *plot}}, namedFiles("--data", strings.Split(*dataPath, ",")))
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris train: %v\n", err)
		return 2
	}
	samples, err := readTrainData(strings.Split(*dataPath, ","), stdin, hatetris.MaxSamples)
	if err == nil && len(samples) < 2 {
		err = fmt.Errorf("--data: %d samples, need at least 2", len(samples))
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris train: %v\n", err)
		return 1
	}
	train, heldOut := splitTrainData(samples, float32(*lost), *held, *seed)
	// The loss of the best constant (the mean label): what training must
	// beat to have learnt anything.
	mean, variance := 0.0, 0.0
	for _, s := range heldOut {
		mean += float64(s.Label) / float64(len(heldOut))
	}
	for _, s := range heldOut {
		variance += (float64(s.Label) - mean) * (float64(s.Label) - mean) / float64(len(heldOut))
	}
	fmt.Fprintf(stdout, "%d training samples, %d held out (their labels: mean %.3f, variance %.4f, the loss of answering the mean)\n",
		len(train), len(heldOut), mean, variance)
	net := hatetris.NewNetOf(layout, *seed)
	bar := cli.NewProgress(stderr)
	losses, err := hatetris.Train(net, train, heldOut, hatetris.TrainConfig{Epochs: *epochs, Batch: *batch, LR: *lr, FirstLayerRate: *firstRate, Seed: *seed, StartAtMean: true,
		Progress: func(l hatetris.EpochLoss) {
			bar.Update(false, "epoch %d: loss %.4f on %d training samples, %.4f on %d held out", l.Epoch, l.Train, len(train), l.Held, len(heldOut))
		}})
	bar.Done()
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris train: %v\n", err)
		return 1
	}
	data, _ := net.MarshalBinary()
	if err := atomicfile.WriteFile(*out, data, 0o644); err != nil {
		fmt.Fprintf(stderr, "kocka hatetris train: %v\n", err)
		return 1
	}
	fmt.Fprintln(stdout, "epoch train_mse held_out_mse")
	for _, l := range losses {
		fmt.Fprintf(stdout, "%d %.4f %.4f\n", l.Epoch, l.Train, l.Held)
	}
	if *plot != "" {
		if err := atomicfile.WriteFile(*plot, []byte(lossPlot(losses, len(train), len(heldOut), variance)), 0o644); err != nil {
			fmt.Fprintf(stderr, "kocka hatetris train: %v\n", err)
			return 1
		}
	}
	return 0
}

// lossPlot draws the mean squared error by epoch, on the training and the
// held-out samples, with the loss of answering the held-out samples' mean
// label as a dashed line.
func lossPlot(losses []hatetris.EpochLoss, nTrain, nHeld int, constant float64) string {
	train, held := make([]float64, len(losses)), make([]float64, len(losses))
	for i, l := range losses {
		train[i], held[i] = l.Train, l.Held
	}
	return epochPlot("HATETRIS learned evaluation: mean squared error (lines²) by epoch",
		[]epochCurve{{fmt.Sprintf("training (%d samples)", nTrain), "steelblue", train}, {fmt.Sprintf("held out (%d samples)", nHeld), "darkorange", held}},
		constant, "answering the mean label")
}

// readTrainData reads the --data files (- for stdin), at most max samples
// in all. Each file is read with a cap of the samples still allowed, so a
// file that would pass max is refused as soon as its bytes say so, and
// the files after it are not opened: memory stays within max samples.
func readTrainData(paths []string, stdin io.Reader, max int) ([]hatetris.Sample, error) {
	var samples []hatetris.Sample
	for _, path := range paths {
		left := max - len(samples)
		raw, err := bounded.ReadFile(path, stdin, hatetris.DataFileBytes(left))
		var tooLarge *bounded.TooLargeError
		if errors.As(err, &tooLarge) {
			return nil, fmt.Errorf("--data %s: more than the %d samples allowed in all (%d read before it)", path, max, len(samples))
		}
		var s []hatetris.Sample
		if err == nil {
			s, err = hatetris.UnmarshalSamples(raw)
		}
		if err != nil {
			return nil, fmt.Errorf("--data %s: %w", path, err)
		}
		if len(s) > left { // the header agrees with the size, so only a bug gets here
			return nil, fmt.Errorf("--data %s: more than the %d samples allowed in all", path, max)
		}
		samples = append(samples, s...)
	}
	return samples, nil
}

// epochCurve is one line of epochPlot: a value per epoch, from epoch 0.
type epochCurve struct {
	name, color string
	values      []float64
}

// epochPlot draws curves by epoch as an SVG in the style of recordPlot,
// from 0 to the largest value, with a reference value as a dashed line.
func epochPlot(title string, curves []epochCurve, ref float64, refName string) string {
	const w, h, m = 640, 400, 60
	top, last := max(1e-9, ref), 1
	for _, c := range curves {
		top = max(top, slices.Max(c.values))
		last = max(last, len(c.values)-1)
	}
	x := func(e int) float64 { return m + float64(e)/float64(last)*(w-2*m) }
	y := func(v float64) float64 { return h - m - v/top*(h-2*m) }
	var sb strings.Builder
	fmt.Fprintf(&sb, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n", w, h)
	fmt.Fprintf(&sb, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", w, h)
	fmt.Fprintf(&sb, "<text x=\"%d\" y=\"24\" font-size=\"14\">%s</text>\n", m, html.EscapeString(title))
	fmt.Fprintf(&sb, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", m, h-m, w-m, h-m)
	fmt.Fprintf(&sb, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", m, m, m, h-m)
	fmt.Fprintf(&sb, "<text x=\"%d\" y=\"%d\">epoch (0 to %d)</text>\n", w/2-40, h-m+36, last)
	fmt.Fprintf(&sb, "<text x=\"%d\" y=\"%.0f\" text-anchor=\"end\">%.2f</text>\n", m-6, y(top)+4, top)
	fmt.Fprintf(&sb, "<text x=\"%d\" y=\"%.0f\" text-anchor=\"end\">0</text>\n", m-6, y(0)+4)
	fmt.Fprintf(&sb, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"gray\" stroke-dasharray=\"6,4\"/>\n", m, y(ref), w-m, y(ref))
	fmt.Fprintf(&sb, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"gray\">%s: %.3f</text>\n", w-m, y(ref)-6, html.EscapeString(refName), ref)
	for _, c := range curves {
		var pts []string
		for e, v := range c.values {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(e), y(v)))
		}
		fmt.Fprintf(&sb, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n", strings.Join(pts, " "), c.color)
		end := len(c.values) - 1
		fmt.Fprintf(&sb, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" fill=\"%s\">%s: %.3f</text>\n",
			x(end), y(c.values[end])-8, c.color, html.EscapeString(c.name), c.values[end])
	}
	sb.WriteString("</svg>\n")
	return sb.String()
}

// netLayoutNames lists the network layouts, with what each shares.
func netLayoutNames() string {
	var names []string
	for _, l := range hatetris.NetLayouts {
		names = append(names, l.Name+": "+l.Note)
	}
	return strings.Join(names, "; ")
}
