package solver

// kockaWeights is Kocka's own weight set: the features of Dellacherie and
// El-Tetris, Thiery and Scherrer's hole depth and rows with holes, bumpiness
// and deep wells, the modern terms (clear kinds, T-spins and their slots,
// back-to-back, combo, perfect clear), and weights that change as the stack
// grows (Tall). The classic model of the literature leaves the modern terms
// out (Weights.classic), so the two parts were tuned apart, each by the
// cross-entropy method of kocka tune:
//
// The board part, from El-Tetris's weights (first run: the six El-Tetris
// features, bumpiness, deep wells and two tall weights; second run from its
// result, with hole depth and rows with holes added):
//
//	kocka tune --model classic --height 10 --games 12 --generations 10 --population 20 --elite 5 --seed 1000
//	kocka tune --model classic --height 10 --games 30 --generations 12 --population 16 --elite 4 --seed 2000 --params landing_height,eroded_cells,row_transitions,column_transitions,holes,wells,bumpiness,deep_wells,hole_depth,rows_with_holes,landing_height.tall,holes.tall
//
// The modern part, with the board part fixed, for the guideline score:
//
//	kocka tune --model guideline --objective score --height 20 --level 10 --max-pieces 300 --depth 1 --games 10 --generations 10 --population 16 --elite 4 --spread 0.8 --seed 3000 --params tetris,single,double,triple,tspin_double,tslot_double,back_to_back,t_wasted,combo,single.tall
//
// Then the tall weights of the clears, for cramped wells where the stack
// runs high and burning rows matters (hand-set start: single +20, double
// +10, triple +5):
//
//	kocka tune --model guideline --objective score --height 8 --level 10 --max-pieces 300 --depth 1 --games 10 --generations 8 --population 16 --elite 4 --spread 0.8 --seed 4000 --params single.tall,double.tall,triple.tall,tetris.tall,tslot_double.tall
//
// Then survival in a cramped well at 20G, where the earlier weights topped
// out in 9 of 16 games (10x6, level 20) while dellacherie and eltetris never
// did: the modern terms' tall weights, for lines:
//
//	kocka tune --model guideline --objective lines --height 6 --level 20 --max-pieces 1000 --depth 1 --games 10 --generations 6 --population 12 --elite 3 --spread 1.0 --seed 5000 --params single.tall,double.tall,triple.tall,tetris.tall,tslot_double.tall,t_wasted
//	kocka tune --model guideline --objective lines --height 6 --level 20 --max-pieces 3000 --depth 1 --games 8 --generations 4 --population 12 --elite 3 --spread 0.5 --seed 6000 --params single.tall,double.tall,triple.tall,tetris.tall,tslot_double.tall,t_wasted
//
// Last, by hand, a cost for ending a back-to-back chain (chain_ended: an
// easy clear after a difficult one), -80 on a low stack and fading to 0 as
// the stack fills the well (tall +80): longer chains and more attack, with
// no top-out in the cramped wells above. Stronger costs, and the result of
// tuning it for attack in a 10x8 well, topped out at 20G (docs/benchmarks.md,
// "Back-to-back").
//
// Then, by hand, T-spin triples: a reward of 120 for a triple slot
// (tslot_triple), fading to 0 as the stack fills the well (tall -120), and
// 100 for the triple itself (was 40): 0.7 triples a game where there were
// none, with no top-out in the cramped wells; without the fade the slots
// topped out 11 of 16 games at 10x6 20G (docs/benchmarks.md, "T-spin
// triples").
//
// Each run started (--start kocka) from the kocka weights of its time: the
// previous run's result plus the hand-set changes named here, so running a
// command again today starts from these final weights instead. The weights
// not named in a --params list kept their hand-set values.
// docs/benchmarks.md ("Bot strength") has the runs and the results.
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

		FSingle:       -30.876621597789953,
		FDouble:       -2.2308814891536457,
		FTriple:       0.14622163611573036,
		FTetris:       46.561279152791215,
		FTSpinDouble:  72.73181614410652,
		FTSpinTriple:  100,
		FBackToBack:   5.725998348751315,
		FChainEnded:   -80,
		FCombo:        9.696209907237847,
		FPerfectClear: 100,
		FTWasted:      -6.064191759936278,
		FTSlotDouble:  24.91057039493572,
		FTSlotTriple:  120,
	},
	Tall: Vector{
		FSingle:        52.644238365383536,
		FDouble:        2.3786617970618296,
		FTriple:        4.795641140688353,
		FTetris:        2.3656641250978856,
		FTSlotDouble:   -0.1894165486516722,
		FLandingHeight: -0.3948105782912589,
		FHoles:         -0.2249650163558752,
		FChainEnded:    80,
		FTSlotTriple:   -120,
	},
}
