package solver

// kockaWeights is Kocka's own weight set: El-Tetris's features plus
// bumpiness, the thesis' hole kinds and the modern terms (T-spin slots,
// clear kinds, back-to-back, combo, perfect clear), with weights that
// change as the stack grows.
var kockaWeights = Weights{
	Name: "kocka",
	Note: "hand-set starting point, not yet tuned",
	Base: Vector{
		FLandingHeight:     -4.5,
		FErodedCells:       3.4,
		FRowTransitions:    -3.2,
		FColumnTransitions: -9.3,
		FHoles:             -7.9,
		FWells:             -3.4,
		FBumpiness:         -1,
		FTetris:            20,
		FTSpinDouble:       30,
		FTSpinTriple:       40,
		FBackToBack:        10,
		FTSlotDouble:       8,
		FTWasted:           -5,
		FPerfectClear:      100,
	},
}
