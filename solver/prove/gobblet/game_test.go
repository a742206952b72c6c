package gobblet

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kocka/kocka/solver/prove"
)

// randomBoards plays random games of r from the start and returns every
// position they pass through (n of them, games restarting when over).
func randomBoards(r *Rules, n int, seed uint64) []Board {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []Board
	b := r.Start()
	var ms []Move
	for len(out) < n {
		out = append(out, b)
		ms = r.Moves(&b, ms[:0])
		// Restart at the end, and now and then anyway, so that early
		// positions are sampled as often as the long middle game.
		if len(ms) == 0 || rng.IntN(150) == 0 {
			b = r.Start()
			continue
		}
		b = r.Play(b, ms[rng.IntN(len(ms))])
	}
	return out
}

// image is b with its squares permuted by p.
func image(b *Board, p []int) Board {
	img := Board{Mover: b.Mover, Forfeit: b.Forfeit}
	for z := range b.B {
		for c := 0; c < 2; c++ {
			for q, to := range p {
				if b.B[z][c]&(1<<q) != 0 {
					img.B[z][c] |= 1 << to
				}
			}
		}
	}
	return img
}

// TestPackedGame checks the packed game against Board on random reachable
// positions of AB (plain bit fields) and ABC (ranked fields): the packing
// round trips, the canonical form is the least packing of the 32 images,
// and the packed game's moves, side to move and end are Board's.
func TestPackedGame(t *testing.T) {
	for _, c := range []struct {
		variant string
		bits    int
		ranked  bool
		pieces  int
	}{
		{"ab", 50, false, 9},
		{"abc", 52, true, 15},
	} {
		for _, first := range []int{Drawing, Attacker} {
			r, err := Variant(c.variant, first)
			if err != nil {
				t.Fatal(err)
			}
			g, err := NewGame(r)
			if err != nil {
				t.Fatal(err)
			}
			if g.Bits() != c.bits || g.ranked != c.ranked {
				t.Fatalf("%s: %d bits, ranked %v; want %d, %v", r.Label, g.Bits(), g.ranked, c.bits, c.ranked)
			}
			syms := Symmetries(4)
			var ms []Move
			placed := 0 // positions with every piece on the board
			for i, b := range randomBoards(&r, 5000, uint64(first)+7) {
				if countPieces(&b) == c.pieces {
					placed++
				}
				s := g.Pack(&b)
				if s>>g.Bits() != 0 {
					t.Fatalf("%s: %#x wider than %d bits", r.Label, s, g.Bits())
				}
				if u := g.Unpack(s); u != b {
					t.Fatalf("%s: unpack\n%s want\n%s", r.Label, r.String(&u), r.String(&b))
				}
				least := prove.NoState
				for _, p := range syms {
					img := image(&b, p)
					least = min(least, g.Pack(&img))
				}
				if got := g.Canonical(s); got != least {
					t.Fatalf("%s: canonical %#x, least image %#x of\n%s", r.Label, got, least, r.String(&b))
				}
				if g.Mover(s) != b.Mover {
					t.Fatalf("%s: mover %d, want %d", r.Label, g.Mover(s), b.Mover)
				}
				over, _ := g.Terminal(s)
				if over != (r.Outcome(&b) != Going) {
					t.Fatalf("%s: terminal %v, outcome %v", r.Label, over, r.Outcome(&b))
				}
				if over {
					continue
				}
				got := g.Moves(s, nil)
				ms = r.Moves(&b, ms[:0])
				if len(got) != len(ms) {
					t.Fatalf("%s: %d packed moves, %d on the board", r.Label, len(got), len(ms))
				}
				for j, m := range ms {
					want := r.Play(b, m)
					if u := g.Unpack(got[j]); u != want {
						t.Fatalf("%s position %d move %v: packed game gives\n%s want\n%s", r.Label, i, m, r.String(&u), r.String(&want))
					}
				}
			}
			if placed < 100 {
				t.Errorf("%s: only %d of the positions have all %d pieces out: the sample misses the late game", r.Label, placed, c.pieces)
			}
		}
	}
}

func countPieces(b *Board) int {
	n := 0
	for z := range b.B {
		n += bits.OnesCount16(b.B[z][0]) + bits.OnesCount16(b.B[z][1])
	}
	return n
}

// TestRankOrder checks that ranks follow the order of the bit sets (what
// makes the least rank the least set) and cover every set of at most 3
// squares.
func TestRankOrder(t *testing.T) {
	r, _ := Variant("abc", Drawing)
	g, err := NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.unrank) != 697 || g.fw != 10 {
		t.Fatalf("%d sets in %d bits, want 697 in 10", len(g.unrank), g.fw)
	}
	if !slices.IsSorted(g.unrank) {
		t.Error("ranks out of the order of the sets")
	}
	for k, x := range g.unrank {
		if int(g.rank[x]) != k {
			t.Fatalf("rank(unrank(%d)) = %d", k, g.rank[x])
		}
	}
}

func BenchmarkCanonicalABC(b *testing.B) {
	r, _ := Variant("abc", Drawing)
	g, err := NewGame(r)
	if err != nil {
		b.Fatal(err)
	}
	boards := randomBoards(&r, 1024, 3)
	states := make([]prove.State, len(boards))
	for i := range boards {
		states[i] = g.Pack(&boards[i])
	}
	var sink prove.State
	for i := 0; i < b.N; i++ {
		sink ^= g.Canonical(states[i%len(states)])
	}
	_ = sink
}

// TestMoveOrderName: the name a grow checkpoint records follows
// SetPlainOrder on 4x4, so that a search resumed with another --order is
// refused; 3x3 has one order whatever the setting.
func TestMoveOrderName(t *testing.T) {
	r, err := Variant("abc", Drawing)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rules Rules
		plain bool
		want  string
	}{
		{r, false, "held"},
		{r, true, "plain"},
		{SmallGobblers(1, 3), false, "lines"},
		{SmallGobblers(1, 3), true, "lines"},
	} {
		g, err := NewGame(c.rules)
		if err != nil {
			t.Fatal(err)
		}
		g.SetPlainOrder(c.plain)
		var pg prove.Game = g
		n, ok := pg.(prove.MoveOrderNamer)
		if !ok {
			t.Fatal("the game does not name its move order")
		}
		if got := n.MoveOrderName(); got != c.want {
			t.Errorf("%s plain %v: %q, want %q", g.Name(), c.plain, got, c.want)
		}
	}
}
