package prove_test

import (
	"testing"

	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/tictactoe"
)

func BenchmarkIndexAdd(b *testing.B) {
	x := prove.NewIndex(1 << 20)
	for i := 0; i < b.N; i++ {
		x.Add(prove.State(i&(1<<20-1)) * 0x9e3779b97f4a7c15 >> 8)
	}
}

func BenchmarkRetrogradeTicTacToe(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := prove.Retrograde(tictactoe.Plain{}, prove.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkProveTicTacToe(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if p, err := prove.Prove(tictactoe.Game{}, 1, prove.Options{}); err != nil || !p.Safe {
			b.Fatal(err)
		}
	}
}
