package pc

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kocka/kocka/engine"
)

func TestParseKicks(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Kicks
		ok   bool
	}{
		{"srs", KicksSRS, true},
		{"srs+", KicksSRSPlus, true},
		{"SRS", 0, false},
		{"", 0, false},
		{"srsx", 0, false},
	} {
		got, err := ParseKicks(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("ParseKicks(%q) = %v, %v", tc.in, got, err)
		}
		if tc.ok && got.String() != tc.in {
			t.Errorf("%v.String() = %q", got, got.String())
		}
	}
}

// TestKicksSRSPlusChangesSolve: a J then an L, no hold, where the L only
// gets into its slot by a half turn with an SRS+ 180 kick (found by a
// random search over two-piece clears): srs has no clear, srs+ has one,
// and it replays.
func TestKicksSRSPlusChangesSolve(t *testing.T) {
	f, err := ParseRows([]string{
		"X..XXXXXXX",
		"XX....XXXX",
		"XX.XX.XXXX",
	}, 3)
	if err != nil {
		t.Fatal(err)
	}
	q := []engine.Piece{engine.J, engine.L}
	for _, tc := range []struct {
		r    Rules
		want bool
	}{
		{Rules{}, false},
		{Rules{Kicks: KicksSRSPlus}, true},
		{Rules{Drop: SoftDrop180}, true}, // the same table
		{Rules{Drop: HardDrop}, false},   // no tucks at all
		{Rules{Drop: HardDrop, Kicks: KicksSRSPlus}, false},
	} {
		sol, ok, err := Solve(f, q, tc.r)
		if err != nil {
			t.Fatal(err)
		}
		if ok != tc.want {
			t.Errorf("%v %v: clear %v, want %v", tc.r.Drop, tc.r.Kicks, ok, tc.want)
			continue
		}
		if ok {
			if err := sol.Replay(f, tc.r); err != nil {
				t.Errorf("%v %v: %v", tc.r.Drop, tc.r.Kicks, err)
			}
			if err := sol.Replay(f, Rules{}); err == nil {
				t.Errorf("%v %v: the clear replays under srs too", tc.r.Drop, tc.r.Kicks)
			}
		}
	}
}

// TestKicksSRSPlusElsewhere: srs+ differs from srs only by the half
// turns. The engine's SRS+ table has SRS's quarter-turn kicks (TETR.IO's
// SRS+ changes the I's) and adds half turns, so with soft drop srs+ finds
// every placement srs finds and some more (those only a half turn
// reaches), and with hard drop (turns in the open air above the field,
// where no kick is needed) exactly srs's. With soft drop, srs+ and
// --drop 180 take the same table (Rules.movegen), so comparing them would
// test nothing.
func TestKicksSRSPlusElsewhere(t *testing.T) {
	for _, p := range engine.Pieces {
		for r := engine.Rot0; r <= engine.RotL; r++ {
			for _, to := range []engine.Rotation{r.CW(), r.CCW()} {
				if a, b := engine.SRSPlus.Kicks(p, r, to), engine.SRS.Kicks(p, r, to); !slices.Equal(a, b) {
					t.Errorf("%v %v->%v: SRS+ kicks %v, SRS %v", p, r, to, a, b)
				}
			}
			if engine.SRS.Kicks(p, r, r.Flip()) != nil || engine.SRSPlus.Kicks(p, r, r.Flip()) == nil {
				t.Errorf("%v %v->%v: SRS should have no half turn, SRS+ one", p, r, r.Flip())
			}
		}
	}

	rng := rand.New(rand.NewPCG(12, 2))
	soft, softPlus := newRegionGen(Rules{}), newRegionGen(Rules{Kicks: KicksSRSPlus})
	hard, hardPlus := newRegionGen(Rules{Drop: HardDrop}), newRegionGen(Rules{Drop: HardDrop, Kicks: KicksSRSPlus})
	more := 0 // placements soft drop finds with srs+ and not with srs
	for i := 0; i < 1000; i++ {
		f := randomRegion(rng)
		for _, p := range engine.Pieces {
			ms, mp := soft.generate(nil, f, p), softPlus.generate(nil, f, p)
			plus := map[uint64]bool{}
			for _, m := range mp {
				plus[m.mask] = true
			}
			for _, m := range ms {
				if !plus[m.mask] {
					t.Fatalf("softdrop: srs places %v at %v on\n%s\nsrs+ does not", p, m.placed(p), f)
				}
			}
			more += len(mp) - len(ms)
			if ha, hb := hardPlus.generate(nil, f, p), hard.generate(nil, f, p); !slices.Equal(ha, hb) {
				t.Fatalf("harddrop: srs+ and srs differ, %v on\n%s%v\n%v", p, f, ha, hb)
			}
		}
	}
	if more == 0 {
		t.Error("softdrop: srs+ found no placement srs does not (the half turns did nothing)")
	}
	t.Logf("softdrop: srs+ found %d placements more than srs", more)
}
