package gobblers

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"

	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/gobblet"
)

// Stats are a solved table in figures. Positions are seen from the side to
// move (a board and its colour swap with the other side to move are one
// position) and counted up to the board's 8 symmetries, except
// ReachablePositions, which counts every symmetric image apart.
type Stats struct {
	Game      string            `json:"game"`
	Canonical uint64            `json:"canonical_positions"`
	ByValue   map[string]uint64 `json:"by_value"`
	Longest   int               `json:"longest_forced_win"` // plies, over every position

	Reachable          uint64            `json:"reachable"` // from the empty board, play stopping at the end
	ReachableByValue   map[string]uint64 `json:"reachable_by_value"`
	ReachableLongest   int               `json:"reachable_longest_forced_win"`
	ReachablePositions uint64            `json:"reachable_without_symmetry"`
	Depth              int               `json:"reachable_depth"` // the most plies the shortest way to a reachable position takes

	Start      string `json:"start"`
	StartDist  int    `json:"start_distance"`
	TableBytes int64  `json:"table_bytes"`
}

// Summarise counts the table's values, then walks the positions reachable
// from the empty board breadth first (a bitset a level over the table's
// entries) and counts those.
func Summarise(t *Table, o prove.Options) Stats {
	st := Stats{Game: t.Space.Name(), Canonical: t.Count, ByValue: map[string]uint64{}, ReachableByValue: map[string]uint64{}, TableBytes: t.Bytes()}
	for i, v := range t.Val {
		st.ByValue[v.String()]++
		if v == prove.Win {
			st.Longest = max(st.Longest, int(t.Dist[i]))
		}
	}
	empty := Pos{}
	v, d := t.Lookup(&empty)
	st.Start, st.StartDist = v.String(), d

	n := (t.Count + 63) / 64
	reached, cur, next := make([]uint64, n), make([]uint64, n), make([]uint64, n)
	set := func(bs []uint64, o uint32) { bs[o>>6] |= 1 << (o & 63) }
	has := func(bs []uint64, o uint32) bool { return bs[o>>6]&(1<<(o&63)) != 0 }
	start := t.Ordinal(0)
	set(reached, start)
	set(cur, start)
	workers := max(1, o.Workers)
	outs := make([][]uint32, workers)
	bufs := make([][]Pos, workers)
	ords := make([][]uint32, workers)
	for level := 0; ; level++ {
		var found int64
		t.rounds(0, workers, func(a, b uint64, w int) {
			outs[w] = outs[w][:0]
			t.each(a, b, func(i uint64, ord uint32) {
				if !has(cur, ord) {
					return
				}
				p := t.Space.Pos(i)
				if Outcome(&p) != 0 {
					return
				}
				bufs[w], _ = t.Space.Moves(&p, bufs[w][:0])
				ords[w] = t.ordinals(bufs[w], ords[w])
				outs[w] = append(outs[w], ords[w]...)
			})
		}, func(end uint64) bool {
			for _, out := range outs {
				for _, q := range out {
					if !has(reached, q) {
						set(reached, q)
						set(next, q)
						found++
					}
				}
			}
			progress(o, fmt.Sprintf("reach level %d", level), int64(end)*64, int64(t.Space.N))
			return true
		})
		if found == 0 {
			st.Depth = level
			break
		}
		cur, next = next, cur
		clear(next)
	}
	t.each(0, uint64(len(t.canon)), func(i uint64, ord uint32) {
		if !has(reached, ord) {
			return
		}
		st.Reachable++
		st.ReachableByValue[t.Val[ord].String()]++
		if t.Val[ord] == prove.Win {
			st.ReachableLongest = max(st.ReachableLongest, int(t.Dist[ord]))
		}
		st.ReachablePositions += uint64(t.orbit(i))
	})
	return st
}

// orbit is the number of distinct symmetric images of position number i.
func (t *Table) orbit(i uint64) int {
	p := t.Space.Pos(i)
	var imgs [8]uint64
	n := 0
	for k := range imgs {
		q := t.Space.Apply(k, &p)
		x := t.Space.Index(&q)
		if !slices.Contains(imgs[:n], x) {
			imgs[n] = x
			n++
		}
	}
	return n
}

// number is the position number of table entry o.
func (t *Table) number(o uint32) uint64 {
	w := sort.Search(len(t.before), func(w int) bool { return t.before[w] > o }) - 1
	x := t.canon[w]
	for k := o - t.before[w]; k > 0; k-- {
		x &= x - 1
	}
	return uint64(w)<<6 + uint64(bits.TrailingZeros64(x))
}

// CheckStats is what CheckTable verified.
type CheckStats struct {
	Positions int64 `json:"positions_checked"`
	All       bool  `json:"all_positions"`
	Moves     int64 `json:"moves_rederived"`
}

// CheckTable verifies the table locally, with gobblet's move generator (not
// this package's): a finished position has its value at distance 0; a won
// position at distance d has a move to a lost position at d-1 and none to a
// lost position nearer; a lost one has only moves to won positions (or
// moves that forfeit), the farthest at d-1; a drawn one has no move to a
// lost position and one to a drawn position. Checked for every position,
// these make every value right (the distances rank the wins and losses, and
// the draws then hold against both sides); sample > 0 checks that many
// positions drawn at random (seeded) instead, unless it is at least the
// table's count: then every position is checked once, in less work than
// the draws and exactly.
func CheckTable(t *Table, sample int64, seed uint64, o prove.Options) (CheckStats, error) {
	if sample >= int64(t.Count) {
		sample = 0
	}
	rules := gobblet.SmallGobblers(t.Space.Sizes, t.Space.Per)
	st := CheckStats{All: sample <= 0}
	var ms []gobblet.Move
	check := func(i uint64, ord uint32) error {
		p := t.Space.Pos(i)
		v, d := t.Val[ord], int(t.Dist[ord])
		b := Board(&p)
		st.Positions++
		bad := func(why string) error {
			return fmt.Errorf("gobblers table: position %d (%s, distance %d) %s:\n%s", i, v, d, why, rules.String(&b))
		}
		switch rules.Outcome(&b) {
		case gobblet.Lost:
			if v != prove.Loss || d != 0 {
				return bad("is over, lost")
			}
			return nil
		case gobblet.Won:
			if v != prove.Win || d != 0 {
				return bad("is over, won")
			}
			return nil
		}
		ms = rules.Moves(&b, ms[:0])
		minLoss, maxDist, draws := 1<<30, -1, 0
		for _, m := range ms {
			st.Moves++
			nb := rules.Play(b, m)
			if nb.Forfeit {
				maxDist = max(maxDist, 0)
				continue
			}
			q, _ := FromBoard(&nb)
			sv, sd := t.Lookup(&q)
			switch sv {
			case prove.Loss:
				minLoss = min(minLoss, sd)
			case prove.Draw:
				draws++
			case prove.Win:
				maxDist = max(maxDist, sd)
			}
		}
		switch {
		case v == prove.Win && minLoss != d-1:
			return bad(fmt.Sprintf("has its nearest lost successor at %d", minLoss))
		case v == prove.Loss && (minLoss < 1<<30 || draws > 0 || maxDist != d-1):
			return bad(fmt.Sprintf("has a lost or drawn successor, or its farthest won one at %d", maxDist))
		case v == prove.Draw && (minLoss < 1<<30 || draws == 0 || d != 0):
			return bad("has a lost successor or no drawn one")
		case v == prove.Unknown:
			return bad("is undecided")
		}
		return nil
	}
	if sample <= 0 {
		var err error
		t.each(0, uint64(len(t.canon)), func(i uint64, ord uint32) {
			if err == nil {
				err = check(i, ord)
				if st.Positions%(1<<20) == 0 {
					progress(o, "check", int64(i), int64(t.Space.N))
				}
			}
		})
		return st, err
	}
	rng := rand.New(rand.NewPCG(seed, 0x6b6f636b61))
	for k := int64(0); k < sample; k++ {
		ord := uint32(rng.Uint64N(t.Count))
		if err := check(t.number(ord), ord); err != nil {
			return st, err
		}
		if k%(1<<16) == 0 {
			progress(o, "check", k, sample)
		}
	}
	return st, nil
}
