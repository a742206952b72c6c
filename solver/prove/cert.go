package prove

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/kocka/kocka/internal/crcio"
)

// Certificate is a proof that one player avoids losing: a set of canonical
// states holding the start, with no state lost for the drawing player, in
// which every move of the other player and the recorded choice of the
// drawing player lead back into the set. Play that keeps to it never loses,
// cycles included (Bureš 2011, the cut-free form of his certificate).
//
// A win certificate (Win) proves the opposite: the other player forces a
// win. Its states have a rank; the winner's recorded move and every move of
// the drawing player lead to states of lower rank, and every terminal state
// in it is lost for the drawing player, so play in it ends, lost, within as
// many moves as the start's rank.
type Certificate struct {
	Game    string
	Drawer  int
	Win     bool
	Start   State
	Entries []Entry // sorted by State
}

// Entry is one state of a certificate: Choice is the chosen successor at a
// non-terminal state of the drawing player, NoState elsewhere.
type Entry struct {
	State, Choice State
	Rank          uint32 // win certificates only
}

func (c *Certificate) sort() {
	slices.SortFunc(c.Entries, func(a, b Entry) int {
		switch {
		case a.State < b.State:
			return -1
		case a.State > b.State:
			return 1
		}
		return 0
	})
}

func (c *Certificate) find(s State) (Entry, bool) {
	i, ok := slices.BinarySearchFunc(c.Entries, s, func(e Entry, s State) int {
		switch {
		case e.State < s:
			return -1
		case e.State > s:
			return 1
		}
		return 0
	})
	if !ok {
		return Entry{}, false
	}
	return c.Entries[i], true
}

const certMagic = "KOCKA PROOF 1\n"

// WriteTo writes the certificate: a header, the states as sorted
// differences in varints, each with its choice, and a CRC-32 of it all.
func (c *Certificate) WriteTo(w io.Writer) (int64, error) {
	bw := crcio.NewWriter(w, 1<<16)
	var n int64
	var tmp [binary.MaxVarintLen64]byte
	put := func(x uint64) {
		n += int64(binary.PutUvarint(tmp[:], x))
		bw.Uvarint(x)
	}
	bw.WriteString(certMagic)
	n += int64(len(certMagic))
	put(uint64(len(c.Game)))
	bw.WriteString(c.Game)
	n += int64(len(c.Game))
	put(uint64(c.Drawer))
	kind := uint64(0)
	if c.Win {
		kind = 1
	}
	put(kind)
	put(uint64(c.Start))
	put(uint64(len(c.Entries)))
	prev := State(0)
	for _, e := range c.Entries {
		put(uint64(e.State - prev))
		prev = e.State
		if e.Choice == NoState {
			put(0)
		} else {
			put(uint64(e.Choice) + 1)
		}
		if c.Win {
			put(uint64(e.Rank))
		}
	}
	if err := bw.Finish(); err != nil {
		return n, err
	}
	return n + 4, nil
}

// ReadCertificate reads what WriteTo wrote. It checks the format and the
// checksum, not the proof: that is Check's work.
func ReadCertificate(r io.Reader) (*Certificate, error) {
	c := &Certificate{}
	cr := crcio.NewReader(r, 1<<16)
	magic := make([]byte, len(certMagic))
	if _, err := io.ReadFull(cr, magic); err != nil || string(magic) != certMagic {
		return nil, errors.New("certificate: not a Kocka proof file")
	}
	get := func(what string) (uint64, error) {
		x, err := binary.ReadUvarint(cr)
		if err != nil {
			return 0, fmt.Errorf("certificate: %s: %w", what, err)
		}
		return x, nil
	}
	ln, err := get("name length")
	if err != nil {
		return nil, err
	}
	if ln > 1<<10 {
		return nil, fmt.Errorf("certificate: name of %d bytes", ln)
	}
	name := make([]byte, ln)
	if _, err := io.ReadFull(cr, name); err != nil {
		return nil, fmt.Errorf("certificate: name: %w", err)
	}
	c.Game = string(name)
	d, err := get("drawer")
	if err != nil {
		return nil, err
	}
	if d > 1 {
		return nil, fmt.Errorf("certificate: drawer %d", d)
	}
	c.Drawer = int(d)
	kind, err := get("kind")
	if err != nil {
		return nil, err
	}
	if kind > 1 {
		return nil, fmt.Errorf("certificate: kind %d", kind)
	}
	c.Win = kind == 1
	st, err := get("start")
	if err != nil {
		return nil, err
	}
	c.Start = State(st)
	n, err := get("count")
	if err != nil {
		return nil, err
	}
	c.Entries = make([]Entry, 0, min(n, 1<<20))
	prev := State(0)
	for i := uint64(0); i < n; i++ {
		delta, err := get("state")
		if err != nil {
			return nil, err
		}
		if i > 0 && delta == 0 {
			return nil, fmt.Errorf("certificate: state %d repeats or is out of order", i)
		}
		s := prev + State(delta)
		if s < prev {
			return nil, fmt.Errorf("certificate: state %d overflows", i)
		}
		prev = s
		ch, err := get("choice")
		if err != nil {
			return nil, err
		}
		e := Entry{State: s, Choice: NoState}
		if ch != 0 {
			e.Choice = State(ch - 1)
		}
		if c.Win {
			r, err := get("rank")
			if err != nil {
				return nil, err
			}
			if r > 1<<32-1 {
				return nil, fmt.Errorf("certificate: rank %d", r)
			}
			e.Rank = uint32(r)
		}
		c.Entries = append(c.Entries, e)
	}
	if err := cr.Verify(); err != nil {
		return nil, fmt.Errorf("certificate: %w", err)
	}
	if err := cr.End(); err != nil {
		return nil, fmt.Errorf("certificate: %w", err)
	}
	return c, nil
}

// CheckStats counts a checked certificate's states.
type CheckStats struct {
	States         int64 `json:"states"`
	DrawerToMove   int64 `json:"drawer_to_move"`
	AttackerToMove int64 `json:"attacker_to_move"`
	Terminal       int64 `json:"terminal"`
	Moves          int64 `json:"moves_rederived"` // the other side's moves (the drawing player's in a win certificate)
}

// Check verifies a certificate against the game's rules, without the search
// that made it: the game's name and start match, every state is canonical
// and appears once, no state is lost for the drawing player, each chosen
// move is legal and stays in the set, and every move of the other player
// stays in the set.
func Check(g Game, c *Certificate, o Options) (CheckStats, error) {
	var st CheckStats
	if c.Game != g.Name() {
		return st, fmt.Errorf("check: the proof is for %q, not %q", c.Game, g.Name())
	}
	if start := g.Canonical(g.Start()); c.Start != start {
		return st, fmt.Errorf("check: start %#x, want %#x", c.Start, start)
	}
	if _, ok := c.find(c.Start); !ok {
		return st, errors.New("check: the start is not in the certificate")
	}
	for i := 1; i < len(c.Entries); i++ {
		if c.Entries[i].State <= c.Entries[i-1].State {
			return st, fmt.Errorf("check: entry %d out of order", i)
		}
	}
	workers := o.workers()
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	n := len(c.Entries)
	chunk := (n + workers - 1) / workers
	for w := 0; w < workers; w++ {
		a, b := w*chunk, min((w+1)*chunk, n)
		if a >= b {
			break
		}
		wg.Add(1)
		go func(a, b int) {
			defer wg.Done()
			var local CheckStats
			check := checkRange
			if c.Win {
				check = checkWinRange
			}
			err := check(g, c, c.Entries[a:b], &local, o, w == 0)
			mu.Lock()
			defer mu.Unlock()
			st.States += local.States
			st.DrawerToMove += local.DrawerToMove
			st.AttackerToMove += local.AttackerToMove
			st.Terminal += local.Terminal
			st.Moves += local.Moves
			if err != nil && firstErr == nil {
				firstErr = err
			}
		}(a, b)
	}
	wg.Wait()
	return st, firstErr
}

func checkRange(g Game, c *Certificate, es []Entry, st *CheckStats, o Options, report bool) error {
	var buf []State
	for i, e := range es {
		if report && i%(1<<18) == 0 {
			o.progress("check", int64(i), int64(len(es)))
		}
		s := e.State
		st.States++
		if g.Canonical(s) != s {
			return fmt.Errorf("check: state %#x is not canonical", s)
		}
		mine := g.Mover(s) == c.Drawer
		if over, v := g.Terminal(s); over {
			if (mine && v == Loss) || (!mine && v == Win) {
				return fmt.Errorf("check: state %#x is lost for the drawing player", s)
			}
			if e.Choice != NoState {
				return fmt.Errorf("check: terminal state %#x has a choice", s)
			}
			st.Terminal++
			continue
		}
		buf = canonicalMoves(g, s, buf)
		if len(buf) == 0 && mine {
			return fmt.Errorf("check: the drawing player has no move in %#x", s)
		}
		if mine {
			st.DrawerToMove++
			if _, legal := slices.BinarySearch(buf, e.Choice); !legal {
				return fmt.Errorf("check: the choice %#x in %#x is not a legal move", e.Choice, s)
			}
			if _, ok := c.find(e.Choice); !ok {
				return fmt.Errorf("check: the choice %#x in %#x leaves the certificate", e.Choice, s)
			}
			continue
		}
		st.AttackerToMove++
		if e.Choice != NoState {
			return fmt.Errorf("check: the attacker's state %#x has a choice", s)
		}
		for _, m := range buf {
			st.Moves++
			if _, ok := c.find(m); !ok {
				return fmt.Errorf("check: the move %#x -> %#x leaves the certificate", s, m)
			}
		}
	}
	return nil
}

// checkWinRange checks the entries of a win certificate: terminal states
// lost for the drawing player, the winner's move legal and to a lower rank,
// every move of the drawing player to a lower rank.
func checkWinRange(g Game, c *Certificate, es []Entry, st *CheckStats, o Options, report bool) error {
	var buf []State
	for i, e := range es {
		if report && i%(1<<18) == 0 {
			o.progress("check", int64(i), int64(len(es)))
		}
		s := e.State
		st.States++
		if g.Canonical(s) != s {
			return fmt.Errorf("check: state %#x is not canonical", s)
		}
		mine := g.Mover(s) == c.Drawer
		if over, v := g.Terminal(s); over {
			if !((mine && v == Loss) || (!mine && v == Win)) {
				return fmt.Errorf("check: terminal state %#x is not lost for the drawing player", s)
			}
			st.Terminal++
			continue
		}
		buf = canonicalMoves(g, s, buf)
		lower := func(m State) error {
			f, ok := c.find(m)
			if !ok {
				return fmt.Errorf("check: the move %#x -> %#x leaves the certificate", s, m)
			}
			if f.Rank >= e.Rank {
				return fmt.Errorf("check: the move %#x -> %#x does not lower the rank (%d to %d)", s, m, e.Rank, f.Rank)
			}
			return nil
		}
		if mine {
			// No move at all is a loss for the side to move.
			st.DrawerToMove++
			for _, m := range buf {
				st.Moves++
				if err := lower(m); err != nil {
					return err
				}
			}
			continue
		}
		st.AttackerToMove++
		if _, legal := slices.BinarySearch(buf, e.Choice); !legal {
			return fmt.Errorf("check: the winning move %#x in %#x is not legal", e.Choice, s)
		}
		if err := lower(e.Choice); err != nil {
			return err
		}
	}
	return nil
}

// Plies returns, for a checked win certificate, the most moves its play can
// take from the start to the end: an upper bound on the length of the
// shortest forced win.
func (c *Certificate) Plies(g Game) int {
	order := make([]int, len(c.Entries))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return int(c.Entries[a].Rank) - int(c.Entries[b].Rank) })
	depth := make(map[State]int, len(c.Entries))
	var buf []State
	for _, i := range order { // lower ranks first: successors are done
		e := c.Entries[i]
		d := 0
		if over, _ := g.Terminal(e.State); !over {
			if g.Mover(e.State) == c.Drawer {
				buf = canonicalMoves(g, e.State, buf)
			} else {
				buf = append(buf[:0], e.Choice)
			}
			for _, m := range buf {
				d = max(d, depth[m]+1)
			}
		}
		depth[e.State] = d
	}
	return depth[c.Start]
}
