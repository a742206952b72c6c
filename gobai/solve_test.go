package gobai

import (
	"testing"
	"time"

	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/gobblet"
)

func TestSolveGobblers(t *testing.T) {
	r := gobblet.Gobblers()
	m := NewMatch(r)
	t0 := time.Now()
	sol, err := Solve(r, m.Board)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("start: %v with %v in %v", sol.Value, sol.Move, time.Since(t0))
	// docs/gobblet.md: Gobblers is a first-player win.
	if sol.Value != prove.Win || !sol.Has || !m.Legal(sol.Move) {
		t.Fatalf("start: %v %v, want a win and a legal move", sol.Value, sol.Move)
	}
	// After the perfect move the opponent is lost, whatever it plays, and
	// the winner's perfect answers keep the win to the end.
	m.Play(sol.Move)
	for ply := 0; ply < 40; ply++ {
		if over, w := m.Over(); over {
			if w != 0 {
				t.Fatalf("colour %d won, not the first player", w)
			}
			return
		}
		s, err := Solve(r, m.Board)
		if err != nil {
			t.Fatal(err)
		}
		want := prove.Loss
		if m.Board.Mover == 0 {
			want = prove.Win
		}
		if s.Value != want || !s.Has {
			t.Fatalf("ply %d: %v for colour %d, want %v", ply, s.Value, m.Board.Mover, want)
		}
		if err := m.Play(s.Move); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the perfect game did not end in 40 plies")
}

func TestSolveFinishedAndDrawn(t *testing.T) {
	// Gobblers with one small piece each is a draw from the start
	// (docs/gobblet.md: the smaller instances are draws).
	r := gobblet.SmallGobblers(1, 1)
	sol, err := Solve(r, r.Start())
	if err != nil {
		t.Fatal(err)
	}
	if sol.Value != prove.Draw || !sol.Has {
		t.Fatalf("one piece each: %v, want a draw with a move", sol.Value)
	}
	m := NewMatch(gobblet.Gobblers())
	for _, mv := range []gobblet.Move{{From: -1, To: 0, Size: 0}, {From: -1, To: 3, Size: 0}, {From: -1, To: 1, Size: 1}, {From: -1, To: 4, Size: 1}, {From: -1, To: 2, Size: 2}} {
		m.Play(mv)
	}
	sol, err = Solve(m.R, m.Board)
	if err != nil || sol.Value != prove.Loss || sol.Has {
		t.Fatalf("a finished game: %v %v %v, want a loss and no move", sol, sol.Has, err)
	}
}

func TestSolveStops(t *testing.T) {
	r := gobblet.Gobblers()
	t0 := time.Now()
	if _, err := SolveStop(r, r.Start(), func() bool { return true }); err != ErrStopped {
		t.Fatalf("a stopped solve: %v, want ErrStopped", err)
	}
	t.Logf("stopped in %v", time.Since(t0))
}
