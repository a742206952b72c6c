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
// deal, as long as the clear can use (the pieces it places and one more,
// for the choice hold gives): the visible pieces in order, then the rest
// of the bag in any order ([...]pK), then whole bags (*p7), the last term
// cut (*pK) so that every queue it makes is distinct. count is how many
// it makes.
func (p Position) Pattern() (text string, count int, err error) {
	n, err := p.Pieces()
	if err != nil {
		return "", 0, err
	}
	need := n + 1
	var terms []string
	vis := p.Visible()
	for _, q := range vis[:min(len(vis), need)] {
		terms = append(terms, q.String())
	}
	have, count := len(terms), 1
	if k := min(len(p.BagRest), need-have); k > 0 {
		rest := slices.Clone(p.BagRest)
		slices.Sort(rest)
		var sb strings.Builder
		sb.WriteByte('[')
		for _, q := range rest {
			sb.WriteString(q.String())
		}
		fmt.Fprintf(&sb, "]p%d", k)
		terms = append(terms, sb.String())
		have, count = have+k, count*perms(len(rest), k)
	}
	for have < need {
		k := min(engine.NumPieces, need-have)
		terms = append(terms, fmt.Sprintf("*p%d", k))
		have, count = have+k, count*perms(engine.NumPieces, k)
	}
	return strings.Join(terms, ","), count, nil
}

// perms is the number of ordered choices of k of n things.
func perms(n, k int) int {
	out := 1
	for i := 0; i < k; i++ {
		out *= n - i
	}
	return out
}

// pattern parses Pattern.
func (p Position) pattern() (*pc.Pattern, int, error) {
	text, count, err := p.Pattern()
	if err != nil {
		return nil, 0, err
	}
	pat, err := pc.ParsePattern([]string{text})
	if err != nil {
		return nil, 0, fmt.Errorf("pattern %q: %w", text, err)
	}
	return pat, count, nil
}

// Sequences are the queues of Pattern (pc.Sequences with hold), for
// patterns of a few thousand queues: it holds them all.
func (p Position) Sequences() ([][]engine.Piece, error) {
	pat, _, err := p.pattern()
	if err != nil {
		return nil, err
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
