package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/solver/prove"
)

// parseShardFlag reads an "I/N" --shard flag (kocka prove, kocka hatetris data).
func parseShardFlag(s string) (i, n int, err error) {
	a, b, ok := strings.Cut(s, "/")
	if !ok {
		return 0, 0, fmt.Errorf("%q is not I/N", s)
	}
	if i, err = strconv.Atoi(a); err != nil {
		return 0, 0, fmt.Errorf("%q: %w", s, err)
	}
	if n, err = strconv.Atoi(b); err != nil {
		return 0, 0, fmt.Errorf("%q: %w", s, err)
	}
	if n < 1 || n > 1<<16 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("%q: want 0 <= I < N <= 65536", s)
	}
	return i, n, nil
}

// shardReport is one shard's proof in figures.
type shardReport struct {
	Game        string `json:"game"`
	Shard       string `json:"shard"`
	Roots       int    `json:"roots"`
	AllRoots    int    `json:"roots_of_all_shards"`
	Expanded    int64  `json:"expanded"`
	Lost        int64  `json:"lost_found"`
	Certificate int    `json:"certificate_states"`
	File        string `json:"file"`
	FileBytes   int64  `json:"file_bytes"`
	Checked     bool   `json:"checked"` // the shard's own closure check from its roots
}

// proveShard proves shard i of n of drawer's proof of g from the roots
// prove.ShardRoots deals it, checks it from its roots and writes it to out.
// h carries the command's own parameters, echoed in the file.
func proveShard(g prove.Game, drawer int, h prove.ShardHeader, i, n int, out string, o prove.Options) (shardReport, error) {
	move, roots, err := prove.ShardRoots(g, drawer)
	if err != nil {
		return shardReport{}, err
	}
	mine := prove.Deal(roots, i, n)
	r := shardReport{Game: g.Name(), Shard: fmt.Sprintf("%d/%d", i, n), Roots: len(mine), AllRoots: len(roots)}
	c, exp, lost, err := prove.GrowFrom(g, drawer, mine, o)
	r.Expanded, r.Lost = exp, lost
	if err != nil {
		return r, err
	}
	if _, err := prove.CheckRooted(g, c, mine, o); err != nil {
		return r, fmt.Errorf("the shard's own certificate fails: %w", err)
	}
	r.Checked, r.Certificate = true, len(c.Entries)
	h.Game, h.Drawer, h.N, h.I = g.Name(), drawer, n, i
	h.Start, h.Move, h.Roots = g.Canonical(g.Start()), move, mine
	h.Expanded, h.Lost = exp, lost
	s := &prove.Shard{Header: h, Cert: c}
	if r.FileBytes, err = writeAtomic(out, s); err != nil {
		return r, err
	}
	r.File = out
	return r, nil
}

// mergeReport is a merge in figures.
type mergeReport struct {
	Game         string `json:"game"`
	Shards       int    `json:"shards"`
	ShardStates  int    `json:"shard_states_summed"`
	Certificate  int    `json:"certificate_states"`
	Overlap      int    `json:"overlap"` // summed minus merged (the start's entries not counted)
	Checked      bool   `json:"checked"`
	Moves        int64  `json:"moves_rederived"`
	File         string `json:"file"`
	FileBytes    int64  `json:"file_bytes"`
	DrawerToMove int64  `json:"drawer_to_move"`
	AttToMove    int64  `json:"attacker_to_move"`
	Terminal     int64  `json:"terminal"`
}

func (m mergeReport) failed() bool { return !m.Checked }

// mergeProveShards reads the shard files, merges them and checks the merged
// certificate with prove.Check, as kocka prove check does, before writing
// it: a merge that fails the check writes nothing.
func mergeProveShards(files []string, out string, o prove.Options) (mergeReport, error) {
	var r mergeReport
	var shards []*prove.Shard
	for _, path := range files {
		s, err := readShardFile(path)
		if err != nil {
			return r, err
		}
		shards = append(shards, s)
		r.ShardStates += len(s.Cert.Entries)
	}
	if len(shards) == 0 {
		return r, errors.New("no shard files")
	}
	var g prove.Game
	for _, cand := range provableGames() {
		if cand.Name() == shards[0].Header.Game {
			g = cand
		}
	}
	if g == nil {
		return r, fmt.Errorf("shards of an unknown game %q", shards[0].Header.Game)
	}
	r.Game, r.Shards = g.Name(), len(shards)
	c, err := prove.MergeShards(g, shards)
	if err != nil {
		return r, err
	}
	shards = nil // the shards' certificates can go before the check
	r.Certificate = len(c.Entries)
	head := 1
	if c.Entries != nil && g.Mover(c.Start) == c.Drawer {
		head = 2
	}
	r.Overlap = r.ShardStates - (r.Certificate - head)
	st, err := prove.Check(g, c, o)
	if err != nil {
		return r, fmt.Errorf("the merged certificate fails the check, not written: %w", err)
	}
	r.Checked, r.Moves = true, st.Moves
	r.DrawerToMove, r.AttToMove, r.Terminal = st.DrawerToMove, st.AttackerToMove, st.Terminal
	if r.FileBytes, err = writeAtomic(out, c); err != nil {
		return r, err
	}
	r.File = out
	return r, nil
}

// writeAtomic writes v to path through atomicfile (the old file stays
// until the new one is whole) and returns the bytes written.
func writeAtomic(path string, v io.WriterTo) (int64, error) {
	var n int64
	err := atomicfile.Write(path, 0o644, func(w io.Writer) error {
		var err error
		n, err = v.WriteTo(w)
		return err
	})
	return n, err
}

func readShardFile(path string) (*prove.Shard, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s, err := prove.ReadShard(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}
