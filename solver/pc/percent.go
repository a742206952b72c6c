package pc

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/kocka/kocka/engine"
)

// MaxSequences caps the distinct sequences a percent run checks, so that
// a pattern like *p7,*p7,*p7 fails at once instead of running for days.
const MaxSequences = 20_000_000

// Sequences returns the distinct sequences solution-finder checks for a
// field that takes n pieces: each sequence of the pattern cut to n pieces
// (n+1 with hold, when the pattern is longer than n), duplicates dropped,
// in the order of first appearance. It is an error if the pattern is
// shorter than n.
func Sequences(pat *Pattern, n int, hold bool) ([][]engine.Piece, error) {
	if pat.Depth() < n {
		return nil, fmt.Errorf("the pattern makes %d pieces; the field needs %d", pat.Depth(), n)
	}
	keep := n
	if hold && pat.Depth() > n {
		keep = n + 1
	}
	cut := pat.cut(keep)
	// A line's sequences are all distinct, so one line over the cap is
	// refused before any is made.
	for _, line := range cut.lines {
		if n := (&Pattern{depth: keep, lines: [][]element{line}}).Count(); n > MaxSequences {
			return nil, fmt.Errorf("the pattern makes %s distinct sequences of %d pieces, more than %d", countText(n), keep, MaxSequences)
		}
	}
	var out [][]engine.Piece
	var arena []engine.Piece // the sequences' pieces, in blocks: one allocation per block, not per sequence
	var seen map[uint64]struct{}
	if len(cut.lines) == 1 {
		// No duplicates to drop, and the count is exact.
		total := cut.Count()
		out, arena = make([][]engine.Piece, 0, total), make([]engine.Piece, 0, total*keep)
	} else {
		seen = make(map[uint64]struct{})
	}
	var err error
	// Enumerating the cut pattern gives the same distinct sequences in the
	// same order, without walking the tail of a long pattern (T,*p7,*p7,*p7
	// makes 1.3e11 sequences, and 840 distinct prefixes of 5).
	cut.Each(func(seq []engine.Piece) bool {
		if seen != nil {
			k := seqCode(seq)
			if _, dup := seen[k]; dup {
				return true
			}
			seen[k] = struct{}{}
		}
		if len(out) == MaxSequences {
			err = fmt.Errorf("the pattern makes more than %d distinct sequences", MaxSequences)
			return false
		}
		if len(arena)+len(seq) > cap(arena) {
			arena = make([]engine.Piece, 0, 1<<16*len(seq))
		}
		arena = append(arena, seq...)
		out = append(out, arena[len(arena)-len(seq):len(arena):len(arena)])
		return true
	})
	return out, err
}

// countText writes a count, or "more than 9e18" where Count saturated.
func countText(n int) string {
	if n == maxInt {
		return "more than 9e18"
	}
	return fmt.Sprint(n)
}

// seqCode packs a sequence, 3 bits a piece above its length (the low 5
// bits): 19 pieces fill 62 bits. Sequences here have at most 16 (six lines
// take 15 pieces, one more with hold), which leaves the 3 bits the prefix
// code below shifts in for the held piece.
func seqCode(seq []engine.Piece) uint64 {
	k := uint64(len(seq))
	for i, p := range seq {
		k |= uint64(p) << (5 + 3*uint(i))
	}
	return k
}

// Progress is called now and then with the sequences done and the total.
type Progress func(done, total int)

// Percent tells, for each sequence, whether it can perfect-clear f (all
// sequences must have the length Sequences gives). It uses workers
// goroutines (0 = GOMAXPROCS). A cancelled ctx stops it with ctx's error.
func Percent(ctx context.Context, f Field, seqs [][]engine.Piece, r Rules, workers int, progress Progress) ([]bool, error) {
	n, err := f.Pieces()
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, errors.New("the field has no empty cell to fill")
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	s := newShared(r)
	out := make([]bool, len(seqs))
	if depth := s.prefixDepth(seqs, n); depth > 0 {
		s.walkPrefix(ctx, f, seqs, n, depth, workers, out, progress)
	} else {
		var next, done atomic.Int64
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				srch := s.searcher()
				for ctx.Err() == nil {
					i := int(next.Add(1) - 1)
					if i >= len(seqs) {
						return
					}
					out[i] = srch.check(f, seqs[i], n)
					if d := done.Add(1); progress != nil && d%256 == 0 {
						progress(int(d), len(seqs))
					}
				}
			}()
		}
		wg.Wait()
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// shared is what the workers of one search share: the placements and the
// answers of sub-problems.
type shared struct {
	rules Rules
	moves *moveCache
	memo  [64]struct {
		sync.Mutex
		m map[memoKey]bool
	}
	// alive[(f, bag)] tells whether the pieces of bag, in some order, can
	// perfect-clear f (see searcher.alive).
	alive [64]struct {
		sync.Mutex
		m map[memoKey]bool
	}
}

type memoKey struct{ f, q uint64 }

func newShared(r Rules) *shared {
	s := &shared{rules: r, moves: newMoveCache()}
	for i := range s.memo {
		s.memo[i].m = make(map[memoKey]bool)
		s.alive[i].m = make(map[memoKey]bool)
	}
	return s
}

func (s *shared) searcher() *searcher {
	return &searcher{s: s, gen: &generator{rules: s.rules, cache: s.moves}}
}

// searcher is one worker's state.
type searcher struct {
	s   *shared
	gen *generator
	// stop, when set, ends the search early once its context is done;
	// the answers of a stopped search (and the memo it filled) are
	// thrown away by the caller.
	stop *stopper
}

// stopper polls a context every stopEvery placements tried, so that a
// long search can be cancelled, and a cooperative scheduler (the browser's
// single thread) can take its turn inside ctx.Err.
type stopper struct {
	ctx     context.Context
	n       int
	limit   int // placements to try before giving up; 0: no limit
	stopped bool
	spent   bool // stopped by limit, not by ctx
}

const stopEvery = 256

func (t *stopper) done() bool {
	if t == nil {
		return false
	}
	if t.n++; t.n%stopEvery == 0 && !t.stopped {
		switch {
		case t.ctx.Err() != nil:
			t.stopped = true
		case t.limit > 0 && t.n >= t.limit:
			t.stopped, t.spent = true, true
		}
	}
	return t.stopped
}

// err is why the search stopped.
func (t *stopper) err() error {
	if t.spent {
		return ErrBudget
	}
	return t.ctx.Err()
}

func (s *shared) lookup(k memoKey) (v, ok bool) {
	sh := &s.memo[(k.f*0x9E3779B97F4A7C15^k.q*0xBF58476D1CE4E5B9)>>58]
	sh.Lock()
	v, ok = sh.m[k]
	sh.Unlock()
	return
}

func (s *shared) store(k memoKey, v bool) {
	sh := &s.memo[(k.f*0x9E3779B97F4A7C15^k.q*0xBF58476D1CE4E5B9)>>58]
	sh.Lock()
	sh.m[k] = v
	sh.Unlock()
}

// bag is a multiset of pieces: 4 bits of count per piece kind.
type bag uint64

func bagOf(hold engine.Piece, rest []engine.Piece) bag {
	var b bag
	if hold.Valid() {
		b += 1 << (4 * uint(hold))
	}
	for _, p := range rest {
		if b.count(p) == 15 {
			return bagTooBig
		}
		b += 1 << (4 * uint(p))
	}
	return b
}

// bagTooBig stands for a bag with 16 or more pieces of a kind (six lines
// of I pieces), which alive does not check.
const bagTooBig = ^bag(0)

func (b bag) count(p engine.Piece) int { return int(b >> (4 * uint(p)) & 15) }

func (b bag) has(p engine.Piece) bool { return b>>(4*uint(p))&15 != 0 }

// alive tells whether f can be perfect-cleared by pieces of b in some
// order (not every piece need be used). It ignores the order of the queue
// and hold, so it only prunes: a (field, queue) it refuses has no clear.
// Its answers are shared by every queue with the same pieces, which the
// permutations a pattern makes have in common.
func (s *searcher) alive(f Field, b bag) bool {
	if f.Cleared() {
		return true
	}
	if f.Empty() > 4*aliveMax || b == bagTooBig {
		// Far from the end almost every field is alive, and proving the
		// rare dead one costs more than the search it saves (and memory).
		return true
	}
	k := memoKey{f.key(), uint64(b)}
	sh := &s.s.alive[(k.f*0x9E3779B97F4A7C15^k.q*0xBF58476D1CE4E5B9)>>58]
	sh.Lock()
	v, ok := sh.m[k]
	sh.Unlock()
	if ok {
		return v
	}
	v = false
search:
	for _, p := range sfOrder {
		if !b.has(p) {
			continue
		}
		for _, m := range s.gen.moves(f, p) {
			// The placements tried here count toward the stop too: on a
			// low stack this check is most of a search's work.
			if s.stop.done() {
				return false // not stored: the search is abandoned
			}
			if g := f.place(m); (g.Cleared() || g.viable()) && s.alive(g, b-1<<(4*uint(p))) {
				v = true
				break search
			}
		}
	}
	sh.Lock()
	sh.m[k] = v
	sh.Unlock()
	return v
}

// state is a field with the piece in hand (engine.None without hold).
type state struct {
	f Field
	h engine.Piece
}

// prefixDepth is how many leading pieces all sequences share, when that
// is worth walking once (see walkPrefix), or 0: with hold, the pieces
// drawn (one fewer is placed); without, the pieces placed.
func (s *shared) prefixDepth(seqs [][]engine.Piece, n int) int {
	lcp := len(seqs[0])
	for _, q := range seqs[1:] {
		k := 0
		for k < lcp && q[k] == seqs[0][k] {
			k++
		}
		lcp = k
	}
	if s.rules.Hold {
		if d := min(lcp, n); d >= 3 {
			return d
		}
		return 0
	}
	if d := min(lcp, n-1); d >= 2 {
		return d
	}
	return 0
}

// walkPrefix serves sequences that share their first depth pieces
// (T,I,L,J,S,Z,O,*p4 shares seven): it walks the ways to place the prefix
// once, depth first, and at each distinct state after it checks every
// sequence not yet known to clear; it stops when all are known to. The
// sequences left at the end fail.
func (s *shared) walkPrefix(ctx context.Context, f Field, seqs [][]engine.Piece, n, depth, workers int, out []bool, progress Progress) {
	prefix := seqs[0][:depth]
	left := n - depth // placements after the prefix
	if s.rules.Hold {
		left++ // the prefix's last piece is in hand
	}
	open := make([]int, len(seqs)) // sequences not known to clear
	for i := range open {
		open[i] = i
	}
	srchs := make([]*searcher, workers)
	for w := range srchs {
		srchs[w] = s.searcher()
	}
	seen := make([]map[state]bool, depth+1)
	for i := range seen {
		seen[i] = map[state]bool{}
	}
	// at checks the open sequences from one state after the prefix, on
	// every worker.
	at := func(st state) {
		ok := make([]bool, len(open))
		var next atomic.Int64
		var wg sync.WaitGroup
		team := srchs
		if len(open) <= 8 {
			// A few checks: starting goroutines and waking them would cost
			// more than it saves.
			team = srchs[:1]
		}
		for _, srch := range team {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for ctx.Err() == nil {
					k := int(next.Add(1) - 1)
					if k >= len(open) {
						return
					}
					rest := seqs[open[k]][depth:]
					if s.rules.Hold {
						ok[k] = srch.withHold(st.f, st.h, rest, left)
					} else {
						ok[k] = srch.noHold(st.f, rest, left)
					}
				}
			}()
		}
		wg.Wait()
		kept := open[:0]
		for k, i := range open {
			if ok[k] {
				out[i] = true
			} else {
				kept = append(kept, i)
			}
		}
		open = kept
		if progress != nil {
			progress(len(seqs)-len(open), len(seqs))
		}
	}
	srch := srchs[0]
	var walk func(st state, i int)
	walk = func(st state, i int) {
		if len(open) == 0 || ctx.Err() != nil || seen[i][st] {
			return
		}
		seen[i][st] = true
		if i == depth {
			at(st)
			return
		}
		x := prefix[i]
		if !s.rules.Hold {
			for _, m := range srch.gen.moves(st.f, x) {
				if g := st.f.place(m); g.viable() {
					walk(state{g, engine.None}, i+1)
				}
			}
			return
		}
		opts := [][2]engine.Piece{{st.h, x}, {x, st.h}} // place, keep
		if x == st.h {
			opts = opts[:1]
		}
		for _, pk := range opts {
			for _, m := range srch.gen.moves(st.f, pk[0]) {
				if g := st.f.place(m); g.viable() {
					walk(state{g, pk[1]}, i+1)
				}
			}
		}
	}
	if s.rules.Hold {
		walk(state{f, prefix[0]}, 1)
	} else {
		walk(state{f, engine.None}, 0)
	}
}

// check tells whether seq perfect-clears f in n placements.
func (s *searcher) check(f Field, seq []engine.Piece, n int) bool {
	if s.s.rules.Hold {
		return s.withHold(f, seq[0], seq[1:], n)
	}
	return s.noHold(f, seq, n)
}

// queueKey packs the hold piece and the pieces still to come that n more
// placements can use.
func queueKey(hold engine.Piece, rest []engine.Piece, n int) uint64 {
	if len(rest) > n {
		rest = rest[:n]
	}
	return seqCode(rest)<<3 | uint64(hold)
}

// withHold follows solution-finder's search with hold: hold is the piece
// in hand that was not placed yet (the first piece at the start); each step
// draws the next piece and places it or the one in hand, which keeps the
// other. With nothing left to draw, the piece in hand is placed.
func (s *searcher) withHold(f Field, hold engine.Piece, rest []engine.Piece, n int) bool {
	if !s.alive(f, bagOf(hold, rest[:min(len(rest), n)])) {
		return false
	}
	var k memoKey
	if n > memoMin {
		k = memoKey{f.key(), queueKey(hold, rest, n)}
		if v, ok := s.s.lookup(k); ok {
			return v
		}
	}
	ok := false
	if len(rest) == 0 {
		ok = s.step(f, hold, engine.None, nil, n)
	} else {
		d := rest[0]
		ok = s.step(f, hold, d, rest[1:], n) || d != hold && s.step(f, d, hold, rest[1:], n)
	}
	if n > memoMin {
		s.s.store(k, ok)
	}
	return ok
}

// step places p in every way and goes on with keep in hand.
func (s *searcher) step(f Field, p, keep engine.Piece, rest []engine.Piece, n int) bool {
	for _, m := range s.gen.moves(f, p) {
		if s.stop.done() {
			return false
		}
		g := f.place(m)
		if n == 1 {
			if g.Cleared() {
				return true
			}
			continue
		}
		if !g.viable() {
			continue
		}
		if s.withHold(g, keep, rest, n-1) {
			return true
		}
	}
	return false
}

// noHold places the pieces in order.
func (s *searcher) noHold(f Field, seq []engine.Piece, n int) bool {
	if !s.alive(f, bagOf(engine.None, seq[:n])) {
		return false
	}
	var k memoKey
	if n > memoMin {
		k = memoKey{f.key(), queueKey(engine.None, seq, n)}
		if v, ok := s.s.lookup(k); ok {
			return v
		}
	}
	ok := false
	for _, m := range s.gen.moves(f, seq[0]) {
		if s.stop.done() {
			return false
		}
		g := f.place(m)
		if n == 1 {
			if ok = g.Cleared(); ok {
				break
			}
			continue
		}
		if g.viable() && s.noHold(g, seq[1:], n-1) {
			ok = true
			break
		}
	}
	if n > memoMin {
		s.s.store(k, ok)
	}
	return ok
}

// aliveMax is the most pieces a field may still need for alive to check
// it.
const aliveMax = 6

// memoMin is the fewest placements left at which a sub-problem's answer is
// remembered: below it, searching again is cheaper than the map.
const memoMin = 1
