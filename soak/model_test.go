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
		{"T in the slot without a turn: a double", tsd, engine.Placed{Piece: engine.T, Rot: engine.Rot2, X: 0, Y: 0}, false, 1, 1, -1,
			engine.Clear{Lines: 2}, 300, 0, 0},
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
