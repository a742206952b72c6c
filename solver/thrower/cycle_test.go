package thrower

import (
	"testing"

	"github.com/kocka/kocka/engine"
)

// stateBoard draws state v into a 10-wide board: row 0 is always the same,
// rows 2 and 3 hold v's low and high byte.
func stateBoard(v int) *engine.Board {
	b := engine.NewBoard(10, 8)
	b.SetRows([]uint16{1, 0, uint16(v & 0xFF), uint16(v >> 8 & 0xFF)}, engine.I)
	return b
}

// eventually returns the sequence x_t = t for t < pre, then pre + (t-pre)
// mod period: distinct states until move pre, then a cycle of period states.
func eventually(pre, period int) func(t int) int {
	return func(t int) int {
		if t < pre {
			return t
		}
		return pre + (t-pre)%period
	}
}

func TestCycleDetector(t *testing.T) {
	tests := []struct {
		name            string
		c               int
		state           func(t int) int
		key             func(t int) uint64
		moves           int
		want            bool
		move, start     int
		length          int
		lowRow, highRow int
	}{
		{name: "period 3 from the start", c: 1, state: eventually(0, 3), moves: 100,
			want: true, move: 7, start: 4, length: 3, lowRow: 2, highRow: 2},
		{name: "fixed point after 5 moves", c: 1, state: eventually(5, 1), moves: 100,
			want: true, move: 9, start: 8, length: 1, lowRow: -1, highRow: -1},
		{name: "period 4 after 10 moves", c: 1, state: eventually(10, 4), moves: 100,
			want: true, move: 20, start: 16, length: 4, lowRow: 2, highRow: 2},
		{name: "period 4 after 10 moves, first save at 3", c: 3, state: eventually(10, 4), moves: 100,
			want: true, move: 16, start: 12, length: 4, lowRow: 2, highRow: 2},
		{name: "period longer than the first windows", c: 1, state: eventually(0, 37), moves: 200,
			want: true, move: 64 + 37, start: 64, length: 37, lowRow: 2, highRow: 2},
		{name: "cycle through both state rows", c: 1, state: eventually(250, 20), moves: 1000,
			want: true, move: 276, start: 256, length: 20, lowRow: 2, highRow: 3},
		{name: "never repeats", c: 1, state: func(t int) int { return t }, moves: 1000, want: false},
		{name: "same board, the key cycles", c: 1, state: func(int) int { return 7 },
			key: func(t int) uint64 { return uint64(t % 2) }, moves: 100,
			want: true, move: 4, start: 2, length: 2, lowRow: -1, highRow: -1},
		{name: "same board, the key never repeats", c: 1, state: func(int) int { return 7 },
			key: func(t int) uint64 { return uint64(t) }, moves: 500, want: false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := NewCycleDetector(tc.c)
			found := false
			for m := 1; m <= tc.moves && !found; m++ {
				var key uint64
				if tc.key != nil {
					key = tc.key(m)
				}
				found = d.Observe(stateBoard(tc.state(m)), key)
			}
			if found != tc.want || d.Found() != tc.want {
				t.Fatalf("found = %v, Found() = %v, want %v (after %d moves)", found, d.Found(), tc.want, d.Moves())
			}
			if !tc.want {
				return
			}
			got := d.Cycle()
			want := Cycle{Move: tc.move, Start: tc.start, Length: tc.length, LowRow: tc.lowRow, HighRow: tc.highRow}
			if got != want {
				t.Errorf("cycle = %+v, want %+v", got, want)
			}
		})
	}
}

// TestCycleDetectorLengthIsThePeriod checks, over many openings and
// periods, that the reported length is the smallest period and that the
// repeat is found no later than the bound in the type's comment.
func TestCycleDetectorLengthIsThePeriod(t *testing.T) {
	for _, c := range []int{1, 2, 5} {
		for pre := 0; pre < 40; pre += 3 {
			for period := 1; period < 50; period += 4 {
				d := NewCycleDetector(c)
				state := eventually(pre, period)
				for m := 1; m <= 2000 && !d.Observe(stateBoard(state(m)), 0); m++ {
				}
				if !d.Found() {
					t.Fatalf("c %d pre %d period %d: no cycle found", c, pre, period)
				}
				got := d.Cycle()
				s := c
				for s < pre || s < period {
					s *= 2
				}
				if got.Length != period || got.Move > s+period {
					t.Errorf("c %d pre %d period %d: got %+v, want length %d by move %d", c, pre, period, got, period, s+period)
				}
			}
		}
	}
}

func TestCycleDetectorStaysFound(t *testing.T) {
	d := NewCycleDetector(1)
	for m := 1; m <= 10; m++ {
		d.Observe(stateBoard(0), 0)
	}
	first := d.Cycle()
	if !d.Observe(stateBoard(99), 0) || d.Cycle() != first {
		t.Errorf("a later different board changed the result: %+v -> %+v", first, d.Cycle())
	}
}

func BenchmarkCycleDetectorObserve(b *testing.B) {
	boards := []*engine.Board{stateBoard(1), stateBoard(2), stateBoard(3)}
	d := NewCycleDetector(1)
	for i := 0; i < b.N; i++ {
		if d.Observe(boards[i%3], uint64(i)) { // keys never repeat: never found
			b.Fatal("unexpected cycle")
		}
	}
}
