package prove

import (
	"fmt"
	"io"
	"runtime"
	"sync"
	"time"
)

// Options tune Retrograde and Prove.
type Options struct {
	// Workers is how many goroutines generate moves (0: GOMAXPROCS).
	Workers int
	// MaxBytes stops the work with an error when the tables would grow past
	// it (0: no limit).
	MaxBytes int64
	// Deadline, if set, stops Prove, Grow and DFPN with ErrTimeLimit once
	// passed (checked where they report progress).
	Deadline time.Time
	// Progress, if set, is called now and then with a phase name and the
	// states handled so far in it.
	Progress func(phase string, done, total int64)
	// Reuse, for Grow: at a drawing player's state, among the first Reuse
	// moves not known to be lost (in the game's order), take the first one
	// into a state already met, and only when there is none the first
	// move. Moving into known states closes the certificate sooner where
	// the game transposes (0: always the first move).
	Reuse int

	// Checkpoint, if set, is called by Prove and Grow (not GrowFrom) every
	// CheckpointEvery (default five minutes) with a function that writes
	// the search's state: for Prove the settled states (proven safe or
	// lost, which no later finding can change), for Grow all of it; the
	// caller stores it, atomically. Resume, if set, is such a checkpoint of
	// the same method, read before the search starts.
	Checkpoint      func(write func(io.Writer) error) error
	CheckpointEvery time.Duration
	Resume          io.Reader
}

func (o Options) workers() int {
	if o.Workers > 0 {
		return o.Workers
	}
	return runtime.GOMAXPROCS(0)
}

func (o Options) checkpointEvery() time.Duration {
	if o.CheckpointEvery > 0 {
		return o.CheckpointEvery
	}
	return 5 * time.Minute
}

// late reports whether the deadline has passed.
func (o Options) late() bool { return !o.Deadline.IsZero() && time.Now().After(o.Deadline) }

func (o Options) progress(phase string, done, total int64) {
	if o.Progress != nil {
		o.Progress(phase, done, total)
	}
}

// Solution is the outcome of a retrograde analysis: every state reachable
// from the start, up to symmetry, with its value for the side to move and
// its distance to the end (plies to the end of the game under best play:
// the winner hurries, the loser delays).
type Solution struct {
	Game   string
	States []State // canonical states in breadth-first order; 0 is the start
	Values Values  // 2-bit value of each state (Unknown never remains: draws are Draw)
	Dist   []uint16
	index  *Index
}

// Lookup returns the value and distance of any state (canonicalised by the
// caller's game), and false for a state that is not reachable.
func (s *Solution) Lookup(c State) (Value, int, bool) {
	id, ok := s.index.Find(c)
	if !ok {
		return Unknown, 0, false
	}
	return s.Values.Get(id), int(s.Dist[id]), true
}

// Counts returns how many states have each value.
func (s *Solution) Counts() map[Value]int {
	m := map[Value]int{}
	for i := range s.States {
		m[s.Values.Get(uint32(i))]++
	}
	return m
}

// Longest returns the longest distance among decided states and one state
// at that distance.
func (s *Solution) Longest() (int, State) {
	best, at := -1, NoState
	for i, st := range s.States {
		v := s.Values.Get(uint32(i))
		if (v == Win || v == Loss) && int(s.Dist[i]) > best {
			best, at = int(s.Dist[i]), st
		}
	}
	return best, at
}

// Bytes is the memory the solution's tables hold.
func (s *Solution) Bytes() int64 {
	return s.index.Bytes() + int64(len(s.States))*8 + int64(len(s.Values))*8 + int64(len(s.Dist))*2
}

// Retrograde enumerates the states reachable from g's start (canonical
// forms), then decides them from the ends backwards: a state with a lost
// successor is won, a state whose successors are all won is lost, and a
// state that is never decided is a draw. The successor lists are kept
// (4 bytes an edge each way), so this is for games of up to some hundred
// million edges.
func Retrograde(g Game, o Options) (*Solution, error) {
	idx := NewIndex(0)
	start := g.Canonical(g.Start())
	idx.Add(start)
	states := []State{start}
	succStart := []uint32{0}
	var succ []uint32
	var terminal []Value // per state: Unknown when not over

	// Breadth-first enumeration: the moves of a chunk of states are
	// generated in parallel, then added to the index in order so that ids
	// are the same whatever the number of workers.
	workers := o.workers()
	for lo := 0; lo < len(states); {
		// A chunk of the frontier at a time keeps the moves waiting to be
		// indexed, and the memory check, in step.
		hi := min(len(states), lo+1<<18)
		type out struct {
			moves []State
			term  Value
		}
		outs := make([]out, hi-lo)
		var wg sync.WaitGroup
		chunk := (hi - lo + workers - 1) / workers
		for w := 0; w < workers; w++ {
			a, b := lo+w*chunk, min(lo+(w+1)*chunk, hi)
			if a >= b {
				break
			}
			wg.Add(1)
			go func(a, b int) {
				defer wg.Done()
				var buf []State
				for i := a; i < b; i++ {
					s := states[i]
					if over, v := g.Terminal(s); over {
						outs[i-lo].term = v
						continue
					}
					buf = canonicalMoves(g, s, buf)
					if len(buf) == 0 {
						outs[i-lo].term = Loss
						continue
					}
					outs[i-lo].moves = append([]State(nil), buf...)
				}
			}(a, b)
		}
		wg.Wait()
		for _, r := range outs {
			terminal = append(terminal, r.term)
			for _, m := range r.moves {
				id, _ := idx.Add(m)
				if int(id) == len(states) {
					states = append(states, m)
				}
				succ = append(succ, id)
			}
			succStart = append(succStart, uint32(len(succ)))
		}
		// What the slices hold now (capacity, not length: append doubles),
		// and what the predecessor lists and the counters will need.
		need := idx.Bytes() + int64(cap(states))*8 + int64(cap(terminal)) + int64(cap(succStart))*4 + int64(cap(succ))*4 +
			int64(len(succ))*4 + int64(len(states))*14
		if o.MaxBytes > 0 && need > o.MaxBytes {
			return nil, fmt.Errorf("retrograde: %d states and %d moves so far need about %d MiB, over the limit of %d MiB",
				len(states), len(succ), need>>20, o.MaxBytes>>20)
		}
		o.progress("enumerate", int64(hi), int64(len(states)))
		lo = hi
	}
	n := len(states)

	// Predecessor lists: the successor lists turned around.
	predStart := make([]uint32, n+1)
	for _, t := range succ {
		predStart[t+1]++
	}
	for i := 0; i < n; i++ {
		predStart[i+1] += predStart[i]
	}
	pred := make([]uint32, len(succ))
	fill := append([]uint32(nil), predStart[:n]...)
	for s := 0; s < n; s++ {
		for _, t := range succ[succStart[s]:succStart[s+1]] {
			pred[fill[t]] = uint32(s)
			fill[t]++
		}
	}
	fill = nil

	values := NewValues(n)
	dist := make([]uint16, n)
	left := make([]uint32, n) // successors not yet known to be won
	queue := make([]uint32, 0, 1024)
	for s := 0; s < n; s++ {
		left[s] = succStart[s+1] - succStart[s]
		if v := terminal[s]; v != Unknown {
			values.Set(uint32(s), v)
			if v != Draw {
				queue = append(queue, uint32(s))
			}
		}
	}
	// The queue holds states in order of distance, so a won state gets the
	// shortest win and a lost state the longest loss.
	//
	// A side may move twice running (Mover is asked, not assumed to
	// alternate): a successor won for the same side is as good as one lost
	// for the other.
	for qi := 0; qi < len(queue); qi++ {
		t := queue[qi]
		vt := values.Get(t)
		mt := g.Mover(states[t])
		for _, p := range pred[predStart[t]:predStart[t+1]] {
			if values.Get(p) != Unknown {
				continue
			}
			if good := (vt == Loss) != (g.Mover(states[p]) == mt); good {
				values.Set(p, Win)
			} else {
				left[p]--
				if left[p] > 0 {
					continue
				}
				values.Set(p, Loss)
			}
			dist[p] = sat16(int(dist[t]) + 1)
			queue = append(queue, p)
		}
		if qi%(1<<20) == 0 {
			o.progress("retrograde", int64(qi), int64(n))
		}
	}
	for s := 0; s < n; s++ {
		if values.Get(uint32(s)) == Unknown {
			values.Set(uint32(s), Draw)
		}
	}
	o.progress("retrograde", int64(n), int64(n))
	return &Solution{Game: g.Name(), States: states, Values: values, Dist: dist, index: idx}, nil
}

func sat16(d int) uint16 {
	if d > 0xffff {
		return 0xffff
	}
	return uint16(d)
}
