package hatetris

import (
	"fmt"
	"runtime"
	"sort"
	"sync"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// Beam is Kocka's placer against HATETRIS: a beam search over the game
// tree. The enemy is deterministic, so every well has exactly one next
// piece; the search keeps the Width best wells after each piece (ranked by
// lines cleared and a personality's evaluation of the well), merges
// transpositions (the same well reached with the same lines), and follows
// the enemy's rule against repeated wells exactly, each line of play with
// its own memory of the wells it went through.
type Beam struct {
	Rules Rules
	Width int
	// Eval scores a well, higher is better for the player.
	Eval func(w *Well) float64
	// LineWeight is what one cleared line is worth against Eval.
	LineWeight float64
	// Workers is how many goroutines expand the beam (Eval must be safe
	// for concurrent use).
	Workers int

	search   *Search          // for rebuilding paths
	searches []*Search        // one per worker
	nodes    map[Well][]*Node // every kept node by its well, for the loop rule
	beam     []*Node
	best     *Node // the line of play with the most lines so far, the longest of equals
	Depth    int   // pieces placed in the beam's current wells
}

// Node is one well in the search: how it was reached (the parent, the
// piece and where it locked), the lines so far and whether the game is
// over there.
type Node struct {
	Parent *Node
	Well   Well
	ID     engine.Piece // the piece that was placed to get here
	At     Piece        // where it locked
	Score  int
	Pieces int
	Over   bool
	value  float64
}

// PersonalityEval returns an evaluation of wells by a solver personality's
// board features.
func PersonalityEval(r Rules, name string) (func(*Well) float64, error) {
	w, err := solver.PersonalityByName(name)
	if err != nil {
		return nil, err
	}
	return func(wl *Well) float64 {
		b := wl.Board(r, 0)
		sc := solver.NewScorer(w, b)
		return sc.Board(b)
	}, nil
}

// NewBeam starts a search from the empty well.
func NewBeam(r Rules, width int, eval func(*Well) float64) *Beam {
	b := &Beam{Rules: r, Width: max(width, 1), Eval: eval, LineWeight: 1000, Workers: runtime.NumCPU(),
		search: NewSearch(r), nodes: map[Well][]*Node{}}
	root := &Node{}
	b.keep(root)
	b.beam = []*Node{root}
	b.best = root
	return b
}

func (b *Beam) keep(n *Node) { b.nodes[n.Well] = append(b.nodes[n.Well], n) }

// seen reports whether well w is n's well or one of its ancestors'.
func (b *Beam) seen(n *Node, w *Well) bool {
	for _, o := range b.nodes[*w] {
		a := n
		for a != nil && a.Pieces > o.Pieces {
			a = a.Parent
		}
		if a == o {
			return true
		}
	}
	return false
}

// enemy is the HATETRIS choice for node n, with its memory being n's line
// of play.
func (b *Beam) enemy(s *Search, n *Node) engine.Piece {
	evals := make([]Evaluation, 0, len(pieceOrder))
	for rank, id := range pieceOrder {
		ev := Evaluation{Piece: id, HighestPeak: -1, Rank: rank}
		for _, l := range s.Landings(&n.Well, id) {
			ev.HighestPeak = max(ev.HighestPeak, l.Well.Peak(b.Rules))
			if !ev.LeadsIntoCycle {
				ev.LeadsIntoCycle = b.seen(n, &l.Well)
			}
		}
		evals = append(evals, ev)
	}
	return Worst(evals).Piece
}

// Step places one more piece in every well of the beam and keeps the best
// Width results. It returns false when every line of play is over. The
// wells are expanded on Workers goroutines; the result does not depend on
// their number.
func (b *Beam) Step() bool {
	children := make([][]*Node, len(b.beam))
	workers := max(1, min(b.Workers, len(b.beam)/64+1))
	for len(b.searches) < workers {
		b.searches = append(b.searches, NewSearch(b.Rules))
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(s *Search, from int) {
			defer wg.Done()
			for i := from; i < len(b.beam); i += workers {
				children[i] = b.expand(s, b.beam[i])
			}
		}(b.searches[w], w)
	}
	wg.Wait()

	type key struct {
		w     Well
		score int
	}
	merged := map[key]bool{}
	var next []*Node
	for _, cs := range children {
		for _, c := range cs {
			if c.Score > b.best.Score || c.Score == b.best.Score && c.Pieces > b.best.Pieces {
				b.best = c
			}
			if c.Over {
				continue
			}
			k := key{c.Well, c.Score}
			if merged[k] {
				continue // a transposition: the first line of play stands
			}
			merged[k] = true
			next = append(next, c)
		}
	}
	sort.SliceStable(next, func(i, j int) bool { return next[i].value > next[j].value })
	if len(next) > b.Width {
		next = next[:b.Width]
	}
	b.beam = next
	b.Depth++
	for _, c := range next {
		b.keep(c)
	}
	if b.Depth%32 == 0 {
		b.prune()
	}
	return len(next) > 0
}

// expand returns the wells one piece after n: the enemy's piece in every
// place it can land, each scored (unless the game is over there).
func (b *Beam) expand(s *Search, n *Node) []*Node {
	id := b.enemy(s, n)
	ls := s.Landings(&n.Well, id)
	out := make([]*Node, len(ls))
	for i, l := range ls {
		c := &Node{Parent: n, Well: l.Well, ID: id, At: l.At, Score: n.Score + l.Lines, Pieces: n.Pieces + 1}
		c.Over = Over(b.Rules, &c.Well)
		if !c.Over {
			c.value = float64(c.Score)*b.LineWeight + b.Eval(&c.Well)
		}
		out[i] = c
	}
	return out
}

// prune forgets the kept nodes that are no longer an ancestor of a well in
// the beam (only ancestors matter for the loop rule), so that dead lines
// of play can be collected; the best line so far is kept too.
func (b *Beam) prune() {
	live := map[*Node]bool{}
	for _, n := range append([]*Node{b.best}, b.beam...) {
		for a := n; a != nil && !live[a]; a = a.Parent {
			live[a] = true
		}
	}
	nodes := make(map[Well][]*Node, len(live))
	for n := range live {
		nodes[n.Well] = append(nodes[n.Well], n)
	}
	b.nodes = nodes
}

// Best is the line of play with the most lines found so far.
func (b *Beam) Best() *Node { return b.best }

// Alive is how many wells the beam holds.
func (b *Beam) Alive() int { return len(b.beam) }

// Moves rebuilds the key presses of the line of play ending at n, from
// the empty well: for each piece, a shortest path to where it locked.
func (b *Beam) Moves(n *Node) ([]Move, error) {
	var chain []*Node
	for a := n; a.Parent != nil; a = a.Parent {
		chain = append(chain, a)
	}
	var moves []Move
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		ls := b.search.Landings(&c.Parent.Well, c.ID)
		found := -1
		for j := range ls {
			if ls[j].At == c.At {
				found = j
				break
			}
		}
		if found < 0 {
			return nil, fmt.Errorf("hatetris: piece %d (%v) has no path to its landing", c.Pieces, c.ID)
		}
		moves = append(moves, b.search.Path(found)...)
	}
	return moves, nil
}
