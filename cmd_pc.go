package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/engine/fumen"
	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver/pc"
)

const pcUsage = `usage: kocka pc percent   --field F --pattern P [flags]
       kocka pc path      --field F --pattern P [flags]
       kocka pc solve     --field F --queue TIJLOSZ [flags]
       kocka pc enumerate [--lines 4] [--minos 10] [--field F] [flags]
       kocka pc merge     [--json] [--out FILE] SHARD-FILES...

percent: the share of the pattern's sequences that can perfect-clear the
  field, the failing sequences, and the share by the first pieces.
path: every distinct solution (the set of placed pieces) that some
  sequence of the pattern can build, as fumen, with solution-finder's
  unique and minimal counts.
solve: one perfect clear for a known queue (the first piece is the
  current one), as a fumen of its steps, or none; with --goal lines, the
  most lines the queue can clear on a board of --lines rows (the player
  may stop after any piece) and one way to clear them.
enumerate: the number of perfect clears of the field (empty by default):
  sets of placed pieces, split pieces included, that some order places.
merge: joins the shard files of a run made with --shard i/N (percent,
  path, enumerate) into the answer of the unsharded run.

The rules are solution-finder's defaults: the lowest --lines rows must
clear, SRS with kicks, soft drop, hold. The field is a fumen (v115@...) or
text rows in --field-file (top row first, '.' or '_' empty, anything else
filled; a first line holding a number sets --lines, as in
solution-finder's field files). Patterns are solution-finder's: T, *, *pN,
[TIO], [^TIO], [TIO]pN, *!, comma-joined; ';' or a new line in
--patterns-file starts another line.

`

func runPC(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, pcUsage)
		return 2
	}
	if cli.IsHelp(args[0]) {
		fmt.Fprint(stdout, pcUsage)
		return 0
	}
	switch args[0] {
	case "percent", "path", "solve":
	case "enumerate":
		return runPCEnumerate(args[1:], stdin, stdout, stderr)
	case "merge":
		return runPCMerge(args[1:], stdout, stderr)
	default:
		fmt.Fprintf(stderr, "kocka pc: unknown sub-command %q (want percent, path, solve, enumerate or merge)\n", args[0])
		return 2
	}
	cmd := args[0]
	fs := flag.NewFlagSet("pc "+cmd, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), pcUsage)
		fs.PrintDefaults()
	}
	fieldArg := fs.String("field", "", "the field as a fumen `string` (v115@...)")
	fieldFile := fs.String("field-file", "", "the field as text rows in `file` (- for stdin; at most "+bounded.Size(maxFieldBytes)+")")
	lines := fs.Int("lines", 0, "rows to clear, 1..6 (default 4, or the number at the top of --field-file)")
	holdArg := fs.String("hold", "use", "use or avoid hold")
	dropArg := fs.String("drop", "softdrop", "softdrop, harddrop or 180 (half turns with SRS+ kicks)")
	kicksArg := fs.String("kicks", "srs", "srs, or srs+ (the engine's SRS+ table: half turns in every drop mode)")
	jsonOut := fs.Bool("json", false, "write JSON instead of text")
	workers := fs.Int("workers", 0, fmt.Sprintf("goroutines, 0..%d (0 = all cores)", maxWorkers))
	outFile := fs.String("out", "", "write the answer to `file` (atomically, the old one kept as .bak) instead of stdout")
	var pattern, patternsFile, queue, goal, shardArg *string
	var treeDepth, failMax *int
	if cmd == "solve" {
		queue = fs.String("queue", "", "the whole `sequence`, current piece first, e.g. TIJLOSZ")
		goal = fs.String("goal", "pc", "pc (a perfect clear) or lines (the most lines, on a board of --lines rows)")
	} else {
		pattern = fs.String("pattern", "", "the `pattern`, e.g. 'T,I,*p4' (';' separates lines)")
		patternsFile = fs.String("patterns-file", "", "a `file` of pattern lines (- for stdin; at most "+bounded.Size(pc.MaxPatternInput)+")")
		shardArg = fs.String("shard", "", "run part `i/N` of the distinct sequences (a contiguous range) and write a shard file for kocka pc merge")
	}
	if cmd == "percent" {
		treeDepth = fs.Int("tree-depth", 3, "depth of the tree by first pieces, 1..3")
		failMax = fs.Int("fail-max", -1, "failing sequences to list (-1 = all)")
	}
	if code, ok := cli.Parse(fs, args[1:], stdout, stderr); !ok {
		return code
	}
	fail := func(code int, err error) int {
		fmt.Fprintf(stderr, "kocka pc %s: %v\n", cmd, err)
		return code
	}
	if fs.NArg() > 0 {
		return fail(2, fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}

	// Every flag is checked before any work starts.
	var rules pc.Rules
	switch *holdArg {
	case "use":
		rules.Hold = true
	case "avoid":
	default:
		return fail(2, fmt.Errorf("--hold %q: want use or avoid", *holdArg))
	}
	drop, err := pc.ParseDrop(*dropArg)
	if err != nil {
		return fail(2, err)
	}
	rules.Drop = drop
	if rules.Kicks, err = pc.ParseKicks(*kicksArg); err != nil {
		return fail(2, err)
	}
	if *workers < 0 || *workers > maxWorkers {
		return fail(2, fmt.Errorf("--workers %d: want 0..%d", *workers, maxWorkers))
	}
	if treeDepth != nil && (*treeDepth < 1 || *treeDepth > 3) {
		return fail(2, fmt.Errorf("--tree-depth %d: want 1..3", *treeDepth))
	}
	if failMax != nil && *failMax < -1 {
		return fail(2, fmt.Errorf("--fail-max %d: want -1 (list all) or 0 or more", *failMax))
	}
	if (*fieldArg == "") == (*fieldFile == "") {
		return fail(2, errors.New("give one of --field and --field-file"))
	}
	if cmd != "solve" && (*pattern == "") == (*patternsFile == "") {
		return fail(2, errors.New("give one of --pattern and --patterns-file"))
	}
	if *fieldFile == "-" && patternsFile != nil && *patternsFile == "-" {
		return fail(2, errors.New("--field-file and --patterns-file cannot both read stdin"))
	}
	if *lines != 0 && (*lines < pc.MinLines || *lines > pc.MaxLines) {
		return fail(2, fmt.Errorf("--lines %d: want %d..%d", *lines, pc.MinLines, pc.MaxLines))
	}
	shard := pc.All
	sharded := shardArg != nil && *shardArg != ""
	if sharded {
		if shard, err = pc.ParseShard(*shardArg); err != nil {
			return fail(2, fmt.Errorf("--shard: %w", err))
		}
	}
	if *outFile != "" {
		if err := cli.CheckWritable(*outFile); err != nil {
			return fail(2, fmt.Errorf("--out: %w", err))
		}
		ins := []namedFile{{"--field-file", *fieldFile}}
		if patternsFile != nil {
			ins = append(ins, namedFile{"--patterns-file", *patternsFile})
		}
		if err := checkDistinctFiles([]namedFile{{"--out", *outFile}}, ins); err != nil {
			return fail(2, err)
		}
	}
	field, nlines, err := pcField(*fieldArg, *fieldFile, *lines, stdin)
	if err != nil {
		return fail(1, err)
	}
	var pat *pc.Pattern
	var patLines []string
	var seq []engine.Piece
	if cmd == "solve" {
		if seq, err = parseQueue(*queue); err != nil {
			return fail(2, err)
		}
		if *goal != "pc" && *goal != "lines" {
			return fail(2, fmt.Errorf("--goal %q: want pc or lines", *goal))
		}
	} else {
		if pat, patLines, err = pcPattern(*pattern, *patternsFile, stdin); err != nil {
			if *patternsFile != "" {
				return fail(1, err) // the file, not a flag, is wrong
			}
			return fail(2, err)
		}
	}

	// The searches keep large memo maps alive; collecting less often
	// trades some memory for a third less CPU on the long runs (measured on
	// the empty field with T,I,L,J,S,Z,O,*p4).
	debug.SetGCPercent(300)
	n, perr := field.Pieces()
	ctx := context.Background()
	prog := newProgress(stderr, cmd)
	defer prog.stop()
	var buf bytes.Buffer
	w := &errWriter{w: stdout}
	if *outFile != "" {
		w.w = &buf
	}
	var code int
	switch {
	case sharded:
		in := pcShardInputs{Command: cmd, Lines: nlines, Rows: field.Rows, Height: field.Height, Field: field.String(),
			Pattern: patLines, Hold: holdName(rules.Hold), Drop: rules.Drop.String(), Kicks: rules.Kicks.String()}
		if cmd == "percent" {
			in.TreeDepth, in.FailMax = *treeDepth, *failMax
		}
		code = pcShardRun(ctx, w, stderr, in, shard, field, n, perr, pat, rules, *workers, prog)
	case cmd == "percent":
		code = pcPercent(ctx, w, stderr, field, nlines, n, perr, pat, rules, *workers, *treeDepth, *failMax, *jsonOut, prog)
	case cmd == "path":
		code = pcPath(ctx, w, stderr, field, nlines, n, perr, pat, rules, *workers, *jsonOut, prog)
	case cmd == "solve":
		if *goal == "lines" {
			code = pcSolveLines(w, stderr, field, nlines, seq, rules, *jsonOut)
			break
		}
		code = pcSolve(w, stderr, field, nlines, n, perr, seq, rules, *jsonOut)
	}
	if w.err != nil {
		return fail(1, w.err)
	}
	if code == 0 && *outFile != "" {
		if err := atomicfile.WriteFile(*outFile, buf.Bytes(), 0o644); err != nil {
			return fail(1, err)
		}
	}
	return code
}

// errWriter keeps the first write error, so that the printing code need
// not check each call.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return len(p), nil
	}
	_, e.err = e.w.Write(p)
	return len(p), nil
}

// pcField reads --field or --field-file; lines 0 means the default.
func pcField(fumenText, file string, lines int, stdin io.Reader) (pc.Field, int, error) {
	if fumenText != "" {
		if lines == 0 {
			lines = 4
		}
		f, err := pc.ParseFumen(fumenText, lines)
		if err != nil {
			return f, lines, fmt.Errorf("--field: %w", err)
		}
		return f, lines, nil
	}
	text, err := bounded.ReadFile(file, stdin, maxFieldBytes)
	if err != nil {
		return pc.Field{}, 0, err
	}
	var rows []string
	for _, r := range strings.Split(strings.ReplaceAll(string(text), "\r\n", "\n"), "\n") {
		if i := strings.IndexByte(r, '#'); i >= 0 {
			r = r[:i]
		}
		if strings.TrimSpace(r) != "" {
			rows = append(rows, strings.TrimSpace(r))
		}
	}
	if len(rows) > 0 {
		if v, err := strconv.Atoi(rows[0]); err == nil {
			if lines == 0 {
				lines = v
			}
			rows = rows[1:]
			if lines < pc.MinLines || lines > pc.MaxLines {
				return pc.Field{}, 0, fmt.Errorf("%s: %d lines: want %d..%d", file, lines, pc.MinLines, pc.MaxLines)
			}
		}
	}
	if lines == 0 {
		lines = 4
	}
	f, err := pc.ParseRows(rows, lines)
	if err != nil {
		return f, lines, fmt.Errorf("%s: %w", file, err)
	}
	return f, lines, nil
}

// pcPattern reads --pattern or --patterns-file (at most
// pc.MaxPatternInput bytes, - for stdin): the pattern and its lines.
func pcPattern(text, file string, stdin io.Reader) (*pc.Pattern, []string, error) {
	var lines []string
	if text != "" {
		lines = strings.Split(text, ";")
	} else {
		b, err := bounded.ReadFile(file, stdin, pc.MaxPatternInput)
		if err != nil {
			return nil, nil, err
		}
		lines = strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
	}
	p, err := pc.ParsePattern(lines)
	if err != nil {
		return nil, nil, err
	}
	return p, lines, nil
}

func parseQueue(s string) ([]engine.Piece, error) {
	if s == "" {
		return nil, errors.New("--queue is required")
	}
	var out []engine.Piece
	for _, r := range s {
		if r == ',' || r == ' ' {
			continue
		}
		p, err := engine.ParsePiece(string(r))
		if err != nil {
			return nil, fmt.Errorf("--queue: %w", err)
		}
		out = append(out, p)
	}
	return out, nil
}

// progress reports on stderr, once a second, for runs longer than a
// second.
type progress struct {
	mu    sync.Mutex
	w     io.Writer
	name  string
	start time.Time
	last  time.Time
	shown bool
}

func newProgress(w io.Writer, name string) *progress {
	now := time.Now()
	return &progress{w: w, name: name, start: now, last: now}
}

func (p *progress) report(done, total int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if now.Sub(p.last) < time.Second {
		return
	}
	p.last, p.shown = now, true
	fmt.Fprintf(p.w, "kocka pc %s: %d/%d (%.0f%%) after %.1fs\n", p.name, done, total, 100*float64(done)/float64(max(total, 1)), now.Sub(p.start).Seconds())
}

func (p *progress) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprintf(p.w, "kocka pc %s: done in %.1fs\n", p.name, time.Since(p.start).Seconds())
	}
}

func seqText(seq []engine.Piece) string {
	var sb strings.Builder
	for _, p := range seq {
		sb.WriteString(p.String())
	}
	return sb.String()
}

// pcPercentJSON is the --json answer of percent.
type pcPercentJSON struct {
	Lines     int           `json:"lines"`
	Pieces    int           `json:"pieces"`
	Hold      bool          `json:"hold"`
	Drop      string        `json:"drop"`
	Kicks     string        `json:"kicks"`
	Sequences int           `json:"sequences"`
	Success   int           `json:"success"`
	Percent   float64       `json:"percent"`
	Reason    string        `json:"reason,omitempty"`
	Failed    []string      `json:"failed"`
	Tree      []*pcTreeNode `json:"tree"`
}

// pcTreeNode is the rate of the sequences that start with Prefix.
type pcTreeNode struct {
	Prefix   string        `json:"prefix"`
	Success  int           `json:"success"`
	Total    int           `json:"total"`
	Children []*pcTreeNode `json:"children,omitempty"`
}

func pcPercent(ctx context.Context, w io.Writer, stderr io.Writer, field pc.Field, lines, n int, perr error,
	pat *pc.Pattern, rules pc.Rules, workers, treeDepth, failMax int, jsonOut bool, prog *progress) int {
	if perr != nil {
		if !errors.Is(perr, pc.ErrNotMultipleOf4) {
			fmt.Fprintf(stderr, "kocka pc percent: %v\n", perr)
			return 1
		}
		return printPercentReason(w, field, lines, n, rules, perr, jsonOut)
	}
	seqs, err := pc.Sequences(pat, n, rules.Hold)
	if err != nil {
		fmt.Fprintf(stderr, "kocka pc percent: %v\n", err)
		return 1
	}
	res, err := pc.Percent(ctx, field, seqs, rules, workers, prog.report)
	if err != nil {
		fmt.Fprintf(stderr, "kocka pc percent: %v\n", err)
		return 1
	}
	return printPercent(w, field, lines, n, rules, seqs, res, treeDepth, failMax, jsonOut)
}

// printPercent writes percent's answer for the sequences and whether each
// clears (res[i] for seqs[i]).
func printPercent(w io.Writer, field pc.Field, lines, n int, rules pc.Rules, seqs [][]engine.Piece, res []bool, treeDepth, failMax int, jsonOut bool) int {
	out := pcPercentJSON{Lines: lines, Pieces: n, Hold: rules.Hold, Drop: rules.Drop.String(), Kicks: rules.Kicks.String(), Failed: []string{}, Tree: []*pcTreeNode{}}
	out.Sequences = len(seqs)
	root := &pcTreeNode{}
	for i, s := range seqs {
		ok := res[i]
		if ok {
			out.Success++
		} else if failMax < 0 || len(out.Failed) < failMax {
			out.Failed = append(out.Failed, seqText(s))
		}
		node := root
		for d := 0; d < treeDepth && d < len(s); d++ {
			prefix := seqText(s[:d+1])
			var child *pcTreeNode
			for _, c := range node.Children {
				if c.Prefix == prefix {
					child = c
				}
			}
			if child == nil {
				child = &pcTreeNode{Prefix: prefix}
				node.Children = append(node.Children, child)
			}
			child.Total++
			if ok {
				child.Success++
			}
			node = child
		}
	}
	out.Tree = root.Children
	if out.Sequences > 0 {
		out.Percent = 100 * float64(out.Success) / float64(out.Sequences)
	}
	if jsonOut {
		return writeJSON(w, out)
	}
	fmt.Fprintf(w, "%s", field)
	fmt.Fprintf(w, "lines %d, pieces %d, hold %s, drop %s, kicks %s, %d distinct sequences\n", lines, n, holdName(rules.Hold), rules.Drop, rules.Kicks, out.Sequences)
	fmt.Fprintf(w, "success = %.2f%% (%d/%d)\n", out.Percent, out.Success, out.Sequences)
	fmt.Fprintf(w, "Success pattern tree [Head %d pieces]:\n", treeDepth)
	if len(out.Tree) > 1 {
		fmt.Fprintf(w, "* -> %.2f %%\n", out.Percent)
	}
	var walk func(nodes []*pcTreeNode, depth int)
	walk = func(nodes []*pcTreeNode, depth int) {
		for _, c := range nodes {
			fmt.Fprintf(w, "%s∟ %s -> %.2f %%\n", strings.Repeat("  ", depth), c.Prefix, 100*float64(c.Success)/float64(c.Total))
			walk(c.Children, depth+1)
		}
	}
	walk(out.Tree, 0)
	fmt.Fprintf(w, "Fail pattern (%d):\n", out.Sequences-out.Success)
	for _, s := range out.Failed {
		fmt.Fprintln(w, s)
	}
	return 0
}

// printPercentReason is percent's answer for a field that takes no whole
// number of pieces.
func printPercentReason(w io.Writer, field pc.Field, lines, n int, rules pc.Rules, perr error, jsonOut bool) int {
	out := pcPercentJSON{Lines: lines, Pieces: n, Hold: rules.Hold, Drop: rules.Drop.String(), Kicks: rules.Kicks.String(), Failed: []string{}, Tree: []*pcTreeNode{}, Reason: perr.Error()}
	if jsonOut {
		return writeJSON(w, out)
	}
	fmt.Fprintf(w, "%ssuccess = 0.00%% (0/0): %s\n", field, out.Reason)
	return 0
}

func holdName(h bool) string {
	if h {
		return "use"
	}
	return "avoid"
}

func writeJSON(w io.Writer, v any) int {
	enc := json.NewEncoder(w)
	if err := enc.Encode(v); err != nil {
		return 1
	}
	return 0
}

// pcPathJSON is the --json answer of path.
type pcPathJSON struct {
	Lines     int              `json:"lines"`
	Pieces    int              `json:"pieces"`
	Hold      bool             `json:"hold"`
	Drop      string           `json:"drop"`
	Kicks     string           `json:"kicks"`
	Sequences int              `json:"sequences"`
	Unique    int              `json:"unique"`
	Minimal   int              `json:"minimal"`
	Cover     int              `json:"cover"`        // solutions in the smallest cover found
	Proven    bool             `json:"cover_proven"` // the cover is proven smallest
	Reason    string           `json:"reason,omitempty"`
	Solutions []pcSolutionJSON `json:"solutions"`
}

type pcSolutionJSON struct {
	Fumen     string `json:"fumen"`
	Order     string `json:"order"`     // one order that builds it
	Sequences int    `json:"sequences"` // how many of the sequences build it
	Minimal   bool   `json:"minimal"`   // in solution-finder's minimal set
	Cover     bool   `json:"cover"`     // in the smallest cover found
}

func pcPath(ctx context.Context, w io.Writer, stderr io.Writer, field pc.Field, lines, n int, perr error,
	pat *pc.Pattern, rules pc.Rules, workers int, jsonOut bool, prog *progress) int {
	if perr != nil {
		if !errors.Is(perr, pc.ErrNotMultipleOf4) {
			fmt.Fprintf(stderr, "kocka pc path: %v\n", perr)
			return 1
		}
		return printPathReason(w, field, lines, n, rules, perr, jsonOut)
	}
	seqs, err := pc.Sequences(pat, n, rules.Hold)
	if err != nil {
		fmt.Fprintf(stderr, "kocka pc path: %v\n", err)
		return 1
	}
	sols, err := pc.Path(ctx, field, seqs, rules, workers, prog.report)
	if err != nil {
		fmt.Fprintf(stderr, "kocka pc path: %v\n", err)
		return 1
	}
	return printPath(w, stderr, field, lines, n, rules, len(seqs), sols, jsonOut)
}

// printPathReason is path's answer for a field that takes no whole number
// of pieces.
func printPathReason(w io.Writer, field pc.Field, lines, n int, rules pc.Rules, perr error, jsonOut bool) int {
	out := pcPathJSON{Lines: lines, Pieces: n, Hold: rules.Hold, Drop: rules.Drop.String(), Kicks: rules.Kicks.String(), Solutions: []pcSolutionJSON{}, Reason: perr.Error()}
	if jsonOut {
		return writeJSON(w, out)
	}
	fmt.Fprintf(w, "%sunique = 0, minimal = 0: %s\n", field, out.Reason)
	return 0
}

// printPath writes path's answer: the solutions of nseqs sequences.
func printPath(w, stderr io.Writer, field pc.Field, lines, n int, rules pc.Rules, nseqs int, sols []pc.Solution, jsonOut bool) int {
	out := pcPathJSON{Lines: lines, Pieces: n, Hold: rules.Hold, Drop: rules.Drop.String(), Kicks: rules.Kicks.String(), Solutions: []pcSolutionJSON{}}
	minimal := map[*pc.Step]bool{}
	for _, s := range pc.MinimalSF(sols) {
		minimal[&s.Steps[0]] = true
	}
	out.Sequences, out.Unique, out.Minimal = nseqs, len(sols), len(minimal)
	cover, proven := pc.MinCover(sols, 0)
	inCover := map[int]bool{}
	for _, i := range cover {
		inCover[i] = true
	}
	out.Cover, out.Proven = len(cover), proven
	for i, s := range sols {
		fm, err := s.Fumen(field)
		if err != nil {
			fmt.Fprintf(stderr, "kocka pc path: %v\n", err)
			return 1
		}
		out.Solutions = append(out.Solutions, pcSolutionJSON{Fumen: fm, Order: seqText(s.Order()), Sequences: len(s.Sequences), Minimal: minimal[&s.Steps[0]], Cover: inCover[i]})
	}
	if jsonOut {
		return writeJSON(w, out)
	}
	fmt.Fprintf(w, "%s", field)
	fmt.Fprintf(w, "lines %d, pieces %d, hold %s, drop %s, kicks %s, %d distinct sequences\n", lines, n, holdName(rules.Hold), rules.Drop, rules.Kicks, out.Sequences)
	fmt.Fprintf(w, "Found path [unique] = %d\nFound path [minimal] = %d (solution-finder's procedure)\n", out.Unique, out.Minimal)
	how := "proven smallest"
	if !out.Proven {
		how = "the smallest found; the search budget ran out before a proof"
	}
	fmt.Fprintf(w, "Minimum cover = %d (%s)\n", out.Cover, how)
	for _, s := range out.Solutions {
		mark := ""
		if s.Minimal {
			mark = " minimal"
		}
		if s.Cover {
			mark += " cover"
		}
		fmt.Fprintf(w, "%s %s %d/%d%s\n", s.Fumen, s.Order, s.Sequences, out.Sequences, mark)
	}
	return 0
}

// pcSolveJSON is the --json answer of solve.
type pcSolveJSON struct {
	Lines  int    `json:"lines"`
	Pieces int    `json:"pieces"`
	Hold   bool   `json:"hold"`
	Drop   string `json:"drop"`
	Kicks  string `json:"kicks"`
	Queue  string `json:"queue"`
	PC     bool   `json:"pc"`
	Reason string `json:"reason,omitempty"`
	Order  string `json:"order,omitempty"` // the pieces in the order they are placed
	Fumen  string `json:"fumen,omitempty"` // one page per piece
}

func pcSolve(w io.Writer, stderr io.Writer, field pc.Field, lines, n int, perr error, seq []engine.Piece, rules pc.Rules, jsonOut bool) int {
	out := pcSolveJSON{Lines: lines, Pieces: n, Hold: rules.Hold, Drop: rules.Drop.String(), Kicks: rules.Kicks.String(), Queue: seqText(seq)}
	if perr != nil {
		if !errors.Is(perr, pc.ErrNotMultipleOf4) {
			fmt.Fprintf(stderr, "kocka pc solve: %v\n", perr)
			return 1
		}
		out.Reason = perr.Error()
	} else {
		sol, ok, err := pc.Solve(field, seq, rules)
		if err != nil {
			fmt.Fprintf(stderr, "kocka pc solve: %v\n", err)
			return 1
		}
		if out.PC = ok; ok {
			out.Order = seqText(sol.Order())
			if out.Fumen, err = fumen.Encode(sol.Pages(field)); err != nil {
				fmt.Fprintf(stderr, "kocka pc solve: %v\n", err)
				return 1
			}
		}
	}
	if jsonOut {
		return writeJSON(w, out)
	}
	fmt.Fprintf(w, "%s", field)
	switch {
	case out.Reason != "":
		fmt.Fprintf(w, "no perfect clear: %s\n", out.Reason)
	case out.PC:
		fmt.Fprintf(w, "perfect clear: place %s\n%s\n", out.Order, out.Fumen)
	default:
		fmt.Fprintf(w, "no perfect clear with %s (hold %s)\n", out.Queue, holdName(rules.Hold))
	}
	return 0
}

// pcLinesJSON is the --json answer of solve --goal lines.
type pcLinesJSON struct {
	Lines   int    `json:"lines"` // the board's rows
	Hold    bool   `json:"hold"`
	Drop    string `json:"drop"`
	Kicks   string `json:"kicks"`
	Queue   string `json:"queue"`
	Cleared int    `json:"cleared"`         // the most lines
	Order   string `json:"order,omitempty"` // the pieces placed, in order
	Fumen   string `json:"fumen,omitempty"` // one page per piece
}

func pcSolveLines(w io.Writer, stderr io.Writer, field pc.Field, lines int, seq []engine.Piece, rules pc.Rules, jsonOut bool) int {
	field.Height = lines // the board keeps its rows; full ones in the input were cleared
	out := pcLinesJSON{Lines: lines, Hold: rules.Hold, Drop: rules.Drop.String(), Kicks: rules.Kicks.String(), Queue: seqText(seq)}
	cleared, sol, err := pc.SolveLines(field, seq, rules)
	if err != nil {
		fmt.Fprintf(stderr, "kocka pc solve: %v\n", err)
		return 1
	}
	out.Cleared = cleared
	if len(sol.Steps) > 0 {
		out.Order = seqText(sol.Order())
		if out.Fumen, err = fumen.Encode(sol.Pages(field)); err != nil {
			fmt.Fprintf(stderr, "kocka pc solve: %v\n", err)
			return 1
		}
	}
	if jsonOut {
		return writeJSON(w, out)
	}
	fmt.Fprintf(w, "%s", field)
	if cleared == 0 {
		fmt.Fprintf(w, "no line can be cleared with %s (hold %s)\n", out.Queue, holdName(rules.Hold))
		return 0
	}
	fmt.Fprintf(w, "most lines: %d, placing %s\n%s\n", cleared, out.Order, out.Fumen)
	return 0
}
