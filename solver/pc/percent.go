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
	seen := make(map[uint64]struct{})
	var out [][]engine.Piece
	var err error
	pat.Each(func(seq []engine.Piece) bool {
		seq = seq[:keep]
		k := seqCode(seq)
		if _, dup := seen[k]; dup {
			return true
		}
		if len(out) == MaxSequences {
			err = fmt.Errorf("the pattern makes more than %d distinct sequences", MaxSequences)
			return false
		}
		seen[k] = struct{}{}
		out = append(out, append([]engine.Piece(nil), seq...))
		return true
	})
	return out, err
}

// seqCode packs up to 20 pieces, 3 bits each, above a length nibble... the
// length takes the low 5 bits.
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
	front, depth := s.frontier(f, seqs, n)
	left := n - depth // placements after the prefix
	if r.Hold {
		left++ // the prefix's last piece drawn is in hand, not placed
	}
	out := make([]bool, len(seqs))
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			srch := s.searcher()
			last := 0 // the frontier state that cleared the last sequence: try it first
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= len(seqs) {
					return
				}
				if front == nil {
					out[i] = srch.check(f, seqs[i], n)
				} else {
					out[i], last = srch.checkFrom(front, last, seqs[i][depth:], left)
				}
				d := done.Add(1)
				if progress != nil && d%256 == 0 {
					progress(int(d), len(seqs))
				}
			}
		}()
	}
	wg.Wait()
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
		b += 1 << (4 * uint(p))
	}
	return b
}

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

// frontier serves sequences that share a prefix (T,I,L,J,S,Z,O,*p4 shares
// seven pieces): it places the prefix's pieces once, in every way, and
// returns the distinct states after it and the prefix's length; each
// sequence then only searches on from those states. It returns nil when
// the shared prefix is too short to pay.
func (s *shared) frontier(f Field, seqs [][]engine.Piece, n int) ([]state, int) {
	lcp := len(seqs[0])
	for _, q := range seqs[1:] {
		k := 0
		for k < lcp && q[k] == seqs[0][k] {
			k++
		}
		lcp = k
	}
	prefix := seqs[0]
	// The suffixes' pieces, each kind at its largest count: what alive may
	// use past the prefix.
	var most [engine.L + 1]int
	for _, q := range seqs {
		var c [engine.L + 1]int
		for _, p := range q[lcp:] {
			c[p]++
		}
		for p := range c {
			most[p] = max(most[p], c[p])
		}
	}
	var later bag
	for p, c := range most {
		later += bag(c) << (4 * uint(p))
	}
	srch := s.searcher()
	var front []state
	var depth int
	if s.rules.Hold {
		depth = min(lcp, n) // drawn pieces; one fewer is placed
		if depth < 3 {
			return nil, 0
		}
		front = []state{{f, prefix[0]}}
		for i := 1; i < depth; i++ {
			x := prefix[i]
			seen := map[state]bool{}
			var next []state
			for _, st := range front {
				opts := [][2]engine.Piece{{st.h, x}, {x, st.h}} // place, keep
				if x == st.h {
					opts = opts[:1]
				}
				for _, pk := range opts {
					for _, m := range srch.gen.moves(st.f, pk[0]) {
						g := st.f.place(m)
						ns := state{g, pk[1]}
						if seen[ns] || !g.viable() || !srch.alive(g, bagOf(pk[1], prefix[i+1:depth])+later) {
							continue
						}
						seen[ns] = true
						next = append(next, ns)
					}
				}
			}
			front = next
		}
	} else {
		depth = min(lcp, n-1) // placed pieces
		if depth < 2 {
			return nil, 0
		}
		front = []state{{f, engine.None}}
		for i := 0; i < depth; i++ {
			seen := map[state]bool{}
			var next []state
			for _, st := range front {
				for _, m := range srch.gen.moves(st.f, prefix[i]) {
					g := st.f.place(m)
					ns := state{g, engine.None}
					if seen[ns] || !g.viable() || !srch.alive(g, bagOf(engine.None, prefix[i+1:depth])+later) {
						continue
					}
					seen[ns] = true
					next = append(next, ns)
				}
			}
			front = next
		}
	}
	if front == nil {
		front = []state{} // nothing survives the prefix: every sequence fails
	}
	return front, depth
}

// checkFrom tells whether rest clears the field in left more placements
// from some state of the frontier, trying state first first; it returns
// the state that did.
func (s *searcher) checkFrom(front []state, first int, rest []engine.Piece, left int) (bool, int) {
	for k := range front {
		i := (first + k) % len(front)
		st := front[i]
		var ok bool
		if s.s.rules.Hold {
			ok = s.withHold(st.f, st.h, rest, left)
		} else {
			ok = s.noHold(st.f, rest, left)
		}
		if ok {
			return true, i
		}
	}
	return false, first
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

// memoMin is the fewest placements left at which a sub-problem's answer is
// remembered: below it, searching again is cheaper than the map.
const memoMin = 1
