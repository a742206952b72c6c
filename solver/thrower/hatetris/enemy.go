package hatetris

import (
	"sort"

	"github.com/kocka/kocka/engine"
)

// Evaluation is the enemy's view of one piece: whether some landing of it
// leads back to a well seen before, and the player's best outcome (the
// highest peak, see Well.Peak) over all its landings.
type Evaluation struct {
	Piece          engine.Piece
	LeadsIntoCycle bool
	HighestPeak    int // -1 if the piece cannot land at all
	Rank           int // position in the enemy's order S Z O I L J T
}

// Worst sorts evaluations the way the original does and returns the
// enemy's choice: first any piece that does not lead into a seen well,
// then the lowest best outcome for the player, then the enemy's order.
func Worst(evals []Evaluation) Evaluation {
	sort.SliceStable(evals, func(i, j int) bool {
		a, b := evals[i], evals[j]
		if a.LeadsIntoCycle != b.LeadsIntoCycle {
			return !a.LeadsIntoCycle
		}
		if a.HighestPeak != b.HighestPeak {
			return a.HighestPeak < b.HighestPeak
		}
		return a.Rank < b.Rank
	})
	return evals[0]
}

// Enemy is the HATETRIS piece chooser: for each piece it finds the
// player's best reachable outcome and gives the piece whose best outcome
// is worst. Unless Mild, it remembers every well it has been asked about
// and avoids pieces that could lead back into one of them, so that the
// player cannot hold the game in a loop (HATETRIS; HATETRIS Mild omits
// this rule). It is a pure function of the wells it has been shown.
type Enemy struct {
	Mild bool
	seen map[Well]struct{}
	last []Evaluation
}

// NewEnemy returns the enemy at the start of a game.
func NewEnemy(mild bool) *Enemy {
	return &Enemy{Mild: mild, seen: map[Well]struct{}{}}
}

// Next returns the piece to spawn into well w.
func (e *Enemy) Next(s *Search, w *Well) engine.Piece {
	if !e.Mild {
		e.seen[*w] = struct{}{} // before testing: a piece may lead straight back
	}
	r := s.Rules()
	e.last = e.last[:0]
	for rank, id := range pieceOrder {
		ev := Evaluation{Piece: id, HighestPeak: -1, Rank: rank}
		for _, l := range s.Landings(w, id) {
			ev.HighestPeak = max(ev.HighestPeak, l.Well.Peak(r))
			if !e.Mild && !ev.LeadsIntoCycle {
				_, ev.LeadsIntoCycle = e.seen[l.Well]
			}
		}
		e.last = append(e.last, ev)
	}
	return Worst(append([]Evaluation(nil), e.last...)).Piece
}

// LastEvaluations are the evaluations behind the last choice, in the
// enemy's order; for showing why a piece was chosen.
func (e *Enemy) LastEvaluations() []Evaluation { return e.last }

// Seen is how many distinct wells the enemy remembers.
func (e *Enemy) Seen() int { return len(e.seen) }

// Clone returns an independent copy (the remembered wells included).
func (e *Enemy) Clone() *Enemy {
	c := &Enemy{Mild: e.Mild, seen: make(map[Well]struct{}, len(e.seen))}
	for w := range e.seen {
		c.seen[w] = struct{}{}
	}
	return c
}

// Remember adds a well to the enemy's memory as if it had been asked about
// it (for searches that keep the memory apart and restore it).
func (e *Enemy) Remember(w *Well) {
	if !e.Mild {
		e.seen[*w] = struct{}{}
	}
}

// Remembers reports whether the enemy has seen well w.
func (e *Enemy) Remembers(w *Well) bool {
	_, ok := e.seen[*w]
	return ok
}
