package engine

import "fmt"

// Randomizer chooses the pieces. Next is asked for one piece each time the
// queue needs one; view is the game as it stands (board, current piece,
// queue), so an adversary can choose from the board. Fingerprint folds the
// randomizer's internal state into the game's state hash.
type Randomizer interface {
	Next(view *Game) Piece
	Fingerprint() uint64
}

// RandomizerKind names a built-in randomizer.
type RandomizerKind string

// Built-in randomizers. Adversaries (the throwers of solver/thrower) are
// any other Randomizer, given to NewGameWith; a replay names them and a
// RandomizerFactory rebuilds them.
const (
	Bag7    RandomizerKind = "bag"     // guideline 7-bag
	Uniform RandomizerKind = "uniform" // each piece independently, 1 in 7 ("fair random")
)

// NewRandomizer builds a built-in randomizer from a seed.
func NewRandomizer(kind RandomizerKind, seed uint64, pieces []Piece) (Randomizer, error) {
	if len(pieces) == 0 {
		pieces = Pieces[:]
	}
	for _, p := range pieces {
		if !p.Valid() {
			return nil, fmt.Errorf("randomizer: invalid piece %v", p)
		}
	}
	switch kind {
	case Bag7, "":
		return &BagRandomizer{rng: NewRNG(seed), set: append([]Piece(nil), pieces...)}, nil
	case Uniform:
		return &UniformRandomizer{rng: NewRNG(seed), set: append([]Piece(nil), pieces...)}, nil
	}
	return nil, fmt.Errorf("unknown randomizer %q (want bag or uniform)", kind)
}

// BagRandomizer deals the piece set in shuffled bags: every bag holds each
// kind once (guideline "random generator").
type BagRandomizer struct {
	rng RNG
	set []Piece
	bag []Piece // what is left of the current bag, dealt from the end
}

// Next deals the next piece, shuffling a new bag when the old one is empty.
func (b *BagRandomizer) Next(*Game) Piece {
	if len(b.bag) == 0 {
		b.bag = append(b.bag[:0], b.set...)
		for i := len(b.bag) - 1; i > 0; i-- { // Fisher-Yates
			j := b.rng.Intn(i + 1)
			b.bag[i], b.bag[j] = b.bag[j], b.bag[i]
		}
	}
	p := b.bag[len(b.bag)-1]
	b.bag = b.bag[:len(b.bag)-1]
	return p
}

// Fingerprint hashes the generator and the rest of the bag.
func (b *BagRandomizer) Fingerprint() uint64 {
	h := NewFNV1a()
	h.Uint64(b.rng.State)
	for _, p := range b.bag {
		h.Byte(uint8(p))
	}
	return h.Sum()
}

// UniformRandomizer picks each piece independently and uniformly.
type UniformRandomizer struct {
	rng RNG
	set []Piece
}

// Next picks a piece.
func (u *UniformRandomizer) Next(*Game) Piece { return u.set[u.rng.Intn(len(u.set))] }

// Fingerprint hashes the generator.
func (u *UniformRandomizer) Fingerprint() uint64 { return u.rng.State }

// Sequence replays a fixed list of pieces, then repeats it; for tests and
// for puzzles with a known order.
type Sequence struct {
	Pieces []Piece
	pos    int
}

// Next returns the next piece of the list.
func (s *Sequence) Next(*Game) Piece {
	p := s.Pieces[s.pos%len(s.Pieces)]
	s.pos++
	return p
}

// Fingerprint is the position in the list.
func (s *Sequence) Fingerprint() uint64 { return uint64(s.pos) }
