// Package well is Tetris in a small well as a game for the prover: the
// thrower chooses each piece from a set, the placer puts it where the
// placement search (solver.Generator, full SRS or the drop model) lets it,
// full rows clear, and the placer loses when it cannot place a piece
// inside the well. Surviving forever is the placer's win, so the placer is
// the drawing player of a prove proof.
package well

import (
	"fmt"
	"sync"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/thrower"
)

// The sides.
const (
	Thrower = 0
	Placer  = 1
)

// A state holds the well's rows (W bits each, row 0 at the bottom) in bits
// 0 to W*H-1, the piece to place in bits 56-58 and the piece shown in
// advance in bits 59-61 (indices into engine.Pieces, 7 for none), and the
// side to move in bit 62.
const (
	curShift  = 56
	nextShift = 59
	sideBit   = 62
	noPiece   = 7
)

// Game is one well.
type Game struct {
	W, H    int
	Pieces  []engine.Piece // the thrower's set
	Preview bool           // the next piece is shown (dealt one ahead)
	Mode    solver.Mode    // solver.ModeFull or solver.ModeDrop
	pool    sync.Pool      // *scratch: Moves runs on several goroutines
}

type scratch struct {
	gen   solver.Generator
	pls   []solver.Placement
	b, nb *engine.Board
}

// New returns the well game; pieces as thrower.ParsePieces reads them.
func New(w, h int, pieces string, preview bool, mode solver.Mode) (*Game, error) {
	if w < 4 || h < 2 || w*h > curShift || w > engine.MaxWidth {
		return nil, fmt.Errorf("well %dx%d: width 4 or more, height 2 or more, at most %d cells", w, h, curShift)
	}
	ps, err := thrower.ParsePieces(pieces)
	if err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		ps = engine.Pieces[:]
	}
	g := &Game{W: w, H: h, Pieces: ps, Preview: preview, Mode: mode}
	g.pool.New = func() any {
		return &scratch{b: engine.NewBoard(w, h+engine.BufferRows), nb: engine.NewBoard(w, h+engine.BufferRows)}
	}
	return g, nil
}

func (g *Game) Name() string {
	return fmt.Sprintf("well %dx%d pieces=%s preview=%v model=%v", g.W, g.H, thrower.PiecesString(g.Pieces), g.Preview, g.Mode)
}

func (g *Game) Start() prove.State {
	return prove.State(noPiece)<<curShift | prove.State(noPiece)<<nextShift
}

func (g *Game) Mover(s prove.State) int { return int(s >> sideBit & 1) }

// Terminal: never; a placer with no placement has no move, and loses.
func (g *Game) Terminal(prove.State) (bool, prove.Value) { return false, prove.Unknown }

func (g *Game) Canonical(s prove.State) prove.State { return s }

func index(p engine.Piece) prove.State {
	for i, q := range engine.Pieces {
		if q == p {
			return prove.State(i)
		}
	}
	panic("well: unknown piece")
}

func (g *Game) Moves(s prove.State, buf []prove.State) []prove.State {
	cur, next := s>>curShift&7, s>>nextShift&7
	rows := s & (1<<(g.W*g.H) - 1)
	if g.Mover(s) == Thrower {
		for _, p := range g.Pieces {
			i := index(p)
			switch {
			case cur == noPiece && g.Preview: // the first of two dealt before the first placement
				buf = append(buf, rows|i<<curShift|noPiece<<nextShift)
			case cur == noPiece:
				buf = append(buf, rows|i<<curShift|noPiece<<nextShift|1<<sideBit)
			default: // with the preview: the piece shown next
				buf = append(buf, rows|cur<<curShift|i<<nextShift|1<<sideBit)
			}
		}
		return buf
	}
	sc := g.pool.Get().(*scratch)
	defer g.pool.Put(sc)
	g.load(sc.b, rows)
	sc.pls = sc.gen.Generate(sc.pls[:0], sc.b, engine.Pieces[cur], solver.Options{Mode: g.Mode, NoPaths: true})
	after := prove.State(noPiece)<<curShift | noPiece<<nextShift // the thrower deals next
	if g.Preview {
		after = next<<curShift | noPiece<<nextShift
	}
	for i := range sc.pls {
		pl := &sc.pls[i]
		if !inside(pl.Placed, g.H) {
			continue
		}
		sc.nb.CopyFrom(sc.b)
		sc.nb.Place(pl.Placed)
		sc.nb.ClearLines()
		buf = append(buf, g.store(sc.nb)|after)
	}
	return buf
}

// inside reports whether a placement stays inside a well of height h (as
// the thrower package's matches judge it).
func inside(p engine.Placed, h int) bool {
	for _, c := range p.Cells() {
		if int(c.Y) >= h {
			return false
		}
	}
	return true
}

func (g *Game) load(b *engine.Board, rows prove.State) {
	rs := make([]uint16, g.H)
	mask := prove.State(1)<<g.W - 1
	for y := range rs {
		rs[y] = uint16(rows >> (y * g.W) & mask)
	}
	b.SetRows(rs, engine.I)
}

func (g *Game) store(b *engine.Board) prove.State {
	var s prove.State
	for y := 0; y < g.H; y++ {
		s |= prove.State(b.Row(y)) << (y * g.W)
	}
	return s
}

// Board returns the rows of a state, bottom first.
func (g *Game) Board(s prove.State) []uint16 {
	rs := make([]uint16, g.H)
	for y := range rs {
		rs[y] = uint16(s >> (y * g.W) & (1<<g.W - 1))
	}
	return rs
}
