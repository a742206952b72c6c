package engine

// RNG is a small deterministic generator (SplitMix64): the same seed gives
// the same numbers on every platform, which math/rand does not promise
// across Go versions.
type RNG struct{ State uint64 }

// NewRNG seeds a generator.
func NewRNG(seed uint64) RNG { return RNG{State: seed} }

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 {
	r.State += 0x9E3779B97F4A7C15
	z := r.State
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

// Intn returns a number in [0, n) without modulo bias.
func (r *RNG) Intn(n int) int {
	if n <= 0 {
		panic("engine: Intn of a non-positive bound")
	}
	bound := uint64(n)
	limit := -bound % bound // 2^64 mod n
	for {
		v := r.Uint64()
		if v >= limit {
			return int(v % bound)
		}
	}
}
