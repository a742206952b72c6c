package gobai

import (
	"errors"
	"slices"

	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/gobblet"
)

// BuildStrategy cuts a checked certificate that the drawing player avoids
// losing AB down to a Strategy: starting from the start, after every
// attacker move the drawing player wins at once if it can, else plays into
// a position of the certificate with the attacker to move, preferring one
// already kept, then the lowest Threat; the positions so kept are Safe.
// They are a subset of the certificate's, so the strategy never loses
// either (Verify checks it on its own).
func BuildStrategy(c *prove.Certificate, first int) (*Strategy, error) {
	if c.Win || c.Drawer != gobblet.Drawing {
		return nil, errors.New("gobai: the certificate is not the drawing player's")
	}
	s, err := NewStrategy(first, nil)
	if err != nil {
		return nil, err
	}
	if c.Game != s.g.Name() {
		return nil, errors.New("gobai: the certificate is for " + c.Game + ", not " + s.g.Name())
	}
	inCert := func(x prove.State) bool {
		_, ok := slices.BinarySearchFunc(c.Entries, x, func(e prove.Entry, x prove.State) int {
			switch {
			case e.State < x:
				return -1
			case e.State > x:
				return 1
			}
			return 0
		})
		return ok
	}
	kept := map[prove.State]bool{}
	var queue []prove.State
	// choose plays the drawing player in d (not over): false when it has
	// no move into the certificate, which a checked certificate rules out.
	choose := func(d gobblet.Board) bool {
		var buf [256]gobblet.Move
		best, bestT, found := prove.State(0), 0, false
		for _, m := range s.R.Moves(&d, buf[:0]) {
			nb := s.R.Play(d, m)
			if s.R.Outcome(&nb) == gobblet.Lost {
				return true // wins at once
			}
			k := s.g.Canonical(s.g.Pack(&nb))
			if !inCert(k) {
				continue
			}
			t := Threat(&s.R, &nb)
			if kept[k] {
				t = -1 // reuse beats everything
			}
			if !found || t < bestT || (t == bestT && k < best) {
				best, bestT, found = k, t, true
			}
		}
		if found && !kept[best] {
			kept[best] = true
			queue = append(queue, best)
		}
		return found
	}
	start := s.R.Start()
	if start.Mover == gobblet.Drawing {
		if !choose(start) {
			return nil, errors.New("gobai: the certificate has no first move")
		}
	} else {
		k := s.g.Canonical(s.g.Pack(&start))
		kept[k] = true
		queue = append(queue, k)
	}
	replied := map[prove.State]bool{}
	var ms []gobblet.Move
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		b := s.g.Unpack(a)
		ms = s.R.Moves(&b, ms[:0])
		for _, m := range ms {
			d := s.R.Play(b, m)
			k := s.g.Canonical(s.g.Pack(&d))
			if replied[k] {
				continue
			}
			replied[k] = true
			switch s.R.Outcome(&d) {
			case gobblet.Won:
				continue
			case gobblet.Lost:
				return nil, errors.New("gobai: the certificate lets the attacker win")
			}
			if !choose(s.g.Unpack(k)) {
				return nil, errors.New("gobai: the certificate has no safe reply")
			}
		}
	}
	for k := range kept {
		s.Safe = append(s.Safe, k)
	}
	slices.Sort(s.Safe)
	return s, nil
}
