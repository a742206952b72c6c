package well

import (
	"testing"

	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/prove"
)

// survives proves (or refutes) the placer's survival in a well and checks
// the certificate either way.
func survives(t *testing.T, w, h int, pieces string, preview bool, mode solver.Mode) bool {
	t.Helper()
	g, err := New(w, h, pieces, preview, mode)
	if err != nil {
		t.Fatal(err)
	}
	p, err := prove.Grow(g, Placer, prove.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prove.Check(g, p.Cert, prove.Options{}); err != nil {
		t.Fatalf("%s: %v", g.Name(), err)
	}
	return p.Safe
}

// The theorems already in the code's tests and docs: an O alone loses on an
// odd width, O alone survives on an even one; S and Z beat any placer on
// an even width.
func TestTheorems(t *testing.T) {
	for _, mode := range []solver.Mode{solver.ModeDrop, solver.ModeFull} {
		for _, c := range []struct {
			w, h   int
			pieces string
			want   bool
		}{
			{4, 2, "O", true},
			{6, 2, "O", true},
			{5, 6, "O", false},
			{7, 6, "O", false},
			{4, 6, "SZ", false},
			{6, 4, "SZ", false},
			{4, 4, "I", true},
		} {
			if got := survives(t, c.w, c.h, c.pieces, false, mode); got != c.want {
				t.Errorf("%v: %dx%d %s: survives %v, want %v", mode, c.w, c.h, c.pieces, got, c.want)
			}
		}
	}
}

// TestProveMatchesRetrograde: on small wells the proof agrees with the
// complete retrograde solution.
func TestProveMatchesRetrograde(t *testing.T) {
	for _, c := range []struct {
		w, h    int
		pieces  string
		preview bool
	}{{4, 4, "OI", false}, {4, 4, "OT", true}, {5, 4, "IL", false}, {4, 5, "LJ", false}} {
		g, err := New(c.w, c.h, c.pieces, c.preview, solver.ModeDrop)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := prove.Retrograde(g, prove.Options{})
		if err != nil {
			t.Fatal(err)
		}
		v, _, _ := sol.Lookup(g.Start())
		safe := survives(t, c.w, c.h, c.pieces, c.preview, solver.ModeDrop)
		if safe != (v != prove.Win) { // the start's side to move is the thrower
			t.Errorf("%s: grow says survives %v, retrograde %v for the thrower (%d states)", g.Name(), safe, v, len(sol.States))
		}
		t.Logf("%s: %d states, start %v for the thrower", g.Name(), len(sol.States), v)
	}
}
