package solver

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

func smallTune(t *testing.T) TuneConfig {
	t.Helper()
	w, err := PersonalityByName("bcts")
	if err != nil {
		t.Fatal(err)
	}
	cfg := TuneConfig{
		Games: BenchConfig{Model: ModelStandard, Games: 2, Seed: 40, Width: 10, Height: 5, Workers: 2},
		Start: *w, Objective: "lines", Generations: 3, Population: 4, Elite: 2,
		Spread: 0.3, Noise: 0.1, Seed: 9,
	}
	for _, s := range []string{"holes", "landing_height"} {
		p, err := ParseParam(s)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Params = append(cfg.Params, p)
	}
	return cfg
}

// roundTrip passes a state through JSON, as the state file does.
func roundTrip(t *testing.T, st TuneState) *TuneState {
	t.Helper()
	data, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var back TuneState
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	return &back
}

// A run resumed from the state saved after any generation ends exactly as
// the uninterrupted run: the same history, weights and fitness.
func TestTuneResumesExactly(t *testing.T) {
	cfg := smallTune(t)
	var states []*TuneState
	cfg.Checkpoint = func(st TuneState) error {
		states = append(states, roundTrip(t, st))
		return nil
	}
	want, err := Tune(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(states) != cfg.Generations+1 || !states[len(states)-1].Finished {
		t.Fatalf("got %d checkpoints, want %d with the last finished", len(states), cfg.Generations+1)
	}
	for i, st := range states {
		if st.Done != min(i+1, cfg.Generations) {
			t.Errorf("checkpoint %d: %d generations done", i, st.Done)
		}
		c := smallTune(t)
		c.Resume = st
		var later int
		c.Checkpoint = func(TuneState) error { later++; return nil }
		got, err := Tune(c)
		if err != nil {
			t.Fatalf("resume from checkpoint %d: %v", i, err)
		}
		if got.Best != want.Best || got.Weights != want.Weights || !reflect.DeepEqual(got.History, want.History) {
			t.Errorf("resumed from checkpoint %d: best %v weights %+v, want %v %+v", i, got.Best, got.Weights.Base, want.Best, want.Weights.Base)
		}
		if wantLater := len(states) - 1 - i; later != wantLater {
			t.Errorf("resumed from checkpoint %d: %d more checkpoints, want %d", i, later, wantLater)
		}
	}
}

func TestTuneRefusesAForeignState(t *testing.T) {
	cfg := smallTune(t)
	var first *TuneState
	cfg.Checkpoint = func(st TuneState) error {
		if first == nil {
			first = roundTrip(t, st)
		}
		return nil
	}
	if _, err := Tune(cfg); err != nil {
		t.Fatal(err)
	}
	breakers := []struct {
		name  string
		edit  func(c *TuneConfig, st *TuneState)
		error string
	}{
		{"other seed", func(c *TuneConfig, _ *TuneState) { c.Games.Seed++ }, "other settings"},
		{"other params", func(c *TuneConfig, _ *TuneState) { c.Params = c.Params[:1] }, "other settings"},
		{"other generations", func(c *TuneConfig, _ *TuneState) { c.Generations = 5 }, "other settings"},
		{"version", func(_ *TuneConfig, st *TuneState) { st.Version = 99 }, "version"},
		{"short mean", func(_ *TuneConfig, st *TuneState) { st.Mean = st.Mean[:1] }, "wrong length"},
		{"history", func(_ *TuneConfig, st *TuneState) { st.History = nil }, "history"},
		{"rng", func(_ *TuneConfig, st *TuneState) { st.RNG = []byte("nope") }, "random numbers"},
		{"finished without result", func(_ *TuneConfig, st *TuneState) { st.Finished = true }, "no result"},
	}
	for _, b := range breakers {
		c := smallTune(t)
		st := roundTrip(t, *first)
		b.edit(&c, st)
		c.Resume = st
		if _, err := Tune(c); err == nil || !strings.Contains(err.Error(), b.error) {
			t.Errorf("%s: err %v, want one with %q", b.name, err, b.error)
		}
	}
}

// TestTuneObjectives: each objective reads its figure from a candidate's
// games, attack only where garbage exists, and others are refused.
func TestTuneObjectives(t *testing.T) {
	r := BenchResult{LinesMean: 198, ScoreMean: 800000, AttackPerPiece: 0.25, PiecesMean: 500}
	for name, want := range map[string]float64{"lines": 198, "score": 800000, "attack": 125} {
		if got := objectives[name](&r); got != want {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
	cfg := smallTune(t)
	for _, c := range []struct {
		objective, model string
		ok               bool
	}{
		{"lines", ModelStandard, true},
		{"attack", ModelGuideline, true},
		{"attack", ModelStandard, false},
		{"attacks", ModelGuideline, false},
		{"", ModelGuideline, false},
	} {
		cfg.Objective, cfg.Games.Model, cfg.Games.MaxPieces, cfg.Games.Level = c.objective, c.model, 300, 10
		if err := cfg.Validate(); (err == nil) != c.ok {
			t.Errorf("objective %q in %s: Validate = %v", c.objective, c.model, err)
		}
	}
}

// TestTuneConfigErrors: every number of a run has a range, so that
// --population 10000000 is refused before anything is allocated (a
// generation's results are made before its first game).
func TestTuneConfigErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(*TuneConfig)
	}{
		{"no generations", func(c *TuneConfig) { c.Generations = 0 }},
		{"generations past the cap", func(c *TuneConfig) { c.Generations = MaxTuneGenerations + 1 }},
		{"population of one", func(c *TuneConfig) { c.Population = 1; c.Elite = 1 }},
		{"population past the cap", func(c *TuneConfig) { c.Population = MaxTunePopulation + 1 }},
		{"elite past the population", func(c *TuneConfig) { c.Elite = c.Population + 1 }},
		{"games a generation past the cap", func(c *TuneConfig) { c.Population = 100; c.Games.Games = MaxBenchGames/100 + 1 }},
		{"zero spread", func(c *TuneConfig) { c.Spread = 0 }},
		{"negative spread", func(c *TuneConfig) { c.Spread = -1 }},
		{"infinite spread", func(c *TuneConfig) { c.Spread = math.Inf(1) }},
		{"negative noise", func(c *TuneConfig) { c.Noise = -0.1 }},
		{"infinite noise", func(c *TuneConfig) { c.Noise = math.Inf(1) }},
		{"NaN noise", func(c *TuneConfig) { c.Noise = math.NaN() }},
		{"a weight twice", func(c *TuneConfig) { c.Params = append(c.Params, c.Params[0]) }},
		{"games past the bench's cap", func(c *TuneConfig) { c.Population = 2; c.Games.Games = MaxBenchGames + 1 }},
	} {
		cfg := smallTune(t)
		c.edit(&cfg)
		if err := cfg.Validate(); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	cfg := smallTune(t)
	cfg.Generations, cfg.Population, cfg.Elite = MaxTuneGenerations, MaxTunePopulation, 1
	cfg.Games.Games = MaxBenchGames / MaxTunePopulation
	if err := cfg.Validate(); err != nil {
		t.Errorf("at the caps: %v", err)
	}
}
