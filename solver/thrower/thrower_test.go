package thrower

import (
	"math"
	"testing"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// midGame is the first of the benchmarks' mid-game wells (bench_test.go).
func midGame(t testing.TB) *engine.Board {
	t.Helper()
	return midGames(t)[0]
}

func emptyBoard() *engine.Board { return engine.NewBoard(10, 40) }

// naive is the minimax value of the thesis' game by plain recursion over
// every piece and placement, without pruning or table: the reference the
// search must agree with.
func naive(w *solver.Weights, opt solver.Options, pieces []engine.Piece, h int, b *engine.Board, q []engine.Piece, d int, throwerTurn bool) float64 {
	if throwerTurn {
		best := math.Inf(1)
		for _, p := range pieces {
			best = min(best, naive(w, opt, pieces, h, b, append(append([]engine.Piece(nil), q...), p), d-1, false))
		}
		return best
	}
	best := Lost
	sc := solver.NewScorer(w, b)
	for _, pl := range solver.Generate(b, q[0], opt) {
		if !legal(pl.Placed, h) {
			continue
		}
		nb := b.Clone()
		nb.Place(pl.Placed)
		c, _, _ := solver.ClearOf(nb.ClearLines(), pl.Spin, nb, 0, -1)
		var v float64
		switch {
		case d > 0:
			v = naive(w, opt, pieces, h, nb, q[1:], d, true)
		case len(q) > 1:
			v = naive(w, opt, pieces, h, nb, q[1:], 0, false)
		default:
			v = sc.Score(pl.Placed, nb, c)
		}
		best = max(best, v)
	}
	return best
}

func TestSearchMatchesPlainMinimax(t *testing.T) {
	w, err := solver.PersonalityByName("kravec")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		pieces  []engine.Piece
		pending []engine.Piece
		depth   int
		model   solver.Mode
	}{
		{"all seven, depth 1", nil, nil, 1, solver.ModeFull},
		{"O and I, depth 2", []engine.Piece{engine.O, engine.I}, nil, 2, solver.ModeDrop},
		{"S and Z, depth 2, full", []engine.Piece{engine.S, engine.Z}, nil, 2, solver.ModeFull},
		{"L and J, preview, depth 1", []engine.Piece{engine.L, engine.J}, []engine.Piece{engine.T}, 1, solver.ModeDrop},
		{"I and T, preview, depth 2", []engine.Piece{engine.I, engine.T}, []engine.Piece{engine.O}, 2, solver.ModeDrop},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pieces := tc.pieces
			if pieces == nil {
				pieces = engine.Pieces[:]
			}
			opt := solver.Options{Mode: tc.model, NoPaths: true}
			for _, b := range []*engine.Board{emptyBoard(), midGame(t)} {
				want := naive(w, opt, pieces, 20, b, tc.pending, tc.depth, true)
				s := NewSearch(pieces, w, opt, 20)
				if got := s.Thrower(b, tc.pending, tc.depth); got != want {
					t.Errorf("search value %v, plain minimax %v", got, want)
				}
				// A warm table gives the same value and the same choice.
				p1, _ := s.ChoosePiece(b, tc.pending, tc.depth)
				p2, _ := NewSearch(pieces, w, opt, 20).ChoosePiece(b, tc.pending, tc.depth)
				if p1 != p2 {
					t.Errorf("choice with a warm table %v, fresh %v", p1, p2)
				}
			}
		})
	}
}

func TestNewEveryThrower(t *testing.T) {
	for _, name := range Names() {
		for _, set := range [][]engine.Piece{nil, {engine.S, engine.Z}} {
			t.Run(name+"/"+PiecesString(set), func(t *testing.T) {
				o := Options{Pieces: set, Height: 20, Seed: 7}
				a, err := New(name, o)
				if err != nil {
					t.Fatal(err)
				}
				b, _ := New(name, o)
				allowed := map[engine.Piece]bool{}
				for _, p := range o.pieces() {
					allowed[p] = true
				}
				for i, board := range []*engine.Board{emptyBoard(), midGame(t), midGame(t)} {
					pa := a.Next(View{Board: board, Height: 20})
					pb := b.Next(View{Board: board, Height: 20})
					if !allowed[pa] {
						t.Errorf("call %d dealt %v, not in the set", i, pa)
					}
					if pa != pb || a.Fingerprint() != b.Fingerprint() {
						t.Errorf("call %d: two throwers with the same seed and views differ: %v/%v", i, pa, pb)
					}
				}
			})
		}
	}
	if _, err := New("nonesuch", Options{}); err == nil {
		t.Error("New accepted an unknown name")
	}
	if _, err := New("sz", Options{Pieces: []engine.Piece{engine.O}}); err == nil {
		t.Error("sz accepted a piece set without S and Z")
	}
}

// wellBoard has a full stack of four rows with one empty column: only an
// I clears all four.
func wellBoard(t testing.TB) *engine.Board {
	b, err := engine.ParseBoard(10, 40, []string{
		"#########.",
		"#########.",
		"#########.",
		"#########.",
	}, engine.I)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestKindAndMinimaxOnAWell(t *testing.T) {
	kind, _ := NewKind(Options{Height: 20})
	if p := kind.Next(View{Board: wellBoard(t), Height: 20}); p != engine.I {
		t.Errorf("kind deals %v into a 4-deep well, want I", p)
	}
	mm, _ := NewMinimax(Options{Height: 20, Depth: 1})
	if p := mm.Next(View{Board: wellBoard(t), Height: 20}); p == engine.I {
		t.Errorf("minimax deals the I into a 4-deep well")
	}
	if len(mm.Last) != 7 {
		t.Errorf("minimax explains %d pieces, want 7", len(mm.Last))
	}
}

func TestHatetrisThrower(t *testing.T) {
	h := NewHatetris(Options{Height: 20})
	// Empty well: every piece but I leaves 18 free rows at best, so the
	// first in HATETRIS' order, S, is dealt.
	if p := h.Next(View{Board: emptyBoard(), Height: 20}); p != engine.S {
		t.Errorf("first piece %v, want S", p)
	}
	if p := h.Next(View{Board: wellBoard(t), Height: 20}); p == engine.I {
		t.Errorf("HATETRIS deals the I into a 4-deep well")
	}
	f := h.Fingerprint()
	h.Next(View{Board: midGame(t), Height: 20})
	if h.Fingerprint() == f {
		t.Error("the remembered boards do not show in the fingerprint")
	}
}

func TestHatetrisThrowerAvoidsSeenBoards(t *testing.T) {
	// On width 4 an I laid flat on an empty well clears and leaves it
	// empty: once the empty well has been seen, HATETRIS must prefer a
	// piece that cannot lead back to it, if there is one.
	b := engine.NewBoard(4, 24)
	h := NewHatetris(Options{Height: 4, Pieces: []engine.Piece{engine.I, engine.O}})
	first := h.Next(View{Board: b, Height: 4})
	if first != engine.O {
		t.Fatalf("first piece %v, want O (I leads straight back to the empty well)", first)
	}
	for _, ev := range h.Last {
		if ev.Piece == engine.I && !ev.LeadsIntoCycle {
			t.Error("I is not marked as leading into a seen well")
		}
	}
}

func TestSZPhases(t *testing.T) {
	z, _ := NewSZ(Options{})
	b := emptyBoard()
	var got []engine.Piece
	for i := 0; i < 8; i++ {
		got = append(got, z.Next(View{Board: b, Height: 20})) // the board never changes: a cycle of length 1
	}
	if got[0] != engine.S {
		t.Fatalf("sequence %v does not start with S", got)
	}
	flipped := false
	for _, p := range got {
		if p == engine.Z {
			flipped = true
		}
	}
	if !flipped || z.Phases == 0 {
		t.Errorf("after a cycle of boards the phase did not flip: %v", got)
	}
}

func TestBastetPrefersTheWorstPiece(t *testing.T) {
	b := NewBastet(Options{Seed: 3})
	count := map[engine.Piece]int{}
	for i := 0; i < 400; i++ {
		count[b.Next(View{Board: wellBoard(t), Height: 20})]++
	}
	if count[engine.I] > 40 {
		t.Errorf("Bastet dealt the I into a 4-deep well %d times in 400", count[engine.I])
	}
	// Ties among the worst pieces are broken by noise, so count the two
	// most frequent together: the worst pieces come about 80% of the time.
	var top [2]int
	for _, c := range count {
		if c > top[0] {
			top[0], top[1] = c, top[0]
		} else if c > top[1] {
			top[1] = c
		}
	}
	if top[0]+top[1] < 300 || len(count) < 3 {
		t.Errorf("distribution %v: want the worst pieces most of the time and some variety", count)
	}
}

func TestRandomDealsEveryPiece(t *testing.T) {
	r := NewRandom(Options{Seed: 1})
	seen := map[engine.Piece]bool{}
	for i := 0; i < 200; i++ {
		seen[r.Next(View{})] = true
	}
	if len(seen) != 7 {
		t.Errorf("200 random pieces cover %d kinds", len(seen))
	}
}

// TestRandomizerInAnEngineGame drives a real engine game whose pieces come
// from a thrower: only O pieces arrive, and the game tops out.
func TestRandomizerInAnEngineGame(t *testing.T) {
	cfg := engine.ConfigFor(engine.GoalNone)
	cfg.Width = 9
	cfg.Preview = 1
	cfg.Hold = false
	th, _ := New("minimax", Options{Pieces: []engine.Piece{engine.O}, Height: 20})
	g, err := engine.NewGameWith(cfg, 1, Randomizer{th})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10000 && !g.Over(); i++ {
		in := engine.Input(0)
		if i%2 == 0 {
			in = engine.InHardDrop
		}
		for _, e := range g.Tick(in) {
			if e.Kind == engine.EvLock && e.Piece.Piece != engine.O {
				t.Fatalf("a %v locked", e.Piece.Piece)
			}
		}
	}
	if !g.Over() {
		t.Error("O pieces dropped in the middle of a 9-wide well never topped out")
	}
}
