package solver

import (
	"slices"

	"github.com/kocka/kocka/engine"
)

// State is what the bot knows of a game when a piece is to be placed.
type State struct {
	Board    *engine.Board
	Current  engine.Piece   // the piece to place
	Hold     engine.Piece   // the held piece, or engine.None
	CanHold  bool           // hold may be used for the current piece
	HoldRule bool           // the rules allow hold at all (for later pieces)
	Queue    []engine.Piece // the visible next pieces, next first
	B2B      int            // back-to-back chain length (engine.Game.BackToBack)
	Combo    int            // combo counter, -1 when none runs (engine.Game.Combo)
	SpawnRow int            // where pieces enter (engine.Game.SpawnRow)
	Visible  int            // visible height of the field: a lock wholly above it loses
	Kicks    *engine.KickTable
	Mode     Mode
}

// StateOf reads the State of a game in progress, with the visible preview.
func StateOf(g *engine.Game, mode Mode) State {
	cfg := g.Config()
	cur, _ := g.Current()
	q := g.Queue()
	q = q[:min(len(q), cfg.Preview)]
	return State{
		Board:    g.Board(),
		Current:  cur.Piece,
		Hold:     g.Hold(),
		CanHold:  cfg.Hold && !g.HoldUsed(),
		HoldRule: cfg.Hold,
		Queue:    q,
		B2B:      g.BackToBack(),
		Combo:    g.Combo(),
		SpawnRow: g.SpawnRow(),
		Visible:  g.VisibleHeight(),
		Kicks:    g.Kicks(),
		Mode:     mode,
	}
}

// lost is the value of a line of play that tops out.
const lost = -1e18

// node is one position of the beam: a board after some placements, the
// pieces still to come, and the value of the path that led to it.
type node struct {
	board      *engine.Board
	cur, hold  engine.Piece
	next       int // index into the queue of the next piece to come
	b2b, combo int
	acc        float64 // sum of the move evaluations along the path
	value      float64 // acc + board evaluation of board
	root       int     // index of the first placement of the path among the candidates
}

// searcher is the beam search and the buffers it reuses between plans.
type searcher struct {
	gen     Generator
	places  []Placement
	beam    []node
	next    []node
	free    []*engine.Board
	scratch *engine.Board
	roots   []Candidate
	paths   []Move // the candidates' paths, copied out of the generator's buffers
}

func (s *searcher) board(like *engine.Board) *engine.Board {
	if n := len(s.free); n > 0 {
		b := s.free[n-1]
		s.free = s.free[:n-1]
		if b.Width == like.Width && b.Height == like.Height {
			return b
		}
	}
	return engine.NewBoard(like.Width, like.Height)
}

func (s *searcher) release(nodes []node) {
	for _, n := range nodes {
		s.free = append(s.free, n.board)
	}
}

// search runs a beam search of the given depth (placements) and width
// (positions kept per depth) from st with weights w. It returns the
// candidates for the current piece (held or not), each with the best value
// found below it, best first.
func (s *searcher) search(st *State, w *Weights, depth, width int) []Candidate {
	s.release(s.beam)
	s.beam = s.beam[:0]
	s.roots = s.roots[:0]
	s.paths = s.paths[:0]
	if s.scratch == nil || s.scratch.Width != st.Board.Width || s.scratch.Height != st.Board.Height {
		s.scratch = engine.NewBoard(st.Board.Width, st.Board.Height)
	}
	rootBoard := s.board(st.Board)
	rootBoard.CopyFrom(st.Board)
	s.beam = append(s.beam, node{board: rootBoard, cur: st.Current, hold: st.Hold, next: 0,
		b2b: st.B2B, combo: st.Combo, root: -1})

	// Every line of play must have a piece at every depth.
	depth = min(max(depth, 1), 1+len(st.Queue))
	for d := 0; d < depth; d++ {
		s.next = s.next[:0]
		for i := range s.beam {
			s.expand(st, w, &s.beam[i], d == 0 && st.CanHold || d > 0 && st.HoldRule, d == 0, width)
		}
		if len(s.next) == 0 {
			break
		}
		s.release(s.beam)
		s.beam, s.next = s.next, s.beam
		for _, n := range s.beam {
			r := &s.roots[n.root]
			if r.Depth < d+1 || r.Depth == d+1 && n.value > r.Score {
				r.Depth, r.Score = d+1, n.value
			}
		}
	}
	// Values are comparable only between paths of the same length: the
	// candidates that lasted deepest in the beam come first.
	slices.SortStableFunc(s.roots, func(a, b Candidate) int {
		switch {
		case a.Depth != b.Depth:
			return b.Depth - a.Depth
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return 0
	})
	return s.roots
}

// expand adds the children of n to s.next, keeping the best width of them
// (a min-heap on value), or every child at the first depth, which become
// the candidates.
func (s *searcher) expand(st *State, w *Weights, n *node, canHold, first bool, width int) {
	if n.cur != engine.None {
		s.children(st, w, n, n.cur, n.hold, n.next, false, first, width)
	}
	if !canHold {
		return
	}
	switch {
	case n.hold == engine.None && n.cur != engine.None && n.next < len(st.Queue):
		// The current piece goes to hold and the next one comes out.
		s.children(st, w, n, st.Queue[n.next], n.cur, n.next+1, true, first, width)
	case n.hold != engine.None && n.hold != n.cur:
		s.children(st, w, n, n.hold, n.cur, n.next, true, first, width)
	}
}

// children evaluates every placement of piece on n's board and offers each
// to the next beam; hold and next describe the pieces after it.
func (s *searcher) children(st *State, w *Weights, n *node, piece, hold engine.Piece, next int, held, first bool, width int) {
	// Only the first placements need their input paths.
	opt := Options{Mode: st.Mode, Kicks: st.Kicks, SpawnRow: st.SpawnRow, NoPaths: !first}
	s.places = s.gen.Generate(s.places[:0], n.board, piece, opt)
	scorer := NewScorer(w, n.board)
	cur := engine.None
	if next < len(st.Queue) {
		cur = st.Queue[next]
	}
	for _, p := range s.places {
		a := s.scratch
		a.CopyFrom(n.board)
		a.Place(p.Placed)
		lines := a.ClearLines()
		c, b2b, combo := ClearOf(lines, p.Spin, a, n.b2b, n.combo)
		acc := n.acc + scorer.Move(p.Placed, a, c)
		value := acc + scorer.Board(a)
		if p.Bottom() >= st.Visible || cur != engine.None && !a.Fits(spawnOf(cur, a, st.SpawnRow)) {
			value = lost + value/1e6 // topped out: worse than anything alive
		}
		root := n.root
		if first {
			root = len(s.roots)
			s.roots = append(s.roots, Candidate{Placement: s.keep(p), Hold: held, Score: value, Depth: 1})
		}
		s.push(node{cur: cur, hold: hold, next: next + 1, b2b: b2b, combo: combo, acc: acc, value: value, root: root}, a, width)
	}
}

// push offers a child to s.next, a min-heap of at most width nodes by value.
func (s *searcher) push(c node, b *engine.Board, width int) {
	if len(s.next) < width {
		c.board = s.board(b)
		c.board.CopyFrom(b)
		s.next = append(s.next, c)
		s.up(len(s.next) - 1)
		return
	}
	if c.value <= s.next[0].value {
		return
	}
	c.board = s.next[0].board
	c.board.CopyFrom(b)
	s.next[0] = c
	s.down(0)
}

func (s *searcher) up(i int) {
	h := s.next
	for i > 0 {
		p := (i - 1) / 2
		if h[p].value <= h[i].value {
			break
		}
		h[p], h[i] = h[i], h[p]
		i = p
	}
}

func (s *searcher) down(i int) {
	h := s.next
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && h[r].value < h[l].value {
			m = r
		}
		if h[i].value <= h[m].value {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// spawnOf is where piece p enters on b.
func spawnOf(p engine.Piece, b *engine.Board, spawnRow int) engine.Placed {
	return engine.SpawnPosition(p, b.Width, spawnRow)
}

// keep copies p's path into the searcher's own buffer, which lives until
// the next search.
func (s *searcher) keep(p Placement) Placement {
	n := len(s.paths)
	s.paths = append(s.paths, p.Path...)
	p.Path = s.paths[n:len(s.paths):len(s.paths)]
	return p
}
