package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/internal/movegenjson"
	"github.com/kocka/kocka/solver"
)

const movegenUsage = `usage: kocka movegen --jsonl [--mode M] [--180]
       kocka movegen --field-file F --piece P [--mode M] [--180]

With --jsonl, reads one request per line on stdin,
  {"field":["..........", ...], "piece":"T"}
(rows top first, 10 characters, '.' or '_' empty, any other character
filled; the last row is y=0, rows above are empty; the board is 10x40 and
the piece spawns at row 20) and writes one line per request:
  {"placements":[{"piece":"T","rotation":"0|R|2|L","cells":[[x,y],...],"spin":"none|mini|full"}, ...]}
every distinct (cells, spin) the piece reaches from spawn with left, right,
soft drop, cw and ccw turns with SRS kicks, no hold; cells where it locks,
before any line clear. Cells are sorted by x, then y; placements by their
cells, then spin (none, mini, full). Where two orientations cover the same
cells (S, Z, I, O), the one with the shortest input path is given. A bad
line gets {"error":"..."} and the tool goes on; so does a line over 64 KiB,
which is never held in memory.

With --field-file, draws every placement on the board read from F (rows
as above, one per line; at most 64 KiB; - reads stdin), with its
orientation, spin and input path.

`

func runMovegen(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka movegen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), movegenUsage)
		fs.PrintDefaults()
	}
	jsonl := fs.Bool("jsonl", false, "answer JSON requests, one per line on stdin")
	fieldFile := fs.String("field-file", "", "draw the placements on the board in `file`")
	pieceName := fs.String("piece", "", "the `piece` for --field-file: I O T S Z J L")
	modeName := fs.String("mode", "full", "movement `model`: full, drop (turn and shift at the top, hard drop) or 20g")
	halfTurns := fs.Bool("180", false, "allow half turns (SRS+ kicks)")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	mode, err := solver.ParseMode(*modeName)
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if err == nil && *jsonl == (*fieldFile != "") {
		err = errors.New("give either --jsonl or --field-file")
	}
	if err == nil && *jsonl && *pieceName != "" {
		err = errors.New("--piece goes with --field-file; with --jsonl each request names its piece")
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka movegen: %v\n", err)
		fs.Usage()
		return 2
	}
	opt := solver.Options{Mode: mode}
	if *halfTurns {
		opt.Kicks = engine.SRSPlus
	}
	if *jsonl {
		if err := movegenjson.Lines(stdin, stdout, opt, maxMovegenLine); err != nil {
			fmt.Fprintf(stderr, "kocka movegen: %v\n", err)
			return 1
		}
		return 0
	}
	p, err := engine.ParsePiece(*pieceName)
	if err != nil {
		fmt.Fprintf(stderr, "kocka movegen: --piece: %v\n", err)
		return 2
	}
	text, err := bounded.ReadFile(*fieldFile, stdin, maxMovegenFieldFile)
	if err != nil {
		fmt.Fprintf(stderr, "kocka movegen: %v\n", err)
		return 1
	}
	rows := strings.Split(strings.ReplaceAll(string(text), "\r\n", "\n"), "\n")
	for len(rows) > 0 && strings.TrimSpace(rows[len(rows)-1]) == "" {
		rows = rows[:len(rows)-1]
	}
	b, err := movegenjson.ParseField(rows)
	if err != nil {
		fmt.Fprintf(stderr, "kocka movegen: %s: %v\n", *fieldFile, err)
		return 1
	}
	w := bufio.NewWriter(stdout)
	drawPlacements(w, b, p, opt)
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "kocka movegen: %v\n", err)
		return 1
	}
	return 0
}

// The caps on movegen's inputs: a request is a 40-row field and a piece,
// under 1 KiB even spelled out with spaces; a field file is the same rows.
const (
	maxMovegenLine      = 64 << 10
	maxMovegenFieldFile = 64 << 10
)

// drawPlacements prints each placement on the board: '#' for the stack,
// the piece's letter for its cells.
func drawPlacements(w io.Writer, b *engine.Board, p engine.Piece, opt solver.Options) {
	var g solver.Generator
	ps := movegenjson.Sorted(&g, b, p, opt)
	kicks := "SRS"
	if opt.Kicks != nil {
		kicks = opt.Kicks.Name
	}
	fmt.Fprintf(w, "%d placements of %v (%v, %s)\n", len(ps), p, opt.Mode, kicks)
	for i, pl := range ps {
		path := make([]string, len(pl.Path))
		for j, mv := range pl.Path {
			path[j] = mv.String()
		}
		if len(path) == 0 {
			path = []string{"(none: it locks where it spawns)"}
		}
		fmt.Fprintf(w, "\n#%d %v rotation %v spin %v at x=%d y=%d\npath: %s\n", i+1, p, pl.Rot, pl.Spin, pl.X, pl.Y, strings.Join(path, " "))
		cells := pl.Cells()
		top := b.StackHeight()
		for _, c := range cells {
			top = max(top, int(c.Y)+1)
		}
		for y := top - 1; y >= 0; y-- {
			line := []byte("|" + strings.Repeat(".", b.Width) + "|")
			for x := range b.Width {
				if b.Filled(x, y) {
					line[x+1] = '#'
				}
			}
			for _, c := range cells {
				if int(c.Y) == y {
					line[c.X+1] = p.String()[0]
				}
			}
			fmt.Fprintf(w, "%s\n", line)
		}
		fmt.Fprintf(w, "+%s+\n", strings.Repeat("-", b.Width))
	}
}
