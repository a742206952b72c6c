// Package cem is the cross-entropy method's two steps, shared by the
// tuners (kocka tune, kocka hatetris tune): draw a population around a
// centre, then refit the centre and spread to the best of it. The callers
// keep their own state, fitness and files.
package cem

import (
	"encoding/json"
	"fmt"
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

// State is the part of a tuner's saved state that the method itself
// needs to go on after its last finished generation; the tuners embed it
// (its fields stay at the top level of their JSON).
type State struct {
	Version int    `json:"version"`
	Config  string `json:"config"` // the fingerprint of the settings that made it
	// Done is the number of finished generations.
	Done   int       `json:"generations_done"`
	Mean   []float64 `json:"mean"`
	StdDev []float64 `json:"stddev"`
	RNG    []byte    `json:"rng"` // the tuner's PCG, binary-marshalled
}

// Check reports whether s can resume a run of the given state version,
// settings fingerprint, generations and number of params, given how many
// generations the tuner's own history holds.
func (s *State) Check(version int, config string, generations, params, history int) error {
	switch {
	case s.Version != version:
		return fmt.Errorf("tuning state version %d, want %d", s.Version, version)
	case s.Config != config:
		return fmt.Errorf("tuning state belongs to other settings (it was made by: %s)", s.Config)
	case s.Done < 0 || s.Done > generations || history != s.Done:
		return fmt.Errorf("tuning state has %d generations done and %d in its history, of %d", s.Done, history, generations)
	case len(s.Mean) != params || len(s.StdDev) != params:
		return fmt.Errorf("tuning state holds vectors of the wrong length for %d params", params)
	}
	var pcg rand.PCG
	if err := pcg.UnmarshalBinary(s.RNG); err != nil {
		return fmt.Errorf("tuning state's random numbers: %w", err)
	}
	return CheckFinite(s.Mean, s.StdDev)
}

// CheckFinite reports a NaN or an infinity in any of the vectors.
func CheckFinite(vecs ...[]float64) error {
	for _, vec := range vecs {
		for _, v := range vec {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("tuning state holds a number that is not finite")
			}
		}
	}
	return nil
}

// Fingerprint is the JSON of key: a tuner's settings that decide a run's
// course, which State.Config keeps. key must hold only plain data.
func Fingerprint(key any) string {
	data, err := json.Marshal(key)
	if err != nil {
		panic(fmt.Sprintf("cem: settings that do not marshal: %v", err))
	}
	return string(data)
}
