package solver

import (
	"fmt"

	"github.com/kocka/kocka/engine"
)

// Feature names one term of the evaluation. A weight set gives each feature
// a weight; the evaluation is the weighted sum of the features.
type Feature uint8

// The features. Move features describe one placement and what it cleared;
// board features describe the board after it. A search adds the move
// features of every placement on a path to the board features of its last
// board.
const (
	// Move features.
	FLandingHeight Feature = iota // middle row of the placed piece (Dellacherie)
	FErodedCells                  // rows cleared x own cells cleared (Dellacherie)
	FLinesCleared                 // rows cleared (brute-force article)
	FPieceBottom                  // lowest row of the placed piece: how low it lands
	FNewHoles                     // holes after minus holes before
	FNewDeepWells                 // deep-well cells after minus before
	FSingle                       // a clear of 1..4 rows without a T-spin
	FDouble
	FTriple
	FTetris
	FTSpinMini   // a mini T-spin, with or without lines
	FTSpinSingle // full T-spins by rows cleared
	FTSpinDouble
	FTSpinTriple
	FBackToBack   // the clear continued a back-to-back chain
	FChainEnded   // the clear ended a back-to-back chain (engine.Clear.EndsChain)
	FCombo        // clearing locks in a row before this one (engine.Clear.Combo)
	FPerfectClear // the board is empty afterwards
	FTWasted      // a T placed without a T-spin

	// Board features.
	FRowTransitions
	FColumnTransitions
	FColumnTransitionsOpen // column transitions, the top row not changing to the sky (El-Tetris's code)
	FHoles
	FWells // cumulative wells
	FBumpiness
	FAggregateHeight
	FMaxHeight
	FAvgHeight
	FBigHoles
	FMediumHoles
	FSmallHoles
	FDeepWells     // cells of one-wide pits deeper than two
	FTSlotDouble   // T-spin double slots, at most 2 counted
	FTSlotSingle   // T-spin single slots, at most 2 counted
	FTSlotTriple   // T-spin triple slots a T can slide into and turn down, at most 2 counted
	FHoleDepth     // filled cells above the holes, each counted once per hole under it
	FRowsWithHoles // rows holding a hole (Thiery and Scherrer)
	FHoleDepthRuns // filled cells with a hole below them, each once (Thiery and Scherrer's hole depth as MDPTetris counts it)
	NumFeatures    // how many features there are
	firstBoardFeat = FRowTransitions
)

var featureNames = [NumFeatures]string{
	FLandingHeight: "landing_height", FErodedCells: "eroded_cells", FLinesCleared: "lines_cleared",
	FPieceBottom: "piece_bottom", FNewHoles: "new_holes", FNewDeepWells: "new_deep_wells",
	FSingle: "single", FDouble: "double", FTriple: "triple", FTetris: "tetris",
	FTSpinMini: "tspin_mini", FTSpinSingle: "tspin_single", FTSpinDouble: "tspin_double",
	FTSpinTriple: "tspin_triple", FBackToBack: "back_to_back", FChainEnded: "chain_ended", FCombo: "combo",
	FPerfectClear: "perfect_clear", FTWasted: "t_wasted",
	FRowTransitions: "row_transitions", FColumnTransitions: "column_transitions",
	FColumnTransitionsOpen: "column_transitions_open", FHoles: "holes",
	FWells: "wells", FBumpiness: "bumpiness", FAggregateHeight: "aggregate_height",
	FMaxHeight: "max_height", FAvgHeight: "avg_height", FBigHoles: "big_holes",
	FMediumHoles: "medium_holes", FSmallHoles: "small_holes", FDeepWells: "deep_wells",
	FTSlotDouble: "tslot_double", FTSlotSingle: "tslot_single", FTSlotTriple: "tslot_triple",
	FHoleDepth: "hole_depth", FRowsWithHoles: "rows_with_holes", FHoleDepthRuns: "hole_depth_runs",
}

func (f Feature) String() string {
	if f < NumFeatures {
		return featureNames[f]
	}
	return fmt.Sprintf("Feature(%d)", uint8(f))
}

// ParseFeature reads a feature name as String writes it.
func ParseFeature(s string) (Feature, error) {
	for i, n := range featureNames {
		if n == s {
			return Feature(i), nil
		}
	}
	return 0, fmt.Errorf("unknown feature %q", s)
}

// Vector holds one number per feature: a feature vector or a weight vector.
type Vector [NumFeatures]float64

// Dot is the weighted sum of v by w.
func (v *Vector) Dot(w *Vector) float64 {
	s := 0.0
	for i := range v {
		s += v[i] * w[i]
	}
	return s
}

// Weights is a named weight set, a "personality". Higher evaluations are
// better for the player who places the piece. The weight of a feature may
// grow with the stack: at a board whose tallest column fills a fraction t
// of the visible field the weight is Base + t*Tall (the brute-force article
// raised its height weight as the stack grew).
type Weights struct {
	Name string
	Note string // where the weights come from
	Base Vector
	Tall Vector
	// TieBreak chooses between placements of equal evaluation in the
	// standard model (TieBreakFirst when empty).
	TieBreak TieBreak
	// Standard, when set, replaces Base and Tall in the standard models:
	// weights tuned there for a set whose Base was tuned in other models
	// (kocka's), so that neither tuning undoes the other.
	Standard *Vector
}

// forStandard returns the weights the standard models play with: Standard
// when set, else w without its modern terms.
func (w *Weights) forStandard() *Weights {
	if w.Standard == nil {
		return w.classic()
	}
	c := *w
	c.Base, c.Tall, c.Standard = *w.Standard, Vector{}, nil
	return c.classic()
}

// TieBreak names a rule that chooses between equally evaluated placements.
type TieBreak string

// The tie-break rules.
const (
	// TieBreakFirst keeps the first placement in the standard model's
	// order (El-Tetris's: orientation, then column from the left).
	TieBreakFirst TieBreak = ""
	// TieBreakDellacherie is Dellacherie's priority as Colin Fahey's code
	// states it: 100 per column the piece moved from the spawn column, 10
	// more if it moved left, minus the orientations past the first; the
	// highest priority wins. Columns and orientations are Fahey's (his
	// piece origins, spawn column and orientation numbers; see FaheyPose).
	TieBreakDellacherie TieBreak = "dellacherie"
)

// modernFeatures are the terms that only mean something in a modern game:
// spins, and the kinds of clears its scoring rewards.
var modernFeatures = []Feature{
	FTSlotDouble, FTSlotSingle, FTSlotTriple, FTWasted, FTSpinMini, FTSpinSingle, FTSpinDouble, FTSpinTriple,
	FSingle, FDouble, FTriple, FTetris, FBackToBack, FChainEnded, FCombo, FPerfectClear,
}

// classic returns w without its modern terms, for the drop-from-above model
// of the literature, where nothing spins and only lines count: a T-slot is
// just a hole there. It returns w itself when it has no modern terms.
func (w *Weights) classic() *Weights {
	c := *w
	for _, f := range modernFeatures {
		c.Base[f], c.Tall[f] = 0, 0
	}
	if c.Base == w.Base && c.Tall == w.Tall {
		return w
	}
	return &c
}

// visibleHeight guesses the visible field of a board: a game's board has
// engine.BufferRows hidden rows above the field.
func visibleHeight(b *engine.Board) int {
	if b.Height > engine.BufferRows+3 {
		return b.Height - engine.BufferRows
	}
	return b.Height
}

// At resolves the weights for a decision taken on board before.
func (w *Weights) At(before *engine.Board) Vector {
	return w.atIn(before, visibleHeight(before))
}

// atIn resolves the weights for a decision taken on board before, whose
// visible field is visible rows high.
func (w *Weights) atIn(before *engine.Board, visible int) Vector {
	v := w.Base
	if w.Tall == (Vector{}) {
		return v
	}
	t := float64(before.StackHeight()) / float64(visible)
	t = min(t, 1)
	for i := range v {
		v[i] += t * w.Tall[i]
	}
	return v
}

// Scorer evaluates the placements made on one board with one resolved weight
// vector; it computes what depends only on that board once. Make one with
// NewScorer for each board a search expands.
type Scorer struct {
	w           Vector
	use         [NumFeatures]bool
	before      *engine.Board
	holesBefore int
	deepBefore  int
}

// NewScorer prepares to evaluate placements on before with w.
func NewScorer(w *Weights, before *engine.Board) Scorer {
	return newScorerIn(w, before, visibleHeight(before))
}

// newScorerIn is NewScorer for a board whose visible field is known.
func newScorerIn(w *Weights, before *engine.Board, visible int) Scorer {
	s := Scorer{w: w.atIn(before, visible), before: before}
	for i := range s.use {
		s.use[i] = w.Base[i] != 0 || w.Tall[i] != 0
	}
	if s.use[FNewHoles] {
		s.holesBefore = Holes(before)
	}
	if s.use[FNewDeepWells] {
		h := ColumnHeights(before)
		s.deepBefore = DeepWellCells(&h, before.Width)
	}
	return s
}

// Features fills f with the features of placing p on the scorer's board,
// giving after (lines already cleared) and the clear c. Only the features
// the weights use are computed; the others are left zero.
func (s *Scorer) Features(f *Vector, p engine.Placed, after *engine.Board, c engine.Clear) {
	*f = Vector{}
	s.moveFeatures(f, p, after, c)
	s.boardFeatures(f, after)
}

// Move returns the weighted move features of placing p.
func (s *Scorer) Move(p engine.Placed, after *engine.Board, c engine.Clear) float64 {
	var f Vector
	s.moveFeatures(&f, p, after, c)
	return f.Dot(&s.w)
}

// Board returns the weighted board features of after.
func (s *Scorer) Board(after *engine.Board) float64 {
	var f Vector
	s.boardFeatures(&f, after)
	return f.Dot(&s.w)
}

// Score is Move plus Board: the evaluation of one placement.
func (s *Scorer) Score(p engine.Placed, after *engine.Board, c engine.Clear) float64 {
	return s.Move(p, after, c) + s.Board(after)
}

// clearFeature is the feature a clear counts under, by spin and rows.
var clearFeature = [3][5]Feature{
	engine.SpinNone: {NumFeatures, FSingle, FDouble, FTriple, FTetris},
	engine.SpinMini: {FTSpinMini, FTSpinMini, FTSpinMini, FTSpinMini, FTSpinMini},
	engine.SpinFull: {NumFeatures, FTSpinSingle, FTSpinDouble, FTSpinTriple, FTSpinTriple},
}

func (s *Scorer) moveFeatures(f *Vector, p engine.Placed, after *engine.Board, c engine.Clear) {
	u := &s.use
	if u[FLandingHeight] {
		f[FLandingHeight] = LandingHeight(p)
	}
	if u[FErodedCells] {
		_, eroded := ErodedCells(s.before, p)
		f[FErodedCells] = float64(eroded)
	}
	f[FLinesCleared] = float64(c.Lines)
	if u[FPieceBottom] {
		f[FPieceBottom] = float64(p.Bottom())
	}
	if u[FNewHoles] {
		f[FNewHoles] = float64(Holes(after) - s.holesBefore)
	}
	if u[FNewDeepWells] {
		h := ColumnHeights(after)
		f[FNewDeepWells] = float64(DeepWellCells(&h, after.Width) - s.deepBefore)
	}
	if k := clearFeature[c.Spin][min(c.Lines, 4)]; k != NumFeatures {
		f[k] = 1
	}
	if c.BackToBack && c.Difficult() {
		f[FBackToBack] = 1
	}
	if c.EndsChain {
		f[FChainEnded] = 1
	}
	if c.Lines > 0 {
		f[FCombo] = float64(c.Combo)
	}
	if c.PerfectClear {
		f[FPerfectClear] = 1
	}
	if p.Piece == engine.T && c.Spin == engine.SpinNone {
		f[FTWasted] = 1
	}
}

func (s *Scorer) boardFeatures(f *Vector, b *engine.Board) {
	u := &s.use
	top := b.StackHeight() // once: every feature below scans from it
	if u[FRowTransitions] {
		f[FRowTransitions] = float64(rowTransitions(b, top))
	}
	if u[FColumnTransitions] {
		f[FColumnTransitions] = float64(columnTransitions(b, top))
	}
	if u[FColumnTransitionsOpen] {
		f[FColumnTransitionsOpen] = float64(columnTransitionsOpen(b, top))
	}
	if u[FHoles] {
		f[FHoles] = float64(holes(b, top))
	}
	if u[FWells] {
		f[FWells] = float64(cumulativeWells(b, top))
	}
	if u[FBumpiness] || u[FAggregateHeight] || u[FMaxHeight] || u[FAvgHeight] || u[FDeepWells] {
		h := columnHeights(b, top)
		f[FBumpiness] = float64(Bumpiness(&h, b.Width))
		f[FAggregateHeight] = float64(AggregateHeight(&h, b.Width))
		f[FMaxHeight] = float64(MaxHeight(&h, b.Width))
		f[FAvgHeight] = AvgHeight(&h, b.Width)
		f[FDeepWells] = float64(DeepWellCells(&h, b.Width))
	}
	if u[FBigHoles] || u[FMediumHoles] || u[FSmallHoles] {
		big, medium, small := holeKinds(b, top)
		f[FBigHoles], f[FMediumHoles], f[FSmallHoles] = float64(big), float64(medium), float64(small)
	}
	if u[FHoleDepth] {
		f[FHoleDepth] = float64(holeDepth(b, top))
	}
	if u[FRowsWithHoles] {
		f[FRowsWithHoles] = float64(rowsWithHoles(b, top))
	}
	if u[FHoleDepthRuns] {
		f[FHoleDepthRuns] = float64(holeDepthRuns(b, top))
	}
	if u[FTSlotDouble] || u[FTSlotSingle] {
		d, s := tSpinSlots(b, top)
		f[FTSlotDouble], f[FTSlotSingle] = float64(min(d, 2)), float64(min(s, 2))
	}
	if u[FTSlotTriple] {
		f[FTSlotTriple] = float64(min(tstSlots(b, top), 2))
	}
}

// ClearOf builds the engine.Clear a placement makes: rows cleared, its spin,
// whether the board is empty afterwards, and how it continues the chains of
// the game before it (b2b = length of the back-to-back chain, combo = the
// game's combo counter, -1 when none runs), as engine.Game.lock does.
// It returns the clear and the chains after it.
func ClearOf(lines int, spin engine.Spin, after *engine.Board, b2b, combo int) (c engine.Clear, b2bAfter, comboAfter int) {
	c = engine.Clear{Lines: lines, Spin: spin, PerfectClear: lines > 0 && after.Empty()}
	if lines == 0 {
		return c, b2b, -1
	}
	combo++
	c.Combo = combo
	if c.Difficult() {
		c.BackToBack = b2b > 0
		b2b++
	} else {
		c.EndsChain = b2b > 0
		b2b = 0
	}
	return c, b2b, combo
}

// Evaluate scores one placement p made on before, giving after (with its
// lines already cleared, linesCleared of them). Higher is better for the
// player who placed the piece; an adversary choosing pieces wants it low.
// It knows no back-to-back or combo chain; use NewScorer and ClearOf to
// evaluate those.
func Evaluate(w *Weights, before *engine.Board, p Placement, after *engine.Board, linesCleared int) float64 {
	s := NewScorer(w, before)
	c := engine.Clear{Lines: linesCleared, Spin: p.Spin, PerfectClear: linesCleared > 0 && after.Empty()}
	return s.Score(p.Placed, after, c)
}
