package gobai

import (
	"math/bits"
	"slices"

	"github.com/kocka/kocka/solver/prove/gobblet"
)

// Searcher is the computer player for any game of the family: iterative
// deepening negamax with alpha-beta pruning, a transposition table and a
// node budget, so that its move depends on the position and the budget
// only (never on the clock) and is the same natively and in the browser.
type Searcher struct {
	R gobblet.Rules
	// Nodes is the budget: positions visited per move (MaxNodes if 0).
	Nodes int
	// Depth caps the deepening (MaxDepth if 0).
	Depth int
	// Seed breaks ties between equal moves at the root, so that new games
	// differ.
	Seed uint64
	// Yield, if set, is called every YieldEvery nodes: the browser's
	// cooperative goroutines need it to let frames through (Thinker sets
	// it).
	Yield func()
	// Stop, if set, is asked every YieldEvery nodes: true abandons the
	// search (its answer is not wanted).
	Stop func() bool

	tt    []ttEntry
	nodes int
	stop  bool
	zob   *[gobblet.MaxSizes][2][16]uint64
}

// Search limits. The budget is about half a second of CPU natively for
// Gobblet's 4x4 (BenchmarkSearchFull).
const (
	MaxNodes   = 200_000
	MaxDepth   = 12
	YieldEvery = 512
	ttSize     = 1 << 16
	winScore   = 1 << 20
)

type ttEntry struct {
	key   uint64
	depth int8
	flag  int8 // 0 exact, 1 lower bound, 2 upper bound
	score int32
	best  gobblet.Move
}

// SearchResult is the move found and what the search saw.
type SearchResult struct {
	Move  gobblet.Move
	Score int // for the side to move; > WinScore/2 means a forced win
	Depth int // the deepest completed iteration
	Nodes int
}

// WinScore is the score of a won position (less the plies to the win).
const WinScore = winScore

func (s *Searcher) init() {
	if s.tt == nil {
		s.tt = make([]ttEntry, ttSize)
		s.zob = &zobrist
	}
	clear(s.tt)
}

var zobrist = func() (z [gobblet.MaxSizes][2][16]uint64) {
	x := uint64(0x9e3779b97f4a7c15)
	for i := range z {
		for c := range z[i] {
			for q := range z[i][c] {
				x ^= x << 13
				x ^= x >> 7
				x ^= x << 17
				z[i][c][q] = x
			}
		}
	}
	return z
}()

func (s *Searcher) hash(b *gobblet.Board) uint64 {
	h := uint64(b.Mover)*0x51afd7ed558ccd + uint64(btoi(b.Forfeit))*0xc4ceb9fe1a85ec53
	for z := range b.B {
		for c := range b.B[z] {
			for f := b.B[z][c]; f != 0; f &= f - 1 {
				h ^= s.zob[z][c][bits.TrailingZeros16(f)]
			}
		}
	}
	return h
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Best searches position b (not over) and returns its move.
func (s *Searcher) Best(b gobblet.Board) SearchResult {
	s.init()
	budget, maxDepth := s.Nodes, s.Depth
	if budget <= 0 {
		budget = MaxNodes
	}
	if maxDepth <= 0 {
		maxDepth = MaxDepth
	}
	s.nodes, s.stop = 0, false
	root := s.R.Moves(&b, nil)
	if len(root) == 0 {
		return SearchResult{}
	}
	// Ties at the root go by a seeded order.
	key := func(m gobblet.Move) uint64 {
		x := s.Seed ^ uint64(uint8(m.From))<<16 ^ uint64(m.To)<<8 ^ uint64(m.Size)
		x *= 0x9e3779b97f4a7c15
		return x ^ x>>29
	}
	slices.SortStableFunc(root, func(a, c gobblet.Move) int {
		ka, kc := key(a), key(c)
		switch {
		case ka < kc:
			return -1
		case ka > kc:
			return 1
		}
		return 0
	})
	res := SearchResult{Move: root[0]}
	for d := 1; d <= maxDepth; d++ {
		best, score, done := s.root(b, root, d, budget)
		if !done {
			break
		}
		res = SearchResult{Move: best, Score: score, Depth: d}
		// Search the best move first next time.
		i := slices.Index(root, best)
		copy(root[1:i+1], root[:i])
		root[0] = best
		if score > winScore/2 || score < -winScore/2 {
			break // a forced result: deeper search cannot change it
		}
	}
	res.Nodes = s.nodes
	return res
}

func (s *Searcher) root(b gobblet.Board, moves []gobblet.Move, depth, budget int) (gobblet.Move, int, bool) {
	alpha, beta := -winScore-1, winScore+1
	best := moves[0]
	for _, m := range moves {
		nb := s.R.Play(b, m)
		v := -s.negamax(&nb, depth-1, 1, -beta, -alpha, budget)
		if s.stop {
			return best, alpha, false
		}
		if v > alpha {
			alpha, best = v, m
		}
	}
	return best, alpha, true
}

// negamax scores b for its side to move, ply plies from the root.
func (s *Searcher) negamax(b *gobblet.Board, depth, ply, alpha, beta, budget int) int {
	s.nodes++
	if s.nodes%YieldEvery == 0 {
		if s.Yield != nil {
			s.Yield()
		}
		if s.Stop != nil && s.Stop() {
			s.stop = true
			return 0
		}
	}
	if s.nodes >= budget {
		s.stop = true
		return 0
	}
	switch s.R.Outcome(b) {
	case gobblet.Won:
		return winScore - ply
	case gobblet.Lost:
		return -winScore + ply
	}
	if depth <= 0 {
		return Evaluate(&s.R, b)
	}
	h := s.hash(b)
	e := &s.tt[h%ttSize]
	var ttMove gobblet.Move
	hasTT := false
	if e.key == h {
		ttMove, hasTT = e.best, true
		if int(e.depth) >= depth {
			v := int(e.score)
			switch {
			case e.flag == 0:
				return v
			case e.flag == 1 && v >= beta:
				return v
			case e.flag == 2 && v <= alpha:
				return v
			}
		}
	}
	var buf [256]gobblet.Move
	moves := s.R.Moves(b, buf[:0])
	if len(moves) == 0 {
		return -winScore + ply // no move loses (never happens in these games)
	}
	s.order(b, moves, ttMove, hasTT)
	a0 := alpha
	best := moves[0]
	bestV := -winScore - 1
	for _, m := range moves {
		nb := s.R.Play(*b, m)
		v := -s.negamax(&nb, depth-1, ply+1, -beta, -alpha, budget)
		if s.stop {
			return 0
		}
		if v > bestV {
			bestV, best = v, m
		}
		if v > alpha {
			alpha = v
		}
		if alpha >= beta {
			break
		}
	}
	flag := int8(0)
	switch {
	case bestV <= a0:
		flag = 2
	case bestV >= beta:
		flag = 1
	}
	*e = ttEntry{key: h, depth: int8(depth), flag: flag, score: int32(bestV), best: best}
	return bestV
}

// order puts the remembered best move first, then moves by a quick guess:
// a move that completes a line, then moves onto a square where the
// opponent shows, then larger pieces.
func (s *Searcher) order(b *gobblet.Board, moves []gobblet.Move, tt gobblet.Move, hasTT bool) {
	me := b.Mover
	vis := s.R.Visible(b)
	guess := func(m gobblet.Move) int {
		if hasTT && m == tt {
			return 1 << 20
		}
		g := 0
		after := vis[me]
		if m.From >= 0 {
			after &^= 1 << m.From
		}
		after |= 1 << m.To
		for _, l := range lines(&s.R) {
			if l&(1<<m.To) == 0 {
				continue
			}
			n := bits.OnesCount16(after & l)
			if n == s.R.N && after&l == l {
				g += 1 << 16
			}
			g += n * n
			if vis[1-me]&l != 0 {
				g += bits.OnesCount16(vis[1-me]&l) * 2
			}
		}
		if vis[1-me]&(1<<m.To) != 0 {
			g += 8
		}
		return g*4 - int(m.Size)
	}
	var keys [256]int
	for i, m := range moves {
		keys[i] = guess(m)
	}
	for i := 1; i < len(moves); i++ { // insertion sort, best first
		for j := i; j > 0 && keys[j] > keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// lineCache holds each board side's lines (Rules.Lines builds a new slice).
var lineCache = [5][]uint16{3: (&gobblet.Rules{N: 3}).Lines(), 4: (&gobblet.Rules{N: 4}).Lines()}

func lines(r *gobblet.Rules) []uint16 { return lineCache[r.N] }

// lineWeight scores a line holding k pieces of one colour and none of the
// other, by how many more it needs (index N-k).
var lineWeight = [5]int{0, 400, 40, 6, 1}

// Evaluate scores a position that is not over for its side to move: for
// each line free of the other colour, a weight growing with the pieces in
// it (the opponent's count against), and a little for large pieces in
// view, which cannot be covered.
func Evaluate(r *gobblet.Rules, b *gobblet.Board) int {
	me := b.Mover
	vis := r.Visible(b)
	sc := 0
	for _, l := range lines(r) {
		mine, theirs := bits.OnesCount16(vis[me]&l), bits.OnesCount16(vis[1-me]&l)
		switch {
		case theirs == 0 && mine > 0:
			sc += lineWeight[r.N-mine]
		case mine == 0 && theirs > 0:
			// The opponent moves next: its lines weigh more.
			sc -= lineWeight[r.N-theirs] * 3 / 2
		}
	}
	for z := 0; z < gobblet.MaxSizes; z++ {
		sc += (gobblet.MaxSizes - z) * (bits.OnesCount16(b.B[z][me]&vis[me]) - bits.OnesCount16(b.B[z][1-me]&vis[1-me]))
	}
	return sc
}
