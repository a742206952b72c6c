package gobai

import (
	"math/rand/v2"
	"testing"

	"github.com/kocka/kocka/solver/prove/gobblet"
)

func TestSearcherPlaysLegalMoves(t *testing.T) {
	for _, r := range []gobblet.Rules{gobblet.Gobblers(), variant(t, "full", gobblet.Attacker), variant(t, "ab", gobblet.Drawing)} {
		m := NewMatch(r)
		s := &Searcher{R: r, Nodes: 5000, Seed: 3}
		for ply := 0; ply < 12; ply++ {
			if over, _ := m.Over(); over {
				break
			}
			res := s.Best(m.Board)
			if err := m.Play(res.Move); err != nil {
				t.Fatalf("%s ply %d: %v is not legal", r.Label, ply, res.Move)
			}
			if res.Nodes > 5000 {
				t.Fatalf("%s: %d nodes over the budget of 5000", r.Label, res.Nodes)
			}
		}
	}
}

func TestSearcherWinsAndBlocks(t *testing.T) {
	r := gobblet.Gobblers()
	tests := []struct {
		name  string
		moves []gobblet.Move
		want  gobblet.Move
	}{
		// Colour 0 has A on 0 and B on 1: C on 2 wins the top row.
		{"wins at once", []gobblet.Move{{From: -1, To: 0, Size: 0}, {From: -1, To: 6, Size: 0}, {From: -1, To: 1, Size: 1}, {From: -1, To: 7, Size: 2}}, gobblet.Move{From: -1, To: 2, Size: 0}},
	}
	for _, tc := range tests {
		m := NewMatch(r)
		for _, mv := range tc.moves {
			if err := m.Play(mv); err != nil {
				t.Fatal(err)
			}
		}
		res := (&Searcher{R: r, Nodes: 20000}).Best(m.Board)
		nb := r.Play(m.Board, res.Move)
		if r.Outcome(&nb) != gobblet.Lost || res.Score < WinScore/2 {
			t.Fatalf("%s: played %v (score %d), which does not win", tc.name, res.Move, res.Score)
		}
	}
	// Colour 1 must stop 0's top row (A on 0, B on 1, 2 empty): any move
	// that leaves square 2 open to 0 loses at once.
	m := NewMatch(r)
	for _, mv := range []gobblet.Move{{From: -1, To: 0, Size: 0}, {From: -1, To: 8, Size: 2}, {From: -1, To: 1, Size: 1}} {
		m.Play(mv)
	}
	res := (&Searcher{R: r, Nodes: 50000}).Best(m.Board)
	nb := r.Play(m.Board, res.Move)
	for _, reply := range r.Moves(&nb, nil) {
		after := r.Play(nb, reply)
		if r.Outcome(&after) == gobblet.Lost && after.Mover == 1 {
			t.Fatalf("the searcher's %v lets colour 0 win with %v", res.Move, reply)
		}
	}
}

// BenchmarkSearchFull is one move of full Gobblet from a mid-game
// position at the game's default budget.
func BenchmarkSearchFull(b *testing.B) {
	r := variant(b, "full", gobblet.Attacker)
	m := NewMatch(r)
	s := &Searcher{R: r}
	for i := 0; i < 6; i++ {
		m.Play((&Searcher{R: r, Nodes: 2000}).Best(m.Board).Move)
	}
	for i := 0; i < b.N; i++ {
		res := s.Best(m.Board)
		b.ReportMetric(float64(res.Depth), "depth")
	}
}

// TestSearcherBeatsRandomPlay: even on a small budget the search wins
// full Gobblet against a random player nearly every game.
func TestSearcherBeatsRandomPlay(t *testing.T) {
	r := variant(t, "full", gobblet.Drawing)
	rng := rand.New(rand.NewPCG(1, 2))
	wins := 0
	const games = 10
	for game := 0; game < games; game++ {
		m := NewMatch(r)
		s := &Searcher{R: r, Nodes: 3000, Seed: uint64(game)}
		for ply := 0; ply < 200; ply++ {
			if over, w := m.Over(); over {
				if w == gobblet.Drawing {
					wins++
				}
				break
			}
			mv := s.Best(m.Board).Move
			if m.Board.Mover != gobblet.Drawing {
				ms := m.Moves()
				mv = ms[rng.IntN(len(ms))]
			}
			if err := m.Play(mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if wins < games-1 {
		t.Fatalf("the search won %d of %d games against random moves", wins, games)
	}
}

func TestSearcherStops(t *testing.T) {
	r := variant(t, "full", gobblet.Drawing)
	res := (&Searcher{R: r, Nodes: 1 << 30, Stop: func() bool { return true }}).Best(r.Start())
	if res.Nodes > YieldEvery || !NewMatch(r).Legal(res.Move) {
		t.Fatalf("a stopped search ran %d nodes and chose %v", res.Nodes, res.Move)
	}
}
