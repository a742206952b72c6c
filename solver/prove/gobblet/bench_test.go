package gobblet

import (
	"testing"

	"github.com/kocka/kocka/solver/prove"
)

// A mid-game AB position: the attacker to move, pieces on both sides.
func benchState(b *testing.B) (*Game, prove.State) {
	r, _ := Variant("ab", Drawing)
	g, err := NewGame(r)
	if err != nil {
		b.Fatal(err)
	}
	var bd Board
	bd.B[0][Attacker] = 1<<0 | 1<<5
	bd.B[1][Attacker] = 1<<3 | 1<<9
	bd.B[0][Drawing] = 1<<6 | 1<<12
	bd.Mover = Attacker
	return g, g.Pack(&bd)
}

func BenchmarkCanonicalAB(b *testing.B) {
	g, s := benchState(b)
	for i := 0; i < b.N; i++ {
		s ^= g.Canonical(s) & 1 // keep the result live
	}
}

func BenchmarkMovesAB(b *testing.B) {
	g, s := benchState(b)
	var buf []prove.State
	for i := 0; i < b.N; i++ {
		buf = g.Moves(s, buf[:0])
	}
	b.ReportMetric(float64(len(buf)), "moves")
}

func BenchmarkOrderMovesAB(b *testing.B) {
	g, s := benchState(b)
	moves := g.Moves(s, nil)
	for i := 0; i < b.N; i++ {
		g.OrderMoves(s, moves)
	}
}

func BenchmarkRetrogradeSmallGobblers(b *testing.B) {
	g, _ := NewGame(SmallGobblers(3, 1))
	for i := 0; i < b.N; i++ {
		sol, err := prove.Retrograde(g, prove.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(sol.States)), "states")
	}
}

// BenchmarkProveGobblers is the whole first-player proof of Gobblet
// Gobblers (the first player avoids losing) and its check.
func BenchmarkProveGobblers(b *testing.B) {
	g, _ := NewGame(Gobblers())
	for i := 0; i < b.N; i++ {
		p, err := prove.Prove(g, 0, prove.Options{})
		if err != nil || !p.Safe {
			b.Fatal(err)
		}
		if _, err := prove.Check(g, p.Cert, prove.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
