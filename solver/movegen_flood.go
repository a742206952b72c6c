package solver

import "github.com/kocka/kocka/engine"

// flood is the search without paths: it finds every reachable position but
// not its distance, so it needs far fewer passes than the breadth-first
// search. It closes the reached set under shifts and drops one orientation
// at a time (a whole free run per word operation), then turns every
// position not turned yet, and repeats until nothing new is reached.
func (g *Generator) flood(dst []Placement, m engine.Placed) []Placement {
	g.vis = grid{}
	g.front = grid{} // reached but not turned yet
	g.next = [numArrivals]grid{}
	g.done = [3]grid{}
	xi0, bit0 := m.X+2, uint64(1)<<uint(yTop-m.Y)
	g.vis[m.Rot][xi0] = bit0
	g.front[m.Rot][xi0] = bit0
	dirty := 1 << m.Rot
	for dirty != 0 {
		for r := engine.Rot0; r <= engine.RotL; r++ {
			if dirty>>r&1 != 0 {
				g.close(r)
			}
		}
		if g.rules.noTurn {
			break
		}
		for r := engine.Rot0; r <= engine.RotL; r++ {
			for xi := range g.ncols {
				if f := g.front[r][xi]; f != 0 {
					g.front[r][xi] = 0
					g.turn(r, xi, f)
				}
			}
		}
		// g.next keeps every turn's arrival, for the spins; what is new
		// in it is still to be closed and turned.
		dirty = 0
		kinds := 1
		if g.spinT {
			kinds = numArrivals
		}
		for k := range kinds {
			for r := range g.next[k] {
				for xi := range g.ncols {
					if n := g.next[k][r][xi] &^ g.vis[r][xi]; n != 0 {
						g.vis[r][xi] |= n
						g.front[r][xi] |= n
						dirty |= 1 << r
					}
				}
			}
		}
	}
	return g.emitFlood(dst, m.Rot, xi0, bit0)
}

// close adds to orientation r's reached set everything its shifts and
// drops reach, marking the new positions as not turned yet.
func (g *Generator) close(r engine.Rotation) {
	fit, ground, vis, front := &g.fit[r], &g.ground[r], &g.vis[r], &g.front[r]
	n := g.ncols
	grow := func(xi int, w uint64) bool {
		if w == vis[xi] {
			return false
		}
		front[xi] |= w &^ vis[xi]
		vis[xi] = w
		return true
	}
	for changed := true; changed; {
		changed = false
		if g.mode == Mode20G {
			for xi := 1; xi < n; xi++ {
				if t := vis[xi-1] & fit[xi] &^ vis[xi]; t != 0 {
					changed = grow(xi, vis[xi]|g.fall(r, xi, t)) || changed
				}
			}
			for xi := n - 2; xi >= 0; xi-- {
				if t := vis[xi+1] & fit[xi] &^ vis[xi]; t != 0 {
					changed = grow(xi, vis[xi]|g.fall(r, xi, t)) || changed
				}
			}
			continue
		}
		// A free run below any reached position is reached (the carry of
		// fit+w runs down it); so are the columns beside.
		for xi := 0; xi < n; xi++ {
			w := vis[xi]
			if xi > 0 {
				w |= vis[xi-1] & fit[xi]
			}
			if w != 0 {
				w |= fit[xi] &^ (fit[xi] + w)
				changed = grow(xi, w) || changed
			}
		}
		for xi := n - 2; xi >= 0; xi-- {
			if w := vis[xi] | vis[xi+1]&fit[xi]; w != vis[xi] {
				w |= fit[xi] &^ (fit[xi] + w)
				changed = grow(xi, w) || changed
			}
		}
	}
	_ = ground
}

// emitFlood emits the grounded reached positions with their spins, in the
// order orientation, X, Y from the top, spin.
func (g *Generator) emitFlood(dst []Placement, r0 engine.Rotation, xi0 int, bit0 uint64) []Placement {
	for r := engine.Rot0; r <= engine.RotL; r++ {
		fit, ground, vis := &g.fit[r], &g.ground[r], &g.vis[r]
		for xi := range g.ncols {
			gr := ground[xi]
			w := vis[xi] & gr
			if w == 0 {
				continue
			}
			if !g.spinT {
				dst = g.emitWord(dst, r, xi, w, 0, 0, 0)
				continue
			}
			// Arrivals by a shift or drop: from the side, from above, the
			// start; in 20G the turns that fell too.
			var side uint64
			if xi > 0 {
				side |= vis[xi-1]
			}
			if xi+1 < g.ncols {
				side |= vis[xi+1]
			}
			var none uint64
			if g.mode == Mode20G {
				none = g.next[arriveShift][r][xi]
				if t := side & fit[xi]; t != 0 {
					none |= g.fall(r, xi, t)
				}
			} else {
				none = (side | vis[xi]<<1) & fit[xi]
			}
			if r == r0 && xi == xi0 {
				none |= bit0
			}
			dst = g.emitWord(dst, r, xi, none&w, g.next[arriveTurn][r][xi]&w, g.next[arriveTurn5][r][xi]&w, 0)
		}
	}
	return dst
}
