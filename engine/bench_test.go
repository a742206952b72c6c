package engine_test

import (
	"testing"

	"github.com/kocka/kocka/engine"
)

// BenchmarkTick measures one full engine tick of a game in progress, with
// inputs that move, turn and drop pieces.
func BenchmarkTick(b *testing.B) {
	inputs := []engine.Input{engine.InLeft, 0, engine.InRotateCW, engine.InRight, engine.InSoftDrop, 0, engine.InRight, 0}
	g, _ := engine.NewGame(engine.DefaultConfig(), 1)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if g.Over() {
			g, _ = engine.NewGame(engine.DefaultConfig(), uint64(i))
		}
		g.Tick(inputs[i%len(inputs)])
	}
}

// BenchmarkLockAndClear measures locking a piece that completes four rows
// (placing, spin check, line clear, scoring, next spawn) on a 10x40 board.
func BenchmarkLockAndClear(b *testing.B) {
	cfg := engine.ConfigFor(engine.GoalNone)
	cfg.NoGravity = true
	rows := []string{"XXXXXXXX.X", "XXXXXXXX.X", "XXXXXXXX.X", "XXXXXXXX.X", "XX.XXXXXXX", "X.XXXXXXXX"}
	base, _ := engine.ParseBoard(10, 40, rows, engine.Z)
	g, _ := engine.NewGameWith(cfg, 0, &engine.Sequence{Pieces: []engine.Piece{engine.I}})
	board := g.Board()
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if g.Lines() != 4*i {
			b.Fatalf("iteration %d: %d lines, want %d (game over: %v)\n%s", i, g.Lines(), 4*i, g.End(), board)
		}
		board.CopyFrom(base)
		// Turn the spawned I to vertical in column 5, move it over column 8,
		// and hard drop.
		g.Tick(engine.InRotateCW)
		g.Tick(engine.InRight)
		g.Tick(0)
		g.Tick(engine.InRight)
		g.Tick(0)
		g.Tick(engine.InRight)
		g.Tick(engine.InHardDrop)
		g.Tick(0)
	}
}

func BenchmarkFits(b *testing.B) {
	board, _ := engine.ParseBoard(10, 40, []string{"XX..XXX...", "XXX.XXXXX.", "XXXXXXX.XX"}, engine.Z)
	m := engine.Placed{Piece: engine.T, Rot: engine.RotR, X: 3, Y: 1}
	n := 0
	for b.Loop() {
		if board.Fits(m) {
			n++
		}
	}
	_ = n
}
