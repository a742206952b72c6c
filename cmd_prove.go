package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/gobblers"
	"github.com/kocka/kocka/solver/prove/gobblet"
	"github.com/kocka/kocka/solver/prove/tictactoe"
	"github.com/kocka/kocka/solver/prove/well"
)

const proveUsage = `usage: kocka prove tictactoe [--out FILE] [--json]
       kocka prove tictactoe --shard I/N --drawer x|o --out FILE
       kocka prove gobblers [--sizes 3] [--per-size 2] [--method table|retrograde|search] [--out FILE] [--checkpoint FILE] [--mem MiB] [--json]
       kocka prove gobblet --variant ab|abc --first drawing|attacker [--method grow|search] [--out FILE] [--checkpoint FILE] [--mem MiB] [--json]
       kocka prove gobblet --variant ab|abc --first drawing|attacker --shard I/N --out FILE [--mem MiB]
       kocka prove merge --out FILE SHARD...
       kocka prove tetris [--width 4,5] [--height 2-8] [--pieces SET] [--preview] [--model drop|full] [--method grow|search|dfpn] [--time D] [--smallest] [--out FILE] [--json]
       kocka prove check FILE [--sample N] [--json]`

// runProve is kocka prove: retrograde analysis (tictactoe, gobblers), the
// proof search with a certificate (tictactoe, gobblet) and the independent
// check of a certificate file.
func runProve(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, proveUsage)
		return 2
	}
	sub, args := args[0], args[1:]
	fs := flag.NewFlagSet("prove "+sub, flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprintln(fs.Output(), proveUsage); fs.PrintDefaults() }
	asJSON := fs.Bool("json", false, "print the result as one JSON object")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	mem := fs.Int("mem", 0, "memory limit in MiB for the tables, which stop the work with an error past it (0: none); the process's resident size runs up to about half again above it (1.7 times was seen with grow on Gobblet ABC)")
	workers := fs.Int("workers", runtime.NumCPU(), fmt.Sprintf("goroutines generating moves, 1..%d", maxWorkers))
	var out, variant, first, ckpt *string
	var every *time.Duration
	var sizes, perSize *int
	var sample *int64
	var seed *uint64
	var method *string
	var shard, drawerName, order *string
	var reuse *int
	var widths, heights, pieces, model *string
	var preview, smallest *bool
	var limit *time.Duration
	switch sub {
	case "tictactoe":
		out = fs.String("out", "", "write the certificates to FILE.x and FILE.o (with --shard: the shard to FILE)")
		shard = fs.String("shard", "", "I/N: prove shard I of N of the drawing player's proof (see --drawer) and write it to --out")
		drawerName = fs.String("drawer", "o", "with --shard: the drawing player, x or o")
	case "gobblers":
		sizes = fs.Int("sizes", 3, "piece sizes, from the largest: 1 to 3 (3 is the real game)")
		perSize = fs.Int("per-size", 2, "pieces of each size a side: 1 or 2 (2 is the real game)")
		method = fs.String("method", "table", "table (every position's value, a dense table), retrograde (the same with edge lists: small games only) or search (the proof search for each player from the start)")
		out = fs.String("out", "", "with --method table: write the table to FILE; with --method search: the certificates to FILE.first and FILE.second")
		ckpt = fs.String("checkpoint", "", "with --method table: save the unfinished table to FILE now and then, and resume from it if it exists")
		every = fs.Duration("every", 10*time.Minute, "time between checkpoints")
	case "gobblet":
		out = fs.String("out", "", "write the certificate to FILE")
		variant = fs.String("variant", "ab", "the thesis variant: ab or abc (full does not fit the 64-bit prover)")
		first = fs.String("first", "drawing", "who moves first: drawing or attacker")
		ckpt = fs.String("checkpoint", "", "save the search to FILE now and then (grow: all of it; search: the settled states), and resume from it if it exists")
		method = fs.String("method", "grow", "grow (breadth first, the strategy repaired where it fails) or search (depth first)")
		every = fs.Duration("every", 5*time.Minute, "time between checkpoints")
		reuse = fs.Int("reuse", 0, "with --method grow: the drawing player takes, among its first N moves not known to be lost, one into a state already met (0: its first move)")
		order = fs.String("order", "held", "the drawing player's move order: held (a line held only by pieces smaller than A counts as half open) or plain (any piece holds a line; the same as held in AB)")
		shard = fs.String("shard", "", "I/N: prove shard I of N (the attacker's first replies, dealt I mod N) with --method grow, and write the shard to --out; kocka prove merge joins the N files")
	case "merge":
		out = fs.String("out", "", "write the merged certificate to FILE (only once it checks)")
	case "tetris":
		widths = fs.String("width", "4", "well widths: a list (4,5,6) or a range (4-6)")
		heights = fs.String("height", "2-8", "well heights: a list or a range; the table gives the smallest at which the placer survives")
		pieces = fs.String("pieces", "all", "the thrower's piece set (all, SZ, O, IL, ...)")
		preview = fs.Bool("preview", false, "the next piece is shown")
		model = fs.String("model", "drop", "placements: drop (the thesis' model) or full (every SRS placement)")
		out = fs.String("out", "", "write each certificate to FILE.WxH")
		method = fs.String("method", "grow", "grow (breadth first), search (depth first) or dfpn (proof numbers for the thrower's win, then grow if it finds none)")
		limit = fs.Duration("time", 0, "time limit for each well (0: none); a well past it, or past --mem, is left unknown and the next width starts")
		smallest = fs.Bool("smallest", false, "stop each width at the first height at which the placer survives")
	case "check":
		sample = fs.Int64("sample", 1000000, "for a Gobblers table: check this many positions drawn at random (0, or at least the table's positions: every position once)")
		seed = fs.Uint64("seed", 1, "for a Gobblers table: the seed of the sample")
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, proveUsage)
		return 0
	default:
		fmt.Fprintf(stderr, "kocka prove: unknown game %q\n%s\n", sub, proveUsage)
		return 2
	}
	// Flags may come after the file name too.
	var pos []string
	for {
		if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
			return code
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	want := 0
	if sub == "check" {
		want = 1
	}
	if sub == "merge" && len(pos) > 0 {
		want = len(pos)
	}
	if len(pos) != want || (sub == "merge" && want == 0) {
		fmt.Fprintln(stderr, proveUsage)
		return 2
	}
	// --workers sizes per-worker buffers (the Gobblers table keeps three
	// slices a worker), so it has a bound as well as a floor.
	// --mem in bytes must fit an int64: past that the shift wrapped, to 0
	// (a memory limit of 0 bytes, the GC running without end) or below.
	if *mem < 0 || *mem > math.MaxInt64>>20 || *workers < 1 || *workers > maxWorkers {
		fmt.Fprintf(stderr, "kocka prove: --mem must be 0..%d and --workers 1..%d\n", math.MaxInt64>>20, maxWorkers)
		return 2
	}
	o := prove.Options{Workers: *workers, MaxBytes: int64(*mem) << 20}
	if *mem > 0 {
		debug.SetMemoryLimit(int64(*mem) << 20)
	}
	start := time.Now()
	if !*quiet {
		o.Progress = progressPrinter(stderr, start)
	}
	var res any
	var err error
	var si, sn int
	if shard != nil && *shard != "" {
		var serr error
		if si, sn, serr = parseShardFlag(*shard); serr != nil || *out == "" {
			fmt.Fprintf(stderr, "kocka prove %s: --shard I/N (0 <= I < N <= 65536) with --out FILE: %v\n", sub, serr)
			return 2
		}
	}
	switch sub {
	case "tictactoe":
		if *shard != "" {
			d := map[string]int{"x": 0, "o": 1}
			drawer, ok := d[*drawerName]
			if !ok {
				fmt.Fprintf(stderr, "kocka prove tictactoe: --drawer %q: x or o\n", *drawerName)
				return 2
			}
			if !checkOutputs(stderr, sub, "--out", *out) {
				return 2
			}
			res, err = proveShard(tictactoe.Game{}, drawer, prove.ShardHeader{First: *drawerName}, si, sn, *out, o)
			break
		}
		if !checkOutputs(stderr, sub, "--out", suffixed(*out, ".x", ".o")...) {
			return 2
		}
		res, err = proveTicTacToe(*out, o)
	case "gobblers":
		if *sizes < 1 || *sizes > 3 || *perSize < 1 || *perSize > 2 {
			fmt.Fprintln(stderr, "kocka prove gobblers: --sizes 1..3, --per-size 1..2")
			return 2
		}
		r := gobblet.Gobblers()
		if *sizes != 3 || *perSize != 2 {
			r = gobblet.SmallGobblers(*sizes, *perSize)
		}
		if *ckpt != "" && *method != "table" {
			fmt.Fprintln(stderr, "kocka prove gobblers: --checkpoint goes with --method table")
			return 2
		}
		if *every <= 0 {
			fmt.Fprintln(stderr, "kocka prove gobblers: --every must be positive")
			return 2
		}
		outs := []string{*out}
		if *method == "search" {
			outs = suffixed(*out, ".first", ".second")
		}
		if !checkOutputs(stderr, sub, "--out", outs...) || !checkOutputs(stderr, sub, "--checkpoint", *ckpt) ||
			!checkSameFiles(stderr, sub, outs, []string{*ckpt}, "--checkpoint") {
			return 2
		}
		switch *method {
		case "table":
			res, err = tableGobblers(*sizes, *perSize, *out, *ckpt, *every, o, stderr)
		case "retrograde":
			if *out != "" {
				fmt.Fprintln(stderr, "kocka prove gobblers: --out goes with --method table or search")
				return 2
			}
			res, err = proveGobblers(r, o)
		case "search":
			res, err = searchGobblers(r, *out, o)
		default:
			fmt.Fprintf(stderr, "kocka prove gobblers: --method %q: table, retrograde or search\n", *method)
			return 2
		}
	case "gobblet":
		side := map[string]int{"drawing": gobblet.Drawing, "attacker": gobblet.Attacker}
		f, ok := side[*first]
		if !ok {
			fmt.Fprintf(stderr, "kocka prove gobblet: --first %q: drawing or attacker\n", *first)
			return 2
		}
		r, verr := gobblet.Variant(*variant, f)
		if verr != nil {
			fmt.Fprintln(stderr, "kocka prove gobblet:", verr)
			return 2
		}
		g, gerr := gobblet.NewGame(r)
		if gerr != nil {
			fmt.Fprintln(stderr, "kocka prove gobblet:", gerr)
			return 2
		}
		if *reuse < 0 || *reuse > 255 {
			fmt.Fprintln(stderr, "kocka prove gobblet: --reuse must be 0 to 255")
			return 2
		}
		if *reuse > 0 && *method != "grow" {
			fmt.Fprintln(stderr, "kocka prove gobblet: --reuse works with --method grow")
			return 2
		}
		o.Reuse = *reuse
		switch *order {
		case "held", "plain":
			g.SetPlainOrder(*order == "plain")
		default:
			fmt.Fprintf(stderr, "kocka prove gobblet: --order %q: held or plain\n", *order)
			return 2
		}
		if *ckpt != "" && *every <= 0 {
			fmt.Fprintln(stderr, "kocka prove gobblet: --every must be positive")
			return 2
		}
		if *shard != "" {
			// kocka prove merge finds the drawing player's first move again
			// with the default order, so the shards must use it too.
			if *order != "held" {
				fmt.Fprintln(stderr, "kocka prove gobblet: --shard works with the default --order held")
				return 2
			}
			if *method != "grow" || *ckpt != "" {
				fmt.Fprintln(stderr, "kocka prove gobblet: --shard works with --method grow and without --checkpoint")
				return 2
			}
		}
		run := map[string]func(prove.Game, int, string, prove.Options) (proofReport, error){"grow": growAndWrite, "search": proveAndWrite}[*method]
		if run == nil {
			fmt.Fprintf(stderr, "kocka prove gobblet: --method %q: grow or search\n", *method)
			return 2
		}
		if !checkOutputs(stderr, sub, "--out", *out) || !checkOutputs(stderr, sub, "--checkpoint", *ckpt) ||
			!checkSameFiles(stderr, sub, []string{*out}, []string{*ckpt}, "--checkpoint") {
			return 2
		}
		if *ckpt != "" {
			o.CheckpointEvery = *every
			o.Checkpoint = func(write func(io.Writer) error) error {
				return atomicfile.Write(*ckpt, 0o644, write)
			}
			f, ferr := openCheckpoint(*ckpt)
			if ferr != nil {
				fmt.Fprintln(stderr, "kocka prove gobblet:", ferr)
				return 1
			}
			if f != nil {
				defer f.Close()
				o.Resume = f
				fmt.Fprintf(stderr, "kocka prove gobblet: resuming from %s\n", *ckpt)
			}
		}
		if *shard != "" {
			res, err = proveShard(g, gobblet.Drawing, prove.ShardHeader{Variant: *variant, First: *first}, si, sn, *out, o)
		} else {
			res, err = run(g, gobblet.Drawing, *out, o)
		}
	case "merge":
		if *out == "" {
			fmt.Fprintln(stderr, "kocka prove merge: --out FILE is required")
			return 2
		}
		if !checkOutputs(stderr, sub, "--out", *out) || !checkSameFiles(stderr, sub, []string{*out}, pos, "the shard file") {
			return 2
		}
		res, err = mergeProveShards(pos, *out, o)
	case "check":
		if *sample < 0 {
			fmt.Fprintln(stderr, "kocka prove check: --sample must be >= 0")
			return 2
		}
		res, err = checkFile(pos[0], *sample, *seed, o)
	case "tetris":
		ws, werr := parseInts(*widths)
		hs, herr := parseInts(*heights)
		mode, merr := solver.ParseMode(*model)
		if err := errors.Join(werr, herr, merr); err != nil {
			fmt.Fprintln(stderr, "kocka prove tetris:", err)
			return 2
		}
		if mode != solver.ModeDrop && mode != solver.ModeFull {
			fmt.Fprintln(stderr, "kocka prove tetris: --model drop or full")
			return 2
		}
		for _, w := range ws {
			for _, h := range hs {
				if _, gerr := well.New(w, h, *pieces, *preview, mode); gerr != nil {
					fmt.Fprintln(stderr, "kocka prove tetris:", gerr)
					return 2
				}
			}
		}
		pm := map[string]func(prove.Game, int, prove.Options) (*prove.Proof, error){"grow": prove.Grow, "search": prove.Prove, "dfpn": prove.DFPN}[*method]
		if pm == nil {
			fmt.Fprintf(stderr, "kocka prove tetris: --method %q: grow, search or dfpn\n", *method)
			return 2
		}
		if *limit < 0 {
			fmt.Fprintln(stderr, "kocka prove tetris: --time must be >= 0")
			return 2
		}
		var outs []string
		if *out != "" {
			for _, w := range ws {
				for _, h := range hs {
					outs = append(outs, wellFile(*out, w, h))
				}
			}
		}
		if !checkOutputs(stderr, sub, "--out", outs...) {
			return 2
		}
		res, err = proveWells(pm, ws, hs, wellOptions{*pieces, *preview, mode, *out, *limit, *smallest}, o)
	}
	if o.Progress != nil {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka prove %s: %v\n", sub, err)
		return 1
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	report := map[string]any{"result": res, "seconds": time.Since(start).Seconds(), "memory_mib": ms.Sys >> 20}
	if wr, ok := res.(wellsReport); ok && !*asJSON {
		wr.table(stdout)
		fmt.Fprintf(stdout, "time %s, memory %d MiB (Go runtime, from the OS)\n", time.Since(start).Round(time.Millisecond), ms.Sys>>20)
	} else if *asJSON {
		b, _ := json.Marshal(report)
		fmt.Fprintln(stdout, string(b))
	} else {
		b, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintln(stdout, string(b))
		fmt.Fprintf(stdout, "time %s, memory %d MiB (Go runtime, from the OS)\n", time.Since(start).Round(time.Millisecond), ms.Sys>>20)
	}
	if failed, ok := res.(interface{ failed() bool }); ok && failed.failed() {
		return 1
	}
	return 0
}

// checkOutputs reports, before any work starts, whether each file the run
// will write can be written: the results come after hours of proof and the
// checkpoint after the first --every. cli.CheckWritable probes with a file
// of its own beside each name and removes it, so an existing checkpoint to
// resume from is left as it is. Empty names (no such output) are skipped.
func checkOutputs(stderr io.Writer, sub, flagName string, paths ...string) bool {
	for _, p := range paths {
		if p == "" {
			continue
		}
		if err := cli.CheckWritable(p); err != nil {
			fmt.Fprintf(stderr, "kocka prove %s: %s: %v\n", sub, flagName, err)
			return false
		}
	}
	return true
}

// checkSameFiles refuses, before any work starts, an output that is one
// of the files the run reads (or, for a checkpoint, rewrites as it goes):
// a checkpoint written over the certificate, or a merge written over a
// shard, pushes the good file into .bak, and the next write replaces that
// too. Files are compared as files (./x and x, links).
func checkSameFiles(stderr io.Writer, sub string, outs, ins []string, inName string) bool {
	if err := checkDistinctFiles(namedFiles("--out", outs), namedFiles(inName, ins)); err != nil {
		fmt.Fprintf(stderr, "kocka prove %s: %v\n", sub, err)
		return false
	}
	return true
}

// suffixed is the files out+suffix for each suffix, none when out is "".
func suffixed(out string, suffixes ...string) []string {
	if out == "" {
		return nil
	}
	var files []string
	for _, s := range suffixes {
		files = append(files, out+s)
	}
	return files
}

// wellFile is the certificate file of the well w by h: FILE.WxH.
func wellFile(out string, w, h int) string {
	return fmt.Sprintf("%s.%dx%d", out, w, h)
}

// openCheckpoint opens a checkpoint to resume from, or returns nil, nil when
// there is none yet. Any other failure to open it is an error: a
// checkpoint that is there but cannot be read must not be passed over,
// the work started afresh and the checkpoint then overwritten.
func openCheckpoint(path string) (*os.File, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("--checkpoint: cannot read %s to resume from it: %w", path, err)
	}
	return f, nil
}

// progressPrinter prints a phase's progress on one line, at most once a
// second, once the work has run for a second.
func progressPrinter(w io.Writer, start time.Time) func(string, int64, int64) {
	last := start
	return func(phase string, done, total int64) {
		now := time.Now()
		if now.Sub(last) < time.Second {
			return
		}
		last = now
		fmt.Fprintf(w, "\r%s: %d of %d, %s   ", phase, done, total, now.Sub(start).Round(time.Second))
	}
}

// solveReport is a retrograde analysis in figures.
type solveReport struct {
	Game       string         `json:"game"`
	States     int            `json:"states"`
	ByValue    map[string]int `json:"by_value"`
	Start      string         `json:"start"`
	StartDist  int            `json:"start_distance"`
	Longest    int            `json:"longest_forced_win"`
	TableBytes int64          `json:"table_bytes"`
}

func solveAndReport(g prove.Game, o prove.Options) (solveReport, error) {
	sol, err := prove.Retrograde(g, o)
	if err != nil {
		return solveReport{}, err
	}
	v, d, _ := sol.Lookup(g.Canonical(g.Start()))
	l, _ := sol.Longest()
	r := solveReport{Game: g.Name(), States: len(sol.States), ByValue: map[string]int{}, Start: v.String(), StartDist: d, Longest: l, TableBytes: sol.Bytes()}
	for v, n := range sol.Counts() {
		r.ByValue[v.String()] = n
	}
	return r, nil
}

func proveGobblers(r gobblet.Rules, o prove.Options) (solveReport, error) {
	g, err := gobblet.NewGame(r)
	if err != nil {
		return solveReport{}, err
	}
	return solveAndReport(g, o)
}

// tableGobblers solves Gobblers completely with the dense table
// (solver/prove/gobblers), writes it to out if set and summarises it.
func tableGobblers(sizes, per int, out, ckpt string, every time.Duration, o prove.Options, stderr io.Writer) (gobblers.Stats, error) {
	sp, err := gobblers.NewSpace(sizes, per)
	if err != nil {
		return gobblers.Stats{}, err
	}
	if ckpt != "" {
		o.CheckpointEvery = every
		o.Checkpoint = func(write func(io.Writer) error) error {
			return atomicfile.Write(ckpt, 0o644, write)
		}
		f, err := openCheckpoint(ckpt)
		if err != nil {
			return gobblers.Stats{}, err
		}
		if f != nil {
			defer f.Close()
			o.Resume = f
			fmt.Fprintf(stderr, "kocka prove gobblers: resuming from %s\n", ckpt)
		}
	}
	t, err := gobblers.Solve(sp, o)
	if err != nil {
		return gobblers.Stats{}, err
	}
	if out != "" {
		if err := atomicfile.Write(out, 0o644, t.Write); err != nil {
			return gobblers.Stats{}, err
		}
	}
	return gobblers.Summarise(t, o), nil
}

type tableCheckReport struct {
	File string `json:"file"`
	Game string `json:"game"`
	gobblers.CheckStats
	Valid bool `json:"valid"`
}

// checkGobblersTable reads the table file f and checks it. ReadTable
// refuses a file shorter than its header says, or a table over --mem,
// before it allocates the table.
func checkGobblersTable(path string, f *os.File, sample int64, seed uint64, o prove.Options) (tableCheckReport, error) {
	r := tableCheckReport{File: path}
	fi, err := f.Stat()
	if err != nil {
		return r, err
	}
	t, err := gobblers.ReadTable(f, fi.Size(), o.MaxBytes)
	if err != nil {
		return r, fmt.Errorf("%s: %w", path, err)
	}
	r.Game = t.Space.Name()
	st, err := gobblers.CheckTable(t, sample, seed, o)
	r.CheckStats = st
	if err != nil {
		return r, fmt.Errorf("%s: %w", path, err)
	}
	r.Valid = true
	return r, nil
}

// startReport is the value of the start found by the proof search for
// each player: a failed search is a forced win for the other side.
type startReport struct {
	Start       string        `json:"start"`
	ShortestWin int           `json:"shortest_forced_win_plies,omitempty"`
	Proofs      []proofReport `json:"proofs"`
}

func searchGobblers(r gobblet.Rules, out string, o prove.Options) (startReport, error) {
	g, err := gobblet.NewGame(r)
	if err != nil {
		return startReport{}, err
	}
	var rep startReport
	for drawer, suffix := range []string{".first", ".second"} {
		file := ""
		if out != "" {
			file = out + suffix
		}
		p, err := proveAndWrite(g, drawer, file, o)
		if err != nil {
			return rep, err
		}
		rep.Proofs = append(rep.Proofs, p)
	}
	switch first, second := rep.Proofs[0].Safe, rep.Proofs[1].Safe; {
	case first && second:
		rep.Start = "draw"
	case first:
		rep.Start = "first player wins"
	case second:
		rep.Start = "second player wins"
	}
	// The shortest forced win, below the win certificate's longest play.
	for loser, p := range rep.Proofs {
		if p.Win {
			rep.ShortestWin, _ = prove.ShortestWin(g, loser, p.WinPlies)
		}
	}
	return rep, nil
}

// proofReport is a proof search in figures.
type proofReport struct {
	Game           string `json:"game"`
	Drawer         int    `json:"drawer"`
	Safe           bool   `json:"safe"`
	Win            bool   `json:"win_certificate"` // the certificate proves the other side's win
	Searched       int64  `json:"searched"`
	Lost           int64  `json:"lost_found"`
	Certificate    int    `json:"certificate_states"`
	DrawerToMove   int64  `json:"drawer_to_move"`
	AttackerToMove int64  `json:"attacker_to_move"`
	Terminal       int64  `json:"terminal"`
	File           string `json:"file,omitempty"`
	FileBytes      int64  `json:"file_bytes,omitempty"`
	Checked        bool   `json:"checked"`
	WinPlies       int    `json:"win_within_plies,omitempty"` // a win certificate's longest play
}

func (p proofReport) failed() bool { return !p.Safe || !p.Checked }

// failed: a start whose value the searches could not settle.
func (s startReport) failed() bool { return s.Start == "" }

// proveAndWrite runs the proof search, checks the certificate and writes it
// to out (if set).
func proveAndWrite(g prove.Game, drawer int, out string, o prove.Options) (proofReport, error) {
	return reportProof(prove.Prove, g, drawer, out, o)
}

// growAndWrite is proveAndWrite with the breadth-first prove.Grow.
func growAndWrite(g prove.Game, drawer int, out string, o prove.Options) (proofReport, error) {
	return reportProof(prove.Grow, g, drawer, out, o)
}

func reportProof(method func(prove.Game, int, prove.Options) (*prove.Proof, error), g prove.Game, drawer int, out string, o prove.Options) (proofReport, error) {
	p, err := method(g, drawer, o)
	if err != nil {
		return proofReport{}, err
	}
	r := proofReport{Game: g.Name(), Drawer: drawer, Safe: p.Safe, Win: p.Cert.Win, Searched: p.Searched, Lost: p.Lost}
	r.Certificate = len(p.Cert.Entries)
	// The check first, as kocka prove merge does: a certificate that fails
	// it must not replace --out (nor push a good one into --out.bak).
	st, err := prove.Check(g, p.Cert, o)
	if err != nil {
		return r, fmt.Errorf("the search's own certificate fails, not written: %w", err)
	}
	r.Checked = true
	r.DrawerToMove, r.AttackerToMove, r.Terminal = st.DrawerToMove, st.AttackerToMove, st.Terminal
	if p.Cert.Win {
		r.WinPlies = p.Cert.Plies(g)
	}
	if out != "" {
		if r.FileBytes, err = writeAtomic(out, p.Cert); err != nil {
			return r, err
		}
		r.File = out
	}
	return r, nil
}

type ticTacToeReport struct {
	Positions    int           `json:"positions"`
	UpToSymmetry int           `json:"positions_up_to_symmetry"`
	Solution     solveReport   `json:"solution"`
	Proofs       []proofReport `json:"proofs"`
}

func (t ticTacToeReport) failed() bool {
	return t.Solution.Start != "draw" || t.Proofs[0].failed() || t.Proofs[1].failed()
}

func proveTicTacToe(out string, o prove.Options) (ticTacToeReport, error) {
	var r ticTacToeReport
	plain, err := prove.Retrograde(tictactoe.Plain{}, o)
	if err != nil {
		return r, err
	}
	r.Positions = len(plain.States)
	if r.Solution, err = solveAndReport(tictactoe.Game{}, o); err != nil {
		return r, err
	}
	r.UpToSymmetry = r.Solution.States
	for drawer, suffix := range []string{".x", ".o"} {
		file := ""
		if out != "" {
			file = out + suffix
		}
		p, err := proveAndWrite(tictactoe.Game{}, drawer, file, o)
		if err != nil {
			return r, err
		}
		r.Proofs = append(r.Proofs, p)
	}
	return r, nil
}

// provableGames are the games a certificate can name.
func provableGames() []prove.Game {
	gs := []prove.Game{tictactoe.Game{}}
	for _, v := range []string{"ab", "abc"} {
		for _, f := range []int{gobblet.Drawing, gobblet.Attacker} {
			r, _ := gobblet.Variant(v, f)
			if g, err := gobblet.NewGame(r); err == nil {
				gs = append(gs, g)
			}
		}
	}
	for sizes := 1; sizes <= 3; sizes++ {
		for per := 1; per <= 2; per++ {
			r := gobblet.SmallGobblers(sizes, per)
			if sizes == 3 && per == 2 {
				r = gobblet.Gobblers()
			}
			g, _ := gobblet.NewGame(r)
			gs = append(gs, g)
		}
	}
	return gs
}

type checkReport struct {
	File   string `json:"file"`
	Game   string `json:"game"`
	Drawer int    `json:"drawer"`
	Win    bool   `json:"win_certificate"`
	prove.CheckStats
	Valid bool `json:"valid"`
}

func checkFile(path string, sample int64, seed uint64, o prove.Options) (any, error) {
	r := checkReport{File: path}
	f, err := os.Open(path)
	if err != nil {
		return r, err
	}
	defer f.Close()
	head := make([]byte, 64)
	n, _ := io.ReadFull(f, head)
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return r, err
	}
	if gobblers.IsTable(head[:n]) {
		return checkGobblersTable(path, f, sample, seed, o)
	}
	c, err := prove.ReadCertificate(f)
	if err != nil {
		return r, fmt.Errorf("%s: %w", path, err)
	}
	r.Game, r.Drawer, r.Win = c.Game, c.Drawer, c.Win
	games := provableGames()
	if g, ok := wellByName(c.Game); ok {
		games = append(games, g)
	}
	for _, g := range games {
		if g.Name() == c.Game {
			st, err := prove.Check(g, c, o)
			if err != nil {
				return r, fmt.Errorf("%s: %w", path, err)
			}
			r.CheckStats, r.Valid = st, true
			return r, nil
		}
	}
	return r, errors.New(path + ": a proof for an unknown game " + fmt.Sprintf("%q", c.Game))
}

// parseInts reads "4,5,6" or "4-6".
func parseInts(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(strings.TrimSpace(lo))
		if err != nil {
			return nil, fmt.Errorf("%q: %w", s, err)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(strings.TrimSpace(hi)); err != nil {
				return nil, fmt.Errorf("%q: %w", s, err)
			}
		}
		if b < a || b-a > 64 {
			return nil, fmt.Errorf("%q: bad range", s)
		}
		for v := a; v <= b; v++ {
			out = append(out, v)
		}
	}
	return out, nil
}

// wellRow is one width of the wells table.
type wellRow struct {
	Width    int          `json:"width"`
	Survives int          `json:"smallest_surviving_height"` // 0: none of those tried
	Heights  []wellHeight `json:"heights"`
}

type wellHeight struct {
	Height   int    `json:"height"`
	Survives bool   `json:"survives"`
	States   int    `json:"certificate_states"`
	Expanded int64  `json:"expanded"`
	Unknown  string `json:"unknown,omitempty"` // why it was not settled
}

type wellsReport struct {
	Pieces  string    `json:"pieces"`
	Preview bool      `json:"preview"`
	Model   string    `json:"model"`
	Rows    []wellRow `json:"rows"`
}

// proveWells proves or refutes the placer's survival in each well, checks
// every certificate, and writes them if asked.
// wellOptions are kocka prove tetris's flags for each well.
type wellOptions struct {
	pieces   string
	preview  bool
	mode     solver.Mode
	out      string
	limit    time.Duration
	smallest bool
}

func proveWells(method func(prove.Game, int, prove.Options) (*prove.Proof, error), ws, hs []int, wo wellOptions, o prove.Options) (wellsReport, error) {
	rep := wellsReport{Pieces: wo.pieces, Preview: wo.preview, Model: wo.mode.String()}
	for _, w := range ws {
		row := wellRow{Width: w}
		for _, h := range hs {
			if wo.smallest && row.Survives > 0 {
				break
			}
			g, err := well.New(w, h, wo.pieces, wo.preview, wo.mode)
			if err != nil {
				return rep, err
			}
			file := ""
			if wo.out != "" {
				file = wellFile(wo.out, w, h)
			}
			if wo.limit > 0 {
				o.Deadline = time.Now().Add(wo.limit)
			}
			p, err := reportProof(method, g, well.Placer, file, o)
			if errors.Is(err, prove.ErrTooBig) || errors.Is(err, prove.ErrTimeLimit) {
				// Taller wells only grow: on to the next width.
				row.Heights = append(row.Heights, wellHeight{Height: h, Unknown: err.Error()})
				break
			}
			if err != nil {
				return rep, fmt.Errorf("%s: %w", g.Name(), err)
			}
			if !p.Checked {
				return rep, fmt.Errorf("%s: the certificate was not checked", g.Name())
			}
			row.Heights = append(row.Heights, wellHeight{Height: h, Survives: p.Safe, States: p.Certificate, Expanded: p.Searched})
			if p.Safe && row.Survives == 0 {
				row.Survives = h
			}
		}
		rep.Rows = append(rep.Rows, row)
	}
	return rep, nil
}

// table prints the wells as Markdown: each width's smallest surviving
// height, and the outcome at every height tried (S survives, L loses, ?
// past the memory or time limit, with the certificate's states).
func (r wellsReport) table(w io.Writer) {
	fmt.Fprintf(w, "pieces %s, preview %v, model %s\n\n", r.Pieces, r.Preview, r.Model)
	fmt.Fprintln(w, "| width | smallest surviving height | by height |")
	fmt.Fprintln(w, "| ---: | ---: | --- |")
	for _, row := range r.Rows {
		surv := "none tried"
		if row.Survives > 0 {
			surv = strconv.Itoa(row.Survives)
		}
		var cells []string
		for _, h := range row.Heights {
			v := "L"
			switch {
			case h.Unknown != "":
				v = "?"
			case h.Survives:
				v = "S"
			}
			cells = append(cells, fmt.Sprintf("%d:%s (%d)", h.Height, v, h.States))
		}
		fmt.Fprintf(w, "| %d | %s | %s |\n", row.Width, surv, strings.Join(cells, ", "))
	}
}

// wellByName rebuilds a well game from its name, as a certificate records
// it.
func wellByName(name string) (prove.Game, bool) {
	var w, h int
	var pieces, model string
	var preview bool
	if _, err := fmt.Sscanf(name, "well %dx%d pieces=%s preview=%t model=%s", &w, &h, &pieces, &preview, &model); err != nil {
		return nil, false
	}
	mode, err := solver.ParseMode(model)
	if err != nil {
		return nil, false
	}
	g, err := well.New(w, h, pieces, preview, mode)
	if err != nil || g.Name() != name {
		return nil, false
	}
	return g, true
}
