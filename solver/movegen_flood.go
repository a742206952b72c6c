package solver

import (
	"math/bits"

	"github.com/kocka/kocka/engine"
)

// flood is the search without paths: it finds every reachable position but
// not its distance, so it needs far fewer passes than the breadth-first
// search. It closes the reached set under shifts and drops one orientation
// at a time (a whole free run per word operation), then turns every
// position not turned yet, and repeats until nothing new is reached.
func (g *Generator) flood(dst []Placement, m engine.Placed) []Placement {
	g.vis = grid{}
	g.front = grid{} // reached but not turned yet
	g.done[0] = grid{}
	if g.spinT {
		// Only a T's arrivals by kind and its spins are looked at.
		g.next = [numArrivals]grid{}
		g.done[1], g.done[2] = grid{}, grid{}
	}
	xi0, bit0 := m.X+2, uint64(1)<<uint(g.ytop-m.Y)
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
		dirty = 0
		for r := engine.Rot0; r <= engine.RotL; r++ {
			for xi := range g.ncols {
				if f := g.front[r][xi]; f != 0 {
					g.front[r][xi] = 0
					dirty |= g.turnFlood(r, xi, f)
				}
			}
		}
	}
	return g.emitFlood(dst, m.Rot, xi0, bit0)
}

// turnFlood turns the positions f of column (r, xi), as turn does, and
// adds what they reach to the reached set (to be closed and turned in
// turn). A T's arrivals are also kept in next by kind, for the spins. It
// returns the orientations that grew, as a bit set.
func (g *Generator) turnFlood(r engine.Rotation, xi int, f uint64) (grew int) {
	ncols := uint(g.ncols)
	turns := g.rules.turns[r]
	for ti := range turns {
		t := &turns[ti]
		left := f
		to := t.to & 3
		fit, vis, front := &g.fit[to], &g.vis[to], &g.front[to]
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
			ok = ok >> up << down
			if g.mode == Mode20G {
				// A turned piece that hangs in the air falls, and then it
				// is no longer a turn for spins.
				gr := g.ground[to][x]
				if air := ok &^ gr; air != 0 {
					fell := g.fall(to, int(x), air)
					ok &= gr
					g.next[arriveShift][to][x] |= fell
					if n := fell &^ vis[x]; n != 0 {
						vis[x] |= n
						front[x] |= n
						grew |= 1 << to
					}
				}
			}
			if g.spinT {
				g.next[t.kind[j]&3][to][x] |= ok
			}
			if n := ok &^ vis[x]; n != 0 {
				vis[x] |= n
				front[x] |= n
				grew |= 1 << to
			}
			if left == 0 {
				break
			}
		}
	}
	return grew
}

// close adds to orientation r's reached set everything its shifts and
// drops reach, marking the new positions as not turned yet. It sweeps the
// columns right, then left, until a sweep finds nothing new.
func (g *Generator) close(r engine.Rotation) {
	fit, ground, vis, front := &g.fit[r], &g.ground[r], &g.vis[r], &g.front[r]
	n := g.ncols
	// reach is what column xi reaches from the positions w moved into it:
	// all of its free run below them (the carry of fit+w runs down it),
	// or in 20G the floor under them.
	reach := func(xi int, w uint64) uint64 {
		if g.mode == Mode20G {
			gr := ground[xi]
			out := w & gr
			if s := w &^ gr; s != 0 {
				out |= (fit[xi] &^ (fit[xi] + s)) & gr
			}
			return out
		}
		return w | fit[xi]&^(fit[xi]+w)
	}
	for sweep := 0; ; sweep++ {
		grew := false
		if sweep%2 == 0 {
			prev := uint64(0)
			for xi := 0; xi < n; xi++ {
				v := vis[xi]
				w := v
				if in := prev & fit[xi] &^ v; in != 0 || sweep == 0 && v != 0 {
					w |= reach(xi, in|v)
				}
				if w != v {
					front[xi] |= w &^ v
					vis[xi] = w
					grew = true
				}
				prev = w
			}
		} else {
			prev := uint64(0)
			for xi := n - 1; xi >= 0; xi-- {
				v := vis[xi]
				w := v
				if in := prev & fit[xi] &^ v; in != 0 {
					w |= reach(xi, in)
				}
				if w != v {
					front[xi] |= w &^ v
					vis[xi] = w
					grew = true
				}
				prev = w
			}
		}
		if !grew && sweep > 0 {
			return
		}
	}
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
			// Each column is seen once here: no need to mark what is done.
			none, mini, full := g.spins(r, xi, none&w, g.next[arriveTurn][r][xi]&w, g.next[arriveTurn5][r][xi]&w)
			if g.counting {
				g.count += bits.OnesCount64(none) + bits.OnesCount64(mini) + bits.OnesCount64(full)
				continue
			}
			dst = g.emitSpins(dst, r, xi, none, mini, full, 0)
		}
	}
	return dst
}
