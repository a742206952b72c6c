package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"reflect"
	"runtime/debug"
	"strings"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver/pc"
)

// pcShardFormat names the shard files' format; merge refuses any other.
const pcShardFormat = "kocka-pc-shard/1"

// pcShardMaxBytes caps a shard file merge reads (a path shard lists its
// solutions with their sequences: a few hundred bytes each).
const pcShardMaxBytes = 1 << 30

// pcMergeMaxBytes caps the shard files of one merge together: merge holds
// them all decoded, so up to 4,096 files of 1 GiB each is no bound.
const pcMergeMaxBytes = 4 << 30

// pcShardInputs echoes what a run was asked, so that merge joins only
// shards of one run.
type pcShardInputs struct {
	Command   string   `json:"command"`
	Field     string   `json:"field"`  // the region drawn, top row first (for people)
	Rows      uint64   `json:"rows"`   // the region's cells, bit y*10+x
	Height    int      `json:"height"` // rows left to clear
	Lines     int      `json:"lines"`
	Pattern   []string `json:"pattern,omitempty"`
	Hold      string   `json:"hold,omitempty"`
	Drop      string   `json:"drop,omitempty"`
	Kicks     string   `json:"kicks,omitempty"`
	TreeDepth int      `json:"tree_depth,omitempty"`
	FailMax   int      `json:"fail_max,omitempty"`
}

// pcShardFile is what a run with --shard writes.
type pcShardFile struct {
	Format string        `json:"format"`
	Inputs pcShardInputs `json:"inputs"`
	Shard  int           `json:"shard"`
	Shards int           `json:"shards"`
	// Items is the whole run's work: distinct sequences (percent, path) or
	// units (enumerate). percent and path shards take the contiguous
	// range [Lo, Hi) of the sequences; enumerate shards the units whose
	// index is Shard modulo Shards.
	Items  int    `json:"items"`
	Lo     int    `json:"lo"`
	Hi     int    `json:"hi"`
	Reason string `json:"reason,omitempty"` // the field takes no whole number of pieces
	// Percent is '1' or '0' for each sequence of [Lo, Hi): it clears or not.
	Percent   string            `json:"percent,omitempty"`
	Solutions []pcShardSolution `json:"solutions,omitempty"`
	Counts    *pc.EnumCounts    `json:"counts,omitempty"`
	Seconds   float64           `json:"seconds"` // the shard's wall time
}

type pcShardSolution struct {
	Steps     []pcShardStep `json:"steps"`
	Sequences []int         `json:"sequences"` // indices into the whole run's sequences
}

type pcShardStep struct {
	Piece string `json:"piece"`
	Rot   int    `json:"rot"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Cells uint64 `json:"cells"`
}

// pcShardRun runs one shard of percent or path and writes its file.
func pcShardRun(ctx context.Context, w, stderr io.Writer, in pcShardInputs, shard pc.Shard, field pc.Field, n int, perr error,
	pat *pc.Pattern, rules pc.Rules, workers int, prog *progress) int {
	start := time.Now()
	file := pcShardFile{Format: pcShardFormat, Inputs: in, Shard: shard.Index, Shards: shard.Count}
	fail := func(err error) int {
		fmt.Fprintf(stderr, "kocka pc %s: %v\n", in.Command, err)
		return 1
	}
	if perr != nil {
		if !errors.Is(perr, pc.ErrNotMultipleOf4) {
			return fail(perr)
		}
		file.Reason = perr.Error()
		return writeJSON(w, file)
	}
	seqs, err := pc.Sequences(pat, n, rules.Hold)
	if err != nil {
		return fail(err)
	}
	file.Items = len(seqs)
	file.Lo, file.Hi = shard.Range(len(seqs))
	part := seqs[file.Lo:file.Hi]
	if len(part) > 0 {
		switch in.Command {
		case "percent":
			res, err := pc.Percent(ctx, field, part, rules, workers, prog.report)
			if err != nil {
				return fail(err)
			}
			b := make([]byte, len(res))
			for i, ok := range res {
				b[i] = '0'
				if ok {
					b[i] = '1'
				}
			}
			file.Percent = string(b)
		case "path":
			sols, err := pc.Path(ctx, field, part, rules, workers, prog.report)
			if err != nil {
				return fail(err)
			}
			for _, s := range sols {
				js := pcShardSolution{}
				for _, st := range s.Steps {
					js.Steps = append(js.Steps, pcShardStep{Piece: st.Placed.Piece.String(), Rot: int(st.Placed.Rot), X: st.Placed.X, Y: st.Placed.Y, Cells: st.Cells})
				}
				for _, q := range s.Sequences {
					js.Sequences = append(js.Sequences, q+file.Lo)
				}
				file.Solutions = append(file.Solutions, js)
			}
		}
	}
	file.Seconds = time.Since(start).Seconds()
	return writeJSON(w, file)
}

// runPCEnumerate is kocka pc enumerate.
func runPCEnumerate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pc enumerate", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), pcUsage)
		fs.PrintDefaults()
	}
	lines := fs.Int("lines", 0, "rows to clear, 1..6 (default 4, or the number at the top of --field-file)")
	minos := fs.Int("minos", 0, "the pieces a clear takes, checked against the field (0 = the field's empty cells / 4)")
	fieldArg := fs.String("field", "", "the field as a fumen `string` (default: empty)")
	fieldFile := fs.String("field-file", "", "the field as text rows in `file` (- for stdin; at most "+bounded.Size(maxFieldBytes)+")")
	jsonOut := fs.Bool("json", false, "write JSON instead of text")
	workers := fs.Int("workers", 0, fmt.Sprintf("goroutines, 0..%d (0 = all cores)", maxWorkers))
	shardArg := fs.String("shard", "", "run part `i/N` (the units whose index is i modulo N) and write a shard file for kocka pc merge")
	outFile := fs.String("out", "", "write the answer to `file` (atomically, the old one kept as .bak) instead of stdout")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	fail := func(code int, err error) int {
		fmt.Fprintf(stderr, "kocka pc enumerate: %v\n", err)
		return code
	}
	if fs.NArg() > 0 {
		return fail(2, fmt.Errorf("unexpected argument %q", fs.Arg(0)))
	}
	if *workers < 0 || *workers > maxWorkers {
		return fail(2, fmt.Errorf("--workers %d: want 0..%d", *workers, maxWorkers))
	}
	if *lines != 0 && (*lines < pc.MinLines || *lines > pc.MaxLines) {
		return fail(2, fmt.Errorf("--lines %d: want %d..%d", *lines, pc.MinLines, pc.MaxLines))
	}
	if *minos < 0 {
		return fail(2, fmt.Errorf("--minos %d: want 0 or more", *minos))
	}
	if *fieldArg != "" && *fieldFile != "" {
		return fail(2, errors.New("give at most one of --field and --field-file"))
	}
	shard, sharded := pc.All, *shardArg != ""
	if sharded {
		var err error
		if shard, err = pc.ParseShard(*shardArg); err != nil {
			return fail(2, fmt.Errorf("--shard: %w", err))
		}
	}
	if *outFile != "" {
		if err := cli.CheckWritable(*outFile); err != nil {
			return fail(2, fmt.Errorf("--out: %w", err))
		}
		if err := checkDistinctFiles([]namedFile{{"--out", *outFile}}, []namedFile{{"--field-file", *fieldFile}}); err != nil {
			return fail(2, err)
		}
	}
	var field pc.Field
	nlines := *lines
	if *fieldArg == "" && *fieldFile == "" {
		if nlines == 0 {
			nlines = 4
		}
		field = pc.Field{Height: nlines}
	} else {
		var err error
		if field, nlines, err = pcField(*fieldArg, *fieldFile, *lines, stdin); err != nil {
			return fail(1, err)
		}
	}
	n, err := field.Pieces()
	if err != nil {
		return fail(1, err)
	}
	if *minos != 0 && *minos != n {
		return fail(2, fmt.Errorf("--minos %d: the field takes %d pieces", *minos, n))
	}
	if n == 0 {
		return fail(1, errors.New("the field has no empty cell to fill"))
	}
	if n > 16 {
		return fail(1, fmt.Errorf("the field takes %d pieces; enumerate takes at most 16", n))
	}
	units := pc.EnumUnits(field)
	if shard.Count > units {
		return fail(2, fmt.Errorf("--shard %v: this field has %d units, so at most %d shards", shard, units, units))
	}

	debug.SetGCPercent(300)
	prog := newProgress(stderr, "enumerate")
	start := time.Now()
	counts, err := pc.Enumerate(context.Background(), field, shard, *workers, prog.report)
	if err != nil {
		return fail(1, err)
	}
	secs := time.Since(start).Seconds()
	// The time goes to stderr, so that stdout is the same for a run and
	// for its shards merged.
	if sharded {
		fmt.Fprintf(stderr, "kocka pc enumerate: shard %v of %d units done in %.1fs\n", shard, units, secs)
	} else {
		fmt.Fprintf(stderr, "kocka pc enumerate: %d units done in %.1fs\n", units, secs)
	}
	var buf bytes.Buffer
	w := &errWriter{w: stdout}
	if *outFile != "" {
		w.w = &buf
	}
	in := pcShardInputs{Command: "enumerate", Field: field.String(), Rows: field.Rows, Height: field.Height, Lines: nlines}
	var code int
	if sharded {
		code = writeJSON(w, pcShardFile{Format: pcShardFormat, Inputs: in, Shard: shard.Index, Shards: shard.Count, Items: units, Counts: &counts, Seconds: secs})
	} else {
		code = printEnumerate(w, field, nlines, n, counts, *jsonOut)
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

// pcEnumerateJSON is the --json answer of enumerate.
type pcEnumerateJSON struct {
	Lines  int    `json:"lines"`
	Pieces int    `json:"pieces"`
	Field  string `json:"field"`
	pc.EnumCounts
}

func printEnumerate(w io.Writer, field pc.Field, lines, n int, c pc.EnumCounts, jsonOut bool) int {
	if jsonOut {
		return writeJSON(w, pcEnumerateJSON{Lines: lines, Pieces: n, Field: field.String(), EnumCounts: c})
	}
	fmt.Fprintf(w, "%s", field)
	fmt.Fprintf(w, "lines %d, pieces %d; SRS quarter turns with kicks, soft drop; split pieces allowed\n", lines, n)
	fmt.Fprintf(w, "perfect clears (sets of placed pieces some order places) = %d\n", c.Clear)
	fmt.Fprintf(w, "  with no split piece = %d\n", c.ClearNoSplit)
	fmt.Fprintf(w, "without resting and reaching (each piece's gap rows cleared first) = %d\n", c.Fit)
	return 0
}

// runPCMerge is kocka pc merge: it checks that the files are the N
// shards of one run, each once, and writes that run's answer.
func runPCMerge(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pc merge", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), pcUsage)
		fs.PrintDefaults()
	}
	jsonOut := fs.Bool("json", false, "write JSON instead of text")
	outFile := fs.String("out", "", "write the answer to `file` (atomically, the old one kept as .bak) instead of stdout")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	fail := func(code int, err error) int {
		fmt.Fprintf(stderr, "kocka pc merge: %v\n", err)
		return code
	}
	if fs.NArg() == 0 {
		return fail(2, errors.New("give the shard files"))
	}
	if *outFile != "" {
		if err := cli.CheckWritable(*outFile); err != nil {
			return fail(2, fmt.Errorf("--out: %w", err))
		}
	}
	if fs.NArg() > pc.MaxShards {
		return fail(2, fmt.Errorf("%d files: a run has at most %d shards", fs.NArg(), pc.MaxShards))
	}
	if *outFile != "" {
		// The answer over a shard would push that shard into .bak and
		// leave the run unmergeable.
		if err := checkDistinctFiles([]namedFile{{"--out", *outFile}}, namedFiles("the shard file", fs.Args())); err != nil {
			return fail(2, err)
		}
	}
	set, err := readShards(fs.Args(), pcMergeMaxBytes)
	if err != nil {
		return fail(1, err)
	}
	var buf bytes.Buffer
	w := &errWriter{w: stdout}
	if *outFile != "" {
		w.w = &buf
	}
	if err := mergeShards(w, stderr, set, *jsonOut); err != nil {
		return fail(1, err)
	}
	if w.err != nil {
		return fail(1, w.err)
	}
	if *outFile != "" {
		if err := atomicfile.WriteFile(*outFile, buf.Bytes(), 0o644); err != nil {
			return fail(1, err)
		}
	}
	return 0
}

// readShards reads the shard files of one merge, in turn, at most
// maxTotal bytes of them together. Each file is checked on its own and
// against the ones before it as soon as it is read, so that a file of
// another run or a shard given twice stops the merge before the next file
// is read (and a run of N shards stops at the N+1st file at the latest).
func readShards(names []string, maxTotal int64) (*shardSet, error) {
	set := &shardSet{}
	left := maxTotal
	for _, name := range names {
		data, err := atomicfile.ReadLimit(atomicfile.OS, name, min(left, pcShardMaxBytes))
		if err != nil {
			if errors.Is(err, atomicfile.ErrTooLarge) {
				return nil, fmt.Errorf("%w (a shard file is at most %d bytes, the files of a merge %d together)", err, int64(pcShardMaxBytes), maxTotal)
			}
			return nil, err
		}
		left -= int64(len(data))
		f, err := parseShard(name, data)
		if err != nil {
			return nil, err
		}
		if err := set.add(name, f); err != nil {
			return nil, err
		}
	}
	return set, nil
}

// shardSet is the shard files of one merge, each a shard of the run of the
// first and none given twice.
type shardSet struct {
	names   []string
	files   []pcShardFile
	byIndex map[int]int // shard index to place in files
}

// add puts f, read from name, into the set, or says why it does not
// belong there.
func (s *shardSet) add(name string, f pcShardFile) error {
	if len(s.files) == 0 {
		s.byIndex = map[int]int{}
	} else {
		first, name0 := s.files[0], s.names[0]
		if !reflect.DeepEqual(f.Inputs, first.Inputs) {
			return fmt.Errorf("%s and %s are shards of different runs (their inputs differ)", name0, name)
		}
		if f.Shards != first.Shards || f.Items != first.Items {
			return fmt.Errorf("%s is shard %d/%d of %d items, %s shard %d/%d of %d: different runs",
				name0, first.Shard, first.Shards, first.Items, name, f.Shard, f.Shards, f.Items)
		}
		if (f.Reason == "") != (first.Reason == "") {
			return fmt.Errorf("%s and %s disagree on the field", name0, name)
		}
		if j, dup := s.byIndex[f.Shard]; dup {
			return fmt.Errorf("%s and %s are both shard %d/%d", s.names[j], name, f.Shard, f.Shards)
		}
	}
	s.byIndex[f.Shard] = len(s.files)
	s.names = append(s.names, name)
	s.files = append(s.files, f)
	return nil
}

// parseShard decodes and checks the shard file name holding data.
func parseShard(name string, data []byte) (pcShardFile, error) {
	var f pcShardFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return f, fmt.Errorf("%s: not a shard file: %w", name, err)
	}
	if dec.More() {
		return f, fmt.Errorf("%s: not a shard file: data after the JSON", name)
	}
	bad := func(format string, a ...any) (pcShardFile, error) {
		return f, fmt.Errorf("%s: corrupt shard file: %s", name, fmt.Sprintf(format, a...))
	}
	if f.Format != pcShardFormat {
		return bad("format %q, want %q", f.Format, pcShardFormat)
	}
	in := f.Inputs
	if in.Height < 0 || in.Height > pc.MaxLines || in.Lines < pc.MinLines || in.Lines > pc.MaxLines || in.Height > in.Lines {
		return bad("height %d, lines %d", in.Height, in.Lines)
	}
	field := pc.Field{Rows: in.Rows, Height: in.Height}
	if in.Rows>>(uint(in.Height)*pc.Width) != 0 || field.String() != in.Field {
		return bad("the field's cells and drawing differ")
	}
	if f.Shards < 1 || f.Shards > pc.MaxShards || f.Shard < 0 || f.Shard >= f.Shards {
		return bad("shard %d of %d", f.Shard, f.Shards)
	}
	if f.Items < 0 {
		return bad("%d items", f.Items)
	}
	switch in.Command {
	case "percent", "path":
		lo, hi := pc.Shard{Index: f.Shard, Count: f.Shards}.Range(f.Items)
		if f.Lo != lo || f.Hi != hi {
			return bad("range %d..%d, want %d..%d for shard %d/%d of %d sequences", f.Lo, f.Hi, lo, hi, f.Shard, f.Shards, f.Items)
		}
		if f.Counts != nil || in.Command == "percent" && f.Solutions != nil || in.Command == "path" && f.Percent != "" {
			return bad("answers of another command")
		}
		if in.Command == "percent" {
			if len(f.Percent) != hi-lo || strings.Trim(f.Percent, "01") != "" {
				return bad("%d answers for %d sequences", len(f.Percent), hi-lo)
			}
		}
		for _, s := range f.Solutions {
			if len(s.Steps) == 0 || len(s.Sequences) == 0 {
				return bad("an empty solution")
			}
			for _, q := range s.Sequences {
				if q < lo || q >= hi {
					return bad("sequence %d outside the shard's %d..%d", q, lo, hi)
				}
			}
			for _, st := range s.Steps {
				p, err := engine.ParsePiece(st.Piece)
				if err != nil || !p.Valid() || st.Rot < 0 || st.Rot > 3 || popcount(st.Cells) != 4 || st.Cells>>(uint(in.Height)*pc.Width) != 0 {
					return bad("a bad step %+v", st)
				}
			}
		}
	case "enumerate":
		c := f.Counts
		if c == nil || f.Percent != "" || f.Solutions != nil {
			return bad("no counts")
		}
		if c.Clear < 0 || c.ClearNoSplit < 0 || c.ClearNoSplit > c.Clear || c.Clear > c.Fit {
			return bad("counts %+v", *c)
		}
	default:
		return bad("command %q", in.Command)
	}
	return f, nil
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// mergeShards checks that set holds every shard of its run and writes the
// answer of that run.
func mergeShards(w, stderr io.Writer, set *shardSet, jsonOut bool) error {
	names, files, byIndex := set.names, set.files, set.byIndex
	first := files[0]
	var missing []string
	for s := 0; s < first.Shards; s++ {
		if _, ok := byIndex[s]; !ok {
			missing = append(missing, fmt.Sprint(s))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("missing shards %s of %d", strings.Join(missing, ", "), first.Shards)
	}
	order := make([]pcShardFile, first.Shards)
	for s, i := range byIndex {
		order[s] = files[i]
	}
	in := first.Inputs
	field := pc.Field{Rows: in.Rows, Height: in.Height}
	n, perr := field.Pieces()
	if in.Command == "enumerate" {
		var total pc.EnumCounts
		secs := 0.0
		for _, f := range order {
			total.Fit += f.Counts.Fit
			total.Clear += f.Counts.Clear
			total.ClearNoSplit += f.Counts.ClearNoSplit
			secs += f.Seconds
		}
		fmt.Fprintf(stderr, "kocka pc merge: %d shards, %.1fs in all\n", len(order), secs)
		printEnumerate(w, field, in.Lines, n, total, jsonOut)
		return nil
	}
	var rules pc.Rules
	switch in.Hold {
	case "use":
		rules.Hold = true
	case "avoid":
	default:
		return fmt.Errorf("%s: hold %q", names[0], in.Hold)
	}
	drop, err := pc.ParseDrop(in.Drop)
	if err != nil {
		return fmt.Errorf("%s: %w", names[0], err)
	}
	rules.Drop = drop
	if in.Command != "enumerate" {
		if rules.Kicks, err = pc.ParseKicks(in.Kicks); err != nil {
			return fmt.Errorf("%s: %w", names[0], err)
		}
	}
	if perr != nil {
		if !errors.Is(perr, pc.ErrNotMultipleOf4) || first.Reason == "" {
			return fmt.Errorf("%s: the field takes no whole number of pieces, and the shards have answers", names[0])
		}
		if in.Command == "percent" {
			printPercentReason(w, field, in.Lines, n, rules, perr, jsonOut)
		} else {
			printPathReason(w, field, in.Lines, n, rules, perr, jsonOut)
		}
		return nil
	}
	pat, err := pc.ParsePattern(in.Pattern)
	if err != nil {
		return fmt.Errorf("%s: the pattern: %w", names[0], err)
	}
	seqs, err := pc.Sequences(pat, n, rules.Hold)
	if err != nil {
		return fmt.Errorf("%s: %w", names[0], err)
	}
	if len(seqs) != first.Items {
		return fmt.Errorf("%s: %d sequences, but the pattern makes %d", names[0], first.Items, len(seqs))
	}
	switch in.Command {
	case "percent":
		if in.TreeDepth < 1 || in.TreeDepth > 3 {
			return fmt.Errorf("%s: tree depth %d", names[0], in.TreeDepth)
		}
		res := make([]bool, 0, len(seqs))
		for _, f := range order {
			for _, c := range f.Percent {
				res = append(res, c == '1')
			}
		}
		printPercent(w, field, in.Lines, n, rules, seqs, res, in.TreeDepth, in.FailMax, jsonOut)
	case "path":
		parts := make([][]pc.Solution, len(order))
		for i, f := range order {
			for _, js := range f.Solutions {
				var s pc.Solution
				for _, st := range js.Steps {
					p, _ := engine.ParsePiece(st.Piece) // checked by parseShard
					s.Steps = append(s.Steps, pc.Step{Placed: engine.Placed{Piece: p, Rot: engine.Rotation(st.Rot), X: st.X, Y: st.Y}, Cells: st.Cells})
				}
				s.Sequences = js.Sequences
				parts[i] = append(parts[i], s)
			}
		}
		sols, err := pc.MergePaths(parts...)
		if err != nil {
			return err
		}
		if printPath(w, stderr, field, in.Lines, n, rules, len(seqs), sols, jsonOut) != 0 {
			return errors.New("the solutions cannot be drawn")
		}
	}
	return nil
}
