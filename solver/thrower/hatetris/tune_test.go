package hatetris

import (
	"encoding/json"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"
)

func smallTune(t *testing.T) TuneConfig {
	t.Helper()
	start, err := EvalByName("eltetris")
	if err != nil {
		t.Fatal(err)
	}
	return TuneConfig{Start: start, Params: []string{"holes", "height", "rows_with_holes"}, Widths: []int{4, 16},
		LineWeight: 1000, Generations: 3, Population: 5, Elite: 2, Spread: 0.5, MinSpread: 3, Noise: 0.5, Seed: 7}
}

func roundTripTune(t *testing.T, st TuneState) *TuneState {
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

// searchLines plays one beam search per width with fresh settings, apart
// from the tuner's own loop.
func searchLines(t *testing.T, w EvalWeights, widths []int) []int {
	t.Helper()
	var out []int
	for _, width := range widths {
		b, err := NewBeam(BeamConfig{Width: width, Eval: w, LineWeight: 1000, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		for b.Step() {
		}
		lines, _ := b.Best()
		out = append(out, lines)
	}
	return out
}

// The tuner's fitness is the mean of the lines each candidate's searches
// clear, its answer the best candidate played, and a run resumed from any
// checkpoint ends exactly as the uninterrupted one, whatever the workers.
func TestTuneResumesExactly(t *testing.T) {
	cfg := smallTune(t)
	var states []*TuneState
	cfg.Checkpoint = func(st TuneState) error {
		states = append(states, roundTripTune(t, st))
		return nil
	}
	want, err := Tune(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(states) != cfg.Generations+1 || !states[len(states)-1].Finished {
		t.Fatalf("%d checkpoints, want %d, the last finished", len(states), cfg.Generations+1)
	}
	last := states[len(states)-1]
	best := math.Inf(-1)
	distinct := map[float64]bool{}
	for _, g := range last.History {
		for k, v := range g.Candidates {
			best = max(best, g.Fitness[k])
			distinct[g.Fitness[k]] = true
			if k < 2 && g.Gen == 1 { // a few, checked against searches of their own
				lines := searchLines(t, cfg.Weights(v), cfg.Widths)
				if !reflect.DeepEqual(lines, g.Lines[k]) || g.Fitness[k] != float64(lines[0]+lines[1])/2 {
					t.Errorf("generation 1 candidate %d: lines %v fitness %g, its own searches %v", k, g.Lines[k], g.Fitness[k], lines)
				}
			}
		}
	}
	if len(distinct) < 2 {
		t.Errorf("every candidate scored the same (%v): the test does not tell them apart", distinct)
	}
	if want.Fitness < best {
		t.Errorf("answer's fitness %g, a candidate scored %g", want.Fitness, best)
	}
	if got := searchLines(t, cfg.Weights(want.Vector), cfg.Widths); !reflect.DeepEqual(got, want.Lines) {
		t.Errorf("answer's lines %v, its own searches %v", want.Lines, got)
	}
	for i, st := range states {
		c := smallTune(t)
		c.Resume, c.Workers = st, 1+i%3
		got, err := Tune(c)
		if err != nil {
			t.Fatalf("resume from checkpoint %d: %v", i, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("resumed from checkpoint %d with %d workers: %+v, want %+v", i, c.Workers, got, want)
		}
	}
}

func TestTuneRefuses(t *testing.T) {
	cfg := smallTune(t)
	var st *TuneState
	cfg.Generations = 1
	cfg.Checkpoint = func(s TuneState) error {
		if st == nil {
			st = roundTripTune(t, s)
		}
		return nil
	}
	if _, err := Tune(cfg); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func(*TuneConfig, *TuneState)
		want string
	}{
		{"other widths", func(c *TuneConfig, _ *TuneState) { c.Widths = []int{4, 32} }, "other settings"},
		{"other start", func(c *TuneConfig, _ *TuneState) { c.Start.Holes = -1 }, "other settings"},
		{"version", func(_ *TuneConfig, s *TuneState) { s.Version = 9 }, "version"},
		{"random numbers", func(_ *TuneConfig, s *TuneState) { s.RNG = []byte("x") }, "random numbers"},
		{"vector length", func(_ *TuneConfig, s *TuneState) { s.Mean = s.Mean[:1] }, "wrong length"},
		{"history", func(_ *TuneConfig, s *TuneState) { s.History = nil }, "history"},
		{"candidates", func(_ *TuneConfig, s *TuneState) { s.History[0].Fitness = s.History[0].Fitness[1:] }, "candidates"},
		{"not finite", func(_ *TuneConfig, s *TuneState) { s.StdDev[0] = math.Inf(1) }, "not finite"},
		{"changed lines", func(_ *TuneConfig, s *TuneState) { s.History[0].Lines[1][0]++ }, "does not match its lines"},
		{"changed fitness", func(_ *TuneConfig, s *TuneState) { s.History[0].Fitness[2] += 0.5 }, "does not match its lines"},
		{"negative lines", func(_ *TuneConfig, s *TuneState) { s.History[0].Lines[0][0] = -1 }, "negative"},
		{"lines per width", func(_ *TuneConfig, s *TuneState) { s.History[0].Lines[0] = s.History[0].Lines[0][:1] }, "widths' lines"},
		{"changed centre", func(_ *TuneConfig, s *TuneState) { s.Mean[0] += 0.001 }, "centre"},
		{"generation number", func(_ *TuneConfig, s *TuneState) { s.History[0].Gen = 5 }, "listed as"},
	} {
		cfg := smallTune(t)
		cfg.Generations = 1
		s := roundTripTune(t, *st)
		c.edit(&cfg, s)
		cfg.Resume = s
		if _, err := Tune(cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error about %q", c.name, err, c.want)
		}
	}
}

func TestTuneValidate(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(*TuneConfig)
		want string
	}{
		{"no params", func(c *TuneConfig) { c.Params = nil }, "no weights"},
		{"unknown param", func(c *TuneConfig) { c.Params = []string{"holes", "smoothness"} }, "unknown weight"},
		{"twice", func(c *TuneConfig) { c.Params = []string{"holes", "holes"} }, "twice"},
		{"no widths", func(c *TuneConfig) { c.Widths = nil }, "no beam widths"},
		{"width", func(c *TuneConfig) { c.Widths = []int{0} }, "beam width"},
		{"too wide", func(c *TuneConfig) { c.Widths = []int{MaxTuneWidth + 1} }, "beam width"},
		{"quiescence", func(c *TuneConfig) { c.Quiescence = MaxQuiescence + 1 }, "quiescence"},
		{"line weight", func(c *TuneConfig) { c.LineWeight = math.NaN() }, "line weight"},
		{"elite", func(c *TuneConfig) { c.Elite = c.Population + 1 }, "elite"},
		{"population", func(c *TuneConfig) { c.Population = 1 }, "population"},
		{"spread", func(c *TuneConfig) { c.Spread = math.NaN() }, "spread"},
		{"no spread", func(c *TuneConfig) { c.Spread, c.MinSpread = 0, 0 }, "spread"},
		{"noise", func(c *TuneConfig) { c.Noise = -1 }, "noise"},
		{"network", func(c *TuneConfig) { c.Start.Net = &Net{} }, "network"},
	} {
		cfg := smallTune(t)
		c.edit(&cfg)
		if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error about %q", c.name, err, c.want)
		}
	}
	cfg := smallTune(t)
	if err := cfg.Validate(); err != nil {
		t.Errorf("the small settings: %v", err)
	}
}

// TestTunedSetIsTheTuning: each tuned set holds exactly the weights of
// its committed tuning's result, and the settings that made it score its
// lines at the tuning's first width.
func TestTunedSetIsTheTuning(t *testing.T) {
	for _, c := range []struct {
		set, file string
		width     int // the first of the tuning's --widths
	}{
		{"hate-tuned", "hatetris-tune.json", 256},
		{"hate-tuned-wide", "hatetris-tune-wide.json", 1024},
	} {
		t.Run(c.set, func(t *testing.T) {
			data, err := os.ReadFile("../../../docs/" + c.file)
			if err != nil {
				t.Fatal(err)
			}
			var res TuneResult
			if err := json.Unmarshal(data, &res); err != nil {
				t.Fatal(err)
			}
			set, err := EvalByName(c.set)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Params) != len(res.Vector) || len(res.Params) == 0 || len(res.Lines) == 0 {
				t.Fatalf("result %+v", res)
			}
			for i, p := range res.Params {
				if got := *tuneField(&set, p); got != res.Vector[i] {
					t.Errorf("%s: the set has %v, the tuning %v", p, got, res.Vector[i])
				}
			}
			b, err := NewBeam(BeamConfig{Width: c.width, Eval: set, LineWeight: 1000, Quiescence: 1})
			if err != nil {
				t.Fatal(err)
			}
			for b.Step() {
			}
			if lines, _ := b.Best(); lines != res.Lines[0] {
				t.Errorf("width %d: %d lines, the tuning recorded %d", c.width, lines, res.Lines[0])
			}
		})
	}
}

// Sharded steps, merged, make exactly the states the single process
// checkpoints, for any number of shards (more shards than candidates
// too), and the merge refuses what does not belong.
func TestTuneShardsMerge(t *testing.T) {
	cfg := smallTune(t)
	var want []*TuneState
	cfg.Checkpoint = func(st TuneState) error {
		want = append(want, roundTripTune(t, st))
		return nil
	}
	if _, err := Tune(cfg); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 2, 3, 7} {
		var st *TuneState
		for step := 0; step < len(want); step++ {
			var shards []TuneShard
			for i := n - 1; i >= 0; i-- { // any order
				c := smallTune(t)
				c.Resume, c.Workers = st, 1
				sh, err := c.PlayShard(i, n)
				if err != nil {
					t.Fatalf("%d shards, step %d, shard %d: %v", n, step, i, err)
				}
				shards = append(shards, sh)
			}
			c := smallTune(t)
			c.Resume = st
			got, err := c.MergeShards(shards)
			if err != nil {
				t.Fatalf("%d shards, step %d: %v", n, step, err)
			}
			st = roundTripTune(t, got)
			if !reflect.DeepEqual(st, want[step]) {
				t.Fatalf("%d shards, step %d: the merged state differs from the single process's", n, step)
			}
		}
		c := smallTune(t)
		c.Resume = st
		if _, err := c.PlayShard(0, n); err == nil || !strings.Contains(err.Error(), "finished") {
			t.Errorf("%d shards: a shard of a finished run: %v", n, err)
		}
	}

	// Refusals, at the first step, with 3 shards.
	c := smallTune(t)
	var good []TuneShard
	for i := range 3 {
		sh, err := c.PlayShard(i, 3)
		if err != nil {
			t.Fatal(err)
		}
		good = append(good, sh)
	}
	clone := func() []TuneShard {
		out := make([]TuneShard, len(good))
		for i, sh := range good {
			out[i] = sh
			out[i].Lines = append([][]int(nil), sh.Lines...)
		}
		return out
	}
	for _, tc := range []struct {
		name string
		edit func([]TuneShard) []TuneShard
		want string
	}{
		{"missing", func(s []TuneShard) []TuneShard { return s[:2] }, "missing shards 2 of 3"},
		{"twice", func(s []TuneShard) []TuneShard { return append(s, s[1]) }, "twice"},
		{"other settings", func(s []TuneShard) []TuneShard { s[0].Config = "x"; return s }, "other settings"},
		{"other step", func(s []TuneShard) []TuneShard { s[1].Step = 2; return s }, "step 2"},
		{"other count", func(s []TuneShard) []TuneShard { s[2].Count = 4; return s }, "among shards of 3"},
		{"huge count", func(s []TuneShard) []TuneShard { s[0].Count = 1 << 40; return s }, "want 1 to"},
		{"short", func(s []TuneShard) []TuneShard { s[0].Lines = s[0].Lines[1:]; return s }, "candidates"},
		{"widths", func(s []TuneShard) []TuneShard { s[0].Lines[0] = []int{1}; return s }, "widths"},
		{"negative", func(s []TuneShard) []TuneShard { s[0].Lines[0] = []int{-1, 2}; return s }, "negative"},
		{"none", func([]TuneShard) []TuneShard { return nil }, "no shards"},
	} {
		if _, err := c.MergeShards(tc.edit(clone())); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error about %q", tc.name, err, tc.want)
		}
	}
	for _, bad := range [][2]int{{3, 3}, {-1, 3}, {0, 0}, {0, MaxTuneShards + 1}} {
		if _, err := c.PlayShard(bad[0], bad[1]); err == nil {
			t.Errorf("shard %d/%d accepted", bad[0], bad[1])
		}
	}
}

// TestTuneRefusesFinished: a rerun of a finished run writes the state's
// result without playing, so a result the state does not give (weights
// not its vector's, not the best candidate, finished before its last
// generation) is refused.
func TestTuneRefusesFinished(t *testing.T) {
	cfg := smallTune(t)
	cfg.Generations = 1
	var done *TuneState
	cfg.Checkpoint = func(s TuneState) error {
		done = roundTripTune(t, s)
		return nil
	}
	if _, err := Tune(cfg); err != nil {
		t.Fatal(err)
	}
	if !done.Finished {
		t.Fatal("the last checkpoint is not finished")
	}
	// worse is a candidate of generation 1 that scored less than the
	// answer: a result that is consistent on its own, but not the best.
	worse := -1
	for k, f := range done.History[0].Fitness {
		if f < done.Result.Fitness {
			worse = k
			break
		}
	}
	if worse < 0 {
		t.Fatal("every candidate scored the answer's fitness: the test cannot tell them apart")
	}
	for _, c := range []struct {
		name string
		edit func(*TuneConfig, *TuneState)
		want string // "" for a state that must be accepted
	}{
		{"as written", func(*TuneConfig, *TuneState) {}, ""},
		{"changed weight", func(_ *TuneConfig, s *TuneState) { s.Result.Weights["holes"]++ }, "result weights"},
		{"extra weight", func(_ *TuneConfig, s *TuneState) { s.Result.Weights["enemy_peak"] = 1 }, "result weights"},
		{"not the best", func(c *TuneConfig, s *TuneState) {
			g := s.History[0]
			s.Result.Vector, s.Result.Lines, s.Result.Fitness, s.Result.Gen = g.Candidates[worse], g.Lines[worse], g.Fitness[worse], 1
			s.Result.Weights = c.resultWeights(g.Candidates[worse])
		}, "not the answer"},
		{"other params", func(_ *TuneConfig, s *TuneState) { s.Result.Params = []string{"a", "b", "c"} }, "not the answer"},
		{"finished before the end", func(c *TuneConfig, s *TuneState) {
			fresh, err := c.begin()
			if err != nil {
				t.Fatal(err)
			}
			res := s.Result
			*s = *roundTripTune(t, fresh)
			s.Finished, s.Result = true, res
		}, "finished after 0 of 1"},
	} {
		cfg := smallTune(t)
		cfg.Generations = 1
		s := roundTripTune(t, *done)
		c.edit(&cfg, s)
		cfg.Resume = s
		res, err := Tune(cfg)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want == "" && !reflect.DeepEqual(res, *done.Result):
			t.Errorf("%s: result %+v, want %+v", c.name, res, *done.Result)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: %v, want an error about %q", c.name, err, c.want)
		}
	}
}
