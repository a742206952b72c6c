package pcplan

import (
	"testing"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// game starts a guideline game whose pieces follow seq on a board whose
// lowest rows are rows (top first).
func game(t *testing.T, rows []string, seq ...engine.Piece) *engine.Game {
	t.Helper()
	cfg := engine.ConfigFor(engine.GoalNone)
	g, err := engine.NewGameWith(cfg, 0, &engine.Sequence{Pieces: seq})
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.ParseBoard(g.Board().Width, g.Board().Height, rows, engine.Z)
	if err != nil {
		t.Fatal(err)
	}
	g.Board().CopyFrom(b)
	return g
}

func TestOverride(t *testing.T) {
	cases := []struct {
		name     string
		rows     []string
		seq      []engine.Piece
		want     bool
		wantHold bool
		piece    engine.Piece
	}{
		{"O fills the last square", []string{"XXXXXXXX..", "XXXXXXXX.."}, []engine.Piece{engine.O, engine.T, engine.I}, true, false, engine.O},
		{"O is next: hold the T", []string{"XXXXXXXX..", "XXXXXXXX.."}, []engine.Piece{engine.T, engine.O, engine.I}, true, true, engine.O},
		{"no O in view", []string{"XXXXXXXX..", "XXXXXXXX.."}, []engine.Piece{engine.T, engine.I, engine.L, engine.J, engine.S, engine.Z, engine.T}, false, false, 0},
		{"I lies in the last row", []string{"XXXXXX...."}, []engine.Piece{engine.I, engine.T}, true, false, engine.I},
		{"too tall", []string{"X.........", "X.........", "X.........", "X.........", "XXXXXXXXX."}, []engine.Piece{engine.I, engine.T}, false, false, 0},
		{"cells not a multiple of 4 in any height", []string{"XXXXXXX..."}, []engine.Piece{engine.I, engine.T, engine.O, engine.L, engine.J, engine.S}, false, false, 0},
	}
	for _, c := range cases {
		g := game(t, c.rows, c.seq...)
		st := solver.StateOf(g, solver.ModeFull)
		p := New(4)
		plan, ok := p.Override(&st)
		if ok != c.want {
			t.Errorf("%s: took over %v, want %v", c.name, ok, c.want)
			continue
		}
		if !ok {
			continue
		}
		if plan.Hold != c.wantHold || plan.Placement.Piece != c.piece || !plan.OK || len(plan.Path) == 0 && plan.Placement.Bottom() < 18 {
			t.Errorf("%s: plan hold %v piece %v path %v", c.name, plan.Hold, plan.Placement.Piece, plan.Path)
		}
		// Asked again about the same position, it answers from its memory.
		solved := p.Stats.Solved
		if again, ok := p.Override(&st); !ok || again.Placement.Placed != plan.Placement.Placed || p.Stats.Solved != solved {
			t.Errorf("%s: the second answer differs or searched again", c.name)
		}
	}
}

// Driven through the real game, the planner's plans clear the board.
func TestDrivenToAPerfectClear(t *testing.T) {
	rows := []string{
		"XXXX......",
		"XXXX......",
		"XXXX......",
		"XXXX......",
	}
	// 20 empty cells: five pieces, in an order that needs hold.
	seq := []engine.Piece{engine.T, engine.I, engine.L, engine.O, engine.J, engine.S, engine.Z, engine.T, engine.I, engine.O}
	g := game(t, rows, seq...)
	p := New(4)
	bot, err := solver.NewBot(solver.BotConfig{Personality: "kocka", Depth: 1, Override: p})
	if err != nil {
		t.Fatal(err)
	}
	d := solver.NewDriver(bot, solver.DriverConfig{})
	for i := 0; i < 60*60 && g.Stats().PerfectClears == 0 && !g.Over(); i++ {
		g.Tick(d.Next(g))
	}
	if g.Stats().PerfectClears != 1 {
		t.Fatalf("no perfect clear after %d pieces (planner %+v):\n%s", g.Stats().Pieces, p.Stats, g.Board())
	}
	if p.Stats.Found == 0 {
		t.Errorf("the planner never took over: %+v", p.Stats)
	}
}

// TestBudget: with a budget too small for the clear's search the planner
// gives up and says so; with enough, it finds the clear. Six pieces in
// a 4-line field of four filled columns take more than one polling
// interval of the search.
func TestBudget(t *testing.T) {
	rows := []string{
		"XXXX......",
		"XXXX......",
		"XXXX......",
		"XXXX......",
	}
	seq := []engine.Piece{engine.T, engine.I, engine.L, engine.J, engine.S, engine.Z, engine.O, engine.T, engine.I, engine.O}
	for _, c := range []struct {
		budget     int
		want       bool
		wantGaveUp bool
	}{
		{1, false, true},
		{1 << 20, true, false},
		{0, true, false},
	} {
		g := game(t, rows, seq...)
		st := solver.StateOf(g, solver.ModeFull)
		p := &Planner{MaxLines: 4, Budget: c.budget}
		_, ok := p.Override(&st)
		if ok != c.want || (p.Stats.GaveUp > 0) != c.wantGaveUp {
			t.Errorf("budget %d: took over %v, stats %+v; want %v, gave up %v", c.budget, ok, p.Stats, c.want, c.wantGaveUp)
		}
	}
}
