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

// TestKicksSRSPlusElsewhere: where srs+ must not change the placements.
// The engine's SRS+ has SRS's quarter-turn kicks and adds half turns, so
// with soft drop srs+ is --drop 180 exactly, and with hard drop (turns in
// the open air above the field, where no kick is needed) it is srs.
func TestKicksSRSPlusElsewhere(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 2))
	pairs := [][2]Rules{
		{{Drop: SoftDrop, Kicks: KicksSRSPlus}, {Drop: SoftDrop180}},
		{{Drop: HardDrop, Kicks: KicksSRSPlus}, {Drop: HardDrop}},
	}
	for _, pr := range pairs {
		a, b := newRegionGen(pr[0]), newRegionGen(pr[1])
		for i := 0; i < 1000; i++ {
			f := randomRegion(rng)
			for _, p := range engine.Pieces {
				ma, mb := a.generate(nil, f, p), b.generate(nil, f, p)
				if !slices.Equal(ma, mb) {
					t.Fatalf("%v/%v vs %v/%v, %v on\n%s%v\n%v", pr[0].Drop, pr[0].Kicks, pr[1].Drop, pr[1].Kicks, p, f, ma, mb)
				}
			}
		}
	}
}
