package engine

// CloneableRandomizer is a randomizer whose state can be copied, so that a
// game using it can be snapshotted (Game.Clone). The built-in randomizers
// and Sequence are; an adversary that keeps a search running is not.
type CloneableRandomizer interface {
	Randomizer
	CloneRandomizer() Randomizer
}

// Clone returns an independent copy of the game, which plays on exactly as
// the original would, or false when its randomizer cannot be copied. A
// replay viewer keeps clones as checkpoints, so seeking re-plays from the
// nearest one instead of from the first tick.
func (g *Game) Clone() (*Game, bool) {
	r, ok := g.rand.(CloneableRandomizer)
	if !ok {
		return nil, false
	}
	c := *g
	c.rand = r.CloneRandomizer()
	c.board = g.board.Clone()
	c.queue = append([]Piece(nil), g.queue...)
	c.events = nil
	return &c, true
}

// CloneRandomizer implements CloneableRandomizer.
func (b *BagRandomizer) CloneRandomizer() Randomizer {
	c := *b
	c.bag = append([]Piece(nil), b.bag...)
	return &c // set is never written
}

// CloneRandomizer implements CloneableRandomizer.
func (u *UniformRandomizer) CloneRandomizer() Randomizer { c := *u; return &c }

// CloneRandomizer implements CloneableRandomizer.
func (s *Sequence) CloneRandomizer() Randomizer { c := *s; return &c }
