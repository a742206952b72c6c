package pcpractice

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver/pc"
)

// Position is what the player sees after a piece has locked: the field
// left to clear, the pieces shown and what the 7-bag can still deal.
type Position struct {
	Field   pc.Field
	Hold    engine.Piece // engine.None when the hold is empty
	Current engine.Piece
	Preview []engine.Piece
	// BagRest are the pieces of the bag being dealt that have not been
	// shown yet (none at a bag's end); after them come whole bags.
	BagRest []engine.Piece
}

// Visible is the queue the player knows, in solution-finder's hold model:
// the piece in hand first (the held one, else the current one), then the
// pieces drawn after it.
func (p Position) Visible() []engine.Piece {
	var out []engine.Piece
	if p.Hold != engine.None {
		out = append(out, p.Hold)
	}
	out = append(out, p.Current)
	return append(out, p.Preview...)
}

// Pieces is the number of pieces the perfect clear still takes.
func (p Position) Pieces() (int, error) { return p.Field.Pieces() }

// Pattern is the solution-finder pattern of every queue the game can still
// deal: the visible pieces in order, then the rest of the bag in any order
// ([...]pK), then whole bags (*p7), as many terms as the clear needs (one
// more piece than it places, for the choice hold gives). When the pieces
// shown are enough, it is the visible queue alone.
func (p Position) Pattern() (string, error) {
	n, err := p.Pieces()
	if err != nil {
		return "", err
	}
	var terms []string
	vis := p.Visible()
	for _, q := range vis {
		terms = append(terms, q.String())
	}
	need, have := n+1, len(vis)
	if have < need && len(p.BagRest) > 0 {
		rest := slices.Clone(p.BagRest)
		slices.Sort(rest)
		var sb strings.Builder
		sb.WriteByte('[')
		for _, q := range rest {
			sb.WriteString(q.String())
		}
		fmt.Fprintf(&sb, "]p%d", len(rest))
		terms = append(terms, sb.String())
		have += len(rest)
	}
	for have < need {
		terms = append(terms, "*p7")
		have += 7
	}
	return strings.Join(terms, ","), nil
}

// Sequences are the distinct queues of the pattern cut to the pieces the
// clear uses (pc.Sequences with hold).
func (p Position) Sequences() ([][]engine.Piece, error) {
	text, err := p.Pattern()
	if err != nil {
		return nil, err
	}
	pat, err := pc.ParsePattern([]string{text})
	if err != nil {
		return nil, fmt.Errorf("pattern %q: %w", text, err)
	}
	n, _ := p.Pieces()
	return pc.Sequences(pat, n, true)
}

// BagRest is what is left of the bag being dealt after the pieces dealt
// so far (in order, the first from a fresh bag): the kinds the bag has not
// dealt yet, in guideline order; none when the last bag is complete.
func BagRest(dealt []engine.Piece) []engine.Piece {
	k := len(dealt) % engine.NumPieces
	if k == 0 {
		return nil
	}
	var seen [engine.L + 1]bool
	for _, q := range dealt[len(dealt)-k:] {
		seen[q] = true
	}
	var out []engine.Piece
	for _, q := range engine.Pieces {
		if !seen[q] {
			out = append(out, q)
		}
	}
	return out
}
