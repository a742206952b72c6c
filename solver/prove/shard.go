package prove

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"
)

// A proof split into shards. The side that does not choose (the attacker)
// makes the first move, or the first move after the drawing player's own
// first move, fixed as Grow would choose it; the canonical positions after
// that move are the roots, sorted and dealt to shard i when their place in
// the list is i mod N. Each shard grows one certificate from its roots
// (GrowFrom) and writes it with a header echoing the run. MergeShards
// unions the shards' certificates with the start's entries into one
// certificate, which the caller must then Check as a whole: nothing a
// shard says is trusted.
//
// The union is sound without a cut between shards: each shard's set is
// closed (every attacker move and the chosen move stay in it), so the union
// of the sets is closed too, whichever shard's choice a shared state keeps.
// Shards overlap (a position reached from two roots is proven in both), so
// their sizes add up to more than the merged certificate.

// ShardHeader is what a shard file says about its run and its part.
type ShardHeader struct {
	Game    string  `json:"game"`              // the game's Name
	Variant string  `json:"variant,omitempty"` // the command's own parameters, echoed
	First   string  `json:"first,omitempty"`
	Drawer  int     `json:"drawer"`
	N       int     `json:"n"`
	I       int     `json:"i"`
	Start   State   `json:"start"`      // the canonical start
	Move    State   `json:"first_move"` // the drawing player's fixed first move, NoState when the attacker moves first
	Roots   []State `json:"roots"`      // this shard's roots, sorted
	// Figures of the shard's search (not compared by the merge).
	Expanded int64 `json:"expanded"`
	Lost     int64 `json:"lost_found"`
}

// Shard is a shard file: the header and the shard's certificate, whose
// Start is the game's start (which it does not hold) and whose states are
// those reachable from the roots through the choices.
type Shard struct {
	Header ShardHeader
	Cert   *Certificate
}

// ErrRootLost is returned when a root of a shard is lost for the drawing
// player: the split proof fails.
var ErrRootLost = errors.New("prove: a root of the shard is lost for the drawing player")

// ShardRoots returns the drawing player's fixed first move (NoState when
// the attacker moves first) and all the roots, canonical and sorted. The
// fixed move is the first in the game's order that is not a lost terminal
// state, the move Grow tries first.
func ShardRoots(g Game, drawer int) (move State, roots []State, err error) {
	start := g.Canonical(g.Start())
	if over, _ := g.Terminal(start); over {
		return NoState, nil, errors.New("prove: the start is over: nothing to split")
	}
	move, att := NoState, start
	if g.Mover(start) == drawer {
		moves := g.Moves(start, nil)
		if o, ok := g.(MoveOrderer); ok {
			o.OrderMoves(start, moves)
		}
		for _, m := range moves {
			m = g.Canonical(m)
			if over, v := g.Terminal(m); over && lostFor(g, drawer, m, v) {
				continue
			}
			move = m
			break
		}
		if move == NoState {
			return NoState, nil, errors.New("prove: every first move of the drawing player loses")
		}
		att = move
		if over, _ := g.Terminal(att); over {
			return move, nil, nil // the first move ends the game, not lost: no roots
		}
	}
	roots = canonicalMoves(g, att, nil)
	return move, slices.Clone(roots), nil
}

func lostFor(g Game, drawer int, s State, v Value) bool {
	mine := g.Mover(s) == drawer
	return (mine && v == Loss) || (!mine && v == Win)
}

// Deal returns shard i's roots of n: those whose place in roots is i mod n.
func Deal(roots []State, i, n int) []State {
	var out []State
	for j := i; j < len(roots); j += n {
		out = append(out, roots[j])
	}
	return out
}

// GrowFrom is Grow from several roots at once, sharing one search: it
// returns the certificate of the states reachable from the roots through
// the chosen moves (its Start is the game's start, which it need not hold),
// with the states expanded and found lost, or ErrRootLost when a root is
// lost. The loop is Grow's, with all the roots queued first.
func GrowFrom(g Game, drawer int, roots []State, o Options) (c *Certificate, expanded, lost int64, err error) {
	w := &grower{g: g, drawer: drawer, o: o}
	w.p = &prover{g: g, drawer: drawer, o: o, idx: NewIndex(0)}
	w.order, _ = g.(MoveOrderer)
	ids := make([]uint32, len(roots))
	for k, r := range roots {
		if g.Canonical(r) != r {
			return nil, 0, 0, fmt.Errorf("prove: root %#x is not canonical", r)
		}
		ids[k] = w.add(r)
	}
	anyLost := func() (State, bool) {
		for k, id := range ids {
			if w.p.status[id] == nodeLost {
				return roots[k], true
			}
		}
		return NoState, false
	}
	expanded, err = w.run(0, fmt.Sprintf("grow %d roots", len(roots)), func() bool { _, bad := anyLost(); return bad }, false)
	if err != nil {
		return nil, expanded, w.p.lost, err
	}
	if r, bad := anyLost(); bad {
		return nil, expanded, w.p.lost, fmt.Errorf("%w: %#x", ErrRootLost, r)
	}
	return w.p.certificateFrom(roots), expanded, w.p.lost, nil
}

// certificateFrom collects the states reachable from the roots through the
// choices, as certificate does from the start.
func (p *prover) certificateFrom(roots []State) *Certificate {
	return walk(&Certificate{Game: p.g.Name(), Drawer: p.drawer, Start: p.g.Canonical(p.g.Start())}, roots, p.drawStep)
}

// CheckRooted is Check for a shard's certificate: the roots in place of the
// start. It checks closure and safety exactly as Check does.
func CheckRooted(g Game, c *Certificate, roots []State, o Options) (CheckStats, error) {
	if c.Game != g.Name() {
		return CheckStats{}, fmt.Errorf("check: the proof is for %q, not %q", c.Game, g.Name())
	}
	if c.Win {
		return CheckStats{}, errors.New("check: a shard holds no win certificate")
	}
	for _, r := range roots {
		if _, ok := c.find(r); !ok {
			return CheckStats{}, fmt.Errorf("check: the root %#x is not in the certificate", r)
		}
	}
	for i := 1; i < len(c.Entries); i++ {
		if c.Entries[i].State <= c.Entries[i-1].State {
			return CheckStats{}, fmt.Errorf("check: entry %d out of order", i)
		}
	}
	// One goroutine: a shard checks itself once, as a guard before the
	// merge's check of the whole.
	var st CheckStats
	err := checkRange(g, c, c.Entries, &st, o, true)
	return st, err
}

const shardMagic = "KOCKA PROOF SHARD 1\n"

// maxShardHeader caps the header a reader accepts (a root is some 20 bytes
// of JSON, so a million roots).
const maxShardHeader = 1 << 24

// WriteTo writes the shard: a magic line, the header as JSON with its
// length before and a CRC-32 of all that after, then the certificate as
// Certificate.WriteTo writes it (with its own checksum).
func (s *Shard) WriteTo(w io.Writer) (int64, error) {
	h, err := json.Marshal(s.Header)
	if err != nil {
		return 0, err
	}
	var head []byte
	head = append(head, shardMagic...)
	head = binary.AppendUvarint(head, uint64(len(h)))
	head = append(head, h...)
	head = binary.LittleEndian.AppendUint32(head, crc32.ChecksumIEEE(head))
	k, err := w.Write(head)
	if err != nil {
		return int64(k), err
	}
	n, err := s.Cert.WriteTo(w)
	return int64(k) + n, err
}

// ReadShard reads what Shard.WriteTo wrote, checking the format and the
// checksums, not the proof.
func ReadShard(r io.Reader) (*Shard, error) {
	br := bufio.NewReader(r)
	crc := crc32.NewIEEE()
	magic := make([]byte, len(shardMagic))
	if _, err := io.ReadFull(br, magic); err != nil || string(magic) != shardMagic {
		return nil, errors.New("shard: not a Kocka proof shard")
	}
	crc.Write(magic)
	ln, err := binary.ReadUvarint(br)
	if err != nil {
		return nil, fmt.Errorf("shard: header length: %w", err)
	}
	if ln > maxShardHeader {
		return nil, fmt.Errorf("shard: header of %d bytes (at most %d)", ln, maxShardHeader)
	}
	crc.Write(binary.AppendUvarint(nil, ln))
	h := make([]byte, ln)
	if _, err := io.ReadFull(br, h); err != nil {
		return nil, fmt.Errorf("shard: header: %w", err)
	}
	crc.Write(h)
	var sum [4]byte
	if _, err := io.ReadFull(br, sum[:]); err != nil {
		return nil, fmt.Errorf("shard: header checksum: %w", err)
	}
	if got, want := binary.LittleEndian.Uint32(sum[:]), crc.Sum32(); got != want {
		return nil, fmt.Errorf("shard: header checksum %08x, want %08x", got, want)
	}
	s := &Shard{}
	if err := json.Unmarshal(h, &s.Header); err != nil {
		return nil, fmt.Errorf("shard: header: %w", err)
	}
	if s.Cert, err = ReadCertificate(br); err != nil {
		return nil, fmt.Errorf("shard: %w", err)
	}
	return s, nil
}

// MergeShards checks that the shards are the N parts of one run of g, each
// once, each with its own deal of the roots recomputed from g, and returns
// the union of their certificates with the start's entries added: the
// start, and the drawing player's fixed first move when it moves first. A
// state in several shards keeps the choice of the lowest shard. The result
// is not yet checked: the caller runs Check on it.
func MergeShards(g Game, shards []*Shard) (*Certificate, error) {
	if len(shards) == 0 {
		return nil, errors.New("merge: no shards")
	}
	h0 := shards[0].Header
	if h0.Game != g.Name() {
		return nil, fmt.Errorf("merge: the shards are of %q, not %q", h0.Game, g.Name())
	}
	if h0.N < 1 || h0.N > 1<<16 {
		return nil, fmt.Errorf("merge: %d shards", h0.N)
	}
	if h0.Drawer != 0 && h0.Drawer != 1 {
		return nil, fmt.Errorf("merge: drawer %d", h0.Drawer)
	}
	move, roots, err := ShardRoots(g, h0.Drawer)
	if err != nil {
		return nil, err
	}
	start := g.Canonical(g.Start())
	byI := make([]*Shard, h0.N)
	for k, s := range shards {
		h := s.Header
		if h.Game != h0.Game || h.Variant != h0.Variant || h.First != h0.First || h.Drawer != h0.Drawer || h.N != h0.N || h.Start != h0.Start || h.Move != h0.Move {
			return nil, fmt.Errorf("merge: shard %d of %d (file %d) is of another run (%s %s %s drawer %d, %d shards) than the first file's (%s %s %s drawer %d, %d shards)",
				h.I, h.N, k+1, h.Game, h.Variant, h.First, h.Drawer, h.N, h0.Game, h0.Variant, h0.First, h0.Drawer, h0.N)
		}
		if h.I < 0 || h.I >= h.N {
			return nil, fmt.Errorf("merge: file %d: shard %d of %d", k+1, h.I, h.N)
		}
		if byI[h.I] != nil {
			return nil, fmt.Errorf("merge: shard %d of %d given twice", h.I, h.N)
		}
		byI[h.I] = s
		if s.Cert.Game != g.Name() || s.Cert.Drawer != h.Drawer || s.Cert.Win {
			return nil, fmt.Errorf("merge: shard %d: its certificate is not a drawing proof of %q for player %d", h.I, g.Name(), h.Drawer)
		}
	}
	if h0.Start != start || h0.Move != move {
		return nil, fmt.Errorf("merge: the shards start from %#x with first move %#x; the game gives %#x and %#x", h0.Start, h0.Move, start, move)
	}
	var missing []int
	for i, s := range byI {
		if s == nil {
			missing = append(missing, i)
			continue
		}
		if want := Deal(roots, i, h0.N); !slices.Equal(s.Header.Roots, want) {
			return nil, fmt.Errorf("merge: shard %d has roots %#x, its deal is %#x", i, s.Header.Roots, want)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("merge: shards %v of %d missing", missing, h0.N)
	}
	// The start's entries first, so that they win over any shard's.
	head := &Certificate{Entries: []Entry{{State: start, Choice: move}}}
	if move != NoState {
		head.Entries = append(head.Entries, Entry{State: move, Choice: NoState})
		head.sort()
	}
	certs := []*Certificate{head}
	for _, s := range byI {
		certs = append(certs, s.Cert)
	}
	out := &Certificate{Game: g.Name(), Drawer: h0.Drawer, Start: start, Entries: unionEntries(certs)}
	return out, nil
}

// unionEntries merges sorted entry lists, keeping the first list's entry
// for a state in several.
func unionEntries(certs []*Certificate) []Entry {
	total := 0
	for _, c := range certs {
		total += len(c.Entries)
	}
	all := make([]Entry, 0, total)
	for _, c := range certs {
		all = append(all, c.Entries...)
	}
	// A stable sort keeps the lists' order among equal states.
	slices.SortStableFunc(all, func(a, b Entry) int {
		switch {
		case a.State < b.State:
			return -1
		case a.State > b.State:
			return 1
		}
		return 0
	})
	n := 0
	for i, e := range all {
		if i == 0 || e.State != all[n-1].State {
			all[n] = e
			n++
		}
	}
	// A copy of the exact size lets the summed lists (N times the merged
	// certificate when shards overlap fully) go before the check.
	return slices.Clone(all[:n])
}
