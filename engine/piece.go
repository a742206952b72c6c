package engine

import "fmt"

// Piece is a tetromino kind. The zero value is None, an empty cell.
type Piece uint8

// The seven pieces in guideline order.
const (
	None Piece = iota
	I
	O
	T
	S
	Z
	J
	L
)

// NumPieces is the number of real piece kinds (I..L).
const NumPieces = 7

// Pieces lists the real pieces in guideline order.
var Pieces = [NumPieces]Piece{I, O, T, S, Z, J, L}

var pieceNames = [...]string{None: ".", I: "I", O: "O", T: "T", S: "S", Z: "Z", J: "J", L: "L"}

func (p Piece) String() string {
	if int(p) < len(pieceNames) {
		return pieceNames[p]
	}
	return fmt.Sprintf("Piece(%d)", uint8(p))
}

// Valid reports whether p is one of the seven real pieces.
func (p Piece) Valid() bool { return p >= I && p <= L }

// ParsePiece reads a piece letter (upper or lower case).
func ParsePiece(s string) (Piece, error) {
	if len(s) == 1 {
		c := s[0] &^ 0x20 // upper case
		for p := I; p <= L; p++ {
			if pieceNames[p][0] == c {
				return p, nil
			}
		}
	}
	return None, fmt.Errorf("unknown piece %q (want one of I O T S Z J L)", s)
}

// Rotation is one of the four SRS orientations.
type Rotation uint8

// SRS orientation names: spawn, right (after one clockwise turn), two, left.
const (
	Rot0 Rotation = iota
	RotR
	Rot2
	RotL
)

var rotationNames = [4]string{"0", "R", "2", "L"}

func (r Rotation) String() string { return rotationNames[r&3] }

// CW returns the orientation after a clockwise turn.
func (r Rotation) CW() Rotation { return (r + 1) & 3 }

// CCW returns the orientation after a counter-clockwise turn.
func (r Rotation) CCW() Rotation { return (r + 3) & 3 }

// Flip returns the orientation after a half turn.
func (r Rotation) Flip() Rotation { return (r + 2) & 3 }

// ParseRotation reads "0", "R", "2" or "L".
func ParseRotation(s string) (Rotation, error) {
	for i, n := range rotationNames {
		if s == n {
			return Rotation(i), nil
		}
	}
	return 0, fmt.Errorf("unknown rotation %q (want 0, R, 2 or L)", s)
}

// Cell is a position on the board or an offset within a piece's box.
type Cell struct{ X, Y int8 }

// spawnShapes gives each piece's cells in orientation 0 within its SRS
// bounding box, y up, and the size of that box. The other orientations are
// derived by turning the box, which is exactly how SRS defines them.
var spawnShapes = [...]struct {
	box   int8
	cells [4]Cell
}{
	I: {4, [4]Cell{{0, 2}, {1, 2}, {2, 2}, {3, 2}}},
	O: {2, [4]Cell{{0, 0}, {1, 0}, {0, 1}, {1, 1}}},
	T: {3, [4]Cell{{0, 1}, {1, 1}, {2, 1}, {1, 2}}},
	S: {3, [4]Cell{{0, 1}, {1, 1}, {1, 2}, {2, 2}}},
	Z: {3, [4]Cell{{0, 2}, {1, 2}, {1, 1}, {2, 1}}},
	J: {3, [4]Cell{{0, 2}, {0, 1}, {1, 1}, {2, 1}}},
	L: {3, [4]Cell{{2, 2}, {0, 1}, {1, 1}, {2, 1}}},
}

// shapes[piece][rotation] are the four cells of the piece relative to the
// bottom-left corner of its bounding box.
var shapes [L + 1][4][4]Cell

// rowMasks[piece][rotation][dy] is the bit mask of the piece's cells in row
// dy of its box (bit x = column x of the box); used for fast collision tests.
var rowMasks [L + 1][4][4]uint16

// lowestCell[piece][rotation] is the lowest row of the piece within its box.
var lowestCell [L + 1][4]int8

func init() {
	for _, p := range Pieces {
		s := spawnShapes[p]
		cells := s.cells
		for r := 0; r < 4; r++ {
			shapes[p][r] = sortCells(cells)
			lowestCell[p][r] = shapes[p][r][0].Y // sorted: the first cell is lowest
			for _, c := range cells {
				rowMasks[p][r][c.Y] |= 1 << uint(c.X)
			}
			// A clockwise turn in a box of size n maps (x, y) to (y, n-1-x).
			for i, c := range cells {
				cells[i] = Cell{c.Y, s.box - 1 - c.X}
			}
		}
	}
}

// sortCells orders cells by row, then column, so that equal shapes compare
// equal as arrays.
func sortCells(c [4]Cell) [4]Cell {
	for i := 1; i < 4; i++ {
		for j := i; j > 0 && (c[j].Y < c[j-1].Y || c[j].Y == c[j-1].Y && c[j].X < c[j-1].X); j-- {
			c[j], c[j-1] = c[j-1], c[j]
		}
	}
	return c
}

// Shape returns the piece's cells in orientation r, relative to its box.
func Shape(p Piece, r Rotation) [4]Cell { return shapes[p][r&3] }

// BoxSize is the side of the piece's SRS bounding box.
func BoxSize(p Piece) int { return int(spawnShapes[p].box) }

// Placed is a piece at a position: its box's bottom-left corner is at (X, Y).
type Placed struct {
	Piece Piece
	Rot   Rotation
	X, Y  int
}

// Cells returns the board cells the piece covers.
func (m Placed) Cells() [4]Cell {
	out := shapes[m.Piece][m.Rot&3]
	for i := range out {
		out[i].X += int8(m.X)
		out[i].Y += int8(m.Y)
	}
	return out
}

// Moved returns the piece shifted by (dx, dy).
func (m Placed) Moved(dx, dy int) Placed {
	m.X += dx
	m.Y += dy
	return m
}

// Bottom is the lowest row any of the piece's cells is in.
func (m Placed) Bottom() int { return m.Y + int(lowestCell[m.Piece][m.Rot&3]) }
