package solver

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
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
	Objective   string      // "lines" (mean lines per game) or "score" (mean score)
	Generations int
	Population  int
	Elite       int     // best candidates the next distribution is fitted to
	Spread      float64 // first standard deviation, relative to |weight| (plus Spread itself)
	Noise       float64 // added to every standard deviation each generation, falling linearly to 0
	Seed        uint64  // the tuner's own random numbers
	// Progress is called after every game: generation (from 1), games done
	// in it and their total, and the best fitness so far.
	Progress func(gen, done, total int, best float64)
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

// Validate reports the first setting out of range.
func (c *TuneConfig) Validate() error {
	switch {
	case c.Objective != "lines" && c.Objective != "score":
		return fmt.Errorf("unknown objective %q (want lines or score)", c.Objective)
	case len(c.Params) == 0:
		return fmt.Errorf("no weights to tune")
	case c.Generations < 1 || c.Population < 2 || c.Elite < 1 || c.Elite > c.Population:
		return fmt.Errorf("need generations >= 1, population >= 2 and 1 <= elite <= population (got %d, %d, %d)",
			c.Generations, c.Population, c.Elite)
	case !(c.Spread > 0) || !(c.Noise >= 0) || math.IsInf(c.Spread, 0) || math.IsInf(c.Noise, 0):
		// Written so that NaN fails too: it compares false with everything.
		return fmt.Errorf("spread must be a positive number and noise a non-negative one (got %g, %g)", c.Spread, c.Noise)
	}
	g := c.Games
	g.Personalities, g.Weights = nil, []Weights{c.Start}
	return g.Validate()
}

// Tune runs the cross-entropy method (Szita and Lorincz's noisy CEM, the
// method that tuned Dellacherie's features to millions of lines): sample a
// population around a centre, play every candidate on the same fresh game
// seeds, refit the centre and spread to the elite, repeat. The result is
// the elite centre of the last generation, which is then played once more
// against the best single candidate on new seeds; the better one is kept.
func Tune(cfg TuneConfig) (TuneResult, error) {
	if err := cfg.Validate(); err != nil {
		return TuneResult{}, err
	}
	if cfg.Games.standard() && cfg.Start.Standard != nil {
		// The standard models play the Standard vector: tune that one.
		cfg.Start.Base, cfg.Start.Tall, cfg.Start.Standard = *cfg.Start.Standard, Vector{}, nil
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x6b6f636b61))
	n := len(cfg.Params)
	mean := make([]float64, n)
	std := make([]float64, n)
	for i, p := range cfg.Params {
		mean[i] = p.get(&cfg.Start)
		std[i] = cfg.Spread * (math.Abs(mean[i]) + 1)
	}
	res := TuneResult{Objective: cfg.Objective}
	for _, p := range cfg.Params {
		res.Params = append(res.Params, p.String())
	}
	best := math.Inf(-1)
	var bestW Weights
	seed := cfg.Games.Seed
	for gen := 1; gen <= cfg.Generations; gen++ {
		pop := make([]Weights, cfg.Population)
		vecs := make([][]float64, cfg.Population)
		for k := range pop {
			pop[k] = cfg.Start
			pop[k].Name = fmt.Sprintf("candidate %d", k)
			vecs[k] = make([]float64, n)
			for i, p := range cfg.Params {
				v := mean[i]
				if k > 0 { // candidate 0 is the centre itself
					v += std[i] * rng.NormFloat64()
				}
				vecs[k][i] = v
				p.set(&pop[k], v)
			}
		}
		fit, err := cfg.play(pop, seed, gen, best)
		if err != nil {
			return res, err
		}
		order := make([]int, len(pop))
		for i := range order {
			order[i] = i
		}
		sort.SliceStable(order, func(a, b int) bool { return fit[order[a]] > fit[order[b]] })
		g := Generation{Gen: gen, Seed: seed, Best: fit[order[0]]}
		for _, f := range fit {
			g.Mean += f / float64(len(fit))
		}
		if fit[order[0]] > best {
			best, bestW = fit[order[0]], pop[order[0]]
		}
		// Refit to the elite, with the extra noise that keeps the search
		// from collapsing early.
		noise := cfg.Noise * float64(cfg.Generations-gen) / float64(cfg.Generations)
		for i := range mean {
			m, v := 0.0, 0.0
			for _, k := range order[:cfg.Elite] {
				m += vecs[k][i]
			}
			m /= float64(cfg.Elite)
			for _, k := range order[:cfg.Elite] {
				v += (vecs[k][i] - m) * (vecs[k][i] - m)
			}
			mean[i] = m
			std[i] = math.Sqrt(v/float64(cfg.Elite)) + noise*(math.Abs(m)+1)
		}
		for _, k := range order[:cfg.Elite] {
			g.EliteMean += fit[k] / float64(cfg.Elite)
		}
		g.Centre, g.StdDev = append([]float64(nil), mean...), append([]float64(nil), std...)
		res.History = append(res.History, g)
		seed += uint64(cfg.Games.Games)
	}
	// The final centre against the best candidate seen, on fresh seeds.
	centre := cfg.Start
	for i, p := range cfg.Params {
		p.set(&centre, mean[i])
	}
	fit, err := cfg.play([]Weights{centre, bestW}, seed, cfg.Generations+1, best)
	if err != nil {
		return res, err
	}
	res.Weights, res.Best = centre, fit[0]
	if fit[1] > fit[0] {
		res.Weights, res.Best = bestW, fit[1]
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
		fit[i] = r.LinesMean
		if c.Objective == "score" {
			fit[i] = r.ScoreMean
		}
	}
	return fit, nil
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
