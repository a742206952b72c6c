package gobblers

import (
	"bytes"
	"encoding/binary"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/gobblet"
)

func space(t testing.TB, sizes, per int) *Space {
	t.Helper()
	sp, err := NewSpace(sizes, per)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

func TestSpaceSizes(t *testing.T) {
	for _, c := range []struct {
		sizes, per, k int
		n             uint64
	}{
		{3, 2, 1423, 1423 * 1423 * 1423},
		{2, 2, 1423, 1423 * 1423},
		{3, 1, 91, 91 * 91 * 91},
		{1, 1, 91, 91},
	} {
		sp := space(t, c.sizes, c.per)
		if sp.K != c.k || sp.N != c.n {
			t.Errorf("sizes %d per %d: K %d N %d, want %d %d", c.sizes, c.per, sp.K, sp.N, c.k, c.n)
		}
	}
	for _, bad := range [][2]int{{0, 1}, {4, 1}, {3, 0}, {3, 3}} {
		if _, err := NewSpace(bad[0], bad[1]); err == nil {
			t.Errorf("NewSpace%v: no error", bad)
		}
	}
}

// TestRankRoundTrip: every number is a valid position that numbers back to
// itself (all of a small space, a sample of the real one), and the empty
// board is 0.
func TestRankRoundTrip(t *testing.T) {
	small := space(t, 2, 1)
	for i := uint64(0); i < small.N; i++ {
		p := small.Pos(i)
		if !small.Valid(&p) || small.Index(&p) != i {
			t.Fatalf("%d: %v valid %v index %d", i, p, small.Valid(&p), small.Index(&p))
		}
	}
	sp := space(t, 3, 2)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		i := rng.Uint64N(sp.N)
		p := sp.Pos(i)
		if !sp.Valid(&p) || sp.Index(&p) != i {
			t.Fatalf("%d: %v", i, p)
		}
	}
	if p := sp.Pos(0); p != (Pos{}) {
		t.Errorf("position 0 is %v", p)
	}
	for _, bad := range []Pos{{{7, 0}}, {{1, 1}}, {{0, 0}, {0, 0}, {0x200, 0}}} {
		if sp.Valid(&bad) {
			t.Errorf("%v is valid", bad)
		}
	}
	if one := space(t, 1, 1); one.Valid(&Pos{{0, 0}, {1, 0}}) {
		t.Error("a size the space lacks is valid")
	}
}

// TestCanonical: symmetric images share the canonical number, which is the
// least of them; the table's bitset marks exactly the positions that are
// their own canonical form.
func TestCanonical(t *testing.T) {
	sp := space(t, 3, 2)
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		p := sp.Pos(rng.Uint64N(sp.N))
		c := sp.Canon(&p)
		for k := 0; k < 8; k++ {
			q := sp.Apply(k, &p)
			if sp.Canon(&q) != c || sp.Index(&q) < c {
				t.Fatalf("%v under %d: canon %d, index %d, want canon %d", p, k, sp.Canon(&q), sp.Index(&q), c)
			}
		}
	}
	for _, sz := range [][2]int{{2, 1}, {3, 1}} {
		sm := space(t, sz[0], sz[1])
		tb := newTable(sm)
		var n uint64
		for i := uint64(0); i < sm.N; i++ {
			p := sm.Pos(i)
			own := sm.Canon(&p) == i
			if own {
				if tb.Ordinal(i) != uint32(n) || tb.number(uint32(n)) != i {
					t.Fatalf("%v: position %d is entry %d, entry %d is %d", sz, i, tb.Ordinal(i), n, tb.number(uint32(n)))
				}
				n++
			}
			if got := tb.canon[i>>6]&(1<<(i&63)) != 0; got != own {
				t.Fatalf("%v: position %d marked %v, canonical %v", sz, i, got, own)
			}
		}
		if tb.Count != n {
			t.Errorf("%v: %d canonical, counted %d", sz, tb.Count, n)
		}
		// The orbits of the canonical positions cover the space once.
		var covered uint64
		tb.each(0, uint64(len(tb.canon)), func(i uint64, _ uint32) { covered += uint64(tb.orbit(i)) })
		if covered != sm.N {
			t.Errorf("%v: orbits cover %d of %d positions", sz, covered, sm.N)
		}
	}
}

func successors(t *testing.T, sp *Space, r *gobblet.Rules, p *Pos) ([]uint64, int) {
	t.Helper()
	b := Board(p)
	var ms []gobblet.Move
	var out []uint64
	ff := 0
	for _, m := range r.Moves(&b, ms) {
		nb := r.Play(b, m)
		q, forfeit := FromBoard(&nb)
		if forfeit {
			ff++
			continue
		}
		out = append(out, sp.Index(&q))
	}
	slices.Sort(out)
	return out, ff
}

// TestMovesMatchGobblet: the moves of random positions are gobblet's, the
// forfeits counted alike.
func TestMovesMatchGobblet(t *testing.T) {
	for _, sz := range [][2]int{{3, 2}, {2, 2}, {3, 1}} {
		sp := space(t, sz[0], sz[1])
		r := gobblet.SmallGobblers(sz[0], sz[1])
		rng := rand.New(rand.NewPCG(5, uint64(sz[0]*10+sz[1])))
		tried := 0
		for tried < 5000 {
			p := sp.Pos(rng.Uint64N(sp.N))
			if Outcome(&p) != 0 {
				continue
			}
			tried++
			want, wantFF := successors(t, sp, &r, &p)
			got, ff := sp.Moves(&p, nil)
			var gi []uint64
			for i := range got {
				gi = append(gi, sp.Index(&got[i]))
			}
			slices.Sort(gi)
			if !slices.Equal(gi, want) || ff != wantFF {
				b := Board(&p)
				t.Fatalf("%v:\n%s got %d moves %d forfeits, want %d and %d", sz, r.String(&b), len(gi), ff, len(want), wantFF)
			}
		}
	}
}

// TestUnmoves: on a small space, for every position q not over and every
// move of q, q is among the unmoves of the result (complete), and every
// unmove of a position leads back to it by a move (sound).
func TestUnmoves(t *testing.T) {
	for _, sz := range [][2]int{{2, 1}, {1, 2}} {
		sp := space(t, sz[0], sz[1])
		for i := uint64(0); i < sp.N; i++ {
			q := sp.Pos(i)
			if Outcome(&q) == 0 {
				succ, _ := sp.Moves(&q, nil)
				for _, s := range succ {
					if !slices.Contains(sp.Unmoves(&s, nil), q) {
						t.Fatalf("%v: %v -> %v not unmoved", sz, q, s)
					}
				}
			}
			for _, u := range sp.Unmoves(&q, nil) {
				succ, _ := sp.Moves(&u, nil)
				if Outcome(&u) != 0 || !slices.Contains(succ, q) {
					t.Fatalf("%v: unmove %v of %v is not a predecessor", sz, u, q)
				}
			}
		}
	}
	// The real game, sampled: sound, and complete for the moves of random
	// positions.
	sp := space(t, 3, 2)
	rng := rand.New(rand.NewPCG(7, 8))
	for range 3000 {
		q := sp.Pos(rng.Uint64N(sp.N))
		if Outcome(&q) != 0 {
			continue
		}
		succ, _ := sp.Moves(&q, nil)
		for _, s := range succ {
			us := sp.Unmoves(&s, nil)
			if !slices.Contains(us, q) {
				t.Fatalf("%v -> %v not unmoved", q, s)
			}
			for _, u := range us {
				back, _ := sp.Moves(&u, nil)
				if !slices.Contains(back, s) {
					t.Fatalf("unmove %v of %v is not a predecessor", u, s)
				}
			}
		}
	}
}

// TestSolveMatchesRetrograde: on reduced Gobblers the dense table agrees
// state by state (value and distance) with prove.Retrograde's edge lists
// over gobblet's game, and the table checks.
func TestSolveMatchesRetrograde(t *testing.T) {
	for _, sz := range [][2]int{{3, 1}, {2, 2}, {2, 1}} {
		if testing.Short() && sz == [2]int{2, 2} {
			continue
		}
		sp := space(t, sz[0], sz[1])
		tb, err := Solve(sp, prove.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		g, err := gobblet.NewGame(gobblet.SmallGobblers(sz[0], sz[1]))
		if err != nil {
			t.Fatal(err)
		}
		sol, err := prove.Retrograde(g, prove.Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		compared := 0
		for id, s := range sol.States {
			b := g.Unpack(s)
			p, forfeit := FromBoard(&b)
			v, d := sol.Values.Get(uint32(id)), int(sol.Dist[id])
			if forfeit {
				if v != prove.Win || d != 0 {
					t.Fatalf("%v: forfeit %s %d", sz, v, d)
				}
				continue
			}
			tv, td := tb.Lookup(&p)
			if tv != v || td != d {
				t.Fatalf("%v: state %d:\n%s retrograde %s %d, table %s %d", sz, id, g.R.String(&b), v, d, tv, td)
			}
			compared++
		}
		if compared < len(sol.States)/2 {
			t.Errorf("%v: only %d of %d states compared", sz, compared, len(sol.States))
		}
		st := Summarise(tb, prove.Options{Workers: 2})
		if st.Start != "draw" {
			t.Errorf("%v: start %s", sz, st.Start)
		}
		if _, err := CheckTable(tb, 0, 0, prove.Options{}); err != nil {
			t.Errorf("%v: %v", sz, err)
		}
	}
}

// TestCheckFindsErrors: a table with one value or distance changed fails
// the full check.
func TestCheckFindsErrors(t *testing.T) {
	tb, err := Solve(space(t, 3, 1), prove.Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for range 20 {
		o := uint32(rng.Uint64N(tb.Count))
		v, d := tb.Val[o], tb.Dist[o]
		switch rng.IntN(2) {
		case 0:
			tb.Val[o] = []prove.Value{prove.Win, prove.Loss, prove.Draw}[(int(v)+rng.IntN(2))%3]
		case 1:
			tb.Dist[o] = d + 2
		}
		if _, err := CheckTable(tb, 0, 0, prove.Options{}); err == nil {
			t.Errorf("entry %d: %s %d changed to %s %d, check passed", o, v, d, tb.Val[o], tb.Dist[o])
		}
		tb.Val[o], tb.Dist[o] = v, d
	}
	if _, err := CheckTable(tb, 1000, 1, prove.Options{}); err != nil {
		t.Error(err)
	}
	// A sample as large as the table, or larger, checks every position
	// once (a huge --sample costs no more than the whole table).
	full, err := CheckTable(tb, 0, 0, prove.Options{})
	if err != nil || !full.All {
		t.Fatalf("the full check: %+v, %v", full, err)
	}
	for _, n := range []int64{int64(tb.Count), 1 << 62} {
		st, err := CheckTable(tb, n, 1, prove.Options{})
		if err != nil || !st.All || st.Positions != full.Positions {
			t.Errorf("sample %d: %+v, %v; want every position (%d)", n, st, err, full.Positions)
		}
	}
	if st, _ := CheckTable(tb, int64(tb.Count)-1, 1, prove.Options{}); st.All || st.Positions != int64(tb.Count)-1 {
		t.Errorf("a sample one short of the table: %+v", st)
	}
}

// TestFileAndResume: a table survives its file; a solve stopped at a
// checkpoint and resumed from it ends with the same table; damaged files
// are refused.
func TestFileAndResume(t *testing.T) {
	sp := space(t, 3, 1)
	want, buf := solvedFile(t, sp, 2)
	got, err := readTable(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Val, want.Val) || !slices.Equal(got.Dist, want.Dist) {
		t.Error("the table read back differs")
	}
	bad := slices.Clone(buf.Bytes())
	bad[len(bad)/2] ^= 1
	if _, err := readTable(bad); err == nil {
		t.Error("a damaged file was read")
	}
	if _, err := readTable(buf.Bytes()[:buf.Len()-1]); err == nil {
		t.Error("a cut file was read")
	}
	// Checkpoints at every round: keep each, resume from every one.
	var ckpts [][]byte
	o := prove.Options{Workers: 2, CheckpointEvery: 1, Checkpoint: func(write func(io.Writer) error) error {
		var b bytes.Buffer
		err := write(&b)
		ckpts = append(ckpts, b.Bytes())
		return err
	}}
	if _, err := Solve(sp, o); err != nil {
		t.Fatal(err)
	}
	if len(ckpts) < 3 {
		t.Fatalf("%d checkpoints", len(ckpts))
	}
	for k := range ckpts {
		if _, err := readTable(ckpts[k]); err == nil {
			t.Errorf("checkpoint %d read as a finished table", k)
		}
		res, err := Solve(sp, prove.Options{Workers: 1, Resume: bytes.NewReader(ckpts[k])})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.Val, want.Val) || !slices.Equal(res.Dist, want.Dist) {
			t.Errorf("resumed from checkpoint %d of %d: differs", k, len(ckpts))
		}
	}
	if _, err := Solve(space(t, 2, 1), prove.Options{Resume: bytes.NewReader(ckpts[0])}); err == nil {
		t.Error("a checkpoint of another space was resumed")
	}
	if _, err := Solve(sp, prove.Options{MaxBytes: 1 << 10}); err == nil {
		t.Error("the memory limit was not kept")
	}
}

func BenchmarkMoves(b *testing.B) {
	sp := space(b, 3, 2)
	p := Pos{{1 << 4, 1 << 0}, {1<<2 | 1<<6, 1 << 8}, {1 << 1, 1<<3 | 1<<5}}
	var buf []Pos
	for b.Loop() {
		buf, _ = sp.Moves(&p, buf[:0])
		for i := range buf {
			sp.Canon(&buf[i])
		}
	}
}

func BenchmarkUnmoves(b *testing.B) {
	sp := space(b, 3, 2)
	p := Pos{{1 << 4, 1 << 0}, {1<<2 | 1<<6, 1 << 8}, {1 << 1, 1<<3 | 1<<5}}
	var buf []Pos
	for b.Loop() {
		buf = sp.Unmoves(&p, buf[:0])
		for i := range buf {
			sp.Canon(&buf[i])
		}
	}
}

// FuzzReadTable: any bytes either fail to read or give a table that writes
// back to the same bytes. Headers of the real game are read too: ReadTable
// refuses them, short as fuzz inputs are, before it allocates the table.
func FuzzReadTable(f *testing.F) {
	for _, sz := range [][2]int{{1, 1}, {2, 1}} {
		tb, err := Solve(space(f, sz[0], sz[1]), prove.Options{Workers: 1})
		if err != nil {
			f.Fatal(err)
		}
		var buf bytes.Buffer
		if err := tb.Write(&buf); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		tb, err := readTable(data)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := tb.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(buf.Bytes(), data[:buf.Len()]) {
			t.Fatal("the table writes back differently")
		}
	})
}

// solvedFile solves sp and returns the table and its file.
func solvedFile(t *testing.T, sp *Space, workers int) (*Table, *bytes.Buffer) {
	t.Helper()
	tb, err := Solve(sp, prove.Options{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := tb.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return tb, &buf
}

// readTable reads a whole table file held in memory, with no memory limit.
func readTable(data []byte) (*Table, error) {
	return ReadTable(bytes.NewReader(data), int64(len(data)), 0)
}

// tableHeader is a table file's header for sizes and per with count
// positions, as Write writes it, without a body.
func tableHeader(sizes, per int, count uint64) []byte {
	b := []byte(tableMagic)
	for _, x := range []uint64{uint64(sizes), uint64(per), uint64(phaseDone), 0, 3, count} {
		b = binary.AppendUvarint(b, x)
	}
	return b
}

// TestReadTableRefusesBeforeAllocating: a file of a few dozen bytes whose
// header names the real game (a table of about 1.3 GB, Val and Dist for
// hundreds of millions of positions) is refused with an error that says
// why, having allocated less than a few MB; so is a count the space
// cannot have, and a table over the memory limit.
func TestReadTableRefusesBeforeAllocating(t *testing.T) {
	full := space(t, 3, 2)
	small := space(t, 2, 1)
	_, whole := solvedFile(t, small, 1)
	for _, c := range []struct {
		name     string
		data     []byte
		size     int64 // -1: len(data)
		maxBytes int64
		want     string
	}{
		{"real game, short file", append(tableHeader(3, 2, full.N/4), make([]byte, 8)...), -1, 0, "needs"},
		{"real game, size said short", tableHeader(3, 2, full.N/4), 100, 0, "the file has 100 bytes"},
		{"real game, every position", tableHeader(3, 2, full.N), -1, 0, "the file has"},
		{"real game, over --mem", tableHeader(3, 2, full.N/4), 1 << 40, 64 << 20, "over the limit of 64 MiB"},
		{"no positions", tableHeader(3, 2, 0), -1, 0, "can have"},
		{"too few positions", tableHeader(3, 2, full.N/8-1), 1 << 40, 0, "can have"},
		{"more positions than the space", tableHeader(3, 2, full.N+1), 1 << 40, 0, "can have"},
		{"small game over --mem", whole.Bytes(), -1, 1 << 10, "over the limit"},
		{"small game, cut", whole.Bytes()[:whole.Len()-5], -1, 0, "the file has"},
	} {
		size := c.size
		if size < 0 {
			size = int64(len(c.data))
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := ReadTable(bytes.NewReader(c.data), size, c.maxBytes)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
		if d := after.TotalAlloc - before.TotalAlloc; d > 4<<20 {
			t.Errorf("%s: %d bytes allocated before the refusal", c.name, d)
		}
	}
	// The same file whole and within the limit is read.
	if _, err := ReadTable(bytes.NewReader(whole.Bytes()), int64(whole.Len()), 1<<30); err != nil {
		t.Errorf("the whole small table: %v", err)
	}
}

// TestResumeFromShortFile: a checkpoint file cut short is refused, by its
// size, before its body is read.
func TestResumeFromShortFile(t *testing.T) {
	sp := space(t, 2, 1)
	var last []byte
	o := prove.Options{Workers: 1, CheckpointEvery: 1, Checkpoint: func(write func(io.Writer) error) error {
		var b bytes.Buffer
		err := write(&b)
		last = b.Bytes()
		return err
	}}
	if _, err := Solve(sp, o); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "cut.ckpt")
	if err := os.WriteFile(path, last[:len(last)-3], 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := Solve(sp, prove.Options{Workers: 1, Resume: f}); err == nil || !strings.Contains(err.Error(), "the file has") {
		t.Errorf("resumed from a cut checkpoint: %v", err)
	}
}
