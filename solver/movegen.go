package solver

import (
	"fmt"
	"sync"

	"github.com/kocka/kocka/engine"
)

// Move is one input step of a path.
type Move uint8

// The moves a path is made of. MoveDown and MoveSonic are soft drops: one
// row, or all the way to the floor.
const (
	MoveLeft Move = iota
	MoveRight
	MoveCW
	MoveCCW
	Move180
	MoveDown  // one row by soft drop
	MoveSonic // soft drop to the floor
)

var moveNames = [...]string{"left", "right", "cw", "ccw", "180", "down", "sonic"}

func (m Move) String() string {
	if int(m) < len(moveNames) {
		return moveNames[m]
	}
	return fmt.Sprintf("Move(%d)", uint8(m))
}

// Mode is the movement model of the search.
type Mode uint8

// The movement models.
const (
	// ModeFull finds every reachable placement: shifts, soft drop, turns
	// with kicks, so tucks and spins.
	ModeFull Mode = iota
	// ModeDrop turns and shifts the piece at the top, then hard drops it:
	// the model of the classic literature.
	ModeDrop
	// Mode20G keeps the piece at the bottom: every move is followed by a
	// drop to the floor (the spawn too), as at 20G gravity. (The engine
	// takes the inputs of a tick before its gravity, so a player gets
	// moves in at the spawn height on the first tick; this mode does not
	// count on them, and a driver that replays its paths lets the piece
	// fall first.)
	Mode20G
)

var modeNames = [...]string{"full", "drop", "20g"}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// ParseMode reads "full", "drop" or "20g".
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if s == n {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("unknown movegen mode %q (want full, drop or 20g)", s)
}

// Options set the rules of a search. The zero value is the guideline:
// every reachable placement, SRS quarter turns, spawn above the visible
// field.
type Options struct {
	Mode  Mode
	Kicks *engine.KickTable // nil = engine.SRS; engine.SRSPlus adds half turns
	// SpawnRow is the row the spawning piece's lowest cells are in. 0 means
	// the visible height: board.Height-20 (the engine keeps 20 hidden rows),
	// or board.Height for a board of 20 rows or fewer, which has none.
	SpawnRow int
	// NoPaths skips the distances and the input paths (Placement.Path stays
	// empty), for speed: the same (cells, spin) come back, but see
	// Generator.Generate for the orientation given to S, Z, I and O cells
	// and for the order.
	NoPaths bool
}

// Placement is a place where the piece locks, how it got there and what
// spin the lock scores.
type Placement struct {
	engine.Placed
	// Spin is the T-spin kind of the lock (always SpinNone for other pieces).
	Spin engine.Spin
	// Path is a shortest input path from spawn (after the spawn's one-row
	// drop) that ends where the piece locks; no hard drop is appended. In
	// ModeDrop it is turns, shifts, then MoveSonic if the piece falls at
	// all. In Mode20G every move is followed by the fall that gravity makes,
	// and the path starts with the piece on the floor.
	Path []Move
}

// Generate returns every placement of piece p on board b (see
// Generator.Generate). The result is newly allocated; the Generator comes
// from a pool, so that calls in a loop do not each build one.
func Generate(b *engine.Board, p engine.Piece, opt Options) []Placement {
	g := generators.Get().(*Generator)
	out := g.Generate(nil, b, p, opt)
	g.b = nil // do not keep the board alive in the pool
	generators.Put(g)
	return out
}

var generators = sync.Pool{New: func() any { return new(Generator) }}

// spawnRow is the row the piece's lowest cells spawn in.
func spawnRow(b *engine.Board, opt Options) int {
	switch {
	case opt.SpawnRow != 0:
		return opt.SpawnRow
	case b.Height > engine.BufferRows:
		return b.Height - engine.BufferRows
	default:
		return b.Height
	}
}

// start is where the search begins: the spawn position dropped one row if
// it can (as the engine does), and for Mode20G dropped to the floor. ok is
// false when the spawn is blocked.
func start(b *engine.Board, p engine.Piece, opt Options) (engine.Placed, bool) {
	m := engine.SpawnPosition(p, b.Width, spawnRow(b, opt))
	if !b.Fits(m) {
		return m, false
	}
	if b.Fits(m.Moved(0, -1)) {
		m.Y--
	}
	if opt.Mode == Mode20G {
		m.Y -= b.DropDistance(m)
	}
	return m, true
}

func kickTable(opt Options) *engine.KickTable {
	if opt.Kicks == nil {
		return engine.SRS
	}
	return opt.Kicks
}

// turnMove is the move that turns a piece from orientation from to to.
func turnMove(from, to engine.Rotation) Move {
	switch to {
	case from.CW():
		return MoveCW
	case from.CCW():
		return MoveCCW
	}
	return Move180
}

// less orders placements the way Generate returns them: by path length,
// then orientation, column, row from the top, and spin.
func less(a, b *Placement, alen, blen int) bool {
	switch {
	case alen != blen:
		return alen < blen
	case a.Rot != b.Rot:
		return a.Rot < b.Rot
	case a.X != b.X:
		return a.X < b.X
	case a.Y != b.Y:
		return a.Y > b.Y
	}
	return a.Spin < b.Spin
}

// sameCells tells, for each piece and orientation, the lowest orientation
// whose shape is the same set of cells moved by (dx, dy): S, Z and I have
// two shapes in four orientations and O has one. A placement in
// orientation r at (X, Y) covers the same cells as orientation rot at
// (X+dx, Y+dy).
var sameCells [engine.L + 1][4]struct {
	rot    engine.Rotation
	dx, dy int
}

func init() {
	for _, p := range engine.Pieces {
		for r := engine.Rot0; r <= engine.RotL; r++ {
			a := engine.Shape(p, r)
			for c := engine.Rot0; c <= r; c++ {
				b := engine.Shape(p, c)
				if dx, dy, ok := translated(a, b); ok {
					sameCells[p][r].rot, sameCells[p][r].dx, sameCells[p][r].dy = c, dx, dy
					break
				}
			}
		}
	}
}

// translated reports whether cell set a equals b moved by (-dx, -dy).
func translated(a, b [4]engine.Cell) (dx, dy int, ok bool) {
	ax, ay := minCell(a)
	bx, by := minCell(b)
	dx, dy = ax-bx, ay-by
	for _, c := range a {
		found := false
		for _, d := range b {
			if int(c.X)-dx == int(d.X) && int(c.Y)-dy == int(d.Y) {
				found = true
			}
		}
		if !found {
			return 0, 0, false
		}
	}
	return dx, dy, true
}

func minCell(cs [4]engine.Cell) (int, int) {
	x, y := 127, 127
	for _, c := range cs {
		x, y = min(x, int(c.X)), min(y, int(c.Y))
	}
	return x, y
}
