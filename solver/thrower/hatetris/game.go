package hatetris

import (
	"fmt"

	"github.com/kocka/kocka/engine"
)

// Game is one game of HATETRIS: a well, the live piece, the score (lines),
// and the moves made so far, from which the replay is written.
type Game struct {
	rules  Rules
	search *Search
	enemy  *Enemy
	well   Well
	piece  Piece
	score  int
	over   bool
	moves  []Move
	pieces int
}

// NewGame starts a game: the enemy chooses the first piece for the empty
// well.
func NewGame(r Rules, e *Enemy) (*Game, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	g := &Game{rules: r, search: NewSearch(r), enemy: e}
	g.spawn()
	return g, nil
}

func (g *Game) spawn() {
	g.piece = Spawn(g.rules, g.enemy.Next(g.search, &g.well))
	g.pieces++
}

// Apply makes one move and reports whether it was taken: moves after the
// game is over are ignored, as the original ignores the rest of a replay.
func (g *Game) Apply(m Move) bool {
	if g.over {
		return false
	}
	g.moves = append(g.moves, m)
	next, locked, lines := Step(g.rules, &g.well, g.piece, m)
	g.piece = next
	g.score += lines
	if Over(g.rules, &g.well) {
		g.over = true
		return true
	}
	if locked {
		g.spawn()
	}
	return true
}

// Play applies moves in order and returns how many were taken.
func (g *Game) Play(moves []Move) int {
	n := 0
	for _, m := range moves {
		if g.Apply(m) {
			n++
		}
	}
	return n
}

// Accessors.

func (g *Game) Rules() Rules          { return g.rules }
func (g *Game) Well() Well            { return g.well }
func (g *Game) Piece() Piece          { return g.piece }
func (g *Game) Score() int            { return g.score }
func (g *Game) Over() bool            { return g.over }
func (g *Game) Moves() []Move         { return g.moves }
func (g *Game) Pieces() int           { return g.pieces }
func (g *Game) Enemy() *Enemy         { return g.enemy }
func (g *Game) Search() *Search       { return g.search }
func (g *Game) Current() engine.Piece { return g.piece.ID }

// PrefixMoves are the key presses of a game's first n pieces: the moves
// cut right after the n-th piece locked (none for n = 0). The game must
// lock n pieces and go on after them.
func PrefixMoves(moves []Move, n int) ([]Move, error) {
	if n == 0 {
		return nil, nil
	}
	g, err := NewGame(Standard, NewEnemy(false))
	if err != nil {
		return nil, err
	}
	for i, m := range moves {
		g.Apply(m)
		if g.Over() {
			break
		}
		if g.Pieces() == n+1 {
			return moves[: i+1 : i+1], nil
		}
	}
	return nil, fmt.Errorf("hatetris: the game does not go on after piece %d (it ends at piece %d)", n, g.Pieces())
}
