package engine

import (
	"fmt"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// MaxWidth is the widest board the row bitboards can hold.
const MaxWidth = 16

// Board is the playfield: Width columns by Height rows (the hidden rows above
// the visible field included). Each row is kept both as a bit mask, for fast
// collision tests, and as piece kinds, for drawing.
type Board struct {
	Width, Height int
	rows          []uint16 // bit x set = cell (x, y) filled
	kinds         []Piece  // y*Width + x
	full          uint16   // mask of a complete row
}

// NewBoard returns an empty board.
func NewBoard(width, height int) *Board {
	if width < 4 || width > MaxWidth || height < 4 || height > 64 {
		panic(fmt.Sprintf("engine: board size %dx%d out of range (width 4..%d, height 4..64)", width, height, MaxWidth))
	}
	return &Board{
		Width:  width,
		Height: height,
		rows:   make([]uint16, height),
		kinds:  make([]Piece, width*height),
		full:   uint16(1)<<uint(width) - 1,
	}
}

// Clone returns an independent copy.
func (b *Board) Clone() *Board {
	c := *b
	c.rows = append([]uint16(nil), b.rows...)
	c.kinds = append([]Piece(nil), b.kinds...)
	return &c
}

// CopyFrom makes b equal to src without allocating when sizes match.
func (b *Board) CopyFrom(src *Board) {
	if b.Width != src.Width || b.Height != src.Height {
		*b = *src.Clone()
		return
	}
	copy(b.rows, src.rows)
	copy(b.kinds, src.kinds)
}

// Row returns row y as a bit mask (bit x = column x); rows outside the board
// read as full, so walls and floor block pieces.
func (b *Board) Row(y int) uint16 {
	if y < 0 {
		return 0xFFFF
	}
	if y >= b.Height {
		return 0
	}
	return b.rows[y]
}

// FullRow is the mask of a complete row.
func (b *Board) FullRow() uint16 { return b.full }

// Filled reports whether (x, y) is blocked: a filled cell, a wall or the floor.
// Cells above the top of the board are open.
func (b *Board) Filled(x, y int) bool {
	if x < 0 || x >= b.Width || y < 0 {
		return true
	}
	if y >= b.Height {
		return false
	}
	return b.rows[y]>>uint(x)&1 != 0
}

// At returns the kind of piece filling (x, y), or None.
func (b *Board) At(x, y int) Piece {
	if x < 0 || x >= b.Width || y < 0 || y >= b.Height {
		return None
	}
	return b.kinds[y*b.Width+x]
}

// Set fills (x, y) with kind p, or empties it when p is None.
func (b *Board) Set(x, y int, p Piece) {
	if x < 0 || x >= b.Width || y < 0 || y >= b.Height {
		return
	}
	b.kinds[y*b.Width+x] = p
	if p == None {
		b.rows[y] &^= 1 << uint(x)
	} else {
		b.rows[y] |= 1 << uint(x)
	}
}

// Fits reports whether the piece overlaps nothing and stays inside the walls
// and above the floor.
func (b *Board) Fits(m Placed) bool {
	masks := &rowMasks[m.Piece][m.Rot&3]
	for dy := 0; dy < 4; dy++ {
		mask := masks[dy]
		if mask == 0 {
			continue
		}
		y := m.Y + dy
		if m.X < 0 {
			if mask&(uint16(1)<<uint(-m.X)-1) != 0 {
				return false
			}
			mask >>= uint(-m.X)
		} else {
			if int(16-bits.LeadingZeros16(mask))+m.X > b.Width {
				return false
			}
			mask <<= uint(m.X)
		}
		if b.Row(y)&mask != 0 {
			return false
		}
	}
	return true
}

// Grounded reports whether the piece cannot move down.
func (b *Board) Grounded(m Placed) bool { return !b.Fits(m.Moved(0, -1)) }

// DropDistance is how many rows the piece falls before it lands (0 if it
// does not fit where it is). The piece's row masks are shifted into place
// once, then each row below is one AND per piece row. (Fits does its own
// shifting inline: sharing a helper that returns the masks made Fits
// 5.7 -> 13 ns in BenchmarkFits.)
func (b *Board) DropDistance(m Placed) int {
	if !b.Fits(m) {
		return 0
	}
	var masks [4]uint16
	lo, hi := 4, -1
	for dy, mask := range rowMasks[m.Piece][m.Rot&3] {
		if mask == 0 {
			continue
		}
		if m.X < 0 {
			masks[dy] = mask >> uint(-m.X)
		} else {
			masks[dy] = mask << uint(m.X)
		}
		lo, hi = min(lo, dy), max(hi, dy)
	}
	for d := 1; ; d++ {
		if m.Y+lo-d < 0 {
			return d - 1
		}
		for dy := lo; dy <= hi; dy++ {
			if b.Row(m.Y+dy-d)&masks[dy] != 0 {
				return d - 1
			}
		}
	}
}

// Place writes the piece's cells into the board (no line clear).
func (b *Board) Place(m Placed) {
	for _, c := range m.Cells() {
		b.Set(int(c.X), int(c.Y), m.Piece)
	}
}

// FullRows returns a bit mask of the complete rows (bit y = row y).
func (b *Board) FullRows() uint64 {
	var out uint64
	for y, r := range b.rows {
		if r == b.full {
			out |= 1 << uint(y)
		}
	}
	return out
}

// ClearLines removes complete rows, drops the rows above them and returns
// how many were removed.
func (b *Board) ClearLines() int {
	w := b.Width
	dst := 0
	for y := 0; y < b.Height; y++ {
		if b.rows[y] == b.full {
			continue
		}
		if dst != y {
			b.rows[dst] = b.rows[y]
			copy(b.kinds[dst*w:(dst+1)*w], b.kinds[y*w:(y+1)*w])
		}
		dst++
	}
	n := b.Height - dst
	for y := dst; y < b.Height; y++ {
		b.rows[y] = 0
		clear(b.kinds[y*w : (y+1)*w])
	}
	return n
}

// Empty reports whether no cell is filled.
func (b *Board) Empty() bool {
	for _, r := range b.rows {
		if r != 0 {
			return false
		}
	}
	return true
}

// CellCount is the number of filled cells.
func (b *Board) CellCount() int {
	n := 0
	for _, r := range b.rows {
		n += bits.OnesCount16(r)
	}
	return n
}

// StackHeight is one more than the highest filled row (0 for an empty board).
func (b *Board) StackHeight() int {
	for y := b.Height - 1; y >= 0; y-- {
		if b.rows[y] != 0 {
			return y + 1
		}
	}
	return 0
}

// ColumnHeight is one more than the highest filled cell in column x.
func (b *Board) ColumnHeight(x int) int {
	bit := uint16(1) << uint(x)
	for y := b.Height - 1; y >= 0; y-- {
		if b.rows[y]&bit != 0 {
			return y + 1
		}
	}
	return 0
}

// Rows returns the row masks, bottom first. The slice is the board's own;
// do not modify it.
func (b *Board) Rows() []uint16 { return b.rows }

// SetRows replaces the contents with the given row masks (bottom first); the
// filled cells get kind fill. Rows beyond len(rows) are emptied.
func (b *Board) SetRows(rows []uint16, fill Piece) {
	for y := 0; y < b.Height; y++ {
		var r uint16
		if y < len(rows) {
			r = rows[y] & b.full
		}
		for x := 0; x < b.Width; x++ {
			p := None
			if r>>uint(x)&1 != 0 {
				p = fill
			}
			b.Set(x, y, p)
		}
	}
}

// String draws the board as text, top row first, '.' for empty cells and
// the piece letter for filled ones. Empty rows above the stack are omitted.
func (b *Board) String() string {
	var sb strings.Builder
	for y := b.StackHeight() - 1; y >= 0; y-- {
		for x := 0; x < b.Width; x++ {
			sb.WriteString(b.At(x, y).String())
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// ParseBoard reads rows of text, top row first, the last row being y = 0,
// into a board of the given size. This is the one text form of a board
// (kocka movegen's contract, the tests' boards): '.' and '_' are empty, a
// piece letter (IOTSZJL) is a cell of that piece, and any other character
// (a space, '#', 'X', '█') is a filled cell of kind fill. Widths count
// characters, not bytes.
func ParseBoard(width, height int, lines []string, fill Piece) (*Board, error) {
	if width < 4 || width > MaxWidth || height < 4 || height > 64 {
		return nil, fmt.Errorf("board size %dx%d out of range (width 4..%d, height 4..64)", width, height, MaxWidth)
	}
	if len(lines) > height {
		return nil, fmt.Errorf("field has %d rows, more than %d", len(lines), height)
	}
	for i, line := range lines {
		if n := utf8.RuneCountInString(line); n != width {
			return nil, fmt.Errorf("field row %d is %d characters wide, want %d", i+1, n, width)
		}
	}
	b := NewBoard(width, height)
	for i, line := range lines {
		y := len(lines) - 1 - i
		x := 0
		for _, c := range line {
			switch c {
			case '.', '_':
			default:
				p := fill
				if q, err := ParsePiece(string(c)); err == nil {
					p = q
				}
				b.Set(x, y, p)
			}
			x++
		}
	}
	return b, nil
}
