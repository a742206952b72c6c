package hatetris

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"testing"
)

// TestImitationChoices: every choice of a recorded game has the landing
// played among its landings, and its features are those of the well the
// general rules reach after that piece.
func TestImitationChoices(t *testing.T) {
	var moves []Move
	lines := 0
	for _, kr := range loadReplays(t) {
		if kr.name == "knewjade (4)" && kr.encoding == "base2048" {
			moves, _ = DecodeReplay(kr.replay)
			lines = kr.lines
		}
	}
	if moves == nil {
		t.Fatal("no knewjade (4) replay in testdata")
	}
	choices, err := ImitationChoices(moves)
	if err != nil {
		t.Fatal(err)
	}
	// The wells after each piece, from the general rules.
	g, _ := NewGame(Standard, NewEnemy(false))
	var after []WellStats
	var cleared []int
	pieces, score := g.Pieces(), 0
	for _, m := range moves {
		g.Apply(m)
		if g.Over() {
			break
		}
		if g.Pieces() != pieces {
			pieces = g.Pieces()
			w := g.Well()
			st, _ := StatsOf(&w)
			after = append(after, st)
			cleared = append(cleared, g.Score()-score)
			score = g.Score()
		}
	}
	if len(choices) < len(after)*9/10 || len(choices) > len(after) || score > lines {
		t.Fatalf("%d choices of %d pieces", len(choices), len(after))
	}
	// Choices skip the pieces with one landing only: match them in order.
	j := 0
	for i, c := range choices {
		f := c.Features[c.Chosen]
		for ; j < len(after); j++ {
			st := after[j]
			if f[0] == float64(cleared[j]) && f[1] == float64(st.RowTransitions) && f[3] == float64(st.Holes) &&
				f[10] == float64(st.Enclosed) && f[9] == float64(st.Height) {
				break
			}
		}
		if j == len(after) {
			t.Fatalf("choice %d: the chosen landing's features %v are no well the game went through", i, f)
		}
		j++
	}
}

// TestFitImitationRecovers: choices drawn from a conditional logit with
// known weights are fitted back to weights pointing the same way.
func TestFitImitationRecovers(t *testing.T) {
	k := len(imitationFeatures)
	rng := rand.New(rand.NewPCG(5, 6))
	truth := make([]float64, k)
	for j := range truth {
		truth[j] = rng.NormFloat64()
	}
	var choices []ImitationChoice
	for range 3000 {
		n := 2 + rng.IntN(20)
		c := ImitationChoice{}
		scores := make([]float64, n)
		z := 0.0
		for i := range n {
			f := make([]float64, k)
			for j := range f {
				f[j] = float64(rng.IntN(9)) // small counts, as the real features
				scores[i] += truth[j] * f[j]
			}
			c.Features = append(c.Features, f)
			scores[i] = math.Exp(scores[i] / 3)
			z += scores[i]
		}
		u := rng.Float64() * z
		for c.Chosen = 0; c.Chosen < n-1 && u > scores[c.Chosen]; c.Chosen++ {
			u -= scores[c.Chosen]
		}
		choices = append(choices, c)
	}
	fit, err := FitImitation(choices, 1500, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	dot, a, b := 0.0, 0.0, 0.0
	for j := range truth {
		dot += truth[j] * fit.Weights[j]
		a += truth[j] * truth[j]
		b += fit.Weights[j] * fit.Weights[j]
	}
	if cos := dot / math.Sqrt(a*b); cos < 0.97 {
		t.Errorf("the fitted weights point %.3f of the way to the true ones (cosine)\nfit  %v\ntrue %v", cos, fit.Weights, truth)
	}
	again, _ := FitImitation(choices, 1500, 0.5)
	for j := range fit.Weights {
		if again.Weights[j] != fit.Weights[j] {
			t.Fatal("two fits of the same choices differ")
		}
	}
	// The likelihood of the fit beats that of all-zero weights (the
	// chosen landing one of n at random).
	zero := 0.0
	for _, c := range choices {
		zero -= math.Log(float64(len(c.Features)))
	}
	if fit.LogLikelihood <= zero/float64(len(choices)) {
		t.Errorf("log likelihood %g, no better than zero weights' %g", fit.LogLikelihood, zero/float64(len(choices)))
	}
}

// TestFitImitationRefuses: no choices, bad steps and malformed choices
// are errors, and a fit that does not value a line gives no set.
func TestFitImitationRefuses(t *testing.T) {
	k := len(imitationFeatures)
	good := ImitationChoice{Features: [][]float64{make([]float64, k), make([]float64, k)}, Chosen: 1}
	for _, c := range []struct {
		name    string
		choices []ImitationChoice
		iters   int
		step    float64
	}{
		{"no choices", nil, 10, 0.5},
		{"no iterations", []ImitationChoice{good}, 0, 0.5},
		{"too many iterations", []ImitationChoice{good}, MaxImitationIterations + 1, 0.5},
		{"zero step", []ImitationChoice{good}, 10, 0},
		{"NaN step", []ImitationChoice{good}, 10, math.NaN()},
		{"chosen out of range", []ImitationChoice{{Features: good.Features, Chosen: 2}}, 10, 0.5},
		{"short features", []ImitationChoice{{Features: [][]float64{{1}, {2}}, Chosen: 0}}, 10, 0.5},
	} {
		if _, err := FitImitation(c.choices, c.iters, c.step); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if _, err := (ImitationFit{Weights: make([]float64, k)}).Set("x", "", 1000); err == nil {
		t.Error("a fit with no weight on lines was made a set")
	}
}

// TestImitatedSetIsTheFit: the "imitated" set is what docs/hatetris-
// imitate.json records, and fitting the same games again gives it.
func TestImitatedSetIsTheFit(t *testing.T) {
	data, err := os.ReadFile("../../../docs/hatetris-imitate.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Replays []struct {
			Name    string
			Choices int
		}
		Iterations int
		Step       float64
		LineWeight float64 `json:"line_weight"`
		Weights    []float64
		Set        map[string]float64
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	set, err := EvalByName("imitated")
	if err != nil {
		t.Fatal(err)
	}
	if got := SetWeights(set); len(got) != len(file.Set) {
		t.Errorf("the set has %v, the file %v", got, file.Set)
	}
	for name, v := range file.Set {
		if got := *tuneField(&set, name); got != v {
			t.Errorf("%s: the set has %v, the file %v", name, got, v)
		}
	}
	byName := map[string][]Move{}
	for _, kr := range loadReplays(t) {
		if _, ok := byName[kr.name]; !ok && kr.encoding == "base2048" {
			byName[kr.name], _ = DecodeReplay(kr.replay)
		}
	}
	var all []ImitationChoice
	for _, r := range file.Replays {
		cs, err := ImitationChoices(byName[r.Name])
		if err != nil || len(cs) != r.Choices {
			t.Fatalf("%s: %d choices (%v), the file %d", r.Name, len(cs), err, r.Choices)
		}
		all = append(all, cs...)
	}
	fit, err := FitImitation(all, file.Iterations, file.Step)
	if err != nil {
		t.Fatal(err)
	}
	for j, w := range fit.Weights {
		if math.Abs(w-file.Weights[j]) > 1e-9*math.Abs(w) {
			t.Errorf("%s: fitted %v, the file %v", imitationFeatures[j], w, file.Weights[j])
		}
	}
	again, err := fit.Set("imitated", "", file.LineWeight)
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range SetWeights(again) {
		if math.Abs(v-file.Set[name]) > 1e-9*math.Abs(v) {
			t.Errorf("%s: the fit scales to %v, the file %v", name, v, file.Set[name])
		}
	}
}

// BenchmarkImitatedValue is the imitated set's weighted sum of a well:
// eltetris's features and the enclosed cells' flood fill.
func BenchmarkImitatedValue(b *testing.B) { benchBoardScore(b, "imitated") }
