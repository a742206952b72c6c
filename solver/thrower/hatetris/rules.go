// Package hatetris is qntm's HATETRIS to the letter: its well with the bar,
// its own rotation system (no kicks, its own orientations and rotation
// centres), its spawn, its moves (left, right, down, rotate; no gravity,
// hold or preview), its line counting, its enemy AI with the rule against
// repeated wells, and its replay encodings (hex, Base65536 and Base2048,
// read and written), so that a replay made in the real game plays back
// here to the same number of lines and a game played here can be replayed
// there.
//
// Coordinates follow the original: row 0 is the top of the well, y grows
// downwards, and bit x of a row is column x from the left.
package hatetris

import (
	"fmt"
	"strings"

	"github.com/kocka/kocka/engine"
)

// Rules are the well's size and the bar: a game is over as soon as any
// cell in the rows above the bar is filled.
type Rules struct {
	Width, Depth, Bar int
}

// Standard is the well of the published game: 10 wide, 20 deep, bar at 4.
var Standard = Rules{Width: 10, Depth: 20, Bar: 4}

// MaxDepth is the deepest well a Well can hold.
const MaxDepth = 32

// Validate reports a well the original game refuses, or one too big here.
func (r Rules) Validate() error {
	switch {
	case r.Width < 4 || r.Width > 16:
		return fmt.Errorf("hatetris: well width %d out of range 4..16", r.Width)
	case r.Depth < 4 || r.Depth > MaxDepth:
		return fmt.Errorf("hatetris: well depth %d out of range 4..%d", r.Depth, MaxDepth)
	case r.Bar < 1 || r.Bar > r.Depth:
		return fmt.Errorf("hatetris: bar %d out of range 1..%d", r.Bar, r.Depth)
	}
	return nil
}

// Well is the contents of the well, top row first; bit x of a row is
// column x. It is comparable, so it can key a map.
type Well struct {
	Rows [MaxDepth]uint16
}

// Peak is the original's rating of a well: the index of the highest
// non-empty row, or the depth when the well is empty. Higher is better for
// the player.
func (w *Well) Peak(r Rules) int {
	for y := 0; y < r.Depth; y++ {
		if w.Rows[y] != 0 {
			return y
		}
	}
	return r.Depth
}

// String draws the well, top row first, '#' for filled cells.
func (w Well) String(r Rules) string {
	var sb strings.Builder
	for y := 0; y < r.Depth; y++ {
		for x := 0; x < r.Width; x++ {
			if w.Rows[y]>>uint(x)&1 != 0 {
				sb.WriteByte('#')
			} else {
				sb.WriteByte('.')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Board converts the well to an engine board (y = 0 at the bottom) of the
// well's depth plus headroom rows, for Kocka's evaluation functions.
func (w *Well) Board(r Rules, headroom int) *engine.Board {
	rows := make([]uint16, r.Depth)
	for y := 0; y < r.Depth; y++ {
		rows[r.Depth-1-y] = w.Rows[y]
	}
	b := engine.NewBoard(r.Width, r.Depth+headroom)
	b.SetRows(rows, engine.I)
	return b
}

// orientation is one of a piece's four orientations as the original
// derives it from its 4x4 drawing: the bounding box's offset in the 4x4
// box and size, and the rows of the box (bit 0 = the box's left column).
type orientation struct {
	xMin, yMin, xDim, yDim int
	rows                   [4]uint16
}

// pieceOrder is the enemy's order, least convenient piece first; the
// original ranks ties by it.
var pieceOrder = [7]engine.Piece{engine.S, engine.Z, engine.O, engine.I, engine.L, engine.J, engine.T}

// drawings are the HATETRIS rotation system: each piece's four
// orientations in a 4x4 box, in turn order (Up turns to the next one). The
// turn keeps the box in place: there are no kicks.
var drawings = map[engine.Piece][4]string{
	engine.S: {
		"...." + "..##" + ".##." + "....",
		"...." + ".#.." + ".##." + "..#.",
		"...." + ".##." + "##.." + "....",
		".#.." + ".##." + "..#." + "....",
	},
	engine.Z: {
		"...." + ".##." + "..##" + "....",
		"...." + "..#." + ".##." + ".#..",
		"...." + "##.." + ".##." + "....",
		"..#." + ".##." + ".#.." + "....",
	},
	engine.O: {
		"...." + ".##." + ".##." + "....",
		"...." + ".##." + ".##." + "....",
		"...." + ".##." + ".##." + "....",
		"...." + ".##." + ".##." + "....",
	},
	engine.I: {
		"...." + "####" + "...." + "....",
		"..#." + "..#." + "..#." + "..#.",
		"...." + "...." + "####" + "....",
		".#.." + ".#.." + ".#.." + ".#..",
	},
	engine.L: {
		"...." + ".###" + ".#.." + "....",
		"...." + ".##." + "..#." + "..#.",
		"...." + "..#." + "###." + "....",
		".#.." + ".#.." + ".##." + "....",
	},
	engine.J: {
		"...." + ".##." + ".#.." + ".#..",
		"...." + "###." + "..#." + "....",
		"..#." + "..#." + ".##." + "....",
		"...." + ".#.." + ".###" + "....",
	},
	engine.T: {
		"...." + ".###" + "..#." + "....",
		"...." + "..#." + ".##." + "..#.",
		"...." + ".#.." + "###." + "....",
		".#.." + ".##." + ".#.." + "....",
	},
}

// orientations[piece][o] is derived from drawings at start-up.
var orientations = buildOrientations()

func buildOrientations() (out [engine.L + 1][4]orientation) {
	for p, ds := range drawings {
		for o, d := range ds {
			xMin, xMax, yMin, yMax := 4, -1, 4, -1
			var all [4]uint16
			for i := 0; i < 16; i++ {
				if d[i] == '#' {
					x, y := i%4, i/4
					all[y] |= 1 << uint(x)
					xMin, xMax = min(xMin, x), max(xMax, x+1)
					yMin, yMax = min(yMin, y), max(yMax, y+1)
				}
			}
			or := orientation{xMin: xMin, yMin: yMin, xDim: xMax - xMin, yDim: yMax - yMin}
			for y := yMin; y < yMax; y++ {
				or.rows[y-yMin] = all[y] >> uint(xMin)
			}
			out[p][o] = or
		}
	}
	return out
}

// Move is one key press of the original: Left, Right, Down (which locks
// the piece when it cannot go down) or Up (turn).
type Move byte

// The four moves, spelt as the original spells them in replays.
const (
	Left  Move = 'L'
	Right Move = 'R'
	Down  Move = 'D'
	Up    Move = 'U'
)

// moveOrder is the order in which the original explores moves when it
// looks for every place a piece can land.
var moveOrder = [4]Move{Left, Right, Down, Up}

// Piece is the live piece: its kind, the top-left corner of its 4x4 box
// (X may be negative) and its orientation 0..3.
type Piece struct {
	ID   engine.Piece
	X, Y int
	O    int
}

// Spawn is where the original puts a new piece: the 4x4 box centred (to
// the left) at the top, orientation 0.
func Spawn(r Rules, id engine.Piece) Piece {
	return Piece{ID: id, X: (r.Width - 4) / 2, Y: 0, O: 0}
}

// fits reports whether the piece is inside the well and overlaps nothing.
func fits(r Rules, w *Well, p Piece) bool {
	or := &orientations[p.ID][p.O]
	x, y := p.X+or.xMin, p.Y+or.yMin
	if x < 0 || x+or.xDim > r.Width || y < 0 || y+or.yDim > r.Depth {
		return false
	}
	for i := 0; i < or.yDim; i++ {
		if w.Rows[y+i]&(or.rows[i]<<uint(x)) != 0 {
			return false
		}
	}
	return true
}

// moved is the piece after the move, whether or not it fits.
func moved(p Piece, m Move) Piece {
	switch m {
	case Left:
		p.X--
	case Right:
		p.X++
	case Down:
		p.Y++
	case Up:
		p.O = (p.O + 1) % 4
	}
	return p
}

// lock writes the piece into the well and clears complete lines, exactly
// as the original does, and returns the lines cleared. Lines count only
// when the whole piece is at or below the bar ("completed lines don't
// count if you've lost"). The original shifts rows down only to row 1 and
// then empties row 0; rows above the bar are always empty when that
// matters, but the quirk is kept.
func lock(r Rules, w *Well, p Piece) int {
	or := &orientations[p.ID][p.O]
	x, y := p.X+or.xMin, p.Y+or.yMin
	for i := 0; i < or.yDim; i++ {
		w.Rows[y+i] |= or.rows[i] << uint(x)
	}
	full := uint16(1)<<uint(r.Width) - 1
	lines := 0
	for i := 0; i < or.yDim; i++ {
		if y >= r.Bar && w.Rows[y+i] == full {
			for k := y + i; k > 1; k-- {
				w.Rows[k] = w.Rows[k-1]
			}
			w.Rows[0] = 0
			lines++
		}
	}
	return lines
}

// Step applies one move to the live piece. It returns the piece after the
// move; when the move was Down and the piece could not go down, the piece
// locks instead: locked is true, the well has the piece and the lines
// cleared have been removed, and lines says how many. A Left, Right or Up
// that does not fit leaves everything as it was.
func Step(r Rules, w *Well, p Piece, m Move) (next Piece, locked bool, lines int) {
	n := moved(p, m)
	if fits(r, w, n) {
		return n, false, 0
	}
	if m != Down {
		return p, false, 0
	}
	return p, true, lock(r, w, p)
}

// Over reports whether the well has reached the bar. Nothing can be in the
// rows above the bar without something in the row just above it, so the
// original checks that row only.
func Over(r Rules, w *Well) bool { return w.Rows[r.Bar-1] != 0 }
