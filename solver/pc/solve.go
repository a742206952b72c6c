package pc

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
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
	return SolveContext(context.Background(), f, queue, r)
}

// ErrBudget is SolveLimit's error when it tried its budget of placements
// without an answer.
var ErrBudget = errors.New("pc: the search spent its budget of placements")

// SolveLimit is SolveContext that also gives up, with ErrBudget, once it
// has tried limit placements (rounded up to the polling interval; 0 means
// no limit). Unlike a deadline, the limit does not depend on the
// machine's speed or load, so a bot that uses it plays the same game on
// every run.
func SolveLimit(ctx context.Context, f Field, queue []engine.Piece, r Rules, limit int) (sol Solution, ok bool, err error) {
	return solve(ctx, f, queue, r, limit)
}

// SolveContext is Solve that ends with ctx's error once ctx is done. It
// polls ctx.Err every few hundred placements tried, which is also where a
// caller sharing one thread (the browser) can pause it.
func SolveContext(ctx context.Context, f Field, queue []engine.Piece, r Rules) (sol Solution, ok bool, err error) {
	return solve(ctx, f, queue, r, 0)
}

func solve(ctx context.Context, f Field, queue []engine.Piece, r Rules, limit int) (sol Solution, ok bool, err error) {
	if limit < 0 {
		return sol, false, fmt.Errorf("negative placement budget %d", limit)
	}
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
	e.stop = &stopper{ctx: ctx, limit: limit}
	alive := e.check(f, queue, n)
	if e.stop.stopped {
		return sol, false, e.stop.err()
	}
	if !alive {
		return sol, false, nil
	}
	e.run(f, queue, n)
	if e.stop.stopped {
		return sol, false, e.stop.err()
	}
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

// MaxLinesStates caps the states SolveLines remembers (about 90 bytes
// each in the map, so about 450 MB at the cap, measured), so that a long
// queue on a tall board fails with an error instead of taking all memory.
const MaxLinesStates = 5_000_000

// ErrTooManyStates is SolveLines' error past MaxLinesStates.
var ErrTooManyStates = fmt.Errorf("the search needs more than %d states", MaxLinesStates)

// SolveLines is the offline problem with the most lines as its goal: the
// whole queue is known (its first piece is the current one), the board is
// f's f.Height rows of Width columns and keeps that height (a full row
// clears, the rows above fall and an empty row comes in at the top), every
// piece must lock with all its cells inside the board, and the player may
// stop after any piece (a piece that cannot lock ends the game there). It
// returns the most lines that can be cleared and one way to clear them
// that stops as soon as no more lines can come: its steps in the order
// they are placed (Cells in the board as it is at that step). The moves and
// hold are those of r.
func SolveLines(f Field, queue []engine.Piece, r Rules) (lines int, sol Solution, err error) {
	if f.Height < MinLines || f.Height > MaxLines {
		return 0, sol, fmt.Errorf("the board has %d rows, want %d..%d", f.Height, MinLines, MaxLines)
	}
	for _, p := range queue {
		if !p.Valid() {
			return 0, sol, fmt.Errorf("bad piece %v in the queue", p)
		}
	}
	if len(queue) == 0 {
		return 0, sol, nil
	}
	ls := &linesSearch{gen: &generator{rules: r}, queue: queue, hold: r.Hold, memo: map[linesKey]int32{}}
	st := linesState{f: f, hold: engine.None, next: 0}
	if r.Hold {
		st.hold, st.next = queue[0], 1
	}
	best, err := ls.best(st)
	if err != nil {
		return 0, sol, err
	}
	// Walk a best way back out of the memo.
	for v := best; v > 0; {
		found := false
		ls.each(st, func(p engine.Piece, m move, to linesState, cleared int) bool {
			w, _ := ls.best(to) // known: best(st) looked at it
			if cleared+w != v {
				return true
			}
			sol.Steps = append(sol.Steps, Step{Placed: m.placed(p), Cells: m.mask})
			st, v, found = to, w, true
			return false
		})
		if !found {
			return 0, sol, fmt.Errorf("pc: internal error: no step keeps the best of %d lines", v)
		}
	}
	return best, sol, nil
}

// lineBound is the most lines cells more cells could clear on f: each
// cleared line is a row of f filled up (its empty cells) or a row that came
// in empty (ten cells), so the rows with the fewest empty cells first, then
// ten cells a line.
func lineBound(f Field, cells int) int {
	var empty [MaxLines]int
	for y := 0; y < f.Height; y++ {
		empty[y] = Width - bits.OnesCount16(f.Row(y))
	}
	rows := empty[:f.Height]
	slices.Sort(rows)
	n := 0
	for _, e := range rows {
		if e > cells {
			break
		}
		cells -= e
		n++
	}
	return n + cells/Width
}

// linesState is a board, the piece in hand (engine.None without hold) and
// the index of the next piece to draw.
type linesState struct {
	f    Field
	hold engine.Piece
	next int
}

// linesKey and the memo keep next and the lines at full width: a queue
// past 65,535 pieces, or one that clears more than 127 lines (400 I
// pieces), is a valid input, and a packed key or int8 answers wrap there.
type linesKey struct {
	rows uint64
	next uint32
	hold engine.Piece
}

type linesSearch struct {
	gen   *generator
	queue []engine.Piece
	hold  bool
	memo  map[linesKey]int32
}

// each calls fn with every placement the state allows: the piece placed,
// where, the state after it and the lines it clears; fn returns false to
// stop.
func (ls *linesSearch) each(st linesState, fn func(p engine.Piece, m move, to linesState, cleared int) bool) {
	try := func(p, keep engine.Piece, next int) bool {
		for _, m := range ls.gen.moves(st.f, p) {
			g := st.f.place(m)
			cleared := st.f.Height - g.Height
			g.Height = st.f.Height // the rows above fell: the top ones are empty
			if !fn(p, m, linesState{f: g, hold: keep, next: next}, cleared) {
				return false
			}
		}
		return true
	}
	switch {
	case !ls.hold:
		if st.next < len(ls.queue) {
			try(ls.queue[st.next], engine.None, st.next+1)
		}
	case st.next < len(ls.queue):
		d := ls.queue[st.next]
		if try(d, st.hold, st.next+1) && d != st.hold {
			try(st.hold, d, st.next+1)
		}
	case st.hold.Valid():
		try(st.hold, engine.None, st.next)
	}
}

// best is the most lines the state can still clear.
func (ls *linesSearch) best(st linesState) (int, error) {
	k := linesKey{rows: st.f.Rows, next: uint32(st.next), hold: st.hold}
	if v, ok := ls.memo[k]; ok {
		return int(v), nil
	}
	if len(ls.memo) >= MaxLinesStates {
		return 0, ErrTooManyStates
	}
	left := len(ls.queue) - st.next
	if st.hold.Valid() {
		left++
	}
	bound := lineBound(st.f, 4*left)
	best := 0
	var err error
	if bound > 0 {
		ls.each(st, func(_ engine.Piece, _ move, to linesState, cleared int) bool {
			var w int
			if w, err = ls.best(to); err != nil {
				return false
			}
			best = max(best, cleared+w)
			return best < bound
		})
	}
	if err != nil {
		return 0, err
	}
	ls.memo[k] = int32(best)
	return best, nil
}
