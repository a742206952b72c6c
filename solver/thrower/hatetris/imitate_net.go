package hatetris

import (
	"errors"
	"fmt"
	"math"
)

// NetChoice is a recorded choice for training a network to imitate it
// (TrainChoices): the wells after the piece's landings (those that do
// not end the game), what the base weight set makes of each, in units of
// the network's output, and the landing the player chose.
type NetChoice struct {
	Wells  []Bits
	Base   []float64
	Chosen int
}

// NetChoicesOf plays a recorded game and returns its choices
// (walkChoices'), each landing's base the search's value of it without
// the network: (lineWeight x the lines it cleared + the set's weighted
// sum) / netWeight. A network trained on them adds to the set what the
// set misses, and goes into the search as the set plus netWeight x the
// network (--eval SET --weights FILE --net-weight netWeight). A game
// whose choices hold more than maxWells landings in all is refused when
// it passes them, so that memory stays bounded whatever the game.
//
// With mirror, each choice is followed by its mirror image: every well
// seen in a mirror (column x to 9 - x), the same landing chosen, each
// base the set's value of the mirrored well with the same lines. The
// mirrored wells need not be the landings of the mirrored piece (the
// rotation system's boxes are not symmetric); they teach the network that
// a well and its mirror image rank alike, which on the held-out record
// game imitates better than the choices alone (docs/hatetris.md).
func NetChoicesOf(moves []Move, base EvalWeights, lineWeight, netWeight float64, maxWells int, mirror bool) ([]NetChoice, error) {
	switch {
	case base.Net != nil || base.EnemyPeak != 0:
		return nil, fmt.Errorf("hatetris: base set %q weighs a network or the enemy's next piece; a network trained on choices adds to a set of board features only", base.Name)
	case !(netWeight > 0) || math.IsInf(netWeight, 0) || math.IsNaN(lineWeight) || math.IsInf(lineWeight, 0):
		return nil, fmt.Errorf("hatetris: line weight %g and net weight %g: want finite numbers, the net weight above 0", lineWeight, netWeight)
	}
	var out []NetChoice
	wells := 0
	images := 1
	if mirror {
		images = 2
	}
	err := walkChoices(moves, func(landings []Child, chosen int) error {
		if wells += images * len(landings); wells > maxWells {
			return fmt.Errorf("hatetris: more than %d landings to train on", maxWells)
		}
		for image := 0; image < images; image++ {
			c := NetChoice{Chosen: chosen, Wells: make([]Bits, len(landings)), Base: make([]float64, len(landings))}
			for i := range landings {
				c.Wells[i] = landings[i].Well
				if image == 1 {
					c.Wells[i] = c.Wells[i].Mirrored()
				}
				c.Base[i] = (lineWeight*float64(landings[i].Lines) + base.boardScore(&c.Wells[i])) / netWeight
			}
			out = append(out, c)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// MaxNetChoiceWells bounds the landings kocka hatetris imitate-net trains
// on: at most about 560 bytes each with their network inputs (the record
// games have about 270,000).
const MaxNetChoiceWells = 1 << 20

// ChoiceLoss is how well the base set plus the network imitates the
// choices after an epoch (epoch 0: before training): the mean log chance
// of the chosen landings (a landing's chance is proportional to exp(base
// + the float network's value), the conditional logit of
// FitImitation) and the share the pair ranks first, on the training and
// the held-out choices.
type ChoiceLoss struct {
	Epoch               int
	TrainLL, HeldLL     float64
	TrainTop1, HeldTop1 float64
}

// choiceFeatures are the active inputs of every landing of the choices,
// one featureSet per choice.
func choiceFeatures(l *NetLayout, choices []NetChoice) []featureSet {
	out := make([]featureSet, len(choices))
	for i, c := range choices {
		fs := featureSet{start: make([]int, 0, len(c.Wells)+1)}
		for k := range c.Wells {
			fs.start = append(fs.start, len(fs.idx))
			fs.idx = l.Features(&c.Wells[k], fs.idx)
		}
		fs.start = append(fs.start, len(fs.idx))
		out[i] = fs
	}
	return out
}

// choiceScores are base + the float network's value for every landing of
// a choice; a1s and a2s keep each landing's layers for backprop.
func (n *Net) choiceScores(c *NetChoice, fs *featureSet, scores []float64, a1s [][NetHidden1]float32, a2s [][NetHidden2]float32) []float64 {
	scores = scores[:0]
	for k := range c.Wells {
		scores = append(scores, c.Base[k]+float64(n.forward(fs.of(k), &a1s[k], &a2s[k])))
	}
	return scores
}

// choiceBuffers are addChoice's scratch space, kept between calls.
type choiceBuffers struct {
	scores []float64
	a1s    [][NetHidden1]float32
	a2s    [][NetHidden2]float32
}

// addChoice adds scale x the gradient of the choice's loss, minus the log
// chance of the chosen landing, to the batch's gradient. The loss's
// derivative by landing k's score is k's chance, less 1 for the chosen
// one.
func (st *stepper) addChoice(c *NetChoice, fs *featureSet, scale float64, buf *choiceBuffers) {
	buf.a1s, buf.a2s = growLayers(buf.a1s, buf.a2s, len(c.Wells))
	buf.scores = st.n.choiceScores(c, fs, buf.scores, buf.a1s, buf.a2s)
	_, _, top, z := logitChoice(buf.scores, c.Chosen)
	for k := range c.Wells {
		p := math.Exp(buf.scores[k]-top) / z
		if k == c.Chosen {
			p--
		}
		st.backprop(fs.of(k), &buf.a1s[k], &buf.a2s[k], p*scale)
	}
}

// choiceLoss is the mean log chance of the chosen landings and the share
// ranked first.
func (n *Net) choiceLoss(choices []NetChoice, fss []featureSet) (ll, top1 float64) {
	if len(choices) == 0 {
		return 0, 0
	}
	var scores []float64
	var a1s [][NetHidden1]float32
	var a2s [][NetHidden2]float32
	hits := 0
	for i := range choices {
		c := &choices[i]
		a1s, a2s = growLayers(a1s, a2s, len(c.Wells))
		scores = n.choiceScores(c, &fss[i], scores, a1s, a2s)
		l, first, _, _ := logitChoice(scores, c.Chosen)
		ll += l
		if first {
			hits++
		}
	}
	return ll / float64(len(choices)), float64(hits) / float64(len(choices))
}

func growLayers(a1s [][NetHidden1]float32, a2s [][NetHidden2]float32, k int) ([][NetHidden1]float32, [][NetHidden2]float32) {
	if len(a1s) < k {
		a1s, a2s = make([][NetHidden1]float32, k), make([][NetHidden2]float32, k)
	}
	return a1s, a2s
}

// TrainChoices trains the float network, by Adam on minibatches of
// choices (cfg.Batch of them a step), to raise the mean log chance of the
// chosen landings under base + network: the network learns what the base
// set misses of the players' choices. It quantizes the network at the
// end. A network fresh from NewNet values every well alike (its first
// layer is zero), so training starts from the base set's own choices.
// Deterministic from cfg.Seed. It returns the figures by epoch, epoch 0
// first; cfg.Progress is not called (it reports squared errors).
func TrainChoices(n *Net, train, held []NetChoice, cfg TrainConfig, progress func(ChoiceLoss)) ([]ChoiceLoss, error) {
	if len(train) == 0 {
		return nil, errors.New("hatetris: no choices to train on")
	}
	cfg, err := cfg.checked()
	if err != nil {
		return nil, err
	}
	for _, set := range [][]NetChoice{train, held} {
		for _, c := range set {
			if len(c.Base) != len(c.Wells) || c.Chosen < 0 || c.Chosen >= len(c.Wells) {
				return nil, fmt.Errorf("hatetris: a choice of %d wells, %d bases, chosen %d", len(c.Wells), len(c.Base), c.Chosen)
			}
		}
	}
	ftr, fheld := choiceFeatures(n.layout(), train), choiceFeatures(n.layout(), held)
	measure := func(epoch int) ChoiceLoss {
		l := ChoiceLoss{Epoch: epoch}
		l.TrainLL, l.TrainTop1 = n.choiceLoss(train, ftr)
		l.HeldLL, l.HeldTop1 = n.choiceLoss(held, fheld)
		if progress != nil {
			progress(l)
		}
		return l
	}
	losses := []ChoiceLoss{measure(0)}
	st := newStepper(n, cfg)
	var buf choiceBuffers
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		st.epoch(len(train), func(i int, scale float64) { st.addChoice(&train[i], &ftr[i], scale, &buf) })
		l := measure(epoch)
		if math.IsNaN(l.TrainLL) || math.IsInf(l.TrainLL, 0) {
			return losses, fmt.Errorf("hatetris: training diverged at epoch %d; lower the learning rate", epoch)
		}
		losses = append(losses, l)
	}
	n.Quantize()
	return losses, nil
}
