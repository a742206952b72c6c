package soak

import (
	"testing"

	"github.com/kocka/kocka/engine"
)

// TestModelScoring holds the model's own scoring to the guideline, lock by
// lock: a piece is put on a stack and locked, after a chain state.
func TestModelScoring(t *testing.T) {
	const all = 0x3ff
	tsd := []uint16{all &^ 0b10, all &^ 0b111, 0b1} // a T-spin double slot at the left wall
	well := []uint16{all &^ 1, all &^ 1, all &^ 1, all &^ 1, 0b10}
	flat := []uint16{all &^ 1}
	cases := []struct {
		name       string
		rows       []uint16
		piece      engine.Placed
		turned     bool
		level      int
		b2b, combo int // before the lock
		want       engine.Clear
		points     int
		b2bAfter   int
		comboAfter int
	}{
		{"single", flat, engine.Placed{Piece: engine.I, Rot: engine.RotR, X: -2, Y: 0}, false, 1, 0, -1,
			engine.Clear{Lines: 1}, 100, 0, 0},
		{"tetris", well, engine.Placed{Piece: engine.I, Rot: engine.RotR, X: -2, Y: 0}, false, 1, 0, -1,
			engine.Clear{Lines: 4}, 800, 1, 0},
		{"tetris, back to back, level 3", well, engine.Placed{Piece: engine.I, Rot: engine.RotR, X: -2, Y: 0}, false, 3, 1, -1,
			engine.Clear{Lines: 4, BackToBack: true}, 3600, 2, 0},
		{"T-spin double", tsd, engine.Placed{Piece: engine.T, Rot: engine.Rot2, X: 0, Y: 0}, true, 1, 0, -1,
			engine.Clear{Lines: 2, Spin: engine.SpinFull}, 1200, 1, 0},
		{"T-spin double, back to back", tsd, engine.Placed{Piece: engine.T, Rot: engine.Rot2, X: 0, Y: 0}, true, 1, 1, -1,
			engine.Clear{Lines: 2, Spin: engine.SpinFull, BackToBack: true}, 1800, 2, 0},
		{"T in the slot without a turn: a double, ending the chain", tsd, engine.Placed{Piece: engine.T, Rot: engine.Rot2, X: 0, Y: 0}, false, 1, 1, -1,
			engine.Clear{Lines: 2, EndsChain: true}, 300, 0, 0},
		{"single in a combo of 3", flat, engine.Placed{Piece: engine.I, Rot: engine.RotR, X: -2, Y: 0}, false, 2, 0, 2,
			engine.Clear{Lines: 1, Combo: 3}, (100 + 150) * 2, 0, 3},
		{"perfect clear single", []uint16{all &^ 0b1111}, engine.Placed{Piece: engine.I, X: 0, Y: -2}, false, 1, 0, -1,
			engine.Clear{Lines: 1, PerfectClear: true}, 900, 0, 0},
		{"no lines ends the combo, keeps the chain", []uint16{0}, engine.Placed{Piece: engine.O, X: 4, Y: 0}, false, 1, 2, 4,
			engine.Clear{}, 0, 2, -1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newModel(engine.DefaultConfig(), engine.O)
			copy(m.rows, c.rows)
			m.cur, m.has, m.lastTurn, m.lastKick = c.piece, true, c.turned, 0
			m.level, m.b2b, m.combo = c.level, c.b2b, c.combo
			if !m.fits(c.piece) || m.fits(moved(c.piece, 0, -1)) {
				t.Fatalf("%v does not rest on the stack", c.piece)
			}
			m.lock()
			if len(m.clears) != 1 {
				t.Fatalf("%d locks", len(m.clears))
			}
			got := m.clears[0]
			if got.clear != c.want || got.points != c.points || m.b2b != c.b2bAfter || m.combo != c.comboAfter {
				t.Errorf("got %+v for %d, chain %d combo %d; want %+v for %d, chain %d combo %d",
					got.clear, got.points, m.b2b, m.combo, c.want, c.points, c.b2bAfter, c.comboAfter)
			}
		})
	}
}

// TestModelGravity: the model's level curve, worked from the formula, is
// the guideline's: level 1 falls a row a second, level 15 about 1.5 rows a
// tick, 20G from level 19.
func TestModelGravity(t *testing.T) {
	for _, c := range []struct{ level, want int }{{1, 1092}, {2, 1377}, {10, 17026}, {15, 154742}, {19, twentyG}, {30, twentyG}} {
		if got := gravityAt(c.level); got != c.want {
			t.Errorf("level %d: %d sub-rows a tick, want %d", c.level, got, c.want)
		}
	}
}

// TestModelHandling holds the model's handling to the documented rules on
// an empty board with gravity off: where a T is after each tick of a held
// input, and when it locks.
func TestModelHandling(t *testing.T) {
	cfg := engine.DefaultConfig() // DAS 10, ARR 2, lock delay 30, 15 resets
	cfg.NoGravity = true
	right, left := engine.InRight, engine.InLeft
	hold := func(in engine.Input, n int) []engine.Input {
		out := make([]engine.Input, n)
		for i := range out {
			out[i] = in
		}
		return out
	}
	cases := []struct {
		name  string
		cfg   func(*engine.Config)
		input []engine.Input
		x     []int // X after each tick (spawn X is 3)
	}{
		// A press moves at once; the auto-repeat starts DAS ticks after the
		// press (tick 11), then moves every ARR ticks, to the wall (X 7 for
		// a T).
		{"DAS 10, ARR 2", nil, hold(right, 16), []int{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 6, 6, 7, 7}},
		{"ARR 0 goes to the wall", func(c *engine.Config) { c.ARR = 0 }, hold(right, 11), []int{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 7}},
		// Releasing the later direction hands over to the one still held,
		// which waits its own DAS.
		{"last pressed wins", nil, append(append(hold(left, 2), hold(left|right, 2)...), hold(left, 11)...),
			[]int{2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := cfg
			if c.cfg != nil {
				c.cfg(&cfg)
			}
			m := newModel(cfg, engine.T)
			if m.cur.X != 3 {
				t.Fatalf("spawn X %d, want 3", m.cur.X)
			}
			for i, in := range c.input {
				m.step(in, []engine.Piece{engine.I}, nil, engine.Placed{})
				if m.cur.X != c.x[i] {
					t.Fatalf("tick %d: X %d, want %d", i+1, m.cur.X, c.x[i])
				}
			}
		})
	}
}

// TestModelLockDelay: a grounded piece locks on its 30th tick on the
// ground untouched; a move restarts the count, at most 15 times; after that
// a move locks it.
func TestModelLockDelay(t *testing.T) {
	cfg := engine.DefaultConfig()
	cfg.NoGravity, cfg.SoftDropFactor = true, 0 // soft drop lands at once
	queue := []engine.Piece{engine.I}
	land := func() *model {
		m := newModel(cfg, engine.T)
		m.step(engine.InSoftDrop, queue, nil, engine.Placed{})
		if m.fits(moved(m.cur, 0, -1)) || m.lockTimer != 1 {
			t.Fatalf("soft drop: %+v, lock timer %d", m.cur, m.lockTimer)
		}
		return m
	}

	m := land()
	ticks := 1 // the landing tick counts
	for ; m.cur.Piece == engine.T; ticks++ {
		m.step(0, queue, nil, engine.Placed{})
	}
	if ticks != 30 {
		t.Errorf("locked on its tick %d on the ground, want 30", ticks)
	}

	m = land()
	taps := 0
	for dir := engine.InLeft; m.cur.Piece == engine.T; taps++ {
		m.step(0, queue, nil, engine.Placed{})
		m.step(dir, queue, nil, engine.Placed{})
		dir ^= engine.InLeft | engine.InRight
	}
	if taps != 16 { // 15 resets, and the 16th move locks
		t.Errorf("locked on tap %d, want 16", taps)
	}
}
