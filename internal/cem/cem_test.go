package cem

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSample(t *testing.T) {
	mean, std := []float64{1, -2}, []float64{0.5, 3}
	vecs := Sample(rand.New(rand.NewPCG(1, 2)), mean, std, 5)
	if len(vecs) != 5 || !slices.Equal(vecs[0], mean) {
		t.Fatalf("candidate 0 is %v, want the mean %v", vecs[0], mean)
	}
	// The same generator draws the same candidates, in candidate order.
	rng := rand.New(rand.NewPCG(1, 2))
	for k := 1; k < 5; k++ {
		for i := range mean {
			if want := mean[i] + std[i]*rng.NormFloat64(); vecs[k][i] != want {
				t.Fatalf("candidate %d param %d: %g, want %g", k, i, vecs[k][i], want)
			}
		}
	}
}

func TestRankAndRefit(t *testing.T) {
	vecs := [][]float64{{0, 10}, {2, 20}, {4, 30}, {6, 40}}
	fit := []float64{1, 3, 3, 2}
	order := Rank(fit)
	if !slices.Equal(order, []int{1, 2, 3, 0}) {
		t.Fatalf("order %v, want [1 2 3 0] (ties in candidate order)", order)
	}
	mean, std := Refit(vecs, order, 2, func(m float64) float64 { return 0.1 * math.Abs(m) })
	// Elite: candidates 1 and 2.
	if !slices.Equal(mean, []float64{3, 25}) {
		t.Errorf("mean %v, want [3 25]", mean)
	}
	if want := []float64{1 + 0.3, 5 + 2.5}; math.Abs(std[0]-want[0]) > 1e-12 || math.Abs(std[1]-want[1]) > 1e-12 {
		t.Errorf("stddev %v, want %v", std, want)
	}
}
