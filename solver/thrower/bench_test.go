package thrower

import (
	"testing"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// midGames are 10x20 wells in mid game: ragged stacks six to nine rows
// high with a few holes.
func midGames(b testing.TB) []*engine.Board {
	var out []*engine.Board
	for _, rows := range [][]string{
		{
			"..........",
			"....#.....",
			"#...##...#",
			"##.###..##",
			"##.####.##",
			"#########.",
			"####.#####",
			".#########",
		},
		{
			"......#...",
			"#.....##..",
			"##...###.#",
			"###.####.#",
			"###.######",
			"#.########",
			"########.#",
			"#.########",
			"##########",
		},
		{
			"...#......",
			"..###....#",
			"#.####..##",
			"#######.##",
			".#########",
			"#####.####",
		},
	} {
		bd, err := engine.ParseBoard(10, 40, rows, engine.I)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, bd)
	}
	return out
}

// benchDecision times one cold decision (a new thrower, so nothing is in
// its table) per iteration, over the mid-game wells in turn.
func benchDecision(b *testing.B, name string, o Options, pending []engine.Piece) {
	boards := midGames(b)
	o.Height = 20
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t, err := New(name, o)
		if err != nil {
			b.Fatal(err)
		}
		t.Next(View{Board: boards[i%len(boards)], Pending: pending, Height: 20})
	}
}

func BenchmarkDecision(b *testing.B) {
	for _, tc := range []struct {
		name, thrower string
		o             Options
		pending       []engine.Piece // the current piece, shown with preview
	}{
		{"minimax-depth1", "minimax", Options{Depth: 1}, nil},
		{"minimax-depth2", "minimax", Options{Depth: 2}, nil},
		{"minimax-depth1-drop", "minimax", Options{Depth: 1, Model: solver.ModeDrop}, nil},
		{"minimax-depth2-drop", "minimax", Options{Depth: 2, Model: solver.ModeDrop}, nil},
		{"minimax-depth2-IL-preview", "minimax", Options{Depth: 2, Preview: true, Pieces: []engine.Piece{engine.I, engine.L}}, []engine.Piece{engine.L}},
		{"hatetris", "hatetris", Options{}, nil},
		{"bastet", "bastet", Options{}, nil},
		{"bastet-preview", "bastet", Options{Preview: true}, []engine.Piece{engine.T}},
		{"kind", "kind", Options{}, nil},
		{"sz", "sz", Options{}, nil},
		{"random", "random", Options{}, nil},
	} {
		b.Run(tc.name, func(b *testing.B) { benchDecision(b, tc.thrower, tc.o, tc.pending) })
	}
}

// BenchmarkSimulation plays whole matches and reports moves per second
// (a move is one thrower decision and one placer decision).
func BenchmarkSimulation(b *testing.B) {
	for _, tc := range []struct {
		name string
		m    Match
	}{
		{"minimax1-vs-kravec1-full", Match{Thrower: "minimax", Function: "kravec", Depth: 1}},
		{"minimax2-vs-kravec2-full", Match{Thrower: "minimax", Function: "kravec", Depth: 2}},
		{"bastet-vs-dellacherie1-full", Match{Thrower: "bastet", Function: "dellacherie", Depth: 1, MoveLimit: 300}},
		{"sz-vs-kocka2-preview-full", Match{Thrower: "sz", Function: "kocka", Depth: 2, Preview: true, Width: 6}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			m := tc.m
			if m.Width == 0 {
				m.Width = 10
			}
			m.Height = 20
			moves := 0
			var secs float64
			for i := 0; i < b.N; i++ {
				m.Seed = uint64(i)
				o, err := m.Run()
				if err != nil {
					b.Fatal(err)
				}
				moves += o.Move
				secs += o.Elapsed.Seconds()
			}
			b.ReportMetric(float64(moves)/secs, "moves/s")
			b.ReportMetric(float64(moves)/float64(b.N), "moves/match")
		})
	}
}
