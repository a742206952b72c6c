package prove

import (
	"errors"
	"fmt"
	"time"
)

// The proof search: an AND/OR depth-first search over canonical states. At
// the drawing player's nodes (OR) it looks for one move that keeps the
// drawing player safe, trying first a move into a state already proven and
// then the game's own order (MoveOrderer); at the other player's nodes
// (AND) every move must stay safe. A terminal state is safe unless the
// drawing player has lost there.
//
// Cycles: a state met again while it is still being searched is assumed
// safe (the play repeats forever, a draw). Such a success is only tentative
// until the search leaves the first state of its strongly connected part,
// found as in Tarjan's algorithm by discovery numbers and low links; if that
// state fails, every tentative success below it is forgotten and searched
// again when met. Failures never rest on an assumption (they come from lost
// terminal states through other failures), so they are final and kept in the
// transposition table.
//
// The proven states, with the chosen move at each of the drawing player's
// nodes, form the certificate.

// Node states in the transposition table.
const (
	nodeNew       = iota // in the index but not searched (or forgotten)
	nodeActive           // on the search path
	nodeTentative        // searched, safe if the path's assumptions hold
	nodeProven           // safe
	nodeLost             // the attacker forces a loss of the drawing player
)

// ErrTooBig is returned when the proof search would pass Options.MaxBytes.
var ErrTooBig = errors.New("prove: the search passed its memory limit")

// ErrTimeLimit is returned when the search passes Options.Deadline.
var ErrTimeLimit = errors.New("prove: the search passed its time limit")

// Proof is a finished proof search.
type Proof struct {
	Game   string
	Drawer int  // the drawing player: 0 or 1
	Safe   bool // whether the drawing player avoids losing from the start
	// Cert is the certificate: when Safe, the proven states, each with the
	// chosen successor at the drawing player's nodes; otherwise a win
	// certificate for the other player (Certificate.Win).
	Cert *Certificate
	// Searched counts the states the search entered (searches again after
	// a forgotten tentative success counted again); Lost counts states
	// found lost for the drawing player.
	Searched, Lost int64
}

type prover struct {
	g      Game
	drawer int
	o      Options
	order  MoveOrderer

	idx    *Index
	status []uint8
	num    []uint32 // discovery number while active or tentative
	choice []State  // chosen successor of a proven drawing-player node
	// assumed marks an active state that a search below it met again and
	// took as safe: if it fails, what rested on it must be forgotten.
	assumed []bool
	states  []State  // by id
	lostAt  []uint32 // order in which states were found lost: a rank for win certificates
	tent    []uint32 // tentative (and active) ids in discovery order
	clock   uint32
	bufs    [][]State
	depth   int

	searched, lost int64
	forgotten      int64 // tentative successes dropped after a failure
	err            error
	lastSave       time.Time
}

// Prove searches for a strategy by which player drawer avoids losing g from
// its start.
func Prove(g Game, drawer int, o Options) (*Proof, error) {
	p := &prover{g: g, drawer: drawer, o: o, idx: NewIndex(0)}
	p.order, _ = g.(MoveOrderer)
	p.lastSave = time.Now()
	if o.Resume != nil {
		if err := p.resume(o.Resume); err != nil {
			return nil, err
		}
	}
	start := g.Canonical(g.Start())
	ok, _ := p.search(start)
	if p.err != nil {
		return nil, p.err
	}
	pr := &Proof{Game: g.Name(), Drawer: drawer, Safe: ok, Searched: p.searched, Lost: p.lost}
	if ok {
		pr.Cert = p.certificate(start)
	} else {
		pr.Cert = p.winCertificate(start)
	}
	return pr, nil
}

func (p *prover) id(s State) uint32 {
	id, added := p.idx.Add(s)
	if added {
		p.status = append(p.status, nodeNew)
		p.num = append(p.num, 0)
		p.choice = append(p.choice, NoState)
		p.assumed = append(p.assumed, false)
		p.states = append(p.states, s)
		p.lostAt = append(p.lostAt, 0)
	}
	return id
}

func (p *prover) bytes() int64 {
	return p.idx.Bytes() + int64(len(p.status))*22 + int64(len(p.tent))*4
}

// search reports whether s is safe for the drawing player, and the lowest
// discovery number its success rests on (^0 when it rests on nothing).
func (p *prover) search(s State) (bool, uint32) {
	const free = ^uint32(0)
	id := p.id(s)
	switch p.status[id] {
	case nodeProven:
		return true, free
	case nodeLost:
		return false, free
	case nodeActive:
		p.assumed[id] = true
		return true, p.num[id]
	case nodeTentative:
		return true, p.num[id]
	}
	if p.err != nil {
		return false, free
	}
	p.searched++
	if p.searched%progressEvery == 0 {
		p.o.progress(fmt.Sprintf("search: %d lost, %d forgotten, %d deep; states entered", p.lost, p.forgotten, p.depth), p.searched, int64(p.idx.Len()))
		if p.o.MaxBytes > 0 && p.bytes() > p.o.MaxBytes {
			p.err = fmt.Errorf("%w (%d MiB, %d states)", ErrTooBig, p.o.MaxBytes>>20, p.idx.Len())
			return false, free
		}
		if p.o.late() {
			p.err = fmt.Errorf("%w (%d states)", ErrTimeLimit, p.idx.Len())
			return false, free
		}
		if p.o.Checkpoint != nil && time.Since(p.lastSave) >= p.o.checkpointEvery() {
			if err := p.o.Checkpoint(p.writeCheckpoint); err != nil {
				p.err = fmt.Errorf("checkpoint: %w", err)
				return false, free
			}
			p.lastSave = time.Now()
		}
	}
	if over, v := p.g.Terminal(s); over {
		if p.lostFor(s, v) {
			p.markLost(id)
			return false, free
		}
		p.status[id] = nodeProven
		return true, free
	}

	p.clock++
	me := p.clock
	p.num[id] = me
	p.status[id] = nodeActive
	p.assumed[id] = false
	mark := len(p.tent)
	p.tent = append(p.tent, id)
	low := free // the least discovery number the searches below rest on

	if p.depth == len(p.bufs) {
		p.bufs = append(p.bufs, nil)
	}
	moves := p.g.Moves(s, p.bufs[p.depth][:0])
	p.bufs[p.depth] = moves
	p.depth++
	ok := true
	if len(moves) == 0 {
		ok = p.g.Mover(s) != p.drawer // no move: the side to move loses
	} else if p.g.Mover(s) == p.drawer {
		ok = false
		if p.order != nil {
			p.order.OrderMoves(s, moves) // on the moves as played, before canonical forms
		}
		for i, m := range moves {
			moves[i] = p.g.Canonical(m)
		}
		// A move into a proven state first: it adds nothing to the proof.
		for _, m := range moves {
			if cid, found := p.idx.Find(m); found && p.status[cid] == nodeProven {
				p.choice[id], ok = m, true
				break
			}
		}
		if !ok {
			for _, m := range moves {
				safe, l := p.search(m)
				low = min(low, l)
				if safe {
					p.choice[id], ok = m, true
					break
				}
			}
		}
	} else {
		if p.order != nil {
			p.order.OrderMoves(s, moves)
		}
		for i, m := range moves {
			moves[i] = p.g.Canonical(m)
		}
		moves = dedupeKeepOrder(moves)
		// A lost successor ends the node at once: look for one before
		// searching deeper.
		for _, m := range moves {
			if cid, found := p.idx.Find(m); found && p.status[cid] == nodeLost {
				ok = false
				break
			}
		}
		for _, m := range moves {
			if !ok {
				break
			}
			safe, l := p.search(m)
			ok = safe
			low = min(low, l)
		}
	}
	p.depth--

	switch {
	case !ok && p.assumed[id]:
		// Some successes below took s as safe: forget exactly those that
		// rest on s, directly or through one another (lost states stay
		// lost); the others stand.
		p.markLost(id)
		p.forgetDependents(id, mark)
		return false, low
	case !ok:
		// Nothing rested on s: the tentative successes below stand, resting
		// on what they rested on, and wait in the tentative stack for the
		// state that commits them. s stays there too, marked lost.
		p.markLost(id)
		return false, low
	case low >= me:
		for _, t := range p.tent[mark:] {
			if st := p.status[t]; st == nodeTentative || st == nodeActive {
				p.status[t] = nodeProven
			}
		}
		p.tent = p.tent[:mark]
		return true, free
	default:
		p.status[id] = nodeTentative
		return true, low
	}
}

// forgetDependents is called when the state u, entered at tent[mark], has
// failed after a search below it took it as safe. The tentative states
// found since then that rest on u, through their dependencies (the chosen
// move at the drawing player's states, every move at the others'), are
// forgotten; a fixpoint over those states settles it.
func (p *prover) forgetDependents(u uint32, mark int) {
	var cand []uint32 // tentative states found since u, in discovery order
	for _, t := range p.tent[mark+1:] {
		if p.status[t] == nodeTentative {
			cand = append(cand, t)
		}
	}
	if len(cand) == 0 {
		p.tent = p.tent[:mark+1]
		return
	}
	pos := func(d uint32) int { // d's place in cand, or -1
		n := p.num[d]
		lo, hi := 0, len(cand)
		for lo < hi {
			m := (lo + hi) / 2
			if p.num[cand[m]] < n {
				lo = m + 1
			} else {
				hi = m
			}
		}
		if lo < len(cand) && cand[lo] == d {
			return lo
		}
		return -1
	}
	// The dependencies as places in cand; -2 for a dependency that fails
	// outright (u itself, or a state neither safe nor pending).
	start := make([]int, len(cand)+1)
	var deps []int
	var buf []State
	for i, t := range cand {
		s := p.states[t]
		if p.g.Mover(s) == p.drawer {
			buf = append(buf[:0], p.choice[t])
		} else {
			buf = canonicalMoves(p.g, s, buf)
		}
		for _, m := range buf {
			d, _ := p.idx.Find(m)
			switch st := p.status[d]; {
			case d == u || st == nodeNew || st == nodeLost:
				deps = append(deps, -2)
			case st == nodeTentative:
				if j := pos(d); j >= 0 {
					deps = append(deps, j)
				}
			}
		}
		start[i+1] = len(deps)
	}
	bad := make([]bool, len(cand))
	for changed := true; changed; {
		changed = false
		for i := len(cand) - 1; i >= 0; i-- {
			if bad[i] {
				continue
			}
			for _, j := range deps[start[i]:start[i+1]] {
				if j == -2 || bad[j] {
					bad[i], changed = true, true
					break
				}
			}
		}
	}
	keep := p.tent[:mark+1] // u stays, lost, so that its place is kept
	for i, t := range cand {
		if bad[i] {
			p.status[t] = nodeNew
			p.forgotten++
		} else {
			keep = append(keep, t)
		}
	}
	p.tent = keep
}

// markLost records a state found lost for the drawing player, in order:
// everything its loss rests on was found lost before it.
func (p *prover) markLost(id uint32) {
	p.status[id] = nodeLost
	p.lost++
	p.lostAt[id] = uint32(p.lost)
}

// lostFor reports whether a terminal value for the side to move in s means
// the drawing player has lost.
func (p *prover) lostFor(s State, v Value) bool {
	me := p.g.Mover(s) == p.drawer
	return (me && v == Loss) || (!me && v == Win)
}

// certificate collects the proven states reachable from start through the
// chosen moves and all the attacker's moves.
func (p *prover) certificate(start State) *Certificate {
	return walk(&Certificate{Game: p.g.Name(), Drawer: p.drawer, Start: start}, []State{start}, p.drawStep)
}

// drawStep is a draw certificate's entry for s and the states it leads
// to: the drawing player's chosen move, or every move of the attacker.
func (p *prover) drawStep(s State, buf []State) (Entry, []State) {
	e := Entry{State: s, Choice: NoState}
	if over, _ := p.g.Terminal(s); over {
		return e, buf
	}
	if p.g.Mover(s) == p.drawer {
		id, _ := p.idx.Find(s)
		e.Choice = p.choice[id]
		return e, append(buf, e.Choice)
	}
	return e, canonicalMoves(p.g, s, buf)
}

// walk fills c with the entries of the states reachable from roots,
// depth first, where step gives a state's entry and appends to buf the
// states it leads to; every certificate is collected this way.
func walk(c *Certificate, roots []State, step func(s State, buf []State) (Entry, []State)) *Certificate {
	seen := NewIndex(0)
	var stack, buf []State
	for _, r := range roots {
		if _, added := seen.Add(r); added {
			stack = append(stack, r)
		}
	}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		var e Entry
		e, buf = step(s, buf[:0])
		for _, m := range buf {
			if _, added := seen.Add(m); added {
				stack = append(stack, m)
			}
		}
		c.Entries = append(c.Entries, e)
	}
	c.sort()
	return c
}

// progressEvery is how many states the search enters between progress
// reports, memory checks and checkpoint times (small in tests).
var progressEvery int64 = 1 << 16

// winCertificate collects, from a failed search, the other player's win:
// the lost states reachable from start through one winning move at the
// other player's states (the one found lost first) and every move of the
// drawing player, each ranked by the order it was found lost in.
func (p *prover) winCertificate(start State) *Certificate {
	rank := func(s State) (uint32, bool) {
		id, ok := p.idx.Find(s)
		if !ok {
			return 0, false
		}
		return p.lostAt[id], p.status[id] == nodeLost
	}
	return walk(&Certificate{Game: p.g.Name(), Drawer: p.drawer, Start: start, Win: true}, []State{start},
		func(s State, buf []State) (Entry, []State) { return winStep(p.g, p.drawer, s, buf, rank) })
}

// winStep is a win certificate's entry for s and the states it leads to:
// every move of the drawing player, and at the other player's states the
// proven successor ranked first. rank gives a state's rank and whether it
// is proven lost for the side to move.
func winStep(g Game, drawer int, s State, buf []State, rank func(State) (uint32, bool)) (Entry, []State) {
	r, _ := rank(s)
	e := Entry{State: s, Choice: NoState, Rank: r}
	if over, _ := g.Terminal(s); over {
		return e, buf
	}
	buf = canonicalMoves(g, s, buf)
	if g.Mover(s) != drawer {
		first := uint32(0)
		for _, m := range buf {
			if r, lost := rank(m); lost && (first == 0 || r < first) {
				first, e.Choice = r, m
			}
		}
		buf = append(buf[:0], e.Choice)
	}
	return e, buf
}
