package hatetris

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/kocka/kocka/internal/cem"
)

// tuneParams are the weights a tuning or an imitation fit can set, by
// name: the weight's field, and the count it weighs in a well's
// features (with withEnclosed and withSurface added; none for the
// enemy's peak, which needs the enemy's move search, not the well).
var tuneParams = []struct {
	Name  string
	Field func(*EvalWeights) *float64
	Count func(*boardFeatures) int
}{
	{"row_transitions", func(w *EvalWeights) *float64 { return &w.RowTransitions }, func(f *boardFeatures) int { return f.rowT }},
	{"column_transitions", func(w *EvalWeights) *float64 { return &w.ColumnTransitions }, func(f *boardFeatures) int { return f.colT }},
	{"holes", func(w *EvalWeights) *float64 { return &w.Holes }, func(f *boardFeatures) int { return f.holes }},
	{"wells", func(w *EvalWeights) *float64 { return &w.Wells }, func(f *boardFeatures) int { return f.wells }},
	{"highest_hole", func(w *EvalWeights) *float64 { return &w.HighestHole }, func(f *boardFeatures) int { return f.highest }},
	{"clearable_rows", func(w *EvalWeights) *float64 { return &w.ClearableRows }, func(f *boardFeatures) int { return f.clearable }},
	{"hole_depth", func(w *EvalWeights) *float64 { return &w.HoleDepth }, func(f *boardFeatures) int { return f.holeDepth }},
	{"rows_with_holes", func(w *EvalWeights) *float64 { return &w.RowsWithHoles }, func(f *boardFeatures) int { return f.holeRows }},
	{"height", func(w *EvalWeights) *float64 { return &w.Height }, func(f *boardFeatures) int { return f.height }},
	{"enclosed", func(w *EvalWeights) *float64 { return &w.Enclosed }, func(f *boardFeatures) int { return f.enclosed }},
	{"enclosed_rows", func(w *EvalWeights) *float64 { return &w.EnclosedRows }, func(f *boardFeatures) int { return f.enclosedRows }},
	{"bumpiness", func(w *EvalWeights) *float64 { return &w.Bumpiness }, func(f *boardFeatures) int { return f.bumpiness }},
	{"max_step", func(w *EvalWeights) *float64 { return &w.MaxStep }, func(f *boardFeatures) int { return f.maxStep }},
	{"flat_steps", func(w *EvalWeights) *float64 { return &w.FlatSteps }, func(f *boardFeatures) int { return f.flatSteps }},
	{"steps_of_two", func(w *EvalWeights) *float64 { return &w.StepsOfTwo }, func(f *boardFeatures) int { return f.stepsOfTwo }},
	{"cliffs", func(w *EvalWeights) *float64 { return &w.Cliffs }, func(f *boardFeatures) int { return f.cliffs }},
	{"deep_wells", func(w *EvalWeights) *float64 { return &w.DeepWells }, func(f *boardFeatures) int { return f.deepWells }},
	{"height_range", func(w *EvalWeights) *float64 { return &w.HeightRange }, func(f *boardFeatures) int { return f.heightRange }},
	{"rows_missing_one", func(w *EvalWeights) *float64 { return &w.RowsMissingOne }, func(f *boardFeatures) int { return f.missing[0] }},
	{"rows_missing_two", func(w *EvalWeights) *float64 { return &w.RowsMissingTwo }, func(f *boardFeatures) int { return f.missing[1] }},
	{"rows_missing_three", func(w *EvalWeights) *float64 { return &w.RowsMissingThree }, func(f *boardFeatures) int { return f.missing[2] }},
	{"enemy_peak", func(w *EvalWeights) *float64 { return &w.EnemyPeak }, nil},
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
	// The state is plain JSON; what it repeats must agree, so that a
	// changed number is caught: each fitness is its lines' mean, and the
	// centre is the last generation's refit.
	for i, g := range st.History {
		if g.Gen != i+1 {
			return fmt.Errorf("tuning state's generation %d is listed as %d", i+1, g.Gen)
		}
		if len(g.Candidates) != c.Population || len(g.Fitness) != c.Population || len(g.Lines) != c.Population {
			return fmt.Errorf("tuning state's generation %d has the wrong number of candidates", g.Gen)
		}
		for k, v := range g.Candidates {
			if len(v) != n {
				return fmt.Errorf("tuning state's generation %d holds a vector of the wrong length", g.Gen)
			}
			if err := c.checkLines(g.Lines[k], g.Fitness[k]); err != nil {
				return fmt.Errorf("tuning state's generation %d, candidate %d: %w", g.Gen, k, err)
			}
		}
		if err := cem.CheckFinite(append(slices.Clone(g.Candidates), g.Centre, g.StdDev)...); err != nil {
			return err
		}
	}
	if k := len(st.History); k > 0 && (!slices.Equal(st.History[k-1].Centre, st.Mean) || !slices.Equal(st.History[k-1].StdDev, st.StdDev)) {
		return fmt.Errorf("tuning state's centre is not its last generation's")
	}
	if st.Finished {
		if err := c.checkLines(st.Result.Lines, st.Result.Fitness); err != nil {
			return fmt.Errorf("tuning state's result: %w", err)
		}
		if err := c.checkResult(st); err != nil {
			return err
		}
	}
	return nil
}

// checkResult checks a finished state's result against the rest: a rerun
// writes it to the result file without playing, so a result its history
// does not give would replace a good file. It must come after every
// generation, and be what finish picks from the history and the final
// check (whose lines only the result keeps when it is the answer), its
// weights those of its vector.
func (c *TuneConfig) checkResult(st *TuneState) error {
	res := st.Result
	if st.Done != c.Generations {
		return fmt.Errorf("tuning state is marked finished after %d of %d generations", st.Done, c.Generations)
	}
	if want := c.resultWeights(res.Vector); !reflect.DeepEqual(res.Weights, want) {
		return fmt.Errorf("tuning state's result weights %v are not its vector's, %v", res.Weights, want)
	}
	// The final check played the last centre; its lines are known only
	// when it is the answer, else any history candidate beats or ties it.
	again := *st
	if res.Gen == c.Generations+1 {
		c.finish(&again, st.Mean, res.Lines, res.Fitness)
	} else {
		c.finish(&again, st.Mean, nil, math.Inf(-1))
	}
	if !reflect.DeepEqual(again.Result, res) {
		return fmt.Errorf("tuning state's result (generation %d, fitness %v, vector %v) is not the answer its generations give (the best: generation %d, fitness %v, vector %v)",
			res.Gen, res.Fitness, res.Vector, again.Result.Gen, again.Result.Fitness, again.Result.Vector)
	}
	return nil
}

// fitness is a candidate's: the mean of its lines at the widths.
func (c *TuneConfig) fitness(lines []int) float64 {
	sum := 0
	for _, l := range lines {
		sum += l
	}
	return float64(sum) / float64(len(c.Widths))
}

// checkCounts checks a candidate's lines: one count, at least 0, per width.
func (c *TuneConfig) checkCounts(lines []int) error {
	if len(lines) != len(c.Widths) {
		return fmt.Errorf("%d widths' lines, want %d", len(lines), len(c.Widths))
	}
	for _, l := range lines {
		if l < 0 {
			return fmt.Errorf("negative lines")
		}
	}
	return nil
}

// checkLines checks a candidate's lines (checkCounts) against its
// recorded fitness.
func (c *TuneConfig) checkLines(lines []int, fit float64) error {
	if err := c.checkCounts(lines); err != nil {
		return err
	}
	if f := c.fitness(lines); f != fit {
		return fmt.Errorf("fitness %v does not match its lines (mean %v)", fit, f)
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
	st, err := cfg.begin()
	if err != nil {
		return TuneResult{}, err
	}
	// The enemy's choices depend on the well only: one cache serves every
	// candidate (the lines do not depend on it, only the time).
	cache := NewEnemyCache(tuneCacheBytes)
	for !st.Finished {
		step := st.Done + 1
		vecs, rng, err := cfg.draw(&st)
		if err != nil {
			return TuneResult{}, err
		}
		lines, err := cfg.play(vecs, step, cache)
		if err != nil {
			return TuneResult{}, err
		}
		cfg.advance(&st, vecs, lines, rng)
		if cfg.Checkpoint != nil {
			if err := cfg.Checkpoint(st); err != nil {
				return TuneResult{}, fmt.Errorf("checkpoint after step %d: %w", step, err)
			}
		}
	}
	return *st.Result, nil
}

// begin checks the settings and returns the state the run starts from:
// the one to resume, or a fresh one.
func (c *TuneConfig) begin() (TuneState, error) {
	if err := c.Validate(); err != nil {
		return TuneState{}, err
	}
	if c.Workers == 0 {
		c.Workers = 2
	}
	if c.Resume != nil {
		if err := c.CheckResume(c.Resume); err != nil {
			return TuneState{}, err
		}
		return *c.Resume, nil
	}
	n := len(c.Params)
	st := TuneState{State: cem.State{Version: tuneStateVersion, Config: c.fingerprint(), Mean: make([]float64, n), StdDev: make([]float64, n)}}
	start := c.Start
	for i, p := range c.Params {
		st.Mean[i] = *tuneField(&start, p)
		st.StdDev[i] = max(c.Spread*math.Abs(st.Mean[i]), c.MinSpread)
	}
	var err error
	st.RNG, err = rand.NewPCG(c.Seed, 2).MarshalBinary()
	return st, err
}

// draw returns the candidates of the state's next step, generation
// st.Done+1 (or, all generations done, the final check: the last
// centre alone), and the tuner's random numbers after drawing them.
func (c *TuneConfig) draw(st *TuneState) ([][]float64, []byte, error) {
	if st.Done == c.Generations {
		return [][]float64{slices.Clone(st.Mean)}, st.RNG, nil
	}
	var pcg rand.PCG
	if err := pcg.UnmarshalBinary(st.RNG); err != nil {
		return nil, nil, err
	}
	vecs := cem.Sample(rand.New(&pcg), st.Mean, st.StdDev, c.Population)
	rng, err := pcg.MarshalBinary()
	return vecs, rng, err
}

// advance records a step's lines in the state: a generation is refitted
// to its elite and kept in the history; the final check ends the run
// with the best candidate played.
func (c *TuneConfig) advance(st *TuneState, vecs [][]float64, lines [][]int, rng []byte) {
	fit := make([]float64, len(lines))
	for k, ls := range lines {
		fit[k] = c.fitness(ls)
	}
	if st.Done == c.Generations {
		c.finish(st, vecs[0], lines[0], fit[0])
		return
	}
	gen := st.Done + 1
	noise := c.Noise * float64(c.Generations-gen) / float64(c.Generations)
	st.Mean, st.StdDev = cem.Refit(vecs, cem.Rank(fit), c.Elite, func(float64) float64 { return noise })
	st.History = append(st.History, TuneGeneration{Gen: gen, Candidates: vecs, Lines: lines, Fitness: fit,
		Centre: slices.Clone(st.Mean), StdDev: slices.Clone(st.StdDev)})
	st.Done, st.RNG = gen, rng
}

// finish sets the state's result: the best candidate played, the final
// centre included, the earliest on a tie.
func (c *TuneConfig) finish(st *TuneState, centre []float64, lines []int, fit float64) {
	res := TuneResult{Vector: centre, Lines: lines, Fitness: fit, Gen: c.Generations + 1}
	for _, g := range st.History {
		for k, f := range g.Fitness {
			if f > res.Fitness || (f == res.Fitness && g.Gen < res.Gen) {
				res = TuneResult{Vector: g.Candidates[k], Lines: g.Lines[k], Fitness: f, Gen: g.Gen}
			}
		}
	}
	res.Params = c.Params
	res.Weights = c.resultWeights(res.Vector)
	st.Finished, st.Result = true, &res
}

// resultWeights is every non-zero weight of the set vec makes, by name.
func (c *TuneConfig) resultWeights(vec []float64) map[string]float64 {
	w := c.Weights(vec)
	out := map[string]float64{}
	for _, p := range tuneParams {
		if v := *p.Field(&w); v != 0 {
			out[p.Name] = v
		}
	}
	return out
}

// play searches with every candidate at every width, on c.Workers
// goroutines, and returns the lines.
func (c *TuneConfig) play(vecs [][]float64, step int, cache *EnemyCache) ([][]int, error) {
	lines := make([][]int, len(vecs))
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
				done.Lock()
				finished++
				if c.Progress != nil {
					c.Progress(step, finished, len(vecs))
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
	return lines, errors.Join(errs...)
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

// MaxTuneShards bounds the shards of a step.
const MaxTuneShards = 1 << 12

// TuneShard is one shard's part of a tuning step: the lines of the
// candidates dealt to it (Index, Index+Count, Index+2*Count, ...).
type TuneShard struct {
	Config string  `json:"config"` // the settings' fingerprint
	Step   int     `json:"step"`   // the generation (Generations+1: the final check)
	Index  int     `json:"index"`
	Count  int     `json:"count"`
	Lines  [][]int `json:"lines"` // per candidate dealt, per width
}

// nextStep returns the state a shard or a merge starts from and the
// candidates of its next step, as Tune would draw them.
func (c *TuneConfig) nextStep() (TuneState, [][]float64, []byte, error) {
	st, err := c.begin()
	if err != nil {
		return st, nil, nil, err
	}
	if st.Finished {
		return st, nil, nil, fmt.Errorf("hatetris tune: the run is finished: no step left")
	}
	vecs, rng, err := c.draw(&st)
	return st, vecs, rng, err
}

// PlayShard plays shard index of count of the next step of the run c
// describes (from c.Resume, or from the start), as Tune would, and
// changes no state: MergeShards puts the shards together.
func (c *TuneConfig) PlayShard(index, count int) (TuneShard, error) {
	if count < 1 || count > MaxTuneShards || index < 0 || index >= count {
		return TuneShard{}, fmt.Errorf("hatetris tune: shard %d/%d: want 0 <= I < N <= %d", index, count, MaxTuneShards)
	}
	st, vecs, _, err := c.nextStep()
	if err != nil {
		return TuneShard{}, err
	}
	var mine [][]float64
	for k := index; k < len(vecs); k += count {
		mine = append(mine, vecs[k])
	}
	sh := TuneShard{Config: st.Config, Step: st.Done + 1, Index: index, Count: count}
	sh.Lines, err = c.play(mine, sh.Step, NewEnemyCache(tuneCacheBytes))
	return sh, err
}

// MergeShards puts the shards of the next step together and returns the
// state after it (from c.Resume, or from the start): the state Tune
// checkpoints after that step. It refuses shards of another run or step,
// a shard given twice, missing shards and shards of the wrong size.
func (c *TuneConfig) MergeShards(shards []TuneShard) (TuneState, error) {
	st, vecs, rng, err := c.nextStep()
	if err != nil {
		return TuneState{}, err
	}
	if len(shards) == 0 {
		return TuneState{}, fmt.Errorf("hatetris tune: no shards")
	}
	count := shards[0].Count
	if count < 1 || count > MaxTuneShards {
		return TuneState{}, fmt.Errorf("hatetris tune: shards of %d: want 1 to %d", count, MaxTuneShards)
	}
	seen := make([]bool, count)
	lines := make([][]int, len(vecs))
	for _, sh := range shards {
		switch {
		case sh.Config != st.Config:
			return TuneState{}, fmt.Errorf("hatetris tune: shard %d/%d belongs to other settings (%s)", sh.Index, sh.Count, sh.Config)
		case sh.Step != st.Done+1:
			return TuneState{}, fmt.Errorf("hatetris tune: shard %d/%d is of step %d, the state's next is %d", sh.Index, sh.Count, sh.Step, st.Done+1)
		case sh.Count != count || sh.Index < 0 || sh.Index >= count:
			return TuneState{}, fmt.Errorf("hatetris tune: shard %d/%d among shards of %d", sh.Index, sh.Count, count)
		case seen[sh.Index]:
			return TuneState{}, fmt.Errorf("hatetris tune: shard %d/%d given twice", sh.Index, sh.Count)
		case len(sh.Lines) != ShardCount(len(vecs), sh.Index, count):
			return TuneState{}, fmt.Errorf("hatetris tune: shard %d/%d holds %d candidates, want %d", sh.Index, sh.Count, len(sh.Lines), ShardCount(len(vecs), sh.Index, count))
		}
		seen[sh.Index] = true
		for j, ls := range sh.Lines {
			if err := c.checkCounts(ls); err != nil {
				return TuneState{}, fmt.Errorf("hatetris tune: shard %d/%d: %w", sh.Index, sh.Count, err)
			}
			lines[sh.Index+j*count] = ls
		}
	}
	var missing []string
	for i, ok := range seen {
		if !ok {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	if len(missing) > 0 {
		return TuneState{}, fmt.Errorf("hatetris tune: missing shards %s of %d", strings.Join(missing, ", "), count)
	}
	c.advance(&st, vecs, lines, rng)
	return st, nil
}
