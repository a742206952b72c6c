package thrower

import (
	"math"
	"sort"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// Random deals each allowed piece with equal probability.
type Random struct {
	rng    engine.RNG
	pieces []engine.Piece
}

// NewRandom builds a random thrower from the options' seed.
func NewRandom(o Options) *Random {
	return &Random{rng: engine.NewRNG(o.Seed), pieces: o.pieces()}
}

func (r *Random) Name() string           { return "random" }
func (r *Random) Fingerprint() uint64    { return r.rng.State }
func (r *Random) Stateless() bool        { return false } // its generator moves
func (r *Random) Next(View) engine.Piece { return r.pieces[r.rng.Intn(len(r.pieces))] }

// SZ is the algorithm of Brzustowski and Burgiel in the form of Kravec's
// theorem 4.2: deal S (the next piece shown is S) until the boards cycle;
// then S showing Z; then Z showing Z until the boards cycle; then Z showing
// S; and so on. Any placer loses against it on an even width. The thrower
// watches the boards itself with a CycleDetector.
type SZ struct {
	phase  engine.Piece // the piece being repeated
	det    *CycleDetector
	Phases int // switches so far
}

// NewSZ builds the S/Z thrower; the piece set, if given, must hold S and Z.
func NewSZ(o Options) (*SZ, error) {
	if len(o.Pieces) > 0 {
		hasS, hasZ := false, false
		for _, p := range o.Pieces {
			hasS = hasS || p == engine.S
			hasZ = hasZ || p == engine.Z
		}
		if !hasS || !hasZ {
			return nil, errSZPieces
		}
	}
	return &SZ{phase: engine.S, det: NewCycleDetector(1)}, nil
}

type szError struct{}

func (szError) Error() string { return "thrower sz: the piece set must include S and Z" }

var errSZPieces = szError{}

func (z *SZ) Name() string { return "sz" }

// Stateless is false: the phase and the wells seen decide too.
func (z *SZ) Stateless() bool { return false }

// Fingerprint folds the phase and the detector's state, which decides
// when the phase changes.
func (z *SZ) Fingerprint() uint64 {
	h := engine.FNV1aFrom(uint64(z.phase)<<56 ^ uint64(z.det.move)<<24 ^ uint64(z.det.savedMove))
	for _, r := range z.det.saved {
		h.Word(uint64(r))
	}
	return h.Sum()
}

// Next deals the phase's piece; when the boards have cycled since the
// phase began, the phase flips, so the piece after the current one (the
// one shown) is the other kind.
func (z *SZ) Next(v View) engine.Piece {
	if z.det.Observe(v.Board, piecesHash(0, v.Pending)) {
		if z.phase == engine.S {
			z.phase = engine.Z
		} else {
			z.phase = engine.S
		}
		z.Phases++
		z.det = NewCycleDetector(1)
	}
	return z.phase
}

// Bastet is the chooser of fph's Bastet ("bastard tetris"): it scores each
// piece by the placer's best outcome (lines first, then a low stack), adds
// a little noise to break ties, and deals the worst piece; to keep the
// sequence plausible it does not repeat the current piece for sure but
// then picks the worst with 81% chance, the second worst 12%, the third
// 6%, the fourth 1%. With the next piece shown it looks one placement
// further: the current piece is placed first, every way.
type Bastet struct {
	rng     engine.RNG
	pieces  []engine.Piece
	opt     solver.Options
	preview bool
	gens    [2]solver.Generator
	pls     [2][]solver.Placement
	boards  [2]*engine.Board
	last    []float64    // the scores behind the last choice, before the noise
	chosen  engine.Piece // the last piece dealt
}

// NewBastet builds the Bastet thrower from the options' seed.
func NewBastet(o Options) *Bastet {
	return &Bastet{rng: engine.NewRNG(o.Seed), pieces: o.pieces(), preview: o.Preview,
		opt: solver.Options{Mode: o.Model, NoPaths: true}}
}

func (b *Bastet) Name() string        { return "bastet" }
func (b *Bastet) Fingerprint() uint64 { return b.rng.State }

// Stateless is false: its generator moves with every choice.
func (b *Bastet) Stateless() bool { return false }

// bastetScore is Bastet's evaluation of a well, high = good for the
// player: each line cleared is worth far more than anything else, then
// every row of free height.
func bastetScore(lines, stack int) float64 { return 1e8*float64(lines) - 1000*float64(stack) }

// best is the player's best score for piece p on board bd (with lines
// already cleared before), or -Inf if p cannot be placed.
func (b *Bastet) best(k int, bd *engine.Board, p engine.Piece, lines, h int) float64 {
	b.pls[k] = b.gens[k].Generate(b.pls[k][:0], bd, p, b.opt)
	if b.boards[k] == nil || b.boards[k].Height != bd.Height || b.boards[k].Width != bd.Width {
		b.boards[k] = engine.NewBoard(bd.Width, bd.Height)
	}
	best := math.Inf(-1)
	for _, pl := range b.pls[k] {
		if !legal(pl.Placed, h) {
			continue
		}
		nb := b.boards[k]
		nb.CopyFrom(bd)
		nb.Place(pl.Placed)
		n := nb.ClearLines()
		best = max(best, bastetScore(lines+n, nb.StackHeight()))
	}
	return best
}

// Next deals Bastet's piece.
func (b *Bastet) Next(v View) engine.Piece {
	scores := make([]float64, len(b.pieces))
	var cur engine.Piece
	if b.preview && len(v.Pending) > 0 {
		cur = v.Pending[len(v.Pending)-1]
		for i := range scores {
			scores[i] = math.Inf(-1)
		}
		pls := b.gens[0].Generate(nil, v.Board, cur, b.opt)
		for _, pl := range pls {
			if !legal(pl.Placed, v.Height) {
				continue
			}
			nb := v.Board.Clone()
			nb.Place(pl.Placed)
			n := nb.ClearLines()
			for i, p := range b.pieces {
				scores[i] = max(scores[i], b.best(1, nb, p, n, v.Height))
			}
		}
	} else {
		for i, p := range b.pieces {
			scores[i] = b.best(0, v.Board, p, 0, v.Height)
		}
	}
	b.last = append(b.last[:0], scores...)
	for i := range scores {
		scores[i] += float64(b.rng.Intn(100)) // random tie breaks, as Bastet
	}
	order := make([]int, len(scores))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return scores[order[i]] < scores[order[j]] })
	if b.preview && b.pieces[order[0]] != cur {
		b.chosen = b.pieces[order[0]]
		return b.chosen
	}
	// Bastet's table: the k-th worst piece while rand%100 exceeds 80, 92,
	// 98, 100.
	r := b.rng.Intn(100)
	pos := 0
	for _, limit := range [...]int{80, 92, 98, 100, 100, 100, 100} {
		if limit >= r {
			break
		}
		pos++
	}
	b.chosen = b.pieces[order[min(pos, len(order)-1)]]
	return b.chosen
}

// Hatetris is the HATETRIS enemy under guideline rules: for each allowed
// piece, in HATETRIS' order S Z O I L J T, it finds the placer's best
// reachable outcome (the most free rows above the stack after the lock
// and its clears) and deals the piece whose best outcome is worst, but
// first avoids any piece that could lead back to a board it has been
// shown before (so the placer cannot loop). With the next piece shown the
// current piece is placed first, every way.
type Hatetris struct {
	pieces []engine.Piece
	opt    solver.Options
	seen   map[uint64]struct{}
	gen    solver.Generator
	Last   []hatetris.Evaluation
}

// NewHatetris builds the HATETRIS-style thrower.
func NewHatetris(o Options) *Hatetris {
	order := []engine.Piece{engine.S, engine.Z, engine.O, engine.I, engine.L, engine.J, engine.T}
	allowed := map[engine.Piece]bool{}
	for _, p := range o.pieces() {
		allowed[p] = true
	}
	var ps []engine.Piece
	for _, p := range order {
		if allowed[p] {
			ps = append(ps, p)
		}
	}
	return &Hatetris{pieces: ps, opt: solver.Options{Mode: o.Model, NoPaths: true}, seen: map[uint64]struct{}{}}
}

func (h *Hatetris) Name() string { return "hatetris" }

// Stateless is false: the wells seen decide too.
func (h *Hatetris) Stateless() bool { return false }

// Fingerprint folds the boards seen (their count and an order-free sum).
func (h *Hatetris) Fingerprint() uint64 {
	var sum uint64
	for k := range h.seen {
		sum += k
	}
	return sum ^ uint64(len(h.seen))<<48
}

// outcomes calls f with every board reachable by placing ps in order.
func (h *Hatetris) outcomes(b *engine.Board, ps []engine.Piece, height int, f func(*engine.Board)) {
	if len(ps) == 0 {
		f(b)
		return
	}
	for _, pl := range h.gen.Generate(nil, b, ps[0], h.opt) {
		if !legal(pl.Placed, height) {
			continue
		}
		nb := b.Clone()
		nb.Place(pl.Placed)
		nb.ClearLines()
		h.outcomes(nb, ps[1:], height, f)
	}
}

// Next deals the HATETRIS piece.
func (h *Hatetris) Next(v View) engine.Piece {
	h.seen[rowsHash(v.Board)] = struct{}{}
	var known []engine.Piece
	if len(v.Pending) > 0 {
		known = v.Pending[len(v.Pending)-1:]
	}
	h.Last = h.Last[:0]
	for rank, p := range h.pieces {
		ev := hatetris.Evaluation{Piece: p, HighestPeak: -1, Rank: rank}
		h.outcomes(v.Board, append(append([]engine.Piece(nil), known...), p), v.Height, func(nb *engine.Board) {
			ev.HighestPeak = max(ev.HighestPeak, v.Height-nb.StackHeight())
			if !ev.LeadsIntoCycle {
				_, ev.LeadsIntoCycle = h.seen[rowsHash(nb)]
			}
		})
		h.Last = append(h.Last, ev)
	}
	return hatetris.Worst(append([]hatetris.Evaluation(nil), h.Last...)).Piece
}
