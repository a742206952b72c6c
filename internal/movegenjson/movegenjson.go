// Package movegenjson is the protocol of kocka movegen --jsonl: one JSON
// request a line (a field and a piece), one JSON answer a line (every
// placement, in a fixed order, or an error). It is apart from the command
// so that its parser is fuzzed without the game window linked in.
package movegenjson

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/solver"
)

// The board of the contract: 10 wide, 40 tall, the piece spawns above the
// 20 visible rows.
const (
	Width  = 10
	Height = 40
)

// Lines answers each line of in with one line on out, flushed at
// once so that a caller can talk to the tool through pipes. A line over
// maxLine is answered with an error, never held, and the tool goes on.
func Lines(in io.Reader, out io.Writer, opt solver.Options, maxLine int) error {
	lines := bounded.NewLineReader(in, maxLine)
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
			buf = Answer(buf[:0], &g, line, opt)
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

// request is one line of input. Pointers tell a missing key from an
// empty value.
type request struct {
	Field *[]string `json:"field"`
	Piece *string   `json:"piece"`
}

// Answer appends to dst the answer to one request line (without the
// newline): the placements, or an error.
func Answer(dst []byte, g *solver.Generator, line []byte, opt solver.Options) []byte {
	b, p, err := parseRequest(line)
	if err != nil {
		return appendError(dst, err)
	}
	return appendPlacements(dst, Sorted(g, b, p, opt))
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
	var req request
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
	b, err := ParseField(*req.Field)
	if err != nil {
		return nil, 0, err
	}
	return b, p, nil
}

// ParseField reads the contract's rows, top first, with engine.ParseBoard:
// '.' and '_' are empty, any other character is filled; the last row is
// y = 0.
func ParseField(rows []string) (*engine.Board, error) {
	return engine.ParseBoard(Width, Height, rows, engine.I)
}

// Sorted are the placements in the contract's order: by cells
// (each sorted by x, then y), then spin.
func Sorted(g *solver.Generator, b *engine.Board, p engine.Piece, opt solver.Options) []solver.Placement {
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
