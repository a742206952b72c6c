package solver

import (
	"fmt"
	"testing"

	"github.com/kocka/kocka/engine"
)

// stateOn is a guideline state on b (10 wide, 40 high) with the given pieces.
func stateOn(b *engine.Board, cur, hold engine.Piece, queue ...engine.Piece) State {
	return State{
		Board: b, Current: cur, Hold: hold, CanHold: true, HoldRule: true, Queue: queue,
		Combo: -1, SpawnRow: 20, Visible: 20, Kicks: engine.SRS, Mode: ModeFull,
	}
}

func newBot(t *testing.T, cfg BotConfig) *Bot {
	t.Helper()
	b, err := NewBot(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestPlanIsTheBestCandidate(t *testing.T) {
	b := testBoard(t, 10, 40,
		"X......XXX",
		"XX.XXXXXXX",
	)
	for _, depth := range []int{1, 2, 3} {
		bot := newBot(t, BotConfig{Depth: depth, Width: 16})
		st := stateOn(b, engine.L, engine.None, engine.O, engine.T, engine.I)
		plan := bot.PlanState(&st)
		if !plan.OK || len(plan.Candidates) == 0 {
			t.Fatalf("depth %d: no plan", depth)
		}
		c0 := plan.Candidates[0]
		if c0.Placement.Placed != plan.Placement.Placed || c0.Hold != plan.Hold || c0.Score != plan.Score {
			t.Errorf("depth %d: plan %+v is not the first candidate %+v", depth, plan, c0)
		}
		if c0.Depth != depth {
			t.Errorf("depth %d: best line of play looked %d ahead", depth, c0.Depth)
		}
		for i := 1; i < len(plan.Candidates); i++ {
			a, c := plan.Candidates[i-1], plan.Candidates[i]
			if a.Depth < c.Depth || a.Depth == c.Depth && a.Score < c.Score {
				t.Errorf("depth %d: candidates %d and %d out of order", depth, i-1, i)
			}
		}
		// The path, played from spawn, ends on the placement.
		piece := engine.L
		if plan.Hold {
			piece = engine.O // hold empty: the next piece comes out
		}
		if plan.Placement.Piece != piece {
			t.Fatalf("depth %d: placement of %v, want %v", depth, plan.Placement.Piece, piece)
		}
		start := engine.SpawnPosition(piece, 10, 20).Moved(0, -1)
		end, ok := runPath(b, engine.SRS, start, plan.Path, false)
		if !ok || end.Cells() != plan.Placement.Cells() {
			t.Errorf("depth %d: path %v from spawn ends at %+v, plan says %+v", depth, plan.Path, end, plan.Placement.Placed)
		}
	}
}

func TestPlanTakesTheTSpinDouble(t *testing.T) {
	b := testBoard(t, 10, 40,
		"...XXXXXXX",
		"X...XXXXXX",
		"XX.XXXXXXX",
	)
	bot := newBot(t, BotConfig{Personality: "kocka"})
	st := stateOn(b, engine.T, engine.None)
	plan := bot.PlanState(&st)
	after, lines := place(b, plan.Placement.Placed)
	if plan.Placement.Spin != engine.SpinFull || lines != 2 {
		t.Errorf("kocka played %+v (spin %v), clearing %d rows:\n%v", plan.Placement.Placed, plan.Placement.Spin, lines, after)
	}
}

func TestPlanHoldsForTheTetris(t *testing.T) {
	rows := make([]string, 4)
	for i := range rows {
		rows[i] = "XXXXXXXXX."
	}
	b := testBoard(t, 10, 40, rows...)
	bot := newBot(t, BotConfig{Personality: "kocka"})
	st := stateOn(b, engine.S, engine.I)
	plan := bot.PlanState(&st)
	if !plan.Hold || plan.Placement.Piece != engine.I {
		t.Fatalf("plan %+v: want the I from hold", plan.Placement)
	}
	if _, lines := place(b, plan.Placement.Placed); lines != 4 {
		t.Errorf("the I cleared %d rows", lines)
	}
	// Without hold the S must go somewhere else.
	st.CanHold = false
	if plan := bot.PlanState(&st); plan.Hold || plan.Placement.Piece != engine.S {
		t.Errorf("hold used when not allowed: %+v", plan)
	}
}

func TestPlanLostGame(t *testing.T) {
	b := engine.NewBoard(10, 40)
	for y := 0; y < 22; y++ {
		for x := 0; x < 10; x++ {
			if x != y%10 {
				b.Set(x, y, engine.I)
			}
		}
	}
	st := stateOn(b, engine.T, engine.None)
	st.CanHold = false
	if plan := newBot(t, BotConfig{}).PlanState(&st); plan.OK {
		t.Errorf("a plan on a blocked spawn: %+v", plan.Placement)
	}
}

func TestNewBotErrors(t *testing.T) {
	if _, err := NewBot(BotConfig{Personality: "nobody"}); err == nil {
		t.Error("unknown personality accepted")
	}
	for _, cfg := range []BotConfig{{Depth: -1}, {Width: -1}, {Depth: MaxBotDepth + 1}, {Width: MaxBotWidth + 1}} {
		if _, err := NewBot(cfg); err == nil {
			t.Errorf("depth %d, width %d accepted", cfg.Depth, cfg.Width)
		}
	}
	if _, err := NewBot(BotConfig{Depth: MaxBotDepth, Width: MaxBotWidth}); err != nil {
		t.Errorf("the caps themselves refused: %v", err)
	}
	b := newBot(t, BotConfig{})
	if b.Weights().Name != "kocka" || b.Config().Depth != 1 || b.Config().Width != 64 {
		t.Errorf("defaults: %+v, weights %s", b.Config(), b.Weights().Name)
	}
}

func TestPlanFromGame(t *testing.T) {
	g, err := engine.NewGame(engine.DefaultConfig(), 11)
	if err != nil {
		t.Fatal(err)
	}
	bot := newBot(t, BotConfig{Depth: 3, Width: 8})
	plan := bot.Plan(g)
	cur, _ := g.Current()
	if !plan.OK || (!plan.Hold && plan.Placement.Piece != cur.Piece) || (plan.Hold && plan.Placement.Piece != g.Queue()[0]) {
		t.Errorf("plan %+v for current %v, queue %v", plan.Placement, cur.Piece, g.Queue())
	}
	g20 := engine.DefaultConfig()
	g20.FixedGravity = engine.MaxGravity
	gg, _ := engine.NewGame(g20, 11)
	if bot.ModeFor(gg) != Mode20G || bot.ModeFor(g) != ModeFull {
		t.Error("ModeFor does not switch to the 20G search at 20G")
	}
}

// BenchmarkPlan is one plan on the mid-game states of midGameStates, at
// depths 1 to 3 with a beam of 32.
func BenchmarkPlan(b *testing.B) {
	states := midGameStates(b, 8)
	for _, depth := range []int{1, 2, 3} {
		b.Run(fmt.Sprintf("depth%d", depth), func(b *testing.B) {
			bot, err := NewBot(BotConfig{Personality: "kocka", Depth: depth, Width: 32})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				st := states[i%len(states)]
				if p := bot.PlanState(&st); !p.OK {
					b.Fatal("no plan")
				}
			}
		})
	}
}
