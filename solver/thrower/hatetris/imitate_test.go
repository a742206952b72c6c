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
	choices, err := ImitationChoices(moves, DefaultImitationFeatures)
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
	k := 1 + len(DefaultImitationFeatures)
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
	fit, err := FitImitation(DefaultImitationFeatures, choices, 1500, 0.5)
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
	// Score, on per-unit weights, agrees with the fit's own measure on
	// standardised ones.
	ll, top1, err := fit.Score(choices)
	if err != nil || math.Abs(ll-fit.LogLikelihood) > 1e-9 || math.Abs(top1-fit.Top1) > 1e-3 {
		t.Errorf("Score: %v, %v (%v); the fit measured %v, %v", ll, top1, err, fit.LogLikelihood, fit.Top1)
	}
	if _, _, err := fit.Score([]ImitationChoice{{Features: [][]float64{{1}, {2}}}}); err == nil {
		t.Error("Score took landings of the wrong length")
	}
	if _, _, err := fit.Score(nil); err == nil {
		t.Error("Score took no choices")
	}
	again, _ := FitImitation(DefaultImitationFeatures, choices, 1500, 0.5)
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
	k := 1 + len(DefaultImitationFeatures)
	good := ImitationChoice{Features: [][]float64{make([]float64, k), make([]float64, k)}, Chosen: 1}
	def := DefaultImitationFeatures
	for _, c := range []struct {
		name     string
		features []string
		choices  []ImitationChoice
		iters    int
		step     float64
	}{
		{"no choices", def, nil, 10, 0.5},
		{"no iterations", def, []ImitationChoice{good}, 0, 0.5},
		{"too many iterations", def, []ImitationChoice{good}, MaxImitationIterations + 1, 0.5},
		{"zero step", def, []ImitationChoice{good}, 10, 0},
		{"NaN step", def, []ImitationChoice{good}, 10, math.NaN()},
		{"chosen out of range", def, []ImitationChoice{{Features: good.Features, Chosen: 2}}, 10, 0.5},
		{"short features", def, []ImitationChoice{{Features: [][]float64{{1}, {2}}, Chosen: 0}}, 10, 0.5},
		{"fewer names than features", def[1:], []ImitationChoice{good}, 10, 0.5},
		{"no names", nil, []ImitationChoice{{Features: [][]float64{{1}, {2}}, Chosen: 0}}, 10, 0.5},
		{"an unknown name", append(def[1:len(def):len(def)], "lines"), []ImitationChoice{good}, 10, 0.5},
		{"a name twice", append(def[1:len(def):len(def)], "holes"), []ImitationChoice{good}, 10, 0.5},
		{"the enemy's peak", append(def[1:len(def):len(def)], "enemy_peak"), []ImitationChoice{good}, 10, 0.5},
	} {
		if _, err := FitImitation(c.features, c.choices, c.iters, c.step); err == nil {
			t.Errorf("%s: no error", c.name)
		}
	}
	if _, err := (ImitationFit{Features: append([]string{"lines"}, def...), Weights: make([]float64, k)}).Set("x", "", 1000); err == nil {
		t.Error("a fit with no weight on lines was made a set")
	}
	if _, err := (ImitationFit{Features: def, Weights: make([]float64, k)}).Set("x", "", 1000); err == nil {
		t.Error("a fit whose names do not match its weights was made a set")
	}
	if _, err := ImitationChoices(nil, []string{"bumpiness", "no such feature"}); err == nil {
		t.Error("ImitationChoices took an unknown feature")
	}
}

// TestImitatedSetIsTheFit: each imitated set is what its docs file
// records, and fitting the same games again gives it.
func TestImitatedSetIsTheFit(t *testing.T) {
	for _, c := range []struct{ set, file string }{
		{"imitated", "hatetris-imitate.json"},
		{"imitated-shape", "hatetris-imitate-shape.json"},
	} {
		t.Run(c.set, func(t *testing.T) { testImitatedSet(t, c.set, "../../../docs/"+c.file) })
	}
}

func testImitatedSet(t *testing.T, name, path string) {
	data, err := os.ReadFile(path)
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
		Features   []string
		Weights    []float64
		Set        map[string]float64
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Features) < 2 || file.Features[0] != "lines" || len(file.Weights) != len(file.Features) {
		t.Fatalf("features %v, %d weights", file.Features, len(file.Weights))
	}
	set, err := EvalByName(name)
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
	features := file.Features[1:]
	var all []ImitationChoice
	for _, r := range file.Replays {
		cs, err := ImitationChoices(byName[r.Name], features)
		if err != nil || len(cs) != r.Choices {
			t.Fatalf("%s: %d choices (%v), the file %d", r.Name, len(cs), err, r.Choices)
		}
		all = append(all, cs...)
	}
	fit, err := FitImitation(features, all, file.Iterations, file.Step)
	if err != nil {
		t.Fatal(err)
	}
	for j, w := range fit.Weights {
		if math.Abs(w-file.Weights[j]) > 1e-9*math.Abs(w) {
			t.Errorf("%s: fitted %v, the file %v", fit.Features[j], w, file.Weights[j])
		}
	}
	again, err := fit.Set(name, "", file.LineWeight)
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

// BenchmarkImitatedShapeValue adds withSurface's column heights and row
// fills to the imitated set's features.
func BenchmarkImitatedShapeValue(b *testing.B) { benchBoardScore(b, "imitated-shape") }

// surfaceByCells is withSurface written over the cells of the general
// well, column by column.
func surfaceByCells(w *Well) (f boardFeatures) {
	r := Standard
	var h [10]int
	for x := 0; x < r.Width; x++ {
		for y := 0; y < r.Depth; y++ {
			if w.Rows[y]&(1<<x) != 0 {
				h[x] = r.Depth - y
				break
			}
		}
	}
	lo, hi := 100, -1
	for x := 0; x < r.Width; x++ {
		lo, hi = min(lo, h[x]), max(hi, h[x])
		if x+1 < r.Width {
			d := int(math.Abs(float64(h[x] - h[x+1])))
			f.bumpiness += d
			f.maxStep = max(f.maxStep, d)
			if d == 0 {
				f.flatSteps++
			}
			if d == 2 {
				f.stepsOfTwo++
			}
			if d > 2 {
				f.cliffs++
			}
		}
		left, right := 1000, 1000
		if x > 0 {
			left = h[x-1]
		}
		if x+1 < r.Width {
			right = h[x+1]
		}
		if left >= h[x]+3 && right >= h[x]+3 {
			f.deepWells++
		}
	}
	f.heightRange = hi - lo
	for y := 0; y < r.Depth; y++ {
		empty := 0
		for x := 0; x < r.Width; x++ {
			if w.Rows[y]&(1<<x) == 0 {
				empty++
			}
		}
		if empty >= 1 && empty <= 3 {
			f.missing[empty-1]++
		}
	}
	return f
}

// TestSurface: withSurface counts what a count over cells counts, on
// hand-made wells and on the wells of random play.
func TestSurface(t *testing.T) {
	rowsOf := bitsOfRows
	for _, c := range []struct {
		name string
		b    Bits
		want boardFeatures
	}{
		{"empty", Bits{}, boardFeatures{flatSteps: 9}},
		// Columns 0..9 of heights 3,3,3,0,3,3,3,3,3,1: column 3 a deep
		// well, column 9 (against the wall) only 2 deep; rows of 8, 8
		// and 9 cells.
		{"two wells", rowsOf(0b0111110111, 0b0111110111, 0b1111110111), boardFeatures{
			bumpiness: 3 + 3 + 2, maxStep: 3, flatSteps: 6, stepsOfTwo: 1, cliffs: 2, deepWells: 1, heightRange: 3,
			missing: [3]int{1, 2, 0}}},
	} {
		f := c.b.features()
		c.b.withSurface(&f)
		w := c.b.Well()
		ref := surfaceByCells(&w)
		for _, g := range []boardFeatures{f, ref} {
			if g.bumpiness != c.want.bumpiness || g.maxStep != c.want.maxStep || g.flatSteps != c.want.flatSteps ||
				g.stepsOfTwo != c.want.stepsOfTwo || g.cliffs != c.want.cliffs || g.deepWells != c.want.deepWells ||
				g.heightRange != c.want.heightRange || g.missing != c.want.missing {
				t.Errorf("%s: got %+v, want %+v\n%s", c.name, g, c.want, w.String(Standard))
			}
		}
	}
	for n, sw := range randomWells(t, 40, 12) {
		b, _ := BitsOf(&sw.well)
		f := b.features()
		b.withSurface(&f)
		ref := surfaceByCells(&sw.well)
		if f.bumpiness != ref.bumpiness || f.maxStep != ref.maxStep || f.flatSteps != ref.flatSteps ||
			f.stepsOfTwo != ref.stepsOfTwo || f.cliffs != ref.cliffs || f.deepWells != ref.deepWells ||
			f.heightRange != ref.heightRange || f.missing != ref.missing {
			t.Fatalf("well %d: %+v, the cell count %+v\n%s", n, f, ref, sw.well.String(Standard))
		}
	}
}

// TestScoreOfIsTheTable: the weighted sum a search scores is the sum over
// tuneParams of weight times count, for every weight at once and for
// each weight alone (every count computed, whatever the set weighs): a
// feature added to one and not the other, or a costly count its set does
// not ask for (weighsEnclosed, weighsSurface), fails here.
func TestScoreOfIsTheTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	sets := []EvalWeights{{}}
	for _, p := range tuneParams {
		if p.Count != nil {
			*p.Field(&sets[0]) = rng.NormFloat64()
			var alone EvalWeights
			*p.Field(&alone) = 1 + rng.Float64()
			sets = append(sets, alone)
		}
	}
	live := 0
	for n, sw := range randomWells(t, 10, 13) {
		b, _ := BitsOf(&sw.well)
		f := b.features()
		b.withEnclosed(&f)
		b.withSurface(&f)
		for k, w := range sets {
			want := 0.0
			for _, p := range tuneParams {
				if p.Count != nil {
					want += *p.Field(&w) * float64(p.Count(&f))
				}
			}
			if want != 0 {
				live++
			}
			if got := w.boardScore(&b); math.Abs(got-want) > 1e-9*max(1, math.Abs(want)) {
				t.Fatalf("well %d, set %d (%v): boardScore %v, the table's sum %v", n, k, SetWeights(w), got, want)
			}
		}
	}
	if live < len(sets) {
		t.Fatalf("only %d of the sets scored a well other than 0: the wells test too little", live)
	}
}
