package solver

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/kocka/kocka/internal/cem"
)

// Param is one tuned number: the Base or the Tall weight of a feature.
type Param struct {
	Feature Feature
	Tall    bool
}

func (p Param) String() string {
	if p.Tall {
		return p.Feature.String() + ".tall"
	}
	return p.Feature.String()
}

// ParseParam reads a feature name, with ".tall" for its Tall weight.
func ParseParam(s string) (Param, error) {
	name, tall := strings.CutSuffix(s, ".tall")
	f, err := ParseFeature(name)
	return Param{f, tall}, err
}

func (p Param) get(w *Weights) float64 {
	if p.Tall {
		return w.Tall[p.Feature]
	}
	return w.Base[p.Feature]
}

func (p Param) set(w *Weights, v float64) {
	if p.Tall {
		w.Tall[p.Feature] = v
	} else {
		w.Base[p.Feature] = v
	}
}

// TuneConfig sets up a cross-entropy search over weights.
type TuneConfig struct {
	Games       BenchConfig // model, well, games per candidate, pieces, search; Seed is the first game seed
	Start       Weights     // the weights tuning starts from (their name is kept)
	Params      []Param     // the weights that are tuned; the others stay as in Start
	Objective   string      // "lines", "score" or "attack" (means per game; objectives)
	Generations int
	Population  int
	Elite       int     // best candidates the next distribution is fitted to
	Spread      float64 // first standard deviation, relative to |weight| (plus Spread itself)
	Noise       float64 // added to every standard deviation each generation, falling linearly to 0
	Seed        uint64  // the tuner's own random numbers
	// Progress is called after every game: generation (from 1), games done
	// in it and their total, and the best fitness so far.
	Progress func(gen, done, total int, best float64)
	// Resume, when set, continues the run from a state an earlier
	// Checkpoint saved (it must come from the same settings).
	Resume *TuneState
	// Checkpoint, when set, is given the state after every generation and
	// after the final check; an error stops the run.
	Checkpoint func(TuneState) error
}

// Generation records one generation of tuning.
type Generation struct {
	Gen       int       `json:"gen"`
	Seed      uint64    `json:"seed"`
	Mean      float64   `json:"fitness_mean"`
	Best      float64   `json:"fitness_best"`
	EliteMean float64   `json:"fitness_elite_mean"`
	Centre    []float64 `json:"centre"`
	StdDev    []float64 `json:"stddev"`
}

// TuneResult is what the tuner found.
type TuneResult struct {
	Command   string             `json:"command"`
	Objective string             `json:"objective"`
	Params    []string           `json:"params"`
	Base      map[string]float64 `json:"base"`
	Tall      map[string]float64 `json:"tall,omitempty"`
	Best      float64            `json:"best_fitness"` // of the returned weights, in their generation
	History   []Generation       `json:"history"`
	Weights   Weights            `json:"-"`
}

// MaxTuneGenerations and MaxTunePopulation bound a tuning run, and a
// generation plays at most MaxBenchGames games: its results are held in
// memory (a row per game and candidate, as in a bench), and the state
// keeps the centre and deviations of every generation (a thousand
// generations of every weight are a few megabytes).
const (
	MaxTuneGenerations = 1000
	MaxTunePopulation  = 10_000
)

// Validate reports the first setting out of range.
func (c *TuneConfig) Validate() error {
	switch {
	case objectives[c.Objective] == nil:
		return fmt.Errorf("unknown objective %q (want lines, score or attack)", c.Objective)
	case c.Objective == "attack" && c.Games.Model != ModelGuideline:
		return fmt.Errorf("objective attack needs the guideline model (garbage is a guideline rule), not %s", c.Games.Model)
	case len(c.Params) == 0:
		return fmt.Errorf("no weights to tune")
	case c.Generations < 1 || c.Population < 2 || c.Elite < 1 || c.Elite > c.Population:
		return fmt.Errorf("need generations >= 1, population >= 2 and 1 <= elite <= population (got %d, %d, %d)",
			c.Generations, c.Population, c.Elite)
	case c.Generations > MaxTuneGenerations || c.Population > MaxTunePopulation:
		return fmt.Errorf("at most %d generations of %d candidates (got %d, %d)",
			MaxTuneGenerations, MaxTunePopulation, c.Generations, c.Population)
	case c.Games.Games > MaxBenchGames/c.Population:
		return fmt.Errorf("%d candidates of %d games: a generation plays at most %d games",
			c.Population, c.Games.Games, MaxBenchGames)
	case !(c.Spread > 0) || !(c.Noise >= 0) || math.IsInf(c.Spread, 0) || math.IsInf(c.Noise, 0):
		// Written so that NaN fails too: it compares false with everything.
		return fmt.Errorf("spread must be a positive number and noise a non-negative one (got %g, %g)", c.Spread, c.Noise)
	}
	seen := map[Param]bool{}
	for _, p := range c.Params {
		if seen[p] {
			return fmt.Errorf("weight %s given twice", p)
		}
		seen[p] = true
	}
	g := c.Games
	g.Personalities, g.Weights = nil, []Weights{c.Start}
	return g.Validate()
}

// TuneState is everything a tuning run needs to go on after its last
// finished generation: the distribution, the tuner's random numbers, the
// best candidate so far and the history. Tune hands one to
// TuneConfig.Checkpoint after every generation and starts from
// TuneConfig.Resume, so a run killed at any point loses at most the
// generation it was playing, and a resumed run makes exactly the choices
// the uninterrupted one would have made.
type TuneState struct {
	cem.State
	Seed     uint64       `json:"seed"` // the first game seed of the next generation
	Best     float64      `json:"best_fitness"`
	BestVec  []float64    `json:"best_candidate"` // the tuned params of the best candidate so far
	History  []Generation `json:"history"`
	Finished bool         `json:"finished"` // the final check ran and Result holds the answer
	Result   *TuneResult  `json:"result,omitempty"`
	// ResultVec is the tuned params of Result's weights.
	ResultVec []float64 `json:"result_params,omitempty"`
}

const tuneStateVersion = 1

// tuneFingerprint names everything that decides a run's course: a state
// may only be resumed by the same settings.
func (c *TuneConfig) tuneFingerprint() string {
	g := c.Games
	key := struct {
		Model                           string
		Games                           int
		Seed                            uint64
		Width, Height, MaxPieces, Level int
		Depth, BeamWidth                int
		Start                           Weights
		Params                          []string
		Objective                       string
		Generations, Population, Elite  int
		Spread, Noise                   float64
		TunerSeed                       uint64
	}{g.Model, g.Games, g.Seed, g.Width, g.Height, g.MaxPieces, g.Level, g.Depth, g.BeamWidth,
		c.Start, nil, c.Objective, c.Generations, c.Population, c.Elite, c.Spread, c.Noise, c.Seed}
	for _, p := range c.Params {
		key.Params = append(key.Params, p.String())
	}
	return cem.Fingerprint(key)
}

// CheckResume reports whether st can resume the run c describes.
func (c *TuneConfig) CheckResume(st *TuneState) error {
	n := len(c.Params)
	if err := st.Check(tuneStateVersion, c.tuneFingerprint(), c.Generations, n, len(st.History)); err != nil {
		return err
	}
	switch {
	case st.Done > 0 && len(st.BestVec) != n:
		return fmt.Errorf("tuning state holds vectors of the wrong length for %d params", n)
	case st.Finished && (st.Result == nil || len(st.ResultVec) != n):
		return fmt.Errorf("tuning state is marked finished but holds no result")
	}
	return cem.CheckFinite(st.BestVec, st.ResultVec)
}

// Tune runs the cross-entropy method (Szita and Lorincz's noisy CEM, the
// method that tuned Dellacherie's features to millions of lines): sample a
// population around a centre, play every candidate on the same fresh game
// seeds (common random numbers), refit the centre and spread to the elite,
// repeat. The result is the elite centre of the last generation, which is
// then played once more against the best single candidate on new seeds;
// the better one is kept.
func Tune(cfg TuneConfig) (TuneResult, error) {
	if err := cfg.Validate(); err != nil {
		return TuneResult{}, err
	}
	if cfg.Games.standard() && cfg.Start.Standard != nil {
		// The standard models play the Standard vector: tune that one.
		cfg.Start.Base, cfg.Start.Tall, cfg.Start.Standard = *cfg.Start.Standard, Vector{}, nil
	}
	n := len(cfg.Params)
	pcg := rand.NewPCG(cfg.Seed, 0x6b6f636b61)
	st := TuneState{State: cem.State{Version: tuneStateVersion, Config: cfg.tuneFingerprint(),
		Mean: make([]float64, n), StdDev: make([]float64, n)}, Seed: cfg.Games.Seed, Best: math.Inf(-1)}
	for i, p := range cfg.Params {
		st.Mean[i] = p.get(&cfg.Start)
		st.StdDev[i] = cfg.Spread * (math.Abs(st.Mean[i]) + 1)
	}
	withParams := func(vec []float64) Weights {
		w := cfg.Start
		for i, p := range cfg.Params {
			p.set(&w, vec[i])
		}
		return w
	}
	if cfg.Resume != nil {
		if err := cfg.CheckResume(cfg.Resume); err != nil {
			return TuneResult{}, err
		}
		st = *cfg.Resume
		if st.Finished {
			res := *st.Result
			res.Weights = withParams(st.ResultVec)
			res.Weights.Name = cfg.Start.Name
			return res, nil
		}
		if err := pcg.UnmarshalBinary(st.RNG); err != nil {
			return TuneResult{}, err
		}
	}
	rng := rand.New(pcg)
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
	res := TuneResult{Objective: cfg.Objective, History: st.History}
	for _, p := range cfg.Params {
		res.Params = append(res.Params, p.String())
	}
	mean, std := st.Mean, st.StdDev
	for gen := st.Done + 1; gen <= cfg.Generations; gen++ {
		vecs := cem.Sample(rng, mean, std, cfg.Population)
		pop := make([]Weights, cfg.Population)
		for k := range pop {
			pop[k] = withParams(vecs[k])
			pop[k].Name = fmt.Sprintf("candidate %d", k)
		}
		fit, err := cfg.play(pop, st.Seed, gen, st.Best)
		if err != nil {
			return res, err
		}
		order := cem.Rank(fit)
		g := Generation{Gen: gen, Seed: st.Seed, Best: fit[order[0]]}
		for _, f := range fit {
			g.Mean += f / float64(len(fit))
		}
		if fit[order[0]] > st.Best {
			st.Best, st.BestVec = fit[order[0]], vecs[order[0]]
		}
		// Refit to the elite, with the extra noise that keeps the search
		// from collapsing early.
		noise := cfg.Noise * float64(cfg.Generations-gen) / float64(cfg.Generations)
		mean, std = cem.Refit(vecs, order, cfg.Elite, func(m float64) float64 { return noise * (math.Abs(m) + 1) })
		st.Mean, st.StdDev = mean, std
		for _, k := range order[:cfg.Elite] {
			g.EliteMean += fit[k] / float64(cfg.Elite)
		}
		g.Centre, g.StdDev = append([]float64(nil), mean...), append([]float64(nil), std...)
		st.History = append(st.History, g)
		res.History = st.History
		st.Seed += uint64(cfg.Games.Games)
		st.Done = gen
		if err := checkpoint(); err != nil {
			return res, fmt.Errorf("checkpoint after generation %d: %w", gen, err)
		}
	}
	// The final centre against the best candidate seen, on fresh seeds.
	centre, bestW := withParams(mean), withParams(st.BestVec)
	fit, err := cfg.play([]Weights{centre, bestW}, st.Seed, cfg.Generations+1, st.Best)
	if err != nil {
		return res, err
	}
	res.Weights, res.Best, st.ResultVec = centre, fit[0], mean
	if fit[1] > fit[0] {
		res.Weights, res.Best, st.ResultVec = bestW, fit[1], st.BestVec
	}
	res.Weights.Name = cfg.Start.Name
	res.Base, res.Tall = map[string]float64{}, map[string]float64{}
	for f := Feature(0); f < NumFeatures; f++ {
		if v := res.Weights.Base[f]; v != 0 {
			res.Base[f.String()] = v
		}
		if v := res.Weights.Tall[f]; v != 0 {
			res.Tall[f.String()] = v
		}
	}
	st.Finished, st.Result = true, &res
	if err := checkpoint(); err != nil {
		return res, fmt.Errorf("checkpoint after the final check: %w", err)
	}
	return res, nil
}

// play plays every candidate on the same games and returns their fitness.
func (c *TuneConfig) play(pop []Weights, seed uint64, gen int, best float64) ([]float64, error) {
	b := c.Games
	b.Personalities, b.Weights, b.Seed = nil, pop, seed
	if c.Progress != nil {
		b.Progress = func(done, total int) { c.Progress(gen, done, total, best) }
	}
	rs, err := Bench(b)
	if err != nil {
		return nil, err
	}
	fit := make([]float64, len(rs))
	for i, r := range rs {
		fit[i] = objectives[c.Objective](&r)
	}
	return fit, nil
}

// objectives are the fitnesses kocka tune maximizes, from a candidate's
// games: attack is the garbage rows sent a game (not a piece, so that
// topping out early costs what it would have sent).
var objectives = map[string]func(*BenchResult) float64{
	"lines":  func(r *BenchResult) float64 { return r.LinesMean },
	"score":  func(r *BenchResult) float64 { return r.ScoreMean },
	"attack": func(r *BenchResult) float64 { return r.AttackPerPiece * r.PiecesMean },
}

// GoSource writes weights as a Go composite literal for weights_kocka.go.
func (w *Weights) GoSource() string {
	var sb strings.Builder
	write := func(field string, v *Vector) {
		fmt.Fprintf(&sb, "\t%s: Vector{\n", field)
		for f := Feature(0); f < NumFeatures; f++ {
			if v[f] != 0 {
				fmt.Fprintf(&sb, "\t\t%s: %v,\n", goFeatureName(f), v[f])
			}
		}
		sb.WriteString("\t},\n")
	}
	write("Base", &w.Base)
	if w.Tall != (Vector{}) {
		write("Tall", &w.Tall)
	}
	return sb.String()
}

// goFeatureName is the constant's name of a feature: FLandingHeight for
// landing_height.
func goFeatureName(f Feature) string {
	parts := strings.Split(f.String(), "_")
	for i, p := range parts {
		switch p {
		case "tspin":
			parts[i] = "TSpin"
		case "tslot":
			parts[i] = "TSlot"
		case "t":
			parts[i] = "T"
		default:
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return "F" + strings.Join(parts, "")
}

// MarshalIndent is the result as indented JSON.
func (r *TuneResult) MarshalIndent() ([]byte, error) { return json.MarshalIndent(r, "", "  ") }
