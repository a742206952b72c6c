package pc

import (
	"fmt"
	"sync"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// Drop is how pieces may move (solution-finder's --drop).
type Drop uint8

// The drop kinds.
const (
	// SoftDrop: shifts, soft drop and SRS quarter turns with kicks, so
	// tucks and spins (solution-finder's default).
	SoftDrop Drop = iota
	// HardDrop: turn and shift above the field, then drop straight down.
	HardDrop
	// SoftDrop180: SoftDrop with half turns (the engine's SRS+ kicks).
	SoftDrop180
)

var dropNames = [...]string{"softdrop", "harddrop", "180"}

func (d Drop) String() string {
	if int(d) < len(dropNames) {
		return dropNames[d]
	}
	return fmt.Sprintf("Drop(%d)", uint8(d))
}

// ParseDrop reads softdrop, harddrop or 180.
func ParseDrop(s string) (Drop, error) {
	for i, n := range dropNames {
		if s == n {
			return Drop(i), nil
		}
	}
	return 0, fmt.Errorf("unknown drop %q (want softdrop, harddrop or 180)", s)
}

// Kicks is the kick table pieces turn by (--kicks).
type Kicks uint8

// The kick tables.
const (
	// KicksSRS: guideline SRS, quarter turns (solution-finder's default).
	// --drop 180 adds half turns with the engine's SRS+ 180 kicks.
	KicksSRS Kicks = iota
	// KicksSRSPlus: the engine's SRS+ table (engine.SRSPlus), in every drop
	// mode: its quarter turns and its half turns with the SRS+ 180 kicks.
	KicksSRSPlus
)

var kicksNames = [...]string{"srs", "srs+"}

func (k Kicks) String() string {
	if int(k) < len(kicksNames) {
		return kicksNames[k]
	}
	return fmt.Sprintf("Kicks(%d)", uint8(k))
}

// ParseKicks reads srs or srs+.
func ParseKicks(s string) (Kicks, error) {
	for i, n := range kicksNames {
		if s == n {
			return Kicks(i), nil
		}
	}
	return 0, fmt.Errorf("unknown kicks %q (want srs or srs+)", s)
}

// Rules are the options of a search.
type Rules struct {
	Hold  bool // one piece may be held (solution-finder's --hold use)
	Drop  Drop
	Kicks Kicks
}

func (r Rules) movegen(height int) solver.Options {
	opt := solver.Options{NoPaths: true, SpawnRow: height + 2}
	if r.Drop == HardDrop {
		opt.Mode = solver.ModeDrop
	}
	if r.Drop == SoftDrop180 || r.Kicks == KicksSRSPlus {
		opt.Kicks = engine.SRSPlus
	}
	return opt
}

// move is one placement of a piece in the region: its cells, and where
// the piece is (in the region's rows at the time it is placed).
type move struct {
	mask uint64
	rot  engine.Rotation
	x, y int8
}

func (m move) placed(p engine.Piece) engine.Placed {
	return engine.Placed{Piece: p, Rot: m.rot, X: int(m.x), Y: int(m.y)}
}

// boardHeight is the engine board the movegen runs on: the region, room
// above it to spawn and turn any piece, so that every position above the
// region is reachable, as solution-finder assumes.
func boardHeight(h int) int { return h + 8 }

// moveCache holds the placements of each (field, piece), shared by the
// workers of a search.
type moveCache struct {
	shards [64]struct {
		sync.Mutex
		m map[moveKey][]move
	}
}

type moveKey struct {
	f uint64
	p engine.Piece
}

func newMoveCache() *moveCache {
	c := new(moveCache)
	for i := range c.shards {
		c.shards[i].m = make(map[moveKey][]move)
	}
	return c
}

func (c *moveCache) shard(k moveKey) int {
	h := k.f*0x9E3779B97F4A7C15 + uint64(k.p)*0xBF58476D1CE4E5B9
	return int(h >> 58)
}

// generator finds placements with regionGen; one per goroutine.
type generator struct {
	rules Rules
	rg    *regionGen
	cache *moveCache
}

// moves returns every placement of p in f that lies inside the region,
// rests on the floor or a block and is reachable from above: one per set
// of cells.
func (g *generator) moves(f Field, p engine.Piece) []move {
	k := moveKey{f.key(), p}
	var sh *struct {
		sync.Mutex
		m map[moveKey][]move
	}
	if g.cache != nil {
		sh = &g.cache.shards[g.cache.shard(k)]
		sh.Lock()
		ms, ok := sh.m[k]
		sh.Unlock()
		if ok {
			return ms
		}
	}
	ms := g.generate(f, p)
	if sh != nil {
		sh.Lock()
		sh.m[k] = ms
		sh.Unlock()
	}
	return ms
}

func (g *generator) generate(f Field, p engine.Piece) []move {
	if g.rg == nil {
		g.rg = newRegionGen(g.rules)
	}
	return g.rg.generate(nil, f, p)
}

// place puts a move into f and clears the full rows.
func (f Field) place(m move) Field {
	f.Rows |= m.mask
	return f.clearFull()
}
