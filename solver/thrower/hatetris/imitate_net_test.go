package hatetris

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestNetChoicesOf: a game's choices for the network are its imitation
// choices (the same pieces, the same chosen landing), each landing's base
// the search's value without the network, in units of the network, and
// each chosen well one the game went through.
func TestNetChoicesOf(t *testing.T) {
	moves := knewjade4(t)
	ev, _ := EvalSet("imitated")
	const lineWeight, netWeight = 1000, 718.9
	choices, err := NetChoicesOf(moves, ev, lineWeight, netWeight, MaxNetChoiceWells, false)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, c := range choices {
		total += len(c.Wells)
	}
	if _, err := NetChoicesOf(moves, ev, lineWeight, netWeight, total-1, false); err == nil {
		t.Errorf("a game of %d landings passed a limit of %d", total, total-1)
	}
	if cs, err := NetChoicesOf(moves, ev, lineWeight, netWeight, total, false); err != nil || len(cs) != len(choices) {
		t.Errorf("a game of %d landings at a limit of as many: %d choices, %v", total, len(cs), err)
	}
	linear, _ := ImitationChoices(moves, DefaultImitationFeatures)
	if len(choices) != len(linear) || len(choices) < 100 {
		t.Fatalf("%d choices for the network, %d for the linear fit", len(choices), len(linear))
	}
	g, _ := NewGame(Standard, NewEnemy(false))
	wells := map[Bits]bool{}
	pieces := g.Pieces()
	for _, m := range moves {
		if g.Apply(m); !g.Over() && g.Pieces() != pieces {
			pieces = g.Pieces()
			w := g.Well()
			b, _ := BitsOf(&w)
			wells[b] = true
		}
	}
	e := Evaluator{W: ev, LineWeight: lineWeight}
	for i, c := range choices {
		if len(c.Wells) != len(linear[i].Features) || c.Chosen != linear[i].Chosen || !wells[c.Wells[c.Chosen]] {
			t.Fatalf("choice %d: %d wells, chosen %d; the linear fit's: %d, %d; a well of the game: %v",
				i, len(c.Wells), c.Chosen, len(linear[i].Features), linear[i].Chosen, wells[c.Wells[c.Chosen]])
		}
		for k := range c.Wells {
			want := (lineWeight*linear[i].Features[k][0] + e.Value(&c.Wells[k])) / netWeight
			if math.Abs(c.Base[k]-want) > 1e-9*max(1, math.Abs(want)) {
				t.Fatalf("choice %d, landing %d: base %g, the search's value over the net weight %g", i, k, c.Base[k], want)
			}
		}
	}
	for _, bad := range []struct {
		w          EvalWeights
		line, unit float64
	}{
		{EvalWeights{EnemyPeak: 1}, 1000, 1}, {EvalWeights{Net: NewNet(1)}, 1000, 1},
		{ev, 1000, 0}, {ev, 1000, math.Inf(1)}, {ev, math.NaN(), 1},
	} {
		if _, err := NetChoicesOf(moves, bad.w, bad.line, bad.unit, MaxNetChoiceWells, false); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// randomChoices are choices among random wells where the player always
// takes the lowest one (the fewest rows), which a base of zero does not
// know: what the network must learn.
func randomChoices(rng *rand.Rand, n int) []NetChoice {
	out := make([]NetChoice, n)
	for i := range out {
		k := 2 + rng.IntN(6)
		c := NetChoice{Wells: make([]Bits, k), Base: make([]float64, k)}
		low := 99
		for j := range c.Wells {
			h := 1 + rng.IntN(12)
			for r := 0; r < h; r++ {
				c.Wells[j][15-r] = uint16(rng.IntN(1023))
			}
			if h < low {
				low, c.Chosen = h, j
			}
		}
		out[i] = c
	}
	return out
}

// TestTrainChoicesLearns: on choices that follow a rule the base does not
// know, training raises the held-out log chance of the chosen landings
// from chance to well above it; it is deterministic from its seed and
// refuses what it cannot train on.
func TestTrainChoicesLearns(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	train, held := randomChoices(rng, 2000), randomChoices(rng, 300)
	n := NewNet(1)
	losses, err := TrainChoices(n, train, held, TrainConfig{Epochs: 6, Batch: 32, LR: 3e-3, Seed: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	chance := 0.0
	for _, c := range held {
		chance -= math.Log(float64(len(c.Wells))) / float64(len(held))
	}
	first, last := losses[0], losses[len(losses)-1]
	if math.Abs(first.HeldLL-chance) > 1e-6 {
		t.Errorf("before training the held-out log chance is %.4f, want chance's %.4f (a fresh network values all wells alike)", first.HeldLL, chance)
	}
	if !(last.HeldLL > chance/2) || !(last.HeldTop1 > 0.6) {
		t.Errorf("after training: held out %.4f (chance %.4f), ranked first %.2f", last.HeldLL, chance, last.HeldTop1)
	}
	// The quantized network the search uses keeps what was learned (it
	// ties wells the float one tells apart by less than its step).
	hits := 0
	for _, c := range held {
		var v []float64
		for k := range c.Wells {
			v = append(v, n.Value(&c.Wells[k]))
		}
		if slices.Index(v, slices.Max(v)) == c.Chosen {
			hits++
		}
	}
	if got := float64(hits) / float64(len(held)); !(got > 0.6) || math.Abs(got-last.HeldTop1) > 0.08 {
		t.Errorf("the quantized network ranks %.2f first, the float one %.2f", got, last.HeldTop1)
	}
	a, b := NewNet(1), NewNet(1)
	la, _ := TrainChoices(a, train[:300], held, TrainConfig{Epochs: 2, Batch: 32, LR: 3e-3, Seed: 1}, nil)
	lb, _ := TrainChoices(b, train[:300], held, TrainConfig{Epochs: 2, Batch: 32, LR: 3e-3, Seed: 1}, nil)
	if !slices.Equal(la, lb) || !slices.Equal(a.W1, b.W1) {
		t.Error("two trainings from the same seed differ")
	}
	bad := slices.Clone(train[:10])
	bad[3].Chosen = len(bad[3].Wells)
	for name, c := range map[string]struct {
		train []NetChoice
		cfg   TrainConfig
	}{
		"no choices":  {nil, TrainConfig{Epochs: 1, Batch: 1, LR: 1e-3}},
		"bad chosen":  {bad, TrainConfig{Epochs: 1, Batch: 1, LR: 1e-3}},
		"NaN rate":    {train, TrainConfig{Epochs: 1, Batch: 1, LR: math.NaN()}},
		"zero epochs": {train, TrainConfig{Epochs: 0, Batch: 1, LR: 1e-3}},
	} {
		if _, err := TrainChoices(NewNet(1), c.train, nil, c.cfg, nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestChoiceGradient: the gradient TrainChoices follows is the choice
// loss's (minus the log chance of the chosen landing), by finite
// differences, for first-layer and dense weights.
func TestChoiceGradient(t *testing.T) {
	n := NewNet(3)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range n.W1 {
		n.W1[i] = float32(rng.NormFloat64() * 0.01) // not at the start's zero, so that every unit moves
	}
	c := randomChoices(rng, 1)[0]
	for k := range c.Base {
		c.Base[k] = rng.NormFloat64()
	}
	fs := choiceFeatures(n.layout(), []NetChoice{c})
	loss := func() float64 {
		ll, _ := n.choiceLoss([]NetChoice{c}, fs)
		return -ll
	}
	st := newStepper(n, TrainConfig{})
	st.addChoice(&c, &fs[0], 1, &choiceBuffers{})
	checkGradient(t, n, loss, fs[0].of(c.Chosen)[:4], 5, st.gW1, st.gDense, 2e-3)
}

// BenchmarkTrainChoices is one epoch of TrainChoices over 1,000 choices
// of 2 to 7 random wells (about 4.5 each): the cost of training grows
// with the wells, one forward and one backward pass each.
func BenchmarkTrainChoices(b *testing.B) {
	choices := randomChoices(rand.New(rand.NewPCG(1, 1)), 1000)
	n := NewNet(1)
	for b.Loop() {
		if _, err := TrainChoices(n, choices, nil, TrainConfig{Epochs: 1, Batch: 64, LR: 1e-3, Seed: 1}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestNetChoicesMirrored: with mirror, every choice is followed by its
// mirror image: the same landing chosen, each well the mirrored one, its
// base the set's value of the mirrored well with the landing's lines.
func TestNetChoicesMirrored(t *testing.T) {
	moves := knewjade4(t)
	ev, _ := EvalSet("imitated")
	const lineWeight, netWeight = 1000, 718.9
	plain, err := NetChoicesOf(moves, ev, lineWeight, netWeight, MaxNetChoiceWells, false)
	if err != nil {
		t.Fatal(err)
	}
	both, err := NetChoicesOf(moves, ev, lineWeight, netWeight, MaxNetChoiceWells, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(both) != 2*len(plain) {
		t.Fatalf("%d choices with mirror images, %d without", len(both), len(plain))
	}
	total := 0
	for _, c := range both {
		total += len(c.Wells)
	}
	if _, err := NetChoicesOf(moves, ev, lineWeight, netWeight, total-1, true); err == nil {
		t.Errorf("%d landings with mirror images passed a limit of %d", total, total-1)
	}
	linear, _ := ImitationChoices(moves, DefaultImitationFeatures)
	e := Evaluator{W: ev, LineWeight: lineWeight}
	asymmetric := 0
	for i, p := range plain {
		if !slices.Equal(both[2*i].Wells, p.Wells) || !slices.Equal(both[2*i].Base, p.Base) || both[2*i].Chosen != p.Chosen {
			t.Fatalf("choice %d differs from the one without mirror images", i)
		}
		m := both[2*i+1]
		if m.Chosen != p.Chosen || len(m.Wells) != len(p.Wells) {
			t.Fatalf("mirror image of choice %d: chosen %d of %d, want %d of %d", i, m.Chosen, len(m.Wells), p.Chosen, len(p.Wells))
		}
		for k := range m.Wells {
			if m.Wells[k] != p.Wells[k].Mirrored() {
				t.Fatalf("mirror image of choice %d, landing %d: not the mirrored well", i, k)
			}
			if m.Wells[k] != p.Wells[k] {
				asymmetric++
			}
			want := (lineWeight*linear[i].Features[k][0] + e.Value(&m.Wells[k])) / netWeight
			if math.Abs(m.Base[k]-want) > 1e-9*max(1, math.Abs(want)) {
				t.Fatalf("mirror image of choice %d, landing %d: base %g, want %g", i, k, m.Base[k], want)
			}
		}
	}
	if asymmetric == 0 {
		t.Fatal("every well of the game is its own mirror image")
	}
}

// knewjade4 is the key presses of knewjade's 66-line game (2021), the
// recorded game the imitation tests play.
func knewjade4(t *testing.T) []Move {
	t.Helper()
	for _, kr := range loadReplays(t) {
		if kr.name == "knewjade (4)" && kr.encoding == "base2048" {
			moves, err := DecodeReplay(kr.replay)
			if err != nil {
				t.Fatal(err)
			}
			return moves
		}
	}
	t.Fatal("testdata/replays.txt has no knewjade (4) in base2048")
	return nil
}
