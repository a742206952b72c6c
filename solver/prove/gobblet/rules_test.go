package gobblet

import (
	"slices"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/prove"
)

// parse reads a board written row by row, squares separated by spaces, each
// square its stack as letters (A-D upper case for colour 0 = the drawing
// player, lower case for colour 1 = the attacker) or "." when empty.
func parse(t *testing.T, r *Rules, rows string, mover int) Board {
	t.Helper()
	b := Board{Mover: mover}
	f := strings.Fields(rows)
	if len(f) != r.N*r.N {
		t.Fatalf("%d squares, want %d", len(f), r.N*r.N)
	}
	for q, cell := range f {
		if cell == "." {
			continue
		}
		for _, ch := range cell {
			c, z := 0, int(ch-'A')
			if ch >= 'a' {
				c, z = 1, int(ch-'a')
			}
			b.B[z][c] |= 1 << q
		}
	}
	return b
}

func ab(t *testing.T) Rules {
	r, err := Variant("ab", Drawing)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func full(t *testing.T) Rules {
	r, err := Variant("full", Drawing)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func moveStrings(r *Rules, b *Board) []string {
	var out []string
	for _, m := range r.Moves(b, nil) {
		out = append(out, m.String())
	}
	return out
}

func TestPlaceFromStack(t *testing.T) {
	r := full(t)
	cases := []struct {
		name      string
		board     string
		mover     int
		has, hasn []string
	}{
		{"onto an empty square only", `
			b . . .
			. . . .
			. . . .
			. . . .`, Drawing, []string{"A@1", "A@15"}, []string{"A@0"}},
		{"over a piece of the opponent's three in a line", `
			b c d .
			. . . .
			. . . .
			. . . a`, Drawing, []string{"A@0", "A@1", "A@2", "A@3"}, []string{"A@15"}},
		{"not over a piece of the same size", `
			a b b .
			. . . .
			. . . .
			. . . .`, Drawing, []string{"A@1", "A@2"}, []string{"A@0"}},
		{"not over one's own piece in the opponent's line", `
			b b b C
			. . . .
			. . . .
			. . . .`, Drawing, []string{"A@0"}, []string{"A@3"}},
		{"three in a column", `
			c . . .
			c . . .
			c . . .
			. . . .`, Drawing, []string{"A@0", "A@4", "A@8"}, nil},
		{"three on a diagonal, the fourth square taken", `
			d . . .
			. d . .
			. . d .
			. . . B`, Drawing, []string{"A@0", "A@5", "A@10"}, nil},
		{"two in a line is no threat", `
			b b . .
			. . . .
			. . . .
			. . . .`, Drawing, nil, []string{"A@0", "A@1"}},
	}
	for _, c := range cases {
		b := parse(t, &r, c.board, c.mover)
		got := moveStrings(&r, &b)
		for _, m := range c.has {
			if !slices.Contains(got, m) {
				t.Errorf("%s: %s missing from %v", c.name, m, got)
			}
		}
		for _, m := range c.hasn {
			if slices.Contains(got, m) {
				t.Errorf("%s: %s is not legal", c.name, m)
			}
		}
	}
	// Gobblers: from off the board over any smaller piece.
	g := Gobblers()
	b := parse(t, &g, `c . . . B . . . .`, Drawing)
	got := moveStrings(&g, &b)
	for _, m := range []string{"A@0", "B@0", "A@8", "A@4"} {
		if !slices.Contains(got, m) {
			t.Errorf("gobblers: %s missing from %v", m, got)
		}
	}
	for _, m := range []string{"C@0", "B@4"} {
		if slices.Contains(got, m) {
			t.Errorf("gobblers: %s is not legal", m)
		}
	}
}

func TestStacksOffTheBoard(t *testing.T) {
	r := ab(t)
	cases := []struct {
		board   string
		a, b    bool // the attacker can play A, B
		drawerA bool
	}{
		{". . . . . . . . . . . . . . . .", true, false, true},
		{"a . . . . . . . . . . . . . . .", true, true, true},
		{"a a a . . . . . . . . . . . . A", false, true, true},
		{"a a a b b b . . . . . . . A A A", false, false, false},
		{"ab a . . . . . . . . . . . . . .", true, true, true},
		{"ab . . . . . . . . . . . . . . .", true, false, true},
	}
	for _, c := range cases {
		b := parse(t, &r, c.board, Attacker)
		if got := r.InHand(&b, Attacker, 0); got != c.a {
			t.Errorf("%q: attacker A %v, want %v", c.board, got, c.a)
		}
		if got := r.InHand(&b, Attacker, 1); got != c.b {
			t.Errorf("%q: attacker B %v, want %v", c.board, got, c.b)
		}
		if got := r.InHand(&b, Drawing, 0); got != c.drawerA {
			t.Errorf("%q: drawer A %v, want %v", c.board, got, c.drawerA)
		}
		if r.InHand(&b, Drawing, 1) {
			t.Errorf("%q: the drawing player has no B", c.board)
		}
	}
	// Full game: a stack shows C only once its A and B are out.
	f := full(t)
	b := parse(t, &f, "A B . . . . . . . . . . . . . .", Drawing)
	// One A and one B out: one stack is down to its C, two show A.
	for z, want := range []bool{true, false, true, false} {
		if got := f.InHand(&b, Drawing, z); got != want {
			t.Errorf("full, A and B out: size %c playable %v, want %v", 'A'+z, got, want)
		}
	}
}

func TestBoardMoves(t *testing.T) {
	r := full(t)
	b := parse(t, &r, `
		A b . .
		cB . . .
		. . D a
		. . . .`, Drawing)
	got := moveStrings(&r, &b)
	want := []string{"A0-1", "A0-2", "A0-14", "A0-4", "B4-2", "D10-2"}
	for _, m := range want {
		if !slices.Contains(got, m) {
			t.Errorf("%s missing from %v", m, got)
		}
	}
	bad := []string{
		"A0-11", // over a piece of the same size
		"B4-1",  // over a piece of the same size
		"B4-4",  // a move must change square
		"B4-0",  // over a larger piece
		"D10-1", // over a larger piece
		"B4-11", // over a larger piece
	}
	for _, m := range bad {
		if slices.Contains(got, m) {
			t.Errorf("%s is not legal", m)
		}
	}
	// The covered c on square 4 belongs to the attacker; the attacker can
	// only move its visible pieces.
	b.Mover = Attacker
	for _, m := range moveStrings(&r, &b) {
		if strings.HasPrefix(m, "C4-") {
			t.Errorf("attacker moved a covered piece: %s", m)
		}
	}
}

func TestUncovering(t *testing.T) {
	r := full(t)
	// The drawing player's A covers the attacker's b at square 3; the
	// attacker has b c d on squares 0-2: lifting A shows a line of four.
	board := `
		b c d Ab
		. . . .
		A A A .
		. . . .`
	cases := []struct {
		name string
		move Move
		want Outcome // for the attacker, to move after
	}{
		{"lifting shows the attacker's line: the mover loses", Move{From: 3, To: 4, Size: 0}, Won},
		{"covering the line again does not save (the thesis' rule)", Move{From: 3, To: 0, Size: 0}, Won},
		{"the moved piece makes a line of four at once: the mover wins", Move{From: 3, To: 11, Size: 0}, Lost},
	}
	for _, c := range cases {
		b := parse(t, &r, board, Drawing)
		legal := false
		for _, m := range r.Moves(&b, nil) {
			legal = legal || m == c.move
		}
		if !legal {
			t.Fatalf("%s: %v not legal", c.name, c.move)
		}
		nb := r.Play(b, c.move)
		if got := r.Outcome(&nb); got != c.want {
			t.Errorf("%s: outcome %v for the attacker, want %v\n%s", c.name, got, c.want, r.String(&nb))
		}
		if got := r.Moves(&nb, nil); len(got) != 0 {
			t.Errorf("%s: moves after the end: %v", c.name, got)
		}
	}
	// The attacker lifts its a off the drawing player's B and shows the
	// drawing player's row: the attacker forfeits.
	b := parse(t, &r, "A A A Ba . . . . . . . . . . . .", Attacker)
	nb := r.Play(b, Move{From: 3, To: 5, Size: 0})
	if got := r.Outcome(&nb); got != Won || !nb.Forfeit {
		t.Errorf("uncovering the opponent's row: %v, forfeit %v", got, nb.Forfeit)
	}
	// Lifting one's own A shows one's own B and a row of four: a plain win.
	b = parse(t, &r, "B B B AB . . . . . . . . . . . .", Drawing)
	nb = r.Play(b, Move{From: 3, To: 5, Size: 0})
	if got := r.Outcome(&nb); got != Lost || nb.Forfeit {
		t.Errorf("uncovering one's own row: %v, forfeit %v", got, nb.Forfeit)
	}
	b = parse(t, &r, `
		b c d Ab
		. . A .
		. A . .
		. . . .`, Drawing)
	// Double lines. Moving A from 3 to 12 shows the attacker's row 0-3 and completes the
	// drawing player's anti-diagonal 3-6-9-12? Square 3 is now the
	// attacker's b, so no: the mover forfeits.
	nb = r.Play(b, Move{From: 3, To: 12, Size: 0})
	if got := r.Outcome(&nb); got != Won || !nb.Forfeit {
		t.Errorf("a line through the lifted square cannot count: %v, forfeit %v", got, nb.Forfeit)
	}
	b = parse(t, &r, `
		b c d Ab
		. . . .
		A A A .
		. . . .`, Drawing)
	nb = r.Play(b, Move{From: 3, To: 11, Size: 0})
	if got := r.Outcome(&nb); got != Lost || nb.Forfeit {
		t.Errorf("both lines after the move, the mover's made by the moved piece: %v, forfeit %v", got, nb.Forfeit)
	}
}

func TestLines(t *testing.T) {
	r := full(t)
	cases := []struct {
		board string
		want  Outcome // for the side to move, the attacker
	}{
		{"A A A A . . . . . . . . . . . . ", Lost},
		{"A . . . . A . . . . A . . . . A ", Lost},
		{". . . A . . A . . A . . A . . . ", Lost},
		{"A . . . A . . . A . . . A . . . ", Lost},
		{"A A A Ab . . . . . . . . . . . . ", Lost},
		{"A A A aB . . . . . . . . . . . . ", Going}, // covered: not visible
		{"A A A . . . . . . . . . . . . . ", Going},
		{"A A . A . . . . . . . . . . . . ", Going},
	}
	for _, c := range cases {
		b := parse(t, &r, c.board, Attacker)
		if got := r.Outcome(&b); got != c.want {
			t.Errorf("%q: %v, want %v", c.board, got, c.want)
		}
	}
}

func TestSymmetries(t *testing.T) {
	for _, c := range []struct{ n, count int }{{3, 8}, {4, 32}} {
		syms := Symmetries(c.n)
		if len(syms) != c.count {
			t.Errorf("%dx%d: %d symmetries, want %d", c.n, c.n, len(syms), c.count)
		}
		r := Rules{N: c.n}
		lines := r.Lines()
		for _, p := range syms {
			for _, l := range lines {
				var img uint16
				for q := 0; q < c.n*c.n; q++ {
					if l&(1<<q) != 0 {
						img |= 1 << p[q]
					}
				}
				if !slices.Contains(lines, img) {
					t.Errorf("%dx%d: %v maps line %b to %b", c.n, c.n, p, l, img)
				}
			}
		}
	}
}

func TestPackAndCanonical(t *testing.T) {
	r := ab(t)
	g, err := NewGame(r)
	if err != nil {
		t.Fatal(err)
	}
	b := parse(t, &r, "Ab a . . . b . . . . A . . . . a", Attacker)
	s := g.Pack(&b)
	if u := g.Unpack(s); u != b {
		t.Fatalf("unpack %+v, want %+v", u, b)
	}
	c := g.Canonical(s)
	// Every image of the board has the same canonical form and moves.
	for _, p := range Symmetries(4) {
		var img Board
		img.Mover = b.Mover
		for z := range b.B {
			for col := 0; col < 2; col++ {
				for q := 0; q < 16; q++ {
					if b.B[z][col]&(1<<q) != 0 {
						img.B[z][col] |= 1 << p[q]
					}
				}
			}
		}
		if got := g.Canonical(g.Pack(&img)); got != c {
			t.Errorf("canonical %#x, want %#x", got, c)
		}
		if n, m := len(r.Moves(&img, nil)), len(r.Moves(&b, nil)); n != m {
			t.Errorf("%d moves in an image, %d in the board", n, m)
		}
	}
	if _, err := NewGame(full(t)); err == nil {
		t.Error("the full game cannot fit 64 bits")
	}
}

// TestSmallGobblers solves small Gobblers instances by retrograde
// analysis and checks the smallest against the proof search from both sides.
func TestSmallGobblers(t *testing.T) {
	for _, c := range []struct {
		sizes, perSize, states int
		start                  prove.Value
		prove                  bool
	}{
		{1, 3, 1730, prove.Draw, true},
		{2, 2, 515199, prove.Draw, false},
	} {
		g, err := NewGame(SmallGobblers(c.sizes, c.perSize))
		if err != nil {
			t.Fatal(err)
		}
		sol, err := prove.Retrograde(g, prove.Options{})
		if err != nil {
			t.Fatal(err)
		}
		v, _, _ := sol.Lookup(g.Canonical(g.Start()))
		if len(sol.States) != c.states || v != c.start {
			t.Errorf("%s: %d states, start %v; want %d, %v", g.Name(), len(sol.States), v, c.states, c.start)
		}
		if !c.prove {
			continue
		}
		for drawer := 0; drawer < 2; drawer++ {
			for name, method := range map[string]func(prove.Game, int, prove.Options) (*prove.Proof, error){"search": prove.Prove, "grow": prove.Grow} {
				p, err := method(g, drawer, prove.Options{})
				if err != nil {
					t.Fatal(err)
				}
				want := (drawer == 0 && v != prove.Loss) || (drawer == 1 && v != prove.Win)
				if p.Safe != want {
					t.Fatalf("%s: drawer %d safe %v, retrograde says %v", name, drawer, p.Safe, v)
				}
				if _, err := prove.Check(g, p.Cert, prove.Options{}); err != nil {
					t.Fatalf("%s: drawer %d: %v", name, drawer, err)
				}
			}
		}
	}
}
