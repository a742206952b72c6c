package pc

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kocka/kocka/engine"
)

// refCounts is the brute-force reference of Enumerate: every order of
// placements in the field as it is at each turn (full rows cleared), the
// resulting sets of (kind, starting cells) gathered. It never splits a
// piece by hand: a split piece is one placed after the rows between its
// rows cleared, as the definition says.
type refCounts struct{ fit, clear, noSplit int }

// refEnumerate walks every partial set once (the field after a set does
// not depend on the order that built it).
func refEnumerate(t testing.TB, f Field) refCounts {
	t.Helper()
	var rc refCounts
	for _, withMoves := range []bool{false, true} {
		gen := &generator{rules: Rules{Drop: SoftDrop}, cache: newMoveCache()}
		seen := map[string]bool{}
		done := map[string]bool{}
		var stack []uint64 // kind<<60 | starting cells
		var walk func(f Field, rm rowMap)
		walk = func(f Field, rm rowMap) {
			k := setKey(stack)
			if seen[k] {
				return
			}
			seen[k] = true
			if f.Cleared() {
				done[k] = true
				return
			}
			for _, p := range engine.Pieces {
				var masks []uint64
				if withMoves {
					for _, m := range gen.moves(f, p) {
						masks = append(masks, m.mask)
					}
				} else {
					masks = fits(f, p)
				}
				for _, m := range masks {
					stack = append(stack, uint64(p)<<60|rm.toStart(m, f.Height))
					walk(f.place(move{mask: m}), rm.after(f.Rows|m, f.Height))
					stack = stack[:len(stack)-1]
				}
			}
		}
		walk(f, identityRows())
		if !withMoves {
			rc.fit = len(done)
			continue
		}
		rc.clear = len(done)
		for k := range done {
			split := false
			for i := 0; i+8 <= len(k); i += 8 {
				var m uint64
				for j := 0; j < 8; j++ {
					m |= uint64(k[i+j]) << (8 * j)
				}
				m &= 1<<60 - 1
				var rows uint8
				for y := 0; y < MaxLines; y++ {
					if m>>(uint(y)*Width)&rowMask != 0 {
						rows |= 1 << uint(y)
					}
				}
				if rows>>uint(bits.TrailingZeros8(rows)) != (1<<uint(bits.OnesCount8(rows)))-1 {
					split = true
				}
			}
			if !split {
				rc.noSplit++
			}
		}
	}
	return rc
}

func setKey(stack []uint64) string {
	s := slices.Clone(stack)
	slices.Sort(s)
	b := make([]byte, 0, 8*len(s))
	for _, v := range s {
		for j := 0; j < 8; j++ {
			b = append(b, byte(v>>(8*j)))
		}
	}
	return string(b)
}

// fits lists every set of cells piece p covers inside f's region on empty
// cells, resting or not.
func fits(f Field, p engine.Piece) []uint64 {
	var out []uint64
	for r := engine.Rotation(0); r < 4; r++ {
		for x := -3; x < Width; x++ {
		pos:
			for y := -3; y < f.Height; y++ {
				var m uint64
				for _, c := range (engine.Placed{Piece: p, Rot: r, X: x, Y: y}).Cells() {
					if c.X < 0 || int(c.X) >= Width || c.Y < 0 || int(c.Y) >= f.Height {
						continue pos
					}
					m |= 1 << uint(int(c.Y)*Width+int(c.X))
				}
				if m&f.Rows == 0 && !slices.Contains(out, m) {
					out = append(out, m)
				}
			}
		}
	}
	return out
}

// randomEnumField makes a field of 4 lines that takes 5 pieces: 5 random
// pieces dropped (any placement the movegen reaches), no row full.
func randomEnumField(rng *rand.Rand) Field {
	gen := &generator{rules: Rules{Drop: SoftDrop}}
again:
	for {
		f := Field{Height: 4}
		for k := 0; k < 5; k++ {
			ms := gen.generate(f, engine.Pieces[rng.IntN(engine.NumPieces)])
			if len(ms) == 0 {
				continue again
			}
			f.Rows |= ms[rng.IntN(len(ms))].mask
			if fullRows(f.Rows, 4) != 0 {
				continue again
			}
		}
		return f
	}
}

func TestEnumerateAgainstReference(t *testing.T) {
	cases := []Field{
		{Height: 2}, // the empty 2x10 box: 5 pieces
		// A 5-wide well, 5 pieces.
		mustRows(t, 4, "XXXXX_____", "XXXXX_____", "XXXXX_____", "XXXXX_____"),
		// Overhangs that need tucks and spins, and splits.
		mustRows(t, 4, "XXXXXX____", "XX__XXX___", "X___XXXX__", "XX_XXXXXX_"),
		mustRows(t, 4, "XXXXX_____", "XXX___XX__", "XXXX__XXXX", "XX___XXX_X"),
	}
	rng := rand.New(rand.NewPCG(11, 0xe17))
	for i := 0; i < 150; i++ {
		cases = append(cases, randomEnumField(rng))
	}
	var sum refCounts
	nonzero := 0
	for i, f := range cases {
		want := refEnumerate(t, f)
		if want.fit > 0 {
			nonzero++
		}
		got, err := Enumerate(context.Background(), f, All, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got.Fit != int64(want.fit) || got.Clear != int64(want.clear) || got.ClearNoSplit != int64(want.noSplit) {
			t.Errorf("case %d:\n%sgot fit %d clear %d no split %d; reference %d %d %d",
				i, f, got.Fit, got.Clear, got.ClearNoSplit, want.fit, want.clear, want.noSplit)
		}
		sum.fit += want.fit
		sum.clear += want.clear
		sum.noSplit += want.noSplit
		// The shards add up to the whole.
		var parts EnumCounts
		for s := 0; s < 3; s++ {
			c, err := Enumerate(context.Background(), f, Shard{s, 3}, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			parts.add(c)
		}
		if parts != got {
			t.Errorf("case %d: shards add up to %+v, whole %+v", i, parts, got)
		}
	}
	// The cases must exercise every condition: some covers fail each.
	t.Logf("reference totals: fit %d, clear %d, no split %d; %d of %d fields with a cover", sum.fit, sum.clear, sum.noSplit, nonzero, len(cases))
	if sum.clear == sum.fit || sum.noSplit == sum.clear || sum.clear == 0 {
		t.Errorf("the cases do not tell the conditions apart: %+v", sum)
	}
}

func mustRows(t testing.TB, lines int, rows ...string) Field {
	t.Helper()
	f, err := ParseRows(rows, lines)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestStraightDropMatchesMovegen checks the fast path of Enumerate against
// the movegen on random fields: every resting placement with nothing above
// its cells, or that slides there along its row from such a place, is one
// the movegen finds, and reaches answers as the movegen for the others.
func TestStraightDropMatchesMovegen(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 0xd20))
	s := newTiling(Field{Height: 4}).searcher(10)
	gen := &generator{rules: Rules{Drop: SoftDrop}}
	checked, spins, tucks := 0, 0, 0
	for i := 0; i < 400; i++ {
		h := 1 + rng.IntN(MaxLines)
		f := Field{Height: h}
		fill := 10 + rng.IntN(60)
		for c := 0; c < h*Width; c++ {
			if rng.IntN(100) < fill {
				f.Rows |= 1 << uint(c)
			}
		}
		f = f.clearFull()
		if f.Height == 0 {
			continue
		}
		shadow := below(f.Rows, f.Height)
		for _, p := range engine.Pieces {
			var reached []uint64
			for _, m := range gen.generate(f, p) {
				reached = append(reached, m.mask)
			}
			for _, m := range fits(f, p) {
				rests := m&rowMask != 0 || (m>>Width)&f.Rows != 0
				if !rests {
					continue
				}
				want := slices.Contains(reached, m)
				var got bool
				if m&shadow == 0 || slides(m, f.Rows, shadow) {
					got = true
					if want && m&shadow != 0 {
						tucks++
					}
				} else {
					got = s.reaches(f, p, m)
					if want {
						spins++
					}
				}
				checked++
				if got != want {
					t.Fatalf("%v on cells %x of\n%s: fast path says %v, movegen %v", p, m, f, got, want)
				}
			}
		}
	}
	if spins == 0 || tucks == 0 {
		t.Fatalf("%d placements needed the movegen, %d were slides: the fields test too little", spins, tucks)
	}
	t.Logf("%d resting placements checked, %d reached by a slide, %d asked the movegen", checked, tucks, spins)
}

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Shard
		ok   bool
	}{
		{"0/1", All, true}, {"3/4", Shard{3, 4}, true}, {"4/4", Shard{}, false},
		{"-1/4", Shard{}, false}, {"1/0", Shard{}, false}, {"1", Shard{}, false},
		{"1/2x", Shard{}, false}, {"", Shard{}, false}, {"0/5000", Shard{}, false},
	} {
		got, err := ParseShard(tc.in)
		if (err == nil) != tc.ok || tc.ok && got != tc.want {
			t.Errorf("ParseShard(%q) = %v, %v", tc.in, got, err)
		}
	}
	// Ranges tile the items.
	for n := 0; n < 20; n++ {
		next := 0
		for i := 0; i < 7; i++ {
			lo, hi := Shard{i, 7}.Range(n)
			if lo != next || hi < lo {
				t.Fatalf("Range(%d) of shard %d/7 = %d..%d", n, i, lo, hi)
			}
			next = hi
		}
		if next != n {
			t.Fatalf("ranges of %d end at %d", n, next)
		}
	}
}

func BenchmarkEnumerate(b *testing.B) {
	// One shard of 200 of the empty 4x10 box, on one goroutine.
	for b.Loop() {
		if _, err := Enumerate(context.Background(), Field{Height: 4}, Shard{7, 200}, 1, nil); err != nil {
			b.Fatal(err)
		}
	}
}
