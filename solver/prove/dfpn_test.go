package prove_test

import (
	"testing"

	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/tictactoe"
)

var dfpnStalls int // searches where df-pn alone went round without progress

// dfpnAgrees runs DFPN for both drawers from g's start and compares with
// the retrograde value v of the side to move (player 0 on the graphs):
// safe exactly when the value says so, and the certificate checks.
func dfpnAgrees(t *testing.T, name string, g prove.Game, v prove.Value) {
	t.Helper()
	mover := g.Mover(g.Canonical(g.Start()))
	for drawer := 0; drawer < 2; drawer++ {
		p, err := prove.DFPN(g, drawer, prove.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := (drawer == mover && v != prove.Loss) || (drawer != mover && v != prove.Win)
		if p.Safe != want || p.Cert.Win == p.Safe {
			t.Fatalf("%s: drawer %d safe %v (win certificate %v), want safe %v", name, drawer, p.Safe, p.Cert.Win, want)
		}
		if _, err := prove.Check(g, p.Cert, prove.Options{Workers: 1}); err != nil {
			t.Fatalf("%s: drawer %d: %v", name, drawer, err)
		}
		// df-pn alone never claims a win that is not there, and settles
		// every start one way or the other unless it stalls.
		proven, disproven, stalled := prove.DFPNOnly(g, drawer)
		if stalled {
			dfpnStalls++
		}
		if (proven == disproven && !stalled) || (proven && disproven) || (proven && want) {
			t.Fatalf("%s: drawer %d: df-pn proven %v disproven %v stalled %v, drawer safe %v", name, drawer, proven, disproven, stalled, want)
		}
	}
}

// TestDFPNGraphs: hand-made graphs with cycles and a thousand random ones
// (dead ends lose for the side to move there), against retrograde
// analysis. On graphs without cycles df-pn alone must find every win.
func TestDFPNGraphs(t *testing.T) {
	hand := [][][]int{
		{{1}, {0}},                                // a pure cycle: a draw
		{{1, 2}, {0}, {}},                         // leave the cycle to a dead end: a win
		{{1, 2}, {0}, {3}, {}},                    // the only exit loses: stay, a draw
		{{1}, {2}, {}},                            // no cycle, lost in 2
		{{1}, {2}, {0, 3}, {4}, {}},               // a three-cycle nobody leaves
		{{1, 5}, {2}, {0}, {}, {}, {6}, {7}, {}},  // a win in 3 off the cycle
		{{1, 5}, {2}, {0}, {}, {}, {6}, {7}, {3}}, // the exit one step longer loses
		{{1, 2}, {0, 3}, {3}, {4, 0}, {}},         // cycles through both sides' nodes
		{{1}, {2, 3}, {1}, {4, 5}, {}, {3, 0}},    // a win only by leaving two cycles
	}
	dfpnStalls = 0
	searches := 0
	try := func(name string, edges [][]int, start int) (won, found bool) {
		g := graph{edges: edges, start: start}
		sol, err := prove.Retrograde(g, prove.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		v, _, _ := sol.Lookup(g.Start())
		dfpnAgrees(t, name, g, v)
		searches += 2
		if v == prove.Win {
			proven, _, _ := prove.DFPNOnly(g, 1)
			return true, proven
		}
		return false, false
	}
	for _, edges := range hand {
		for start := range edges {
			try("hand-made graph", edges, start)
		}
	}
	rng := uint64(7)
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	var wins, found int
	for trial := 0; trial < 1000; trial++ {
		n := 2 + next(14)
		acyclic := trial%2 == 0 // edges only to higher nodes
		edges := make([][]int, n)
		for i := range edges {
			for range next(4) {
				j := next(n)
				if acyclic {
					if i == n-1 {
						break
					}
					j = i + 1 + next(n-1-i)
				}
				edges[i] = append(edges[i], j)
			}
		}
		for start := 0; start < n; start++ {
			w, f := try("random graph", edges, start)
			if w && acyclic && !f {
				t.Fatalf("trial %d, %v from %d: df-pn missed a win without cycles", trial, edges, start)
			}
			if w {
				wins++
			}
			if f {
				found++
			}
		}
	}
	t.Logf("df-pn alone found %d of %d wins (the rest went to the safety search); it stalled in %d of %d searches", found, wins, dfpnStalls, searches)
}

// TestDFPNTicTacToe: nobody wins from the empty board; from a sample of
// positions df-pn agrees with retrograde analysis; after X's centre and
// O's edge df-pn proves X's win with a certificate that checks.
func TestDFPNTicTacToe(t *testing.T) {
	sol, err := prove.Retrograde(tictactoe.Game{}, prove.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range sol.States {
		if i%5 != 0 {
			continue
		}
		v, _, _ := sol.Lookup(s)
		dfpnAgrees(t, "tic-tac-toe", from{tictactoe.Game{}, s}, v)
	}
	g := from{tictactoe.Game{}, 1<<4 | 1<<(9+1)}
	if proven, _, _ := prove.DFPNOnly(g, 1); !proven {
		t.Error("df-pn did not find X's win after an edge reply")
	}
}

func BenchmarkDFPNTicTacToe(b *testing.B) {
	for b.Loop() {
		if p, err := prove.DFPN(tictactoe.Game{}, 0, prove.Options{}); err != nil || !p.Safe {
			b.Fatal(err)
		}
	}
}
