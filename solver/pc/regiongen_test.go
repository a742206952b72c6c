package pc

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// allRules are the movement rules regionGen must agree with
// solver.Generator on.
var allRules = []Rules{
	{Drop: SoftDrop},
	{Drop: HardDrop},
	{Drop: SoftDrop180},
	{Drop: HardDrop, Kicks: KicksSRSPlus},
}

// randomRegion makes a field of 1..6 rows: random cells at a random
// density, or the cells some random pieces leave, or a mix (holes under
// overhangs are what tucks and spins need).
func randomRegion(rng *rand.Rand) Field {
	h := 1 + rng.IntN(MaxLines)
	f := Field{Height: h}
	switch rng.IntN(3) {
	case 0:
		density := rng.Float64()
		for i := 0; i < h*Width; i++ {
			if rng.Float64() < density {
				f.Rows |= 1 << uint(i)
			}
		}
	default:
		g := &generator{rules: Rules{Drop: Drop(rng.IntN(3))}}
		for k := rng.IntN(3 * h); k > 0; k-- {
			ms := g.moves(f, engine.Pieces[rng.IntN(engine.NumPieces)])
			if len(ms) == 0 {
				break
			}
			f.Rows |= ms[rng.IntN(len(ms))].mask
		}
		// Punch a few holes, so that overhangs appear.
		for k := rng.IntN(4); k > 0; k-- {
			f.Rows &^= 1 << uint(rng.IntN(h*Width))
		}
	}
	return f
}

func checkRegionGen(t *testing.T, g *regionGen, f Field, p engine.Piece) {
	t.Helper()
	got := g.generate(nil, f, p)
	want := solverMoves(f, p, g.rules)
	if !slices.Equal(got, want) {
		t.Fatalf("%v %v %v, field\n%s\nregionGen %v\nsolver    %v", g.rules.Drop, g.rules.Kicks, p, f, got, want)
	}
}

// TestRegionGenMatchesSolver: on thousands of random fields, for every
// piece and every movement rule, regionGen gives the placements (cells,
// orientation, position, order) solver.Generator gives.
func TestRegionGenMatchesSolver(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewPCG(11, 1))
	gens := map[Rules]*regionGen{}
	for _, r := range allRules {
		gens[r] = newRegionGen(r)
	}
	for i := 0; i < n; i++ {
		f := randomRegion(rng)
		for _, r := range allRules {
			for _, p := range engine.Pieces {
				checkRegionGen(t, gens[r], f, p)
			}
		}
	}
}

// TestRegionGenCases: fields where the moves that matter are tucks, spins
// and kicks, drawn by hand.
func TestRegionGenCases(t *testing.T) {
	cases := [][]string{
		{ // a T-spin double slot
			"XX........",
			"X...XXXXXX",
			"XX.XXXXXXX",
		},
		{ // an S/Z tuck under an overhang
			"......XXXX",
			"X.........",
			"XX....XXXX",
		},
		{ // an I that only fits by a kick into the well
			"XXXXXXXXX.",
			"XXXXXXXXX.",
			"XXXXXXXXX.",
			"XXXXXXXXX.",
		},
		{ // six rows, nearly full
			"XXXXX.XXXX",
			"XXXX..XXXX",
			"XXXX.XXXXX",
			"XXX...XXXX",
			"X.XXXXXXXX",
			"..XXXXXXXX",
		},
	}
	for _, rows := range cases {
		f, err := ParseRows(rows, len(rows))
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range allRules {
			g := newRegionGen(r)
			for _, p := range engine.Pieces {
				checkRegionGen(t, g, f, p)
			}
		}
	}
}

func FuzzRegionGen(f *testing.F) {
	f.Add(uint64(0), uint8(4), uint8(0), uint8(0))
	f.Add(uint64(0x3FF3FE), uint8(3), uint8(2), uint8(0))
	f.Add(uint64(0xFFFFFFFF7), uint8(6), uint8(0), uint8(2))
	gens := map[Rules]*regionGen{}
	f.Fuzz(func(t *testing.T, cells uint64, h, piece, drop uint8) {
		fd := Field{Height: 1 + int(h)%MaxLines}
		fd.Rows = cells & (uint64(1)<<uint(fd.Height*Width) - 1)
		r := allRules[int(drop)%len(allRules)]
		g := gens[r]
		if g == nil {
			g = newRegionGen(r)
			gens[r] = g
		}
		checkRegionGen(t, g, fd, engine.Pieces[int(piece)%engine.NumPieces])
	})
}

// searchFields are (field, piece) pairs a search asks the movegen about:
// those of the first sequences of the empty field's ten-piece row.
func searchFields(tb testing.TB) []moveKey {
	tb.Helper()
	f, err := ParseFumen("v115@vhAAgH", 4)
	if err != nil {
		tb.Fatal(err)
	}
	pat, err := ParsePattern([]string{"T,I,L,J,S,Z,O,*p4"})
	if err != nil {
		tb.Fatal(err)
	}
	seqs, err := Sequences(pat, 10, true)
	if err != nil {
		tb.Fatal(err)
	}
	s := newShared(Rules{Hold: true})
	srch := s.searcher()
	srch.gen.cache = s.moves // to see what was asked
	for _, q := range seqs[:4] {
		srch.check(f, q, 10)
	}
	var keys []moveKey
	for i := range s.moves.shards {
		for k := range s.moves.shards[i].m {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b moveKey) int {
		if a.f != b.f {
			if a.f < b.f {
				return -1
			}
			return 1
		}
		return int(a.p) - int(b.p)
	})
	return keys
}

func BenchmarkRegionGen(b *testing.B) {
	keys := searchFields(b)
	field := func(k moveKey) Field { return Field{Rows: k.f & (1<<60 - 1), Height: int(k.f >> 60)} }
	b.Run("region", func(b *testing.B) {
		g := newRegionGen(Rules{})
		var buf []move
		for i := 0; i < b.N; i++ {
			k := keys[i%len(keys)]
			buf = g.generate(buf[:0], field(k), k.p)
		}
	})
	b.Run("solver", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			k := keys[i%len(keys)]
			solverMoves(field(k), k.p, Rules{})
		}
	})
}

// solverMoves is what generate gives, by solver.Generator on an engine
// board of the region: regionGen's reference.
func solverMoves(f Field, p engine.Piece, r Rules) []move {
	b := engine.NewBoard(Width, boardHeight(f.Height))
	var rows [MaxLines]uint16
	for y := 0; y < f.Height; y++ {
		rows[y] = f.Row(y)
	}
	b.SetRows(rows[:f.Height], engine.I)
	var out []move
next:
	for _, pl := range solver.Generate(b, p, r.movegen(f.Height)) {
		var mask uint64
		for _, c := range pl.Cells() {
			if int(c.Y) >= f.Height {
				continue next
			}
			mask |= 1 << uint(int(c.Y)*Width+int(c.X))
		}
		for _, o := range out {
			if o.mask == mask {
				continue next // the same cells by another orientation or spin
			}
		}
		out = append(out, move{mask: mask, rot: pl.Rot, x: int8(pl.X), y: int8(pl.Y)})
	}
	return out
}
