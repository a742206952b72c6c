package solver

// kockaWeights is Kocka's own weight set: El-Tetris's features plus
// bumpiness and deep wells, the modern terms (T-spin slots, clear kinds,
// back-to-back, perfect clear), and weights that change as the stack grows.
//
// The classic part was tuned by the cross-entropy method from El-Tetris's
// weights (the modern terms held fixed) with
//
//	kocka tune --model classic --height 10 --games 12 --generations 10 --population 20 --elite 5 --seed 1000
//
// (docs/benchmarks.md, "Bot strength", has the runs).
var kockaWeights = Weights{
	Name: "kocka",
	Note: "tuned by kocka tune (cross-entropy method); see weights_kocka.go",
	Base: Vector{
		FLandingHeight:     -3.120836678455214,
		FErodedCells:       2.6764305463087523,
		FRowTransitions:    -3.4121993711534087,
		FColumnTransitions: -5.184019232640574,
		FHoles:             -10.987597646223968,
		FWells:             -3.701755149653199,
		FBumpiness:         -1.8720459600382218,
		FDeepWells:         -0.6848669795407237,
		FHoleDepth:         -1.5455652001263704,
		FRowsWithHoles:     -6.34538816473316,

		FTetris:       20,
		FTSpinDouble:  30,
		FTSpinTriple:  40,
		FBackToBack:   10,
		FPerfectClear: 100,
		FTWasted:      -5,
		FTSlotDouble:  8,
	},
	Tall: Vector{
		FLandingHeight: -0.3948105782912589,
		FHoles:         -0.2249650163558752,
	},
}
