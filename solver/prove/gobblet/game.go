package gobblet

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/kocka/kocka/solver/prove"
)

// Game is a Rules whose positions fit 64 bits, as a prove.Game: one field
// for each (size, colour) that has pieces, then the side to move and the
// forfeit flag. A field is the layer's N*N-bit set of squares when all of
// them fit (Gobblers, AB); otherwise (ABC: 5*16+2 = 82 bits) it is the
// set's rank among the sets of at most that many squares, in increasing
// order of the bit set, so that comparing ranks compares the sets: ABC's
// layers hold at most 3 of 16 squares, 697 sets, 10 bits, and a state
// takes 5*10+2 = 52 bits.
type Game struct {
	R      Rules
	layers [][2]int // (size, colour) of each field
	sq     int      // N*N
	fw     int      // bits a field
	ranked bool     // fields are ranks (rank, unrank), not bit sets
	rank   []uint16 // the rank of each bit set with few enough squares
	unrank []uint16 // the bit set of each rank
	syms   []sym
	ds     *DrawScore
}

// sym is a symmetry of the board as a permutation of square bits, applied a
// byte at a time.
type sym struct {
	perm   []int
	lo, hi [256]uint16
}

// NewGame returns the prove.Game for r, or an error when r's positions do
// not fit 64 bits even with ranked fields (the full game: 8 fields of 10
// bits).
func NewGame(r Rules) (*Game, error) {
	g := &Game{R: r, sq: r.N * r.N}
	for z := 0; z < MaxSizes; z++ {
		for c := 0; c < 2; c++ {
			if r.Pieces[c][z] > 0 {
				g.layers = append(g.layers, [2]int{z, c})
			}
		}
	}
	g.fw = g.sq
	if len(g.layers)*g.sq+2 > 64 {
		most := 0
		for _, zc := range g.layers {
			most = max(most, r.Pieces[zc[1]][zc[0]])
		}
		g.ranked = true
		g.rank = make([]uint16, 1<<g.sq)
		for x := range 1 << g.sq {
			if bits.OnesCount(uint(x)) <= most {
				g.rank[x] = uint16(len(g.unrank))
				g.unrank = append(g.unrank, uint16(x))
			}
		}
		g.fw = bits.Len(uint(len(g.unrank) - 1))
		if need := len(g.layers)*g.fw + 2; need > 64 {
			return nil, fmt.Errorf("gobblet: %s needs %d bits a position (%d fields of %d), more than 64", r.Label, need, len(g.layers), g.fw)
		}
	}
	g.syms = symmetries(r.N)
	if r.N == 4 {
		g.ds = &DrawScore{R: &g.R}
	}
	return g, nil
}

// Symmetries returns the permutations of the squares that map lines to
// lines: 8 on 3x3, 32 on 4x4 (the square's 8, each also with the two middle
// rows and columns swapped, or the outer with the inner).
func Symmetries(n int) [][]int {
	var out [][]int
	for _, s := range symmetries(n) {
		out = append(out, s.perm)
	}
	return out
}

func symmetries(n int) []sym {
	// Permutations of 0..n-1 that keep i and n-1-i paired.
	var ps [][]int
	var rec func(p []int)
	rec = func(p []int) {
		if len(p) == n {
			for i := range p {
				if p[n-1-i] != n-1-p[i] {
					return
				}
			}
			ps = append(ps, slices.Clone(p))
			return
		}
		for v := 0; v < n; v++ {
			if !slices.Contains(p, v) {
				rec(append(p, v))
			}
		}
	}
	rec(nil)
	var out []sym
	seen := map[string]bool{}
	for _, p := range ps {
		for _, flip := range []bool{false, true} {
			for _, tr := range []bool{false, true} {
				perm := make([]int, n*n)
				for r := 0; r < n; r++ {
					for c := 0; c < n; c++ {
						rr, cc := p[r], p[c]
						if flip {
							cc = n - 1 - cc
						}
						if tr {
							rr, cc = cc, rr
						}
						perm[r*n+c] = rr*n + cc
					}
				}
				key := fmt.Sprint(perm)
				if seen[key] {
					continue
				}
				seen[key] = true
				s := sym{perm: perm}
				for b := 0; b < 256; b++ {
					for i := 0; i < 8; i++ {
						if b&(1<<i) == 0 {
							continue
						}
						s.lo[b] |= 1 << perm[i]
						if i+8 < n*n {
							s.hi[b] |= 1 << perm[i+8]
						}
					}
				}
				out = append(out, s)
			}
		}
	}
	return out
}

func (s *sym) apply(x uint16) uint16 { return s.lo[x&0xff] | s.hi[x>>8] }

// Bits is the width of a state: the fields, the side to move and the
// forfeit flag (AB 50, ABC 52).
func (g *Game) Bits() int { return len(g.layers)*g.fw + 2 }

// enc is the field of a layer's squares x (a legal layer: no more squares
// than the layer has pieces).
func (g *Game) enc(x uint16) prove.State {
	if g.ranked {
		return prove.State(g.rank[x])
	}
	return prove.State(x)
}

// field returns the squares of layer l of s.
func (g *Game) field(s prove.State, l int) uint16 {
	f := uint16(s >> (l * g.fw) & (1<<g.fw - 1))
	if g.ranked {
		return g.unrank[f]
	}
	return f
}

// Pack encodes a board. Its layers must hold no more pieces than the rules
// give (a ranked field has no code for more).
func (g *Game) Pack(b *Board) prove.State {
	var s prove.State
	for l, zc := range g.layers {
		s |= g.enc(b.B[zc[0]][zc[1]]) << (l * g.fw)
	}
	base := len(g.layers) * g.fw
	s |= prove.State(b.Mover) << base
	if b.Forfeit {
		s |= 1 << (base + 1)
	}
	return s
}

// Unpack decodes a state.
func (g *Game) Unpack(s prove.State) Board {
	var b Board
	for l, zc := range g.layers {
		b.B[zc[0]][zc[1]] = g.field(s, l)
	}
	base := len(g.layers) * g.fw
	b.Mover = int(s >> base & 1)
	b.Forfeit = s>>(base+1)&1 != 0
	return b
}

func (g *Game) Name() string { return g.R.Label }

func (g *Game) Start() prove.State {
	b := g.R.Start()
	return g.Pack(&b)
}

func (g *Game) Mover(s prove.State) int {
	return int(s >> (len(g.layers) * g.fw) & 1)
}

func (g *Game) Terminal(s prove.State) (bool, prove.Value) {
	b := g.Unpack(s)
	switch g.R.Outcome(&b) {
	case Won:
		return true, prove.Win
	case Lost:
		return true, prove.Loss
	}
	return false, prove.Unknown
}

func (g *Game) Moves(s prove.State, buf []prove.State) []prove.State {
	b := g.Unpack(s)
	var ms [256]Move
	for _, m := range g.R.Moves(&b, ms[:0]) {
		nb := g.R.Play(b, m)
		buf = append(buf, g.Pack(&nb))
	}
	return buf
}

// Canonical is the smallest packing among the symmetric images. The
// highest field decides first, so the images are compared a field at a
// time from the top, keeping only the symmetries still tied for the least.
// Ranks follow the order of the bit sets, so the bit sets are compared.
func (g *Game) Canonical(s prove.State) prove.State {
	base := len(g.layers) * g.fw
	var live [32]uint8
	n := len(g.syms)
	for k := range n {
		live[k] = uint8(k)
	}
	out := s >> base << base
	var fields [2 * MaxSizes]uint16
	for l := range g.layers {
		fields[l] = g.field(s, l)
	}
	for l := len(g.layers) - 1; l >= 0 && n > 1; l-- {
		field := fields[l]
		best := uint16(0xffff)
		m := 0
		for _, k := range live[:n] {
			t := g.syms[k].apply(field)
			switch {
			case t < best:
				best, m = t, 0
				live[m] = k
				m++
			case t == best:
				live[m] = k
				m++
			}
		}
		n = m
	}
	k := live[0]
	for l := range g.layers {
		out |= g.enc(g.syms[k].apply(fields[l])) << (l * g.fw)
	}
	return out
}

// SetPlainOrder makes OrderMoves count a line held by any piece of the
// drawing player as held (the AB order; for measuring ABC's order).
func (g *Game) SetPlainOrder(plain bool) {
	if g.ds != nil {
		g.ds.Plain = plain
	}
}

// MoveOrderName is the order OrderMoves uses: held or plain on 4x4 (see
// SetPlainOrder), lines on 3x3.
func (g *Game) MoveOrderName() string {
	switch {
	case g.ds == nil:
		return "lines"
	case g.ds.Plain:
		return "plain"
	}
	return "held"
}

// OrderMoves sorts moves on 4x4 by DrawScore: the drawing player's safest
// first, the attacker's most threatening first (so that a refutation, if
// there is one, tends to come before the safe moves the search would
// otherwise prove in vain). On 3x3, where both sides attack, by lineScore.
func (g *Game) OrderMoves(s prove.State, moves []prove.State) {
	sign := 1
	if g.Mover(s) != Drawing {
		sign = -1
	}
	score := func(b *Board) int { return sign * g.ds.Score(b) }
	if g.ds == nil {
		me := g.Mover(s)
		score = func(b *Board) int { return lineScore(&g.R, b, me) }
	}
	type scored struct {
		score int
		s     prove.State
	}
	var arr [256]scored
	sc := arr[:0]
	for _, m := range moves {
		b := g.Unpack(m)
		sc = append(sc, scored{score(&b), m})
	}
	for i := 1; i < len(sc); i++ { // stable insertion sort: few moves
		for j := i; j > 0 && sc[j].score < sc[j-1].score; j-- {
			sc[j], sc[j-1] = sc[j-1], sc[j]
		}
	}
	for i := range sc {
		moves[i] = sc[i].s
	}
}

// DrawScore rates a position just after the drawing player's move, lower
// being safer: for each line the drawing player does not hold, a weight
// that grows with the attacker's visible pieces in it. A line the drawing
// player holds only with smaller pieces than A (ABC's B) is held less
// firmly: an attacker's A on the board can move over the B, so it weighs
// as in heldWeight, unless Plain (any of its pieces holds a line).
type DrawScore struct {
	R     *Rules
	Plain bool
}

var threatWeight = [5]int{0, 1, 6, 40, 1000}

// heldWeight is by the attacker's visible pieces in a line the drawing
// player holds with pieces smaller than A only; at most 3 of them.
var heldWeight = [4]int{0, 0, 2, 12}

func (d *DrawScore) Score(b *Board) int {
	if b.Forfeit { // the side to move has won
		if b.Mover == Attacker {
			return 1 << 30
		}
		return -1 << 30
	}
	vis := d.R.Visible(b)
	sc := 0
	for _, l := range d.R.lines() {
		if vis[Drawing]&l == l && b.Mover == Attacker {
			return -1 << 30 // the drawing player has just won
		}
		if vis[Drawing]&l != 0 {
			if !d.Plain && vis[Drawing]&b.B[0][Drawing]&l == 0 {
				sc += heldWeight[bits.OnesCount16(vis[Attacker]&l)]
			}
			continue
		}
		sc += threatWeight[bits.OnesCount16(vis[Attacker]&l)]
	}
	return sc
}

// lineScore rates the position b just after a move of colour me, lower
// being better for me: a win first, a forfeit last, otherwise the
// opponent's lines free of my pieces weighted by its pieces in them, less
// half the same for mine.
func lineScore(r *Rules, b *Board, me int) int {
	switch r.Outcome(b) {
	case Lost:
		return -1 << 30
	case Won:
		return 1 << 30
	}
	vis := r.Visible(b)
	sc := 0
	for _, l := range r.lines() {
		mine, theirs := bits.OnesCount16(vis[me]&l), bits.OnesCount16(vis[1-me]&l)
		switch {
		case mine == 0:
			sc += 2 * threatWeight[theirs+4-r.N]
		case theirs == 0:
			sc -= threatWeight[mine+4-r.N]
		}
	}
	return sc
}
