package pc

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kocka/kocka/engine"
)

func TestSolveReplays(t *testing.T) {
	tests := []struct {
		field, queue string
		hold         bool
		drop         Drop
		ok           bool
	}{
		{"v115@9gD8FeD8FeD8FeD8PeAgH", "TILJSZO", true, SoftDrop, true},
		{"v115@9gD8FeD8FeD8FeD8PeAgH", "IIIIII", false, SoftDrop, true},
		{"v115@9gD8FeD8FeD8FeD8PeAgH", "SSSSSSS", true, SoftDrop, false},
		{"m115@EhC8HeD8DeF8EeC8JeAgH", "TIJLSZO", true, SoftDrop, true},
		{"m115@EhC8HeD8DeF8EeC8JeAgH", "TIJLSZO", true, HardDrop, false}, // solution-finder: 0% with -d hard
		{"d115@9gA8IeD8FeE8EeF8NeAgWBAUAAAA", "ZSLJTIO", true, SoftDrop180, true},
		{"v115@vhAAgH", "TILJSZOIOTS", true, SoftDrop, true},
	}
	for _, tc := range tests {
		f, err := ParseFumen(tc.field, 4)
		if err != nil {
			t.Fatal(err)
		}
		var q []engine.Piece
		for _, r := range tc.queue {
			p, _ := engine.ParsePiece(string(r))
			q = append(q, p)
		}
		r := Rules{Hold: tc.hold, Drop: tc.drop}
		sol, ok, err := Solve(f, q, r)
		if err != nil || ok != tc.ok {
			t.Errorf("%s %s %v: ok %v err %v, want ok %v", tc.field, tc.queue, tc.drop, ok, err, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if err := sol.Replay(f, r); err != nil {
			t.Errorf("%s %s: %v", tc.field, tc.queue, err)
		}
		if _, err := sol.Fumen(f); err != nil {
			t.Errorf("%s %s: fumen: %v", tc.field, tc.queue, err)
		}
	}
}

func queueOf(t *testing.T, s string) []engine.Piece {
	t.Helper()
	var q []engine.Piece
	for _, r := range s {
		p, err := engine.ParsePiece(string(r))
		if err != nil {
			t.Fatal(err)
		}
		q = append(q, p)
	}
	return q
}

// replayLines checks a SolveLines answer through solver's movegen with
// paths, on the board that keeps its height, and counts its lines.
func replayLines(f Field, sol Solution, r Rules) (int, error) {
	lines := 0
	for i, st := range sol.Steps {
		mask, err := f.replayStep(st.Placed, r)
		if err != nil {
			return 0, fmt.Errorf("step %d: %w", i+1, err)
		}
		if mask != st.Cells {
			return 0, fmt.Errorf("step %d: Cells %x differ from the placement's %x", i+1, st.Cells, mask)
		}
		g := f.place(move{mask: mask})
		lines += f.Height - g.Height
		g.Height = f.Height
		f = g
	}
	return lines, nil
}

func TestSolveLinesCases(t *testing.T) {
	tests := []struct {
		name  string
		rows  []string
		queue string
		r     Rules
		want  int
	}{
		{"four I on empty", []string{"..........", "..........", "..........", ".........."}, "IIII", Rules{}, 1},
		{"O on empty", []string{"..........", ".........."}, "O", Rules{}, 0},
		{"I single", []string{"XXXXXXXXX."}, "I", Rules{}, 0}, // a vertical I does not fit one row
		{"I tetris", []string{"XXXXXXXXX.", "XXXXXXXXX.", "XXXXXXXXX.", "XXXXXXXXX."}, "I", Rules{}, 4},
		{"I double", []string{"..........", "..........", "XXXXXXXXX.", "XXXXXXXXX."}, "I", Rules{}, 2},
		{"T-spin double", []string{"...X......", "XXX...XXXX", "XXXX.XXXXX"}, "T", Rules{}, 2},
		{"T-spin double, hard drop: a T on its side fills only the bottom hole", []string{"...X......", "XXX...XXXX", "XXXX.XXXXX"}, "T", Rules{Drop: HardDrop}, 1},
		{"hold brings the I first", []string{"XXXXXXXXX.", "XXXXXXXXX.", "XXXXXXXXX.", "XXXXXXXXX."}, "OI", Rules{Hold: true}, 4},
		{"no hold: the O blocks the well", []string{"XXXXXXXX..", "XXXXXXXX..", "XXXXXXXX..", "XXXXXXXX.."}, "OOI", Rules{}, 4},
	}
	for _, tc := range tests {
		f, err := ParseRows(tc.rows, len(tc.rows))
		if err != nil {
			t.Fatal(err)
		}
		f.Height = len(tc.rows)
		lines, sol, err := SolveLines(f, queueOf(t, tc.queue), tc.r)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if lines != tc.want {
			t.Errorf("%s: %d lines, want %d", tc.name, lines, tc.want)
		}
		if got, err := replayLines(f, sol, tc.r); err != nil || got != lines {
			t.Errorf("%s: replay %d lines, %v", tc.name, got, err)
		}
	}
}

// bruteLines is the reference: every way to place the queue (stopping
// anywhere), by solver.Generator, no memo and no bound.
func bruteLines(f Field, hold engine.Piece, rest []engine.Piece, useHold bool, r Rules) int {
	best := 0
	try := func(p, keep engine.Piece, rest []engine.Piece) {
		for _, m := range solverMoves(f, p, r) {
			g := f.place(m)
			c := f.Height - g.Height
			g.Height = f.Height
			best = max(best, c+bruteLines(g, keep, rest, useHold, r))
		}
	}
	switch {
	case !useHold:
		if len(rest) > 0 {
			try(rest[0], engine.None, rest[1:])
		}
	case len(rest) > 0:
		try(rest[0], hold, rest[1:])
		try(hold, rest[0], rest[1:])
	case hold.Valid():
		try(hold, engine.None, nil)
	}
	return best
}

func TestSolveLinesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	n := 150
	if testing.Short() {
		n = 30
	}
	for i := 0; i < n; i++ {
		h := 2 + rng.IntN(3)
		f := Field{Height: h}
		for y := 0; y < h; y++ {
			// Mostly full low rows with a few holes, so that lines come.
			for x := 0; x < Width; x++ {
				if rng.IntN(10) < 8-3*y {
					f.Rows |= 1 << uint(y*Width+x)
				}
			}
		}
		f = f.clearFull()
		f.Height = h
		q := make([]engine.Piece, 1+rng.IntN(4))
		for j := range q {
			q[j] = engine.Pieces[rng.IntN(engine.NumPieces)]
		}
		r := Rules{Hold: rng.IntN(2) == 0, Drop: Drop(rng.IntN(3))}
		got, sol, err := SolveLines(f, q, r)
		if err != nil {
			t.Fatal(err)
		}
		var want int
		if r.Hold {
			want = bruteLines(f, q[0], q[1:], true, r)
		} else {
			want = bruteLines(f, engine.None, q, false, r)
		}
		if got != want {
			t.Fatalf("%v hold %v %v on\n%s: %d lines, brute force %d", q, r.Hold, r.Drop, f, got, want)
		}
		if lines, err := replayLines(f, sol, r); err != nil || lines != got {
			t.Fatalf("%v on\n%s: replay %d, %v", q, f, lines, err)
		}
	}
}

// countingCtx is a context whose Err is cancelled after a number of calls:
// it counts the polls a search makes and stops it part way.
type countingCtx struct {
	context.Context
	calls, cancelAt int
}

func (c *countingCtx) Err() error {
	c.calls++
	if c.cancelAt > 0 && c.calls >= c.cancelAt {
		return context.Canceled
	}
	return nil
}

// SolveContext polls its context while it searches, stops with the
// context's error when it is done, and otherwise answers as Solve does.
func TestSolveContext(t *testing.T) {
	f, err := ParseFumen("v115@vhAAgH", 4)
	if err != nil {
		t.Fatal(err)
	}
	var q []engine.Piece
	for _, r := range "TILJSZOIOTS" {
		p, _ := engine.ParsePiece(string(r))
		q = append(q, p)
	}
	r := Rules{Hold: true}
	free := &countingCtx{Context: context.Background()}
	sol, ok, err := SolveContext(free, f, q, r)
	if err != nil || !ok {
		t.Fatalf("uncancelled: ok %v err %v", ok, err)
	}
	if err := sol.Replay(f, r); err != nil {
		t.Errorf("the solution does not replay: %v", err)
	}
	if free.calls < 2 {
		t.Fatalf("the ten-piece search polled its context %d times", free.calls)
	}
	for _, at := range []int{1, free.calls / 2, free.calls} {
		c := &countingCtx{Context: context.Background(), cancelAt: at}
		if _, ok, err := SolveContext(c, f, q, r); !errors.Is(err, context.Canceled) || ok {
			t.Errorf("cancelled at poll %d of %d: ok %v err %v, want context.Canceled", at, free.calls, ok, err)
		}
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := SolveContext(done, f, q, r); !errors.Is(err, context.Canceled) {
		t.Errorf("a context cancelled before the start: %v", err)
	}
}

// TestSolveLimit: a budget too small for the search ends it with
// ErrBudget; one large enough gives Solve's own answer; the same budget
// gives the same answer every time; a cancelled context still wins.
func TestSolveLimit(t *testing.T) {
	tests := []struct {
		field, queue string
		hold         bool
	}{
		// Each needs more placements than one polling interval.
		{"v115@vhAAgH", "TILJSZOIOTS", true},
		{"v115@vhAAgH", "SSSSSSSSSSS", true}, // no clear
		{"v115@vhAAgH", "LLLLLLLLLLL", true},
	}
	for _, tc := range tests {
		f, err := ParseFumen(tc.field, 4)
		if err != nil {
			t.Fatal(err)
		}
		var q []engine.Piece
		for _, c := range tc.queue {
			p, err := engine.ParsePiece(string(c))
			if err != nil {
				t.Fatal(err)
			}
			q = append(q, p)
		}
		r := Rules{Hold: tc.hold}
		want, wantOK, err := Solve(f, q, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := SolveLimit(context.Background(), f, q, r, 1); !errors.Is(err, ErrBudget) {
			t.Errorf("%s %s: budget 1 gave %v, want ErrBudget", tc.field, tc.queue, err)
		}
		got, gotOK, err := SolveLimit(context.Background(), f, q, r, 1<<40)
		if err != nil || gotOK != wantOK || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s %s: unlimited budget gave %v %v %v, Solve %v %v", tc.field, tc.queue, gotOK, err, got, wantOK, want)
		}
		// The smallest budget that decides, found by doubling, decides the
		// same way on a second run.
		limit := stopEvery
		first, firstOK, err := SolveLimit(context.Background(), f, q, r, limit)
		for errors.Is(err, ErrBudget) {
			limit *= 2
			first, firstOK, err = SolveLimit(context.Background(), f, q, r, limit)
		}
		again, againOK, err := SolveLimit(context.Background(), f, q, r, limit)
		if err != nil || firstOK != wantOK || againOK != firstOK || fmt.Sprint(again) != fmt.Sprint(first) {
			t.Errorf("%s %s: budget %d gave %v then %v %v, Solve %v", tc.field, tc.queue, limit, firstOK, againOK, err, wantOK)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, _, err := SolveLimit(ctx, f, q, r, 1); !errors.Is(err, context.Canceled) {
			t.Errorf("%s %s: cancelled, got %v", tc.field, tc.queue, err)
		}
	}
	if _, _, err := SolveLimit(context.Background(), Field{}, nil, Rules{}, -1); err == nil {
		t.Error("a negative budget was accepted")
	}
}

// TestSolveLinesLongQueues: every 10 I pieces on an empty 4-row board clear
// 4 lines standing up, so the best is 4n/10. Past 127 lines the memo's
// int8 answers wrapped (an internal error at 400 pieces); the queue past
// 65,535 pieces is where the key once packed next into 16 bits.
func TestSolveLinesLongQueues(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		hold bool
	}{
		{"127 lines and more, no hold", 400, false},
		{"127 lines and more, hold", 400, true},
		{"more than 65,535 pieces", 70000, false},
	} {
		q := make([]engine.Piece, tc.n)
		for i := range q {
			q[i] = engine.I
		}
		r := Rules{Hold: tc.hold}
		got, sol, err := SolveLines(Field{Height: 4}, q, r)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if want := 4 * tc.n / 10; got != want {
			t.Errorf("%s: %d lines, want %d", tc.name, got, want)
		}
		if tc.n <= 1000 {
			if lines, err := replayLines(Field{Height: 4}, sol, r); err != nil || lines != got {
				t.Errorf("%s: replay %d lines, %v", tc.name, lines, err)
			}
		}
	}
}
