package hatetris

import (
	"errors"
	"fmt"
	"math"
)

// Imitation fits a weight set to the choices of recorded games: at every
// piece of a game, the placement the player chose against the others
// the piece had (a conditional logit: each landing's chance is
// proportional to exp(weights . features), and the fit maximises the
// chance of the chosen ones). The features are the weight set's board
// features of the well after the lock, and the lines the lock cleared,
// whose weight becomes the line weight. Fitted to the record holders'
// games, the set ranks wells the way their learned evaluations chose
// them, as far as these features can say it.

// imitationFeatures are the features a fit weighs: the lines the lock
// cleared first, then the named weights of tuneParams (enemy_peak aside:
// it needs the enemy's move search, not the well alone).
var imitationFeatures = []string{"lines", "row_transitions", "column_transitions", "holes", "wells", "highest_hole",
	"clearable_rows", "hole_depth", "rows_with_holes", "height", "enclosed", "enclosed_rows"}

func imitationVector(c *Child, out []float64) []float64 {
	f := c.Well.features()
	c.Well.withEnclosed(&f)
	return append(out, float64(c.Lines), float64(f.rowT), float64(f.colT), float64(f.holes), float64(f.wells),
		float64(f.highest), float64(f.clearable), float64(f.holeDepth), float64(f.holeRows), float64(f.height),
		float64(f.enclosed), float64(f.enclosedRows))
}

// ImitationChoice is one piece of a recorded game: the features of every
// landing that does not end the game, and which of them was played.
type ImitationChoice struct {
	Features [][]float64
	Chosen   int
}

// ImitationChoices plays a recorded game through the rules and returns
// its choices: one per piece locked with more than one landing, the last
// (game-ending) piece aside.
func ImitationChoices(moves []Move) ([]ImitationChoice, error) {
	g, err := NewGame(Standard, NewEnemy(false))
	if err != nil {
		return nil, err
	}
	var out []ImitationChoice
	var gen Gen
	before, piece, pieces := g.Well(), g.Current(), g.Pieces()
	for _, m := range moves {
		if !g.Apply(m) || g.Over() {
			break
		}
		if g.Pieces() == pieces {
			continue
		}
		pieces = g.Pieces()
		after := g.Well()
		b, okB := BitsOf(&before)
		a, okA := BitsOf(&after)
		if !okB || !okA {
			return nil, fmt.Errorf("hatetris: piece %d: a live well over the bar", pieces-1)
		}
		gen.Reset(&b)
		ch := ImitationChoice{Chosen: -1}
		for _, c := range gen.Children(piece, nil) {
			if c.Over {
				continue
			}
			if c.Well == a && ch.Chosen < 0 {
				ch.Chosen = len(ch.Features)
			}
			ch.Features = append(ch.Features, imitationVector(&c, nil))
		}
		if ch.Chosen < 0 {
			return nil, fmt.Errorf("hatetris: piece %d: the well played is none of the piece's landings", pieces-1)
		}
		if len(ch.Features) > 1 {
			out = append(out, ch)
		}
		before, piece = after, g.Current()
	}
	return out, nil
}

// ImitationFit is the result of FitImitation.
type ImitationFit struct {
	// Weights are per unit of each feature, in imitationFeatures' order
	// (ImitationFeatures), the lines' first.
	Weights []float64
	// LogLikelihood is the mean log chance of the chosen landings; Top1
	// the share of choices the weights rank first.
	LogLikelihood, Top1 float64
	// ChanceLogLikelihood and ChanceTop1 are the same for a player who
	// picks a landing at random: the baseline the fit is measured by.
	ChanceLogLikelihood, ChanceTop1 float64
	Choices                         int
}

// ImitationFeatures names the fit's weights, in order.
func ImitationFeatures() []string { return append([]string(nil), imitationFeatures...) }

// MaxImitationIterations bounds FitImitation's steps.
const MaxImitationIterations = 100000

// FitImitation fits the weights by gradient ascent on the mean log
// likelihood, on standardised features (each scaled by its spread over
// all landings), from zero, for the given number of steps. It is
// deterministic.
func FitImitation(choices []ImitationChoice, iterations int, step float64) (ImitationFit, error) {
	k := len(imitationFeatures)
	switch {
	case len(choices) == 0:
		return ImitationFit{}, errors.New("hatetris: no choices to fit")
	case iterations < 1 || iterations > MaxImitationIterations:
		return ImitationFit{}, fmt.Errorf("hatetris: %d iterations out of range 1..%d", iterations, MaxImitationIterations)
	case !(step > 0) || math.IsInf(step, 0):
		return ImitationFit{}, fmt.Errorf("hatetris: step %g: want a finite number above 0", step)
	}
	mean, sd := make([]float64, k), make([]float64, k)
	n := 0.0
	for _, c := range choices {
		for _, f := range c.Features {
			if len(f) != k {
				return ImitationFit{}, fmt.Errorf("hatetris: a landing of %d features, not %d", len(f), k)
			}
			for j, x := range f {
				mean[j] += x
			}
			n++
		}
		if c.Chosen < 0 || c.Chosen >= len(c.Features) {
			return ImitationFit{}, fmt.Errorf("hatetris: chosen landing %d of %d", c.Chosen, len(c.Features))
		}
	}
	for j := range mean {
		mean[j] /= n
	}
	for _, c := range choices {
		for _, f := range c.Features {
			for j, x := range f {
				sd[j] += (x - mean[j]) * (x - mean[j])
			}
		}
	}
	for j := range sd {
		// A feature that never varies gets weight 0 (its gradient is 0).
		sd[j] = max(math.Sqrt(sd[j]/n), 1e-9)
	}
	w := make([]float64, k)
	grad := make([]float64, k)
	var scores []float64
	var fit ImitationFit
	for it := 0; it <= iterations; it++ {
		clear(grad)
		ll, hits := 0.0, 0
		for _, c := range choices {
			scores = scores[:0]
			best := 0
			for i, f := range c.Features {
				s := 0.0
				for j, x := range f {
					s += w[j] * (x - mean[j]) / sd[j]
				}
				scores = append(scores, s)
				if s > scores[best] {
					best = i
				}
			}
			top := scores[best]
			z := 0.0
			for _, s := range scores {
				z += math.Exp(s - top)
			}
			ll += scores[c.Chosen] - top - math.Log(z)
			if scores[c.Chosen] == top {
				hits++
			}
			for i, f := range c.Features {
				p := math.Exp(scores[i]-top) / z
				if i == c.Chosen {
					p--
				}
				for j, x := range f {
					grad[j] -= p * (x - mean[j]) / sd[j]
				}
			}
		}
		fit.LogLikelihood, fit.Top1 = ll/float64(len(choices)), float64(hits)/float64(len(choices))
		if it == iterations {
			break // the likelihood of the final weights, measured
		}
		for j := range w {
			w[j] += step * grad[j] / float64(len(choices))
		}
	}
	fit.Weights = make([]float64, k)
	for j := range w {
		fit.Weights[j] = w[j] / sd[j]
	}
	for _, c := range choices {
		fit.ChanceLogLikelihood -= math.Log(float64(len(c.Features)))
		fit.ChanceTop1 += 1 / float64(len(c.Features))
	}
	fit.ChanceLogLikelihood /= float64(len(choices))
	fit.ChanceTop1 /= float64(len(choices))
	fit.Choices = len(choices)
	return fit, nil
}

// Set is the fit as a weight set, scaled so that a line is worth
// lineWeight (the beam's --line-weight): a set for the record's searches.
// It fails when the fit does not value a line above nothing.
func (f ImitationFit) Set(name, note string, lineWeight float64) (EvalWeights, error) {
	if len(f.Weights) != len(imitationFeatures) || !(f.Weights[0] > 0) {
		return EvalWeights{}, errors.New("hatetris: the fit does not value a cleared line: no weight set to scale")
	}
	w := EvalWeights{Name: name, Note: note}
	scale := lineWeight / f.Weights[0]
	for j, name := range imitationFeatures[1:] {
		*tuneField(&w, name) = f.Weights[j+1] * scale
	}
	return w, nil
}

// SetWeights lists a set's weights by the names tuning and imitation use
// (those that are not zero).
func SetWeights(w EvalWeights) map[string]float64 {
	m := map[string]float64{}
	for _, p := range tuneParams {
		if v := *p.Field(&w); v != 0 {
			m[p.Name] = v
		}
	}
	return m
}
