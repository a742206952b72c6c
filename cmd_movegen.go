package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver"
)

// The board of the movegen contract: 10 wide, 40 tall, the piece spawns
// above the 20 visible rows.
const (
	movegenWidth  = 10
	movegenHeight = 40
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
		if err := movegenLines(stdin, stdout, opt); err != nil {
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
	b, err := parseField(rows)
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

// movegenLines answers each line of in with one line on out, flushed at
// once so that a caller can talk to the tool through pipes. A line over
// maxMovegenLine is answered with an error, never held, and the tool goes on.
func movegenLines(in io.Reader, out io.Writer, opt solver.Options) error {
	lines := bounded.NewLineReader(in, maxMovegenLine)
	w := bufio.NewWriter(out)
	var g solver.Generator
	var buf []byte
	for {
		line, err := lines.Next()
		if err == io.EOF {
			return nil
		}
		var tooLong *bounded.TooLargeError
		switch {
		case errors.As(err, &tooLong):
			buf = appendError(buf[:0], err)
		case err != nil:
			return err
		default:
			buf = answerLine(buf[:0], &g, line, opt)
		}
		buf = append(buf, '\n')
		if _, werr := w.Write(buf); werr != nil {
			return werr
		}
		if werr := w.Flush(); werr != nil {
			return werr
		}
	}
}

// movegenRequest is one line of input. Pointers tell a missing key from an
// empty value.
type movegenRequest struct {
	Field *[]string `json:"field"`
	Piece *string   `json:"piece"`
}

// answerLine appends to dst the answer to one request line (without the
// newline): the placements, or an error.
func answerLine(dst []byte, g *solver.Generator, line []byte, opt solver.Options) []byte {
	b, p, err := parseRequest(line)
	if err != nil {
		return appendError(dst, err)
	}
	return appendPlacements(dst, sortedPlacements(g, b, p, opt))
}

// appendError appends the answer to a bad line: {"error":"..."}.
func appendError(dst []byte, err error) []byte {
	msg, _ := json.Marshal(err.Error())
	dst = append(dst, `{"error":`...)
	dst = append(dst, msg...)
	return append(dst, '}')
}

func parseRequest(line []byte) (*engine.Board, engine.Piece, error) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return nil, 0, errors.New("empty line, want a JSON request")
	}
	var req movegenRequest
	if err := json.Unmarshal(line, &req); err != nil {
		return nil, 0, fmt.Errorf("bad JSON: %v", err)
	}
	if req.Field == nil {
		return nil, 0, errors.New(`missing "field"`)
	}
	if req.Piece == nil {
		return nil, 0, errors.New(`missing "piece"`)
	}
	p, err := engine.ParsePiece(*req.Piece)
	if err != nil {
		return nil, 0, err
	}
	b, err := parseField(*req.Field)
	if err != nil {
		return nil, 0, err
	}
	return b, p, nil
}

// parseField reads the contract's rows, top first, with engine.ParseBoard:
// '.' and '_' are empty, any other character is filled; the last row is
// y = 0.
func parseField(rows []string) (*engine.Board, error) {
	return engine.ParseBoard(movegenWidth, movegenHeight, rows, engine.I)
}

// sortedPlacements are the placements in the contract's order: by cells
// (each sorted by x, then y), then spin.
func sortedPlacements(g *solver.Generator, b *engine.Board, p engine.Piece, opt solver.Options) []solver.Placement {
	ps := g.Generate(nil, b, p, opt)
	slices.SortStableFunc(ps, func(a, c solver.Placement) int {
		ac, cc := sortedCells(a.Placed), sortedCells(c.Placed)
		for i := range ac {
			if d := cmpCell(ac[i], cc[i]); d != 0 {
				return d
			}
		}
		return int(a.Spin) - int(c.Spin)
	})
	return ps
}

func sortedCells(m engine.Placed) [4]engine.Cell {
	cells := m.Cells()
	slices.SortFunc(cells[:], cmpCell)
	return cells
}

func cmpCell(a, c engine.Cell) int {
	if a.X != c.X {
		return int(a.X) - int(c.X)
	}
	return int(a.Y) - int(c.Y)
}

// appendPlacements writes the answer object by hand, so that its format is
// exactly the contract's, without spaces.
func appendPlacements(dst []byte, ps []solver.Placement) []byte {
	dst = append(dst, `{"placements":[`...)
	for i, pl := range ps {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"piece":"`...)
		dst = append(dst, pl.Piece.String()...)
		dst = append(dst, `","rotation":"`...)
		dst = append(dst, pl.Rot.String()...)
		dst = append(dst, `","cells":[`...)
		for j, c := range sortedCells(pl.Placed) {
			if j > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, '[')
			dst = strconv.AppendInt(dst, int64(c.X), 10)
			dst = append(dst, ',')
			dst = strconv.AppendInt(dst, int64(c.Y), 10)
			dst = append(dst, ']')
		}
		dst = append(dst, `],"spin":"`...)
		dst = append(dst, pl.Spin.String()...)
		dst = append(dst, `"}`...)
	}
	return append(dst, "]}"...)
}

// drawPlacements prints each placement on the board: '#' for the stack,
// the piece's letter for its cells.
func drawPlacements(w io.Writer, b *engine.Board, p engine.Piece, opt solver.Options) {
	var g solver.Generator
	ps := sortedPlacements(&g, b, p, opt)
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
