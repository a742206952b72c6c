package thrower

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// View is what a thrower sees when it chooses a piece: the well, and the
// pieces already dealt but not yet placed (the current piece first, then
// the revealed queue). Height is the well's height: the board has buffer
// rows above it (engine.BufferRows in a game), and a piece that locks with
// a cell at row Height or above loses.
type View struct {
	Board   *engine.Board
	Pending []engine.Piece
	Height  int
}

// Thrower chooses the pieces. Next is a pure function of the view and of
// the thrower's own state (a seeded generator, a phase, the wells seen),
// which Fingerprint folds into 64 bits for cycle detection and state
// hashes.
type Thrower interface {
	Name() string
	Next(v View) engine.Piece
	Fingerprint() uint64
	// Stateless reports whether Next depends on the view alone: then a
	// second instance chooses the same piece for the same view, so a
	// choice can be worked out ahead of time (Ahead).
	Stateless() bool
}

// Options configure a thrower. The zero value means: all seven pieces, no
// preview, the kravec evaluation at depth 1, full placement search.
type Options struct {
	// Pieces the thrower may deal (nil = all seven).
	Pieces []engine.Piece
	// Preview: the next piece is revealed to the placer, so the thrower
	// chooses each piece one placement ahead.
	Preview bool
	// Width and Height of the well, for the thrower's own bookkeeping; the
	// board in the view is authoritative.
	Width, Height int
	// Seed for the throwers that use randomness (random, bastet).
	Seed uint64
	// Depth of the minimax search, in thrower choices (1 = the placer
	// answers the piece with its best placement).
	Depth int
	// Personality is the evaluation (a solver weight set) that scores the
	// leaves of the search, from the placer's side.
	Personality string
	// Model is the placement model: solver.ModeFull (every reachable
	// placement) or solver.ModeDrop (all rotations dropped from above, the
	// thesis' model).
	Model solver.Mode
}

func (o *Options) pieces() []engine.Piece {
	if len(o.Pieces) == 0 {
		return engine.Pieces[:]
	}
	return o.Pieces
}

// ParsePieces reads a piece set such as "O", "IL" or "SZ"; "" or "all"
// means all seven.
func ParsePieces(s string) ([]engine.Piece, error) {
	if s == "" || s == "all" {
		return nil, nil
	}
	seen := map[engine.Piece]bool{}
	var out []engine.Piece
	for _, c := range s {
		p, err := engine.ParsePiece(string(c))
		if err != nil {
			return nil, err
		}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out, nil
}

// PiecesString writes a piece set as letters ("all" for nil).
func PiecesString(ps []engine.Piece) string {
	if len(ps) == 0 {
		return "all"
	}
	var sb strings.Builder
	for _, p := range ps {
		sb.WriteString(p.String())
	}
	return sb.String()
}

// constructors are the throwers selectable by name.
var constructors = map[string]func(Options) (Thrower, error){
	"minimax":  func(o Options) (Thrower, error) { return NewMinimax(o) },
	"hatetris": func(o Options) (Thrower, error) { return NewHatetris(o), nil },
	"bastet":   func(o Options) (Thrower, error) { return NewBastet(o), nil },
	"sz":       func(o Options) (Thrower, error) { return NewSZ(o) },
	"kind":     func(o Options) (Thrower, error) { return NewKind(o) },
	"random":   func(o Options) (Thrower, error) { return NewRandom(o), nil },
}

// Names lists the throwers New knows, sorted.
func Names() []string {
	out := make([]string, 0, len(constructors))
	for n := range constructors {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// New builds the thrower called name.
func New(name string, o Options) (Thrower, error) {
	c, ok := constructors[name]
	if !ok {
		return nil, fmt.Errorf("unknown thrower %q (want one of %s)", name, strings.Join(Names(), ", "))
	}
	for _, p := range o.Pieces {
		if !p.Valid() {
			return nil, fmt.Errorf("thrower %s: invalid piece %v", name, p)
		}
	}
	return c(o)
}

// Randomizer puts a thrower behind the engine's randomizer hook, so that
// any engine game (engine.NewGameWith) gets its pieces from it.
type Randomizer struct {
	T Thrower
}

// Next asks the thrower for a piece, showing it the game's board, the
// current piece (if one is in play) and the queue.
func (r Randomizer) Next(g *engine.Game) engine.Piece {
	var pending []engine.Piece
	if cur, ok := g.Current(); ok {
		pending = append(pending, cur.Piece)
	}
	pending = append(pending, g.Queue()...)
	return r.T.Next(View{Board: g.Board(), Pending: pending, Height: g.VisibleHeight()})
}

// Fingerprint is the thrower's.
func (r Randomizer) Fingerprint() uint64 { return r.T.Fingerprint() }

// PositionKey folds what besides the board decides the rest of a game
// against a thrower into 64 bits (FNV-1a): the thrower's state
// (fingerprint) and the pieces dealt but not yet placed, current first. It
// is the key the cycle detector compares with the board.
func PositionKey(fingerprint uint64, pending []engine.Piece) uint64 {
	return piecesHash(fingerprint, pending)
}

// GameKey is PositionKey for an engine game, with the combo and
// back-to-back counts that a bot's evaluation sees folded in too.
func GameKey(g *engine.Game) uint64 {
	var pending []engine.Piece
	if cur, ok := g.Current(); ok {
		pending = append(pending, cur.Piece)
	}
	pending = append(pending, g.Queue()...)
	h := PositionKey(g.Randomizer().Fingerprint(), pending)
	f := engine.FNV1aFrom(h)
	f.Word(uint64(g.Combo() + 2))
	f.Word(uint64(g.BackToBack()) << 32)
	return f.Sum()
}

// rowsHash folds a board's rows into 64 bits (engine.FNV1a, a row's two
// bytes as a word each: all 16 bits, then the high byte).
func rowsHash(b *engine.Board) uint64 {
	h := engine.NewFNV1a()
	for _, r := range b.Rows() {
		h.Word(uint64(r))
		h.Word(uint64(r >> 8))
	}
	return h.Sum()
}

// piecesHash folds a piece list into h (engine.FNV1a word steps).
func piecesHash(h uint64, ps []engine.Piece) uint64 {
	f := engine.FNV1aFrom(h)
	for _, p := range ps {
		f.Word(uint64(p) + 0x9E)
	}
	return f.Sum()
}

// legal reports whether a placement stays inside a well of height h.
func legal(p engine.Placed, h int) bool {
	for _, c := range p.Cells() {
		if int(c.Y) >= h {
			return false
		}
	}
	return true
}
