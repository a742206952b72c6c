package prove_test

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/tictactoe"
)

// nim is normal-play Nim on up to four heaps of up to 15 (4 bits each, the
// side to move in bit 16): the side to move loses with no stones left.
type nim struct{ heaps []int }

func (n nim) Name() string { return fmt.Sprint("nim", n.heaps) }
func (n nim) Start() prove.State {
	var s prove.State
	for i, h := range n.heaps {
		s |= prove.State(h) << (4 * i)
	}
	return s
}
func (nim) Mover(s prove.State) int { return int(s >> 16 & 1) }
func (nim) Terminal(s prove.State) (bool, prove.Value) {
	if s&0xffff == 0 {
		return true, prove.Loss
	}
	return false, prove.Unknown
}
func (nim) Moves(s prove.State, buf []prove.State) []prove.State {
	for i := 0; i < 4; i++ {
		h := int(s >> (4 * i) & 15)
		for k := 1; k <= h; k++ {
			buf = append(buf, (s-prove.State(k)<<(4*i))^1<<16)
		}
	}
	return buf
}

// Canonical sorts the heaps: their order does not matter.
func (nim) Canonical(s prove.State) prove.State {
	h := []int{int(s & 15), int(s >> 4 & 15), int(s >> 8 & 15), int(s >> 12 & 15)}
	slices.Sort(h)
	return prove.State(h[0]|h[1]<<4|h[2]<<8|h[3]<<12) | s&(1<<16)
}

func TestNimByXOR(t *testing.T) {
	for a := 0; a <= 5; a++ {
		for b := 0; b <= 5; b++ {
			for c := 0; c <= 4; c++ {
				g := nim{[]int{a, b, c}}
				sol, err := prove.Retrograde(g, prove.Options{})
				if err != nil {
					t.Fatal(err)
				}
				v, d, ok := sol.Lookup(g.Canonical(g.Start()))
				want := prove.Win
				if a^b^c == 0 {
					want = prove.Loss
				}
				if !ok || v != want {
					t.Errorf("nim %d %d %d: %v, want %v", a, b, c, v, want)
				}
				if want == prove.Win && a+b+c > 0 && d%2 != 1 || want == prove.Loss && d%2 != 0 {
					t.Errorf("nim %d %d %d: distance %d has the wrong parity for a %v", a, b, c, d, v)
				}
				if c := sol.Counts()[prove.Draw]; c != 0 {
					t.Errorf("nim %d %d %d: %d draws in a game without cycles", a, b, c, c)
				}
			}
		}
	}
}

func TestNimDistance(t *testing.T) {
	// One heap of 1: take it and win, one ply. Heaps 1 and 1: the side to
	// move takes one, the other takes the last: lost in 2.
	for _, c := range []struct {
		heaps []int
		v     prove.Value
		d     int
	}{{[]int{1}, prove.Win, 1}, {[]int{1, 1}, prove.Loss, 2}, {[]int{2, 2}, prove.Loss, 4}, {[]int{0}, prove.Loss, 0}} {
		g := nim{c.heaps}
		sol, err := prove.Retrograde(g, prove.Options{})
		if err != nil {
			t.Fatal(err)
		}
		v, d, _ := sol.Lookup(g.Canonical(g.Start()))
		if v != c.v || d != c.d {
			t.Errorf("nim %v: %v in %d, want %v in %d", c.heaps, v, d, c.v, c.d)
		}
	}
}

// graph is a hand-made game: node i's moves are edges[i]; a node without
// edges is lost for the side to move. The side to move alternates (bit 8).
type graph struct {
	edges [][]int
	start int
}

func (g graph) Name() string                      { return fmt.Sprint("graph", g.edges) }
func (g graph) Start() prove.State                { return prove.State(g.start) }
func (graph) Mover(s prove.State) int             { return int(s >> 8 & 1) }
func (graph) Canonical(s prove.State) prove.State { return s }
func (g graph) Terminal(s prove.State) (bool, prove.Value) {
	if len(g.edges[s&0xff]) == 0 {
		return true, prove.Loss
	}
	return false, prove.Unknown
}
func (g graph) Moves(s prove.State, buf []prove.State) []prove.State {
	for _, e := range g.edges[s&0xff] {
		buf = append(buf, prove.State(e)|(s&0x100)^0x100)
	}
	return buf
}

func TestGraphsWithCycles(t *testing.T) {
	cases := []struct {
		name  string
		edges [][]int
		want  prove.Value // for the side to move at node 0
		dist  int
	}{
		// 0 <-> 1 forever: nobody can leave the cycle.
		{"pure cycle", [][]int{{1}, {0}}, prove.Draw, 0},
		// From 0 the mover can leave the cycle to 2, a dead end for the
		// opponent: a win in 1.
		{"exit to a win", [][]int{{1, 2}, {0}, {}}, prove.Win, 1},
		// From 0 the only exit leads to 2, where the opponent can go on to
		// 3, a dead end for the mover: the mover stays in the cycle.
		{"exit only to a loss", [][]int{{1, 2}, {0}, {3}, {}}, prove.Draw, 0},
		// No cycle: 0 -> 1 -> 2, and the mover is the one left at the dead
		// end 2.
		{"opponent forced to win", [][]int{{1}, {2}, {}}, prove.Loss, 2},
		// A three-cycle (so the sides swap each time round) with an exit at
		// 2 into 3, whose only move hands the dead end 4 to whoever moved
		// into 3: neither side wants to take the exit.
		{"three-cycle, forced out", [][]int{{1}, {2}, {0, 3}, {4}, {}}, prove.Draw, 0},
		// Leaving the cycle by 5 wins in 3: 0 -> 5 -> 6 -> 7, a dead end
		// for the opponent.
		{"long win", [][]int{{1, 5}, {2}, {0}, {}, {}, {6}, {7}, {}}, prove.Win, 3},
		// The same exit one step longer hands the dead end to the mover:
		// better to stay in the cycle.
		{"long exit to a loss", [][]int{{1, 5}, {2}, {0}, {}, {}, {6}, {7}, {3}}, prove.Draw, 0},
	}
	for _, c := range cases {
		g := graph{edges: c.edges}
		sol, err := prove.Retrograde(g, prove.Options{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		v, d, _ := sol.Lookup(g.Start())
		if v != c.want || (v != prove.Draw && d != c.dist) {
			t.Errorf("%s: %v in %d, want %v in %d", c.name, v, d, c.want, c.dist)
		}
		// The proof search agrees: the side to move avoids losing unless
		// the value is a loss, the other side unless it is a win.
		for drawer := 0; drawer < 2; drawer++ {
			p, err := prove.Prove(g, drawer, prove.Options{})
			if err != nil {
				t.Fatal(err)
			}
			want := (drawer == 0 && v != prove.Loss) || (drawer == 1 && v != prove.Win)
			if p.Safe != want {
				t.Errorf("%s: drawer %d safe %v, want %v", c.name, drawer, p.Safe, want)
			}
			if p.Safe {
				if _, err := prove.Check(g, p.Cert, prove.Options{}); err != nil {
					t.Errorf("%s: drawer %d: %v", c.name, drawer, err)
				}
			}
		}
	}
}

// TestProveMatchesRetrograde runs the proof search from every state of
// small games and compares it with the retrograde values.
func TestProveMatchesRetrograde(t *testing.T) {
	games := []prove.Game{nim{[]int{3, 2}}, nim{[]int{2, 2, 1}}, tictactoe.Game{}}
	for _, g := range games {
		sol, err := prove.Retrograde(g, prove.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i, s := range sol.States {
			if i%7 != 0 {
				continue // a sample keeps the test fast
			}
			v, _, _ := sol.Lookup(s)
			mover := g.Mover(s)
			for drawer := 0; drawer < 2; drawer++ {
				p, err := prove.Prove(from{g, s}, drawer, prove.Options{})
				if err != nil {
					t.Fatal(err)
				}
				want := (drawer == mover && v != prove.Loss) || (drawer != mover && v != prove.Win)
				if p.Safe != want {
					t.Fatalf("%s from %#x (%v for mover %d): drawer %d safe %v", g.Name(), s, v, mover, drawer, p.Safe)
				}
				if _, err := prove.Check(from{g, s}, p.Cert, prove.Options{}); err != nil {
					t.Fatalf("%s from %#x (safe %v): %v", g.Name(), s, p.Safe, err)
				}
				for _, reuse := range []int{0, 3} {
					gp, err := prove.Grow(from{g, s}, drawer, prove.Options{Reuse: reuse})
					if err != nil {
						t.Fatal(err)
					}
					if gp.Safe != want {
						t.Fatalf("%s from %#x: grow (reuse %d): drawer %d safe %v", g.Name(), s, reuse, drawer, gp.Safe)
					}
					if _, err := prove.Check(from{g, s}, gp.Cert, prove.Options{}); err != nil {
						t.Fatalf("%s from %#x: grow (reuse %d, safe %v): %v", g.Name(), s, reuse, gp.Safe, err)
					}
				}
			}
		}
	}
}

// from is a game started from another state.
type from struct {
	prove.Game
	s prove.State
}

func (f from) Start() prove.State { return f.s }

func TestTicTacToe(t *testing.T) {
	plain, err := prove.Retrograde(tictactoe.Plain{}, prove.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(plain.States); n != 5478 {
		t.Errorf("%d legal positions, want 5478", n)
	}
	sym, err := prove.Retrograde(tictactoe.Game{}, prove.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(sym.States); n != 765 {
		t.Errorf("%d positions up to symmetry, want 765", n)
	}
	if v, d, _ := sym.Lookup(0); v != prove.Draw || d != 0 {
		t.Errorf("start: %v in %d, want a draw", v, d)
	}
	for drawer := 0; drawer < 2; drawer++ {
		p, err := prove.Prove(tictactoe.Game{}, drawer, prove.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !p.Safe {
			t.Fatalf("player %d loses tic-tac-toe", drawer)
		}
		var buf bytes.Buffer
		if _, err := p.Cert.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		c, err := prove.ReadCertificate(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		st, err := prove.Check(tictactoe.Game{}, c, prove.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if st.States != int64(len(p.Cert.Entries)) || st.States > 765 {
			t.Errorf("drawer %d: %+v", drawer, st)
		}
	}
}

// TestCheckRejects tampers with a good certificate in each way Check must
// catch.
func TestCheckRejects(t *testing.T) {
	g := tictactoe.Game{}
	p, err := prove.Prove(g, 1, prove.Options{})
	if err != nil || !p.Safe {
		t.Fatal(err, p.Safe)
	}
	good := p.Cert
	copyCert := func() *prove.Certificate {
		c := *good
		c.Entries = slices.Clone(good.Entries)
		return &c
	}
	drawerEntry := func(c *prove.Certificate) int {
		for i, e := range c.Entries {
			if e.Choice != prove.NoState {
				return i
			}
		}
		t.Fatal("no choice in the certificate")
		return -1
	}
	attackerEntry := func(c *prove.Certificate) int {
		for i, e := range c.Entries {
			if over, _ := g.Terminal(e.State); !over && g.Mover(e.State) == 0 && e.State != c.Start {
				return i
			}
		}
		t.Fatal("no attacker state")
		return -1
	}
	cases := []struct {
		name   string
		change func(c *prove.Certificate)
		want   string
	}{
		{"other game", func(c *prove.Certificate) { c.Game = "nim" }, `the proof is for "nim"`},
		{"attacker move missing", func(c *prove.Certificate) {
			i := attackerEntry(c)
			// Remove a successor of an attacker state.
			var buf []prove.State
			buf = g.Moves(c.Entries[i].State, buf)
			m := g.Canonical(buf[0])
			j := slices.IndexFunc(c.Entries, func(e prove.Entry) bool { return e.State == m })
			c.Entries = slices.Delete(c.Entries, j, j+1)
		}, "leaves"},
		{"illegal choice", func(c *prove.Certificate) {
			i := drawerEntry(c)
			c.Entries[i].Choice = c.Entries[i].State // passing is not a move
		}, "not a legal move"},
		// Drawer 1's states, with their choices, become the attacker's, and
		// drawer 0's have none. The check runs on all cores, so either
		// may be found first.
		{"wrong drawer", func(c *prove.Certificate) { c.Drawer = 0 }, "the attacker's state|choice 0xffffffffffffffff .* is not a legal move"},
	}
	for _, tc := range cases {
		c := copyCert()
		tc.change(c)
		_, err := prove.Check(g, c, prove.Options{})
		if err == nil || !regexp.MustCompile(tc.want).MatchString(err.Error()) {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	if _, err := prove.Check(g, good, prove.Options{}); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	good.WriteTo(&buf)
	b := buf.Bytes()
	b[len(b)/2] ^= 1
	if _, err := prove.ReadCertificate(bytes.NewReader(b)); err == nil {
		t.Error("a flipped bit went unnoticed")
	}
}

func FuzzReadCertificate(f *testing.F) {
	p, _ := prove.Prove(tictactoe.Game{}, 1, prove.Options{})
	var buf bytes.Buffer
	p.Cert.WriteTo(&buf)
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := prove.ReadCertificate(bytes.NewReader(b))
		if err != nil {
			return
		}
		prove.Check(tictactoe.Game{}, c, prove.Options{Workers: 1})
	})
}

// TestRandomGraphs compares the proof search with retrograde analysis on
// random graphs full of cycles, from every node, for both players, and
// checks every certificate.
func TestRandomGraphs(t *testing.T) {
	rng := uint64(1)
	next := func(n int) int {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return int(rng % uint64(n))
	}
	for trial := 0; trial < 1000; trial++ {
		n := 2 + next(16)
		edges := make([][]int, n)
		for i := range edges {
			k := next(4) // 0 to 3 moves: some dead ends
			for j := 0; j < k; j++ {
				edges[i] = append(edges[i], next(n))
			}
		}
		for start := 0; start < n; start++ {
			g := graph{edges: edges, start: start}
			sol, err := prove.Retrograde(g, prove.Options{Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			v, _, _ := sol.Lookup(g.Start())
			for drawer := 0; drawer < 2; drawer++ {
				p, err := prove.Prove(g, drawer, prove.Options{})
				if err != nil {
					t.Fatal(err)
				}
				want := (drawer == 0 && v != prove.Loss) || (drawer == 1 && v != prove.Win)
				if p.Safe != want {
					t.Fatalf("trial %d, %v from %d: drawer %d safe %v, value %v", trial, edges, start, drawer, p.Safe, v)
				}
				for _, reuse := range []int{0, 1, 4} {
					gp, err := prove.Grow(g, drawer, prove.Options{Reuse: reuse})
					if err != nil {
						t.Fatal(err)
					}
					if gp.Safe != want {
						t.Fatalf("trial %d, %v from %d: grow (reuse %d): drawer %d safe %v, value %v", trial, edges, start, reuse, drawer, gp.Safe, v)
					}
					if _, err := prove.Check(g, gp.Cert, prove.Options{Workers: 1}); err != nil {
						t.Fatalf("trial %d, %v from %d: grow (reuse %d): %v", trial, edges, start, reuse, err)
					}
				}
				// Either way the certificate checks: a safety proof or a win
				// for the other side.
				if p.Cert.Win == p.Safe {
					t.Fatalf("trial %d: safe %v with a win certificate %v", trial, p.Safe, p.Cert.Win)
				}
				if _, err := prove.Check(g, p.Cert, prove.Options{Workers: 1}); err != nil {
					t.Fatalf("trial %d, %v from %d: %v", trial, edges, start, err)
				}
			}
		}
	}
}

// TestWinCertificate: O cannot avoid losing after X takes the centre and O
// an edge; the failed search's win certificate checks, round-trips through
// a file, and fails once a rank is broken.
func TestWinCertificate(t *testing.T) {
	g := from{tictactoe.Game{}, 1<<4 | 1<<(9+1)} // X centre, O top edge
	p, err := prove.Prove(g, 1, prove.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p.Safe || !p.Cert.Win {
		t.Fatalf("O safe %v after an edge reply", p.Safe)
	}
	var buf bytes.Buffer
	p.Cert.WriteTo(&buf)
	c, err := prove.ReadCertificate(&buf)
	if err != nil {
		t.Fatal(err)
	}
	st, err := prove.Check(g, c, prove.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", st)
	for i := range c.Entries {
		if c.Entries[i].State == c.Start {
			c.Entries[i].Rank = 0 // the start no longer above its successors
		}
	}
	if _, err := prove.Check(g, c, prove.Options{}); err == nil || !strings.Contains(err.Error(), "rank") {
		t.Errorf("a broken rank: %v", err)
	}
}

// TestShortestWin: the deepening search finds the distances retrograde
// analysis gives every won tic-tac-toe state.
func TestShortestWin(t *testing.T) {
	sol, err := prove.Retrograde(tictactoe.Game{}, prove.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, s := range sol.States {
		v, d, _ := sol.Lookup(s)
		g := from{tictactoe.Game{}, s}
		mover := g.Mover(s)
		switch v {
		case prove.Win:
			if got, ok := prove.ShortestWin(g, 1-mover, 9); !ok || got != d {
				t.Errorf("%#x: win in %d, %v; retrograde says %d", s, got, ok, d)
			}
			checked++
		case prove.Loss:
			if got, ok := prove.ShortestWin(g, mover, 9); !ok || got != d {
				t.Errorf("%#x: lost in %d, %v; retrograde says %d", s, got, ok, d)
			}
		case prove.Draw:
			if got, ok := prove.ShortestWin(g, 1-mover, 9); ok {
				t.Errorf("%#x: a draw won in %d", s, got)
			}
		}
	}
	if checked < 300 {
		t.Errorf("only %d won states", checked)
	}
}
