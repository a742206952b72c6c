package hatetris

import "testing"

func TestZZCacheRate(t *testing.T) {
	ev, _ := EvalByName("eltetris")
	b, _ := NewBeam(BeamConfig{Width: 1024, Eval: ev, LineWeight: 1000, Quiescence: 1, Workers: 1, CacheBytes: 256 << 20})
	for b.Step() {
	}
	l, p := b.Best()
	h, c := b.CacheStats()
	mv, _ := b.BestMoves()
	t.Log(l, p, h, c, float64(h)/float64(c), EncodeReplay(mv)[:40])
}
