package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// maxImitateReplaysBytes bounds the replays file (the original's whole
// test suite of replays is 340 KB).
const maxImitateReplaysBytes = 16 << 20

// hatetrisImitateFile is what kocka hatetris imitate writes to --out.
type hatetrisImitateFile struct {
	Command       string          `json:"command"`
	Replays       []imitateReplay `json:"replays"`
	Choices       int             `json:"choices"`
	Iterations    int             `json:"iterations"`
	Step          float64         `json:"step"`
	LogLikelihood float64         `json:"log_likelihood"`
	Top1          float64         `json:"top1"`
	// The same for a landing picked at random: the baseline.
	ChanceLogLikelihood float64            `json:"chance_log_likelihood"`
	ChanceTop1          float64            `json:"chance_top1"`
	Features            []string           `json:"features"`
	Weights             []float64          `json:"weights"` // per unit of each feature
	LineWeight          float64            `json:"line_weight"`
	Set                 map[string]float64 `json:"set"` // the weights scaled so that a line is worth LineWeight
	// HeldOut (--cross-validate): each game scored by a fit to the
	// others, and the mean over the games.
	HeldOut *imitateHeldOut `json:"held_out,omitempty"`
}

type imitateHeldOut struct {
	Games         []imitateHeldOutGame `json:"games"`
	LogLikelihood float64              `json:"log_likelihood"`
	Top1          float64              `json:"top1"`
}

type imitateHeldOutGame struct {
	Name          string  `json:"name"`
	LogLikelihood float64 `json:"log_likelihood"`
	Top1          float64 `json:"top1"`
}

type imitateReplay struct {
	Name    string `json:"name"`
	Lines   int    `json:"lines"`
	Choices int    `json:"choices"`
}

// runHatetrisImitate fits a weight set to the choices of recorded games
// (hatetris.FitImitation) and writes it to --out.
func runHatetrisImitate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka hatetris imitate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	replaysPath := fs.String("replays", "", "the games: a file of lines NAME<tab>LINES<tab>ENCODING<tab>REPLAY (as solver/thrower/hatetris/testdata/replays.txt; # starts a comment), - for stdin (required)")
	names := fs.String("names", "", "the games of the file to fit to, by name, separated by ';' (required; a game kept in several encodings counts once)")
	iterations := fs.Int("iterations", 400, fmt.Sprintf("gradient steps (1 to %d)", hatetris.MaxImitationIterations))
	step := fs.Float64("step", 0.5, "the step size, on features scaled to their spread (more than 0, at most 100)")
	lineWeight := fs.Float64("line-weight", 1000, "scale the set so that a line is worth this (the record search's --line-weight)")
	crossValidate := fs.Bool("cross-validate", false, "also fit to all the games but one, each in turn, and score the one left out (needs two games or more)")
	features := fs.String("features", strings.Join(hatetris.DefaultImitationFeatures, ","), "the weights to fit besides the lines, separated by commas: some of "+strings.Join(hatetris.ImitationFeatureNames(), ", "))
	out := fs.String("out", "", "the result file (JSON; required)")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	var err error
	switch {
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case *replaysPath == "" || *names == "" || *out == "":
		err = fmt.Errorf("--replays, --names and --out are required")
	case *crossValidate && len(imitateNames(*names)) < 2:
		err = fmt.Errorf("--cross-validate needs two games or more, --names has %d", len(imitateNames(*names)))
	case *iterations < 1 || *iterations > hatetris.MaxImitationIterations:
		err = fmt.Errorf("--iterations %d out of range 1..%d", *iterations, hatetris.MaxImitationIterations)
	case !(*step > 0 && *step <= 100):
		err = fmt.Errorf("--step %g out of range: more than 0, at most 100", *step)
	case !(*lineWeight > 0) || math.IsInf(*lineWeight, 0):
		err = fmt.Errorf("--line-weight %g: want a finite number above 0", *lineWeight)
	default:
		err = cli.CheckWritable(*out)
	}
	featureNames := strings.Split(*features, ",")
	if err == nil {
		err = hatetris.CheckImitationFeatures(featureNames) // before any work
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris imitate: %v\n", err)
		return 2
	}
	data, err := bounded.ReadFile(*replaysPath, stdin, maxImitateReplaysBytes)
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris imitate: %v\n", err)
		return 1
	}
	games, err := readImitateReplays(data, imitateNames(*names))
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris imitate: %s: %v\n", *replaysPath, err)
		return 1
	}
	file := hatetrisImitateFile{Command: shellCommand(append([]string{"kocka", "hatetris", "imitate"}, args...)),
		Iterations: *iterations, Step: *step, LineWeight: *lineWeight}
	var all []hatetris.ImitationChoice
	var perGame [][]hatetris.ImitationChoice
	for _, g := range games {
		cs, err := hatetris.ImitationChoices(g.moves, featureNames)
		if err != nil {
			fmt.Fprintf(stderr, "kocka hatetris imitate: %s: %v\n", g.name, err)
			return 1
		}
		all = append(all, cs...)
		perGame = append(perGame, cs)
		file.Replays = append(file.Replays, imitateReplay{Name: g.name, Lines: g.lines, Choices: len(cs)})
	}
	fit, err := hatetris.FitImitation(featureNames, all, *iterations, *step)
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris imitate: %v\n", err)
		return 1
	}
	if *crossValidate {
		if file.HeldOut, err = imitateCrossValidate(games, perGame, featureNames, *iterations, *step); err != nil {
			fmt.Fprintf(stderr, "kocka hatetris imitate: %v\n", err)
			return 1
		}
	}
	set, err := fit.Set("imitated", "", *lineWeight)
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris imitate: %v\n", err)
		return 1
	}
	file.Choices, file.LogLikelihood, file.Top1, file.Features, file.Weights = fit.Choices, fit.LogLikelihood, fit.Top1, fit.Features, fit.Weights
	file.ChanceLogLikelihood, file.ChanceTop1 = fit.ChanceLogLikelihood, fit.ChanceTop1
	file.Set = hatetris.SetWeights(set)
	out2, err := json.MarshalIndent(file, "", "  ")
	if err == nil {
		err = atomicfile.WriteFile(*out, append(out2, '\n'), 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris imitate: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%d choices of %d games: mean log likelihood %.4f (%.4f at random), the chosen landing ranked first %.1f%% (%.1f%% at random); written to %s\n",
		fit.Choices, len(games), fit.LogLikelihood, fit.ChanceLogLikelihood, 100*fit.Top1, 100*fit.ChanceTop1, *out)
	if h := file.HeldOut; h != nil {
		fmt.Fprintf(stdout, "each game fitted on the others: mean log likelihood %.4f, ranked first %.1f%%\n", h.LogLikelihood, 100*h.Top1)
	}
	return 0
}

// imitateCrossValidate fits all the games but one, each in turn, and
// scores the one left out: how well the features predict a player they
// were not fitted to.
func imitateCrossValidate(games []imitateGame, perGame [][]hatetris.ImitationChoice, features []string, iterations int, step float64) (*imitateHeldOut, error) {
	h := &imitateHeldOut{} // two games or more: the flags were checked so
	for i, g := range games {
		var rest []hatetris.ImitationChoice
		for j, cs := range perGame {
			if j != i {
				rest = append(rest, cs...)
			}
		}
		fit, err := hatetris.FitImitation(features, rest, iterations, step)
		if err != nil {
			return nil, fmt.Errorf("without %s: %w", g.name, err)
		}
		ll, top1, err := fit.Score(perGame[i])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", g.name, err)
		}
		h.Games = append(h.Games, imitateHeldOutGame{Name: g.name, LogLikelihood: ll, Top1: top1})
		h.LogLikelihood += ll / float64(len(games))
		h.Top1 += top1 / float64(len(games))
	}
	return h, nil
}

// imitateNames splits --names at ';' into the distinct names it gives,
// blanks trimmed and empty ones left out, in their order.
func imitateNames(list string) []string {
	var names []string
	for _, n := range strings.Split(list, ";") {
		if n = strings.TrimSpace(n); n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

type imitateGame struct {
	name  string
	lines int
	moves []hatetris.Move
}

// readImitateReplays reads the named games of a replays file, checking
// that each plays to the lines the file gives it. A name kept in several
// encodings is read from its first; a name the file lacks is an error.
func readImitateReplays(data []byte, names []string) ([]imitateGame, error) {
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var games []imitateGame
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), maxImitateReplaysBytes)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if strings.HasPrefix(text, "#") || strings.TrimSpace(text) == "" {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 4 {
			return nil, fmt.Errorf("line %d: %d fields, want NAME, LINES, ENCODING and REPLAY separated by tabs", line, len(fields))
		}
		if !want[fields[0]] {
			continue
		}
		lines, err := strconv.Atoi(fields[1])
		if err != nil || lines < 0 {
			return nil, fmt.Errorf("line %d: lines %q", line, fields[1])
		}
		moves, err := hatetris.DecodeReplay(fields[3])
		if err != nil {
			return nil, fmt.Errorf("line %d (%s): %w", line, fields[0], err)
		}
		g, err := hatetris.NewGame(hatetris.Standard, hatetris.NewEnemy(false))
		if err != nil {
			return nil, err
		}
		g.Play(moves)
		if g.Score() != lines {
			return nil, fmt.Errorf("line %d (%s): the replay scores %d lines, the file says %d", line, fields[0], g.Score(), lines)
		}
		delete(want, fields[0])
		games = append(games, imitateGame{name: fields[0], lines: lines, moves: moves})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(want) > 0 {
		var missing []string
		for _, n := range slices.Sorted(maps.Keys(want)) {
			missing = append(missing, strconv.Quote(n))
		}
		return nil, fmt.Errorf("no game named %s", strings.Join(missing, ", "))
	}
	return games, nil
}

// shellCommand writes a command line a shell reads back as args: an
// argument with anything but letters, digits and -_./=, in single quotes.
func shellCommand(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		plain := a != ""
		for _, r := range a {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=,", r)) {
				plain = false
			}
		}
		if plain {
			quoted[i] = a
		} else {
			quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(quoted, " ")
}
