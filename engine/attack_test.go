package engine

import "testing"

func TestAttack(t *testing.T) {
	cases := []struct {
		name string
		c    Clear
		want int
	}{
		{"no clear", Clear{}, 0},
		{"T-spin without lines", Clear{Spin: SpinFull}, 0},
		{"single", Clear{Lines: 1}, 0},
		{"double", Clear{Lines: 2}, 1},
		{"triple", Clear{Lines: 3}, 2},
		{"tetris", Clear{Lines: 4}, 4},
		{"back-to-back tetris", Clear{Lines: 4, BackToBack: true}, 5},
		{"mini T-spin single", Clear{Lines: 1, Spin: SpinMini}, 0},
		{"mini T-spin double", Clear{Lines: 2, Spin: SpinMini}, 1},
		{"back-to-back mini double", Clear{Lines: 2, Spin: SpinMini, BackToBack: true}, 2},
		{"T-spin single", Clear{Lines: 1, Spin: SpinFull}, 2},
		{"T-spin double", Clear{Lines: 2, Spin: SpinFull}, 4},
		{"T-spin triple", Clear{Lines: 3, Spin: SpinFull}, 6},
		{"back-to-back T-spin double", Clear{Lines: 2, Spin: SpinFull, BackToBack: true}, 5},
		// BackToBack on an easy clear cannot happen in a game; it adds nothing.
		{"double marked back-to-back", Clear{Lines: 2, BackToBack: true}, 1},
		{"combo 1 single", Clear{Lines: 1, Combo: 1}, 0},
		{"combo 2 single", Clear{Lines: 1, Combo: 2}, 1},
		{"combo 4 double", Clear{Lines: 2, Combo: 4}, 3},
		{"combo 11 single", Clear{Lines: 1, Combo: 11}, 5},
		{"combo 30 single", Clear{Lines: 1, Combo: 30}, 5},
		{"perfect clear double", Clear{Lines: 2, PerfectClear: true}, 11},
		{"perfect clear b2b tetris combo 2", Clear{Lines: 4, BackToBack: true, Combo: 2, PerfectClear: true}, 16},
	}
	for _, c := range cases {
		if got := c.c.Attack(); got != c.want {
			t.Errorf("%s: %+v sends %d, want %d", c.name, c.c, got, c.want)
		}
	}
}
