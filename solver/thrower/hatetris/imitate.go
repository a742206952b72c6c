package hatetris

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
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

// DefaultImitationFeatures are the weights a fit sets unless told
// (the "imitated" set's): besides the lines the lock cleared, which come
// first in every fit and whose weight becomes the line weight.
var DefaultImitationFeatures = []string{"row_transitions", "column_transitions", "holes", "wells", "highest_hole",
	"clearable_rows", "hole_depth", "rows_with_holes", "height", "enclosed", "enclosed_rows"}

// ImitationFeatureNames lists the weights a fit can set: every weight of
// tuneParams that counts something in the well alone.
func ImitationFeatureNames() []string {
	var names []string
	for _, p := range tuneParams {
		if p.Count != nil {
			names = append(names, p.Name)
		}
	}
	return names
}

// imitationCounts looks up the counts of the named weights; an unknown
// name, a repeated one or none is an error.
func imitationCounts(features []string) ([]func(*boardFeatures) int, error) {
	if len(features) == 0 {
		return nil, errors.New("hatetris: no features to fit")
	}
	var counts []func(*boardFeatures) int
	seen := map[string]bool{}
	for _, name := range features {
		if seen[name] {
			return nil, fmt.Errorf("hatetris: feature %q named twice", name)
		}
		seen[name] = true
		var count func(*boardFeatures) int
		for _, p := range tuneParams {
			if p.Name == name {
				count = p.Count
			}
		}
		if count == nil {
			return nil, fmt.Errorf("hatetris: unknown feature %q (want some of %s)", name, strings.Join(ImitationFeatureNames(), ", "))
		}
		counts = append(counts, count)
	}
	return counts, nil
}

// CheckImitationFeatures reports whether a fit can weigh the named
// features: some of ImitationFeatureNames, each once.
func CheckImitationFeatures(features []string) error {
	_, err := imitationCounts(features)
	return err
}

func imitationVector(c *Child, counts []func(*boardFeatures) int, out []float64) []float64 {
	f := c.Well.features()
	c.Well.withEnclosed(&f)
	c.Well.withSurface(&f)
	out = append(out, float64(c.Lines))
	for _, count := range counts {
		out = append(out, float64(count(&f)))
	}
	return out
}

// ImitationChoice is one piece of a recorded game: the features of every
// landing that does not end the game, and which of them was played.
type ImitationChoice struct {
	Features [][]float64
	Chosen   int
}

// ImitationChoices plays a recorded game through the rules and returns
// its choices: one per piece locked with more than one landing, the last
// (game-ending) piece aside. Each landing's features are the lines it
// cleared, then the counts of the named weights (ImitationFeatureNames).
func ImitationChoices(moves []Move, features []string) ([]ImitationChoice, error) {
	counts, err := imitationCounts(features)
	if err != nil {
		return nil, err
	}
	var out []ImitationChoice
	err = walkChoices(moves, func(landings []Child, chosen int) error {
		ch := ImitationChoice{Chosen: chosen}
		for i := range landings {
			ch.Features = append(ch.Features, imitationVector(&landings[i], counts, nil))
		}
		out = append(out, ch)
		return nil
	})
	return out, err
}

// walkChoices plays a recorded game through the rules and calls choice
// for each piece locked with more than one landing that does not end the
// game (the last, game-ending piece aside): those landings, in the move
// generator's order, and which of them the player chose. An error from
// choice ends the walk.
func walkChoices(moves []Move, choice func(landings []Child, chosen int) error) error {
	return walkPieces(moves, func(landings []Child, chosen int) error {
		if len(landings) > 1 {
			return choice(landings, chosen)
		}
		return nil
	})
}

// walkPieces is walkChoices for every piece placed, a piece with one
// landing too.
func walkPieces(moves []Move, piece func(landings []Child, chosen int) error) error {
	g, err := NewGame(Standard, NewEnemy(false))
	if err != nil {
		return err
	}
	var gen Gen
	var landings []Child
	before, id, pieces := g.Well(), g.Current(), g.Pieces()
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
			return fmt.Errorf("hatetris: piece %d: a live well over the bar", pieces-1)
		}
		gen.Reset(&b)
		landings = landings[:0]
		chosen := -1
		for _, c := range gen.Children(id, nil) {
			if c.Over {
				continue
			}
			if c.Well == a && chosen < 0 {
				chosen = len(landings)
			}
			landings = append(landings, c)
		}
		if chosen < 0 {
			return fmt.Errorf("hatetris: piece %d: the well played is none of the piece's landings", pieces-1)
		}
		if err := piece(landings, chosen); err != nil {
			return err
		}
		before, id = after, g.Current()
	}
	return nil
}

// ImitationFit is the result of FitImitation.
type ImitationFit struct {
	// Features name the weights: "lines", then the features fitted.
	Features []string
	// Weights are per unit of each feature, in Features' order.
	Weights []float64
	// LogLikelihood is the mean log chance of the chosen landings; Top1
	// the share of choices the weights rank first.
	LogLikelihood, Top1 float64
	// ChanceLogLikelihood and ChanceTop1 are the same for a player who
	// picks a landing at random: the baseline the fit is measured by.
	ChanceLogLikelihood, ChanceTop1 float64
	Choices                         int
}

// MaxImitationIterations bounds FitImitation's steps.
const MaxImitationIterations = 100000

// FitImitation fits the weights of the lines and the named features (as
// ImitationChoices counted them) by gradient ascent on the mean log
// likelihood, on standardised features (each scaled by its spread over
// all landings), from zero, for the given number of steps. It is
// deterministic.
func FitImitation(features []string, choices []ImitationChoice, iterations int, step float64) (ImitationFit, error) {
	if _, err := imitationCounts(features); err != nil {
		return ImitationFit{}, err
	}
	k := 1 + len(features)
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
			for _, f := range c.Features {
				s := 0.0
				for j, x := range f {
					s += w[j] * (x - mean[j]) / sd[j]
				}
				scores = append(scores, s)
			}
			logChance, first, top, z := logitChoice(scores, c.Chosen)
			ll += logChance
			if first {
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
	fit.Features = append([]string{"lines"}, features...)
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

// Score is how well the fit's weights predict other choices (counted with
// the same features): the mean log chance of the chosen landings, and
// the share of them ranked first. A choice whose features are not the
// fit's is an error.
func (f ImitationFit) Score(choices []ImitationChoice) (logLikelihood, top1 float64, err error) {
	if len(choices) == 0 {
		return 0, 0, errors.New("hatetris: no choices to score")
	}
	var scores []float64
	for _, c := range choices {
		if c.Chosen < 0 || c.Chosen >= len(c.Features) {
			return 0, 0, fmt.Errorf("hatetris: chosen landing %d of %d", c.Chosen, len(c.Features))
		}
		scores = scores[:0]
		for _, x := range c.Features {
			if len(x) != len(f.Weights) {
				return 0, 0, fmt.Errorf("hatetris: a landing of %d features, the fit has %d", len(x), len(f.Weights))
			}
			s := 0.0
			for j, v := range x {
				s += f.Weights[j] * v
			}
			scores = append(scores, s)
		}
		logChance, first, _, _ := logitChoice(scores, c.Chosen)
		logLikelihood += logChance
		if first {
			top1++
		}
	}
	n := float64(len(choices))
	return logLikelihood / n, top1 / n, nil
}

// logitChoice is the log chance of scores[chosen] when each score's
// chance is proportional to its exponential, and whether it is the
// highest; top and z (the highest score and the sum of exp(score - top))
// are for the gradient.
func logitChoice(scores []float64, chosen int) (logChance float64, first bool, top, z float64) {
	top = slices.Max(scores)
	for _, s := range scores {
		z += math.Exp(s - top)
	}
	return scores[chosen] - top - math.Log(z), scores[chosen] == top, top, z
}

// Set is the fit as a weight set, scaled so that a line is worth
// lineWeight (the beam's --line-weight): a set for the record's searches.
// It fails when the fit does not value a line above nothing.
func (f ImitationFit) Set(name, note string, lineWeight float64) (EvalWeights, error) {
	if len(f.Weights) != len(f.Features) || len(f.Weights) == 0 || f.Features[0] != "lines" {
		return EvalWeights{}, errors.New("hatetris: the fit's weights do not match its features")
	}
	if !(f.Weights[0] > 0) {
		return EvalWeights{}, errors.New("hatetris: the fit does not value a cleared line: no weight set to scale")
	}
	w := EvalWeights{Name: name, Note: note}
	scale := lineWeight / f.Weights[0]
	for j, name := range f.Features[1:] {
		field := tuneField(&w, name)
		if field == nil {
			return EvalWeights{}, fmt.Errorf("hatetris: the fit weighs %q, no weight of a set", name)
		}
		*field = f.Weights[j+1] * scale
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
