package solver

import (
	"math/bits"

	"github.com/kocka/kocka/engine"
)

// The search works on column bitboards of piece positions. For each
// orientation and each box column X (-2..Width-2, index X+2), one word holds
// a bit per box row Y: bit yTop-Y. Rows run downwards with the bit index,
// so "drop to the floor" is one addition (the carry runs through a column's
// free run), and the whole window -2..61 fits in 64 bits (row -2 is the
// lowest an I's box can go).
const (
	yTop    = 61
	maxCols = engine.MaxWidth + 1
	// floorBits are cell rows -1 and -2 in a board column word.
	floorBits = uint64(3) << 62
)

// grid is one word per orientation and box column.
type grid [4][maxCols]uint64

// Arrival kinds of a T, for spin detection: by a shift or drop, by a turn
// that used a kick other than the fifth, by a turn with the fifth kick.
const (
	arriveShift = iota
	arriveTurn
	arriveTurn5
	numArrivals
)

// Generator runs placement searches and keeps its buffers between calls,
// so that a search allocates nothing once the buffers have grown. A
// Generator is not safe for concurrent use; use one per goroutine.
type Generator struct {
	b      *engine.Board
	p      engine.Piece
	kicks  *engine.KickTable
	mode   Mode
	width  int
	ncols  int
	paths  bool
	spinT  bool // the piece is a T: track arrival kinds for spins
	noTurn bool // turning never changes anything (O with in-place turns)

	col    [engine.MaxWidth]uint64 // board columns: bit yTop-y = cell (x, y) filled
	fit    grid                    // the piece fits
	ground grid                    // the piece fits and cannot move down
	vis    grid                    // reached, by any move
	front  grid                    // first reached at the current depth
	next   [numArrivals]grid       // reached by the current step, by arrival kind
	done   [3]grid                 // emitted, by spin (T) or in sameCells' orientation (others)
	c3     grid                    // T: three corners filled
	front2 grid                    // T: both front corners filled
	corner [4]uint32               // T: columns whose c3/front2 are computed
	layers []grid                  // layers[d] = positions first reached at depth d
	turns  [4][]turn
	rev    []Move
	drops  []dropCand
}

// turn is one rotation the kick table allows from an orientation.
type turn struct {
	to    engine.Rotation
	move  Move
	kicks []engine.Cell
}

// Generate appends to dst every placement of piece p on board b under opt
// and returns the extended slice. Each distinct (cells, spin) appears once,
// with a shortest path; different orientations covering the same cells (S,
// Z, I, O) count once, the lowest orientation winning a tie. The order is
// by path length, then orientation, X, Y from the top, and spin.
//
// The spare capacity of dst is reused, the Path arrays of the placements
// found there included, so a caller that passes the previous result's
// dst[:0] allocates nothing; copy paths that must outlive that.
//
// A blocked spawn has no placements.
func (g *Generator) Generate(dst []Placement, b *engine.Board, p engine.Piece, opt Options) []Placement {
	if !p.Valid() || b.Width > engine.MaxWidth {
		return dst
	}
	m, ok := start(b, p, opt)
	if !ok {
		return dst
	}
	g.setup(b, p, opt)
	// The window is exact up to row limit (the board's rows above 61 are not
	// in it); a kick may lift the piece by maxUp rows, so a search that goes
	// higher than limit-maxUp runs cell by cell instead (only tall boards
	// with a spawn or a stack near row 60 do).
	limit := yTop
	if b.Height > yTop+1 {
		limit = yTop - 3
	}
	top := limit - g.maxUp()
	if m.Y > top {
		return append(dst, oracle(b, p, opt)...)
	}
	n := len(dst)
	if opt.Mode == ModeDrop {
		dst, ok = g.drop(dst, m, top)
	} else {
		dst = g.search(dst, m)
		ok = g.below(top)
	}
	if !ok {
		return append(dst[:n], oracle(b, p, opt)...)
	}
	return dst
}

// setup builds the collision maps of p on b.
func (g *Generator) setup(b *engine.Board, p engine.Piece, opt Options) {
	g.b, g.p, g.kicks, g.mode = b, p, kickTable(opt), opt.Mode
	g.width, g.ncols = b.Width, b.Width+1
	g.paths = !opt.NoPaths
	g.spinT = p == engine.T
	g.noTurn = p == engine.O && inPlaceTurns(g.kicks, p)

	for x := range g.width {
		g.col[x] = floorBits
	}
	rows := b.Rows()
	for y := range min(len(rows), yTop+1) {
		for r := rows[y]; r != 0; r &= r - 1 {
			g.col[bits.TrailingZeros16(r)] |= 1 << uint(yTop-y)
		}
	}
	for r := engine.Rot0; r <= engine.RotL; r++ {
		cells := engine.Shape(p, r)
		fit, ground := &g.fit[r], &g.ground[r]
		for xi := range g.ncols {
			f := ^uint64(0)
			for _, c := range cells {
				x := xi - 2 + int(c.X)
				if x < 0 || x >= g.width {
					f = 0
					break
				}
				f &^= g.col[x] << uint(c.Y)
			}
			fit[xi] = f
			ground[xi] = f &^ (f >> 1)
		}
		g.turns[r] = g.turns[r][:0]
		for _, to := range [3]engine.Rotation{r.CW(), r.CCW(), r.Flip()} {
			if k := g.kicks.Kicks(p, r, to); k != nil {
				g.turns[r] = append(g.turns[r], turn{to, turnMove(r, to), k})
			}
		}
	}
	g.corner = [4]uint32{}
}

// inPlaceTurns reports whether every turn of p in table t is the single
// offset (0, 0): then, for an O, turning never changes the cells and a
// shortest path never turns.
func inPlaceTurns(t *engine.KickTable, p engine.Piece) bool {
	for from := engine.Rot0; from <= engine.RotL; from++ {
		for to := engine.Rot0; to <= engine.RotL; to++ {
			for _, k := range t.Kicks(p, from, to) {
				if k != (engine.Cell{}) {
					return false
				}
			}
		}
	}
	return true
}

// maxUp is the most rows a kick lifts the piece.
func (g *Generator) maxUp() int {
	up := 0
	for r := range g.turns {
		for _, t := range g.turns[r] {
			for _, k := range t.kicks {
				up = max(up, int(k.Y))
			}
		}
	}
	return up
}

// below reports whether every reached position is at most row top.
func (g *Generator) below(top int) bool {
	high := uint64(1)<<uint(yTop-top) - 1
	var all uint64
	for r := range g.vis {
		for _, w := range g.vis[r][:g.ncols] {
			all |= w
		}
	}
	return all&high == 0
}

// search is the breadth-first search of ModeFull and Mode20G, a depth at a
// time over whole columns of positions.
func (g *Generator) search(dst []Placement, m engine.Placed) []Placement {
	g.vis = grid{}
	g.done = [3]grid{}
	g.front = grid{}
	g.layers = g.layers[:0]
	i := yTop - m.Y
	g.front[m.Rot][m.X+2] = 1 << uint(i)
	g.vis = g.front
	if g.ground[m.Rot][m.X+2]>>uint(i)&1 != 0 {
		g.done[engine.SpinNone][m.Rot][m.X+2] = 1 << uint(i)
		dst = g.emit(dst, m.Rot, m.X+2, i, engine.SpinNone, 0)
	}
	for d := 1; ; d++ {
		g.layers = append(g.layers, g.front)
		if g.mode == Mode20G {
			g.step20G()
		} else {
			g.stepFull()
		}
		more := uint64(0)
		for r := range g.front {
			for xi := range g.ncols {
				a := (g.next[0][r][xi] | g.next[1][r][xi] | g.next[2][r][xi]) &^ g.vis[r][xi]
				g.front[r][xi] = a
				g.vis[r][xi] |= a
				more |= a
			}
		}
		dst = g.collect(dst, d)
		if more == 0 {
			return dst
		}
	}
}

// stepFull fills next with the positions one move away from front.
func (g *Generator) stepFull() {
	g.next = [numArrivals]grid{}
	for r := engine.Rot0; r <= engine.RotL; r++ {
		shift := &g.next[arriveShift][r]
		fit, ground := &g.fit[r], &g.ground[r]
		for xi := range g.ncols {
			f := g.front[r][xi]
			if f == 0 {
				continue
			}
			fl := fit[xi]
			// One row down, and all the way down: the carry of fl+s clears
			// the free run below each seed.
			to := (f << 1) & fl
			if s := f &^ ground[xi]; s != 0 {
				to |= ((fl &^ (fl + s)) | s) & ground[xi]
			}
			shift[xi] |= to
			if xi > 0 {
				shift[xi-1] |= f & fit[xi-1]
			}
			if xi+1 < g.ncols {
				shift[xi+1] |= f & fit[xi+1]
			}
			if !g.noTurn {
				g.turn(r, xi, f)
			}
		}
	}
}

// step20G is stepFull for Mode20G: shifts and turns, each followed by the
// fall to the floor; a turn that falls no row stays a turn for spins.
func (g *Generator) step20G() {
	g.next = [numArrivals]grid{}
	for r := engine.Rot0; r <= engine.RotL; r++ {
		shift := &g.next[arriveShift][r]
		fit := &g.fit[r]
		for xi := range g.ncols {
			f := g.front[r][xi]
			if f == 0 {
				continue
			}
			if xi > 0 {
				if t := f & fit[xi-1]; t != 0 {
					shift[xi-1] |= g.fall(r, xi-1, t)
				}
			}
			if xi+1 < g.ncols {
				if t := f & fit[xi+1]; t != 0 {
					shift[xi+1] |= g.fall(r, xi+1, t)
				}
			}
			if !g.noTurn {
				g.turn(r, xi, f)
			}
		}
	}
}

// fall drops the positions t of column (r, xi) to the floor.
func (g *Generator) fall(r engine.Rotation, xi int, t uint64) uint64 {
	fl, gr := g.fit[r][xi], g.ground[r][xi]
	out := t & gr
	if s := t &^ gr; s != 0 {
		out |= ((fl &^ (fl + s)) | s) & gr
	}
	return out
}

// turn adds the turns of the positions f in column (r, xi) to next. Kick
// tests are tried in order: a position takes the first offset where the
// piece fits, so each test only sees the positions all earlier ones failed.
func (g *Generator) turn(r engine.Rotation, xi int, f uint64) {
	for _, t := range g.turns[r] {
		left := f
		fit := &g.fit[t.to]
		for j, k := range t.kicks {
			x := xi + int(k.X)
			if x < 0 || x >= g.ncols {
				continue
			}
			var ok uint64
			if dy := int(k.Y); dy >= 0 {
				ok = left & (fit[x] << uint(dy))
				ok >>= uint(dy)
			} else {
				ok = left & (fit[x] >> uint(-dy))
				ok <<= uint(-dy)
			}
			if ok == 0 {
				continue
			}
			if dy := int(k.Y); dy >= 0 {
				left &^= ok << uint(dy)
			} else {
				left &^= ok >> uint(-dy)
			}
			kind := arriveShift
			if g.spinT {
				kind = arriveTurn
				if j == 4 {
					kind = arriveTurn5
				}
			}
			if g.mode == Mode20G {
				// A turned piece that hangs in the air falls, and the fall
				// makes it no longer a turn for spins.
				gr := g.ground[t.to][x]
				if air := ok &^ gr; air != 0 {
					g.next[arriveShift][t.to][x] |= g.fall(t.to, x, air)
					ok &= gr
				}
			}
			g.next[kind][t.to][x] |= ok
			if left == 0 {
				break
			}
		}
	}
}

// collect emits the grounded positions reached at depth d that make a new
// (cells, spin).
func (g *Generator) collect(dst []Placement, d int) []Placement {
	for r := engine.Rot0; r <= engine.RotL; r++ {
		for xi := range g.ncols {
			gr := g.ground[r][xi]
			if !g.spinT {
				w := g.front[r][xi] & gr
				if w == 0 {
					continue
				}
				// Count cells once: mark them in the lowest orientation
				// with the same shape.
				sc := sameCells[g.p][r]
				cx := xi + sc.dx
				cw := shiftRows(w, sc.dy)
				fresh := cw &^ g.done[0][sc.rot][cx]
				g.done[0][sc.rot][cx] |= fresh
				for fresh != 0 {
					i := bits.TrailingZeros64(fresh) + sc.dy
					fresh &= fresh - 1
					dst = g.emit(dst, r, xi, i, engine.SpinNone, d)
				}
				continue
			}
			none := g.next[arriveShift][r][xi] & gr
			turned := g.next[arriveTurn][r][xi] & gr
			turned5 := g.next[arriveTurn5][r][xi] & gr
			var mini, full uint64
			if turned|turned5 != 0 {
				c3, front2 := g.corners(r, xi)
				full = (turned & c3 & front2) | (turned5 & c3)
				mini = turned & c3 &^ front2
				none |= (turned | turned5) &^ c3
			}
			none &^= g.done[engine.SpinNone][r][xi]
			mini &^= g.done[engine.SpinMini][r][xi]
			full &^= g.done[engine.SpinFull][r][xi]
			g.done[engine.SpinNone][r][xi] |= none
			g.done[engine.SpinMini][r][xi] |= mini
			g.done[engine.SpinFull][r][xi] |= full
			for all := none | mini | full; all != 0; all &= all - 1 {
				i := bits.TrailingZeros64(all)
				for s, w := range [3]uint64{none, mini, full} {
					if w>>uint(i)&1 != 0 {
						dst = g.emit(dst, r, xi, i, engine.Spin(s), d)
					}
				}
			}
		}
	}
	return dst
}

// shiftRows moves a column word by dy rows (up for dy > 0).
func shiftRows(w uint64, dy int) uint64 {
	if dy >= 0 {
		return w >> uint(dy)
	}
	return w << uint(-dy)
}

// corners returns, for T positions in column (r, xi), which have three of
// the four corners of the T's box filled and which have both front corners
// filled (walls and floor count), as engine.DetectSpin decides.
func (g *Generator) corners(r engine.Rotation, xi int) (c3, front2 uint64) {
	if g.corner[r]>>uint(xi)&1 != 0 {
		return g.c3[r][xi], g.front2[r][xi]
	}
	filled := func(x, dy int) uint64 {
		if x < 0 || x >= g.width {
			return ^uint64(0)
		}
		return g.col[x] << uint(dy)
	}
	x := xi - 2
	a, b, c, d := filled(x, 0), filled(x+2, 0), filled(x, 2), filled(x+2, 2)
	c3 = a&b&(c|d) | c&d&(a|b)
	switch r {
	case engine.Rot0:
		front2 = c & d
	case engine.RotR:
		front2 = b & d
	case engine.Rot2:
		front2 = a & b
	default:
		front2 = a & c
	}
	g.c3[r][xi], g.front2[r][xi] = c3, front2
	g.corner[r] |= 1 << uint(xi)
	return c3, front2
}

// emit appends the placement at (r, column xi, bit i), reached at depth d,
// with its path when paths are wanted.
func (g *Generator) emit(dst []Placement, r engine.Rotation, xi, i int, spin engine.Spin, d int) []Placement {
	var path []Move
	if n := len(dst); n < cap(dst) {
		path = dst[:n+1][n].Path[:0]
	}
	if g.paths {
		path = g.path(path, r, xi, i, spin, d)
	}
	return append(dst, Placement{
		Placed: engine.Placed{Piece: g.p, Rot: r, X: xi - 2, Y: yTop - i},
		Spin:   spin,
		Path:   path,
	})
}

// path appends to dst a shortest path to the position (r, xi, i) at depth
// d that arrives with the given spin, by walking back through the layers.
func (g *Generator) path(dst []Move, r engine.Rotation, xi, i int, spin engine.Spin, d int) []Move {
	g.rev = g.rev[:0]
	// Which last moves give the spin: a shift or drop gives none; a turn
	// gives what the corners and its kick index make of it.
	shiftOK, turnOK, turn5OK := true, true, true
	if g.spinT {
		c3, front2 := g.corners(r, xi)
		c3 >>= uint(i)
		front2 >>= uint(i)
		switch spin {
		case engine.SpinNone:
			turnOK = c3&1 == 0
			turn5OK = turnOK
		case engine.SpinMini:
			shiftOK, turn5OK = false, false
		case engine.SpinFull:
			shiftOK = false
			turnOK = front2&1 != 0
		}
	}
	for ; d > 0; d-- {
		var mv Move
		mv, r, xi, i = g.back(&g.layers[d-1], r, xi, i, shiftOK, turnOK, turn5OK)
		g.rev = append(g.rev, mv)
		shiftOK, turnOK, turn5OK = true, true, true
	}
	for k := len(g.rev) - 1; k >= 0; k-- {
		dst = append(dst, g.rev[k])
	}
	return dst
}

// back finds a position in prev one move from (r, xi, i) whose move arrives
// in an allowed way, and returns the move and that position.
func (g *Generator) back(prev *grid, r engine.Rotation, xi, i int, shiftOK, turnOK, turn5OK bool) (Move, engine.Rotation, int, int) {
	at := uint64(1) << uint(i)
	// land: the positions of column (r, xi) that end at i after the move.
	land := at
	if g.mode == Mode20G {
		land = runAbove(g.fit[r][xi], i) | at
	}
	if shiftOK {
		if xi+1 < g.ncols {
			if c := prev[r][xi+1] & land; c != 0 {
				return MoveLeft, r, xi + 1, bits.TrailingZeros64(c)
			}
		}
		if xi > 0 {
			if c := prev[r][xi-1] & land; c != 0 {
				return MoveRight, r, xi - 1, bits.TrailingZeros64(c)
			}
		}
		if g.mode == ModeFull {
			if i > 0 && prev[r][xi]>>uint(i-1)&1 != 0 {
				return MoveDown, r, xi, i - 1
			}
			if g.ground[r][xi]&at != 0 {
				if c := prev[r][xi] & runAbove(g.fit[r][xi], i); c != 0 {
					return MoveSonic, r, xi, bits.TrailingZeros64(c)
				}
			}
		}
	}
	for from := engine.Rot0; from <= engine.RotL; from++ {
		kicks := g.kicks.Kicks(g.p, from, r)
		if from == r || kicks == nil {
			continue
		}
		for j, k := range kicks {
			x := xi - int(k.X)
			if x < 0 || x >= g.ncols {
				continue
			}
			// Targets that end at i: a turn that falls is not a turn.
			target := uint64(0)
			if shiftOK {
				target = land &^ at
			}
			if j == 4 && turn5OK || j != 4 && turnOK || !g.spinT {
				target |= at
			}
			src := prev[from][x] & shiftRows(target, -int(k.Y))
			// The earlier kick tests must fail at the source.
			for _, e := range kicks[:j] {
				if ex := x + int(e.X); ex >= 0 && ex < g.ncols {
					src &^= shiftRows(g.fit[r][ex], -int(e.Y))
				}
			}
			if src != 0 {
				return turnMove(from, r), from, x, bits.TrailingZeros64(src)
			}
		}
	}
	panic("solver: movegen path lost its way (a search bug)")
}

// runAbove is the free run of column word fit above bit i (lower bits), up
// to the first blocked position.
func runAbove(fit uint64, i int) uint64 {
	above := uint64(1)<<uint(i) - 1
	blocked := ^fit & above
	if blocked == 0 {
		return above
	}
	return above &^ (uint64(1)<<uint(bits.Len64(blocked)) - 1)
}
