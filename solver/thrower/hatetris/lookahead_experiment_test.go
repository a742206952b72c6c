//go:build experiment

package hatetris

// The experiments of docs/hatetris.md, "Labels from Kocka's own
// lookahead", "The fourth and fifth networks averaged", "A second
// network for the wells' values" and "Two networks' values averaged": not tests
// (they check nothing and run for minutes), so they build only with the
// experiment tag (make vet keeps them compiling), and their settings
// come from the environment; go test runs in this directory, so give
// absolute paths:
//
//	LOOKAHEAD_OUT=F go test -tags experiment -run TestLookaheadLabels -timeout 2h ./solver/thrower/hatetris/
//	LOOKAHEAD_DATA=F LOOKAHEAD_NET_OUT=N go test -tags experiment -run TestLookaheadFit ./solver/thrower/hatetris/
//	CHOICES_NET_OUT=N go test -tags experiment -run TestLookaheadChoices -timeout 2h ./solver/thrower/hatetris/
//	MIX_A=A MIX_B=B MIX_ALPHA=a MIX_OUT=N go test -tags experiment -run TestMixNets ./solver/thrower/hatetris/
//	LOOKAHEAD_DATA=F RESIDUAL_NET_OUT=N go test -tags experiment -run TestResidualFit ./solver/thrower/hatetris/
//	RESIDUAL_NET=N RESIDUAL_WEIGHT=w go test -tags experiment -run TestResidualSearch -v ./solver/thrower/hatetris/
//
// The networks they write go into kocka hatetris record --eval imitated
// --weights N --net-weight 718.9 --quiescence 1 --pre-cut 4.

import (
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
)

const (
	lookaheadNet        = "../../../docs/hatetris-imitate-net-self5.net"
	lookaheadNetWeight  = 718.9
	lookaheadLineWeight = 1000.0
)

// envInt is the environment's integer k, or def.
func envInt(t *testing.T, k string, def int) int {
	if v := os.Getenv(k); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatalf("%s=%q: %v", k, v, err)
		}
		return n
	}
	return def
}

func envFloat(t *testing.T, k string, def float64) float64 {
	if v := os.Getenv(k); v != "" {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil {
			t.Fatalf("%s=%q: %v", k, v, err)
		}
		return x
	}
	return def
}

func loadNet(t *testing.T, path string) *Net {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	n, err := UnmarshalNet(raw)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// lookaheadEval is the fifth network's evaluation (imitated set plus the
// network), and the set alone.
func lookaheadEval(t *testing.T) (withNet, set EvalWeights) {
	set, err := EvalSet("imitated")
	if err != nil {
		t.Fatal(err)
	}
	withNet = set
	withNet.Net = loadNet(t, lookaheadNet)
	return withNet, set
}

// beamWells runs the fifth network's search of width LOOKAHEAD_WIDTH
// (8192) with the record's settings and draws perDepth of its wells after
// each piece; with children, one random live landing below each too.
func beamWells(t *testing.T, ev EvalWeights, cache *EnemyCache, rng *rand.Rand, perDepth int, children bool) []Bits {
	b, err := NewBeam(BeamConfig{Width: envInt(t, "LOOKAHEAD_WIDTH", 8192), Eval: ev, LineWeight: lookaheadLineWeight,
		NetWeight: lookaheadNetWeight, Quiescence: 1, PreCut: 4, Cache: cache})
	if err != nil {
		t.Fatal(err)
	}
	var out []Sample
	var g Gen
	for b.Step() {
		for _, i := range rng.Perm(len(b.cur))[:min(perDepth, len(b.cur))] {
			if children {
				out = appendChildren(out, &b.cur[i].well, 1, rng, cache, &g)
			}
			out = append(out, Sample{Well: b.cur[i].well})
		}
	}
	lines, pieces := b.Best()
	t.Logf("beam: %d lines in %d pieces, %d wells", lines, pieces, len(out))
	wells := make([]Bits, len(out))
	for i := range out {
		wells[i] = out[i].Well
	}
	return wells
}

// lookahead is the best value a beam of width w finds d pieces below
// well x (LineWeight x lines + the static value of its last wells; x's
// own if no line of play lasts a piece) and the pieces it survived.
func lookahead(x *Bits, ev EvalWeights, e *Evaluator, cache *EnemyCache, w, d int) (float64, int) {
	rb, err := NewBeam(BeamConfig{Width: w, Eval: ev, LineWeight: lookaheadLineWeight, NetWeight: lookaheadNetWeight,
		Workers: 1, Cache: cache, Start: *x})
	if err != nil {
		panic(err)
	}
	best, survived := e.static(x), 0
	for rb.Depth < d && rb.Step() {
		survived = rb.Depth
		best = math.Inf(-1)
		for j := range rb.cur {
			best = max(best, lookaheadLineWeight*float64(rb.cur[j].lines)+e.static(&rb.cur[j].well))
		}
	}
	return best, survived
}

// parallel2 runs f(i) for i < n on two goroutines, each with its own
// evaluator.
func parallel2(n int, ev EvalWeights, cache *EnemyCache, f func(e *Evaluator, i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := Evaluator{W: ev, LineWeight: lookaheadLineWeight, NetWeight: lookaheadNetWeight, Cache: cache}
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(&e, i)
			}
		}()
	}
	wg.Wait()
}

// TestLookaheadLabels writes LOOKAHEAD_OUT (a data file) and
// LOOKAHEAD_OUT.surv (the pieces each rollout survived, a byte each):
// each well labelled, in the network's unit, by (its rollout's best
// value - its own weighted sum) / NetWeight, less LineWeight/NetWeight a
// piece not survived.
func TestLookaheadLabels(t *testing.T) {
	ev, set := lookaheadEval(t)
	cache := NewEnemyCache(256 << 20)
	wells := beamWells(t, ev, cache, rand.New(rand.NewPCG(1, 2)), envInt(t, "LOOKAHEAD_PER_DEPTH", 96), true)
	rw, rd := envInt(t, "LOOKAHEAD_ROLLOUT_WIDTH", 64), envInt(t, "LOOKAHEAD_ROLLOUT_DEPTH", 10)
	samples := make([]Sample, len(wells))
	surv := make([]byte, len(wells))
	parallel2(len(wells), ev, cache, func(e *Evaluator, i int) {
		best, survived := lookahead(&wells[i], ev, e, cache, rw, rd)
		surv[i] = byte(survived)
		label := (best-set.boardScore(&wells[i]))/lookaheadNetWeight - float64(rd-survived)*lookaheadLineWeight/lookaheadNetWeight
		samples[i] = Sample{Well: wells[i], Label: float32(label)}
	})
	died := 0
	for _, s := range surv {
		if int(s) < rd {
			died++
		}
	}
	t.Logf("%d wells labelled, %d rollouts died", len(samples), died)
	data, err := MarshalSamples(samples)
	if err != nil {
		t.Fatal(err)
	}
	out := os.Getenv("LOOKAHEAD_OUT")
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out+".surv", surv, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestLookaheadFit trains the fifth network further on LOOKAHEAD_DATA
// (mean squared error; LOOKAHEAD_LR, LOOKAHEAD_EPOCHS) and writes
// LOOKAHEAD_NET_OUT. With LOOKAHEAD_DROP set, the wells whose rollouts
// died are left out; with LOOKAHEAD_PENALTY p, they cost p lines a
// missing piece instead of one.
func TestLookaheadFit(t *testing.T) {
	net := loadNet(t, lookaheadNet)
	s := lookaheadSamples(t)
	fitHeldOut(t, net, s, "labels", 4, false)
	writeNet(t, net, os.Getenv("LOOKAHEAD_NET_OUT"))
}

// TestLookaheadChoices trains the fifth network further on choices: 24
// wells of the beam after each piece; the enemy's piece's live landings
// below each, the one whose rollout (width 32, 6 pieces) is best chosen.
func TestLookaheadChoices(t *testing.T) {
	ev, set := lookaheadEval(t)
	cache := NewEnemyCache(256 << 20)
	rng := rand.New(rand.NewPCG(1, 2)) // the wells' draws, then the split
	wells := beamWells(t, ev, cache, rng, envInt(t, "LOOKAHEAD_PER_DEPTH", 24), false)
	rw, rd := envInt(t, "LOOKAHEAD_ROLLOUT_WIDTH", 32), envInt(t, "LOOKAHEAD_ROLLOUT_DEPTH", 6)
	choices := make([]NetChoice, len(wells))
	parallel2(len(wells), ev, cache, func(e *Evaluator, i int) {
		var g Gen
		_, cs := Choose(cache, &g, &wells[i], nil, nil)
		c := NetChoice{Chosen: -1}
		bestV := math.Inf(-1)
		for _, ch := range cs {
			if ch.Over {
				continue
			}
			best, survived := lookahead(&ch.Well, ev, e, cache, rw, rd)
			if v := lookaheadLineWeight*float64(ch.Lines) + best - float64(rd-survived)*lookaheadLineWeight; v > bestV {
				bestV, c.Chosen = v, len(c.Wells)
			}
			c.Wells = append(c.Wells, ch.Well)
			c.Base = append(c.Base, (lookaheadLineWeight*float64(ch.Lines)+set.boardScore(&ch.Well))/lookaheadNetWeight)
		}
		choices[i] = c
	})
	keep := choices[:0]
	for _, c := range choices {
		if len(c.Wells) >= 2 {
			keep = append(keep, c)
		}
	}
	t.Logf("%d choices from %d wells", len(keep), len(wells))
	rng.Shuffle(len(keep), func(i, j int) { keep[i], keep[j] = keep[j], keep[i] })
	held, train := keep[:len(keep)/10], keep[len(keep)/10:]
	net := ev.Net
	_, err := TrainChoices(net, train, held, TrainConfig{Epochs: 3, Batch: 32, LR: 1e-3, FirstLayerRate: DefaultFirstLayerRate, Seed: 1},
		func(l ChoiceLoss) { t.Logf("%+v", l) })
	if err != nil {
		t.Fatal(err)
	}
	writeNet(t, net, os.Getenv("CHOICES_NET_OUT"))
}

// TestMixNets writes MIX_OUT: every weight (1 - MIX_ALPHA) x MIX_A's plus
// MIX_ALPHA x MIX_B's (MixNets).
func TestMixNets(t *testing.T) {
	m, err := MixNets(loadNet(t, os.Getenv("MIX_A")), loadNet(t, os.Getenv("MIX_B")), envFloat(t, "MIX_ALPHA", 0.5))
	if err != nil {
		t.Fatal(err)
	}
	writeNet(t, m, os.Getenv("MIX_OUT"))
}

func writeNet(t *testing.T, n *Net, path string) {
	data, err := n.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestResidualFit trains a fresh network (the second, "value" network)
// on what the lookahead labels of LOOKAHEAD_DATA find beyond the fifth
// network's own value (label - its integer value), and writes
// RESIDUAL_NET_OUT. LOOKAHEAD_DROP and LOOKAHEAD_PENALTY as for
// TestLookaheadFit (lookaheadSamples).
func TestResidualFit(t *testing.T) {
	base := loadNet(t, lookaheadNet)
	base.Quantize()
	s := lookaheadSamples(t)
	for i := range s {
		s[i].Label -= float32(base.Value(&s[i].Well))
	}
	net := NewNet(1)
	fitHeldOut(t, net, s, "residuals", 8, true)
	writeNet(t, net, os.Getenv("RESIDUAL_NET_OUT"))
}

// TestResidualSearch runs the record's search (quiescence 1 after a
// pre-cut of 4) at widths RESIDUAL_FROM (512) to RESIDUAL_TO (4096) with
// the fifth network plus RESIDUAL_WEIGHT x the network RESIDUAL_NET
// (none: the fifth alone), and logs each width's lines, pieces and CPU.
func TestResidualSearch(t *testing.T) {
	ev, _ := lookaheadEval(t)
	if p := os.Getenv("RESIDUAL_BASE"); p != "" {
		ev.Net = loadNet(t, p)
	}
	if p := os.Getenv("RESIDUAL_NET"); p != "" {
		ev.Value = loadNet(t, p)
		ev.Value.Quantize()
		ev.ValueWeight = envFloat(t, "RESIDUAL_WEIGHT", 1)
	}
	sum := 0
	for w := envInt(t, "RESIDUAL_FROM", 512); w <= envInt(t, "RESIDUAL_TO", 4096); w *= 2 {
		cpu := cpuSeconds()
		b, err := NewBeam(BeamConfig{Width: w, Eval: ev, LineWeight: lookaheadLineWeight, NetWeight: envFloat(t, "RESIDUAL_NET_WEIGHT", lookaheadNetWeight),
			Quiescence: 1, PreCut: 4, Cache: NewEnemyCache(256 << 20)})
		if err != nil {
			t.Fatal(err)
		}
		for b.Step() {
		}
		lines, pieces := b.Best()
		sum += lines
		t.Logf("width %d: %d lines, %d pieces, %.0f s CPU", w, lines, pieces, cpuSeconds()-cpu)
	}
	t.Logf("sum %d", sum)
}

// fitHeldOut shuffles s, holds a tenth out, logs the held-out labels'
// mean and variance, and trains net on the rest (mean squared error;
// LOOKAHEAD_EPOCHS, default epochs; LOOKAHEAD_LR, default 1e-3).
func fitHeldOut(t *testing.T, net *Net, s []Sample, what string, epochs int, startAtMean bool) {
	rng := rand.New(rand.NewPCG(3, 4))
	rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
	held, train := s[:len(s)/10], s[len(s)/10:]
	mean, variance := 0.0, 0.0
	for _, x := range held {
		mean += float64(x.Label) / float64(len(held))
	}
	for _, x := range held {
		variance += (float64(x.Label) - mean) * (float64(x.Label) - mean) / float64(len(held))
	}
	t.Logf("held out: %d, %s' mean %.3f, variance %.3f", len(held), what, mean, variance)
	_, err := Train(net, train, held, TrainConfig{Epochs: envInt(t, "LOOKAHEAD_EPOCHS", epochs), Batch: 64, LR: envFloat(t, "LOOKAHEAD_LR", 1e-3),
		FirstLayerRate: DefaultFirstLayerRate, Seed: 1, StartAtMean: startAtMean,
		Progress: func(l EpochLoss) { t.Logf("epoch %d: train %.4f, held out %.4f", l.Epoch, l.Train, l.Held) }})
	if err != nil {
		t.Fatal(err)
	}
}

// lookaheadSamples reads LOOKAHEAD_DATA. With LOOKAHEAD_DROP set, the
// wells whose rollouts died are left out; with LOOKAHEAD_PENALTY p, they
// cost p lines a missing piece instead of one.
func lookaheadSamples(t *testing.T) []Sample {
	path := os.Getenv("LOOKAHEAD_DATA")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := UnmarshalSamples(data)
	if err != nil {
		t.Fatal(err)
	}
	rd := envInt(t, "LOOKAHEAD_ROLLOUT_DEPTH", 10)
	drop, penalty := os.Getenv("LOOKAHEAD_DROP") != "", envFloat(t, "LOOKAHEAD_PENALTY", 1)
	if drop || penalty != 1 {
		surv, err := os.ReadFile(path + ".surv")
		if err != nil || len(surv) != len(s) {
			t.Fatalf("%s.surv: %d bytes for %d samples, %v", path, len(surv), len(s), err)
		}
		keep := s[:0]
		for i := range s {
			if miss := rd - int(surv[i]); miss > 0 {
				if drop {
					continue
				}
				s[i].Label += float32(float64(miss) * lookaheadLineWeight / lookaheadNetWeight * (1 - penalty))
			}
			keep = append(keep, s[i])
		}
		s = keep
	}
	return s
}
