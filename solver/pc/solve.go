package pc

import (
	"fmt"
	"slices"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/engine/fumen"
)

// Solve is the offline problem: the whole queue is known (its first piece
// is the current one). It returns one perfect clear, its steps in the
// order they are placed, or ok false when there is none. With hold, the
// queue may be one piece longer than the clear takes (that piece stays in
// hand); pieces past that are not used.
func Solve(f Field, queue []engine.Piece, r Rules) (sol Solution, ok bool, err error) {
	n, err := f.Pieces()
	if err != nil {
		return sol, false, err
	}
	if n == 0 {
		return sol, false, fmt.Errorf("the field has no empty cell to fill")
	}
	if len(queue) < n {
		return sol, false, fmt.Errorf("the queue has %d pieces; the field needs %d", len(queue), n)
	}
	for _, p := range queue {
		if !p.Valid() {
			return sol, false, fmt.Errorf("bad piece %v in the queue", p)
		}
	}
	keep := n
	if r.Hold && len(queue) > n {
		keep = n + 1
	}
	queue = queue[:keep]
	e := &enumerator{searcher: newShared(r).searcher(), found: map[string][]Step{}, first: true}
	if !e.check(f, queue, n) {
		return sol, false, nil
	}
	e.run(f, queue, n)
	for _, steps := range e.found {
		return Solution{Steps: steps, Sequences: []int{0}}, true, nil
	}
	return sol, false, fmt.Errorf("pc: internal error: the search said yes but found no steps")
}

// Pages draws a solution step by step as fumen pages: the field before
// each piece, the piece, and lock (the next page clears the full rows).
func (s Solution) Pages(f Field) []fumen.Page {
	var pages []fumen.Page
	for _, st := range s.Steps {
		var fld fumen.Field
		for y := 0; y < f.Height; y++ {
			for x := 0; x < Width; x++ {
				if f.Rows>>(uint(y*Width+x))&1 != 0 {
					fld.Rows[y][x] = fumen.Gray
				}
			}
		}
		pages = append(pages, fumen.Page{Field: fld, Piece: st.Placed, Lock: true, Colorize: len(pages) == 0})
		var mask uint64
		for _, c := range st.Placed.Cells() {
			mask |= 1 << uint(int(c.Y)*Width+int(c.X))
		}
		f = f.place(move{mask: mask})
	}
	return pages
}

// Order is the pieces of the solution in the order they are placed.
func (s Solution) Order() []engine.Piece {
	out := make([]engine.Piece, len(s.Steps))
	for i, st := range s.Steps {
		out[i] = st.Placed.Piece
	}
	return slices.Clip(out)
}
