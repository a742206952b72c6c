package hatetris

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"

	"github.com/kocka/kocka/internal/cem"
)

// tuneParams are the weights a tuning can set, by name.
var tuneParams = []struct {
	Name  string
	Field func(*EvalWeights) *float64
}{
	{"row_transitions", func(w *EvalWeights) *float64 { return &w.RowTransitions }},
	{"column_transitions", func(w *EvalWeights) *float64 { return &w.ColumnTransitions }},
	{"holes", func(w *EvalWeights) *float64 { return &w.Holes }},
	{"wells", func(w *EvalWeights) *float64 { return &w.Wells }},
	{"highest_hole", func(w *EvalWeights) *float64 { return &w.HighestHole }},
	{"clearable_rows", func(w *EvalWeights) *float64 { return &w.ClearableRows }},
	{"hole_depth", func(w *EvalWeights) *float64 { return &w.HoleDepth }},
	{"rows_with_holes", func(w *EvalWeights) *float64 { return &w.RowsWithHoles }},
	{"height", func(w *EvalWeights) *float64 { return &w.Height }},
	{"enemy_peak", func(w *EvalWeights) *float64 { return &w.EnemyPeak }},
}

// TuneParamNames lists the names TuneConfig.Params takes.
func TuneParamNames() []string {
	var names []string
	for _, p := range tuneParams {
		names = append(names, p.Name)
	}
	return names
}

func tuneField(w *EvalWeights, name string) *float64 {
	for _, p := range tuneParams {
		if p.Name == name {
			return p.Field(w)
		}
	}
	return nil
}

// MaxTuneWidth bounds the widths a tuning plays: a candidate's searches
// are held in memory together with the other workers'.
const MaxTuneWidth = 1 << 16

// TuneConfig sets up a cross-entropy tuning of a weight set against
// HATETRIS: a candidate's fitness is the mean of the lines its beam
// searches (one per width, from the empty well) clear. The searches are
// deterministic, so the fitness is too: no game seeds.
type TuneConfig struct {
	Start      EvalWeights // the set tuning starts from (no network)
	Params     []string    // the weights tuned (tuneParams names); the others stay as in Start
	Widths     []int
	Quiescence int
	LineWeight float64

	Generations int
	Population  int
	Elite       int
	// The first standard deviation of a weight is max(Spread x |weight|,
	// MinSpread), so that a weight starting at 0 moves too; Noise is
	// added to every deviation after a generation, falling linearly to 0.
	Spread, MinSpread, Noise float64
	Seed                     uint64 // the tuner's random numbers

	// Workers play candidates in parallel (0: 2); each search runs on
	// one core, so the result does not depend on their number.
	Workers int
	// Progress is called after every candidate: the generation (from 1;
	// Generations+1 for the final check), candidates done, their number.
	Progress func(gen, done, total int)
	// Resume continues a run from a state Checkpoint saved (same settings).
	Resume *TuneState
	// Checkpoint is given the state after every generation and after
	// the final check; an error stops the run.
	Checkpoint func(TuneState) error
}

// TuneGeneration records one generation: every candidate and its
// fitness (candidate 0 is the centre it was drawn around), and the
// distribution fitted for the next.
type TuneGeneration struct {
	Gen        int         `json:"gen"`
	Candidates [][]float64 `json:"candidates"`
	Lines      [][]int     `json:"lines"` // per candidate, per width
	Fitness    []float64   `json:"fitness"`
	Centre     []float64   `json:"next_centre"`
	StdDev     []float64   `json:"next_stddev"`
}

// TuneState is everything a tuning needs to go on after its last
// finished generation; a resumed run makes exactly the choices the
// uninterrupted one would have made.
type TuneState struct {
	cem.State
	History  []TuneGeneration `json:"history"`
	Finished bool             `json:"finished"`
	// Result is set once finished: the best candidate of all generations
	// and of the final check (the last fitted centre).
	Result *TuneResult `json:"result,omitempty"`
}

// TuneResult is a tuning's answer.
type TuneResult struct {
	Params  []string           `json:"params"`
	Vector  []float64          `json:"vector"`
	Weights map[string]float64 `json:"weights"` // every non-zero weight of the set, by name
	Lines   []int              `json:"lines"`   // per width
	Fitness float64            `json:"fitness"`
	Gen     int                `json:"gen"` // the generation it was drawn in (Generations+1: the final centre)
}

const tuneStateVersion = 1

// tuneCacheBytes is the enemy cache a tuning shares between its searches.
const tuneCacheBytes = 64 << 20

// MaxTuneStateBytes caps a state file read on resume (a thousand
// generations of twenty candidates of ten weights are about 2 MB).
const MaxTuneStateBytes = 32 << 20

// Validate reports the first setting out of range.
func (c *TuneConfig) Validate() error {
	switch {
	case c.Start.Net != nil:
		return fmt.Errorf("hatetris tune: the learned set's network is not tuned; start from another set")
	case len(c.Params) == 0:
		return fmt.Errorf("hatetris tune: no weights to tune")
	case len(c.Widths) == 0:
		return fmt.Errorf("hatetris tune: no beam widths")
	case c.Quiescence < 0 || c.Quiescence > MaxQuiescence:
		return fmt.Errorf("hatetris tune: quiescence %d out of range 0..%d", c.Quiescence, MaxQuiescence)
	case math.IsNaN(c.LineWeight) || math.IsInf(c.LineWeight, 0):
		return fmt.Errorf("hatetris tune: line weight %g is not a finite number", c.LineWeight)
	case c.Generations < 1 || c.Population < 2 || c.Elite < 1 || c.Elite > c.Population:
		return fmt.Errorf("hatetris tune: need generations >= 1, population >= 2 and 1 <= elite <= population (got %d, %d, %d)",
			c.Generations, c.Population, c.Elite)
	case c.Generations > 10000 || c.Population > 10000:
		return fmt.Errorf("hatetris tune: at most 10000 generations of 10000 candidates")
	case !(c.Spread >= 0) || !(c.MinSpread >= 0) || !(c.Noise >= 0) || c.Spread+c.MinSpread == 0 ||
		math.IsInf(c.Spread, 0) || math.IsInf(c.MinSpread, 0) || math.IsInf(c.Noise, 0):
		// Written so that NaN fails too.
		return fmt.Errorf("hatetris tune: spread, min spread and noise must be finite and at least 0, spread or min spread more (got %g, %g, %g)",
			c.Spread, c.MinSpread, c.Noise)
	case c.Workers < 0:
		return fmt.Errorf("hatetris tune: %d workers", c.Workers)
	}
	seen := map[string]bool{}
	for _, p := range c.Params {
		if tuneField(&EvalWeights{}, p) == nil {
			return fmt.Errorf("hatetris tune: unknown weight %q (want some of %s)", p, strings.Join(TuneParamNames(), ", "))
		}
		if seen[p] {
			return fmt.Errorf("hatetris tune: weight %q given twice", p)
		}
		seen[p] = true
	}
	for _, w := range c.Widths {
		if w < 1 || w > MaxTuneWidth {
			return fmt.Errorf("hatetris tune: beam width %d out of range 1..%d", w, MaxTuneWidth)
		}
	}
	return nil
}

// fingerprint names everything that decides a run's course.
func (c *TuneConfig) fingerprint() string {
	start := c.Start
	start.Note = ""
	key := struct {
		Start                          EvalWeights
		Params                         []string
		Widths                         []int
		Quiescence                     int
		LineWeight                     float64
		Generations, Population, Elite int
		Spread, MinSpread, Noise       float64
		Seed                           uint64
	}{start, c.Params, c.Widths, c.Quiescence, c.LineWeight, c.Generations, c.Population, c.Elite,
		c.Spread, c.MinSpread, c.Noise, c.Seed}
	return cem.Fingerprint(key)
}

// CheckResume reports whether st can resume the run c describes.
func (c *TuneConfig) CheckResume(st *TuneState) error {
	n := len(c.Params)
	if err := st.Check(tuneStateVersion, c.fingerprint(), c.Generations, n, len(st.History)); err != nil {
		return err
	}
	if st.Finished && (st.Result == nil || len(st.Result.Vector) != n) {
		return fmt.Errorf("tuning state is marked finished but holds no result")
	}
	for _, g := range st.History {
		if len(g.Candidates) != c.Population || len(g.Fitness) != c.Population || len(g.Lines) != c.Population {
			return fmt.Errorf("tuning state's generation %d has the wrong number of candidates", g.Gen)
		}
		for _, v := range g.Candidates {
			if len(v) != n {
				return fmt.Errorf("tuning state's generation %d holds a vector of the wrong length", g.Gen)
			}
		}
	}
	return nil
}

// Weights returns the start set with the tuned weights set to vec.
func (c *TuneConfig) Weights(vec []float64) EvalWeights {
	w := c.Start
	for i, p := range c.Params {
		*tuneField(&w, p) = vec[i]
	}
	return w
}

// Tune runs the cross-entropy method on the weights: draw a population
// around the centre (candidate 0 is the centre), play each, refit the
// centre and spread to the elite, repeat; then play the last centre. The
// answer is the best candidate played, the earliest on a tie.
func Tune(cfg TuneConfig) (TuneResult, error) {
	if err := cfg.Validate(); err != nil {
		return TuneResult{}, err
	}
	if cfg.Workers == 0 {
		cfg.Workers = 2
	}
	n := len(cfg.Params)
	pcg := rand.NewPCG(cfg.Seed, 2)
	st := TuneState{State: cem.State{Version: tuneStateVersion, Config: cfg.fingerprint(), Mean: make([]float64, n), StdDev: make([]float64, n)}}
	start := cfg.Start
	for i, p := range cfg.Params {
		st.Mean[i] = *tuneField(&start, p)
		st.StdDev[i] = max(cfg.Spread*math.Abs(st.Mean[i]), cfg.MinSpread)
	}
	if cfg.Resume != nil {
		if err := cfg.CheckResume(cfg.Resume); err != nil {
			return TuneResult{}, err
		}
		st = *cfg.Resume
		if st.Finished {
			return *st.Result, nil
		}
		if err := pcg.UnmarshalBinary(st.RNG); err != nil {
			return TuneResult{}, err
		}
	}
	rng := rand.New(pcg)
	// The enemy's choices depend on the well only: one cache serves every
	// candidate (the lines do not depend on it, only the time).
	cache := NewEnemyCache(tuneCacheBytes)
	checkpoint := func() error {
		if cfg.Checkpoint == nil {
			return nil
		}
		var err error
		if st.RNG, err = pcg.MarshalBinary(); err != nil {
			return err
		}
		return cfg.Checkpoint(st)
	}
	for gen := st.Done + 1; gen <= cfg.Generations; gen++ {
		vecs := cem.Sample(rng, st.Mean, st.StdDev, cfg.Population)
		lines, fit, err := cfg.play(vecs, gen, cache)
		if err != nil {
			return TuneResult{}, err
		}
		noise := cfg.Noise * float64(cfg.Generations-gen) / float64(cfg.Generations)
		st.Mean, st.StdDev = cem.Refit(vecs, cem.Rank(fit), cfg.Elite, func(float64) float64 { return noise })
		st.History = append(st.History, TuneGeneration{Gen: gen, Candidates: vecs, Lines: lines, Fitness: fit,
			Centre: slices.Clone(st.Mean), StdDev: slices.Clone(st.StdDev)})
		st.Done = gen
		if err := checkpoint(); err != nil {
			return TuneResult{}, fmt.Errorf("checkpoint after generation %d: %w", gen, err)
		}
	}
	lines, fit, err := cfg.play([][]float64{st.Mean}, cfg.Generations+1, cache)
	if err != nil {
		return TuneResult{}, err
	}
	res := TuneResult{Vector: st.Mean, Lines: lines[0], Fitness: fit[0], Gen: cfg.Generations + 1}
	for _, g := range st.History {
		for k, f := range g.Fitness {
			if f > res.Fitness || (f == res.Fitness && g.Gen < res.Gen) {
				res = TuneResult{Vector: g.Candidates[k], Lines: g.Lines[k], Fitness: f, Gen: g.Gen}
			}
		}
	}
	res.Params = cfg.Params
	w := cfg.Weights(res.Vector)
	res.Weights = map[string]float64{}
	for _, p := range tuneParams {
		if v := *p.Field(&w); v != 0 {
			res.Weights[p.Name] = v
		}
	}
	st.Finished, st.Result = true, &res
	if err := checkpoint(); err != nil {
		return TuneResult{}, fmt.Errorf("checkpoint after the final check: %w", err)
	}
	return res, nil
}

// play searches with every candidate at every width, on cfg.Workers
// goroutines, and returns the lines and the fitness (their mean).
func (c *TuneConfig) play(vecs [][]float64, gen int, cache *EnemyCache) ([][]int, []float64, error) {
	lines := make([][]int, len(vecs))
	fit := make([]float64, len(vecs))
	errs := make([]error, len(vecs))
	next := make(chan int)
	var done sync.Mutex
	finished := 0
	var wg sync.WaitGroup
	for range min(c.Workers, len(vecs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				lines[k], errs[k] = c.search(c.Weights(vecs[k]), cache)
				sum := 0
				for _, l := range lines[k] {
					sum += l
				}
				fit[k] = float64(sum) / float64(len(c.Widths))
				done.Lock()
				finished++
				if c.Progress != nil {
					c.Progress(gen, finished, len(vecs))
				}
				done.Unlock()
			}
		}()
	}
	for k := range vecs {
		next <- k
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, nil, err
		}
	}
	return lines, fit, nil
}

// search plays w's beam search at every width and returns the lines.
func (c *TuneConfig) search(w EvalWeights, cache *EnemyCache) ([]int, error) {
	var out []int
	for _, width := range c.Widths {
		b, err := NewBeam(BeamConfig{Width: width, Eval: w, LineWeight: c.LineWeight, Quiescence: c.Quiescence, Workers: 1, Cache: cache})
		if err != nil {
			return nil, err
		}
		for b.Step() {
		}
		lines, _ := b.Best()
		out = append(out, lines)
	}
	return out, nil
}
