package gobai

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"slices"

	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/gobblet"
)

// Strategy is a proven drawing strategy for Gobblet AB: the set Safe of
// positions (canonical, the attacker to move) that the drawing player's
// moves may leave. It is closed (Verify checks it from the rules alone):
// the start is in Safe, no attacker move from a Safe position wins, and
// after every attacker move the drawing player either wins at once or has
// a move back into Safe. Playing so never loses, however long the game
// runs. Any move back into Safe will do; Move picks the one that leaves
// the attacker least.
//
// It is built from a certificate of `kocka prove gobblet --variant ab`
// (cmd/mkstrategy) and kept much smaller than the certificate: only the
// attacker's positions, and only those the strategy itself reaches.
type Strategy struct {
	R    gobblet.Rules
	g    *gobblet.Game
	Safe []prove.State // sorted
}

// strategyMagic starts a strategy file (inside its gzip).
const strategyMagic = "KOCKA GOBBLET AB STRATEGY 1\n"

// MaxStrategyStates caps a strategy file's positions (and so the memory
// Load takes: 8 bytes each), MaxStrategyBytes its size, compressed and
// not.
const (
	MaxStrategyStates = 4 << 20
	MaxStrategyBytes  = 64 << 20
)

// NewStrategy makes a strategy of AB with the first player first
// (gobblet.Drawing or Attacker) from a sorted set of safe positions.
func NewStrategy(first int, safe []prove.State) (*Strategy, error) {
	r, err := gobblet.Variant("ab", first)
	if err != nil {
		return nil, err
	}
	g, err := gobblet.NewGame(r)
	if err != nil {
		return nil, err
	}
	if !slices.IsSorted(safe) {
		return nil, errors.New("gobai: strategy positions not sorted")
	}
	return &Strategy{R: r, g: g, Safe: safe}, nil
}

// Has reports whether position b is one the strategy may leave.
func (s *Strategy) Has(b *gobblet.Board) bool {
	_, ok := slices.BinarySearch(s.Safe, s.g.Canonical(s.g.Pack(b)))
	return ok
}

// Keeping lists the drawing player's moves in b that keep the proven
// draw: a move that wins at once, or one into a Safe position. Empty when
// b is not the drawing player's or is outside the strategy.
func (s *Strategy) Keeping(b gobblet.Board) []gobblet.Move {
	if b.Mover != gobblet.Drawing {
		return nil
	}
	var out []gobblet.Move
	for _, m := range s.R.Moves(&b, nil) {
		nb := s.R.Play(b, m)
		if s.R.Outcome(&nb) == gobblet.Lost || s.Has(&nb) {
			out = append(out, m)
		}
	}
	return out
}

// Move is the strategy's move in b: a win at once if there is one, else
// of the moves into Safe the one with the lowest Threat (the attacker's
// lines), ties by the order of the moves.
func (s *Strategy) Move(b gobblet.Board) (gobblet.Move, bool) {
	best, bestT, found := gobblet.Move{}, 0, false
	for _, m := range s.Keeping(b) {
		nb := s.R.Play(b, m)
		if s.R.Outcome(&nb) == gobblet.Lost {
			return m, true
		}
		if t := Threat(&s.R, &nb); !found || t < bestT {
			best, bestT, found = m, t, true
		}
	}
	return best, found
}

// Threat rates a position after the drawing player's move, lower being
// safer: for each line without a visible drawing piece, a weight growing
// fast with the attacker's visible pieces in it.
func Threat(r *gobblet.Rules, b *gobblet.Board) int {
	vis := r.Visible(b)
	t := 0
	for _, l := range lines(r) {
		if vis[gobblet.Drawing]&l == 0 {
			t += threatWeight[bits.OnesCount16(vis[gobblet.Attacker]&l)]
		}
	}
	return t
}

var threatWeight = [5]int{0, 1, 6, 40, 1000}

// VerifyStats counts what Verify looked at.
type VerifyStats struct {
	Safe     int // attacker positions in the strategy
	Replies  int // distinct drawing-player positions after an attacker move
	WinsNow  int // of those, positions where the drawing player wins at once
	Attacker int // attacker moves followed
}

// Verify checks from the rules alone that the strategy is closed (see
// Strategy), so that it never loses.
func (s *Strategy) Verify() (VerifyStats, error) {
	var st VerifyStats
	st.Safe = len(s.Safe)
	start := s.R.Start()
	if start.Mover != gobblet.Attacker {
		// The drawing player moves first: it needs a move into Safe.
		if len(s.Keeping(start)) == 0 {
			return st, errors.New("gobai: the strategy has no first move")
		}
	} else if !s.Has(&start) {
		return st, errors.New("gobai: the start is not in the strategy")
	}
	seen := make(map[prove.State]struct{}, 2*len(s.Safe))
	var ms []gobblet.Move
	for _, a := range s.Safe {
		b := s.g.Unpack(a)
		if b.Mover != gobblet.Attacker || s.R.Outcome(&b) != gobblet.Going {
			return st, fmt.Errorf("gobai: strategy position is not the attacker's to play:\n%s", s.R.String(&b))
		}
		ms = s.R.Moves(&b, ms[:0])
		for _, m := range ms {
			st.Attacker++
			d := s.R.Play(b, m)
			key := s.g.Canonical(s.g.Pack(&d))
			if _, ok := seen[key]; ok {
				continue
			}
			seen[key] = struct{}{}
			st.Replies++
			switch s.R.Outcome(&d) {
			case gobblet.Won: // the attacker uncovered a drawing line and forfeited
				st.WinsNow++
				continue
			case gobblet.Lost:
				return st, fmt.Errorf("gobai: the attacker wins with %v from\n%s", m, s.R.String(&b))
			}
			if !s.replies(d, &st) {
				return st, fmt.Errorf("gobai: no move keeps the draw after %v from\n%s", m, s.R.String(&b))
			}
		}
	}
	return st, nil
}

// replies reports whether the drawing player in d wins at once or has a
// move into Safe.
func (s *Strategy) replies(d gobblet.Board, st *VerifyStats) bool {
	var buf [256]gobblet.Move
	ms := s.R.Moves(&d, buf[:0])
	for _, m := range ms {
		nb := s.R.Play(d, m)
		if s.Has(&nb) {
			return true
		}
	}
	for _, m := range ms {
		nb := s.R.Play(d, m)
		if s.R.Outcome(&nb) == gobblet.Lost {
			st.WinsNow++
			return true
		}
	}
	return false
}

// Encode writes the strategy: gzip of the magic line, who moves first,
// the count, the sorted positions as gaps (uvarint), then a CRC-32 of
// all that.
func (s *Strategy) Encode(w io.Writer) error {
	var raw bytes.Buffer
	raw.WriteString(strategyMagic)
	var tmp [binary.MaxVarintLen64]byte
	put := func(v uint64) { raw.Write(tmp[:binary.PutUvarint(tmp[:], v)]) }
	put(uint64(s.R.First))
	put(uint64(len(s.Safe)))
	prev := prove.State(0)
	for _, x := range s.Safe {
		put(uint64(x - prev))
		prev = x
	}
	binary.BigEndian.PutUint32(tmp[:4], crc32.ChecksumIEEE(raw.Bytes()))
	raw.Write(tmp[:4])
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(raw.Bytes()); err != nil {
		return err
	}
	return zw.Close()
}

// LoadStrategy reads what Encode wrote, checking the format, the CRC and
// the caps; it does not Verify (a test does, and the command before it
// writes).
func LoadStrategy(data []byte) (*Strategy, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("gobai: strategy: %w", err)
	}
	raw, err := bounded.ReadAll(zr, MaxStrategyBytes, "a strategy file")
	if err != nil {
		return nil, fmt.Errorf("gobai: strategy: %w", err)
	}
	if len(raw) < len(strategyMagic)+4 || string(raw[:len(strategyMagic)]) != strategyMagic {
		return nil, errors.New("gobai: not a strategy file")
	}
	body, sum := raw[:len(raw)-4], binary.BigEndian.Uint32(raw[len(raw)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, errors.New("gobai: strategy file damaged (CRC mismatch)")
	}
	rd := bufio.NewReader(bytes.NewReader(body[len(strategyMagic):]))
	first, err := binary.ReadUvarint(rd)
	if err != nil || first > 1 {
		return nil, errors.New("gobai: strategy: bad first player")
	}
	n, err := binary.ReadUvarint(rd)
	if err != nil || n > MaxStrategyStates {
		return nil, fmt.Errorf("gobai: strategy: bad count (at most %d)", MaxStrategyStates)
	}
	safe := make([]prove.State, 0, n)
	prev := prove.State(0)
	for i := uint64(0); i < n; i++ {
		d, err := binary.ReadUvarint(rd)
		if err != nil || (i > 0 && d == 0) || prove.State(d) > ^prove.State(0)-prev {
			return nil, fmt.Errorf("gobai: strategy: bad position %d", i)
		}
		prev += prove.State(d)
		safe = append(safe, prev)
	}
	if rd.Buffered() != 0 {
		return nil, errors.New("gobai: strategy: trailing bytes")
	}
	return NewStrategy(int(first), safe)
}

var errStrategyFirst = errors.New("gobai: the embedded strategy is for the other first player")
