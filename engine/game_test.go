package engine_test

import (
	"math"
	"testing"

	"github.com/kocka/kocka/engine"
)

func TestSpawnPositions(t *testing.T) {
	cases := []struct {
		p          engine.Piece
		minX, maxX int
	}{
		{engine.I, 3, 6}, {engine.O, 4, 5}, {engine.T, 3, 5}, {engine.S, 3, 5},
		{engine.Z, 3, 5}, {engine.J, 3, 5}, {engine.L, 3, 5},
	}
	for _, c := range cases {
		m := engine.SpawnPosition(c.p, 10, 20)
		lo, hi, bottom := 99, -99, 99
		for _, cell := range m.Cells() {
			lo, hi, bottom = min(lo, int(cell.X)), max(hi, int(cell.X)), min(bottom, int(cell.Y))
		}
		if m.Rot != engine.Rot0 || lo != c.minX || hi != c.maxX || bottom != 20 {
			t.Errorf("%v spawns in columns %d..%d bottom row %d rot %v; want %d..%d row 20 rot 0", c.p, lo, hi, bottom, m.Rot, c.minX, c.maxX)
		}
		// In a game it then drops one row at once.
		g := newSeqGame(t, still(), c.p)
		if got := current(t, g).Bottom(); got != 19 {
			t.Errorf("%v in a game starts at row %d, want 19", c.p, got)
		}
	}
}

func TestGravityCurve(t *testing.T) {
	for level := 1; level <= 25; level++ {
		spr := math.Pow(0.8-float64(min(level, 20)-1)*0.007, float64(min(level, 20)-1))
		want := min(65536/(60*spr), float64(engine.MaxGravity))
		got := float64(engine.GravityForLevel(level))
		if math.Abs(got-want) > 0.5 {
			t.Errorf("level %d: gravity %v sub-rows/tick, formula gives %.2f", level, got, want)
		}
	}
}

// After t ticks a falling piece has dropped floor(t*g/SubRows) rows.
func TestGravityTiming(t *testing.T) {
	for _, level := range []int{1, 2, 5, 10, 13} {
		cfg := engine.DefaultConfig()
		cfg.StartLevel = level
		g := newSeqGame(t, cfg, engine.T)
		start := current(t, g).Bottom()
		grav := engine.GravityForLevel(level)
		for tick := 1; tick <= 200; tick++ {
			if len(eventsOf(g.Tick(0), engine.EvLock)) > 0 {
				break
			}
			want := max(start-tick*grav/engine.SubRows, 0) // until the floor stops it
			m := current(t, g)
			if m.Bottom() != want {
				t.Fatalf("level %d tick %d: piece at row %d, want %d", level, tick, m.Bottom(), want)
			}
		}
	}
}

func Test20GLandsAtOnce(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.FixedGravity = engine.MaxGravity
	g := newSeqGame(t, cfg, engine.T)
	g.Tick(0)
	if m := current(t, g); m.Bottom() != 0 {
		t.Fatalf("20G piece at row %d after one tick, want 0", m.Bottom())
	}
}

// lockTick runs the game with inputs from f until the first lock and
// returns the tick it happened on (0 = none within limit).
func lockTick(g *engine.Game, limit int, f func(tick int) engine.Input) int {
	for tick := 1; tick <= limit; tick++ {
		if len(eventsOf(g.Tick(f(tick)), engine.EvLock)) > 0 {
			return tick
		}
	}
	return 0
}

func TestLockDelay(t *testing.T) {
	alternate := func(from int) func(int) engine.Input {
		return func(tick int) engine.Input {
			if tick < from {
				return 0
			}
			if tick%2 == 0 {
				return engine.InLeft
			}
			return engine.InRight
		}
	}
	cases := []struct {
		name      string
		lockDelay int
		maxResets int
		input     func(int) engine.Input
		want      int
	}{
		{"untouched piece locks after 30 grounded ticks", 30, 15, func(int) engine.Input { return 0 }, 30},
		{"lock delay is configurable", 12, 15, func(int) engine.Input { return 0 }, 12},
		// Ticks 2..16 are 15 resets; the 16th move, on tick 17, locks at once.
		{"16th move on the ground locks", 30, 15, alternate(2), 17},
		{"moves reset the delay while resets last", 30, 1000, alternate(2), 0},
		// Moves start at tick 20 (timer 19): resets 15 times up to tick 34, then locks on the 16th.
		{"resets start from any timer value", 30, 15, alternate(20), 35},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := engine.DefaultConfig()
			cfg.FixedGravity = engine.MaxGravity
			cfg.LockDelay, cfg.MaxResets = c.lockDelay, c.maxResets
			g := newSeqGame(t, cfg, engine.T)
			if got := lockTick(g, 300, c.input); got != c.want {
				t.Errorf("locked on tick %d, want %d", got, c.want)
			}
		})
	}
}

func TestLockResetsClearOnNewLowestRow(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.FixedGravity = engine.MaxGravity
	g := newSeqGame(t, cfg, engine.O)
	// A ledge five rows high under columns 0..5; the floor is open to its right.
	fill(t, g, "XXXXXX....", "XXXXXX...X", "XXXXXX....", "XXXXXX...X", "XXXXXX....")
	g.Tick(0) // the O lands on the ledge
	for i := 0; i < 10; i++ {
		in := engine.InLeft
		if i%2 == 1 {
			in = engine.InRight
		}
		g.Tick(in)
	}
	if g.Resets() != 10 {
		t.Fatalf("after 10 moves on the ledge: %d resets, want 10", g.Resets())
	}
	// Two taps right take the O off the ledge (columns 6-7) and it falls to the floor.
	run(g, 0, engine.InRight, 0, engine.InRight)
	if m := current(t, g); m.Bottom() != 0 {
		t.Fatalf("O at row %d, want it on the floor", m.Bottom())
	}
	if g.Resets() != 1 {
		t.Errorf("after reaching a new lowest row: %d resets, want 1 (only the move that took it there)", g.Resets())
	}
}

// movesAt holds a direction for n ticks and returns the ticks the piece moved on.
func movesAt(t *testing.T, das, arr, n int) []int {
	cfg := still()
	cfg.Width = 16
	cfg.DAS, cfg.ARR = das, arr
	g := newSeqGame(t, cfg, engine.T)
	var ticks []int
	for tick := 1; tick <= n; tick++ {
		if len(eventsOf(g.Tick(engine.InRight), engine.EvMove)) > 0 {
			ticks = append(ticks, tick)
		}
	}
	return ticks
}

func TestDASAndARR(t *testing.T) {
	cases := []struct {
		das, arr, n int
		want        []int
	}{
		{10, 2, 20, []int{1, 11, 13, 15, 17, 19}},
		{10, 1, 14, []int{1, 11, 12, 13, 14}},
		{6, 3, 15, []int{1, 7, 10, 13}},
		{10, 0, 12, []int{1, 11}}, // ARR 0: at tick 11 straight to the wall
		{0, 1, 4, []int{1, 2, 3, 4}},
	}
	for _, c := range cases {
		got := movesAt(t, c.das, c.arr, c.n)
		if len(got) != len(c.want) {
			t.Errorf("DAS %d ARR %d: moved on ticks %v, want %v", c.das, c.arr, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("DAS %d ARR %d: moved on ticks %v, want %v", c.das, c.arr, got, c.want)
				break
			}
		}
	}
	// ARR 0 takes the piece to the wall in one tick.
	cfg := still()
	cfg.DAS, cfg.ARR = 10, 0
	g := newSeqGame(t, cfg, engine.T)
	for i := 0; i < 11; i++ {
		g.Tick(engine.InLeft)
	}
	if m := current(t, g); m.X != 0 {
		t.Errorf("ARR 0: T at x=%d after DAS, want 0 (the wall)", m.X)
	}
}

func TestLastPressedDirectionWins(t *testing.T) {
	g := newSeqGame(t, still(), engine.T)
	x0 := current(t, g).X
	// Hold left, then also press right: right takes over; release right: left resumes after DAS.
	g.Tick(engine.InLeft)
	g.Tick(engine.InLeft | engine.InRight)
	if got := current(t, g).X; got != x0 {
		t.Fatalf("left then right: x=%d, want %d", got, x0)
	}
}

func TestHold(t *testing.T) {
	g := newSeqGame(t, still(), engine.T, engine.I, engine.O, engine.S)
	g.Tick(engine.InHold)
	if g.Hold() != engine.T || current(t, g).Piece != engine.I {
		t.Fatalf("after hold: hold %v current %v; want T and I", g.Hold(), current(t, g).Piece)
	}
	// A second hold before the piece locks does nothing.
	g.Tick(0)
	g.Tick(engine.InHold)
	if g.Hold() != engine.T || current(t, g).Piece != engine.I {
		t.Fatalf("second hold changed things: hold %v current %v", g.Hold(), current(t, g).Piece)
	}
	// After a lock, hold swaps with the held piece, which spawns at the top.
	run(g, engine.InHardDrop, 0, engine.InHold)
	m := current(t, g)
	if g.Hold() != engine.O || m.Piece != engine.T || m != engine.SpawnPosition(engine.T, 10, 20).Moved(0, -1) {
		t.Fatalf("swap: hold %v current %+v; want O held, T at spawn", g.Hold(), m)
	}
	// Hold can be turned off.
	cfg := still()
	cfg.Hold = false
	g = newSeqGame(t, cfg, engine.T, engine.I)
	g.Tick(engine.InHold)
	if g.Hold() != engine.None || current(t, g).Piece != engine.T {
		t.Fatal("hold worked with hold disabled")
	}
}

func TestBagDealsEachPieceOncePerSeven(t *testing.T) {
	for seed := uint64(0); seed < 20; seed++ {
		r, err := engine.NewRandomizer(engine.Bag7, seed, nil)
		if err != nil {
			t.Fatal(err)
		}
		for bag := 0; bag < 50; bag++ {
			seen := map[engine.Piece]int{}
			for i := 0; i < 7; i++ {
				seen[r.Next(nil)]++
			}
			for _, p := range engine.Pieces {
				if seen[p] != 1 {
					t.Fatalf("seed %d bag %d: %v dealt %d times", seed, bag, p, seen[p])
				}
			}
		}
	}
}

func TestUniformIsRoughlyFlat(t *testing.T) {
	r, _ := engine.NewRandomizer(engine.Uniform, 42, nil)
	count := map[engine.Piece]int{}
	const n = 70000
	for i := 0; i < n; i++ {
		count[r.Next(nil)]++
	}
	for _, p := range engine.Pieces {
		if c := count[p]; c < n/7-600 || c > n/7+600 { // about 6 sigma
			t.Errorf("%v dealt %d times of %d", p, c, n)
		}
	}
}

func TestQueueHoldsPreview(t *testing.T) {
	for preview := 0; preview <= 6; preview++ {
		cfg := engine.DefaultConfig()
		cfg.Preview = preview
		g, _ := engine.NewGame(cfg, 1)
		if len(g.Queue()) != preview {
			t.Errorf("preview %d: queue holds %d", preview, len(g.Queue()))
		}
	}
}

func TestTopOut(t *testing.T) {
	// Block out: the next piece's spawn cells are taken.
	g := newSeqGame(t, still(), engine.O, engine.T)
	fill(t, g, append([]string{"....X....."}, make20("..........")...)...) // row 20, column 4
	g.Tick(engine.InHardDrop)
	if g.End() != engine.BlockOut || !g.Over() {
		t.Errorf("end %v, want block out", g.End())
	}

	// Lock out: a piece locks wholly above the visible field.
	g = newSeqGame(t, still(), engine.T, engine.T)
	rows := make20("...X......")
	rows[len(rows)-1] = "...X.....X" // no row is complete
	fill(t, g, rows...)
	// The T spawned above row 19 before the board was filled; move it back to spawn height.
	g.Tick(engine.InHold) // nothing held yet: T goes to hold, the next T spawns on the new board
	m := current(t, g)
	if m.Bottom() != 20 {
		t.Fatalf("T could drop to row %d", m.Bottom())
	}
	g.Tick(engine.InHardDrop)
	if g.End() != engine.LockOut {
		t.Errorf("end %v, want lock out", g.End())
	}
}

// make20 returns 20 copies of a row (the visible field).
func make20(row string) []string {
	out := make([]string, 20)
	for i := range out {
		out[i] = row
	}
	return out
}

func TestGoals(t *testing.T) {
	cfg := engine.ConfigFor(engine.GoalUltra)
	cfg.NoGravity = true // nothing locks: only the clock can end it
	g, _ := engine.NewGame(cfg, 3)
	for i := 0; i < engine.UltraTicks+10 && !g.Over(); i++ {
		g.Tick(0)
	}
	if g.End() != engine.TimeUp || g.Ticks() != engine.UltraTicks {
		t.Errorf("ultra ended with %v at tick %d, want time up at %d", g.End(), g.Ticks(), engine.UltraTicks)
	}

	// Sprint: 40 lines end the game. Feed I pieces into a well of 4-row stacks.
	sc := engine.ConfigFor(engine.GoalSprint)
	sc.NoGravity = true
	g = newSeqGame(t, sc, engine.I)
	for clears := 0; clears < 10; clears++ {
		fill(t, g, "XXXXXXXXX.", "XXXXXXXXX.", "XXXXXXXXX.", "XXXXXXXXX.")
		// I: turn to vertical (column 5), 4 right taps to column 9, hard drop.
		run(g, engine.InRotateCW, engine.InRight, 0, engine.InRight, 0, engine.InRight, 0, engine.InRight, 0, engine.InHardDrop, 0)
	}
	if g.Lines() != 40 || g.End() != engine.GoalMet {
		t.Errorf("sprint: %d lines, end %v; want 40 and goal reached", g.Lines(), g.End())
	}
}

func TestInvariantsUnderRandomPlay(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		g, _ := engine.NewGame(engine.DefaultConfig(), seed)
		rng := engine.NewRNG(seed)
		score := 0
		for i := 0; i < 5000 && !g.Over(); i++ {
			g.Tick(engine.Input(rng.Uint64()))
			s := g.Stats()
			if s.CellsPlaced-s.CellsCleared != g.Board().CellCount() {
				t.Fatalf("seed %d tick %d: placed %d - cleared %d != %d on board", seed, i, s.CellsPlaced, s.CellsCleared, g.Board().CellCount())
			}
			if m, ok := g.Current(); ok && !g.Board().Fits(m) {
				t.Fatalf("seed %d tick %d: current piece overlaps the stack", seed, i)
			}
			if g.Score() < score {
				t.Fatalf("seed %d tick %d: score fell from %d to %d", seed, i, score, g.Score())
			}
			score = g.Score()
		}
	}
}

func TestDeterminism(t *testing.T) {
	play := func(seed uint64) uint64 {
		g, _ := engine.NewGame(engine.DefaultConfig(), seed)
		rng := engine.NewRNG(99)
		for i := 0; i < 3000 && !g.Over(); i++ {
			g.Tick(engine.Input(rng.Uint64() & uint64(engine.InLeft|engine.InRight|engine.InRotateCW|engine.InHardDrop|engine.InHold)))
		}
		return g.StateHash()
	}
	if a, b := play(7), play(7); a != b {
		t.Error("same seed and inputs gave different hashes")
	}
	if play(7) == play(8) {
		t.Error("different seeds gave the same hash")
	}
}

// TestLockEventCarriesClearedRows: the lock event holds the rows it
// cleared as they were with the piece in them, bottom first, so a scene
// animates the clear from the event alone.
func TestLockEventCarriesClearedRows(t *testing.T) {
	g := newSeqGame(t, still(), engine.I, engine.O)
	// An I dropped flat at spawn fills columns 3..6 of row 0; row 1 keeps
	// its gap.
	fill(t, g,
		"SS........",
		"JJJ....LLL",
		"TTT....ZZZ",
	)
	evs := run(g, engine.InHardDrop, 0)
	locks := eventsOf(evs, engine.EvLock)
	if len(locks) != 1 || locks[0].Clear.Lines != 1 {
		t.Fatalf("want one single: %+v", locks)
	}
	e := locks[0]
	row := e.Cleared[0]
	want := [engine.MaxWidth]engine.Piece{engine.T, engine.T, engine.T, engine.I, engine.I, engine.I, engine.I, engine.Z, engine.Z, engine.Z}
	if row.Y != 0 || row.Cells != want {
		t.Errorf("cleared row %d %v, want row 0 %v", row.Y, row.Cells, want)
	}
	if e.Cleared[1] != (engine.ClearedRow{}) {
		t.Errorf("a single filled a second cleared row: %+v", e.Cleared[1])
	}
	if e.ClearedRows != 1 {
		t.Errorf("ClearedRows %b, want 1", e.ClearedRows)
	}
	// The board has moved on: the row above fell into row 0.
	if got := g.Board().At(0, 0); got != engine.J {
		t.Errorf("after the clear row 0 starts with %v, want J", got)
	}
}

// TestLockEventClearsBottomFirst: a double lists both rows, bottom first,
// each with the piece's cells in it.
func TestLockEventClearsBottomFirst(t *testing.T) {
	g := newSeqGame(t, still(), engine.O, engine.I)
	fill(t, g,
		"LLLL..LLLL",
		"JJJJ..JJJJ",
	)
	evs := run(g, engine.InHardDrop, 0)
	locks := eventsOf(evs, engine.EvLock)
	if len(locks) != 1 || locks[0].Clear.Lines != 2 {
		t.Fatalf("want one double: %+v", locks)
	}
	for i, p := range []engine.Piece{engine.J, engine.L} {
		r := locks[0].Cleared[i]
		if r.Y != i || r.Cells[0] != p || r.Cells[4] != engine.O || r.Cells[5] != engine.O || r.Cells[9] != p || r.Cells[10] != engine.None {
			t.Errorf("cleared row %d: %+v", i, r)
		}
	}
}

// TestBackToBackChainEnds: a tetris starts a chain, the single after it
// ends it (Clear.EndsChain, BackToBack false), and the chain counter and
// its longest run follow.
func TestBackToBackChainEnds(t *testing.T) {
	g := newSeqGame(t, still(), engine.I, engine.O, engine.O)
	fill(t, g,
		"XXXX..XXXX",
		"XXXXX.XXXX",
		"XXXXX.XXXX",
		"XXXXX.XXXX",
		"XXXXX.XXXX",
	)
	lock := func(what string, inputs ...engine.Input) engine.Clear {
		t.Helper()
		g.Tick(0)                  // lets go of the last hard drop
		for i := 0; i < 120; i++ { // past any entry delay
			if _, ok := g.Current(); ok {
				break
			}
			g.Tick(0)
		}
		var locks []engine.Event
		for i := 0; i < 120 && len(locks) == 0; i++ {
			in := engine.InHardDrop
			if i < len(inputs) {
				in = inputs[i]
			}
			locks = eventsOf(g.Tick(in), engine.EvLock)
		}
		if len(locks) != 1 {
			t.Fatalf("%s: %d locks", what, len(locks))
		}
		return locks[0].Clear
	}
	// The I, turned upright, falls into column 5.
	if c := lock("tetris", engine.InRotateCW, 0); c.Lines != 4 || c.BackToBack || c.EndsChain || g.BackToBack() != 1 {
		t.Fatalf("tetris: %+v, chain %d", c, g.BackToBack())
	}
	if c := lock("single"); c.Lines != 1 || c.BackToBack || !c.EndsChain || g.BackToBack() != 0 {
		t.Fatalf("single after a tetris: %+v, chain %d", c, g.BackToBack())
	}
	if got := g.Stats().MaxBackToBack; got != 1 {
		t.Fatalf("longest chain %d, want 1", got)
	}
}
