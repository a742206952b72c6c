// Package cem is the cross-entropy method's two steps, shared by the
// tuners (kocka tune, kocka hatetris tune): draw a population around a
// centre, then refit the centre and spread to the best of it. The callers
// keep their own state, fitness and files.
package cem

import (
	"math"
	"math/rand/v2"
	"sort"
)

// Sample draws n candidates: candidate 0 is the mean itself, the others
// the mean plus stddev times a normal deviate, parameter by parameter in
// candidate order (so that a run resumed from a saved generator draws
// exactly what the uninterrupted one would have).
func Sample(rng *rand.Rand, mean, stddev []float64, n int) [][]float64 {
	vecs := make([][]float64, n)
	for k := range vecs {
		vecs[k] = make([]float64, len(mean))
		for i, m := range mean {
			v := m
			if k > 0 {
				v += stddev[i] * rng.NormFloat64()
			}
			vecs[k][i] = v
		}
	}
	return vecs
}

// Rank returns the candidates' indexes, best fitness first; equal
// fitnesses keep candidate order.
func Rank(fit []float64) []int {
	order := make([]int, len(fit))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return fit[order[a]] > fit[order[b]] })
	return order
}

// Refit fits the next distribution to the elite: the first elite
// candidates of order. Each standard deviation is the elite's, plus
// noise(mean), the extra spread that keeps the search from collapsing
// early (Szita and Lorincz's noisy CEM).
func Refit(vecs [][]float64, order []int, elite int, noise func(mean float64) float64) (mean, stddev []float64) {
	n := len(vecs[0])
	mean, stddev = make([]float64, n), make([]float64, n)
	for i := range mean {
		m, v := 0.0, 0.0
		for _, k := range order[:elite] {
			m += vecs[k][i]
		}
		m /= float64(elite)
		for _, k := range order[:elite] {
			v += (vecs[k][i] - m) * (vecs[k][i] - m)
		}
		mean[i] = m
		stddev[i] = math.Sqrt(v/float64(elite)) + noise(m)
	}
	return mean, stddev
}
