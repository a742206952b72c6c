package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/thrower"
)

// Bounds of kocka analyze's inputs besides those of a match
// (thrower.Match.Validate): a grid file of 100,000 matches is under 10 MiB.
const (
	maxGridFileBytes = 16 << 20
	maxWorkers       = 1024
)

// runAnalyze is kocka analyze: it plays a grid of placer-against-thrower
// matches and prints a Markdown table or JSON lines.
func runAnalyze(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka analyze", flag.ContinueOnError)
	fs.SetOutput(stderr)
	preset := fs.String("preset", "", "a ready grid: thesis")
	file := fs.String("file", "", "a grid file (at most "+bounded.Size(maxGridFileBytes)+"; - for stdin): one match per line as key=value pairs\n"+
		"(thrower= pieces= width= height= function= depth= thrower-depth= preview= model= limit= seed=),\n"+
		"each within the flags' bounds")
	throwers := fs.String("thrower", "minimax", "throwers, comma-separated: "+strings.Join(thrower.Names(), ", "))
	pieces := fs.String("pieces", "all", "piece sets, comma-separated (e.g. O,IL,SZ; all = the seven)")
	widths := fs.String("width", "10", "well widths, comma-separated")
	heights := fs.String("height", "20", "well heights, comma-separated")
	functions := fs.String("function", "kravec", "placer personalities, comma-separated")
	depths := fs.String("depth", "1", "search depths, comma-separated (1 = greedy placer)")
	previews := fs.String("preview", "off", "next piece shown: off, on or off,on")
	models := fs.String("model", "full", "placement models, comma-separated: full, drop (the thesis' model)")
	limit := fs.Int("limit", 2000, fmt.Sprintf("moves before a match is called a draw (result limit), 1..%d", thrower.MaxMoveLimit))
	workers := fs.Int("workers", runtime.NumCPU(), fmt.Sprintf("matches at once, 1..%d", maxWorkers))
	asJSON := fs.Bool("json", false, "one JSON object per row instead of a table")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kocka analyze: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	switch {
	case *limit < 1 || *limit > thrower.MaxMoveLimit:
		fmt.Fprintf(stderr, "kocka analyze: --limit %d out of range 1..%d\n", *limit, thrower.MaxMoveLimit)
		return 2
	case *workers < 1 || *workers > maxWorkers:
		fmt.Fprintf(stderr, "kocka analyze: --workers %d out of range 1..%d\n", *workers, maxWorkers)
		return 2
	}
	var ms []thrower.Match
	var err error
	switch {
	case *preset != "" && *file != "":
		err = fmt.Errorf("give --preset or --file, not both")
	case *preset != "":
		ms, err = thrower.PresetMatches(*preset)
	case *file != "":
		var data []byte
		if data, err = bounded.ReadFile(*file, stdin, maxGridFileBytes); err == nil {
			base := thrower.Match{Thrower: "minimax", Width: 10, Height: 20, Function: "kravec", Depth: 1, MoveLimit: *limit}
			ms, err = thrower.ParseMatches(bytes.NewReader(data), base)
		}
		if err != nil {
			err = fileError{fmt.Errorf("--file %s: %w", *file, err)}
		}
	default:
		var g thrower.Grid
		g, err = gridFromFlags(*throwers, *pieces, *widths, *heights, *functions, *depths, *previews, *models)
		g.MoveLimit = *limit
		if err == nil && g.Count() > thrower.MaxMatches {
			err = fmt.Errorf("the grid holds more than %d matches", thrower.MaxMatches)
		}
		ms = g.Matches()
	}
	if err == nil && len(ms) == 0 {
		err = fmt.Errorf("no matches to play")
	}
	for _, m := range ms {
		if err != nil {
			break
		}
		err = m.Validate()
	}
	if err != nil && *file != "" && *preset == "" && exitCode(err) == 2 {
		err = fileError{fmt.Errorf("--file %s: %w", *file, err)} // the matches came from the file
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka analyze: %v\n", err)
		return exitCode(err)
	}
	var progress func(int, int, thrower.Row)
	if !*quiet {
		bar, start := cli.NewProgress(stderr), time.Now()
		progress = func(done, total int, r thrower.Row) {
			bar.Update(done == total, "%d/%d matches, %s", done, total, time.Since(start).Round(time.Second))
		}
	}
	rows := thrower.RunAll(ms, *workers, progress)
	failed := 0
	for _, r := range rows {
		if r.Err != nil {
			failed++
		}
	}
	if *asJSON {
		if err := thrower.WriteJSON(stdout, rows); err != nil {
			fmt.Fprintf(stderr, "kocka analyze: %v\n", err)
			return 1
		}
	} else {
		thrower.WriteMarkdown(stdout, rows)
	}
	if failed > 0 {
		fmt.Fprintf(stderr, "kocka analyze: %d of %d matches failed\n", failed, len(rows))
		return 1
	}
	return 0
}

// gridFromFlags builds the grid of the comma-separated flag values.
func gridFromFlags(throwers, pieces, widths, heights, functions, depths, previews, models string) (thrower.Grid, error) {
	var g thrower.Grid
	g.Throwers = splitList(throwers)
	for _, s := range splitList(pieces) {
		ps, err := thrower.ParsePieces(s)
		if err != nil {
			return g, fmt.Errorf("--pieces: %w", err)
		}
		g.PieceSets = append(g.PieceSets, ps)
	}
	var err error
	if g.Widths, err = intList("width", widths); err != nil {
		return g, err
	}
	if g.Heights, err = intList("height", heights); err != nil {
		return g, err
	}
	g.Functions = splitList(functions)
	if g.Depths, err = intList("depth", depths); err != nil {
		return g, err
	}
	for _, s := range splitList(previews) {
		pv, err := thrower.ParsePreview(s)
		if err != nil {
			return g, fmt.Errorf("--preview: %w", err)
		}
		g.Previews = append(g.Previews, pv)
	}
	for _, s := range splitList(models) {
		m, err := solver.ParseMode(s)
		if err != nil {
			return g, fmt.Errorf("--model: %w", err)
		}
		g.Models = append(g.Models, m)
	}
	for _, w := range g.Widths {
		if w < 4 || w > engine.MaxWidth {
			return g, fmt.Errorf("--width %d out of range 4..%d", w, engine.MaxWidth)
		}
	}
	for _, h := range g.Heights {
		if h < 4 || h+engine.BufferRows > 64 {
			return g, fmt.Errorf("--height %d out of range 4..%d", h, 64-engine.BufferRows)
		}
	}
	for _, d := range g.Depths {
		if d < 1 || d > thrower.MaxDepth {
			return g, fmt.Errorf("--depth %d out of range 1..%d", d, thrower.MaxDepth)
		}
	}
	if len(g.Throwers) == 0 || len(g.PieceSets) == 0 || len(g.Functions) == 0 || len(g.Previews) == 0 || len(g.Models) == 0 {
		return g, fmt.Errorf("every list needs at least one value")
	}
	return g, nil
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func intList(name, s string) ([]int, error) {
	var out []int
	for _, f := range splitList(s) {
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("--%s: %q is not a number", name, f)
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--%s: no values", name)
	}
	return out, nil
}
