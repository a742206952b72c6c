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
		FLandingHeight:     -4.321869418981234,
		FErodedCells:       2.886031642834627,
		FRowTransitions:    -2.8446046182456413,
		FColumnTransitions: -7.082871550623056,
		FHoles:             -9.612363418907925,
		FWells:             -3.109362248206631,
		FBumpiness:         -0.8675560723297521,
		FDeepWells:         -0.2663154557352867,
		FHoleDepth:         -1,
		FRowsWithHoles:     -5,

		FTetris:       20,
		FTSpinDouble:  30,
		FTSpinTriple:  40,
		FBackToBack:   10,
		FPerfectClear: 100,
		FTWasted:      -5,
		FTSlotDouble:  8,
	},
	Tall: Vector{
		FLandingHeight: -0.2662174061746226,
		FHoles:         -0.05644563378913041,
	},
}
