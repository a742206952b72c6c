package solver

import (
	"slices"

	"github.com/kocka/kocka/engine"
)

// oracle is the placement search done the plain way, one position at a time
// with the engine's own rules (Board.Fits, engine.Rotate, DetectSpin): a
// breadth-first search over states (position, last move was a turn, kick
// index). It defines what Generate must return, and the tests hold the
// bitboard search to it; Generate also falls back on it when a search on a
// board taller than 62 rows climbs out of the bitboard window.
func oracle(b *engine.Board, p engine.Piece, opt Options) []Placement {
	m, ok := start(b, p, opt)
	if !ok || !p.Valid() {
		return nil
	}
	kicks := kickTable(opt)
	type state struct {
		m    engine.Placed
		kick int // -1: the last move was not a turn
	}
	type node struct {
		state
		parent int
		move   Move
		depth  int
	}
	// pack puts a state in a word, a cheap map key.
	pack := func(s state) uint64 {
		return uint64(uint16(s.m.X)) | uint64(uint16(s.m.Y))<<16 | uint64(s.m.Rot)<<32 | uint64(s.kick+1)<<40
	}
	nodes := []node{{state: state{m, -1}, parent: -1}}
	seen := map[uint64]bool{pack(state{m, -1}): true}
	add := func(from int, mv Move, s state) {
		if opt.Mode == Mode20G {
			if d := b.DropDistance(s.m); d > 0 {
				s = state{s.m.Moved(0, -d), -1}
			}
		}
		if k := pack(s); !seen[k] {
			seen[k] = true
			nodes = append(nodes, node{s, from, mv, nodes[from].depth + 1})
		}
	}
	if opt.Mode == ModeDrop {
		// Turn at the top (the first plan that reaches an orientation),
		// shift there column by column, drop.
		var reached [4]bool
		for _, plan := range dropPlans {
			k, ok, mark := 0, true, len(nodes)
			for _, mv := range plan {
				cur := nodes[k].m
				to := cur.Rot.CW()
				switch mv {
				case MoveCCW:
					to = cur.Rot.CCW()
				case Move180:
					to = cur.Rot.Flip()
				}
				n, kick, turned := engine.Rotate(b, kicks, cur, to)
				if ok = turned; !ok {
					break
				}
				nodes = append(nodes, node{state{n, kick}, k, mv, nodes[k].depth + 1})
				k = len(nodes) - 1
			}
			if !ok || reached[nodes[k].m.Rot] {
				nodes = nodes[:mark] // only the first plan to an orientation counts
				continue
			}
			reached[nodes[k].m.Rot] = true
			for _, side := range [2]struct {
				dx int
				mv Move
			}{{-1, MoveLeft}, {1, MoveRight}} {
				dx, mv := side.dx, side.mv
				for j := k; ; {
					if d := b.DropDistance(nodes[j].m); d > 0 {
						nodes = append(nodes, node{state{nodes[j].m.Moved(0, -d), -1}, j, MoveSonic, nodes[j].depth + 1})
					}
					n := nodes[j].m.Moved(dx, 0)
					if !b.Fits(n) {
						break
					}
					nodes = append(nodes, node{state{n, -1}, j, mv, nodes[j].depth + 1})
					j = len(nodes) - 1
				}
			}
		}
	} else {
		for k := 0; k < len(nodes); k++ {
			cur := nodes[k].m
			if n := cur.Moved(-1, 0); b.Fits(n) {
				add(k, MoveLeft, state{n, -1})
			}
			if n := cur.Moved(1, 0); b.Fits(n) {
				add(k, MoveRight, state{n, -1})
			}
			if opt.Mode == ModeFull {
				if n := cur.Moved(0, -1); b.Fits(n) {
					add(k, MoveDown, state{n, -1})
				}
				if d := b.DropDistance(cur); d > 0 {
					add(k, MoveSonic, state{cur.Moved(0, -d), -1})
				}
			}
			for _, to := range [3]engine.Rotation{cur.Rot.CW(), cur.Rot.CCW(), cur.Rot.Flip()} {
				if kicks.Kicks(p, cur.Rot, to) == nil {
					continue
				}
				if n, kick, ok := engine.Rotate(b, kicks, cur, to); ok {
					add(k, turnMove(cur.Rot, to), state{n, kick})
				}
			}
		}
	}

	// The best node for each (cells, spin).
	type key struct {
		cells [4]engine.Cell
		spin  engine.Spin
	}
	best := map[key]int{}
	var order []key
	for k, n := range nodes {
		if !b.Grounded(n.m) {
			continue
		}
		cells := n.m.Cells()
		slices.SortFunc(cells[:], func(a, c engine.Cell) int {
			if a.Y != c.Y {
				return int(a.Y) - int(c.Y)
			}
			return int(a.X) - int(c.X)
		})
		kk := key{cells, engine.DetectSpin(b, n.m, n.kick >= 0, n.kick)}
		o, ok := best[kk]
		if !ok {
			order = append(order, kk)
			best[kk] = k
			continue
		}
		// Without paths the orientation is the lowest that reaches the
		// cells; with paths, the one with the shortest path.
		if opt.NoPaths && n.m.Rot < nodes[o].m.Rot ||
			!opt.NoPaths && (n.depth < nodes[o].depth || n.depth == nodes[o].depth && n.m.Rot < nodes[o].m.Rot) {
			best[kk] = k
		}
	}
	out := make([]Placement, 0, len(order))
	depth := make([]int, 0, len(order))
	for _, kk := range order {
		k := best[kk]
		pl := Placement{Placed: nodes[k].m, Spin: kk.spin}
		if !opt.NoPaths {
			pl.Path = make([]Move, nodes[k].depth)
			for j := k; nodes[j].parent >= 0; j = nodes[j].parent {
				pl.Path[nodes[j].depth-1] = nodes[j].move
			}
		} else {
			pl.Path = nil
		}
		out = append(out, pl)
		if opt.NoPaths {
			depth = append(depth, 0) // ordered without path lengths
		} else {
			depth = append(depth, nodes[k].depth)
		}
	}
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, c int) int {
		if less(&out[a], &out[c], depth[a], depth[c]) {
			return -1
		}
		if less(&out[c], &out[a], depth[c], depth[a]) {
			return 1
		}
		return 0
	})
	sorted := make([]Placement, len(out))
	for i, j := range idx {
		sorted[i] = out[j]
	}
	return sorted
}
