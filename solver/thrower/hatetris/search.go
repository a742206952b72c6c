package hatetris

import "github.com/kocka/kocka/engine"

// Landing is one way a piece can come to rest: where it locks, the well
// after the lock and its line clears, and how many lines were cleared.
type Landing struct {
	At    Piece
	Well  Well
	Lines int
}

// Search finds every place a piece can land in a well, the way the
// original's getNextCoreStates does (and in the same order): spawn, drop
// through the empty rows, then a breadth-first search over Left, Right,
// Down, Up, where every Down that cannot move is a landing. It keeps its
// buffers between calls; it is not safe for concurrent use.
type Search struct {
	r      Rules
	seen   []uint32 // stamp per position: seen in the search with this stamp
	stamp  uint32
	queue  []Piece
	parent []int32 // per queue entry: the entry it was reached from (-1 = start)
	via    []Move  // per queue entry: the move that reached it
	drop   int     // Down moves of the initial drop through empty rows
	// lockFrom[i] is the queue entry a landing locked from (parallel to the
	// last Landings result).
	lockFrom []int32
	out      []Landing
}

// NewSearch returns a search for wells of the given rules.
func NewSearch(r Rules) *Search {
	return &Search{r: r, seen: make([]uint32, (r.Width+3)*(r.Depth+3)*4)}
}

// Rules are the rules the search was made for.
func (s *Search) Rules() Rules { return s.r }

// index is the original's hash code of a position, shifted so that x = -3
// maps to 0.
func (s *Search) index(p Piece) int {
	return ((p.X+3)*(s.r.Depth+3)+p.Y)*4 + p.O
}

// Landings returns every landing of piece id in well w. The slice is the
// search's own and is overwritten by the next call.
func (s *Search) Landings(w *Well, id engine.Piece) []Landing {
	s.stamp++
	if s.stamp == 0 { // wrapped: forget every old stamp
		clear(s.seen)
		s.stamp = 1
	}
	s.queue, s.parent, s.via = s.queue[:0], s.parent[:0], s.via[:0]
	s.out, s.lockFrom = s.out[:0], s.lockFrom[:0]

	p := Spawn(s.r, id)
	// The original first moves the piece down through empty rows; those
	// moves are part of every path.
	drop := 0
	for p.Y+4 < s.r.Depth && w.Rows[p.Y+4] == 0 {
		n := moved(p, Down)
		if !fits(s.r, w, n) {
			break
		}
		p = n
		drop++
	}
	s.seen[s.index(p)] = s.stamp
	s.queue = append(s.queue, p)
	s.parent = append(s.parent, -1)
	s.via = append(s.via, Down) // unused for the start entry
	s.drop = drop
	for i := 0; i < len(s.queue); i++ {
		cur := s.queue[i]
		for _, m := range moveOrder {
			n := moved(cur, m)
			if fits(s.r, w, n) {
				if k := s.index(n); s.seen[k] != s.stamp {
					s.seen[k] = s.stamp
					s.queue = append(s.queue, n)
					s.parent = append(s.parent, int32(i))
					s.via = append(s.via, m)
				}
				continue
			}
			if m == Down {
				l := Landing{At: cur, Well: *w}
				l.Lines = lock(s.r, &l.Well, cur)
				s.out = append(s.out, l)
				s.lockFrom = append(s.lockFrom, int32(i))
			}
		}
	}
	return s.out
}

// Path returns the key presses that take piece id from its spawn to
// landing i of the last Landings call, the final locking Down included.
// Paths are shortest in key presses after the initial drop.
func (s *Search) Path(i int) []Move {
	var rev []Move
	rev = append(rev, Down) // the Down that locks
	for e := s.lockFrom[i]; s.parent[e] >= 0; e = s.parent[e] {
		rev = append(rev, s.via[e])
	}
	drop := s.drop
	out := make([]Move, 0, drop+len(rev))
	for ; drop > 0; drop-- {
		out = append(out, Down)
	}
	for j := len(rev) - 1; j >= 0; j-- {
		out = append(out, rev[j])
	}
	return out
}
