package hatetris

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
)

// DataConfig is how MakeData makes training positions and their labels.
type DataConfig struct {
	// The positions: after every piece of a beam search of this width
	// (Eval, Quiescence), PerDepth of its wells drawn at random.
	Width      int
	Eval       EvalWeights
	Quiescence int
	PerDepth   int
	// Children adds, for each sampled well, that many of its children
	// drawn at random (landings of the enemy's piece that do not end the
	// game): the wells a search must rank against each other, bad ones
	// among them, where the kept wells alone are the ones it already
	// liked.
	Children int
	// The labels: a rollout from each position, a beam search of
	// RolloutWidth (Eval, no quiescence) for RolloutDepth pieces.
	RolloutWidth, RolloutDepth int
	// Bootstrap adds to a label the network's value (Eval.Net, which must
	// be set) of the best well the rollout ends in: the lines its line of
	// play cleared plus the lines the network expects after them, so that
	// each generation's labels look further ahead than the rollout (the
	// record holders' labels are the network's value so). Without it the
	// label is the rollout's lines alone.
	Bootstrap bool
	// Survival labels a position instead by how many pieces the rollout
	// survived: RolloutDepth if a line of play was still alive after that
	// many, else the pieces placed before the one that ended the last
	// line of play (0 to RolloutDepth-1, never LostLabel). This is the
	// record holders' label (whether a small beam survives), where the
	// lines of a few pieces are a coarser one (docs/hatetris.md,
	// "Survival labels"). With Bootstrap, a rollout that lasted adds the
	// network's best value of its last wells (at least 0): the pieces
	// the network, trained on survival labels, expects them to survive.
	Survival   bool
	Seed       uint64
	Workers    int   // rollouts in parallel (0: one per CPU)
	CacheBytes int64 // the enemy cache shared by all searches
	// Progress, if set, is called now and then with the phase ("beam" or
	// "label"), and how far it is.
	Progress func(phase string, done, total int)
}

// maxChildren bounds DataConfig.Children: no piece has more landings.
const maxChildren = 64

// LostLabel is the label of a position from which every rollout line of
// play ended before RolloutDepth pieces.
const LostLabel = -1

// MakeData makes training samples: wells a beam search keeps along its
// lines of play, each labelled by how many lines the best line of play of
// a small beam search from it cleared within RolloutDepth pieces, or
// LostLabel if that search did not last so long (the rollout's loop rule
// knows only the wells it went through itself). Deterministic from the
// seed, whatever the number of workers. It is MakeDataShard's one shard.
func MakeData(cfg DataConfig) ([]Sample, error) {
	s, err := MakeDataShard(cfg, 0, 1)
	if err != nil {
		return nil, err
	}
	return s.Samples, nil
}

// MakeDataShard makes shard i of n of MakeData's samples: it runs the
// whole beam search and draws every sample (deterministic, so every shard
// draws the same M), then labels only its own: samples i, i+n, i+2n, ...
// The beam is the work every shard repeats; the labels are split. The
// caller sets Run.WeightsSHA256 when the evaluation has a network.
func MakeDataShard(cfg DataConfig, i, n int) (*DataShard, error) {
	switch {
	case cfg.PerDepth < 1 || cfg.RolloutWidth < 1 || cfg.RolloutDepth < 1:
		return nil, fmt.Errorf("hatetris: per-depth %d, rollout width %d and depth %d must be at least 1", cfg.PerDepth, cfg.RolloutWidth, cfg.RolloutDepth)
	case cfg.RolloutWidth > MaxRecordWidth:
		return nil, fmt.Errorf("hatetris: rollout width %d out of range", cfg.RolloutWidth)
	case cfg.Bootstrap && cfg.Eval.Net == nil:
		return nil, fmt.Errorf("hatetris: bootstrapped labels need an evaluation with a network")
	case cfg.Children < 0 || cfg.Children > maxChildren:
		return nil, fmt.Errorf("hatetris: children %d out of range 0..%d", cfg.Children, maxChildren)
	case cfg.Children > 0 && n > 1:
		return nil, fmt.Errorf("hatetris: a shard file does not record children sampling; make the data unsharded")
	case n < 1 || n > MaxDataShards || i < 0 || i >= n:
		return nil, fmt.Errorf("hatetris: shard %d/%d: want 0 <= i < n <= %d", i, n, MaxDataShards)
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.NumCPU()
	}
	if cfg.CacheBytes <= 0 {
		cfg.CacheBytes = 64 << 20
	}
	cache := NewEnemyCache(cfg.CacheBytes)
	all, err := sampleWells(cfg, cache)
	if err != nil {
		return nil, err
	}
	mine := make([]Sample, 0, ShardCount(len(all), i, n))
	for j := i; j < len(all); j += n {
		mine = append(mine, all[j])
	}
	s := &DataShard{Run: DataRunOf(cfg), I: i, N: n, Total: len(all), WellsSHA256: wellsSum(all), Samples: mine}
	if err := labelSamples(s.Samples, cfg, cache); err != nil {
		return nil, err
	}
	return s, nil
}

// sampleWells runs the beam search of cfg and draws PerDepth of its wells
// after each piece (at most MaxSamples in all), unlabelled.
func sampleWells(cfg DataConfig, cache *EnemyCache) ([]Sample, error) {
	b, err := NewBeam(BeamConfig{Width: cfg.Width, Eval: cfg.Eval, LineWeight: 1000, Quiescence: cfg.Quiescence,
		Workers: cfg.Workers, Cache: cache})
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x64617461))
	// The children are drawn from a stream of their own, so that the
	// wells drawn are those of the same run without children.
	childRng := rand.New(rand.NewPCG(cfg.Seed, 0x6368696c64))
	var out []Sample
	var g Gen
	for b.Step() {
		n := len(b.cur)
		for _, i := range rng.Perm(n)[:min(cfg.PerDepth, n)] {
			if len(out) == MaxSamples {
				break
			}
			out = append(out, Sample{Well: b.cur[i].well})
			if cfg.Children > 0 {
				out = appendChildren(out, &b.cur[i].well, cfg.Children, childRng, cache, &g)
			}
		}
		if cfg.Progress != nil {
			cfg.Progress("beam", b.Depth, 0)
		}
	}
	return out, nil
}

// appendChildren appends up to k children of well w drawn at random
// without repeats (the enemy's piece as HATETRIS Mild chooses it: a
// sampled well's line of play is not kept), at most MaxSamples in all.
func appendChildren(out []Sample, w *Bits, k int, rng *rand.Rand, cache *EnemyCache, g *Gen) []Sample {
	_, cs := Choose(cache, g, w, nil, nil)
	live := cs[:0]
	for _, c := range cs {
		if !c.Over {
			live = append(live, c)
		}
	}
	for _, j := range rng.Perm(len(live))[:min(k, len(live))] {
		if len(out) == MaxSamples {
			break
		}
		out = append(out, Sample{Well: live[j].Well})
	}
	return out
}

// labelSamples sets each sample's label to its rollout's, over
// cfg.Workers goroutines; a label depends on its well alone.
func labelSamples(out []Sample, cfg DataConfig, cache *EnemyCache) error {
	var next, done atomic.Int64
	var wg sync.WaitGroup
	errs := make([]error, cfg.Workers)
	for w := 0; w < cfg.Workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(out) {
					return
				}
				l, err := rollout(&out[i].Well, cfg, cache)
				if err != nil {
					errs[w] = err
					return
				}
				out[i].Label = l
				if d := done.Add(1); cfg.Progress != nil && w == 0 {
					cfg.Progress("label", int(d), len(out))
				}
			}
		}(w)
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// rollout is a position's label.
func rollout(w *Bits, cfg DataConfig, cache *EnemyCache) (float32, error) {
	b, err := NewBeam(BeamConfig{Width: cfg.RolloutWidth, Eval: cfg.Eval, LineWeight: 1000, Workers: 1, Cache: cache, Start: *w})
	if err != nil {
		return 0, err
	}
	for b.Depth < cfg.RolloutDepth {
		if !b.Step() {
			if cfg.Survival {
				// Depth counts the piece that ended the last line of
				// play: one fewer were survived.
				return float32(b.Depth - 1), nil
			}
			return LostLabel, nil
		}
	}
	if cfg.Survival {
		if !cfg.Bootstrap {
			return float32(cfg.RolloutDepth), nil
		}
		// The pieces the network expects the best last well to survive
		// on top; at least 0, so that a line of play that lasted is worth
		// more than any that did not.
		best := 0.0
		for i := range b.cur {
			best = max(best, cfg.Eval.Net.Value(&b.cur[i].well))
		}
		return float32(float64(cfg.RolloutDepth) + best), nil
	}
	if !cfg.Bootstrap {
		lines, _ := b.Best()
		return float32(lines), nil
	}
	best := math.Inf(-1)
	for i := range b.cur {
		best = max(best, float64(b.cur[i].lines)+cfg.Eval.Net.Value(&b.cur[i].well))
	}
	// LostLabel marks the rollouts that died (training may replace it);
	// a live well whose value happens to be that is kept apart from them.
	if l := float32(best); l != LostLabel {
		return l, nil
	}
	return math.Nextafter32(LostLabel, 0), nil
}
