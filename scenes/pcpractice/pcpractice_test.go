package pcpractice

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver/pc"
)

func pieces(t testing.TB, s string) []engine.Piece {
	t.Helper()
	var out []engine.Piece
	for _, c := range s {
		p, err := engine.ParsePiece(string(c))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

func field(t testing.TB, rows ...string) pc.Field {
	t.Helper()
	f, err := pc.ParseRows(rows, Lines)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// withQueue sets the current piece and the preview.
func (p Position) withQueue(t testing.TB, cur, preview string) Position {
	p.Current, p.Preview = pieces(t, cur)[0], pieces(t, preview)
	return p
}

func TestBagRest(t *testing.T) {
	for _, c := range []struct{ dealt, want string }{
		{"", ""},
		{"T", "IOSZJL"},
		{"TIOSZJ", "L"},
		{"TIOSZJL", ""},
		{"TIOSZJLZ", "IOTSJL"},
		{"TIOSZJLZSIJLOT", ""},
	} {
		got := BagRest(pieces(t, c.dealt))
		if !slices.Equal(got, pieces(t, c.want)) {
			t.Errorf("BagRest(%s) = %v, want %s", c.dealt, got, c.want)
		}
	}
}

// TestPattern: the bag state becomes the pattern, cut to the pieces needed.
func TestPattern(t *testing.T) {
	empty := field(t)
	wall := field(t, Setups[1].Rows...)
	for _, c := range []struct {
		name    string
		p       Position
		pattern string
		seqs    int
	}{
		// A game's start: current and five shown, one left in the bag,
		// then four of the next bag (10 pieces and one for hold).
		{"start", Position{Field: empty, Current: engine.T, Preview: pieces(t, "ILJSZ"), BagRest: pieces(t, "O")},
			"T,I,L,J,S,Z,[O]p1,*p4", 840},
		// The same with a piece held: five of the next bag are possible
		// queues only up to the 11th piece.
		{"held", Position{Field: empty, Hold: engine.T, Current: engine.I, Preview: pieces(t, "LJSZO")},
			"T,I,L,J,S,Z,O,*p4", 840},
		// Six pieces to place and seven shown: the queue alone.
		{"exact", Position{Field: wall, Hold: engine.T, Current: engine.I, Preview: pieces(t, "LJSZO"), BagRest: nil},
			"T,I,L,J,S,Z,O", 1},
		// Six pieces, three shown, three of the bag's four left unseen.
		{"short preview", Position{Field: wall, Current: engine.S, Preview: pieces(t, "ZO"), BagRest: pieces(t, "TJLI")},
			"S,Z,O,[ITJL]p4", 24},
		// The bag's rest is not enough: a whole bag follows.
		{"two bags", Position{Field: wall, Current: engine.S, Preview: pieces(t, "Z"), BagRest: pieces(t, "L")},
			"S,Z,[L]p1,*p4", 840},
		// More shown than the clear can use: the queue is cut.
		{"cut", Position{Field: field(t, "XXXXXXX...", "XXXXXXXX..", "XXXXXXXXX.", "XXXXXXXX..")}.withQueue(t, "T", "IOLJS"),
			"T,I,O", 1},
		// A 10-piece field without preview: four bags' worth, never held.
		{"no preview", Position{Field: empty, Current: engine.S, BagRest: pieces(t, "IOZJL")},
			"S,[IOZJL]p5,*p5", 120 * 2520},
	} {
		got, count, err := c.p.Pattern()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.pattern || count != c.seqs {
			t.Errorf("%s: pattern %q of %d queues, want %q of %d", c.name, got, count, c.pattern, c.seqs)
		}
		if count > MaxChanceQueues {
			continue // not held in memory
		}
		seqs, err := c.p.Sequences()
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(seqs) != c.seqs {
			t.Errorf("%s: %d sequences, want %d", c.name, len(seqs), c.seqs)
		}
	}
}

// TestSetupsHaveAClear: every field the mode offers has a perfect clear
// with some 7-bag queue; the six-piece ones give solution-finder's rates
// over *p7 (docs/pc.md), the empty one clears with a bag and four more.
func TestSetupsHaveAClear(t *testing.T) {
	want := map[string]int{"wall": 5040, "stairs": 4636, "split": 4374}
	for _, s := range Setups {
		f, err := s.Field()
		if err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		b := f.Board(Lines, engine.I)
		for y, r := range s.BoardRows() {
			if b.Row(y) != r {
				t.Errorf("%s: board row %d is %b, the field's %b", s.Name, y, r, b.Row(y))
			}
		}
		n, err := f.Pieces()
		if err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		if n > 6 {
			sol, ok, err := pc.Solve(f, pieces(t, "TILJSZOIJLO"), Rules)
			if err != nil || !ok {
				t.Fatalf("%s: no clear (%v)", s.Name, err)
			}
			if err := sol.Replay(f, Rules); err != nil {
				t.Errorf("%s: %v", s.Name, err)
			}
			continue
		}
		pat, _ := pc.ParsePattern([]string{"*p7"})
		seqs, err := pc.Sequences(pat, n, true)
		if err != nil {
			t.Fatal(err)
		}
		ok, err := pc.Percent(context.Background(), f, seqs, Rules, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		clear := 0
		for _, y := range ok {
			if y {
				clear++
			}
		}
		if clear != want[s.Name] || len(seqs) != 5040 {
			t.Errorf("%s: %d/%d queues clear, want %d/5040", s.Name, clear, len(seqs), want[s.Name])
		}
	}
	if _, err := SetupByName("nope"); err == nil {
		t.Error("an unknown setup was found")
	}
}

// wallAfterI is the wall with the I stood up in column 5: column 4 is a
// well one cell wide that only another I fills, and no row clears first.
func wallAfterI(t testing.TB) pc.Field {
	return field(t,
		"XXXX.X....",
		"XXXX.X....",
		"XXXX.X....",
		"XXXX.X....")
}

// TestVerdictAfterABadPlacement: the wall clears with the whole bag; after
// the I stood up in column 5, no queue without another I does, with the
// pieces all shown or some still in the bag.
func TestVerdictAfterABadPlacement(t *testing.T) {
	ctx := context.Background()
	before := Position{Field: field(t, Setups[1].Rows...), Current: engine.I, Preview: pieces(t, "TLJSZ"), BagRest: pieces(t, "O")}
	v, err := Analyze(ctx, before, true, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Possible || v.Clear != v.Total || v.Total != 1 || !v.Exact {
		t.Fatalf("before: %+v, want possible and exact (the queue ITLJSZ and the bag's last O)", v)
	}
	for _, p := range []Position{
		{Field: wallAfterI(t), Current: engine.T, Preview: pieces(t, "LJSZO")},
		{Field: wallAfterI(t), Current: engine.T, Preview: pieces(t, "L"), BagRest: pieces(t, "JSZO")},
	} {
		for _, full := range []bool{true, false} {
			v, err := Analyze(ctx, p, full, 1)
			if err != nil {
				t.Fatal(err)
			}
			if v.Possible || v.Clear != 0 || v.First != nil {
				t.Errorf("after the I (preview %v, full %v): %+v, want impossible", p.Preview, full, v)
			}
			if full && v.Chance() != "0.00% (0/"+itoa(v.Total)+")" {
				t.Errorf("chance %q", v.Chance())
			}
		}
	}
}

func itoa(n int) string {
	b := []byte{}
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		if n /= 10; n == 0 {
			return string(b)
		}
	}
}

// TestHintReplays: the hint's steps, placed in order through the movegen
// with input paths, leave the field empty; on the empty field (ten
// pieces, more than the chance is counted for) the verdict stops at the
// first queue that clears.
func TestHintReplays(t *testing.T) {
	for _, p := range []Position{
		{Field: field(t, Setups[2].Rows...), Current: engine.L, Preview: pieces(t, "J"), BagRest: pieces(t, "SZOTI")},
		{Field: field(t), Current: engine.T, Preview: pieces(t, "ILJSZ"), BagRest: pieces(t, "O")},
	} {
		v, err := Analyze(context.Background(), p, true, 0)
		if err != nil {
			t.Fatal(err)
		}
		n, _ := p.Pieces()
		if !v.Possible || v.First == nil || (n > MaxChancePieces) != (v.Total == 0) {
			t.Fatalf("%v: %+v", p.Visible(), v)
		}
		sol, ok, err := Hint(context.Background(), p, v)
		if err != nil || !ok {
			t.Fatalf("%v: no hint (%v)", p.Visible(), err)
		}
		if len(sol.Steps) != n {
			t.Errorf("%d steps, want %d", len(sol.Steps), n)
		}
		if err := sol.Replay(p.Field, Rules); err != nil {
			t.Errorf("%v: %v", p.Visible(), err)
		}
	}
	// No preview: one piece shown, 5! x 840 queues; only the verdict.
	p := Position{Field: field(t, "....T.....", "...TTT...."), Current: engine.S, BagRest: pieces(t, "IOZJL")}
	if _, n, err := p.Pattern(); err != nil || n != 100800 {
		t.Fatalf("no preview: %d queues (%v), want 100800", n, err)
	}
	v, err := Analyze(context.Background(), p, true, 0)
	if err != nil || !v.Possible || v.Total != 0 || v.First == nil {
		t.Fatalf("no preview: %+v %v", v, err)
	}
	if _, ok, err := Hint(context.Background(), Position{}, Verdict{}); ok || err != nil {
		t.Error("a hint without a queue that clears")
	}
}

// TestWorker: Poll answers once, for the last search started; a cancelled
// search's answer never arrives, and a search sees its cancellation.
func TestWorker(t *testing.T) {
	w := NewWorker[int]()
	if _, _, ok := w.Poll(); ok || w.Busy() {
		t.Fatal("an idle worker answered")
	}
	release := make(chan struct{})
	stopped := make(chan error, 1)
	w.Start(func(ctx context.Context) (int, error) {
		select {
		case <-release:
		case <-ctx.Done():
		}
		stopped <- ctx.Err()
		return 1, nil
	})
	w.Start(func(context.Context) (int, error) { return 2, nil })
	if err := <-stopped; !errors.Is(err, context.Canceled) {
		t.Fatalf("the first search saw %v, want its cancellation", err)
	}
	v, err := w.Wait()
	if v != 2 || err != nil {
		t.Fatalf("got %d, %v, want the second search's 2", v, err)
	}
	if _, _, ok := w.Poll(); ok || w.Busy() {
		t.Fatal("answered twice")
	}
	w.Start(func(ctx context.Context) (int, error) { <-ctx.Done(); return 3, ctx.Err() })
	w.Cancel()
	time.Sleep(10 * time.Millisecond)
	if _, _, ok := w.Poll(); ok {
		t.Fatal("a cancelled search answered")
	}
}

// TestSlicedContext: in the browser's mode a search waits for a grant once
// its slice is used up, and goes on when Poll grants one.
func TestSlicedContext(t *testing.T) {
	s := &slicer{resume: make(chan struct{}, 1)}
	s.begin()
	ctx := slicedContext{context.Background(), s}
	done := make(chan struct{})
	go func() {
		time.Sleep(2 * Slice)
		ctx.Err() // slice used up: waits
		close(done)
	}()
	for !s.waiting.Load() {
		time.Sleep(time.Millisecond)
	}
	select {
	case <-done:
		t.Fatal("the search went on without a grant")
	case <-time.After(20 * time.Millisecond):
	}
	s.grant()
	<-done
}

// BenchmarkChanceNine is the panel's heaviest counted chance: the empty
// field after a first piece (a T at the bottom), six pieces shown, 840
// queues of nine. Run it in the browser's engine too:
// GOOS=js GOARCH=wasm go test -run '^$' -bench ChanceNine ./scenes/pcpractice
// (with $(go env GOROOT)/lib/wasm on PATH, under Node).
func BenchmarkChanceNine(b *testing.B) {
	p := Position{Field: field(b, "....T.....", "...TTT...."), Current: engine.S, Preview: pieces(b, "ZJIOL")}
	for b.Loop() {
		v, err := Analyze(context.Background(), p, true, 1)
		if err != nil || v.Total != 840 || !v.Possible {
			b.Fatalf("%+v %v", v, err)
		}
	}
}

// BenchmarkHintNine is the hint of that position: pc.Solve with the first
// queue that clears. It does not take a context, so in the browser it
// runs in one piece (see Hint).
func BenchmarkHintNine(b *testing.B) {
	p := Position{Field: field(b, "....T.....", "...TTT...."), Current: engine.S, Preview: pieces(b, "ZJIOL")}
	v, err := Analyze(context.Background(), p, false, 1)
	if err != nil || !v.Possible {
		b.Fatalf("%+v %v", v, err)
	}
	for b.Loop() {
		if _, ok, err := Hint(context.Background(), p, v); !ok || err != nil {
			b.Fatal(err)
		}
	}
}
