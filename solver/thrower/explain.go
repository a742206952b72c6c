package thrower

import (
	"fmt"
	"math"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// PieceScore is how a thrower judged one piece kind at its last decision,
// always from the placer's side: a higher Value is better for the placer.
type PieceScore struct {
	Piece engine.Piece
	Value float64
	// Bound: the search stopped once it proved this piece no worse for
	// the placer than a piece already seen, so Value is only a lower bound.
	Bound bool
	Text  string // the value in the thrower's own terms ("6 rows", ">=-3.2")
}

// Explanation says why a thrower dealt its last piece, for showing to the
// player.
type Explanation struct {
	Rule   string       // how the thrower chooses, in one sentence
	Chosen engine.Piece // the piece it dealt (engine.None if it keeps no record)
	Scores []PieceScore // per piece kind, in the thrower's order; nil when it does not score
}

// Explainer is a thrower that can explain its last decision. Every
// thrower New builds is one.
type Explainer interface {
	Explain() Explanation
}

// Explain says why the adapted thrower dealt its last piece.
func (r Randomizer) Explain() Explanation {
	if e, ok := r.T.(Explainer); ok {
		return e.Explain()
	}
	return Explanation{Rule: r.T.Name()}
}

// evalText writes an evaluation: "tops out" for a lost line of play.
func evalText(v float64, bound bool) string {
	switch {
	case v <= Lost/2:
		return "tops out"
	case bound:
		return fmt.Sprintf(">=%.1f", v)
	}
	return fmt.Sprintf("%.1f", v)
}

// choiceScores turns a search's root values into scores. A thrower that
// minimises searches each piece after the first with the best value so far
// as its cut-off: a value that does not beat it is only a bound.
func choiceScores(ch []Choice, minimises bool) ([]PieceScore, engine.Piece) {
	out := make([]PieceScore, len(ch))
	chosen, best := engine.None, math.Inf(1)
	if !minimises {
		best = math.Inf(-1)
	}
	for i, c := range ch {
		better := c.Value < best
		if !minimises {
			better = c.Value > best
		}
		bound := minimises && !better && i > 0
		if better {
			chosen, best = c.Piece, c.Value
		}
		out[i] = PieceScore{Piece: c.Piece, Value: c.Value, Bound: bound, Text: evalText(c.Value, bound)}
	}
	return out, chosen
}

// Explain gives the minimax values of the last decision.
func (m *Minimax) Explain() Explanation {
	sc, chosen := choiceScores(m.Last, true)
	return Explanation{
		Rule:   fmt.Sprintf("Your best evaluation after each piece, %d deep: it deals the lowest.", m.depth),
		Chosen: chosen, Scores: sc,
	}
}

// Explain gives the placer's best evaluation per piece.
func (k *Kind) Explain() Explanation {
	sc, chosen := choiceScores(k.Last, false)
	return Explanation{Rule: "Your best evaluation after each piece: it deals the highest.", Chosen: chosen, Scores: sc}
}

// Explain gives the free rows the placer can keep with each piece.
func (h *Hatetris) Explain() Explanation {
	ex := Explanation{Rule: "Most free rows you can keep with each piece: it deals the fewest, and avoids wells seen before."}
	for _, ev := range h.Last {
		s := PieceScore{Piece: ev.Piece, Value: float64(ev.HighestPeak), Text: fmt.Sprintf("%d rows", ev.HighestPeak)}
		if ev.HighestPeak < 0 {
			s.Value, s.Text = math.Inf(-1), "tops out"
		}
		if ev.LeadsIntoCycle {
			s.Text += ", seen"
		}
		ex.Scores = append(ex.Scores, s)
	}
	if len(h.Last) > 0 {
		ex.Chosen = hatetris.Worst(append([]hatetris.Evaluation(nil), h.Last...)).Piece
	}
	return ex
}

// Explain gives Bastet's score per piece: lines first, then a low stack.
func (b *Bastet) Explain() Explanation {
	ex := Explanation{Rule: "Your best lines, then the lowest stack, per piece: it deals the worst, now and then the 2nd to 4th worst.", Chosen: b.chosen}
	for i, v := range b.last {
		s := PieceScore{Piece: b.pieces[i], Value: v, Text: "tops out"}
		if !math.IsInf(v, -1) {
			lines := int(math.Round(v / 1e8))
			stack := int(math.Round((1e8*float64(lines) - v) / 1000))
			s.Text = fmt.Sprintf("stack %d", stack)
			if lines > 0 {
				s.Text = fmt.Sprintf("%d line, stack %d", lines, stack)
			}
		}
		ex.Scores = append(ex.Scores, s)
	}
	return ex
}

// Explain says which phase the S/Z algorithm is in.
func (z *SZ) Explain() Explanation {
	return Explanation{
		Rule: fmt.Sprintf("Deals %v until the boards repeat, then switches (%d switches so far, %d boards watched).",
			z.phase, z.Phases, z.det.Moves()),
		Chosen: z.phase,
	}
}

// Explain says that the random thrower does not judge.
func (r *Random) Explain() Explanation {
	return Explanation{Rule: "Every piece equally likely: it does not look at the well."}
}
