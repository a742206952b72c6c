package solver

import (
	"cmp"
	"slices"

	"github.com/kocka/kocka/engine"
)

// The standard model is the one of the literature (Fahey's Standard
// Tetris, Dellacherie, El-Tetris, Thiery and Scherrer, the cross-entropy
// papers): the well is exactly Width x Height, a piece is placed in any of
// its orientations at any column and dropped straight down from above the
// well, and the game is over when the piece cannot be placed with all its
// cells inside the well. Nothing moves at the top, so a high stack never
// blocks a shift or a turn, and there are no kicks, tucks or spins: a
// placement is only an orientation and a column. That is why this is not a
// movegen mode: there is no movement to generate.
//
// The model's board has no hidden rows: its Height is the well's. Features
// that look above the top row see an open sky (Row reads 0 there), except
// FColumnTransitionsOpen, El-Tetris's count, which sees nothing.

// Entry is how a piece comes into the well in the standard model.
type Entry uint8

// The entries.
const (
	// EntryAbove drops the piece straight down from above the well: it
	// lands on the highest filled cell under it, as the literature states
	// the model and as Thiery and Scherrer's MDPTetris computes it from
	// the column heights.
	EntryAbove Entry = iota
	// EntryTop puts the piece in the well with its top row in the well's
	// top row and lets it fall from there, as El-Tetris's code
	// (getPlacementRow) does, each column on its own (Fahey's simulator
	// also enters at the top, but slides sideways from the spawn and stops
	// at the first blocked column): where a column has a cell
	// in the top rows with room below it, the piece can appear under that
	// overhang, which no drop from above reaches. The two entries differ
	// only when the stack reaches into the top rows of the well.
	EntryTop
)

// standardShape is one orientation of a piece as the standard model uses it:
// its cells' bounding box within the SRS box, and for each column of the
// box the lowest cell in it.
type standardShape struct {
	rot        engine.Rotation
	minX, minY int // the shape's lowest column and row within the SRS box
	w, h       int
	bottom     [4]int    // per column of the shape, its lowest cell's row
	top        [4]int    // per column of the shape, its highest cell's row
	cells      [4]int    // per column of the shape, its cells
	rows       [4]uint16 // per row of the shape from its lowest, its cells from column minX
}

// standardRots lists each piece's distinct orientations in the order
// El-Tetris's pieces.js does (I vertical first, T with its point right
// first, ...): placements are tried in that order, then column by column
// from the left, and the first of equally evaluated placements is kept, as
// El-Tetris's pickMove does.
var standardRots = [engine.L + 1][]engine.Rotation{
	engine.I: {engine.RotR, engine.Rot0},
	engine.T: {engine.RotR, engine.Rot0, engine.RotL, engine.Rot2},
	engine.O: {engine.Rot0},
	engine.J: {engine.Rot0, engine.RotL, engine.Rot2, engine.RotR},
	engine.L: {engine.Rot2, engine.RotR, engine.Rot0, engine.RotL},
	engine.S: {engine.RotR, engine.Rot0},
	engine.Z: {engine.RotR, engine.Rot0},
}

var standardShapes [engine.L + 1][]standardShape

func init() {
	for _, p := range engine.Pieces {
		for _, r := range standardRots[p] {
			cells := engine.Shape(p, r)
			s := standardShape{rot: r, minX: 127, minY: 127}
			maxX, maxY := -1, -1
			for _, c := range cells {
				s.minX, s.minY = min(s.minX, int(c.X)), min(s.minY, int(c.Y))
				maxX, maxY = max(maxX, int(c.X)), max(maxY, int(c.Y))
			}
			s.w, s.h = maxX-s.minX+1, maxY-s.minY+1
			for i := range s.bottom {
				s.bottom[i] = 127
			}
			for _, c := range cells {
				x := int(c.X) - s.minX
				s.bottom[x] = min(s.bottom[x], int(c.Y)-s.minY)
				s.top[x] = max(s.top[x], int(c.Y)-s.minY)
				s.cells[x]++
				s.rows[int(c.Y)-s.minY] |= 1 << uint(x)
			}
			standardShapes[p] = append(standardShapes[p], s)
		}
	}
}

// StandardPlacements appends to dst every placement of p on b in the
// standard model, in the model's order: each orientation, each column from
// the left, the piece dropped straight down from above the well onto the
// highest filled cell under it. Placements that would leave a cell at row
// b.Height or above are left out; none left means the game is over.
func StandardPlacements(dst []engine.Placed, b *engine.Board, p engine.Piece) []engine.Placed {
	h := ColumnHeights(b)
	for _, s := range standardShapes[p] {
		for col := 0; col+s.w <= b.Width; col++ {
			y := 0
			for c := 0; c < s.w; c++ {
				y = max(y, h[col+c]-s.bottom[c])
			}
			if y+s.h > b.Height {
				continue
			}
			dst = append(dst, engine.Placed{Piece: p, Rot: s.rot, X: col - s.minX, Y: y - s.minY})
		}
	}
	return dst
}

// standardTopPlacements is StandardPlacements with EntryTop: each
// orientation and column, the piece put with its top in the well's top row
// and dropped from there; left out where it does not fit there.
func standardTopPlacements(dst []engine.Placed, b *engine.Board, p engine.Piece) []engine.Placed {
	for _, s := range standardShapes[p] {
		for col := 0; col+s.w <= b.Width; col++ {
			m := engine.Placed{Piece: p, Rot: s.rot, X: col - s.minX, Y: b.Height - s.h - s.minY}
			if !b.Fits(m) {
				continue
			}
			m.Y -= b.DropDistance(m)
			dst = append(dst, m)
		}
	}
	return dst
}

// dellacheriePriority is Dellacherie's tie-break priority as Fahey's code
// states it: 100 per column the piece's origin moved from the spawn
// column, 10 more for a move to the left, minus the orientations past the
// first; the highest wins. Origin, spawn column and orientations are
// Fahey's (see FaheyPose), so ties go the way his code sends them.
func dellacheriePriority(p engine.Placed, width int) int {
	col, orient := FaheyPose(p)
	dx := col - width/2 // his spawn column is 1 + width/2, counted from 1
	pr := 100 * max(dx, -dx)
	if dx < 0 {
		pr += 10
	}
	return pr - (orient - 1)
}

// StandardPlayer chooses placements in the standard model with one weight
// set, seeing the current piece only. It reuses its buffers and is not
// safe for concurrent use.
type StandardPlayer struct {
	w      *Weights
	entry  Entry
	places []engine.Placed
	after  *engine.Board
	// the second piece's, for ChooseWithNext
	places2 []engine.Placed
	after2  *engine.Board
	order   []ranked
	// the shown next piece's, for ChooseWithNextExpect
	places3 []engine.Placed
	after3  *engine.Board
	order3  []ranked
	// ply values the unseen piece's placements without an engine.Board
	// when fast (the entry from above, weights it covers); else bestAfter.
	ply  standardPly
	fast bool
	// Depth 2: ChooseExpect in the one-piece model, ChooseWithNextExpect
	// in the two-piece model, over the best Keep placements (0: all).
	Depth, Keep int
}

// NewStandardPlayer plays with w's weights for the standard models (its
// Standard vector if it has one) without modern terms (nothing spins in
// the standard model, and only lines count), pieces entering by entry.
func NewStandardPlayer(w *Weights, entry Entry) *StandardPlayer {
	sw := w.forStandard()
	return &StandardPlayer{w: sw, entry: entry, fast: entry == EntryAbove && standardPlyUsable(sw)}
}

// placements appends the placements of p on b by the player's entry.
func (sp *StandardPlayer) placements(dst []engine.Placed, b *engine.Board, p engine.Piece) []engine.Placed {
	if sp.entry == EntryTop {
		return standardTopPlacements(dst, b, p)
	}
	return StandardPlacements(dst, b, p)
}

// Choose returns the best placement of p on b, a board that is exactly the
// well, and false when p cannot be placed (the game is over).
func (sp *StandardPlayer) Choose(b *engine.Board, p engine.Piece) (engine.Placed, bool) {
	return sp.choose(b, p, 0, func(sc *Scorer, f *Vector, pl engine.Placed) float64 {
		return sp.value(sc, f, b, pl)
	})
}

// ChooseWithNext is Choose in the two-piece model: next is known, and each
// placement of p is valued by its move features plus the best evaluation
// of a placement of next on the board it leaves (a placement after which
// next fits nowhere loses). Ties are broken on p's placement as in Choose.
func (sp *StandardPlayer) ChooseWithNext(b *engine.Board, p, next engine.Piece) (engine.Placed, bool) {
	return sp.choose(b, p, 0, func(sc *Scorer, f *Vector, pl engine.Placed) float64 {
		v := sp.move(sc, f, b, pl)
		if sp.fast {
			sp.ply.reset(sp.w, sp.after)
			return v + sp.ply.best(next)
		}
		return v + sp.bestAfter(sp.after, next)
	})
}

// ChooseExpect is Choose looking one piece further without seeing it:
// each placement of p is valued by its move features plus the mean, over
// the seven pieces that may come next (uniform pieces), of the best
// evaluation of that piece's placements on the board it leaves; a piece
// that fits nowhere there counts as lost. Only the keep placements of p
// with the best one-piece evaluations are looked through (0: all).
func (sp *StandardPlayer) ChooseExpect(b *engine.Board, p engine.Piece, keep int) (engine.Placed, bool) {
	return sp.choose(b, p, keep, func(sc *Scorer, f *Vector, pl engine.Placed) float64 {
		return sp.expectAfter(sp.move(sc, f, b, pl), sp.after)
	})
}

// ChooseWithNextExpect is ChooseWithNext looking one piece past the shown
// one without seeing it: each placement of p is valued by its move
// features plus the best, over next's placements on the board it leaves,
// of next's move features plus the mean over the seven pieces that may
// follow of their best evaluation (ChooseExpect's value). At both plies
// only the keep placements with the best one-piece evaluations are looked
// through (0: all); a piece that fits nowhere counts as lost.
func (sp *StandardPlayer) ChooseWithNextExpect(b *engine.Board, p, next engine.Piece, keep int) (engine.Placed, bool) {
	return sp.choose(b, p, keep, func(sc *Scorer, f *Vector, pl engine.Placed) float64 {
		return sp.move(sc, f, b, pl) + sp.bestExpectAfter(sp.after, next, keep)
	})
}

// bestExpectAfter is the best, over the keep best placements of p on a
// (sp.after), of the placement's move features plus the mean over the
// seven pieces of their best evaluation after it; lost when p fits
// nowhere.
func (sp *StandardPlayer) bestExpectAfter(a *engine.Board, p engine.Piece, keep int) float64 {
	sp.places3 = sp.placements(sp.places3[:0], a, p)
	if len(sp.places3) == 0 {
		return lost
	}
	sc := newScorerIn(sp.w, a, a.Height)
	var f Vector
	sp.order3 = sp.keepBest(sp.order3[:0], &sc, &f, a, sp.places3, keep, sp.after3)
	best := 0.0
	for k, o := range sp.order3 {
		v := sp.expectAfter(sp.moveInto(sp.after3, &sc, &f, a, sp.places3[o.i]), sp.after3)
		if k == 0 || v > best {
			best = v
		}
	}
	return best
}

// expectAfter adds to v the mean, over the seven pieces that may come next
// on a, of the best evaluation of that piece's placements, one seventh at
// a time in engine.Pieces order (the sum's rounding is part of the value).
func (sp *StandardPlayer) expectAfter(v float64, a *engine.Board) float64 {
	if sp.fast {
		sp.ply.reset(sp.w, a)
		for _, q := range engine.Pieces {
			v += sp.ply.best(q) / engine.NumPieces
		}
		return v
	}
	for _, q := range engine.Pieces {
		v += sp.bestAfter(a, q) / engine.NumPieces
	}
	return v
}

// keepBest appends to order the indices of places in the model's order,
// only the keep with the best one-piece evaluations on b when keep > 0
// (scratch is the board they are evaluated on).
func (sp *StandardPlayer) keepBest(order []ranked, sc *Scorer, f *Vector, b *engine.Board,
	places []engine.Placed, keep int, scratch *engine.Board) []ranked {
	for i := range places {
		order = append(order, ranked{i: i})
	}
	if keep > 0 && keep < len(order) {
		for k := range order {
			order[k].v = sp.valueInto(scratch, sc, f, b, places[k])
		}
		slices.SortStableFunc(order, func(x, y ranked) int { return cmp.Compare(y.v, x.v) })
		order = order[:keep]
		slices.SortFunc(order, func(x, y ranked) int { return x.i - y.i }) // the model's order again, for ties
	}
	return order
}

// choose returns the placement of p on b with the highest value, the
// first in the model's order among equals unless the weights break ties
// otherwise. With keep > 0 only the keep placements with the best
// one-piece evaluations are valued.
func (sp *StandardPlayer) choose(b *engine.Board, p engine.Piece, keep int,
	value func(sc *Scorer, f *Vector, pl engine.Placed) float64) (engine.Placed, bool) {
	sp.places = sp.placements(sp.places[:0], b, p)
	if len(sp.places) == 0 {
		return engine.Placed{}, false
	}
	if sp.after == nil || sp.after.Width != b.Width || sp.after.Height != b.Height {
		sp.after = engine.NewBoard(b.Width, b.Height)
		sp.after2 = engine.NewBoard(b.Width, b.Height)
		sp.after3 = engine.NewBoard(b.Width, b.Height)
	}
	sc := newScorerIn(sp.w, b, b.Height)
	var f Vector
	order := sp.keepBest(sp.order[:0], &sc, &f, b, sp.places, keep, sp.after)
	sp.order = order
	best, bestV, bestPr := -1, 0.0, 0
	for _, o := range order {
		pl := sp.places[o.i]
		v := value(&sc, &f, pl)
		pr := 0
		if sp.w.TieBreak == TieBreakDellacherie {
			pr = dellacheriePriority(pl, b.Width)
		}
		if best < 0 || v > bestV || v == bestV && pr > bestPr {
			best, bestV, bestPr = o.i, v, pr
		}
	}
	return sp.places[best], true
}

// move places pl on b into sp.after, clears its rows, and returns the
// weighted move features of the placement alone.
func (sp *StandardPlayer) move(sc *Scorer, f *Vector, b *engine.Board, pl engine.Placed) float64 {
	return sp.moveInto(sp.after, sc, f, b, pl)
}

// moveInto is move leaving the board in a.
func (sp *StandardPlayer) moveInto(a *engine.Board, sc *Scorer, f *Vector, b *engine.Board, pl engine.Placed) float64 {
	a.CopyFrom(b)
	a.Place(pl)
	lines := a.ClearLines()
	*f = Vector{}
	sc.moveFeatures(f, pl, a, engine.Clear{Lines: lines})
	return f.Dot(&sc.w)
}

// ranked is a placement's index and its one-piece evaluation.
type ranked struct {
	i int
	v float64
}

// bestAfter is the best evaluation of a placement of p on a (sp.after),
// or lost when p fits nowhere.
func (sp *StandardPlayer) bestAfter(a *engine.Board, p engine.Piece) float64 {
	sp.places2 = sp.placements(sp.places2[:0], a, p)
	if len(sp.places2) == 0 {
		return lost
	}
	sc := newScorerIn(sp.w, a, a.Height)
	var f Vector
	best := 0.0
	for i, pl := range sp.places2 {
		a2 := sp.after2
		a2.CopyFrom(a)
		a2.Place(pl)
		lines := a2.ClearLines()
		sc.Features(&f, pl, a2, engine.Clear{Lines: lines})
		if v := f.Dot(&sc.w); i == 0 || v > best {
			best = v
		}
	}
	return best
}

// value is the evaluation of placing pl on b: the features summed in one
// pass in feature order, which is El-Tetris's order of terms, so that the
// floating-point sums (and the ties) come out as in its code.
func (sp *StandardPlayer) value(sc *Scorer, f *Vector, b *engine.Board, pl engine.Placed) float64 {
	return sp.valueInto(sp.after, sc, f, b, pl)
}

// valueInto is value leaving the board in a.
func (sp *StandardPlayer) valueInto(a *engine.Board, sc *Scorer, f *Vector, b *engine.Board, pl engine.Placed) float64 {
	a.CopyFrom(b)
	a.Place(pl)
	lines := a.ClearLines()
	sc.Features(f, pl, a, engine.Clear{Lines: lines})
	return f.Dot(&sc.w)
}

// playStandard plays one game of the standard model: uniform pieces from
// the seed, each placed where the player says, until a piece cannot be
// placed inside the well or the piece cap is reached.
func playStandard(sp *StandardPlayer, cfg *BenchConfig, seed uint64) (GameResult, error) {
	r := GameResult{Seed: seed}
	rnd, err := engine.NewRandomizer(engine.Uniform, seed, nil)
	if err != nil {
		return r, err
	}
	b := engine.NewBoard(cfg.Width, cfg.Height)
	preview := cfg.Model == ModelStandardPreview
	next := rnd.Next(nil)
	for cfg.MaxPieces == 0 || r.Pieces < cfg.MaxPieces {
		// The same pieces in the same order in every model: piece i of a
		// seed is the i-th the randomizer deals.
		cur := next
		next = rnd.Next(nil)
		var pl engine.Placed
		var ok bool
		switch {
		case preview && sp.Depth >= 2:
			pl, ok = sp.ChooseWithNextExpect(b, cur, next, sp.Keep)
		case preview:
			pl, ok = sp.ChooseWithNext(b, cur, next)
		case sp.Depth >= 2:
			pl, ok = sp.ChooseExpect(b, cur, sp.Keep)
		default:
			pl, ok = sp.Choose(b, cur)
		}
		if !ok {
			r.ToppedOut = true
			break
		}
		b.Place(pl)
		n := b.ClearLines()
		r.Pieces++
		r.Lines += n
		if n == 4 {
			r.Tetrises++
		}
		r.Score += engine.Clear{Lines: n}.Points(1)
	}
	return r, nil
}
