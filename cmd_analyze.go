package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/thrower"
)

// runAnalyze is kocka analyze: it plays a grid of placer-against-thrower
// matches and prints a Markdown table or JSON lines.
func runAnalyze(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	fs.SetOutput(stderr)
	preset := fs.String("preset", "", "a ready grid: thesis")
	file := fs.String("file", "", "a grid file: one match per line as key=value pairs (thrower= pieces= width= height= function= depth= thrower-depth= preview= model= limit= seed=)")
	throwers := fs.String("thrower", "minimax", "throwers, comma-separated: "+strings.Join(thrower.Names(), ", "))
	pieces := fs.String("pieces", "all", "piece sets, comma-separated (e.g. O,IL,SZ; all = the seven)")
	widths := fs.String("width", "10", "well widths, comma-separated")
	heights := fs.String("height", "20", "well heights, comma-separated")
	functions := fs.String("function", "kravec", "placer personalities, comma-separated")
	depths := fs.String("depth", "1", "search depths, comma-separated (1 = greedy placer)")
	previews := fs.String("preview", "off", "next piece shown: off, on or off,on")
	models := fs.String("model", "full", "placement models, comma-separated: full, drop (the thesis' model)")
	limit := fs.Int("limit", 2000, "moves before a match is called a draw (result limit)")
	workers := fs.Int("workers", runtime.NumCPU(), "matches at once")
	asJSON := fs.Bool("json", false, "one JSON object per row instead of a table")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kocka analyze: unexpected argument %q\n", fs.Arg(0))
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
		var f *os.File
		if f, err = os.Open(*file); err == nil {
			base := thrower.Match{Thrower: "minimax", Width: 10, Height: 20, Function: "kravec", Depth: 1, MoveLimit: *limit}
			ms, err = thrower.ParseMatches(f, base)
			f.Close()
		}
	default:
		var g thrower.Grid
		g, err = gridFromFlags(*throwers, *pieces, *widths, *heights, *functions, *depths, *previews, *models)
		g.MoveLimit = *limit
		ms = g.Matches()
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka analyze: %v\n", err)
		return 2
	}
	for _, m := range ms {
		if _, err := thrower.New(m.Thrower, thrower.Options{Pieces: m.Pieces}); err != nil {
			fmt.Fprintf(stderr, "kocka analyze: %v\n", err)
			return 2
		}
		if _, err := solver.PersonalityByName(m.Function); err != nil {
			fmt.Fprintf(stderr, "kocka analyze: %v\n", err)
			return 2
		}
	}
	start := time.Now()
	var progress func(int, int, thrower.Row)
	if !*quiet {
		progress = func(done, total int, r thrower.Row) {
			fmt.Fprintf(stderr, "\r%d/%d matches, %s", done, total, time.Since(start).Round(time.Second))
			if done == total {
				fmt.Fprintln(stderr)
			}
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
		if d < 1 || d > 4 {
			return g, fmt.Errorf("--depth %d out of range 1..4", d)
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
