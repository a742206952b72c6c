package pc

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/engine/fumen"
)

// Width is the field's width: perfect clears here are on 10 columns.
const Width = 10

// The range of --lines: six rows of ten are 60 bits, one word.
const (
	MinLines = 1
	MaxLines = 6
)

// Field is the region still to clear: Height rows of Width cells, bit
// y*Width+x set when cell (x, y) is filled. Rows above Height are empty
// and are not part of the problem.
type Field struct {
	Rows   uint64
	Height int
}

const rowMask = uint64(1)<<Width - 1

// key packs the field into one word: the cells and the height above them.
func (f Field) key() uint64 { return f.Rows | uint64(f.Height)<<60 }

// Row returns row y as a mask (bit x = column x).
func (f Field) Row(y int) uint16 { return uint16(f.Rows >> (uint(y) * Width) & rowMask) }

// Empty is the number of empty cells in the region.
func (f Field) Empty() int { return f.Height*Width - bits.OnesCount64(f.Rows) }

// Cleared reports whether the perfect clear is done: no rows left.
func (f Field) Cleared() bool { return f.Height == 0 }

// String draws the region, top row first: 'X' filled, '.' empty.
func (f Field) String() string {
	var sb strings.Builder
	for y := f.Height - 1; y >= 0; y-- {
		for x := 0; x < Width; x++ {
			if f.Rows>>(uint(y*Width+x))&1 != 0 {
				sb.WriteByte('X')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// ErrNotMultipleOf4 marks a field whose empty cells cannot be filled by
// whole pieces: solution-finder refuses it, and the answer is 0%.
var ErrNotMultipleOf4 = errors.New("the number of empty cells is not a multiple of 4")

// NewField makes the region of the lowest lines rows of board b. Cells
// above those rows must be empty. Full rows are cleared first, as
// solution-finder does.
func NewField(b *engine.Board, lines int) (Field, error) {
	if lines < MinLines || lines > MaxLines {
		return Field{}, fmt.Errorf("--lines %d out of range %d..%d", lines, MinLines, MaxLines)
	}
	if b.Width != Width {
		return Field{}, fmt.Errorf("the field is %d wide, want %d", b.Width, Width)
	}
	if h := b.StackHeight(); h > lines {
		return Field{}, fmt.Errorf("the field has blocks in row %d, above the %d lines to clear", h, lines)
	}
	f := Field{Height: lines}
	for y := 0; y < lines && y < b.Height; y++ {
		f.Rows |= uint64(b.Row(y)) << (uint(y) * Width)
	}
	f = f.clearFull()
	return f, nil
}

// ParseFumen reads the field of a fumen's first page ("v115@...", also
// with solution-finder's m115 and d115 prefixes or as a URL).
func ParseFumen(s string, lines int) (Field, error) {
	pages, err := fumen.Decode(s)
	if err != nil {
		return Field{}, err
	}
	if len(pages) == 0 {
		return Field{}, errors.New("fumen has no page")
	}
	b, err := pages[0].Field.Board(fumen.Height, engine.I)
	if err != nil {
		return Field{}, err
	}
	return NewField(b, lines)
}

// ParseRows reads text rows, top first: '.', '_' and ' ' are empty, any
// other character is filled. The last row is the bottom one.
func ParseRows(rows []string, lines int) (Field, error) {
	var keep []string
	for _, r := range rows {
		if r = strings.TrimRight(r, "\r"); strings.TrimSpace(r) != "" {
			keep = append(keep, r)
		}
	}
	if len(keep) > lines {
		return Field{}, fmt.Errorf("the field has %d rows, more than the %d lines to clear", len(keep), lines)
	}
	b, err := engine.ParseBoard(Width, max(lines, 4), keep, engine.I)
	if err != nil {
		return Field{}, err
	}
	return NewField(b, lines)
}

// clearFull removes full rows, drops the rows above and lowers Height.
func (f Field) clearFull() Field {
	for y := 0; y < f.Height; {
		if f.Rows>>(uint(y)*Width)&rowMask == rowMask {
			low := f.Rows & (uint64(1)<<(uint(y)*Width) - 1)
			high := f.Rows >> (uint(y+1) * Width) << (uint(y) * Width)
			f.Rows = low | high
			f.Height--
			continue
		}
		y++
	}
	return f
}

// Pieces is the number of pieces a perfect clear of f takes, or an error
// wrapping ErrNotMultipleOf4.
func (f Field) Pieces() (int, error) {
	n := f.Empty()
	if n%4 != 0 {
		return 0, fmt.Errorf("%w: %d", ErrNotMultipleOf4, n)
	}
	return n / 4, nil
}

// Board returns the region as an engine board of the given height (the
// region's rows at the bottom), cells of kind fill.
func (f Field) Board(height int, fill engine.Piece) *engine.Board {
	b := engine.NewBoard(Width, height)
	rows := make([]uint16, f.Height)
	for y := range rows {
		rows[y] = f.Row(y)
	}
	b.SetRows(rows, fill)
	return b
}

// colMask[x] is column x of a 6-row field.
var colMask = func() (m [Width]uint64) {
	for x := 0; x < Width; x++ {
		for y := 0; y < MaxLines; y++ {
			m[x] |= 1 << uint(y*Width+x)
		}
	}
	return
}()

// viable is solution-finder's PerfectValidator: where the region splits
// into parts that no piece can bridge (every row blocked in one of two
// neighbouring columns), each part must hold a multiple of 4 empty cells.
// It only prunes: a field it refuses has no perfect clear.
func (f Field) viable() bool {
	h := uint(f.Height)
	region := uint64(1)<<(h*Width) - 1
	filled := f.Rows & region
	empty := ^f.Rows & region
	// blocked[x] for the boundary left of x: a row has x-1 or x filled.
	wallish := (filled | (filled << 1)) // bit x set: x or x-1 filled (bit 0 of a row: x=0 only)
	sum := bits.OnesCount64(empty & colMask[0])
	for x := 1; x < Width; x++ {
		n := bits.OnesCount64(empty & colMask[x])
		if wallish&colMask[x]&region == colMask[x]&region {
			if sum%4 != 0 {
				return false
			}
			sum = n
		} else {
			sum += n
		}
	}
	return sum%4 == 0
}
