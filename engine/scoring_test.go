package engine_test

import (
	"testing"

	"github.com/kocka/kocka/engine"
)

func TestPointsTable(t *testing.T) {
	cases := []struct {
		name  string
		clear engine.Clear
		level int
		want  int
	}{
		{"nothing", engine.Clear{}, 1, 0},
		{"single", engine.Clear{Lines: 1}, 1, 100},
		{"double", engine.Clear{Lines: 2}, 1, 300},
		{"triple", engine.Clear{Lines: 3}, 1, 500},
		{"tetris", engine.Clear{Lines: 4}, 1, 800},
		{"tetris level 5", engine.Clear{Lines: 4}, 5, 4000},
		{"back-to-back tetris", engine.Clear{Lines: 4, BackToBack: true}, 1, 1200},
		{"T-spin no lines", engine.Clear{Spin: engine.SpinFull}, 1, 400},
		{"T-spin single", engine.Clear{Lines: 1, Spin: engine.SpinFull}, 1, 800},
		{"T-spin double", engine.Clear{Lines: 2, Spin: engine.SpinFull}, 1, 1200},
		{"T-spin double, back to back", engine.Clear{Lines: 2, Spin: engine.SpinFull, BackToBack: true}, 1, 1800},
		{"T-spin triple", engine.Clear{Lines: 3, Spin: engine.SpinFull}, 1, 1600},
		{"T-spin triple, back to back, level 2", engine.Clear{Lines: 3, Spin: engine.SpinFull, BackToBack: true}, 2, 4800},
		{"mini T-spin", engine.Clear{Spin: engine.SpinMini}, 1, 100},
		{"mini T-spin single", engine.Clear{Lines: 1, Spin: engine.SpinMini}, 1, 200},
		{"mini T-spin double", engine.Clear{Lines: 2, Spin: engine.SpinMini}, 1, 400},
		{"mini T-spin single, back to back", engine.Clear{Lines: 1, Spin: engine.SpinMini, BackToBack: true}, 1, 300},
		{"back to back does not touch a single", engine.Clear{Lines: 1, BackToBack: true}, 1, 100},
		{"single, combo 1", engine.Clear{Lines: 1, Combo: 1}, 1, 150},
		{"double, combo 3, level 2", engine.Clear{Lines: 2, Combo: 3}, 2, 900},
		{"perfect clear single", engine.Clear{Lines: 1, PerfectClear: true}, 1, 900},
		{"perfect clear tetris", engine.Clear{Lines: 4, PerfectClear: true}, 1, 2800},
		{"back-to-back perfect clear tetris", engine.Clear{Lines: 4, PerfectClear: true, BackToBack: true}, 1, 1200 + 3200},
	}
	for _, c := range cases {
		if got := c.clear.Points(c.level); got != c.want {
			t.Errorf("%s: %d points, want %d", c.name, got, c.want)
		}
	}
}

func TestClearNames(t *testing.T) {
	cases := map[string]engine.Clear{
		"":                   {},
		"Tetris":             {Lines: 4},
		"T-Spin Double":      {Lines: 2, Spin: engine.SpinFull},
		"Mini T-Spin Single": {Lines: 1, Spin: engine.SpinMini},
		"T-Spin":             {Spin: engine.SpinFull},
	}
	for want, c := range cases {
		if got := c.Name(); got != want {
			t.Errorf("%+v named %q, want %q", c, got, want)
		}
	}
}

func TestDetectSpin(t *testing.T) {
	cases := []struct {
		name    string
		rows    []string
		m       engine.Placed
		rotated bool
		kick    int
		want    engine.Spin
	}{
		{
			name: "T-spin double slot, pointing down",
			rows: []string{"X.........", "...XXXXXXX", "X.XXXXXXXX"},
			m:    engine.Placed{Piece: engine.T, Rot: engine.Rot2, X: 0, Y: 0}, rotated: true, want: engine.SpinFull,
		},
		{
			name: "same slot, arrived by a shift",
			rows: []string{"X.........", "...XXXXXXX", "X.XXXXXXXX"},
			m:    engine.Placed{Piece: engine.T, Rot: engine.Rot2, X: 0, Y: 0}, rotated: false, want: engine.SpinNone,
		},
		{
			name: "only two corners",
			rows: []string{"...XXXXXXX", "X.XXXXXXXX"},
			m:    engine.Placed{Piece: engine.T, Rot: engine.Rot2, X: 0, Y: 0}, rotated: true, want: engine.SpinNone,
		},
		{
			name: "mini: both back corners and one front corner",
			rows: []string{"X.........", "..........", "X.X......."},
			m:    engine.Placed{Piece: engine.T, Rot: engine.RotR, X: 0, Y: 0}, rotated: true, want: engine.SpinMini,
		},
		{
			name: "mini upgraded to full by the fifth kick",
			rows: []string{"X.........", "..........", "X.X......."},
			m:    engine.Placed{Piece: engine.T, Rot: engine.RotR, X: 0, Y: 0}, rotated: true, kick: 4, want: engine.SpinFull,
		},
		{
			name: "not a T",
			rows: []string{"X.........", "...XXXXXXX", "X.XXXXXXXX"},
			m:    engine.Placed{Piece: engine.S, Rot: engine.Rot0, X: 4, Y: 3}, rotated: true, want: engine.SpinNone,
		},
	}
	for _, c := range cases {
		b, err := engine.ParseBoard(10, 40, c.rows, engine.Z)
		if err != nil {
			t.Fatal(err)
		}
		if !b.Fits(c.m) {
			t.Fatalf("%s: piece does not fit", c.name)
		}
		if got := engine.DetectSpin(b, c.m, c.rotated, c.kick); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// A tetris, a piece that clears nothing, then a T-spin double: the T-spin
// double is back to back (1200 x 1.5 = 1800 at level 1), with no combo.
func TestBackToBackThroughTheGame(t *testing.T) {
	cfg := still()
	cfg.SoftDropFactor = 0 // soft drop goes straight down
	g := newSeqGame(t, cfg, engine.I, engine.O, engine.T, engine.O)
	fill(t, g,
		"XX........",
		"XXXXXXXXX.",
		"XXXXXXXXX.",
		"XXXXXXXXX.",
		"XXXXXXXXX.",
		"X...XXXXXX",
		"XX.XXXXXXX",
	)
	// I: turn (vertical in column 5), four taps right to column 9, hard drop.
	evs := run(g, engine.InRotateCW, engine.InRight, 0, engine.InRight, 0, engine.InRight, 0, engine.InRight, 0, engine.InHardDrop, 0)
	locks := eventsOf(evs, engine.EvLock)
	if len(locks) != 1 || locks[0].Clear.Lines != 4 || locks[0].Points != 800 {
		t.Fatalf("tetris: %+v", locks)
	}
	// O: hard drop where it spawns; it clears nothing and ends the combo.
	evs = run(g, engine.InHardDrop, 0)
	if l := eventsOf(evs, engine.EvLock); len(l) != 1 || l[0].Clear.Lines != 0 {
		t.Fatalf("O: %+v", l)
	}
	// T: turn to R, two taps left (box x 1), soft drop to the floor, turn to 2, hard drop in place.
	evs = run(g, engine.InRotateCW, engine.InLeft, 0, engine.InLeft, engine.InSoftDrop, 0, engine.InRotateCW, engine.InHardDrop, 0)
	locks = eventsOf(evs, engine.EvLock)
	if len(locks) != 1 {
		t.Fatalf("T did not lock once: %+v\n%s", locks, g.Board())
	}
	c := locks[0].Clear
	if c.Lines != 2 || c.Spin != engine.SpinFull || !c.BackToBack || c.Combo != 0 || locks[0].Points != 1800 {
		t.Errorf("T-spin double after a tetris: %+v, %d points; want back to back, 1800", c, locks[0].Points)
	}
	// The tetris sent 4 rows, the back-to-back T-spin double 4+1.
	if got := g.Stats().Attack; got != 9 {
		t.Errorf("the game sent %d rows, want 9", got)
	}
}

func TestCombosThroughTheGame(t *testing.T) {
	cfg := still()
	g := newSeqGame(t, cfg, engine.I)
	// Each I, dropped flat at spawn (columns 3..6), completes one row.
	fill(t, g, "X.........", "XXX....XXX", "XXX....XXX", "XXX....XXX") // the top row keeps it from a perfect clear
	want := []int{100, 150, 200}                                       // single, then combo 1 and 2 (+50 each)
	for i, w := range want {
		evs := run(g, engine.InHardDrop, 0)
		l := eventsOf(evs, engine.EvLock)
		if len(l) != 1 || l[0].Points != w || l[0].Clear.Combo != i {
			t.Fatalf("lock %d: %+v, want %d points combo %d", i, l, w, i)
		}
	}
}
