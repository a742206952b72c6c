package prove_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/gobblet"
	"github.com/kocka/kocka/solver/prove/tictactoe"
)

// makeShards proves g for drawer in n shards, each written and read back.
func makeShards(t *testing.T, g prove.Game, drawer, n int) []*prove.Shard {
	t.Helper()
	move, roots, err := prove.ShardRoots(g, drawer)
	if err != nil {
		t.Fatal(err)
	}
	var out []*prove.Shard
	for i := 0; i < n; i++ {
		mine := prove.Deal(roots, i, n)
		c, exp, lost, err := prove.GrowFrom(g, drawer, mine, prove.Options{})
		if err != nil {
			t.Fatalf("shard %d/%d: %v", i, n, err)
		}
		if _, err := prove.CheckRooted(g, c, mine, prove.Options{}); err != nil {
			t.Fatalf("shard %d/%d checks itself: %v", i, n, err)
		}
		s := &prove.Shard{Header: prove.ShardHeader{Game: g.Name(), Drawer: drawer, N: n, I: i,
			Start: g.Canonical(g.Start()), Move: move, Roots: mine, Expanded: exp, Lost: lost}, Cert: c}
		var b bytes.Buffer
		if _, err := s.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		back, err := prove.ReadShard(&b)
		if err != nil {
			t.Fatalf("shard %d/%d reads back: %v", i, n, err)
		}
		out = append(out, back)
	}
	return out
}

// TestShardMerge splits proofs into shards, merges them and checks the
// whole: the merged certificate proves what the single run proves.
func TestShardMerge(t *testing.T) {
	small, err := gobblet.NewGame(gobblet.SmallGobblers(2, 1))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		g      prove.Game
		drawer int
		ns     []int
	}{
		{tictactoe.Game{}, 0, []int{1, 2, 4, 7}}, // X moves first: its move fixed, O's replies split
		{tictactoe.Game{}, 1, []int{1, 2, 4, 7}}, // X's first moves split
		{small, 0, []int{3}},                     // Gobblers, two sizes of one piece each (2,137 states)
		{small, 1, []int{4}},
	} {
		single, err := prove.Grow(tc.g, tc.drawer, prove.Options{})
		if err != nil || !single.Safe {
			t.Fatalf("%s drawer %d: the single run: %v, safe %v", tc.g.Name(), tc.drawer, err, single != nil && single.Safe)
		}
		for _, n := range tc.ns {
			shards := makeShards(t, tc.g, tc.drawer, n)
			c, err := prove.MergeShards(tc.g, shards)
			if err != nil {
				t.Fatalf("%s drawer %d, %d shards: %v", tc.g.Name(), tc.drawer, n, err)
			}
			st, err := prove.Check(tc.g, c, prove.Options{})
			if err != nil {
				t.Fatalf("%s drawer %d, %d shards: the merged certificate fails: %v", tc.g.Name(), tc.drawer, n, err)
			}
			sum := 0
			for _, s := range shards {
				sum += len(s.Cert.Entries)
			}
			if int(st.States) > sum+2 || int(st.States) < len(shards[0].Cert.Entries) {
				t.Errorf("%s drawer %d, %d shards: merged %d states from shards of %d in all", tc.g.Name(), tc.drawer, n, st.States, sum)
			}
		}
	}
}

// TestMergeRefuses: a missing shard, a duplicate, a shard of another run,
// a shard with another deal; and a tampered shard fails the check.
func TestMergeRefuses(t *testing.T) {
	g := tictactoe.Game{}
	four := makeShards(t, g, 0, 4)
	other := makeShards(t, g, 0, 3)
	otherDrawer := makeShards(t, g, 1, 4)
	moved := makeShards(t, g, 0, 4)
	moved[1].Header.Roots = moved[2].Header.Roots
	for _, tc := range []struct {
		name   string
		shards []*prove.Shard
		want   string
	}{
		{"missing", four[:3], "missing"},
		{"duplicate", []*prove.Shard{four[0], four[1], four[1], four[2], four[3]}, "twice"},
		{"other N", []*prove.Shard{four[0], four[1], other[2], four[3]}, "another run"},
		{"other drawer", []*prove.Shard{four[0], otherDrawer[1], four[2], four[3]}, "another run"},
		{"other deal", []*prove.Shard{four[0], moved[1], four[2], four[3]}, "deal"},
		{"none", nil, "no shards"},
	} {
		_, err := prove.MergeShards(g, tc.shards)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	// The strategy's move removed at a drawing player's state of shard 0
	// (which wins over the others where they overlap).
	bad := makeShards(t, g, 0, 4)
	start := g.Canonical(g.Start())
	tampered := false
	for k, e := range bad[0].Cert.Entries {
		if e.Choice != prove.NoState && e.State != start {
			bad[0].Cert.Entries[k].Choice = prove.NoState
			tampered = true
			break
		}
	}
	if !tampered {
		t.Fatal("shard 0 has no choice to remove")
	}
	c, err := prove.MergeShards(g, bad)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prove.Check(g, c, prove.Options{}); err == nil {
		t.Error("a merged certificate with a choice removed passes the check")
	}
}

// TestShardRootLost: in Nim with heaps 3 and 2 the first player wins, so
// a split proof that the second avoids losing fails in the shard holding
// the winning reply, with ErrRootLost, and in no other.
func TestShardRootLost(t *testing.T) {
	g := nim{[]int{3, 2}}
	_, roots, err := prove.ShardRoots(g, 1)
	if err != nil {
		t.Fatal(err)
	}
	failed := 0
	for i := 0; i < len(roots); i++ {
		_, _, _, err := prove.GrowFrom(g, 1, prove.Deal(roots, i, len(roots)), prove.Options{})
		switch {
		case errors.Is(err, prove.ErrRootLost):
			failed++
		case err != nil:
			t.Fatal(err)
		}
	}
	if failed != 1 { // 3,2 -> 2,2 is the one winning move
		t.Errorf("%d shards of %d failed, want 1", failed, len(roots))
	}
}

func TestReadShardRefuses(t *testing.T) {
	s := makeShards(t, tictactoe.Game{}, 1, 2)[0]
	var b bytes.Buffer
	if _, err := s.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	good := b.Bytes()
	for _, tc := range []struct {
		name string
		edit func([]byte) []byte
	}{
		{"magic", func(x []byte) []byte { x[0] = 'X'; return x }},
		{"header byte", func(x []byte) []byte { x[25] ^= 1; return x }},
		{"cut", func(x []byte) []byte { return x[:len(x)-3] }},
		{"tail", func(x []byte) []byte { return append(x, 0) }},
	} {
		if _, err := prove.ReadShard(bytes.NewReader(tc.edit(bytes.Clone(good)))); err == nil {
			t.Errorf("%s: read without an error", tc.name)
		}
	}
}

func FuzzReadShard(f *testing.F) {
	s := makeShardsF(f)
	var b bytes.Buffer
	if _, err := s.WriteTo(&b); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := prove.ReadShard(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if _, err := s.WriteTo(&out); err != nil {
			t.Fatal(err)
		}
		if _, err := prove.ReadShard(&out); err != nil {
			t.Fatalf("a shard read does not read back after writing: %v", err)
		}
	})
}

func makeShardsF(f *testing.F) *prove.Shard {
	g := tictactoe.Game{}
	_, roots, err := prove.ShardRoots(g, 1)
	if err != nil {
		f.Fatal(err)
	}
	c, _, _, err := prove.GrowFrom(g, 1, roots, prove.Options{})
	if err != nil {
		f.Fatal(err)
	}
	return &prove.Shard{Header: prove.ShardHeader{Game: g.Name(), Drawer: 1, N: 1, Roots: roots, Move: prove.NoState}, Cert: c}
}

// BenchmarkMergeShards: the union of 4 shards of O's tic-tac-toe proof
// and the check of the merged certificate.
func BenchmarkMergeShards(b *testing.B) {
	g := tictactoe.Game{}
	move, roots, err := prove.ShardRoots(g, 1)
	if err != nil {
		b.Fatal(err)
	}
	var shards []*prove.Shard
	for i := range 4 {
		mine := prove.Deal(roots, i, 4)
		c, _, _, err := prove.GrowFrom(g, 1, mine, prove.Options{})
		if err != nil {
			b.Fatal(err)
		}
		shards = append(shards, &prove.Shard{Header: prove.ShardHeader{Game: g.Name(), Drawer: 1, N: 4, I: i, Start: g.Start(), Move: move, Roots: mine}, Cert: c})
	}
	for b.Loop() {
		c, err := prove.MergeShards(g, shards)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := prove.Check(g, c, prove.Options{Workers: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
