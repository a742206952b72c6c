package pc

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/engine/fumen"
	"github.com/kocka/kocka/solver"
)

// Step is one placed piece of a solution.
type Step struct {
	// Placed is the piece where it locks, in the field as it is at its
	// turn (rows cleared before it are gone).
	Placed engine.Placed
	// Cells are its cells in the rows of the starting field (bit
	// y*Width+x), which tell solutions apart.
	Cells uint64
}

// Solution is a set of placed pieces that perfect-clears the field,
// solution-finder's "path": its steps in one order that builds it, and
// the sequences (indices into the list Path was given) that can build it.
type Solution struct {
	Steps     []Step
	Sequences []int
}

// key identifies a solution by its pieces and their cells, whatever the
// order (solution-finder's unique solutions).
func solutionKey(steps []Step) string {
	ks := make([]uint64, len(steps))
	for i, s := range steps {
		ks[i] = s.Cells | uint64(s.Placed.Piece)<<60
	}
	slices.Sort(ks)
	b := make([]byte, 0, 8*len(ks))
	for _, k := range ks {
		for j := 0; j < 8; j++ {
			b = append(b, byte(k>>(8*j)))
		}
	}
	return string(b)
}

// Path finds every distinct solution that some sequence of seqs builds
// (as Sequences gives them), with the sequences that build each. The
// solutions are ordered by how many sequences build them, most first, then
// by their cells. progress, when not nil, is called now and then.
func Path(ctx context.Context, f Field, seqs [][]engine.Piece, r Rules, workers int, progress Progress) ([]Solution, error) {
	n, err := f.Pieces()
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, errors.New("the field has no empty cell to fill")
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	s := newShared(r)
	type found struct {
		steps []Step
		seqs  []int
		first int // the sequence the steps come from
	}
	var mu sync.Mutex
	all := map[string]*found{}
	var next, done atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := &enumerator{searcher: s.searcher()}
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= len(seqs) {
					return
				}
				e.found = map[string][]Step{}
				e.run(f, seqs[i], n)
				mu.Lock()
				for k, steps := range e.found {
					fd := all[k]
					if fd == nil {
						fd = &found{steps: steps, first: i}
						all[k] = fd
					} else if i < fd.first {
						// The steps of the first sequence that builds it,
						// whatever the workers' timing: the same answer
						// as one worker, and as shards merged (MergePaths).
						fd.steps, fd.first = steps, i
					}
					fd.seqs = append(fd.seqs, i)
				}
				mu.Unlock()
				if d := done.Add(1); progress != nil && d%64 == 0 {
					progress(int(d), len(seqs))
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	out := make(map[string]Solution, len(all))
	for k, fd := range all {
		slices.Sort(fd.seqs)
		out[k] = Solution{Steps: fd.steps, Sequences: fd.seqs}
	}
	return sortSolutions(out), nil
}

// enumerator walks every way one sequence perfect-clears the field,
// pruning with the shared answers of sub-problems that have none.
type enumerator struct {
	*searcher
	found map[string][]Step
	stack []Step
	first bool // stop at the first solution (Solve)
	done  bool
}

// rowMap gives, for each row of the current field, its row in the
// starting field.
type rowMap [MaxLines]int8

func identityRows() (m rowMap) {
	for i := range m {
		m[i] = int8(i)
	}
	return
}

// toStart moves a mask in the current field's rows to the starting rows.
func (m rowMap) toStart(mask uint64, h int) uint64 {
	var out uint64
	for y := 0; y < h; y++ {
		if row := mask >> (uint(y) * Width) & rowMask; row != 0 {
			out |= row << (uint(m[y]) * Width)
		}
	}
	return out
}

// after is the map once the full rows of placed (the field with the
// piece, before clearing) are gone.
func (m rowMap) after(placed uint64, h int) rowMap {
	var out rowMap
	j := 0
	for y := 0; y < h; y++ {
		if placed>>(uint(y)*Width)&rowMask != rowMask {
			out[j] = m[y]
			j++
		}
	}
	return out
}

func (e *enumerator) run(f Field, seq []engine.Piece, n int) {
	e.stack = e.stack[:0]
	if e.s.rules.Hold {
		e.hold(f, identityRows(), seq[0], seq[1:], n)
	} else {
		e.inOrder(f, identityRows(), seq, n)
	}
}

// dead reports a sub-problem known to have no perfect clear, computing it
// (which fills the shared answers) when not known.
func (e *enumerator) dead(f Field, hold engine.Piece, rest []engine.Piece, n int) bool {
	if e.s.rules.Hold {
		return !e.withHold(f, hold, rest, n)
	}
	return !e.noHold(f, rest, n)
}

func (e *enumerator) hold(f Field, rm rowMap, hold engine.Piece, rest []engine.Piece, n int) {
	if e.dead(f, hold, rest, n) {
		return
	}
	if len(rest) == 0 {
		e.place(f, rm, hold, engine.None, nil, n)
		return
	}
	d := rest[0]
	e.place(f, rm, hold, d, rest[1:], n)
	if d != hold {
		e.place(f, rm, d, hold, rest[1:], n)
	}
}

func (e *enumerator) inOrder(f Field, rm rowMap, seq []engine.Piece, n int) {
	if e.dead(f, engine.None, seq, n) {
		return
	}
	e.place(f, rm, seq[0], engine.None, seq[1:], n)
}

func (e *enumerator) place(f Field, rm rowMap, p, keep engine.Piece, rest []engine.Piece, n int) {
	for _, m := range e.gen.moves(f, p) {
		if e.done || e.stop.done() {
			return
		}
		g := f.place(m)
		e.stack = append(e.stack, Step{Placed: m.placed(p), Cells: rm.toStart(m.mask, f.Height)})
		switch {
		case n == 1:
			if g.Cleared() {
				steps := slices.Clone(e.stack)
				k := solutionKey(steps)
				if _, ok := e.found[k]; !ok {
					e.found[k] = steps
				}
				e.done = e.first
			}
		case g.viable():
			rm2 := rm.after(f.Rows|m.mask, f.Height)
			if e.s.rules.Hold {
				e.hold(g, rm2, keep, rest, n-1)
			} else {
				e.inOrder(g, rm2, rest, n-1)
			}
		}
		e.stack = e.stack[:len(e.stack)-1]
	}
}

// MinimalSF is solution-finder's minimal set of solutions: of those that
// sequences the same set of sequences build, one; and none whose set
// another's contains. (It is not always the smallest set of solutions that
// covers every sequence.)
func MinimalSF(sols []Solution) []Solution {
	var keep []Solution
	seen := map[string]bool{}
	for i, s := range sols {
		k := fmt.Sprint(s.Sequences)
		if seen[k] {
			continue
		}
		seen[k] = true
		covered := false
		for j, o := range sols {
			if j != i && len(o.Sequences) > len(s.Sequences) && subset(s.Sequences, o.Sequences) {
				covered = true
				break
			}
		}
		if !covered {
			keep = append(keep, s)
		}
	}
	return keep
}

// subset reports whether sorted a is within sorted b.
func subset(a, b []int) bool {
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j == len(b) || b[j] != x {
			return false
		}
	}
	return true
}

// Replay checks a solution through solver's movegen with paths: each step,
// in order, must be a placement the movegen finds (with an input path) in
// the field as it is then, and the last must leave the field cleared.
func (s Solution) Replay(f Field, r Rules) error {
	for i, st := range s.Steps {
		mask, err := f.replayStep(st.Placed, r)
		if err != nil {
			return fmt.Errorf("step %d: %w", i+1, err)
		}
		f = f.place(move{mask: mask})
	}
	if !f.Cleared() {
		return fmt.Errorf("the field is not cleared after %d steps:\n%s", len(s.Steps), f)
	}
	return nil
}

// replayStep checks that p is a placement the movegen finds, with an
// input path, in f as it is, inside the region and off its blocks, and
// returns its cells.
func (f Field) replayStep(p engine.Placed, r Rules) (uint64, error) {
	b := f.Board(boardHeight(f.Height), engine.I)
	opt := r.movegen(f.Height)
	opt.NoPaths = false
	want := p.Cells()
	found := false
	for _, pl := range solver.Generate(b, p.Piece, opt) {
		if sameCells(pl.Cells(), want) {
			found = true
			break
		}
	}
	if !found {
		return 0, fmt.Errorf("%v %v at (%d, %d) is not reachable", p.Piece, p.Rot, p.X, p.Y)
	}
	var mask uint64
	for _, c := range want {
		if int(c.Y) >= f.Height || c.Y < 0 || c.X < 0 || int(c.X) >= Width {
			return 0, fmt.Errorf("outside the region")
		}
		mask |= 1 << uint(int(c.Y)*Width+int(c.X))
	}
	if f.Rows&mask != 0 {
		return 0, fmt.Errorf("overlaps the field")
	}
	return mask, nil
}

func sameCells(a, b [4]engine.Cell) bool {
	var ma, mb uint64
	for i := range a {
		ma |= 1 << uint(int(a[i].Y)*16+int(a[i].X))
		mb |= 1 << uint(int(b[i].Y)*16+int(b[i].X))
	}
	return ma == mb
}

// Fumen draws the solution as solution-finder does: one page, the field's
// blocks gray and each piece in its colour where it lies in the starting
// field's rows.
func (s Solution) Fumen(f Field) (string, error) {
	var fld fumen.Field
	for y := 0; y < f.Height; y++ {
		for x := 0; x < Width; x++ {
			if f.Rows>>(uint(y*Width+x))&1 != 0 {
				fld.Rows[y][x] = fumen.Gray
			}
		}
	}
	for _, st := range s.Steps {
		for c := st.Cells; c != 0; c &= c - 1 {
			i := bits.TrailingZeros64(c)
			fld.Rows[i/Width][i%Width] = fumen.Piece(st.Placed.Piece)
		}
	}
	return fumen.Encode([]fumen.Page{{Field: fld, Colorize: true, Lock: true}})
}
