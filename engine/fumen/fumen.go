// Package fumen reads and writes fumen v115 strings ("v115@..."), the
// format the community's tools share for fields and piece sequences: the
// fumen editor, knewjade's tetris-fumen and solution-finder. It converts
// them to and from the engine's boards and placements.
//
// A fumen is a list of pages. Each page holds a 10 x 23 field plus one
// garbage row below it (which a "rise" page pushes up into the field), at
// most one piece, a comment, and flags saying what happens before the next
// page: lock (the piece is written into the field and full rows are
// cleared), rise, and mirror. The encoding follows tetris-fumen 1.1.3
// exactly, so that strings written here and there are the same.
package fumen

import (
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/kocka/kocka/engine"
)

// Field dimensions.
const (
	Width  = 10
	Height = 23 // rows of the field, y 0 (bottom) .. 22
)

// Block is the content of one square: engine.None, a piece kind, or Gray
// (garbage, which the engine has no kind for).
type Block uint8

// Gray is a garbage block.
const Gray = Block(engine.L) + 1

// Piece returns the block of a piece kind.
func Piece(p engine.Piece) Block { return Block(p) }

// String is the block's letter: '.' empty, I O T S Z J L, X garbage.
func (b Block) String() string {
	switch {
	case b == Gray:
		return "X"
	case b <= Block(engine.L):
		return engine.Piece(b).String()
	}
	return fmt.Sprintf("Block(%d)", uint8(b))
}

// Field is a fumen field: Rows[y][x], y 0 at the bottom, and the garbage
// row below it.
type Field struct {
	Rows    [Height][Width]Block
	Garbage [Width]Block
}

// At returns the block at (x, y); y = -1 is the garbage row. Squares
// outside read as empty.
func (f *Field) At(x, y int) Block {
	switch {
	case x < 0 || x >= Width || y < -1 || y >= Height:
		return 0
	case y == -1:
		return f.Garbage[x]
	}
	return f.Rows[y][x]
}

// Set fills (x, y); y = -1 is the garbage row. Squares outside are ignored.
func (f *Field) Set(x, y int, b Block) {
	switch {
	case x < 0 || x >= Width || y < -1 || y >= Height:
	case y == -1:
		f.Garbage[x] = b
	default:
		f.Rows[y][x] = b
	}
}

// Empty reports whether the field and the garbage row hold no block.
func (f *Field) Empty() bool { return *f == Field{} }

// StackHeight is one more than the highest non-empty row (0 when the field
// proper is empty).
func (f *Field) StackHeight() int {
	for y := Height - 1; y >= 0; y-- {
		if f.Rows[y] != [Width]Block{} {
			return y + 1
		}
	}
	return 0
}

// GarbageSeparator is the line that introduces the garbage row in String
// and ParseField.
const GarbageSeparator = "----------"

// String draws the field top row first from the highest non-empty row
// ('.' empty, piece letters, 'X' garbage), then, when the garbage row is
// not empty, GarbageSeparator and that row.
func (f *Field) String() string {
	var sb strings.Builder
	row := func(r [Width]Block) {
		for _, b := range r {
			sb.WriteString(b.String())
		}
		sb.WriteByte('\n')
	}
	for y := f.StackHeight() - 1; y >= 0; y-- {
		row(f.Rows[y])
	}
	if f.Garbage != [Width]Block{} {
		sb.WriteString(GarbageSeparator + "\n")
		row(f.Garbage)
	}
	return sb.String()
}

// ParseField reads rows of text, top first, the last row being y = 0: '.',
// '_' and ' ' are empty, I O T S Z J L (either case) are pieces, and any
// other character is garbage. A GarbageSeparator line may follow, then one
// row for the garbage row. Blank lines are skipped.
func ParseField(lines []string) (Field, error) {
	var f Field
	var rows []string
	garbage := ""
	sawSep := false
	for _, l := range lines {
		l = strings.TrimRight(l, "\r")
		switch {
		case strings.TrimSpace(l) == "":
			continue
		case l == GarbageSeparator:
			if sawSep {
				return f, fmt.Errorf("fumen field: a second %q line", GarbageSeparator)
			}
			sawSep = true
		case sawSep:
			if garbage != "" {
				return f, fmt.Errorf("fumen field: more than one garbage row")
			}
			garbage = l
		default:
			rows = append(rows, l)
		}
	}
	if sawSep && garbage == "" {
		return f, fmt.Errorf("fumen field: %q is not followed by a garbage row", GarbageSeparator)
	}
	if len(rows) > Height {
		return f, fmt.Errorf("fumen field: %d rows, at most %d", len(rows), Height)
	}
	parse := func(line string, what string) ([Width]Block, error) {
		var r [Width]Block
		if len(line) != Width {
			return r, fmt.Errorf("fumen field: %s is %d characters wide, want %d: %.40q", what, len(line), Width, line) // %.40q: a 10 MB row is not repeated whole
		}
		for x := 0; x < Width; x++ {
			r[x] = blockOf(line[x])
		}
		return r, nil
	}
	for i, l := range rows {
		r, err := parse(l, fmt.Sprintf("row %d", i+1))
		if err != nil {
			return f, err
		}
		f.Rows[len(rows)-1-i] = r
	}
	if sawSep {
		r, err := parse(garbage, "the garbage row")
		if err != nil {
			return f, err
		}
		f.Garbage = r
	}
	return f, nil
}

func blockOf(c byte) Block {
	switch c {
	case '.', '_', ' ':
		return 0
	}
	if p, err := engine.ParsePiece(string(c)); err == nil {
		return Piece(p)
	}
	return Gray
}

// FieldFromBoard copies a 10-wide engine board into a field. Rows above
// the fumen field's 23 must be empty.
func FieldFromBoard(b *engine.Board) (Field, error) {
	var f Field
	if b.Width != Width {
		return f, fmt.Errorf("fumen: board is %d wide, fumen fields are %d", b.Width, Width)
	}
	if h := b.StackHeight(); h > Height {
		return f, fmt.Errorf("fumen: board is filled up to row %d, fumen fields hold %d rows", h, Height)
	}
	for y := 0; y < min(b.Height, Height); y++ {
		for x := 0; x < Width; x++ {
			if b.Filled(x, y) {
				p := b.At(x, y)
				if !p.Valid() { // a filled cell of no kind: garbage
					f.Rows[y][x] = Gray
				} else {
					f.Rows[y][x] = Piece(p)
				}
			}
		}
	}
	return f, nil
}

// Board copies the field into an engine board of the given height (the
// engine's boards are usually 40: 20 visible and 20 buffer rows). Garbage
// blocks become filled cells of kind gray, since the engine has no garbage
// kind. The garbage row is not part of the playfield and is left out.
func (f *Field) Board(height int, gray engine.Piece) (*engine.Board, error) {
	if !gray.Valid() {
		return nil, fmt.Errorf("fumen: garbage kind %v is not a piece", gray)
	}
	if h := f.StackHeight(); height < h {
		return nil, fmt.Errorf("fumen: field is filled up to row %d, the board is %d high", h, height)
	}
	if height < 4 || height > 64 {
		return nil, fmt.Errorf("fumen: board height %d out of range 4..64", height)
	}
	b := engine.NewBoard(Width, height)
	for y := 0; y < Height; y++ {
		for x, c := range f.Rows[y] {
			switch {
			case c == Gray:
				b.Set(x, y, gray)
			case c > Gray:
				return nil, fmt.Errorf("fumen: square (%d, %d) holds %v", x, y, c)
			case c != 0:
				b.Set(x, y, engine.Piece(c))
			}
		}
	}
	return b, nil
}

// Page is one page of a fumen.
type Page struct {
	Field Field // the field as the page shows it, before its piece locks

	// Piece is the page's piece in engine coordinates (the bottom-left of
	// its SRS box); Piece.Piece is engine.None when the page has none.
	Piece engine.Placed

	// Comment is the page's text. A page without a comment of its own
	// shows the previous one, and so decodes with the same text; Encode
	// writes a comment only where it changes. Quiz comments ("#Q=...")
	// are kept as written: the quiz is not played.
	Comment string

	Lock     bool // before the next page: write the piece in and clear full rows (tetris-fumen's default)
	Rise     bool // ... then push the garbage row up into the field
	Mirror   bool // ... then mirror the field left to right
	Colorize bool // the fumen editor colours the pieces (set on the first page by default)
	Quiz     bool // decoded only: the comment in force is a quiz
}

// Cells returns the squares the page's piece covers, or nil when it has
// none.
func (p *Page) Cells() []engine.Cell {
	if p.Piece.Piece == engine.None {
		return nil
	}
	c := p.Piece.Cells()
	return c[:]
}

// Pieces are numbered in fumen: 0 empty, I L O Z T J S, 8 gray.
var (
	fumenPiece = [...]engine.Piece{engine.None, engine.I, engine.L, engine.O, engine.Z, engine.T, engine.J, engine.S}
	fumenBlock = [...]Block{0, Piece(engine.I), Piece(engine.L), Piece(engine.O), Piece(engine.Z), Piece(engine.T), Piece(engine.J), Piece(engine.S), Gray}
	blockFumen [Gray + 1]int // the inverse of fumenBlock
)

// Rotations are numbered 0 reverse, 1 right, 2 spawn, 3 left.
var (
	fumenRot = [4]engine.Rotation{engine.Rot2, engine.RotR, engine.Rot0, engine.RotL}
	rotFumen = [4]int{engine.Rot0: 2, engine.RotR: 1, engine.Rot2: 0, engine.RotL: 3}
)

// Each piece's blocks around its centre in spawn orientation, as
// tetris-fumen (and solution-finder) define them; other orientations turn
// these about (0, 0).
var centreBlocks = [engine.L + 1][4][2]int{
	engine.I: {{0, 0}, {-1, 0}, {1, 0}, {2, 0}},
	engine.T: {{0, 0}, {-1, 0}, {1, 0}, {0, 1}},
	engine.O: {{0, 0}, {1, 0}, {0, 1}, {1, 1}},
	engine.L: {{0, 0}, {-1, 0}, {1, 0}, {1, 1}},
	engine.J: {{0, 0}, {-1, 0}, {1, 0}, {-1, 1}},
	engine.S: {{0, 0}, {-1, 0}, {0, 1}, {1, 1}},
	engine.Z: {{0, 0}, {1, 0}, {0, 1}, {-1, 1}},
}

// The string format stores some positions one square off the centre
// above (fumen's own centre for O, I, S and Z); tetris-fumen corrects
// them on reading: stored + wireShift = centre.
var wireShift [engine.L + 1][4][2]int

// boxFromCentre[p][r] is what to add to a centre to get the engine's box
// corner (Placed.X, Placed.Y). It is derived from the cells, so the two
// coordinate systems agree on every square by construction.
var boxFromCentre [engine.L + 1][4][2]int

func init() {
	for i, b := range fumenBlock {
		blockFumen[b] = i
	}
	wireShift[engine.O][engine.RotL] = [2]int{1, -1}
	wireShift[engine.O][engine.Rot2] = [2]int{1, 0}
	wireShift[engine.O][engine.Rot0] = [2]int{0, -1}
	wireShift[engine.I][engine.Rot2] = [2]int{1, 0}
	wireShift[engine.I][engine.RotL] = [2]int{0, -1}
	wireShift[engine.S][engine.Rot0] = [2]int{0, -1}
	wireShift[engine.S][engine.RotR] = [2]int{-1, 0}
	wireShift[engine.Z][engine.Rot0] = [2]int{0, -1}
	wireShift[engine.Z][engine.RotL] = [2]int{1, 0}
	for _, p := range engine.Pieces {
		for r := engine.Rot0; r <= engine.RotL; r++ {
			fx, fy := 99, 99
			for _, c := range centreCells(p, r) {
				fx, fy = min(fx, c[0]), min(fy, c[1])
			}
			ex, ey := 99, 99
			for _, c := range engine.Shape(p, r) {
				ex, ey = min(ex, int(c.X)), min(ey, int(c.Y))
			}
			boxFromCentre[p][r] = [2]int{fx - ex, fy - ey}
		}
	}
}

// centreCells turns the spawn blocks: right is clockwise.
func centreCells(p engine.Piece, r engine.Rotation) [4][2]int {
	out := centreBlocks[p]
	for i, c := range out {
		switch r {
		case engine.RotR:
			out[i] = [2]int{c[1], -c[0]}
		case engine.Rot2:
			out[i] = [2]int{-c[0], -c[1]}
		case engine.RotL:
			out[i] = [2]int{-c[1], c[0]}
		}
	}
	return out
}

// FromCentre converts a position in tetris-fumen's and solution-finder's
// coordinates (the piece's centre, y up from the bottom row 0) to an
// engine placement.
func FromCentre(p engine.Piece, r engine.Rotation, x, y int) engine.Placed {
	d := boxFromCentre[p][r&3]
	return engine.Placed{Piece: p, Rot: r & 3, X: x + d[0], Y: y + d[1]}
}

// Centre converts an engine placement to tetris-fumen's coordinates.
func Centre(m engine.Placed) (x, y int) {
	d := boxFromCentre[m.Piece][m.Rot&3]
	return m.X - d[0], m.Y - d[1]
}

// inField reports whether every cell of m is in the 10 x 23 field.
func inField(m engine.Placed) bool {
	for _, c := range m.Cells() {
		if c.X < 0 || c.X >= Width || c.Y < 0 || c.Y >= Height {
			return false
		}
	}
	return true
}

// The string's characters each carry 6 bits.
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

var alphabetValue [256]int8

func init() {
	for i := range alphabetValue {
		alphabetValue[i] = -1
	}
	for i := 0; i < len(alphabet); i++ {
		alphabetValue[alphabet[i]] = int8(i)
	}
}

// Comments are written as JavaScript escape() output, 4 characters of
// this table per 5 string characters.
const commentTable = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~"

const (
	commentBase   = len(commentTable) + 1           // 96: one more than the table, as tetris-fumen has it
	maxComment    = 4095                            // escaped characters a comment can hold
	fieldBlocks   = (Height + 1) * Width            // the field and the garbage row
	emptyFieldRun = 8*fieldBlocks + fieldBlocks - 1 // "no change in all 240 blocks"
)

// escape is JavaScript's escape(): UTF-16 code units, ASCII letters,
// digits and @*_+-./ kept, others as %XX or %uXXXX.
func escape(s string) string {
	var sb strings.Builder
	for _, u := range utf16.Encode([]rune(s)) {
		switch {
		case u < 128 && (u >= 'A' && u <= 'Z' || u >= 'a' && u <= 'z' || u >= '0' && u <= '9' || strings.IndexByte("@*_+-./", byte(u)) >= 0):
			sb.WriteByte(byte(u))
		case u < 256:
			fmt.Fprintf(&sb, "%%%02X", u)
		default:
			fmt.Fprintf(&sb, "%%u%04X", u)
		}
	}
	return sb.String()
}

// unescape is JavaScript's unescape(): %uXXXX and %XX become code units,
// anything else is kept.
func unescape(s string) string {
	hex := func(t string) (uint16, bool) {
		var v uint16
		for i := 0; i < len(t); i++ {
			c := t[i]
			switch {
			case c >= '0' && c <= '9':
				c -= '0'
			case c >= 'a' && c <= 'f':
				c -= 'a' - 10
			case c >= 'A' && c <= 'F':
				c -= 'A' - 10
			default:
				return 0, false
			}
			v = v<<4 | uint16(c)
		}
		return v, true
	}
	units := make([]uint16, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' {
			if i+6 <= len(s) && s[i+1] == 'u' {
				if v, ok := hex(s[i+2 : i+6]); ok {
					units = append(units, v)
					i += 5
					continue
				}
			}
			if i+3 <= len(s) {
				if v, ok := hex(s[i+1 : i+3]); ok {
					units = append(units, v)
					i += 2
					continue
				}
			}
		}
		units = append(units, uint16(s[i]))
	}
	return string(utf16.Decode(units))
}
