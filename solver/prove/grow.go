package prove

import (
	"fmt"
	"io"
	"time"
)

// Grow proves, like Prove, that player drawer avoids losing g, but grows
// the certificate breadth first from the start, as Bureš's Algorithm 1
// checks a drawing strategy, repairing the strategy where it fails: at
// each of the drawing player's states it follows the first move (in the
// game's order) not known to be lost, at the other player's states it
// takes every move. A lost state is final; its loss runs back along the
// stored predecessor edges: a state of the other player with a lost
// successor is lost, a state of the drawing player whose chosen move is
// lost moves on to its next move, or is lost when none is left. Nothing is
// ever forgotten or searched twice, at the price of 8 bytes an edge.
// When nothing is left to grow, the states reachable from the start
// through the chosen moves form the certificate; once the start is lost,
// the search stops and returns the other side's win certificate.
// Options.Checkpoint saves the whole working state (growcheckpoint.go)
// and Options.Resume goes on from such a save.
func Grow(g Game, drawer int, o Options) (*Proof, error) {
	w := &grower{g: g, drawer: drawer, o: o}
	w.p = &prover{g: g, drawer: drawer, o: o, idx: NewIndex(0)}
	w.order, _ = g.(MoveOrderer)
	start := g.Canonical(g.Start())
	var expanded int64
	if o.Resume != nil {
		var err error
		if expanded, err = w.resume(o.Resume); err != nil {
			return nil, err
		}
	}
	sid := w.add(start) // the first state of a checkpoint too
	expanded, err := w.run(expanded, "grow", func() bool { return w.p.status[sid] == nodeLost }, true)
	if err != nil {
		return nil, err
	}
	p := w.p
	pr := &Proof{Game: g.Name(), Drawer: drawer, Safe: p.status[sid] != nodeLost, Searched: expanded, Lost: p.lost}
	if pr.Safe {
		for i := range p.status {
			if p.status[i] != nodeLost {
				p.status[i] = nodeProven
			}
		}
		pr.Cert = p.certificate(start)
	} else {
		pr.Cert = p.winCertificate(start)
	}
	return pr, nil
}

// run is the growing loop, from expanded states done: a loss found is
// propagated first, else the next state in the queue is expanded, until
// the queue is empty or rootLost. Every progressEvery expansions it
// reports (what names the run), holds the memory and time limits, and,
// with checkpoint, saves one when it is due.
func (w *grower) run(expanded int64, what string, rootLost func() bool, checkpoint bool) (int64, error) {
	lastSave := time.Now()
	for (len(w.lostQ) > 0 || w.qi < len(w.queue)) && !rootLost() {
		if len(w.lostQ) > 0 {
			c := w.lostQ[len(w.lostQ)-1]
			w.lostQ = w.lostQ[:len(w.lostQ)-1]
			w.propagate(c)
			continue
		}
		id := w.queue[w.qi]
		w.qi++
		if w.p.status[id] == nodeLost {
			continue
		}
		w.expand(id)
		expanded++
		if expanded%progressEvery != 0 {
			continue
		}
		w.o.progress(fmt.Sprintf("%s: %d lost, %d edges, %d waiting; states expanded", what, w.p.lost, len(w.edgeParent), len(w.queue)-w.qi), expanded, int64(w.p.idx.Len()))
		if w.o.MaxBytes > 0 && w.bytes() > w.o.MaxBytes {
			return expanded, fmt.Errorf("%w (%d MiB, %d states, %d edges)", ErrTooBig, w.o.MaxBytes>>20, w.p.idx.Len(), len(w.edgeParent))
		}
		if w.o.late() {
			return expanded, fmt.Errorf("%w (%d states)", ErrTimeLimit, w.p.idx.Len())
		}
		w.queue = append(w.queue[:0], w.queue[w.qi:]...) // drop the expanded part
		w.qi = 0
		if checkpoint && w.o.Checkpoint != nil && time.Since(lastSave) >= w.o.checkpointEvery() {
			err := w.o.Checkpoint(func(out io.Writer) error { return w.writeCheckpoint(out, expanded) })
			if err != nil {
				return expanded, fmt.Errorf("checkpoint: %w", err)
			}
			lastSave = time.Now()
		}
	}
	return expanded, nil
}

type grower struct {
	g      Game
	drawer int
	o      Options
	order  MoveOrderer
	p      *prover // the index, statuses, choices and loss order

	next       []uint16 // at the drawing player's states: the place of the next move to try
	head       []int32  // first predecessor edge of each state, -1 for none
	edgeParent []uint32
	edgeNext   []int32
	queue      []uint32
	qi         int
	lostQ      []uint32
	buf        []State
}

func (w *grower) bytes() int64 {
	return w.p.bytes() + int64(len(w.head))*6 + int64(cap(w.edgeParent))*8 + int64(cap(w.queue))*4
}

// add indexes s and, when new, queues it, or marks it lost at once if it
// is a terminal state lost for the drawing player.
func (w *grower) add(s State) uint32 {
	n := w.p.idx.Len()
	id := w.p.id(s)
	if int(id) == n {
		w.next = append(w.next, 0)
		w.head = append(w.head, -1)
		if over, v := w.g.Terminal(s); over {
			if w.p.lostFor(s, v) {
				w.p.markLost(id) // nothing points to it yet
			}
		} else {
			w.queue = append(w.queue, id)
		}
	}
	return id
}

func (w *grower) edge(child, parent uint32) {
	w.edgeParent = append(w.edgeParent, parent)
	w.edgeNext = append(w.edgeNext, w.head[child])
	w.head[child] = int32(len(w.edgeParent) - 1)
}

func (w *grower) lose(id uint32) {
	w.p.markLost(id)
	w.lostQ = append(w.lostQ, id)
}

func (w *grower) expand(id uint32) {
	s := w.p.states[id]
	if w.g.Mover(s) == w.drawer {
		w.choose(id)
		return
	}
	w.buf = canonicalMoves(w.g, s, w.buf)
	if len(w.buf) == 0 {
		return // the other player cannot move: it has lost
	}
	for _, m := range w.buf {
		c := w.add(m)
		if w.p.status[c] == nodeLost {
			w.lose(id)
			return
		}
		w.edge(c, id)
	}
}

// choose sets the drawing player's move at id to the first one, from
// next[id] on, not known to be lost, or loses id when none is left. With
// Options.Reuse it may take a later move into a state already met; next[id]
// stays at the first move not known to be lost, so that a failure of that
// choice sends choose back over the moves it skipped.
func (w *grower) choose(id uint32) {
	s := w.p.states[id]
	moves := w.g.Moves(s, w.buf[:0])
	if w.order != nil {
		w.order.OrderMoves(s, moves)
	}
	for i, m := range moves {
		moves[i] = w.g.Canonical(m)
	}
	moves = dedupeKeepOrder(moves)
	w.buf = moves
	lo := int(w.next[id])
	for ; lo < len(moves); lo++ {
		if c, ok := w.p.idx.Find(moves[lo]); !ok || w.p.status[c] != nodeLost {
			break
		}
	}
	w.next[id] = uint16(lo)
	if w.o.Reuse > 0 {
		fresh := 0
		for k := lo; k < len(moves) && fresh < w.o.Reuse; k++ {
			c, ok := w.p.idx.Find(moves[k])
			switch {
			case !ok:
				fresh++
			case w.p.status[c] != nodeLost:
				w.p.choice[id] = moves[k]
				w.edge(c, id)
				return
			}
		}
	}
	for k := lo; k < len(moves); k++ {
		c := w.add(moves[k])
		if w.p.status[c] == nodeLost {
			continue
		}
		w.next[id] = uint16(k)
		w.p.choice[id] = moves[k]
		w.edge(c, id)
		return
	}
	w.lose(id)
}

// propagate runs the loss of c back to its predecessors.
func (w *grower) propagate(c uint32) {
	cs := w.p.states[c]
	for e := w.head[c]; e >= 0; e = w.edgeNext[e] {
		par := w.edgeParent[e]
		if w.p.status[par] == nodeLost {
			continue
		}
		if w.g.Mover(w.p.states[par]) != w.drawer {
			w.lose(par)
			continue
		}
		if w.p.choice[par] == cs { // an edge of a former choice is stale
			w.choose(par) // cs is lost now: choose passes over it
		}
	}
}
