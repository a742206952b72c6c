package solver

import (
	"math/bits"
	"slices"

	"github.com/kocka/kocka/engine"
)

// The search works on column bitboards of piece positions. For each
// orientation and each box column X (-2..Width-2, index X+2), one word holds
// a bit per box row Y: bit yTop-Y. Rows run downwards with the bit index,
// so "drop to the floor" is one addition (the carry runs through a column's
// free run), and the whole window -2..61 fits in 64 bits (row -2 is the
// lowest an I's box can go).
//
// On a tall board whose spawn is above that window, the window slides up by
// base rows (box rows base-2..base+61, bit ytop-Y with ytop = yTop+base),
// and the two rows under it count as floor. That is exact as long as no
// reached position comes within reach of that false floor, which the
// search checks (it falls back on the oracle otherwise).
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
	b     *engine.Board
	p     engine.Piece
	kicks *engine.KickTable
	mode  Mode
	width int
	ncols int
	paths bool
	spinT bool // the piece is a T: track arrival kinds for spins

	col    [engine.MaxWidth]uint64 // board columns: bit ytop-y = cell (x, y) filled
	fit    grid                    // the piece fits
	ground grid                    // the piece fits and cannot move down
	vis    grid                    // reached, by any move
	front  grid                    // search: first reached at the current depth; flood: not turned yet
	next   [numArrivals]grid       // search: reached by the current step; flood: turn arrivals (T)
	done   [3]grid                 // emitted, by spin (T) or in sameCells' orientation (others)
	layers []grid                  // layers[d] = positions first reached at depth d
	rules  *rules
	cache  [engine.L + 1]rules
	air    uint64 // open air below the spawn row (see search)
	ytop   int    // the box row of bit 0: yTop+base (see the window above)
	floor  int    // with a slid window, the lowest box row a position may reach
	// fallbacks counts the searches handed to the oracle, for the tests
	// that must know which search ran.
	fallbacks int
	top       int // the spawn row's bit
	later     []laterDrops
	// shifted[dy][x+2]: board column x moved down dy rows, walls blocked.
	shifted [4][engine.MaxWidth + 6]uint64
	// pred[(r*maxCols+xi)*64+i]: the placement whose path went through a
	// position, valid while its top half equals stamp (one search).
	pred     [4 * maxCols * 64]uint64
	stamp    uint32
	counting bool // the flood counts the placements instead of emitting them
	count    int
	fmask    [4]uint32 // columns where front has positions
	nmask    [4]uint32 // columns where next may have positions
	drops    []dropCand
}

// laterDrops are drops through open air that arrive at a later depth.
type laterDrops struct {
	g grid
	m [4]uint32 // columns with positions
}

// turn is one rotation the kick table allows from an orientation.
type turn struct {
	to    engine.Rotation
	move  Move
	kicks []engine.Cell
	n     int           // len(kicks), at most maxKicks
	dx    [maxKicks]int // the kicks as ints, for the hot loop
	dy    [maxKicks]int
	up    [maxKicks]uint // max(dy, 0): a fit word << up >> down lines
	down  [maxKicks]uint // the target rows up with the source rows
	kind  [maxKicks]int  // the arrival kind each kick makes
}

// maxKicks is the longest kick list a table may have.
const maxKicks = 8

// Generate appends to dst every placement of piece p on board b under opt
// and returns the extended slice. Each distinct (cells, spin) appears once,
// with a shortest path; different orientations covering the same cells (S,
// Z, I, O) count once, as the one with the shortest path, the lowest
// orientation winning a tie. The order is by path length, then
// orientation, X, Y from the top, and spin.
//
// With opt.NoPaths the search skips distances, which makes it several
// times faster: the same (cells, spin) set comes back, without paths; the
// cells that several orientations cover are given in the lowest
// orientation that reaches them, and the order is orientation, X, Y from
// the top, spin.
//
// The spare capacity of dst is reused, the Path arrays of the placements
// found there included, so a caller that passes the previous result's
// dst[:0] allocates nothing; copy paths that must outlive that (and do not
// pass placements whose paths share an array).
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
	ru := g.rulesFor(p, kickTable(opt))
	if ru.long {
		return g.fallback(dst, b, p, opt)
	}
	// A spawn at the top of the window or above slides it up, leaving the
	// piece room to climb by spawnRoom rows; then no position may come near its false
	// floor (a drop or a kick down from there would test rows it lacks).
	base, floor := 0, -1<<31
	top := windowTop(b, 0, ru.maxUp)
	if m.Y+spawnRoom > top {
		base = m.Y + spawnRoom + 3 + ru.maxUp - yTop
		top = windowTop(b, base, ru.maxUp)
		floor = base + max(1, ru.maxDn)
	}
	g.setup(b, p, opt, base)
	g.floor = floor
	n := len(dst)
	if opt.Mode == ModeDrop {
		dst, ok = g.drop(dst, m, top)
	} else {
		// The flood finds every placement quickly; with paths, it only
		// counts them, and the breadth-first search, which gives the
		// distances, stops as soon as it has found them all (about a third
		// of the way through on mid-game boards: the rest of its positions
		// are in mid-air and lead nowhere new).
		g.counting, g.count = g.paths, 0
		dst = g.flood(dst, m)
		g.counting = false
		if ok = g.below(top) && g.above(floor); ok && g.paths {
			dst = g.search(dst, m, n+g.count)
		}
	}
	if !ok {
		return g.fallback(dst[:n], b, p, opt)
	}
	return dst
}

// spawnRoom is how many rows above the spawn a slid window keeps.
const spawnRoom = 2

// windowTop is the highest box row a search may reach with the window slid
// up by base rows. The window is exact up to row limit (a taller board's
// rows above it are not in it, so a box whose top cells would be there is
// not either); a kick may lift the piece by maxUp rows, so a search that
// goes higher than limit-maxUp runs cell by cell instead.
func windowTop(b *engine.Board, base, maxUp int) int {
	limit := base + yTop
	if b.Height > limit+1 {
		limit -= 3
	}
	return limit - maxUp
}

// fallback is the cell-by-cell search, for what the window cannot hold.
func (g *Generator) fallback(dst []Placement, b *engine.Board, p engine.Piece, opt Options) []Placement {
	g.fallbacks++
	return append(dst, oracle(b, p, opt)...)
}

// setup builds the collision maps of p on b, the window slid up by base
// rows.
func (g *Generator) setup(b *engine.Board, p engine.Piece, opt Options, base int) {
	g.b, g.p, g.mode = b, p, opt.Mode
	g.ytop = yTop + base
	g.width, g.ncols = b.Width, b.Width+1
	g.paths = !opt.NoPaths
	g.spinT = p == engine.T
	g.rules = g.rulesFor(p, kickTable(opt))
	g.kicks = g.rules.kicks

	for x := range g.width {
		g.col[x] = floorBits
	}
	rows := b.Rows()
	for y := base; y < min(len(rows), g.ytop+1); y++ {
		for r := rows[y]; r != 0; r &= r - 1 {
			g.col[bits.TrailingZeros16(r)] |= 1 << uint(g.ytop-y)
		}
	}
	// shifted[dy][x+2] = column x moved down dy rows, walls all blocked: a
	// piece cell dy rows up in its box collides where this word has a bit.
	shifted := &g.shifted
	for dy := range shifted {
		row := shifted[dy][:g.width+6]
		row[0], row[1] = ^uint64(0), ^uint64(0)
		for x, c := range g.col[:g.width] {
			row[x+2] = c << uint(dy)
		}
		for i := g.width + 2; i < len(row); i++ {
			row[i] = ^uint64(0)
		}
	}
	n := g.ncols
	for r := engine.Rot0; r <= engine.RotL; r++ {
		c := engine.Shape(p, r)
		// The four cells' columns, lined up with the box columns.
		a0 := shifted[c[0].Y][c[0].X:][:n]
		a1 := shifted[c[1].Y][c[1].X:][:n]
		a2 := shifted[c[2].Y][c[2].X:][:n]
		a3 := shifted[c[3].Y][c[3].X:][:n]
		fit, ground := g.fit[r][:n], g.ground[r][:n]
		for xi := range a0 {
			f := ^(a0[xi] | a1[xi] | a2[xi] | a3[xi])
			fit[xi] = f
			ground[xi] = f &^ (f >> 1)
		}
	}
}

// rules is what a search needs to know of a piece under a kick table,
// derived once and kept: the turns, and facts about them.
type rules struct {
	kicks  *engine.KickTable
	turns  [4][]turn
	noTurn bool // turning never changes anything (O with in-place turns)
	maxUp  int  // the most rows a kick lifts the piece
	maxDn  int  // the most rows a kick lowers the piece
	// level[w] tells whether, on an empty board w wide, every turn that
	// works keeps the piece's row (1) or some turn kicks it up or down (2);
	// 0 is not known yet.
	level [engine.MaxWidth + 1]int8
	long  bool // a kick list is longer than maxKicks: search cell by cell
}

// rulesFor returns the rules of p under kicks, from the Generator's cache.
func (g *Generator) rulesFor(p engine.Piece, kicks *engine.KickTable) *rules {
	ru := &g.cache[p]
	if ru.kicks == kicks {
		return ru
	}
	*ru = rules{kicks: kicks, noTurn: p == engine.O && inPlaceTurns(kicks, p)}
	for r := engine.Rot0; r <= engine.RotL; r++ {
		ru.turns[r] = ru.turns[r][:0]
		for _, to := range [3]engine.Rotation{r.CW(), r.CCW(), r.Flip()} {
			k := kicks.Kicks(p, r, to)
			if k == nil {
				continue
			}
			ru.long = ru.long || len(k) > maxKicks
			t := turn{to: to, move: turnMove(r, to), kicks: k, n: min(len(k), maxKicks)}
			for j := range t.n {
				t.dx[j], t.dy[j] = int(k[j].X), int(k[j].Y)
				t.up[j], t.down[j] = uint(max(t.dy[j], 0)), uint(max(-t.dy[j], 0))
				ru.maxUp = max(ru.maxUp, t.dy[j])
				ru.maxDn = max(ru.maxDn, -t.dy[j])
				switch {
				case p != engine.T:
					t.kind[j] = arriveShift
				case j == 4:
					t.kind[j] = arriveTurn5
				default:
					t.kind[j] = arriveTurn
				}
			}
			ru.turns[r] = append(ru.turns[r], t)
		}
	}
	return ru
}

// levelTurns reports whether, in open air on a board w wide, every turn of
// p that works keeps the piece's row: the first kick test that fits
// between the walls moves it sideways at most. SRS and SRS+ are so (their
// tests that move the piece up or down come after the sideways ones).
func (ru *rules) levelTurns(p engine.Piece, w int) bool {
	if ru.level[w] == 0 {
		ru.level[w] = 1
		inside := func(r engine.Rotation, x int) bool {
			for _, c := range engine.Shape(p, r) {
				if cx := x + int(c.X); cx < 0 || cx >= w {
					return false
				}
			}
			return true
		}
		for r := range ru.turns {
			for _, t := range ru.turns[r] {
				for x := -2; x < w; x++ {
					if !inside(engine.Rotation(r), x) {
						continue
					}
					for _, k := range t.kicks {
						if inside(t.to, x+int(k.X)) {
							if k.Y != 0 {
								ru.level[w] = 2
							}
							break
						}
					}
				}
			}
		}
	}
	return ru.level[w] == 1
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

// below reports whether every reached position is at most row top.
func (g *Generator) below(top int) bool {
	high := uint64(1)<<uint(g.ytop-top) - 1
	var all uint64
	for r := range g.vis {
		for _, w := range g.vis[r][:g.ncols] {
			all |= w
		}
	}
	return all&high == 0
}

// above reports whether every reached position is at least row low.
func (g *Generator) above(low int) bool {
	if i := g.ytop - low; i < 63 {
		var all uint64
		for r := range g.vis {
			for _, w := range g.vis[r][:g.ncols] {
				all |= w
			}
		}
		return all>>uint(i+1) == 0
	}
	return true
}

// search is the breadth-first search of ModeFull and Mode20G, a depth at a
// time over whole columns of positions.
func (g *Generator) search(dst []Placement, m engine.Placed, want int) []Placement {
	if g.stamp++; g.stamp == 0 {
		g.pred = [4 * maxCols * 64]uint64{}
		g.stamp = 1
	}
	g.vis = grid{}
	g.done = [3]grid{}
	g.front = grid{}
	g.layers = g.layers[:0]
	g.air = 0
	// Open air: from row low up, no move tests a filled cell and every
	// turn keeps the row, nothing below can kick a piece up into it, and
	// no piece rests there. There a position's distance is its column's
	// distance at the spawn row plus one per row down, which the soft drop
	// from the spawn row gives; so positions in open air below the spawn
	// row only need to move down. This skips most of the work of the rows
	// above the stack.
	low := g.b.StackHeight() + max(1, g.rules.maxUp+g.rules.maxDn)
	if g.mode == ModeFull && m.Y > low && g.rules.levelTurns(g.p, g.width) {
		g.air = (uint64(1)<<uint(m.Y-low) - 1) << uint(g.ytop-m.Y+1)
	}
	i := g.ytop - m.Y
	g.top = i
	g.front[m.Rot][m.X+2] = 1 << uint(i)
	g.vis = g.front
	if g.ground[m.Rot][m.X+2]>>uint(i)&1 != 0 {
		g.done[engine.SpinNone][m.Rot][m.X+2] = 1 << uint(i)
		dst = g.emit(dst, m.Rot, m.X+2, i, engine.SpinNone, 0)
	}
	g.next = [numArrivals]grid{}
	g.fmask = [4]uint32{}
	g.nmask = [4]uint32{}
	g.fmask[m.Rot] = 1 << uint(m.X+2)
	more := true
	for d := 1; ; d++ {
		g.layers = append(g.layers, g.front)
		if more {
			if g.mode == Mode20G {
				g.step20G()
			} else {
				g.stepFull(d)
			}
		}
		// Drops through open air arrive now.
		if d < len(g.later) {
			l := &g.later[d]
			for r := range l.m {
				g.nmask[r] |= l.m[r]
				for cm := l.m[r]; cm != 0; cm &= cm - 1 {
					xi := bits.TrailingZeros32(cm)
					g.next[arriveShift][r][xi] |= l.g[r][xi]
					l.g[r][xi] = 0
				}
				l.m[r] = 0
			}
		}
		dst, more = g.advance(dst, d)
		if len(dst) >= want {
			// All found: drop the drops still on their way.
			for k := d + 1; k < len(g.later); k++ {
				l := &g.later[k]
				for r := range l.m {
					for cm := l.m[r]; cm != 0; cm &= cm - 1 {
						l.g[r][bits.TrailingZeros32(cm)%maxCols] = 0
					}
					l.m[r] = 0
				}
			}
			g.later = g.later[:0]
			return dst
		}
		if !more && d+1 >= len(g.later) {
			panic("solver: the search ended before finding every placement the flood found")
		}
	}
}

// advance makes the positions in next not reached before the new front,
// reports whether there are any, emits the grounded positions reached at
// depth d that make a new (cells, spin), and clears next.
func (g *Generator) advance(dst []Placement, d int) ([]Placement, bool) {
	any := false
	for r := engine.Rot0; r <= engine.RotL; r++ {
		front, vis, ground := &g.front[r], &g.vis[r], &g.ground[r]
		for cm := g.fmask[r]; cm != 0; cm &= cm - 1 {
			front[bits.TrailingZeros32(cm)&31%maxCols] = 0
		}
		g.fmask[r] = 0
		n0, n1, n2 := &g.next[0][r], &g.next[1][r], &g.next[2][r]
		for cm := g.nmask[r]; cm != 0; cm &= cm - 1 {
			xi := bits.TrailingZeros32(cm) % maxCols
			gr := ground[xi]
			if !g.spinT {
				a := n0[xi] &^ vis[xi]
				n0[xi] = 0
				if a == 0 {
					continue
				}
				front[xi] = a
				vis[xi] |= a
				g.fmask[r] |= 1 << uint(xi)
				any = true
				if w := a & gr; w != 0 {
					dst = g.emitWord(dst, r, xi, w, 0, 0, d)
				}
				continue
			}
			none, turned, turned5 := n0[xi], n1[xi], n2[xi]
			n0[xi], n1[xi], n2[xi] = 0, 0, 0
			if a := (none | turned | turned5) &^ vis[xi]; a != 0 {
				front[xi] = a
				vis[xi] |= a
				g.fmask[r] |= 1 << uint(xi)
				any = true
			}
			if w := (none | turned | turned5) & gr; w != 0 {
				dst = g.emitWord(dst, r, xi, none&gr, turned&gr, turned5&gr, d)
			}
		}
		g.nmask[r] = 0
	}
	return dst, any
}

// stepFull fills next with the positions one move away from front, the
// positions at depth d-1.
func (g *Generator) stepFull(d int) {
	// The spawn row's soft drop into open air: the piece comes out below it
	// after as many moves as rows, at depth d-1+fall.
	top := uint64(0)
	fall := 0
	if g.air != 0 {
		top = uint64(1) << uint(g.top)
		fall = bits.OnesCount64(g.air) + 1
	}
	cols := uint32(1)<<uint(g.ncols) - 1
	for r := engine.Rot0; r <= engine.RotL; r++ {
		shift := &g.next[arriveShift][r]
		fit, ground := &g.fit[r], &g.ground[r]
		for cm := g.fmask[r]; cm != 0; cm &= cm - 1 {
			xi := bits.TrailingZeros32(cm)
			f := g.front[r][xi]
			fl := fit[xi]
			// One row down, and all the way down: the carry of fl+s clears
			// the free run below each seed.
			to := (f &^ top << 1) & fl
			if f&top != 0 {
				if out := top << uint(fall) & fl; out != 0 {
					for len(g.later) <= d-1+fall {
						g.later = append(g.later, laterDrops{})
					}
					g.later[d-1+fall].g[r][xi] |= out
					g.later[d-1+fall].m[r] |= 1 << uint(xi)
				}
			}
			g.nmask[r] |= 1 << uint(xi)
			if f &^= g.air; f == 0 {
				shift[xi] |= to
				continue
			}
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
			g.nmask[r] |= 7 << uint(xi) >> 1 & cols
			if !g.rules.noTurn {
				g.turn(r, xi, f)
			}
		}
	}
}

// step20G is stepFull for Mode20G: shifts and turns, each followed by the
// fall to the floor; a turn that falls no row stays a turn for spins.
func (g *Generator) step20G() {
	cols := uint32(1)<<uint(g.ncols) - 1
	for r := engine.Rot0; r <= engine.RotL; r++ {
		shift := &g.next[arriveShift][r]
		fit := &g.fit[r]
		for cm := g.fmask[r]; cm != 0; cm &= cm - 1 {
			xi := bits.TrailingZeros32(cm)
			f := g.front[r][xi]
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
			g.nmask[r] |= 7 << uint(xi) >> 1 & cols
			if !g.rules.noTurn {
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
	if g.mode == Mode20G {
		g.turn20G(r, xi, f)
		return
	}
	ncols := uint(g.ncols)
	turns := g.rules.turns[r]
	for ti := range turns {
		t := &turns[ti]
		left := f
		to := t.to & 3
		fit := &g.fit[to]
		for j := 0; j < t.n && j < maxKicks; j++ {
			x := uint(xi + t.dx[j])
			if x >= ncols || x >= maxCols {
				continue
			}
			up, down := t.up[j]&63, t.down[j]&63
			ok := left & (fit[x] << up >> down)
			if ok == 0 {
				continue
			}
			left &^= ok
			g.next[t.kind[j]][to][x] |= ok >> up << down
			g.nmask[to] |= 1 << x
			if left == 0 {
				break
			}
		}
	}
}

// turn20G is turn for Mode20G: a turned piece that hangs in the air falls,
// and the fall makes it no longer a turn for spins.
func (g *Generator) turn20G(r engine.Rotation, xi int, f uint64) {
	ncols := uint(g.ncols)
	for ti := range g.rules.turns[r] {
		t := &g.rules.turns[r][ti]
		left := f
		fit := &g.fit[t.to]
		for j := 0; j < t.n; j++ {
			x := xi + t.dx[j]
			if uint(x) >= ncols {
				continue
			}
			var ok uint64
			if dy := t.dy[j]; dy >= 0 {
				ok = left & (fit[x] << uint(dy))
				left &^= ok
				ok >>= uint(dy)
			} else {
				ok = left & (fit[x] >> uint(-dy))
				left &^= ok
				ok <<= uint(-dy)
			}
			if ok == 0 {
				continue
			}
			gr := g.ground[t.to][x]
			if air := ok &^ gr; air != 0 {
				g.next[arriveShift][t.to][x] |= g.fall(t.to, x, air)
			}
			g.next[t.kind[j]][t.to][x] |= ok & gr
			g.nmask[t.to] |= 1 << uint(x)
			if left == 0 {
				break
			}
		}
	}
}

// emitWord emits the grounded positions of column (r, xi) that arrived by
// a shift or drop (none), by a turn (turned) or by a turn with the fifth
// kick (turned5), at depth d, skipping (cells, spin) already emitted. For
// pieces other than T, none holds all arrivals.
func (g *Generator) emitWord(dst []Placement, r engine.Rotation, xi int, none, turned, turned5 uint64, d int) []Placement {
	if !g.spinT {
		if none == 0 {
			return dst
		}
		// Count cells once: mark them in the lowest orientation with the
		// same shape.
		sc := sameCells[g.p][r]
		cx := xi + sc.dx
		fresh := shiftRows(none, sc.dy) &^ g.done[0][sc.rot][cx]
		g.done[0][sc.rot][cx] |= fresh
		if g.counting {
			g.count += bits.OnesCount64(fresh)
			return dst
		}
		for ; fresh != 0; fresh &= fresh - 1 {
			dst = g.emit(dst, r, xi, bits.TrailingZeros64(fresh)+sc.dy, engine.SpinNone, d)
		}
		return dst
	}
	done := &g.done
	if turned|turned5 == 0 {
		// The common case: shifts and drops only.
		if none &^= done[engine.SpinNone][r][xi]; none == 0 {
			return dst
		}
		done[engine.SpinNone][r][xi] |= none
		for ; none != 0; none &= none - 1 {
			dst = g.emit(dst, r, xi, bits.TrailingZeros64(none), engine.SpinNone, d)
		}
		return dst
	}
	none, mini, full := g.spins(r, xi, none, turned, turned5)
	dn, dm, df := &done[engine.SpinNone][r][xi], &done[engine.SpinMini][r][xi], &done[engine.SpinFull][r][xi]
	none &^= *dn
	mini &^= *dm
	full &^= *df
	*dn |= none
	*dm |= mini
	*df |= full
	return g.emitSpins(dst, r, xi, none, mini, full, d)
}

// spins sorts a T's grounded arrivals in column (r, xi) by the spin their
// lock scores: by a shift or drop none; by a turn what the three-corner
// rule gives, the fifth kick making a mini full.
func (g *Generator) spins(r engine.Rotation, xi int, shifted, turned, turned5 uint64) (none, mini, full uint64) {
	none = shifted
	if turned|turned5 != 0 {
		c3, front2 := g.corners(r, xi)
		full = (turned & c3 & front2) | (turned5 & c3)
		mini = turned & c3 &^ front2
		none |= (turned | turned5) &^ c3
	}
	return none, mini, full
}

// emitSpins emits the positions of column (r, xi) with the spins of the
// words they are in, reached at depth d.
func (g *Generator) emitSpins(dst []Placement, r engine.Rotation, xi int, none, mini, full uint64, d int) []Placement {
	for all := none | mini | full; all != 0; all &= all - 1 {
		i := bits.TrailingZeros64(all)
		if none>>uint(i)&1 != 0 {
			dst = g.emit(dst, r, xi, i, engine.SpinNone, d)
		}
		if mini>>uint(i)&1 != 0 {
			dst = g.emit(dst, r, xi, i, engine.SpinMini, d)
		}
		if full>>uint(i)&1 != 0 {
			dst = g.emit(dst, r, xi, i, engine.SpinFull, d)
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
	// The corners of the box at column X = xi-2 are in board columns xi-2
	// and xi, rows 0 and 2 up: shifted's index is x+2.
	a, b := g.shifted[0][xi], g.shifted[0][xi+2]
	c, d := g.shifted[2][xi], g.shifted[2][xi+2]
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
	return c3, front2
}

// emit appends the placement at (r, column xi, bit i), reached at depth d,
// with its path when paths are wanted.
func (g *Generator) emit(dst []Placement, r engine.Rotation, xi, i int, spin engine.Spin, d int) []Placement {
	var path []Move
	if g.paths {
		if n := len(dst); n < cap(dst) {
			path = dst[:n+1][n].Path[:0]
		}
		path = g.path(path, dst, r, xi, i, spin, d)
	}
	return append(dst, Placement{
		Placed: engine.Placed{Piece: g.p, Rot: r, X: xi - 2, Y: g.ytop - i},
		Spin:   spin,
		Path:   path,
	})
}

// path appends to dst a shortest path to the position (r, xi, i) at depth
// d that arrives with the given spin, by walking back through the layers.
// The path will be that of placement len(pls); the earlier ones' paths
// are read for the beginnings they share.
func (g *Generator) path(dst []Move, pls []Placement, r engine.Rotation, xi, i int, spin engine.Spin, d int) []Move {
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
	// The path has d moves: fill it from its end.
	base := len(dst)
	dst = slices.Grow(dst, d)[:base+d]
	for first := true; d > 0; d-- {
		// Paths share their beginnings: past the last move, each position
		// on a path is marked with its placement, and a later path through
		// it copies the beginning of that one.
		e := &g.pred[(int(r)&3*maxCols+xi%maxCols)*64+i&63]
		if !first && uint32(*e>>32) == g.stamp {
			copy(dst[base:base+d], pls[uint32(*e)].Path[:d])
			break
		}
		if !first {
			*e = uint64(g.stamp)<<32 | uint64(len(pls))
		}
		var mv Move
		mv, r, xi, i = g.back(d, r, xi, i, shiftOK, turnOK, turn5OK)
		dst[base+d-1] = mv
		first = false
		shiftOK, turnOK, turn5OK = true, true, true
	}
	return dst
}

// back finds a position in prev one move from (r, xi, i) whose move arrives
// in an allowed way, and returns the move and that position.
func (g *Generator) back(d int, r engine.Rotation, xi, i int, shiftOK, turnOK, turn5OK bool) (Move, engine.Rotation, int, int) {
	prev := &g.layers[d-1]
	at := uint64(1) << uint(i)
	// Below open air: the search did not keep the drop through it in the
	// layers; the row above is at its column's spawn-row depth plus the
	// rows between.
	if shiftOK && i > 0 && g.air>>uint(i-1)&1 != 0 {
		if k := d - 1 - (i - 1 - g.top); k >= 0 && g.layers[k][r][xi]>>uint(g.top)&1 != 0 {
			return MoveDown, r, xi, i - 1
		}
	}
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
			if src == 0 {
				continue
			}
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
