package solver

import (
	"fmt"
	"strings"
)

// personalities is the table of named weight sets. Higher evaluations are
// better, so sets published as costs ("lower is better") are negated here.
var personalities = []Weights{
	{
		Name: "dellacherie",
		Note: "Pierre Dellacherie's one-piece controller (2003) as Colin Fahey published it: six features, weights -1, +1, -1, -1, -4, -1, ties broken by Dellacherie's priority in Fahey's terms (his piece origins, spawn column and orientation numbers)",
		Base: Vector{
			FLandingHeight:     -1,
			FErodedCells:       1,
			FRowTransitions:    -1,
			FColumnTransitions: -1,
			FHoles:             -4,
			FWells:             -1,
		},
		TieBreak: TieBreakDellacherie,
	},
	{
		Name: "eltetris",
		Note: "El-Tetris, Islam El-Ashi (2011), as its published code plays: Dellacherie's features with rows removed for eroded cells and column transitions open at the ceiling, weights found by particle swarm optimisation",
		Base: Vector{
			FLandingHeight:         -4.500158825082766,
			FLinesCleared:          3.4181268101392694,
			FRowTransitions:        -3.2178882868487753,
			FColumnTransitionsOpen: -9.348695305445199,
			FHoles:                 -7.899265427351652,
			FWells:                 -3.3855972247263626,
		},
	},
	{
		Name: "eltetris-eroded",
		Note: "El-Tetris's weights on Dellacherie's eroded piece cells and column transitions under an open sky (Kocka's eltetris before the faithful one)",
		Base: Vector{
			FLandingHeight:     -4.500158825082766,
			FErodedCells:       3.4181268101392694,
			FRowTransitions:    -3.2178882868487753,
			FColumnTransitions: -9.348695305445199,
			FHoles:             -7.899265427351652,
			FWells:             -3.3855972247263626,
		},
	},
	{
		Name: "bcts",
		Note: "BCTS, Thiery and Scherrer (2009, \"Building controllers for Tetris\"): Dellacherie's six features plus hole depth (as MDPTetris, which tuned the weights, counts it) and rows with holes, tuned by the cross-entropy method",
		Base: Vector{
			FLandingHeight:     -12.63,
			FErodedCells:       6.60,
			FRowTransitions:    -9.22,
			FColumnTransitions: -19.77,
			FHoles:             -13.08,
			FWells:             -10.49,
			FHoleDepthRuns:     -1.61,
			FRowsWithHoles:     -24.04,
		},
	},
	{
		Name: "kravec",
		Note: "Kravec's thesis: cost 30*maxHeight + 20*avgHeight + 30*bigHoles + 25*mediumHoles + 12.5*smallHoles, negated",
		Base: Vector{
			FMaxHeight:   -30,
			FAvgHeight:   -20,
			FBigHoles:    -30,
			FMediumHoles: -25,
			FSmallHoles:  -12.5,
		},
	},
	{
		Name: "kravec1",
		Note: "Kravec's thesis, first function: cost 50*maxHeight + 40*avgHeight + 20*bigHoles + 15*mediumHoles + 12.5*smallHoles, negated",
		Base: Vector{
			FMaxHeight:   -50,
			FAvgHeight:   -40,
			FBigHoles:    -20,
			FMediumHoles: -15,
			FSmallHoles:  -12.5,
		},
	},
	kockaWeights,
}

// Personalities returns the named weight sets, in table order. The slice
// is a copy; its weights may be changed freely.
func Personalities() []Weights {
	return append([]Weights(nil), personalities...)
}

// PersonalityByName returns the weight set called name.
func PersonalityByName(name string) (*Weights, error) {
	for i := range personalities {
		if personalities[i].Name == name {
			w := personalities[i]
			return &w, nil
		}
	}
	names := make([]string, len(personalities))
	for i, p := range personalities {
		names[i] = p.Name
	}
	return nil, fmt.Errorf("unknown personality %q (want one of %s)", name, strings.Join(names, ", "))
}
