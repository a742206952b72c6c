package hatetris

import (
	"sync"

	"github.com/kocka/kocka/engine"
)

// The enemy on Bits wells, with a cache.
//
// The original's choice sorts the seven pieces by three keys: whether the
// piece could lead back to a well seen before (the loop rule), the
// player's best outcome with it, and the order S Z O I L J T. The last two
// depend on the well alone, so the cache keeps, per well, the pieces in
// that order (the "plain order"). The first key depends on the line of
// play's history, so it is never cached: the choice is the first piece of
// the plain order none of whose landings is a remembered well, or, when
// every piece has one, the first piece of the plain order. That is the
// original's sort, read in a different order.

// PlainOrder is the seven pieces ranked by the player's best outcome
// (worst first) and then the enemy's order: the enemy's choice when the
// loop rule does not apply.
type PlainOrder [7]engine.Piece

// PlainOrderOf computes the plain order of the well g was last Reset to.
func PlainOrderOf(g *Gen) PlainOrder {
	var peaks [7]int
	var ord PlainOrder
	for rank, id := range pieceOrder {
		peaks[rank] = g.BestPeak(id)
		// Insertion by (peak, rank): ranks come in increasing order, so
		// a stable insertion keeps ties in the enemy's order.
		j := rank
		for j > 0 && peaks[rankOf(ord[j-1])] > peaks[rank] {
			ord[j] = ord[j-1]
			j--
		}
		ord[j] = id
	}
	return ord
}

// WorstPiece is the first piece of PlainOrderOf(g), the enemy's choice
// when the loop rule does not apply, with fewer move searches: the best
// Peak of a piece's straight drops (dropBound) bounds its BestPeak from
// below, so the pieces are searched in the order of their bounds and the
// search stops once no bound can beat the worst piece found (lower Peak,
// or as low and earlier in the enemy's order). The drops are usually the
// best a piece can do, so one or two full searches answer.
func WorstPiece(g *Gen) engine.Piece {
	var bound [7]int
	g.columnTops()
	for r, id := range pieceOrder {
		bound[r] = g.dropBound(id)
	}
	var searched [7]bool
	worst, worstPeak := -1, 0
	for {
		k := -1 // the unsearched piece of lowest (bound, rank)
		for r := range bound {
			if !searched[r] && (k < 0 || bound[r] < bound[k]) {
				k = r
			}
		}
		if k < 0 || worst >= 0 && (bound[k] > worstPeak || bound[k] == worstPeak && k > worst) {
			break
		}
		searched[k] = true
		if p := g.BestPeak(pieceOrder[k]); worst < 0 || p < worstPeak || p == worstPeak && k < worst {
			worst, worstPeak = k, p
		}
	}
	return pieceOrder[worst]
}

// rankOf is a piece's place in the enemy's order.
func rankOf(id engine.Piece) int {
	for r, p := range pieceOrder {
		if p == id {
			return r
		}
	}
	panic("hatetris: not a HATETRIS piece")
}

// EnemyCache maps wells to their plain order, or to its first piece
// only. It is a fixed-size table (the memory is set when it is made and
// never grows): a new well replaces whatever shared its slot. It is split
// into shards with a lock each, so that the beam's workers share it. The
// zero of a slot's order marks it empty (a real order is a permutation,
// never all zeros); an order whose second piece is engine.None holds the
// first piece only (what Worst found), which Worst answers from and Order
// completes.
type EnemyCache struct {
	shards []cacheShard
	mask   uint64 // slots per shard - 1
	shift  uint   // hash bits that pick the shard
}

type cacheShard struct {
	mu    sync.Mutex
	keys  []Bits
	vals  []PlainOrder
	hits  int64
	calls int64
}

// enemyCacheShards is the number of locks; a power of two.
const enemyCacheShards = 64

// EnemyCacheBytesPerSlot is what one slot costs (a well and an order).
const EnemyCacheBytesPerSlot = 32 + 7

// NewEnemyCache makes a cache of about the given number of bytes (at
// least one slot per shard).
func NewEnemyCache(bytes int64) *EnemyCache {
	per := int64(1)
	for per*2*enemyCacheShards*EnemyCacheBytesPerSlot <= bytes {
		per *= 2
	}
	c := &EnemyCache{shards: make([]cacheShard, enemyCacheShards), mask: uint64(per - 1), shift: 58}
	for i := range c.shards {
		c.shards[i].keys = make([]Bits, per)
		c.shards[i].vals = make([]PlainOrder, per)
	}
	return c
}

// complete reports whether an order holds all seven pieces, not the
// first only.
func (o *PlainOrder) complete() bool { return o[1] != engine.None }

// Order returns the plain order of well b, from the cache or computed with
// g (which is Reset to b either way).
func (c *EnemyCache) Order(g *Gen, b *Bits) PlainOrder {
	g.Reset(b)
	if c == nil {
		return PlainOrderOf(g)
	}
	s, i, v, ok := c.lookup(b, true)
	if ok {
		return v
	}
	v = PlainOrderOf(g)
	s.put(i, b, v)
	return v
}

// Worst is the first piece of well b's plain order (g is Reset to b): the
// cached order's if the cache has it, else WorstPiece's, which the cache
// then keeps as a first piece only.
func (c *EnemyCache) Worst(g *Gen, b *Bits) engine.Piece {
	g.Reset(b)
	if c == nil {
		return WorstPiece(g)
	}
	s, i, v, ok := c.lookup(b, false)
	if ok {
		return v[0]
	}
	w := WorstPiece(g)
	s.put(i, b, PlainOrder{w})
	return w
}

// put stores well b's order in slot i.
func (s *cacheShard) put(i uint64, b *Bits, v PlainOrder) {
	s.mu.Lock()
	s.keys[i], s.vals[i] = *b, v
	s.mu.Unlock()
}

// lookup finds well b's slot and, if the slot holds b (with all seven
// pieces when complete is asked), its order.
func (c *EnemyCache) lookup(b *Bits, complete bool) (s *cacheShard, i uint64, v PlainOrder, ok bool) {
	h := b.Hash()
	s = &c.shards[h>>c.shift]
	i = h & c.mask
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if v = s.vals[i]; v != (PlainOrder{}) && s.keys[i] == *b && (!complete || v.complete()) {
		s.hits++
		return s, i, v, true
	}
	return s, i, PlainOrder{}, false
}

// Stats returns how many lookups the cache answered and how many it was
// asked.
func (c *EnemyCache) Stats() (hits, calls int64) {
	for i := range c.shards {
		s := &c.shards[i]
		s.mu.Lock()
		hits += s.hits
		calls += s.calls
		s.mu.Unlock()
	}
	return hits, calls
}

// Choose is the HATETRIS enemy on well b: it returns the piece the
// original gives and appends that piece's children to out. seen reports
// whether a well is in the memory of the line of play (the wells the
// enemy has been asked about, b included); nil means HATETRIS Mild, or a
// history no child can be in. The plain order comes from the cache c
// (nil: computed every time).
func Choose(c *EnemyCache, g *Gen, b *Bits, seen func(*Bits) bool, out []Child) (engine.Piece, []Child) {
	// The loop rule rarely changes the choice, so the first piece comes
	// first, and the rest of the order only when one of its landings is
	// a remembered well.
	n := len(out)
	worst := c.Worst(g, b)
	out = g.Children(worst, out)
	if seen == nil || !anySeen(out[n:], seen) {
		return worst, out
	}
	ord := c.Order(g, b)
	for _, id := range ord[1:] {
		out = g.Children(id, out[:n])
		if !anySeen(out[n:], seen) {
			return id, out
		}
	}
	// Every piece could lead back: the loop rule ranks them all alike.
	return ord[0], g.Children(ord[0], out[:n])
}

func anySeen(cs []Child, seen func(*Bits) bool) bool {
	for i := range cs {
		if !cs[i].Over && seen(&cs[i].Well) {
			return true
		}
	}
	return false
}
