package prove

import (
	"errors"
	"fmt"
)

// DFPN looks for a forced win of the attacker (the player other than
// drawer) by depth-first proof-number search (Nagai's df-pn: Allis's proof
// and disproof numbers, searched depth first under thresholds, with a
// transposition table over canonical states). The attacker's nodes are OR
// nodes (one winning move proves them), the drawing player's AND nodes; a
// terminal state lost for the drawing player is proven, any other terminal
// state disproven.
//
// Cycles: a successor already on the search path counts as disproven (the
// play may repeat forever, which the drawing player does not lose). That
// disproof depends on the path, and the table keeps it anyway (the
// graph-history interaction), so df-pn may miss a win but never claims one
// it has not found: a proof rests only on terminal states, proven in order,
// and becomes a ranked win certificate. The same interaction can make the
// search go round without progress (a state's numbers depend on the path it
// was reached by, and two paths keep overwriting each other), so df-pn
// stops after stallFactor expansions a state in its table (plus stallBase).
// When the start is disproven, or the search stops, DFPN does not trust it
// and returns Grow's answer (the breadth-first safety proof, which handles
// cycles exactly and keeps to Options.Deadline; Prove's repairs after a
// failure inside a cycle can run long between its checks) with its
// certificate.
func DFPN(g Game, drawer int, o Options) (*Proof, error) {
	d := &dfpn{g: g, drawer: drawer, o: o, idx: NewIndex(0)}
	start := g.Canonical(g.Start())
	root := d.id(start)
	d.run(root)
	if d.err != nil && !errors.Is(d.err, errStalled) {
		return nil, d.err
	}
	if d.pn[root] != 0 {
		p, err := Grow(g, drawer, o)
		if p != nil {
			p.Searched += d.searched
		}
		return p, err
	}
	return &Proof{Game: g.Name(), Drawer: drawer, Safe: false, Cert: d.certificate(start), Searched: d.searched, Lost: int64(d.clock)}, nil
}

// run searches from root until it is proven or disproven, or stalls.
func (d *dfpn) run(root uint32) {
	for d.pn[root] != 0 && d.dn[root] != 0 && d.err == nil {
		d.mid(root, pnInf, pnInf)
	}
}

// The stall limit: expansions a state in the table, and a base for small
// games.
const (
	stallFactor = 64
	stallBase   = 1 << 12
)

var errStalled = errors.New("df-pn: no progress")

// pnInf is an infinite proof or disproof number; sums saturate at it.
const pnInf = 1 << 40

type dfpn struct {
	g      Game
	drawer int
	o      Options
	idx    *Index
	states []State
	pn, dn []int64
	at     []uint32 // order of proof: a rank for the win certificate (0: not proven)
	onPath []bool
	clock  uint32
	bufs   [][]State
	depth  int

	searched int64
	err      error
}

// id returns s's entry, made on first sight with the values of a terminal
// state (or 1 and 1 for one not searched yet).
func (d *dfpn) id(s State) uint32 {
	id, added := d.idx.Add(s)
	if !added {
		return id
	}
	d.states = append(d.states, s)
	pn, dn := int64(1), int64(1)
	var at uint32
	if over, v := d.g.Terminal(s); over {
		if d.lostFor(s, v) {
			d.clock++
			pn, dn, at = 0, pnInf, d.clock
		} else {
			pn, dn = pnInf, 0
		}
	}
	d.pn = append(d.pn, pn)
	d.dn = append(d.dn, dn)
	d.at = append(d.at, at)
	d.onPath = append(d.onPath, false)
	return id
}

// lostFor: terminal value v of s, for its side to move, is a loss of the
// drawing player.
func (d *dfpn) lostFor(s State, v Value) bool {
	me := d.g.Mover(s) == d.drawer
	return (me && v == Loss) || (!me && v == Win)
}

func (d *dfpn) bytes() int64 { return d.idx.Bytes() + int64(len(d.states))*29 }

func satAdd(a, b int64) int64 { return min(pnInf, a+b) }

// mid expands entry id until its proof number reaches thpn or its disproof
// number thdn (Nagai's multiple iterative deepening).
func (d *dfpn) mid(id uint32, thpn, thdn int64) {
	d.searched++
	if d.searched%progressEvery == 0 {
		d.o.progress(fmt.Sprintf("df-pn: %d proven, %d deep; expansions", d.clock, d.depth), d.searched, int64(d.idx.Len()))
		if d.o.MaxBytes > 0 && d.bytes() > d.o.MaxBytes {
			d.err = fmt.Errorf("%w (%d MiB, %d states)", ErrTooBig, d.o.MaxBytes>>20, d.idx.Len())
		}
		if d.o.late() {
			d.err = fmt.Errorf("%w (%d states)", ErrTimeLimit, d.idx.Len())
		}
	}
	if d.searched > stallBase+stallFactor*int64(d.idx.Len()) {
		d.err = errStalled
	}
	if d.err != nil {
		return
	}
	s := d.states[id]
	if d.depth == len(d.bufs) {
		d.bufs = append(d.bufs, nil)
	}
	moves := canonicalMoves(d.g, s, d.bufs[d.depth])
	d.bufs[d.depth] = moves
	attacker := d.g.Mover(s) != d.drawer
	if len(moves) == 0 { // no move: the side to move loses
		if attacker {
			d.pn[id], d.dn[id] = pnInf, 0
		} else {
			d.clock++
			d.pn[id], d.dn[id], d.at[id] = 0, pnInf, d.clock
		}
		return
	}
	kids := make([]uint32, len(moves))
	for i, m := range moves {
		kids[i] = d.id(m)
	}
	d.onPath[id] = true
	d.depth++
	for d.err == nil {
		// The node's numbers from its children's; a child on the path is
		// a repetition, disproven.
		var pn, dn int64
		if attacker {
			pn = pnInf
		} else {
			dn = pnInf
		}
		// The child to search: the least proof number at the attacker's
		// nodes, the least disproof number at the drawing player's; second
		// is the runner-up's, which bounds the child's threshold.
		best, bestKey, second := -1, int64(0), int64(pnInf)
		var bestPn, bestDn int64
		for i, k := range kids {
			cpn, cdn := d.pn[k], d.dn[k]
			if d.onPath[k] {
				cpn, cdn = pnInf, 0
			}
			key := cdn
			if attacker {
				pn, dn = min(pn, cpn), satAdd(dn, cdn)
				key = cpn
			} else {
				pn, dn = satAdd(pn, cpn), min(dn, cdn)
			}
			if best < 0 || key < bestKey {
				if best >= 0 {
					second = min(second, bestKey)
				}
				best, bestKey, bestPn, bestDn = i, key, cpn, cdn
			} else {
				second = min(second, key)
			}
		}
		d.pn[id], d.dn[id] = pn, dn
		if pn == 0 {
			d.clock++
			d.at[id] = d.clock
			break
		}
		if pn >= thpn || dn >= thdn {
			break
		}
		var cpn, cdn int64
		if attacker {
			cpn, cdn = min(thpn, satAdd(second, 1)), satAdd(thdn-dn, bestDn)
		} else {
			cpn, cdn = satAdd(thpn-pn, bestPn), min(thdn, satAdd(second, 1))
		}
		d.mid(kids[best], cpn, cdn)
	}
	d.depth--
	d.onPath[id] = false
}

// certificate is the win certificate of a proven start: at the attacker's
// states the successor proven first, at the drawing player's every
// successor (all proven before the state was), each ranked by its order of
// proof.
func (d *dfpn) certificate(start State) *Certificate {
	rank := func(s State) (uint32, bool) {
		id, ok := d.idx.Find(s)
		if !ok {
			return 0, false
		}
		return d.at[id], d.pn[id] == 0
	}
	return walk(&Certificate{Game: d.g.Name(), Drawer: d.drawer, Start: start, Win: true}, []State{start},
		func(s State, buf []State) (Entry, []State) { return winStep(d.g, d.drawer, s, buf, rank) })
}
