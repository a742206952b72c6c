package hatetris

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// randomWells plays games against HATETRIS in which every piece goes to a
// random one of its landings (through the key presses of its path, so the
// game's own rules apply), and collects every well a piece spawned into,
// with the enemy's memory at that moment and the piece it gave.
type sampledWell struct {
	well  Well
	enemy *Enemy // the memory the choice was made with (a copy)
	given int    // the piece spawned, as engine.Piece
}

func randomWells(t testing.TB, games int, seed uint64) []sampledWell {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []sampledWell
	for n := 0; n < games; n++ {
		e := NewEnemy(false)
		g, err := NewGame(Standard, e)
		if err != nil {
			t.Fatal(err)
		}
		s := NewSearch(Standard)
		for !g.Over() {
			w := g.Well()
			before := e.Clone()
			before.seen = make(map[Well]struct{}, len(e.seen))
			for k := range e.seen {
				if k != w {
					before.seen[k] = struct{}{}
				}
			}
			out = append(out, sampledWell{well: w, enemy: before, given: int(g.Current())})
			ls := s.Landings(&w, g.Current())
			// Prefer landings that keep the game alive, most of the time,
			// so that the games run long and the wells get varied.
			pick := rng.IntN(len(ls))
			for try := 0; try < 8 && Over(Standard, &ls[pick].Well); try++ {
				pick = rng.IntN(len(ls))
			}
			before2 := g.Pieces()
			for _, m := range s.Path(pick) {
				g.Apply(m)
			}
			if !g.Over() && g.Pieces() != before2+1 {
				t.Fatalf("the path to landing %d did not lock the piece", pick)
			}
		}
	}
	return out
}

// TestBitsChildrenMatchSearch checks the bitboard move search against the
// original's breadth-first search on thousands of reachable wells, for all
// seven pieces: the same set of wells after the lock (the same lines, the
// same game overs), and the same best outcome for the enemy.
func TestBitsChildrenMatchSearch(t *testing.T) {
	wells := randomWells(t, 150, 7)
	if len(wells) < 2000 {
		t.Fatalf("only %d wells sampled", len(wells))
	}
	s := NewSearch(Standard)
	var g Gen
	var buf []Child
	for n, sw := range wells {
		b, ok := BitsOf(&sw.well)
		if !ok {
			t.Fatalf("well %d is not live", n)
		}
		if back := b.Well(); back != sw.well {
			t.Fatalf("well %d does not convert back", n)
		}
		g.Reset(&b)
		for _, id := range pieceOrder {
			want := map[string]int{}
			peak := -1
			for _, l := range s.Landings(&sw.well, id) {
				key := "over"
				if !Over(Standard, &l.Well) {
					key = l.Well.String(Standard)
				}
				want[key] = l.Lines
				if key == "over" {
					want[key] = 0
				}
				peak = max(peak, l.Well.Peak(Standard))
			}
			got := map[string]int{}
			buf = g.Children(id, buf[:0])
			for _, c := range buf {
				key := "over"
				if !c.Over {
					w := c.Well.Well()
					key = w.String(Standard)
				}
				if _, dup := got[key]; dup && key != "over" {
					t.Fatalf("well %d, %v: the child\n%sis listed twice", n, id, key)
				}
				got[key] = c.Lines
				// The placement is one of the original's landings for it.
				if !c.Over {
					w := sw.well
					if _, locked, _ := Step(Standard, &w, c.At.Piece(), Down); !locked {
						t.Fatalf("well %d, %v: child placement %+v does not lock", n, id, c.At)
					}
				}
			}
			if len(got) != len(want) {
				t.Fatalf("well %d, %v: %d distinct children, the original's search %d\n%s", n, id, len(got), len(want), sw.well.String(Standard))
			}
			for k, lines := range want {
				if gl, ok := got[k]; !ok || gl != lines {
					t.Fatalf("well %d, %v: child\n%s(lines %d) missing or with %d lines", n, id, k, lines, gl)
				}
			}
			if bp := g.BestPeak(id); bp != peak {
				t.Fatalf("well %d, %v: best peak %d, the original's %d\n%s", n, id, bp, peak, sw.well.String(Standard))
			}
		}
	}
	t.Logf("%d wells, 7 pieces each", len(wells))
}

// TestChooseMatchesEnemy checks the cached enemy with the loop rule
// against the original's enemy, on the sampled wells (each with the
// memory of its game) and along knewjade's "loop basis" replay, where the
// rule changes the choice.
func TestChooseMatchesEnemy(t *testing.T) {
	cache := NewEnemyCache(1 << 20)
	var g Gen
	var buf []Child
	check := func(name string, w Well, e *Enemy, want int) {
		t.Helper()
		b, _ := BitsOf(&w)
		seen := func(x *Bits) bool {
			xw := x.Well()
			return xw == w || e.Remembers(&xw)
		}
		for _, c := range []*EnemyCache{nil, cache, cache} { // computed, then cached
			id, _ := Choose(c, &g, &b, seen, buf[:0])
			if int(id) != want {
				t.Fatalf("%s: Choose gives %v, the original %v\n%s", name, id, want, w.String(Standard))
			}
		}
	}
	wells := randomWells(t, 60, 11)
	for _, sw := range wells {
		check("sampled well", sw.well, sw.enemy, sw.given)
	}
	// The loop basis: replay it, checking every spawn.
	var basis knownReplay
	for _, kr := range loadReplays(t) {
		if kr.name == "knewjade loop basis" {
			basis = kr
		}
	}
	moves, err := DecodeReplay(basis.replay)
	if err != nil {
		t.Fatal(err)
	}
	e := NewEnemy(false)
	game, _ := NewGame(Standard, e)
	fired := 0
	var plain Gen
	for _, m := range moves {
		pieces := game.Pieces()
		memory := e.Clone()
		if !game.Apply(m) || game.Over() || game.Pieces() == pieces {
			continue
		}
		nw := game.Well()
		check("loop basis", nw, memory, int(game.Current()))
		b, _ := BitsOf(&nw)
		plain.Reset(&b)
		if PlainOrderOf(&plain)[0] != game.Current() {
			fired++
		}
	}
	if fired == 0 {
		t.Error("the loop rule never changed the choice along the loop basis")
	}
	if hits, calls := cache.Stats(); hits == 0 || calls == 0 {
		t.Errorf("cache: %d hits of %d calls", hits, calls)
	}
}

func TestPlainOrderIsAPermutation(t *testing.T) {
	var g Gen
	var b Bits
	g.Reset(&b)
	ord := PlainOrderOf(&g)
	got := append([]int(nil), int(ord[0]), int(ord[1]), int(ord[2]), int(ord[3]), int(ord[4]), int(ord[5]), int(ord[6]))
	sort.Ints(got)
	for i := 1; i < len(got); i++ {
		if got[i] == got[i-1] {
			t.Fatalf("plain order %v repeats a piece", ord)
		}
	}
	// The empty well: the first piece of a game is an S (every piece but
	// the I leaves the peak at row 18; the flat I leaves it at 19).
	if ord != (PlainOrder{pieceOrder[0], pieceOrder[1], pieceOrder[2], pieceOrder[4], pieceOrder[5], pieceOrder[6], pieceOrder[3]}) {
		t.Errorf("empty well: %v", ord)
	}
}

// benchWells are reachable wells for the benchmarks.
func benchWells(b testing.TB) []Bits {
	var out []Bits
	for _, sw := range randomWells(b, 40, 3) {
		if w, ok := BitsOf(&sw.well); ok {
			out = append(out, w)
		}
	}
	return out
}

// BenchmarkBitsExpand is one well expanded as the beam does: the enemy's
// plain order (all seven pieces' landings rated), then every child of the
// chosen piece built. No cache.
func BenchmarkBitsExpand(b *testing.B) {
	wells := benchWells(b)
	var g Gen
	var buf []Child
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := &wells[i%len(wells)]
		_, buf = Choose(nil, &g, w, nil, buf[:0])
	}
}

// BenchmarkBitsChildren is the children of all seven pieces of a well
// (what the public Rust beam search times as "generating all children").
func BenchmarkBitsChildren(b *testing.B) {
	wells := benchWells(b)
	var g Gen
	var buf []Child
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.Reset(&wells[i%len(wells)])
		for _, id := range pieceOrder {
			buf = g.Children(id, buf[:0])
		}
	}
}

// BenchmarkSearchExpand is the same work as BenchmarkBitsExpand with the
// original's breadth-first search on the general well (what the beam used
// before): every landing of every piece, then the chosen piece's again.
func BenchmarkSearchExpand(b *testing.B) {
	wells := benchWells(b)
	s := NewSearch(Standard)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := wells[i%len(wells)].Well()
		best, bestPeak := pieceOrder[0], 99
		for _, id := range pieceOrder {
			p := -1
			for _, l := range s.Landings(&w, id) {
				p = max(p, l.Well.Peak(Standard))
			}
			if p < bestPeak {
				best, bestPeak = id, p
			}
		}
		s.Landings(&w, best)
	}
}

// BenchmarkBitsExpandCached is BenchmarkBitsExpand with the enemy's order
// from a warm cache.
func BenchmarkBitsExpandCached(b *testing.B) {
	wells := benchWells(b)
	cache := NewEnemyCache(64 << 20)
	var g Gen
	var buf []Child
	for i := range wells {
		cache.Order(&g, &wells[i])
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_, buf = Choose(cache, &g, &wells[i%len(wells)], nil, buf[:0])
	}
}
