package hatetris

import (
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/kocka/kocka/engine"
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

// TestWorstPiece: the enemy's first choice found with the straight-drop
// bounds (WorstPiece) is the first piece of the full plain order, on wells
// of random games, on the children a beam search rates (what the
// quiescence asks about), and on random bit patterns; and each piece's
// straight drops (found from the column heights) are landings, rated no
// higher than its best.
func TestWorstPiece(t *testing.T) {
	wells, games, children := enemyTestWells(t)
	var full, quick Gen
	for n, w := range wells {
		full.Reset(&w)
		quick.Reset(&w)
		want := PlainOrderOf(&full)[0]
		if got := WorstPiece(&quick); got != want {
			t.Fatalf("well %d: WorstPiece %v, the plain order starts with %v\n%v", n, got, want, w)
		}
		quick.columnTops()
		for _, id := range pieceOrder {
			best := full.BestPeak(id)
			if bound := quick.dropBound(id); bound > best || bound < 0 {
				t.Fatalf("well %d, %v: drops rate %d, the best landing %d", n, id, bound, best)
			}
			// Every straight drop is a landing the flood fill finds.
			lf, ll := full.landings(id)
			for o := range bitsShapes[id] {
				sh := &bitsShapes[id][o]
				for x := -sh.xMin; x+sh.xMin+sh.width <= 10; x++ {
					y := quick.dropY(sh, x)
					in := y >= lf && y <= ll && full.land[o][y]>>uint(x+3)&1 != 0
					if !in && !twinsCover(&full, id, o, y, 1<<uint(x+3), lf, ll) {
						t.Fatalf("well %d, %v: the drop of orientation %d at column %d to row %d is not a landing\n%v", n, id, o, x, y, w)
					}
				}
			}
		}
	}
	t.Logf("%d wells: %d of games, %d children, %d random", len(wells), games, children, len(wells)-games-children)
}

// enemyTestWells are wells to check the enemy's shortcuts on: those of
// random games, the children a beam search rates (what the quiescence
// asks about), and random bit patterns of every height, the bar's row
// included.
func enemyTestWells(t *testing.T) (wells []Bits, games, children int) {
	t.Helper()
	for _, sw := range randomWells(t, 120, 21) {
		if w, ok := BitsOf(&sw.well); ok {
			wells = append(wells, w)
		}
	}
	games = len(wells)
	b := testBeam(t, BeamConfig{Width: 32})
	var gen Gen
	var buf []Child
	for b.Step() {
		for i := 0; i < len(b.cur); i += 4 {
			gen.Reset(&b.cur[i].well)
			buf = gen.Children(PlainOrderOf(&gen)[0], buf[:0])
			for _, c := range buf {
				if !c.Over {
					wells = append(wells, c.Well)
				}
			}
		}
	}
	children = len(wells) - games
	rng := rand.New(rand.NewPCG(5, 5))
	for n := 0; n < 3000; n++ {
		var w Bits
		for r := rng.IntN(bitsRows); r < bitsRows; r++ {
			w[r] = uint16(rng.Uint32()) & fullRow &^ (1 << rng.IntN(10)) // never full
		}
		wells = append(wells, w)
	}
	if games < 1000 || children < 1000 {
		t.Fatalf("%d wells of games, %d children: too few", games, children)
	}
	return wells, games, children
}

// twinsCover reports whether the boxes extra of orientation o at row y are
// landings listed under a twin orientation (bitsTwins) in g.land.
func twinsCover(g *Gen, id engine.Piece, o, y int, extra uint16, first, last int) bool {
	for _, tw := range bitsTwins[id] {
		if tw.o != o {
			continue
		}
		ty := y + tw.dy
		if ty < first || ty > last {
			continue
		}
		var m uint16
		if tw.dx >= 0 {
			m = g.land[tw.of][ty] >> uint(tw.dx)
		} else {
			m = g.land[tw.of][ty] << uint(-tw.dx)
		}
		extra &^= m
	}
	return extra == 0
}

// BenchmarkEnemyFirstChoice is the enemy's first choice on a well, as the
// quiescence asks it of every child: the full plain order (seven move
// searches) against WorstPiece (straight-drop bounds, then the searches
// the bounds cannot rule out). No cache.
func BenchmarkEnemyFirstChoice(b *testing.B) {
	wells := benchWells(b)
	for _, c := range []struct {
		name  string
		first func(g *Gen) engine.Piece
	}{
		{"PlainOrder", func(g *Gen) engine.Piece { return PlainOrderOf(g)[0] }},
		{"WorstPiece", WorstPiece},
	} {
		b.Run(c.name, func(b *testing.B) {
			var g Gen
			for i := 0; i < b.N; i++ {
				g.Reset(&wells[i%len(wells)])
				c.first(&g)
			}
		})
	}
}

// TestSurelyQuiet: on a well surelyQuiet passes, every piece (not only the
// enemy's choice) has at least two landings that do not end the game and
// none that clears a line, so the quiescence may skip asking the enemy.
// The wells are those of TestWorstPiece, and the test fails if the
// shortcut never fires or always does.
func TestSurelyQuiet(t *testing.T) {
	wells, _, _ := enemyTestWells(t)
	var g Gen
	var buf []Child
	quiet := 0
	for n, w := range wells {
		if !w.surelyQuiet() {
			continue
		}
		quiet++
		g.Reset(&w)
		for _, id := range pieceOrder {
			live := 0
			buf = g.Children(id, buf[:0])
			for _, c := range buf {
				if c.Over {
					continue
				}
				live++
				if c.Lines > 0 {
					t.Fatalf("well %d: %v clears %d lines at %+v\n%v", n, id, c.Lines, c.At, w)
				}
			}
			if live < 2 {
				t.Fatalf("well %d: %v has %d live landings\n%v", n, id, live, w)
			}
		}
	}
	if quiet == 0 || quiet == len(wells) {
		t.Fatalf("surelyQuiet held on %d of %d wells: the test checks nothing", quiet, len(wells))
	}
	t.Logf("surelyQuiet on %d of %d wells", quiet, len(wells))
}

// TestSurelyQuietRows: the row rule by hand.
func TestSurelyQuietRows(t *testing.T) {
	for _, c := range []struct {
		row  uint16
		want bool
	}{
		{0, true},                  // empty
		{fullRow &^ 0b1111, false}, // a run of four: an I lying flat
		{fullRow &^ 0b11111, true}, // five: no piece
		{fullRow &^ (1 << 9), false},
		{fullRow &^ (1<<2 | 1<<4), true}, // two runs
		{fullRow &^ (0b111 << 6), false},
	} {
		var b Bits
		b[bitsRows-1] = c.row
		if got := b.surelyQuiet(); got != c.want {
			t.Errorf("bottom row %010b: surelyQuiet %v, want %v", c.row, got, c.want)
		}
	}
	var high Bits
	high[3] = 1 // a cell in the fourth row below the bar
	if high.surelyQuiet() {
		t.Error("a well within four rows of the bar is surely quiet")
	}
}

// TestEnemyCacheFirstPieceOnly: a slot Worst filled holds the first piece
// only; Worst answers from it, Order completes it to the full plain
// order, and a complete slot answers both.
func TestEnemyCacheFirstPieceOnly(t *testing.T) {
	var g, plain Gen
	for n, sw := range randomWells(t, 200, 5) {
		b, _ := BitsOf(&sw.well)
		plain.Reset(&b)
		want := PlainOrderOf(&plain)
		c := NewEnemyCache(1 << 16)
		if got := c.Worst(&g, &b); got != want[0] {
			t.Fatalf("well %d: Worst %v, want %v", n, got, want[0])
		}
		if _, _, v, ok := c.lookup(&b, false); !ok || v != (PlainOrder{want[0]}) {
			t.Fatalf("well %d: after Worst the slot holds %v (found %v), want the first piece only", n, v, ok)
		}
		if _, _, _, ok := c.lookup(&b, true); ok {
			t.Fatalf("well %d: a first piece only answers a complete lookup", n)
		}
		if got := c.Worst(&g, &b); got != want[0] {
			t.Fatalf("well %d: cached Worst %v, want %v", n, got, want[0])
		}
		if got := c.Order(&g, &b); got != want {
			t.Fatalf("well %d: Order %v, want %v", n, got, want)
		}
		if _, _, v, ok := c.lookup(&b, true); !ok || v != want {
			t.Fatalf("well %d: after Order the slot holds %v", n, v)
		}
		if got := c.Worst(&g, &b); got != want[0] {
			t.Fatalf("well %d: Worst from the full order %v, want %v", n, got, want[0])
		}
	}
}

// TestMirrored: column x goes to 9 - x, row by row, and mirroring twice
// is the well itself.
func TestMirrored(t *testing.T) {
	for _, c := range []struct{ row, want uint16 }{
		{0, 0},
		{1, 1 << 9},
		{1 << 9, 1},
		{0b11, 0b11 << 8},
		{0b1000010000, 0b0000100001},
		{fullRow, fullRow},
	} {
		var b Bits
		b[7] = c.row
		m := b.Mirrored()
		if m[7] != c.want || m.Cells() != b.Cells() {
			t.Errorf("row %010b mirrored: %010b, want %010b", c.row, m[7], c.want)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 1000; i++ {
		var b Bits
		for y := range b {
			b[y] = uint16(rng.IntN(1 << 10))
		}
		m := b.Mirrored()
		if m.Mirrored() != b {
			t.Fatalf("%v mirrored twice: %v", b, m.Mirrored())
		}
		for y := range b {
			for x := 0; x < 10; x++ {
				if b[y]>>x&1 != m[y]>>(9-x)&1 {
					t.Fatalf("row %d column %d: %d, mirrored column %d: %d", y, x, b[y]>>x&1, 9-x, m[y]>>(9-x)&1)
				}
			}
		}
	}
}
