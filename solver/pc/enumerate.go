package pc

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/kocka/kocka/engine"
)

// Enumerate counts the perfect clears of a field: the sets of placed pieces
// that fill its empty cells, as solution-finder's classes count them
// (knewjade's figures for the empty 4x10 box: 23,737,025 sets; 99,389,880
// without the conditions of resting and reaching; 796,558 with no split
// piece).
//
// A set is identified by its pieces' kinds and cells in the starting
// field's rows (orientations with the same cells are one). A piece's rows
// may be split: its shape's rows go to increasing rows of the field, and
// the rows in between (its gap) must be cleared before it is placed. A set
// counts when there is an order in which each piece, at its turn, has its
// gap cleared, rests on the floor or a block in the field as it is then
// (rows cleared as they fill), and is reached by solver's movegen from
// above the field (SRS quarter turns with kicks, soft drop; the region with
// 8 empty rows above it, as percent and path use).
//
// How: the sets are the exact covers of the empty cells by piece
// placements (split ones included), enumerated by filling the lowest empty
// cell; each cover is checked for an order by a depth-first search over
// the subsets of its pieces, with the dead subsets remembered. A piece
// with nothing above its cells in their columns is reached by a straight
// drop; only the others ask the movegen, whose answers are cached (see
// reachCacheMax).

// EnumCounts are the figures of an enumeration.
type EnumCounts struct {
	// Fit counts the covers with an order in which every piece's gap is
	// cleared before it (no resting or reaching condition).
	Fit int64 `json:"fit"`
	// Clear counts the covers with an order that also rests and reaches:
	// the perfect clears.
	Clear int64 `json:"clear"`
	// ClearNoSplit counts the perfect clears with no split piece.
	ClearNoSplit int64 `json:"clear_no_split"`
}

func (c *EnumCounts) add(o EnumCounts) {
	c.Fit += o.Fit
	c.Clear += o.Clear
	c.ClearNoSplit += o.ClearNoSplit
}

// Shard is one part of a run split over processes: Index of Count.
type Shard struct{ Index, Count int }

// All is the whole run.
var All = Shard{0, 1}

// ParseShard reads "i/N" with 0 <= i < N.
func ParseShard(s string) (Shard, error) {
	var sh Shard
	var rest string
	if n, _ := fmt.Sscanf(s, "%d/%d%s", &sh.Index, &sh.Count, &rest); n != 2 {
		return sh, fmt.Errorf("shard %q: want i/N, as 0/4", s)
	}
	if sh.Count < 1 || sh.Count > MaxShards || sh.Index < 0 || sh.Index >= sh.Count {
		return sh, fmt.Errorf("shard %q: want 0 <= i < N <= %d", s, MaxShards)
	}
	return sh, nil
}

// MaxShards caps N in i/N: the units of an enumeration (pairs of first
// pieces) number a few thousand, so more shards would mostly be empty.
const MaxShards = 4096

func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Range is the part of n items, in order, that the shard takes: contiguous
// ranges, sizes differing by at most one.
func (s Shard) Range(n int) (lo, hi int) {
	return n * s.Index / s.Count, n * (s.Index + 1) / s.Count
}

// part is a piece's cells in the starting field's rows, its rows possibly
// split.
type part struct {
	mask uint64 // cells, bit y*Width+x of the starting field
	gapM uint64 // the cells of its gap rows
	gap  uint8  // rows between its rows, which must clear before it
	rows uint8  // rows it has cells in
	kind engine.Piece
}

// parts lists every placement of every piece on the empty cells of f,
// rows split or not, one per (kind, cells).
func parts(f Field) []part {
	h := f.Height
	var out []part
	seen := map[[2]uint64]bool{}
	for _, p := range engine.Pieces {
		for r := engine.Rotation(0); r < 4; r++ {
			cells := engine.Shape(p, r)
			// The shape as rows of x bits, from its lowest row, and its width.
			minX, minY, maxX, maxY := int8(9), int8(9), int8(-1), int8(-1)
			for _, c := range cells {
				minX, maxX = min(minX, c.X), max(maxX, c.X)
				minY, maxY = min(minY, c.Y), max(maxY, c.Y)
			}
			k := int(maxY-minY) + 1
			var rowBits [4]uint64
			for _, c := range cells {
				rowBits[c.Y-minY] |= 1 << uint(c.X-minX)
			}
			w := int(maxX-minX) + 1
			// Every choice of k increasing rows of the field.
			for set := uint(0); set < 1<<uint(h); set++ {
				if bits.OnesCount(set) != k {
					continue
				}
				var ys [4]int
				j := 0
				for y := 0; y < h; y++ {
					if set>>uint(y)&1 != 0 {
						ys[j] = y
						j++
					}
				}
				span := uint8(1<<uint(ys[k-1]+1) - 1<<uint(ys[0]))
				for x := 0; x+w <= Width; x++ {
					var m uint64
					for i := 0; i < k; i++ {
						m |= rowBits[i] << uint(x+ys[i]*Width)
					}
					key := [2]uint64{m, uint64(p)}
					if m&f.Rows != 0 || seen[key] {
						continue
					}
					seen[key] = true
					gap := span &^ uint8(set)
					out = append(out, part{mask: m, gapM: rowsMask(gap), gap: gap, rows: uint8(set), kind: p})
				}
			}
		}
	}
	return out
}

// reachCacheMax bounds each worker's cache of movegen answers (entries;
// the cache is emptied when full). An entry is a field, a piece and the few
// placements the movegen reaches that neither fast path does: about 100
// bytes of heap, so some 50 MB a worker. (kocka pc enumerate, with 2
// workers and its GC setting, peaked at 430 to 470 MB resident on the
// empty 4x10 box.)
const reachCacheMax = 500_000

// EnumProgress is called now and then with the units (pairs of first
// pieces) done and the shard's total.
type EnumProgress func(done, total int)

// Enumerate counts the perfect clears of f (see EnumCounts) in the given
// shard of the work: the units are the ways to place the first two pieces
// of the exact cover (the ones holding the lowest empty cells), in a fixed
// order, and shard i of N takes the units whose index is i modulo N. The
// counts of all shards add up to the whole run's. workers goroutines
// (0 = GOMAXPROCS) share the shard's units.
func Enumerate(ctx context.Context, f Field, shard Shard, workers int, progress EnumProgress) (EnumCounts, error) {
	var total EnumCounts
	n, err := f.Pieces()
	if err != nil {
		return total, err
	}
	if n == 0 {
		return total, errors.New("the field has no empty cell to fill")
	}
	if n > 16 {
		return total, fmt.Errorf("%d pieces: enumerate takes at most 16", n)
	}
	if shard.Count < 1 || shard.Index < 0 || shard.Index >= shard.Count {
		return total, fmt.Errorf("bad shard %v", shard)
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	t := newTiling(f)
	units := t.units()
	var mine [][]int
	for u := shard.Index; u < len(units); u += shard.Count {
		mine = append(mine, units[u])
	}
	var next, done atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := t.searcher(n)
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= len(mine) {
					break
				}
				s.unit(mine[i])
				if d := done.Add(1); progress != nil {
					progress(int(d), len(mine))
				}
			}
			mu.Lock()
			total.add(s.counts)
			mu.Unlock()
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return EnumCounts{}, err
	}
	return total, nil
}

// EnumUnits is the number of units Enumerate splits the work of f into:
// the ways to place the pieces on its two lowest empty cells.
func EnumUnits(f Field) int { return len(newTiling(f).units()) }

// tiling is what the workers of an enumeration share: the field and its
// parts by lowest cell.
type tiling struct {
	f      Field
	region uint64
	parts  []part
	byCell [MaxLines * Width][]int // parts whose lowest cell is c
	// cands[c][w] are the same parts, by value, that leave empty the
	// cells c+1..c+windowBits set in w: the cover search picks the list
	// by the filled cells just after c, so that most parts that overlap
	// are never looked at.
	cands [MaxLines * Width][1 << windowBits][]part
}

const windowBits = 4

func newTiling(f Field) *tiling {
	t := &tiling{f: f, region: uint64(1)<<(uint(f.Height)*Width) - 1, parts: parts(f)}
	for i, p := range t.parts {
		c := bits.TrailingZeros64(p.mask)
		t.byCell[c] = append(t.byCell[c], i)
		for w := uint64(0); w < 1<<windowBits; w++ {
			if p.mask&(w<<uint(c+1)) == 0 {
				t.cands[c][w] = append(t.cands[c][w], p)
			}
		}
	}
	return t
}

// units are the ways to place the first two parts of a cover (or one, when
// one fills the field), in the order the cover search meets them.
func (t *tiling) units() [][]int {
	var out [][]int
	first := bits.TrailingZeros64(^t.f.Rows & t.region)
	for _, a := range t.byCell[first] {
		filled := t.f.Rows | t.parts[a].mask
		if filled == t.region {
			out = append(out, []int{a})
			continue
		}
		c := bits.TrailingZeros64(^filled & t.region)
		for _, b := range t.byCell[c] {
			if t.parts[b].mask&filled == 0 {
				out = append(out, []int{a, b})
			}
		}
	}
	return out
}

// enumSearcher is one worker: the cover being built and the order search.
type enumSearcher struct {
	t      *tiling
	n      int
	chosen []part
	// before[k][i] is the chosen pieces that must come before chosen
	// piece i (they fill a row of its gap), transitively, when k pieces
	// are chosen.
	before [17][16]uint32
	counts EnumCounts
	// dead[s] == stamp marks subset s of the current cover as having no
	// order for the rest.
	dead  []uint32
	stamp uint32
	gen   generator
	reach map[moveKey][]uint64
}

func (t *tiling) searcher(n int) *enumSearcher {
	return &enumSearcher{
		t: t, n: n, chosen: make([]part, 0, n),
		dead:  make([]uint32, 1<<uint(n)),
		gen:   generator{rules: Rules{Drop: SoftDrop}},
		reach: map[moveKey][]uint64{},
	}
}

func (s *enumSearcher) unit(u []int) {
	s.chosen = s.chosen[:0]
	filled := s.t.f.Rows
	for _, i := range u {
		if !s.push(s.t.parts[i]) {
			return
		}
		filled |= s.t.parts[i].mask
	}
	s.cover(filled)
}

// cover fills the lowest empty cell in every way.
func (s *enumSearcher) cover(filled uint64) {
	if filled == s.t.region {
		s.check()
		return
	}
	c := bits.TrailingZeros64(^filled)
	for _, p := range s.t.cands[c][filled>>uint(c+1)&(1<<windowBits-1)] {
		if p.mask&filled == 0 && s.push(p) {
			s.cover(filled | p.mask)
			s.chosen = s.chosen[:len(s.chosen)-1]
		}
	}
}

// push adds p to the cover unless the gaps then ask for a cycle (a piece
// that must come before itself), which no completion can break.
func (s *enumSearcher) push(p part) bool {
	k := len(s.chosen)
	cur, nxt := &s.before[k], &s.before[k+1]
	var pred, succ uint32
	for i := range s.chosen {
		q := &s.chosen[i]
		if q.mask&p.gapM != 0 {
			pred |= 1<<uint(i) | cur[i]
		}
		if q.gapM&p.mask != 0 {
			succ |= 1 << uint(i)
		}
	}
	// pred is closed under before, so a cycle through p shows as a piece
	// both before p and a direct successor of p.
	if pred&succ != 0 {
		return false
	}
	*nxt = *cur
	nxt[k] = pred
	if succ != 0 {
		for i := range s.chosen {
			if succ>>uint(i)&1 != 0 || cur[i]&succ != 0 {
				nxt[i] |= pred | 1<<uint(k)
			}
		}
	}
	s.chosen = append(s.chosen, p)
	return true
}

// check counts one cover.
func (s *enumSearcher) check() {
	split := false
	for _, p := range s.chosen {
		if p.gap != 0 {
			split = true
			break
		}
	}
	if split && !s.gapOrder() {
		return
	}
	s.counts.Fit++
	s.stamp++
	if s.stamp == 0 { // wrapped: old marks would read as new
		clear(s.dead)
		s.stamp = 1
	}
	if s.order(0, s.t.f.Rows) {
		s.counts.Clear++
		if !split {
			s.counts.ClearNoSplit++
		}
	}
}

// gapOrder tells whether the pieces can be ordered so that each one's gap
// rows are full (so cleared) before it: no cycle of "fills a row in my
// gap".
func (s *enumSearcher) gapOrder() bool {
	var need [16]uint64 // cells that must be filled before piece i
	for i, p := range s.chosen {
		need[i] = p.gapM &^ s.t.f.Rows
	}
	filled := s.t.f.Rows
	left := uint32(1)<<uint(len(s.chosen)) - 1
	for left != 0 {
		progress := false
		for l := left; l != 0; l &= l - 1 {
			i := bits.TrailingZeros32(l)
			if need[i]&^filled == 0 {
				filled |= s.chosen[i].mask
				left &^= 1 << uint(i)
				progress = true
			}
		}
		if !progress {
			return false
		}
	}
	return true
}

// rowsMask is the cells of the rows set in rows.
func rowsMask(rows uint8) uint64 {
	var m uint64
	for ; rows != 0; rows &= rows - 1 {
		m |= rowMask << (uint(bits.TrailingZeros8(rows)) * Width)
	}
	return m
}

// order tells whether the pieces not in set can be placed, in some order,
// on filled (the starting field's rows, cleared rows included).
func (s *enumSearcher) order(set uint32, filled uint64) bool {
	all := uint32(1)<<uint(len(s.chosen)) - 1
	if set == all {
		return true
	}
	if s.dead[set] == s.stamp {
		return false
	}
	// The field as it is now: full rows gone.
	cleared := fullRows(filled, s.t.f.Height)
	cf := compress(filled, cleared, s.t.f.Height)
	ch := s.t.f.Height - bits.OnesCount8(cleared)
	shadow := below(cf, ch)
	// The pieces a straight drop or a slide reaches first: a clear is
	// usually found with them alone, without asking the movegen.
	var later uint32
	f := Field{Rows: cf, Height: ch}
	for l := all &^ set; l != 0; l &= l - 1 {
		i := bits.TrailingZeros32(l)
		p := &s.chosen[i]
		if p.gap&^cleared != 0 {
			continue
		}
		m := compress(p.mask, cleared, s.t.f.Height)
		if m&rowMask == 0 && (m>>Width)&cf == 0 {
			continue // it does not rest
		}
		if m&shadow != 0 && !slides(m, cf, shadow) {
			later |= 1 << uint(i)
			continue
		}
		if s.order(set|1<<uint(i), filled|p.mask) {
			return true
		}
	}
	for l := later; l != 0; l &= l - 1 {
		i := bits.TrailingZeros32(l)
		p := &s.chosen[i]
		if s.reaches(f, p.kind, compress(p.mask, cleared, s.t.f.Height)) && s.order(set|1<<uint(i), filled|p.mask) {
			return true
		}
	}
	s.dead[set] = s.stamp
	return false
}

// fullRows is the set of full rows among the lowest h of filled.
func fullRows(filled uint64, h int) uint8 {
	var out uint8
	for y := 0; y < h; y++ {
		if filled>>(uint(y)*Width)&rowMask == rowMask {
			out |= 1 << uint(y)
		}
	}
	return out
}

// compress removes the rows in cleared from m, the rows above falling.
func compress(m uint64, cleared uint8, h int) uint64 {
	if cleared == 0 {
		return m
	}
	var out uint64
	j := uint(0)
	for y := 0; y < h; y++ {
		if cleared>>uint(y)&1 != 0 {
			continue
		}
		out |= (m >> (uint(y) * Width) & rowMask) << (j * Width)
		j++
	}
	return out
}

// below is the cells of the lowest h rows with a filled cell of f above
// them in their column: a piece with no cell there drops straight in.
func below(f uint64, h int) uint64 {
	var out uint64
	for y := 1; y < h; y++ {
		out |= f >> (uint(y) * Width)
	}
	return out
}

// Columns 0 and 9 of a 6-row field.
var (
	leftCol  = colMask[0]
	rightCol = colMask[Width-1]
)

// slides tells whether cells m of field f (below: its shadow) are reached
// by a straight drop to the same height a few columns away and a slide
// along that row: a tuck the movegen finds too, for much less.
func slides(m, f, below uint64) bool {
	for l := m; l&leftCol == 0; {
		l >>= 1
		if l&f != 0 {
			break
		}
		if l&below == 0 {
			return true
		}
	}
	for r := m; r&rightCol == 0; {
		r <<= 1
		if r&f != 0 {
			break
		}
		if r&below == 0 {
			return true
		}
	}
	return false
}

// reaches tells whether the movegen places kind p on cells m of f (m in
// f's rows, resting, not reached by a straight drop).
func (s *enumSearcher) reaches(f Field, p engine.Piece, m uint64) bool {
	k := moveKey{f.key(), p}
	ms, ok := s.reach[k]
	if !ok {
		if len(s.reach) >= reachCacheMax {
			clear(s.reach)
		}
		shadow := below(f.Rows, f.Height)
		ms = []uint64{} // not nil: a known empty answer
		for _, mv := range s.gen.generate(f, p) {
			if mv.mask&shadow != 0 {
				ms = append(ms, mv.mask)
			}
		}
		s.reach[k] = ms
	}
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}
