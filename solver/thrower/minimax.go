package thrower

import (
	"fmt"
	"math"
	"sort"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// Lost is the value of a line of play in which the placer tops out.
const Lost = -1e18

// Search is the two-player game tree of Kravec's thesis: the thrower
// chooses a piece, the placer answers with a placement, and so on; the
// leaves are scored by a personality's evaluation from the placer's side
// (higher is better for the placer). Values are exact minimax values,
// found with alpha-beta pruning and a transposition table of the positions
// already scored, which is kept between decisions. Ties go to the first
// piece in the allowed order and the first placement in movegen order, so
// the result does not depend on what the table holds: the search is a pure
// function of the position.
//
// Depth counts thrower choices. With the next piece hidden:
//
//	thrower, depth 1: min over pieces p of max over placements m of U(b+m)
//	thrower, depth 2: min_p max_m min_p2 max_m2 U
//
// With the next piece revealed the placer places every known piece before
// the leaf, so depth 1 is min over the next piece n of the best placement
// pair for the current piece and n.
type Search struct {
	pieces  []engine.Piece
	w       *solver.Weights
	opt     solver.Options
	height  int
	kind    bool // the thrower helps: it maximises instead
	levels  []*level
	tt      map[ttKey]ttEntry
	maxTT   int
	Visited int // positions expanded, for benchmarks
}

// level holds the scratch of one ply, so that recursion allocates nothing
// once warm.
type level struct {
	gen    solver.Generator
	pls    []solver.Placement
	boards []*engine.Board
	order  []scored
}

type scored struct {
	i int
	v float64
}

type ttKey struct {
	rows  uint64
	queue uint64
	depth int8
	side  int8
}

type ttFlag uint8

const (
	exact ttFlag = iota
	lower        // the value is at least v
	upper        // the value is at most v
)

type ttEntry struct {
	v    float64
	flag ttFlag
}

// NewSearch prepares a search over the given pieces with a personality's
// weights, in a well of height h, with the placement model of opt.
func NewSearch(pieces []engine.Piece, w *solver.Weights, opt solver.Options, h int) *Search {
	opt.NoPaths = true
	return &Search{pieces: pieces, w: w, opt: opt, height: h, tt: map[ttKey]ttEntry{}, maxTT: 1 << 20}
}

// setHeight changes the well's height; the table's values were for the
// old one.
func (s *Search) setHeight(h int) {
	if h != s.height {
		s.height = h
		clear(s.tt)
	}
}

func (s *Search) level(i int) *level {
	for len(s.levels) <= i {
		s.levels = append(s.levels, &level{})
	}
	return s.levels[i]
}

// board returns a scratch board of level l for slot k, shaped like b.
func (l *level) board(k int, like *engine.Board) *engine.Board {
	for len(l.boards) <= k {
		l.boards = append(l.boards, engine.NewBoard(like.Width, like.Height))
	}
	nb := l.boards[k]
	if nb.Width != like.Width || nb.Height != like.Height {
		nb = engine.NewBoard(like.Width, like.Height)
		l.boards[k] = nb
	}
	return nb
}

// moves generates the legal placements of p on b at ply ply, each applied
// to a scratch board, ordered best first for the placer by the static
// evaluation (which makes the alpha-beta cuts come early). It returns the
// count; the boards and static values are in the level's order slice.
func (s *Search) moves(ply int, b *engine.Board, p engine.Piece) (*level, int) {
	l := s.level(ply)
	l.pls = l.gen.Generate(l.pls[:0], b, p, s.opt)
	sc := solver.NewScorer(s.w, b)
	l.order = l.order[:0]
	n := 0
	for i := range l.pls {
		pl := &l.pls[i]
		if !legal(pl.Placed, s.height) {
			continue
		}
		nb := l.board(n, b)
		nb.CopyFrom(b)
		nb.Place(pl.Placed)
		lines := nb.ClearLines()
		c, _, _ := solver.ClearOf(lines, pl.Spin, nb, 0, -1)
		l.order = append(l.order, scored{i: n, v: sc.Score(pl.Placed, nb, c)})
		if n != i {
			l.pls[n] = *pl
		}
		n++
	}
	sort.SliceStable(l.order, func(a, b int) bool { return l.order[a].v > l.order[b].v })
	return l, n
}

// leaf is the placer's best static value for p on b: the last placement
// before the evaluation, with no order needed. It stops early once the
// value reaches beta (the thrower has a better piece elsewhere).
func (s *Search) leaf(ply int, b *engine.Board, p engine.Piece, beta float64) float64 {
	l := s.level(ply)
	l.pls = l.gen.Generate(l.pls[:0], b, p, s.opt)
	sc := solver.NewScorer(s.w, b)
	nb := l.board(0, b)
	best := Lost
	for i := range l.pls {
		pl := &l.pls[i]
		if !legal(pl.Placed, s.height) {
			continue
		}
		nb.CopyFrom(b)
		nb.Place(pl.Placed)
		lines := nb.ClearLines()
		c, _, _ := solver.ClearOf(lines, pl.Spin, nb, 0, -1)
		if v := sc.Score(pl.Placed, nb, c); v > best {
			best = v
			if best >= beta {
				break
			}
		}
	}
	return best
}

// Thrower is the value of the position where the thrower is to deal a
// piece: b with the pending (already dealt, unplaced) pieces q, depth d >=
// 1 thrower choices left.
func (s *Search) Thrower(b *engine.Board, q []engine.Piece, d int) float64 {
	return s.thrower(0, b, q, d, math.Inf(-1), math.Inf(1))
}

// Placer is the value of the position where the placer is to place q[0]
// (knowing the rest of q) with d thrower choices left after it.
func (s *Search) Placer(b *engine.Board, q []engine.Piece, d int) float64 {
	return s.placer(0, b, q, d, math.Inf(-1), math.Inf(1))
}

func (s *Search) key(b *engine.Board, q []engine.Piece, d int, side int8) ttKey {
	return ttKey{rows: rowsHash(b), queue: piecesHash(0, q), depth: int8(d), side: side}
}

func (s *Search) lookup(k ttKey, alpha, beta float64) (float64, bool) {
	e, ok := s.tt[k]
	if !ok {
		return 0, false
	}
	switch {
	case e.flag == exact,
		e.flag == lower && e.v >= beta,
		e.flag == upper && e.v <= alpha:
		return e.v, true
	}
	return 0, false
}

func (s *Search) store(k ttKey, v, alpha, beta float64) {
	if len(s.tt) >= s.maxTT {
		clear(s.tt) // forgetting costs time only, never changes a result
	}
	f := exact
	switch {
	case v <= alpha:
		f = upper
	case v >= beta:
		f = lower
	}
	s.tt[k] = ttEntry{v: v, flag: f}
}

// thrower: min over the allowed pieces (max for a kind thrower).
func (s *Search) thrower(ply int, b *engine.Board, q []engine.Piece, d int, alpha, beta float64) float64 {
	k := s.key(b, q, d, 0)
	if v, ok := s.lookup(k, alpha, beta); ok {
		return v
	}
	s.Visited++
	qq := make([]engine.Piece, len(q)+1)
	copy(qq, q)
	var best float64
	if s.kind {
		best = math.Inf(-1)
		for _, p := range s.pieces {
			qq[len(q)] = p
			best = max(best, s.placer(ply, b, qq, d-1, math.Inf(-1), math.Inf(1)))
		}
		s.store(k, best, math.Inf(-1), math.Inf(1))
		return best
	}
	best = math.Inf(1)
	for _, p := range s.pieces {
		qq[len(q)] = p
		v := s.placer(ply, b, qq, d-1, alpha, min(beta, best))
		if v < best {
			best = v
		}
		if best <= alpha {
			break
		}
	}
	s.store(k, best, alpha, beta)
	return best
}

// placer: max over the placements of q[0]; at d == 0 every known piece is
// placed and the last placement is scored.
func (s *Search) placer(ply int, b *engine.Board, q []engine.Piece, d int, alpha, beta float64) float64 {
	k := s.key(b, q, d, 1)
	if v, ok := s.lookup(k, alpha, beta); ok {
		return v
	}
	s.Visited++
	if d == 0 && len(q) == 1 {
		v := s.leaf(ply, b, q[0], beta)
		s.store(k, v, alpha, beta)
		return v
	}
	l, n := s.moves(ply, b, q[0])
	best := Lost
	for j := 0; j < n; j++ {
		o := l.order[j]
		var v float64
		switch {
		case d > 0: // the thrower deals next, the rest of q still pending
			v = s.thrower(ply+1, l.boards[o.i], q[1:], d, max(alpha, best), beta)
		case len(q) > 1: // no choices left: place the known pieces
			v = s.placer(ply+1, l.boards[o.i], q[1:], 0, max(alpha, best), beta)
		default:
			v = o.v
		}
		if v > best {
			best = v
		}
		if best >= beta {
			break
		}
	}
	s.store(k, best, alpha, beta)
	return best
}

// Choice is one option at the root of a decision and its value (exact
// for the chosen one; for the others a bound that proves them no better).
type Choice struct {
	Piece engine.Piece
	Value float64
}

// ChoosePiece returns the thrower's piece for b with pending pieces q and
// d choices of look-ahead, and the value of every piece considered.
func (s *Search) ChoosePiece(b *engine.Board, q []engine.Piece, d int) (engine.Piece, []Choice) {
	qq := append(append([]engine.Piece(nil), q...), engine.None)
	var out []Choice
	best, bestV := engine.None, math.Inf(1)
	if s.kind {
		bestV = math.Inf(-1)
	}
	for _, p := range s.pieces {
		qq[len(q)] = p
		var v float64
		if s.kind {
			v = s.Placer(b, qq, d-1)
			if v > bestV {
				best, bestV = p, v
			}
		} else {
			v = s.placer(0, b, qq, d-1, math.Inf(-1), bestV)
			if v < bestV {
				best, bestV = p, v
			}
		}
		out = append(out, Choice{Piece: p, Value: v})
	}
	return best, out
}

// ChoosePlacement returns the placer's best placement of q[0] (knowing the
// rest of q) with d thrower choices of look-ahead after it (d = 0: greedy
// over the known pieces), its value, and ok = false when no legal
// placement exists (the placer has lost).
func (s *Search) ChoosePlacement(b *engine.Board, q []engine.Piece, d int) (solver.Placement, float64, bool) {
	l, n := s.moves(0, b, q[0])
	if n == 0 {
		return solver.Placement{}, Lost, false
	}
	// Copy what the recursion below would overwrite.
	pls := append([]solver.Placement(nil), l.pls[:n]...)
	order := append([]scored(nil), l.order...)
	boards := make([]*engine.Board, n)
	for i := range boards {
		boards[i] = l.boards[i].Clone()
	}
	bestI, bestV := -1, math.Inf(-1)
	for _, o := range order {
		var v float64
		switch {
		case d > 0:
			v = s.thrower(1, boards[o.i], q[1:], d, bestV, math.Inf(1))
		case len(q) > 1:
			v = s.placer(1, boards[o.i], q[1:], 0, bestV, math.Inf(1))
		default:
			v = o.v
		}
		if bestI < 0 || v > bestV {
			bestI, bestV = o.i, v
		}
	}
	return pls[bestI], bestV, true
}

// Minimax is the thrower of Kravec's thesis: at each piece it searches the
// game tree to its depth and deals the piece with the worst guaranteed
// value for the placer.
type Minimax struct {
	s       *Search
	depth   int
	preview bool
	name    string
	Last    []Choice // the values behind the last choice
}

// NewMinimax builds a minimax thrower.
func NewMinimax(o Options) (*Minimax, error) {
	s, err := newSearch(o, "kravec")
	if err != nil {
		return nil, err
	}
	d := max(o.Depth, 1)
	return &Minimax{s: s, depth: d, preview: o.Preview, name: fmt.Sprintf("minimax%d", d)}, nil
}

func newSearch(o Options, defaultPersonality string) (*Search, error) {
	name := o.Personality
	if name == "" {
		name = defaultPersonality
	}
	w, err := solver.PersonalityByName(name)
	if err != nil {
		return nil, err
	}
	return NewSearch(o.pieces(), w, solver.Options{Mode: o.Model}, o.Height), nil
}

// Name is "minimax" and the depth.
func (m *Minimax) Name() string { return m.name }

// Fingerprint is zero: the thrower keeps no state that changes its play.
func (m *Minimax) Fingerprint() uint64 { return 0 }

// Stateless is true: the choice depends on the view alone.
func (m *Minimax) Stateless() bool { return true }

// Next searches and deals the worst piece.
func (m *Minimax) Next(v View) engine.Piece {
	m.s.setHeight(v.Height)
	b, q := settle(m.s, v, m.preview)
	p, ch := m.s.ChoosePiece(b, q, m.depth)
	m.Last = ch
	if p == engine.None { // every line loses: any piece will do
		p = m.s.pieces[0]
	}
	return p
}

// settle prepares the search root from a view: the thrower knows at most
// the current piece (and, with preview, nothing more is revealed beyond
// the piece it is choosing), so pending pieces beyond the first are placed
// greedily first. Without preview the pending piece, if any, is placed
// greedily too: the placer will place it before the new piece matters.
func settle(s *Search, v View, preview bool) (*engine.Board, []engine.Piece) {
	b, q := v.Board, v.Pending
	keep := 0
	if preview {
		keep = 1
	}
	for len(q) > keep {
		pl, _, ok := s.ChoosePlacement(b, q[:1], 0)
		if !ok {
			break
		}
		nb := b.Clone()
		nb.Place(pl.Placed)
		nb.ClearLines()
		b, q = nb, q[1:]
	}
	if len(q) > keep {
		q = q[len(q)-keep:]
	}
	return b, q
}

// Kind is the helping thrower: it deals the piece whose best placement is
// best for the placer.
type Kind struct {
	s       *Search
	preview bool
	Last    []Choice // the values behind the last choice
}

// NewKind builds a kind thrower (depth 1, the placer's evaluation).
func NewKind(o Options) (*Kind, error) {
	s, err := newSearch(o, "kravec")
	if err != nil {
		return nil, err
	}
	s.kind = true
	return &Kind{s: s, preview: o.Preview}, nil
}

// Name is "kind".
func (k *Kind) Name() string { return "kind" }

// Fingerprint is zero: the thrower keeps no state.
func (k *Kind) Fingerprint() uint64 { return 0 }

// Stateless is true: the choice depends on the view alone.
func (k *Kind) Stateless() bool { return true }

// Next deals the most helpful piece.
func (k *Kind) Next(v View) engine.Piece {
	k.s.setHeight(v.Height)
	b, q := settle(k.s, v, k.preview)
	p, ch := k.s.ChoosePiece(b, q, 1)
	k.Last = ch
	if p == engine.None {
		p = k.s.pieces[0]
	}
	return p
}
