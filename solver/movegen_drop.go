package solver

import (
	"math/bits"

	"github.com/kocka/kocka/engine"
)

// dropCand is one placement of ModeDrop and the path that makes it: turns
// at the top, shifts, and a drop to the floor if the piece falls at all.
type dropCand struct {
	pl     Placement // without its path
	turns  [2]Move
	nturns int
	shift  int // columns moved, negative to the left
	sonic  bool
}

func (c *dropCand) len(paths bool) int {
	if !paths {
		return 0 // without paths, orientation decides ties and order
	}
	n := c.nturns + c.shift
	if c.shift < 0 {
		n = c.nturns - c.shift
	}
	if c.sonic {
		n++
	}
	return n
}

// dropPlans are the turn sequences that bring the piece from spawn to each
// orientation, tried in order; the first that works is used.
var dropPlans = [...][]Move{
	{},
	{MoveCW},
	{MoveCCW},
	{Move180},
	{MoveCW, MoveCW},
	{MoveCCW, MoveCCW},
}

// drop is ModeDrop: every orientation the piece turns to at the top, every
// column it shifts to there, dropped straight down. ok is false if a turn
// lifts the piece above row top, out of the bitboard window, or a drop lands
// on a slid window's false floor.
func (g *Generator) drop(dst []Placement, m engine.Placed, top int) ([]Placement, bool) {
	g.drops = g.drops[:0]
	g.done = [3]grid{}
	var reached [4]bool
	for _, plan := range dropPlans {
		cur, kick, ok := m, -1, true
		for _, mv := range plan {
			to := cur.Rot.CW()
			switch mv {
			case MoveCCW:
				to = cur.Rot.CCW()
			case Move180:
				to = cur.Rot.Flip()
			}
			if cur, kick, ok = engine.Rotate(g.b, g.kicks, cur, to); !ok {
				break
			}
		}
		if !ok || reached[cur.Rot] {
			continue
		}
		reached[cur.Rot] = true
		if cur.Y > top {
			return dst, false
		}
		i0 := g.ytop - cur.Y
		fit := &g.fit[cur.Rot]
		for dir := -1; dir <= 1; dir += 2 {
			xi := cur.X + 2
			if dir == 1 {
				xi++
			}
			for ; xi >= 0 && xi < g.ncols && fit[xi]>>uint(i0)&1 != 0; xi += dir {
				c := dropCand{nturns: len(plan), shift: xi - 2 - cur.X}
				copy(c.turns[:], plan)
				i := i0
				if g.ground[cur.Rot][xi]>>uint(i)&1 == 0 {
					c.sonic = true
					i = bits.TrailingZeros64(g.fall(cur.Rot, xi, 1<<uint(i)))
				}
				if g.ytop-i < g.floor {
					return dst, false // it may fall further than the window shows
				}
				c.pl.Placed = engine.Placed{Piece: g.p, Rot: cur.Rot, X: xi - 2, Y: g.ytop - i}
				if len(plan) > 0 && c.shift == 0 && !c.sonic {
					c.pl.Spin = engine.DetectSpin(g.b, c.pl.Placed, true, kick)
				}
				g.keep(c)
			}
		}
	}
	// Order as the search does, then append with paths.
	ds := g.drops
	for a := 1; a < len(ds); a++ {
		for b := a; b > 0 && less(&ds[b].pl, &ds[b-1].pl, ds[b].len(g.paths), ds[b-1].len(g.paths)); b-- {
			ds[b], ds[b-1] = ds[b-1], ds[b]
		}
	}
	for k := range ds {
		c := &ds[k]
		var path []Move
		if g.paths {
			if n := len(dst); n < cap(dst) {
				path = dst[:n+1][n].Path[:0]
			}
			path = append(path, c.turns[:c.nturns]...)
			for s := c.shift; s < 0; s++ {
				path = append(path, MoveLeft)
			}
			for s := c.shift; s > 0; s-- {
				path = append(path, MoveRight)
			}
			if c.sonic {
				path = append(path, MoveSonic)
			}
		}
		c.pl.Path = path
		dst = append(dst, c.pl)
	}
	return dst, true
}

// keep adds c to the drops unless the same (cells, spin) is there with a
// path no longer (and, at equal length, an orientation no higher).
func (g *Generator) keep(c dropCand) {
	sc := sameCells[g.p][c.pl.Rot]
	cx, cy := c.pl.X+2+sc.dx, g.ytop-(c.pl.Y+sc.dy)
	bit := uint64(1) << uint(cy)
	done := &g.done[c.pl.Spin][sc.rot][cx]
	if *done&bit == 0 {
		*done |= bit
		g.drops = append(g.drops, c)
		return
	}
	for k := range g.drops {
		o := &g.drops[k]
		osc := sameCells[g.p][o.pl.Rot]
		if o.pl.Spin == c.pl.Spin && osc.rot == sc.rot && o.pl.X+osc.dx == c.pl.X+sc.dx && o.pl.Y+osc.dy == c.pl.Y+sc.dy {
			if n, on := c.len(g.paths), o.len(g.paths); n < on || n == on && c.pl.Rot < o.pl.Rot {
				*o = c
			}
			return
		}
	}
}
