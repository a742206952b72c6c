package hatetris

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"
)

// EvalWeights are the beam search's evaluation of a Bits well, higher
// better for the player: a weighted sum of named features. The first four
// are El-Tetris's board features, as the solver's "eltetris" personality
// computes them on the 20-row well (TestEvalMatchesPersonality checks the
// two agree); the others are made for HATETRIS.
type EvalWeights struct {
	Name string
	Note string

	RowTransitions    float64 // filled/empty changes along rows (walls filled)
	ColumnTransitions float64 // filled/empty changes up the columns (floor filled)
	Holes             float64 // empty cells under a filled cell
	Wells             float64 // El-Tetris's cumulative well depths

	// HighestHole is the height above the floor of the highest hole (0
	// without holes): a high hole blocks every row below it from clearing.
	HighestHole float64
	// ClearableRows counts the non-empty rows without a hole: rows that
	// pieces dropped from above can still complete.
	ClearableRows float64
	// EnemyPeak is what the enemy deals next: the player's best outcome
	// (Peak) with the piece the enemy gives to this well, minus the well's
	// own peak (negative when the next piece must raise the stack,
	// positive when it can clear a line). It costs the enemy's evaluation
	// of the well (seven move searches, kept in the enemy cache for when
	// the well is expanded). The loop rule is not applied here.
	EnemyPeak float64

	// HoleDepth, RowsWithHoles and Height are Thiery and Scherrer's BCTS
	// features beside El-Tetris's: the filled cells above each hole,
	// summed; the rows holding at least one hole; the stack's height in
	// rows above the floor. A hole under a deep column, or in many rows,
	// keeps those rows from clearing for longer than a lone hole.
	HoleDepth     float64
	RowsWithHoles float64
	Height        float64

	// Enclosed counts the empty cells no path of empty cells (up, down
	// and sideways) joins to the rows above the stack; EnclosedRows the
	// rows holding one. HATETRIS moves a piece down and sideways with no
	// gravity, so a piece slides under an overhang: the record games keep
	// 20 to 50 covered cells (Holes) for hundreds of pieces, but only 2
	// to 6 enclosed ones, where Kocka's beam let both grow
	// (docs/hatetris.md, "Open and enclosed holes").
	Enclosed     float64
	EnclosedRows float64

	// The surface and the rows' fill, for the imitation fits (the
	// record games' players avoid some shapes that the features above
	// do not see: measured in docs/hatetris.md, "A wider fit"). A
	// column's height is its highest filled cell above the floor, with
	// no gravity the top of its stack. Bumpiness sums the height
	// differences of neighbouring columns, MaxStep is the largest;
	// FlatSteps, StepsOfTwo and Cliffs count the neighbours that differ
	// by 0, by 2 and by 3 or more; DeepWells the columns 3 or more below
	// both neighbours (a wall is as high as any), which only an I fills;
	// HeightRange is the highest column less the lowest.
	// RowsMissingOne, -Two and -Three count the rows with 9, 8 and 7 of
	// their 10 cells filled.
	Bumpiness        float64
	MaxStep          float64
	FlatSteps        float64
	StepsOfTwo       float64
	Cliffs           float64
	DeepWells        float64
	HeightRange      float64
	RowsMissingOne   float64
	RowsMissingTwo   float64
	RowsMissingThree float64

	// Net, when set, adds LineWeight x the lines the network expects
	// from the well (the "learned" set has one; kocka's --weights adds
	// one to any set). Its value moves in steps of
	// lines, where the weighted sum moves in fractions of one; the sum
	// orders the wells the network values alike (measured: the network
	// alone values most wells of the first pieces exactly alike, its
	// units at the flat ends of the clipped ReLU, and the search alone
	// scored 0 lines at widths 64 to 512).
	Net *Net
	// Value, when set, is a second network added to Net's value times
	// ValueWeight: one fitted to what a lookahead finds beyond Net's
	// value (docs/hatetris.md, "A second network for the wells'
	// values"), so that Net's ranking of one well's landings is kept.
	// Only with Net, and only in the Evaluator (the beam); the commands
	// set it nowhere and the data commands' labels use Net alone.
	Value       *Net
	ValueWeight float64
}

// EvalSets are the named weight sets.
var EvalSets = []EvalWeights{
	{
		Name:              "eltetris",
		Note:              "El-Tetris's board weights (the solver's eltetris personality, board features only), as Kocka's first record runs used them",
		RowTransitions:    -3.2178882868487753,
		ColumnTransitions: -9.348695305445199,
		Holes:             -7.899265427351652,
		Wells:             -3.3855972247263626,
	},
	{
		Name:              "hate",
		Note:              "eltetris plus the HATETRIS features, weights set by hand (not tuned): a row of the highest hole costs about a third of a hole, a clearable row is worth a little less than a hole, a row the enemy's next piece forces up costs as much as a hole",
		RowTransitions:    -3.2178882868487753,
		ColumnTransitions: -9.348695305445199,
		Holes:             -7.899265427351652,
		Wells:             -3.3855972247263626,
		HighestHole:       -2.5,
		ClearableRows:     5,
		EnemyPeak:         8,
	},
	{
		Name:              "hate-static",
		Note:              "hate without the enemy's next piece (no move search in the evaluation)",
		RowTransitions:    -3.2178882868487753,
		ColumnTransitions: -9.348695305445199,
		Holes:             -7.899265427351652,
		Wells:             -3.3855972247263626,
		HighestHole:       -2.5,
		ClearableRows:     5,
	},
	{
		Name: "hate-tuned",
		Note: "tuned by kocka hatetris tune from eltetris on the mean lines of searches of widths 256, 512 and 1024 with quiescence 1 (docs/hatetris-tune.json, the best of 10 generations of 14)",
		// The result file's vector; TestTunedSetIsTheTuning checks them.
		RowTransitions:    -7.50030759954984,
		ColumnTransitions: -5.839611451239493,
		Holes:             -9.454699446856027,
		Wells:             -6.845233357192874,
		HighestHole:       1.5772640177961519,
		ClearableRows:     0.1618632759137455,
		HoleDepth:         -0.129730941767324,
		RowsWithHoles:     -1.3054774810142205,
		Height:            -3.935638895650527,
	},
	{
		Name: "hate-tuned-wide",
		Note: "tuned by kocka hatetris tune from hate-tuned on the mean lines of searches of widths 1024, 2048 and 4096 with quiescence 1 (docs/hatetris-tune-wide.json, the best of 8 generations of 12)",
		// The result file's vector; TestTunedSetIsTheTuning checks them.
		RowTransitions:    -7.524205227105455,
		ColumnTransitions: -5.915115766455704,
		Holes:             -9.455938551592668,
		Wells:             -7.117848125285693,
		HighestHole:       0.9836318354531172,
		ClearableRows:     1.5688156318623898,
		HoleDepth:         2.171291134015851,
		RowsWithHoles:     -1.3107922134568608,
		Height:            -2.806775122616653,
	},
	{
		Name: "imitated",
		Note: "fitted by kocka hatetris imitate to the placements of seven published record games (148 to 366 lines; docs/hatetris-imitate.json): the landing each player chose against the piece's other landings",
		// The result file's set; TestImitatedSetIsTheFit checks them.
		RowTransitions:    -390.24254970605585,
		ColumnTransitions: -70.75184601685005,
		Holes:             55.80325326989294,
		Wells:             -204.66630999561124,
		HighestHole:       47.90063938706316,
		ClearableRows:     192.0888151146681,
		HoleDepth:         -9.864973872114698,
		RowsWithHoles:     -57.35993882866557,
		Height:            44.73025820280817,
		Enclosed:          1.0055976640706923,
		EnclosedRows:      -402.0624059341917,
	},
	{
		Name: "imitated-shape",
		Note: "imitated with the surface and the rows' fill added (bumpiness, steps, cliffs, deep wells, rows missing one to three cells), fitted by kocka hatetris imitate to the same seven record games (docs/hatetris-imitate-shape.json)",
		// The result file's set; TestImitatedSetIsTheFit checks them.
		RowTransitions:    -559.4885161254421,
		ColumnTransitions: -64.76231956650939,
		Holes:             165.33844555496634,
		Wells:             -71.79845984575829,
		HighestHole:       -7.0618178896906585,
		ClearableRows:     149.15808302142233,
		HoleDepth:         -16.94089089912172,
		RowsWithHoles:     -161.14742043718633,
		Height:            -133.76383032796144,
		Enclosed:          33.12425375739105,
		EnclosedRows:      -272.134729189301,
		Bumpiness:         64.65981240297316,
		MaxStep:           77.2161642281866,
		FlatSteps:         -249.95235439964586,
		StepsOfTwo:        40.901995927894646,
		Cliffs:            348.08311967011724,
		DeepWells:         -300.7136792971234,
		HeightRange:       -16.89745171371991,
		RowsMissingOne:    -956.0232161606522,
		RowsMissingTwo:    47.21361284257344,
		RowsMissingThree:  -396.1244599873369,
	},
	{
		Name:              "learned",
		Note:              "eltetris plus a small NNUE-style network's expected lines, trained on rollouts (net.go, docs/hatetris.md); the built-in weights unless --weights",
		RowTransitions:    -3.2178882868487753,
		ColumnTransitions: -9.348695305445199,
		Holes:             -7.899265427351652,
		Wells:             -3.3855972247263626,
	},
}

// EvalByName returns a weight set by name, "learned" with the built-in
// network.
func EvalByName(name string) (EvalWeights, error) {
	w, err := EvalSet(name)
	if err != nil || name != "learned" {
		return w, err
	}
	n, err := learnedNet()
	if err != nil {
		return w, fmt.Errorf("the built-in learned.net: %w", err)
	}
	w.Net = n
	return w, nil
}

// EvalSet returns a weight set by name without a network, for a caller
// that adds its own (so that the built-in one is not decoded for nothing).
func EvalSet(name string) (EvalWeights, error) {
	var names []string
	for _, w := range EvalSets {
		if w.Name == name {
			return w, nil
		}
		names = append(names, w.Name)
	}
	return EvalWeights{}, fmt.Errorf("hatetris: unknown evaluation %q (want one of %s)", name, strings.Join(names, ", "))
}

// boardFeatures are the well's features that the weight sets and the
// learned network's count inputs share.
type boardFeatures struct {
	rowT, colT, holes, wells, highest, clearable int
	holeDepth, holeRows, height                  int
	enclosed, enclosedRows                       int

	// withSurface's
	bumpiness, maxStep, flatSteps, stepsOfTwo, cliffs, deepWells, heightRange int
	missing                                                                   [3]int // rows with 1, 2, 3 cells empty
}

// features computes them, the enclosed cells aside (a flood fill that
// only the sets weighing them pay for: withEnclosed).
func (b *Bits) features() boardFeatures {
	// Row transitions: every row of the 20-row well, an empty row counting
	// 2 (one change at each wall); the four rows above the bar are empty.
	f := boardFeatures{rowT: 2 * bitsTop}
	// Column transitions: from the floor (filled) up to the first empty
	// row above the stack (the open sky above it does not count).
	prev := fullRow
	var covered uint16
	// The filled cells seen so far in each column, as a 5-bit counter
	// per column, bit-sliced: bit x of above[k] is bit k of column x's
	// count (at most 16 rows), so a row updates all ten at once.
	var above [5]uint16
	top := b.Top() - bitsTop // first non-empty Bits row (16 if none)
	f.height = bitsRows - top
	for i := 0; i < bitsRows; i++ {
		r := b[i]
		ext := uint32(r)<<1 | 1 | 1<<11
		f.rowT += bits.OnesCount32((ext ^ ext>>1) & (1<<11 - 1))
		if i >= top {
			h := covered &^ r
			f.holes += bits.OnesCount16(h)
			if h != 0 {
				f.holeRows++
				if f.highest == 0 {
					f.highest = bitsRows - i
				}
			}
			if h != 0 {
				// Unrolled: a loop over the planes cost a tenth of a search.
				f.holeDepth += bits.OnesCount16(h&above[0]) + bits.OnesCount16(h&above[1])<<1 +
					bits.OnesCount16(h&above[2])<<2 + bits.OnesCount16(h&above[3])<<3 +
					bits.OnesCount16(h&above[4])<<4
			}
			for k, carry := 0, r; carry != 0 && k < len(above); k++ {
				above[k], carry = above[k]^carry, above[k]&carry
			}
			if h == 0 && r != 0 {
				f.clearable++
			}
			covered |= r
		}
	}
	for i := bitsRows - 1; i >= top-1 && i >= 0; i-- {
		f.colT += bits.OnesCount16((b[i] ^ prev) & fullRow)
		prev = b[i]
	}
	if top == 0 { // the stack reaches the bar's row: the row above it is empty
		f.colT += bits.OnesCount16(prev & fullRow)
	}
	// El-Tetris's wells: each empty cell with both neighbours filled (or
	// walls) counts itself and the empty cells straight below it.
	for i := top; i < bitsRows; i++ {
		r := b[i]
		side := (r<<1 | 1) & (r>>1 | 1<<9) & fullRow
		for well := ^r & side; well != 0; well &= well - 1 {
			bit := well & -well
			for k := i; k < bitsRows && b[k]&bit == 0; k++ {
				f.wells++
			}
		}
	}
	return f
}

// withEnclosed adds the enclosed cells to features f of well b.
func (b *Bits) withEnclosed(f *boardFeatures) {
	if f.holes > 0 { // only a covered cell can be enclosed
		f.enclosed, f.enclosedRows = b.enclosed(bitsRows - f.height)
	}
}

// enclosed counts the empty cells of rows top and below that no path of
// empty cells joins to the open rows above the stack, and the rows
// holding one. The reachable cells are flooded row by row, down and back
// up, until nothing changes (a pocket under an overhang can reach up).
func (b *Bits) enclosed(top int) (cells, rows int) {
	var reach [bitsRows]uint16
	spread := func(r, empty uint16) uint16 {
		for {
			n := r | (r<<1|r>>1)&empty
			if n == r {
				return r
			}
			r = n
		}
	}
	if top == 0 {
		reach[0] = ^b[0] & fullRow // the rows above the bar are empty
	} else {
		reach[top-1] = fullRow
	}
	for changed := true; changed; {
		changed = false
		for i := max(top, 1); i < bitsRows; i++ {
			empty := ^b[i] & fullRow
			if r := spread(reach[i]|reach[i-1]&empty, empty); r != reach[i] {
				reach[i], changed = r, true
			}
		}
		for i := bitsRows - 2; i >= top; i-- {
			empty := ^b[i] & fullRow
			if r := spread(reach[i]|reach[i+1]&empty, empty); r != reach[i] {
				reach[i], changed = r, true
			}
		}
	}
	for i := top; i < bitsRows; i++ {
		if e := ^b[i] & fullRow &^ reach[i]; e != 0 {
			cells += bits.OnesCount16(e)
			rows++
		}
	}
	return cells, rows
}

// withSurface adds the column heights' and the rows' fill features to
// features f of well b.
func (b *Bits) withSurface(f *boardFeatures) {
	var h [10]int
	var seen uint16
	for i := bitsRows - f.height; i < bitsRows; i++ {
		r := b[i]
		for n := r &^ seen; n != 0; n &= n - 1 {
			h[bits.TrailingZeros16(n)] = bitsRows - i
		}
		seen |= r
		if empty := 10 - bits.OnesCount16(r); empty >= 1 && empty <= 3 {
			f.missing[empty-1]++
		}
	}
	lo, hi := h[0], h[0]
	for x, hx := range h {
		lo, hi = min(lo, hx), max(hi, hx)
		left, right := bitsRows, bitsRows // a wall is as high as any column
		if x > 0 {
			left = h[x-1]
		}
		if x < len(h)-1 {
			right = h[x+1]
			d := hx - right
			if d < 0 {
				d = -d
			}
			f.bumpiness += d
			f.maxStep = max(f.maxStep, d)
			switch {
			case d == 0:
				f.flatSteps++
			case d == 2:
				f.stepsOfTwo++
			case d >= 3:
				f.cliffs++
			}
		}
		if min(left, right)-hx >= 3 {
			f.deepWells++
		}
	}
	f.heightRange = hi - lo
}

// boardScore is the weighted sum of the features that need only the well.
func (w *EvalWeights) boardScore(b *Bits) float64 {
	f := b.features()
	w.withWeighed(b, &f)
	return w.scoreOf(&f)
}

// withWeighed adds to features f of well b the costlier ones the set
// weighs.
func (w *EvalWeights) withWeighed(b *Bits, f *boardFeatures) {
	if w.weighsEnclosed() {
		b.withEnclosed(f)
	}
	if w.weighsSurface() {
		b.withSurface(f)
	}
}

// weighsEnclosed reports whether the set needs the enclosed cells.
func (w *EvalWeights) weighsEnclosed() bool { return w.Enclosed != 0 || w.EnclosedRows != 0 }

// weighsSurface reports whether the set needs withSurface's features.
func (w *EvalWeights) weighsSurface() bool {
	return w.Bumpiness != 0 || w.MaxStep != 0 || w.FlatSteps != 0 || w.StepsOfTwo != 0 || w.Cliffs != 0 ||
		w.DeepWells != 0 || w.HeightRange != 0 || w.RowsMissingOne != 0 || w.RowsMissingTwo != 0 || w.RowsMissingThree != 0
}

// scoreOf is boardScore of features already counted.
func (w *EvalWeights) scoreOf(f *boardFeatures) float64 {
	return w.RowTransitions*float64(f.rowT) + w.ColumnTransitions*float64(f.colT) + w.Holes*float64(f.holes) +
		w.Wells*float64(f.wells) + w.HighestHole*float64(f.highest) + w.ClearableRows*float64(f.clearable) +
		w.HoleDepth*float64(f.holeDepth) + w.RowsWithHoles*float64(f.holeRows) + w.Height*float64(f.height) +
		w.Enclosed*float64(f.enclosed) + w.EnclosedRows*float64(f.enclosedRows) +
		w.Bumpiness*float64(f.bumpiness) + w.MaxStep*float64(f.maxStep) + w.FlatSteps*float64(f.flatSteps) +
		w.StepsOfTwo*float64(f.stepsOfTwo) + w.Cliffs*float64(f.cliffs) + w.DeepWells*float64(f.deepWells) +
		w.HeightRange*float64(f.heightRange) + w.RowsMissingOne*float64(f.missing[0]) +
		w.RowsMissingTwo*float64(f.missing[1]) + w.RowsMissingThree*float64(f.missing[2])
}

// Evaluator scores wells for one worker of the beam: the weights, the
// quiescence depth, the enemy cache and a move search of its own. Not safe
// for concurrent use; the cache may be shared.
type Evaluator struct {
	W          EvalWeights
	LineWeight float64
	// NetWeight is what one line the network expects is worth (0: the
	// LineWeight). Apart, a search can rank wells by the network alone,
	// as the record holders' beam does, and not by the lines already
	// cleared (a well's cells already tell how many: 4 per piece less 10
	// per line).
	NetWeight float64
	// Quiescence is how many pieces a well is extended before it is
	// judged while the enemy's next piece can clear a line or has only
	// one place that does not end the game (0: judge it as it is).
	Quiescence int
	// Mode is how quiescence extends a well (QuiescenceEnemy: by the
	// piece the enemy gives; QuiescenceClears: by the record holders'
	// run of line clears).
	Mode  QuiescenceMode
	Cache *EnemyCache

	gens []Gen // one per quiescence level, so that levels do not clobber each other
	bufs [][]Child
}

// lost is the value of a well from which the game is over.
const lost = -1e18

// Value is the evaluation of well b: its board features, plus what the
// enemy deals next (when weighted), extended by quiescence.
func (e *Evaluator) Value(b *Bits) float64 {
	if len(e.gens) < e.Quiescence+1 {
		e.gens = make([]Gen, e.Quiescence+1)
		e.bufs = make([][]Child, e.Quiescence+1)
	}
	return e.value(b, e.Quiescence)
}

// asIs reports whether Value(b) is sure to be b's value without
// quiescence, whatever the depth and the mode: every piece the enemy may
// deal has two landings or more that go on and none that clears a line,
// so no extension can start from b.
func (e *Evaluator) asIs(b *Bits) bool {
	return b.surelyQuiet()
}

func (e *Evaluator) value(b *Bits, depth int) float64 {
	if e.Mode == QuiescenceClears {
		return e.clears(b, depth)
	}
	if e.asIs(b) {
		depth = 0
	}
	if depth == 0 && e.W.EnemyPeak == 0 {
		return e.static(b) // no need to ask the enemy
	}
	// Only the enemy's first choice matters here (the loop rule is not
	// applied): Worst finds it with fewer move searches than the order.
	g := &e.gens[depth]
	worst := e.Cache.Worst(g, b)
	peak := 0.0 // what the enemy deals, asked before Children reuses g
	if e.W.EnemyPeak != 0 {
		peak = e.W.EnemyPeak * float64(g.BestPeak(worst)-b.Top())
	}
	if depth == 0 {
		return e.static(b) + peak
	}
	cs := g.Children(worst, e.bufs[depth][:0])
	e.bufs[depth] = cs
	live, clears := 0, false
	for i := range cs {
		if !cs[i].Over {
			live++
			clears = clears || cs[i].Lines > 0
		}
	}
	if live == 0 {
		return lost
	}
	if !clears && live > 1 {
		return e.static(b) + peak // quiet: nothing forced, nothing pending
	}
	// Extended: the well's own value would be thrown away, so it is not
	// computed (the features were over a quarter of a search's time).
	best := math.Inf(-1)
	for i := range e.bufs[depth] {
		c := &e.bufs[depth][i]
		if c.Over {
			continue
		}
		w := c.Well
		best = max(best, float64(c.Lines)*e.LineWeight+e.value(&w, depth-1))
	}
	return best
}

// QuiescenceMode is how quiescence extends a well before it is judged.
type QuiescenceMode uint8

const (
	// QuiescenceEnemy extends a well by the piece the enemy gives it,
	// while that piece can clear a line or has one way on.
	QuiescenceEnemy QuiescenceMode = iota
	// QuiescenceClears is David and Felipe's quiescence lookahead: a
	// well is worth the best of its own value and the values of the
	// wells that an unbroken run of single line clears reaches, with the
	// first piece in the enemy's order (S Z O I L J T) that cannot clear
	// two lines at once (the enemy never hands out a double). It does not
	// ask which piece the enemy gives: a well that threatens a clear is
	// valued as if the clear came, which also rewards wells where the
	// enemy must avoid a piece.
	QuiescenceClears
)

// QuiescenceModes are the modes' names, by value.
var QuiescenceModes = []string{"enemy", "clears"}

// QuiescenceModeByName returns the mode of a name in QuiescenceModes.
func QuiescenceModeByName(name string) (QuiescenceMode, error) {
	for i, n := range QuiescenceModes {
		if n == name {
			return QuiescenceMode(i), nil
		}
	}
	return 0, fmt.Errorf("hatetris: no quiescence mode %q (%s)", name, strings.Join(QuiescenceModes, ", "))
}

// clears is value for QuiescenceClears: depth bounds the run of clears.
func (e *Evaluator) clears(b *Bits, depth int) float64 {
	own := e.static(b)
	if depth == 0 || e.asIs(b) {
		return own
	}
	g := &e.gens[depth]
	g.Reset(b)
	for _, id := range pieceOrder {
		cs := g.Children(id, e.bufs[depth][:0])
		e.bufs[depth] = cs
		if slices.ContainsFunc(cs, func(c Child) bool { return !c.Over && c.Lines >= 2 }) {
			continue
		}
		best := own
		for i := range e.bufs[depth] {
			c := &e.bufs[depth][i]
			if c.Over || c.Lines != 1 {
				continue
			}
			w := c.Well
			best = max(best, e.LineWeight+e.clears(&w, depth-1))
		}
		return best
	}
	return own
}

// static is the well's value without looking ahead: the weighted
// features and the network.
func (e *Evaluator) static(b *Bits) float64 {
	f := b.features() // once, for the weights and the network's counts
	e.W.withWeighed(b, &f)
	v := e.W.scoreOf(&f)
	if e.W.Net != nil {
		nw := e.NetWeight
		if nw == 0 {
			nw = e.LineWeight
		}
		v += nw * e.W.Net.valueOf(b, &f)
		if e.W.Value != nil {
			v += nw * e.W.ValueWeight * e.W.Value.valueOf(b, &f)
		}
	}
	return v
}

// WellStats are a well's features by name, for reading games piece by
// piece (kocka hatetris play --trace).
type WellStats struct {
	Height            int `json:"height"` // rows from the floor to the top of the stack
	Cells             int `json:"cells"`
	Holes             int `json:"holes"`    // empty cells under a filled one
	Enclosed          int `json:"enclosed"` // empty cells no path of empty cells reaches
	EnclosedRows      int `json:"enclosed_rows"`
	RowTransitions    int `json:"row_transitions"`
	ColumnTransitions int `json:"column_transitions"`
	Wells             int `json:"wells"`
	HighestHole       int `json:"highest_hole"`
	ClearableRows     int `json:"clearable_rows"`
}

// StatsOf counts a live well's features; ok is false for a well with a
// cell at or above the bar.
func StatsOf(w *Well) (s WellStats, ok bool) {
	b, ok := BitsOf(w)
	if !ok {
		return s, false
	}
	f := b.features()
	b.withEnclosed(&f)
	return WellStats{Height: f.height, Cells: b.Cells(), Holes: f.holes, Enclosed: f.enclosed, EnclosedRows: f.enclosedRows,
		RowTransitions: f.rowT, ColumnTransitions: f.colT, Wells: f.wells, HighestHole: f.highest, ClearableRows: f.clearable}, true
}
