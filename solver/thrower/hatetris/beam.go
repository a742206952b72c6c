package hatetris

import (
	"cmp"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Beam is Kocka's placer against HATETRIS: a beam search over the game
// tree. The enemy is deterministic, so every well has exactly one next
// piece; after each piece the search keeps the Width best wells (ranked by
// LineWeight x lines plus the evaluation), merges transpositions (the same
// well with the same lines), and follows the enemy's rule against repeated
// wells exactly, each line of play with its own memory of the wells it
// went through.
//
// Memory: a beam entry is a Bits well, its lines and its index (40 bytes);
// each piece keeps, per surviving entry, its parent's index and where the
// piece locked (12 bytes) and its well (32 bytes, for the loop rule), and
// the dead lines of play are dropped every compactEvery pieces. Expanding
// a beam writes a 12-byte candidate per child (about 30 per well) before
// the best Width are kept. BytesPerWidth bounds it all per unit of width.
type Beam struct {
	cfg BeamConfig

	cur    []entry // the beam: the wells after Depth pieces
	layers []layer // layers[d]: how the entries after d+1 pieces were reached
	seen   hashSet // hashes of every kept well, for the loop rule
	best   []Placement
	bestLn int
	// roots are the wells every line of play has been through: the start,
	// and with a Prefix the wells of the game before it.
	roots map[Bits]struct{}
	// prefixMoves and prefixPieces are the Prefix's key presses and the
	// pieces it locked (none without a Prefix).
	prefixMoves  []Move
	prefixPieces int
	// Depth is the number of pieces placed in the beam's wells.
	Depth int

	workers []*beamWorker
	all     []candidate // the candidates of a step, reused
	pre     []candidate // with a pre-cut: those quiescence extends
}

// BeamConfig is a search's settings.
type BeamConfig struct {
	Width      int
	Eval       EvalWeights
	LineWeight float64
	NetWeight  float64 // a line the network expects (0: LineWeight; see Evaluator)
	Quiescence int
	// QuiescenceMode is how Quiescence extends a well.
	QuiescenceMode QuiescenceMode
	// PreCut, with Quiescence, judges every child first without
	// quiescence and extends only the PreCut x Width best of them (0:
	// every child is extended). Quiescence costs ten times a static
	// value, and most children the static value ranks low stay low.
	PreCut int
	// Workers expand the beam in parallel (0: one per CPU). The result
	// does not depend on their number.
	Workers int
	// CacheBytes is the enemy cache's size (0: 64 MiB), unless Cache is
	// given: a cache shared with other searches (MakeData's rollouts).
	CacheBytes int64
	Cache      *EnemyCache
	// Start is the well the search starts from (the zero value: the
	// empty well, the game's start). A search from another well has no
	// memory of how it was reached (the loop rule sees only its own
	// wells) and cannot rebuild key presses (BestMoves).
	Start Bits
	// Prefix, if set (and Start is not), are the key presses of a game
	// the search goes on from: they must end where a piece locked, with
	// the game not over. The loop rule remembers the prefix's wells, the
	// lines count its lines, and BestMoves begins with it: the search
	// extends that game.
	Prefix []Move
}

// BytesPerWidth is the memory a unit of beam width costs, for limiting
// the width by the memory available. The parts: the entry (40 bytes), its
// children before the cut (about 30 candidates of 12 bytes, held by the
// worker and again in the merged list), up to 8 full layers of links and
// wells (44 bytes each) and their hashes between compactions, the
// transposition map of the cut; Go's collector lets the heap grow to
// twice what is live. Measured: a width-262144 search peaked at 1.42 GB
// resident with a 256 MiB enemy cache, 4.4 KB per well.
const BytesPerWidth = 4608

// MaxQuiescence bounds BeamConfig.Quiescence.
const MaxQuiescence = 4

// MaxPreCut bounds BeamConfig.PreCut: a well has about 30 children (the
// landings of its piece), so a pre-cut of 64 keeps them all unless the
// wells average more than 64.
const MaxPreCut = 64

type entry struct {
	well  Bits
	lines int32
}

type link struct {
	parent uint32
	at     Placement
	lines  int32
}

type layer struct {
	wells []Bits
	links []link
}

// candidate is one child before the beam is cut: its value, its parent's
// index and where the piece locked (the well is rebuilt for the kept ones).
type candidate struct {
	value  float32
	parent uint32
	at     Placement
}

// compactEvery is how often (in pieces) dead lines of play are dropped.
const compactEvery = 8

// NewBeam starts a search from the empty well.
func NewBeam(cfg BeamConfig) (*Beam, error) {
	switch {
	case cfg.Width < 1 || cfg.Width > MaxRecordWidth:
		return nil, fmt.Errorf("hatetris: beam width %d out of range 1..%d", cfg.Width, MaxRecordWidth)
	case cfg.Quiescence < 0 || cfg.Quiescence > MaxQuiescence:
		return nil, fmt.Errorf("hatetris: quiescence %d out of range 0..%d", cfg.Quiescence, MaxQuiescence)
	case cfg.PreCut < 0 || cfg.PreCut > MaxPreCut:
		return nil, fmt.Errorf("hatetris: pre-cut %d out of range 0..%d", cfg.PreCut, MaxPreCut)
	case cfg.PreCut > 0 && cfg.Quiescence == 0:
		return nil, errors.New("hatetris: a pre-cut needs quiescence (it chooses the children quiescence extends)")
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	if cfg.CacheBytes <= 0 {
		cfg.CacheBytes = 64 << 20
	}
	b := &Beam{cfg: cfg, seen: newHashSet(), roots: map[Bits]struct{}{cfg.Start: {}}}
	var lines int
	if len(cfg.Prefix) > 0 {
		if cfg.Start != (Bits{}) {
			return nil, errors.New("hatetris: a search starts from a well or from a prefix, not both")
		}
		g, roots, err := playPrefix(cfg.Prefix)
		if err != nil {
			return nil, err
		}
		w := g.Well()
		b.cfg.Start, _ = BitsOf(&w)
		b.roots, lines = roots, g.Score()
		b.prefixMoves, b.prefixPieces = g.Moves(), g.Pieces()-1
		b.bestLn = lines
	}
	b.cur = []entry{{well: b.cfg.Start, lines: int32(lines)}}
	for w := range b.roots {
		b.seen.add(w.Hash())
	}
	cache := cfg.Cache
	if cache == nil {
		cache = NewEnemyCache(cfg.CacheBytes)
	}
	for i := 0; i < cfg.Workers; i++ {
		w := &beamWorker{b: b, cache: cache,
			eval: Evaluator{W: cfg.Eval, LineWeight: cfg.LineWeight, NetWeight: cfg.NetWeight, Quiescence: cfg.Quiescence, Mode: cfg.QuiescenceMode,
				Cache: cache}}
		w.first = &w.eval
		if cfg.PreCut > 0 {
			plain := w.eval
			plain.Quiescence = 0
			w.first = &plain
		}
		b.workers = append(b.workers, w)
	}
	return b, nil
}

// playPrefix plays a game's key presses and returns the game and the
// wells its enemy remembers (the well now included). The presses must end
// where a piece locked, in a game that goes on.
func playPrefix(moves []Move) (*Game, map[Bits]struct{}, error) {
	g, err := NewGame(Standard, NewEnemy(false))
	if err != nil {
		return nil, nil, err
	}
	for i, m := range moves {
		pieces := g.Pieces()
		g.Apply(m)
		if g.Over() {
			return nil, nil, fmt.Errorf("hatetris: the prefix's game is over at key press %d of %d", i+1, len(moves))
		}
		if i == len(moves)-1 && g.Pieces() == pieces {
			return nil, nil, fmt.Errorf("hatetris: the prefix ends with piece %d still falling (it must end where a piece locked)", pieces)
		}
	}
	roots := make(map[Bits]struct{}, len(g.Enemy().seen))
	for w := range g.Enemy().seen {
		b, ok := BitsOf(&w)
		if !ok {
			return nil, nil, errors.New("hatetris: a well of the prefix is over the bar")
		}
		roots[b] = struct{}{}
	}
	return g, roots, nil
}

// beamWorker expands a share of the beam.
type beamWorker struct {
	b     *Beam
	cache *EnemyCache
	gen   Gen
	eval  Evaluator
	// first values every child: eval, or with a pre-cut eval without
	// quiescence.
	first *Evaluator
	buf   []Child
	cands []candidate
	// the best game-over child it saw: lines, parent, placement
	overLines  int32
	overParent int64
	overAt     Placement
}

// Step places one more piece in every well of the beam and keeps the best
// Width results. It returns false when every line of play is over.
func (b *Beam) Step() bool {
	for _, w := range b.workers {
		w.cands = w.cands[:0]
		w.overLines, w.overParent = -1, -1
	}
	b.parallel(len(b.cur), (*beamWorker).expand)

	// The best game over (a line of play that ends here) counts for the
	// record like any other.
	if over := b.bestOver(); over != nil {
		b.consider(int(over.overLines), b.Depth+1, uint32(over.overParent), over.overAt)
	}
	all := b.all[:0]
	for _, w := range b.workers {
		all = append(all, w.cands...)
	}
	b.all = all
	if b.cfg.PreCut > 0 {
		if k := b.cfg.PreCut * b.cfg.Width; len(all) > k {
			selectTop(all, k, byValue)
			all = all[:k]
		}
		b.pre = all
		b.parallel(len(all), (*beamWorker).extend)
	}
	kept := b.cut(all)
	b.Depth++
	if len(kept) == 0 {
		b.cur = b.cur[:0]
		return false
	}
	// The new layer: the wells, how they were reached, and their hashes
	// for the loop rule.
	ly := layer{wells: make([]Bits, len(kept)), links: make([]link, len(kept))}
	next2 := make([]entry, len(kept))
	for i, k := range kept {
		ly.wells[i] = k.well
		ly.links[i] = link{parent: k.parent, at: k.at, lines: k.lines}
		next2[i] = entry{well: k.well, lines: k.lines}
		b.seen.add(k.well.Hash())
	}
	b.layers = append(b.layers, ly)
	b.cur = next2
	bestI := 0
	for i := range kept {
		if kept[i].lines > kept[bestI].lines {
			bestI = i
		}
	}
	b.consider(int(kept[bestI].lines), b.Depth, uint32(bestI), Placement{ID: noPiece})
	if b.Depth%compactEvery == 0 {
		b.compact()
	}
	return true
}

// parallel calls f for 0..n-1, spread over the workers in chunks.
func (b *Beam) parallel(n int, f func(w *beamWorker, i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	const chunk = 64
	for _, w := range b.workers {
		wg.Add(1)
		go func(w *beamWorker) {
			defer wg.Done()
			for {
				from := int(next.Add(chunk)) - chunk
				if from >= n {
					return
				}
				for i := from; i < min(from+chunk, n); i++ {
					f(w, i)
				}
			}
		}(w)
	}
	wg.Wait()
}

// noPiece marks a consider call for a kept entry (not a game over).
const noPiece = 255

// consider makes the line of play ending at (depth, index) the best if
// it has more lines than the best, or as many and more pieces. For a game
// over, index is the parent's (in the layer before) and at the placement.
func (b *Beam) consider(lines, pieces int, index uint32, at Placement) {
	if lines < b.bestLn || lines == b.bestLn && pieces <= len(b.best) {
		return
	}
	path := make([]Placement, pieces)
	d := pieces
	if at.ID != noPiece {
		path[d-1] = at
		d--
	}
	for ; d > 0; d-- {
		l := b.layers[d-1].links[index]
		path[d-1] = l.at
		index = l.parent
	}
	b.best, b.bestLn = path, lines
}

// expand is the enemy's piece for entry i in every place it can land.
func (w *beamWorker) expand(i int) {
	b := w.b
	e := &b.cur[i]
	seen := func(x *Bits) bool { return b.inHistory(i, x) }
	_, w.buf = Choose(w.cache, &w.gen, &e.well, seen, w.buf[:0])
	for k := range w.buf {
		c := &w.buf[k]
		lines := e.lines + int32(c.Lines)
		if c.Over {
			if w.overParent < 0 || !w.betterOver(lines, int64(i), c.At) {
				w.overLines, w.overParent, w.overAt = lines, int64(i), c.At
			}
			continue
		}
		// A well the quiescence finds lost keeps its (very low) value:
		// it may still outlive the rest.
		v := float64(lines)*b.cfg.LineWeight + w.first.Value(&c.Well)
		w.cands = append(w.cands, candidate{value: float32(v), parent: uint32(i), at: c.At})
	}
}

// extend values candidate i of a pre-cut with quiescence: what expand
// would have given it without the pre-cut.
func (w *beamWorker) extend(i int) {
	b := w.b
	c := &b.pre[i]
	p := &b.cur[c.parent]
	ch := lockBits(&p.well, c.at)
	if w.eval.asIs(&ch.Well) {
		return // valued as quiescence would value it already
	}
	v := float64(p.lines+int32(ch.Lines))*b.cfg.LineWeight + w.eval.Value(&ch.Well)
	c.value = float32(v)
}

// bestOver is the worker holding the best game over of the piece just
// placed, nil if none. Of equal ones, the lowest parent and placement:
// which worker met which well first must not matter.
func (b *Beam) bestOver() *beamWorker {
	var over *beamWorker
	for _, w := range b.workers {
		if w.overParent >= 0 && (over == nil || w.betterOver(over.overLines, over.overParent, over.overAt)) {
			over = w
		}
	}
	return over
}

// betterOver reports whether the worker's game over is to be kept before
// the given one: more lines, or as many from a lower parent, or from the
// same parent by a lower placement. (Equal ones are the same game over.)
func (w *beamWorker) betterOver(lines int32, parent int64, at Placement) bool {
	if w.overLines != lines {
		return w.overLines > lines
	}
	if w.overParent != parent {
		return w.overParent < parent
	}
	return w.overAt.key() <= at.key()
}

// inHistory reports whether well x is in the memory of the line of play
// ending at entry i of the beam: the entry's well or one of its
// ancestors'. The set of hashes answers most questions; a hit is checked
// against the wells themselves.
func (b *Beam) inHistory(i int, x *Bits) bool {
	if !b.seen.has(x.Hash()) {
		return false
	}
	if b.cur[i].well == *x {
		return true
	}
	idx := uint32(i)
	for d := len(b.layers) - 1; d >= 0; d-- {
		idx = b.layers[d].links[idx].parent
		if d == 0 {
			break
		}
		if b.layers[d-1].wells[idx] == *x {
			return true
		}
	}
	_, root := b.roots[*x]
	return root
}

// kept is a child that made the cut.
type kept struct {
	well   Bits
	lines  int32
	parent uint32
	at     Placement
}

// cut keeps the Width best candidates, transpositions merged (the first
// in the order stands), in an order that does not depend on how the
// candidates were split among the workers.
func (b *Beam) cut(all []candidate) []kept {
	type key struct {
		w     Bits
		lines int32
	}
	var out []kept
	merged := make(map[key]struct{}, min(len(all), b.cfg.Width))
	for len(all) > 0 && len(out) < b.cfg.Width {
		// Take the best slice of what is left: twice what is still
		// needed, so that merged transpositions rarely need a second
		// round.
		take := min(len(all), 2*(b.cfg.Width-len(out))+16)
		if take < len(all) {
			selectTop(all, take, byValue)
		}
		top := all[:take]
		slices.SortFunc(top, byValue)
		for _, c := range top {
			if len(out) == b.cfg.Width {
				break
			}
			p := &b.cur[c.parent]
			ch := lockBits(&p.well, c.at)
			k := key{ch.Well, p.lines + int32(ch.Lines)}
			if _, dup := merged[k]; dup {
				continue
			}
			merged[k] = struct{}{}
			out = append(out, kept{well: ch.Well, lines: k.lines, parent: c.parent, at: c.at})
		}
		all = all[take:]
	}
	return out
}

// byValue orders candidates best first; equal values by parent and
// placement, so that the order does not depend on the workers.
func byValue(x, y candidate) int {
	if c := cmp.Compare(y.value, x.value); c != 0 {
		return c
	}
	if c := cmp.Compare(x.parent, y.parent); c != 0 {
		return c
	}
	return cmp.Compare(x.at.key(), y.at.key())
}

func (p Placement) key() int32 {
	return int32(p.ID)<<24 | int32(uint8(p.X))<<16 | int32(uint8(p.Y))<<8 | int32(p.O)
}

// selectTop moves the k first elements in order to the front (in no
// particular order among themselves): a quickselect.
func selectTop(a []candidate, k int, order func(x, y candidate) int) {
	lo, hi := 0, len(a)
	for hi-lo > 16 {
		// Median of three as the pivot.
		mid := lo + (hi-lo)/2
		if order(a[mid], a[lo]) < 0 {
			a[mid], a[lo] = a[lo], a[mid]
		}
		if order(a[hi-1], a[lo]) < 0 {
			a[hi-1], a[lo] = a[lo], a[hi-1]
		}
		if order(a[hi-1], a[mid]) < 0 {
			a[hi-1], a[mid] = a[mid], a[hi-1]
		}
		pivot := a[mid]
		i, j := lo, hi-1
		for i <= j {
			for order(a[i], pivot) < 0 {
				i++
			}
			for order(pivot, a[j]) < 0 {
				j--
			}
			if i <= j {
				a[i], a[j] = a[j], a[i]
				i++
				j--
			}
		}
		switch {
		case k <= j:
			hi = j + 1
		case k >= i:
			lo = i
		default:
			return
		}
	}
	slices.SortFunc(a[lo:hi], order)
}

// lockBits is the child of locking the placement in well w (no move
// search needed: the placement is known to be a landing).
func lockBits(w *Bits, at Placement) Child {
	var g Gen
	g.well = *w
	return g.lock(at.ID, int(at.O), int(at.X), int(at.Y))
}

// compact drops the kept wells no line of play in the beam goes through
// any more (only ancestors matter for the loop rule; the best line so far
// is kept apart), and rebuilds the set of hashes.
func (b *Beam) compact() {
	n := len(b.layers)
	live := make([]bool, len(b.layers[n-1].links))
	for i := range live {
		live[i] = true
	}
	for d := n - 1; d >= 0; d-- {
		ly := &b.layers[d]
		var parentLive []bool
		if d > 0 {
			parentLive = make([]bool, len(b.layers[d-1].links))
		}
		for i, l := range ly.links {
			if live[i] && d > 0 {
				parentLive[l.parent] = true
			}
		}
		if d < n-1 {
			// Renumber: keep the live entries, then fix the next layer's
			// parents.
			remap := make([]uint32, len(ly.links))
			k := 0
			for i := range ly.links {
				if live[i] {
					remap[i] = uint32(k)
					ly.links[k], ly.wells[k] = ly.links[i], ly.wells[i]
					k++
				}
			}
			ly.links, ly.wells = slices.Clip(ly.links[:k]), slices.Clip(ly.wells[:k])
			nx := &b.layers[d+1]
			for i := range nx.links {
				nx.links[i].parent = remap[nx.links[i].parent]
			}
		}
		live = parentLive
	}
	b.seen = newHashSet()
	for w := range b.roots {
		b.seen.add(w.Hash())
	}
	for d := range b.layers {
		for i := range b.layers[d].wells {
			b.seen.add(b.layers[d].wells[i].Hash())
		}
	}
}

// Best is the line of play with the most lines found so far (the longest
// of equals): its lines and pieces, the Prefix's included.
func (b *Beam) Best() (lines, pieces int) { return b.bestLn, b.prefixPieces + len(b.best) }

// Alive is how many wells the beam holds.
func (b *Beam) Alive() int { return len(b.cur) }

// CacheStats are the enemy cache's hits and lookups so far.
func (b *Beam) CacheStats() (hits, calls int64) { return b.workers[0].cache.Stats() }

// BestMoves rebuilds the key presses of the best line of play from the
// empty well: the Prefix's, then for each piece a shortest path to where
// it locked, found by the original's own search.
func (b *Beam) BestMoves() ([]Move, error) {
	if b.cfg.Start != (Bits{}) && b.prefixMoves == nil {
		return nil, errors.New("hatetris: a search from a well other than the empty one has no key presses")
	}
	s := NewSearch(Standard)
	w := b.cfg.Start.Well()
	moves := slices.Clone(b.prefixMoves)
	for n, at := range b.best {
		ls := s.Landings(&w, at.ID)
		found := -1
		for j := range ls {
			if ls[j].At == at.Piece() {
				found = j
				break
			}
		}
		if found < 0 {
			return nil, fmt.Errorf("hatetris: piece %d (%v) has no path to its landing", n+1, at.ID)
		}
		moves = append(moves, s.Path(found)...)
		w = ls[found].Well
	}
	return moves, nil
}

// hashSet is a set of 64-bit hashes (open addressing, grows by doubling);
// reads are safe during a step because it is only written between steps.
type hashSet struct {
	slots []uint64 // 0 = empty; a zero hash is stored as 1
	n     int
}

func newHashSet() hashSet { return hashSet{slots: make([]uint64, 1024)} }

func (s *hashSet) add(h uint64) {
	if h == 0 {
		h = 1
	}
	if 2*(s.n+1) > len(s.slots) {
		old := s.slots
		s.slots, s.n = make([]uint64, 2*len(old)), 0
		for _, x := range old {
			if x != 0 {
				s.add(x)
			}
		}
	}
	m := uint64(len(s.slots) - 1)
	for i := h & m; ; i = (i + 1) & m {
		switch s.slots[i] {
		case h:
			return
		case 0:
			s.slots[i] = h
			s.n++
			return
		}
	}
}

func (s *hashSet) has(h uint64) bool {
	if h == 0 {
		h = 1
	}
	m := uint64(len(s.slots) - 1)
	for i := h & m; ; i = (i + 1) & m {
		switch s.slots[i] {
		case h:
			return true
		case 0:
			return false
		}
	}
}
