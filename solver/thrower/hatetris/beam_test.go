package hatetris

import (
	"path/filepath"
	"testing"
	"time"
)

func TestBeamLinesReplay(t *testing.T) {
	eval, err := PersonalityEval(Standard, "eltetris")
	if err != nil {
		t.Fatal(err)
	}
	for _, width := range []int{1, 8} {
		b := NewBeam(Standard, width, eval)
		for b.Step() {
		}
		best := b.Best()
		moves, err := b.Moves(best)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := NewGame(Standard, NewEnemy(false))
		g.Play(moves)
		if g.Score() != best.Score || g.Pieces() != best.Pieces+boolInt(!g.Over()) {
			t.Errorf("width %d: the replay scores %d lines in %d pieces, the search said %d in %d",
				width, g.Score(), g.Pieces(), best.Score, best.Pieces)
		}
		if !g.Over() {
			t.Errorf("width %d: the search ended but its best line is not over", width)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestBeamFollowsTheLoopRule: the beam's enemy, with each line's own
// memory, chooses what the real enemy chooses along the line found.
func TestBeamFollowsTheLoopRule(t *testing.T) {
	eval, _ := PersonalityEval(Standard, "dellacherie")
	b := NewBeam(Standard, 16, eval)
	for b.Step() {
	}
	var chain []*Node
	for n := b.Best(); n.Parent != nil; n = n.Parent {
		chain = append(chain, n)
	}
	e := NewEnemy(false)
	s := NewSearch(Standard)
	for i := len(chain) - 1; i >= 0; i-- {
		w := chain[i].Parent.Well
		if got := e.Next(s, &w); got != chain[i].ID {
			t.Fatalf("piece %d: the enemy deals %v, the beam placed %v", chain[i].Pieces, got, chain[i].ID)
		}
	}
}

func TestRecordState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state.json")
	st, err := LoadRecordState(path)
	if err != nil || len(st.Runs) != 0 || st.NextWidth(8) != 8 {
		t.Fatalf("fresh state: %+v, %v", st, err)
	}
	eval, _ := PersonalityEval(Standard, "eltetris")
	run, ok, err := RunRecord(4, eval, 1000, time.Now().Add(time.Minute), nil)
	if err != nil || !ok || run.Width != 4 || run.Replay == "" {
		t.Fatalf("run %+v, ok %v, err %v", run, ok, err)
	}
	st.Runs = append(st.Runs, run)
	st.Best = run
	if err := st.Save(path); err != nil {
		t.Fatal(err)
	}
	again, err := LoadRecordState(path)
	if err != nil || len(again.Runs) != 1 || again.Best.Lines != run.Lines || again.NextWidth(8) != 8 {
		t.Errorf("reloaded %+v, %v", again, err)
	}
	if _, ok, _ := RunRecord(4, eval, 1000, time.Now().Add(-time.Second), nil); ok {
		t.Error("a search past its deadline counted")
	}
}

// TestBeamWorkers: the number of goroutines does not change the search.
func TestBeamWorkers(t *testing.T) {
	eval, _ := PersonalityEval(Standard, "eltetris")
	one := NewBeam(Standard, 200, eval)
	one.Workers = 1
	two := NewBeam(Standard, 200, eval)
	two.Workers = 2
	for i := 0; i < 12; i++ {
		one.Step()
		two.Step()
	}
	if one.Alive() != two.Alive() || one.Best().Score != two.Best().Score {
		t.Fatalf("1 worker: %d wells, %d lines; 2 workers: %d wells, %d lines",
			one.Alive(), one.Best().Score, two.Alive(), two.Best().Score)
	}
	for i := range one.beam {
		if one.beam[i].Well != two.beam[i].Well {
			t.Fatalf("the beams differ at %d", i)
		}
	}
}
