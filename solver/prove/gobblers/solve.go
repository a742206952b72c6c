package gobblers

import (
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"time"

	"github.com/kocka/kocka/solver/prove"
)

// Table is a solved (or partly solved) Gobblers: every canonical position's
// value for the side to move and its distance (plies to the end under best
// play: the winner hurries, the loser delays; 0 for a draw). Canonical
// positions are numbered densely by their rank in the bitset of canonical
// numbers, so the table holds two bytes a canonical state, the bitset one
// bit a position and a count every 64 positions.
type Table struct {
	Space  *Space
	canon  []uint64 // bit i: position i is canonical
	before []uint32 // canonical positions before each word of canon
	Count  uint64   // canonical positions
	Val    []prove.Value
	// Dist is the distance of a decided state; while a state is undecided
	// it counts its successors not yet known to be won for the opponent.
	Dist []uint8

	phase uint8  // phaseInit, phaseSweep or phaseDone
	next  uint64 // phaseInit: the next word of canon; phaseSweep: the next level
	top   int    // phaseSweep: the highest distance given so far
}

const (
	phaseInit uint8 = iota
	phaseSweep
	phaseDone
)

// TableBytes is what a table of sp needs in memory, once the canonical
// positions are counted (count); count 0 estimates them as an eighth.
func TableBytes(sp *Space, count uint64) int64 {
	if count == 0 {
		count = sp.N/8 + sp.N/64
	}
	words := (sp.N + 63) / 64
	return int64(words*12 + count*2)
}

// newTable marks the canonical positions. The digits are walked from the
// most significant: a prefix some symmetry makes smaller is skipped whole,
// and only the symmetries that tie on the prefix are tried further.
func newTable(sp *Space) *Table {
	words := (sp.N + 63) / 64
	t := &Table{Space: sp, canon: make([]uint64, words), before: make([]uint32, words)}
	var walk func(z int, base uint64, live []int)
	walk = func(z int, base uint64, live []int) {
		if z == sp.Sizes {
			t.canon[base>>6] |= 1 << (base & 63)
			return
		}
		var tie [8]int
	next:
		for r := 0; r < sp.K; r++ {
			n := 0
			for _, k := range live {
				switch s := int(sp.symOf[k][r]); {
				case s < r:
					continue next
				case s == r:
					tie[n] = k
					n++
				}
			}
			walk(z+1, base+uint64(r)*sp.radix[z], tie[:n])
		}
	}
	walk(0, 0, []int{0, 1, 2, 3, 4, 5, 6, 7})
	var n uint64
	for w, x := range t.canon {
		t.before[w] = uint32(n)
		n += uint64(bits.OnesCount64(x))
	}
	t.Count = n
	return t
}

// Ordinal is the table entry of canonical position number i.
func (t *Table) Ordinal(i uint64) uint32 {
	w := i >> 6
	return t.before[w] + uint32(bits.OnesCount64(t.canon[w]&(1<<(i&63)-1)))
}

// Lookup returns the value and distance of any position of the space.
func (t *Table) Lookup(p *Pos) (prove.Value, int) {
	o := t.Ordinal(t.Space.Canon(p))
	return t.Val[o], int(t.Dist[o])
}

// Bytes is the memory the table holds.
func (t *Table) Bytes() int64 {
	return int64(len(t.canon))*12 + int64(len(t.Val)+len(t.Dist))
}

// each calls f with every canonical position (number and entry) in the
// words [a, b) of canon.
func (t *Table) each(a, b uint64, f func(i uint64, o uint32)) {
	for w := a; w < b; w++ {
		o := t.before[w]
		for x := t.canon[w]; x != 0; x &= x - 1 {
			f(w<<6+uint64(bits.TrailingZeros64(x)), o)
			o++
		}
	}
}

// rounds splits the words [from, len(canon)) into rounds of roundWords,
// each shared among the workers, and calls work(a, b, worker) for every
// share and then done(end of the round), which returns false to stop.
func (t *Table) rounds(from uint64, workers int, work func(a, b uint64, w int), done func(end uint64) bool) {
	const roundWords = 1 << 14
	words := uint64(len(t.canon))
	for lo := from; lo < words; lo += roundWords {
		hi := min(words, lo+roundWords)
		share := (hi - lo + uint64(workers) - 1) / uint64(workers)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			a, b := lo+uint64(w)*share, min(hi, lo+uint64(w+1)*share)
			if a >= b {
				break
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				work(a, b, w)
			}()
		}
		wg.Wait()
		if !done(hi) {
			return
		}
	}
}

// ordinals canonicalises the positions ps to table entries, sorted, without
// repeats.
func (t *Table) ordinals(ps []Pos, out []uint32) []uint32 {
	out = out[:0]
	for i := range ps {
		out = append(out, t.Ordinal(t.Space.Canon(&ps[i])))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Solve decides every canonical position of sp. First each position gets
// its value if it is over, or the number of its distinct successors (moves
// that forfeit are losses and not counted); then, level by level of
// distance, the positions decided at that level are taken back a move: a
// predecessor of a lost position is won, and one whose counter of
// successors not yet won drops to zero is lost. Whatever stays undecided is
// a draw. o.Workers goroutines generate moves; o.MaxBytes limits the
// table; o.Checkpoint is called every o.CheckpointEvery (between rounds of
// the first pass, between levels after it), and
// o.Resume continues from such a checkpoint (one that is a file, read
// from its start, must be as long as its header says).
func Solve(sp *Space, o prove.Options) (*Table, error) {
	if o.MaxBytes > 0 && TableBytes(sp, 0) > o.MaxBytes {
		return nil, fmt.Errorf("gobblers: the table needs about %d MiB, over the limit of %d MiB", TableBytes(sp, 0)>>20, o.MaxBytes>>20)
	}
	t := newTable(sp)
	if need := TableBytes(sp, t.Count); o.MaxBytes > 0 && need > o.MaxBytes {
		return nil, fmt.Errorf("gobblers: the table of %d canonical positions needs %d MiB, over the limit of %d MiB", t.Count, need>>20, o.MaxBytes>>20)
	}
	t.Val = make([]prove.Value, t.Count)
	t.Dist = make([]uint8, t.Count)
	if o.Resume != nil {
		if err := t.read(o.Resume, true); err != nil {
			return nil, err
		}
	}
	every := o.CheckpointEvery
	if every <= 0 {
		every = 5 * time.Minute
	}
	last := time.Now()
	save := func() error {
		if o.Checkpoint == nil || time.Since(last) < every {
			return nil
		}
		last = time.Now()
		return o.Checkpoint(t.Write)
	}
	workers := o.Workers
	if workers < 1 {
		workers = 1
	}
	var err error
	if t.phase == phaseInit {
		t.initialise(workers, o, save, &err)
		if err != nil {
			return nil, err
		}
		t.phase, t.next = phaseSweep, 0
	}
	for t.phase == phaseSweep && int(t.next) <= t.top {
		if err = t.sweep(int(t.next), workers, o); err != nil {
			return nil, err
		}
		t.next++
		if err = save(); err != nil {
			return nil, err
		}
	}
	for i, v := range t.Val {
		if v == prove.Unknown {
			t.Val[i], t.Dist[i] = prove.Draw, 0
		}
	}
	t.phase = phaseDone
	return t, nil
}

// initialise gives each position its value if it is over, or its counter.
func (t *Table) initialise(workers int, o prove.Options, save func() error, err *error) {
	bufs := make([][]Pos, workers)
	ords := make([][]uint32, workers)
	t.rounds(t.next, workers, func(a, b uint64, w int) {
		t.each(a, b, func(i uint64, ord uint32) {
			p := t.Space.Pos(i)
			switch Outcome(&p) {
			case -1:
				t.Val[ord], t.Dist[ord] = prove.Loss, 0
				return
			case 1:
				t.Val[ord], t.Dist[ord] = prove.Win, 0
				return
			}
			var ff int
			bufs[w], ff = t.Space.Moves(&p, bufs[w][:0])
			ords[w] = t.ordinals(bufs[w], ords[w])
			switch {
			case len(ords[w]) > 0:
				t.Val[ord], t.Dist[ord] = prove.Unknown, uint8(len(ords[w]))
			case ff > 0: // every move forfeits
				t.Val[ord], t.Dist[ord] = prove.Loss, 1
			default:
				t.Val[ord], t.Dist[ord] = prove.Loss, 0
			}
		})
	}, func(end uint64) bool {
		t.next = end
		progress(o, "initialise", int64(end)*64, int64(t.Space.N))
		if e := save(); e != nil {
			*err = e
			return false
		}
		return true
	})
	t.top = 0
	for i, v := range t.Val {
		if v != prove.Unknown {
			t.top = max(t.top, int(t.Dist[i]))
		}
	}
}

// sweep takes the positions decided at distance d back a move.
func (t *Table) sweep(d, workers int, o prove.Options) error {
	if d+1 > 0xff {
		return fmt.Errorf("gobblers: distances past 255 plies do not fit the table")
	}
	type found struct {
		loss  []bool   // the decided position was lost
		end   []int    // its predecessors end here in preds
		preds []uint32 // table entries of the predecessors
	}
	outs := make([]found, workers)
	bufs := make([][]Pos, workers)
	ords := make([][]uint32, workers)
	var n int64
	t.rounds(0, workers, func(a, b uint64, w int) {
		f := &outs[w]
		f.loss, f.end, f.preds = f.loss[:0], f.end[:0], f.preds[:0]
		t.each(a, b, func(i uint64, ord uint32) {
			v := t.Val[ord]
			if v == prove.Unknown || int(t.Dist[ord]) != d {
				return
			}
			p := t.Space.Pos(i)
			bufs[w] = t.Space.Unmoves(&p, bufs[w][:0])
			ords[w] = t.ordinals(bufs[w], ords[w])
			f.loss = append(f.loss, v == prove.Loss)
			f.preds = append(f.preds, ords[w]...)
			f.end = append(f.end, len(f.preds))
		})
	}, func(end uint64) bool {
		// Applied one at a time, in order: a counter is shared.
		for w := range outs {
			f := &outs[w]
			lo := 0
			for k, hi := range f.end {
				for _, q := range f.preds[lo:hi] {
					if t.Val[q] != prove.Unknown {
						continue
					}
					if f.loss[k] {
						t.Val[q], t.Dist[q] = prove.Win, uint8(d+1)
					} else if t.Dist[q]--; t.Dist[q] == 0 {
						t.Val[q], t.Dist[q] = prove.Loss, uint8(d+1)
					} else {
						continue
					}
					t.top = max(t.top, d+1)
					n++
				}
				lo = hi
			}
			f.loss, f.end, f.preds = f.loss[:0], f.end[:0], f.preds[:0]
		}
		progress(o, fmt.Sprintf("level %d (%d decided)", d, n), int64(end)*64, int64(t.Space.N))
		return true
	})
	return nil
}

func progress(o prove.Options, phase string, done, total int64) {
	if o.Progress != nil {
		o.Progress(phase, done, total)
	}
}
