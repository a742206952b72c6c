package solver

import (
	"math/bits"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/kocka/kocka/engine"
)

// midgameBoards are fixed 10x40 boards like those of a game in progress:
// stacks 3 to 10 rows high with some holes and overhangs, grown by placing
// 7-bag pieces with a crude greedy rule (low, few holes, flat), clearing
// lines, from fixed seeds. Built once, the same on every run.
var midgameBoards = sync.OnceValue(func() []*engine.Board {
	var out []*engine.Board
	for seed := uint64(1); len(out) < 16; seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		b := engine.NewBoard(10, 40)
		stop := 12 + rng.IntN(30)
		var bag []engine.Piece
		for n := 0; n < stop; n++ {
			if len(bag) == 0 {
				bag = append(bag, engine.Pieces[:]...)
				rng.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
			}
			p := bag[0]
			bag = bag[1:]
			ps := Generate(b, p, Options{NoPaths: true})
			if len(ps) == 0 {
				break
			}
			best, bestScore := 0, 1<<30
			for i, pl := range ps {
				c := b.Clone()
				c.Place(pl.Placed)
				c.ClearLines()
				// A little noise keeps the stacks from all looking alike.
				if s := roughness(c) + rng.IntN(6); s < bestScore {
					best, bestScore = i, s
				}
			}
			b.Place(ps[best].Placed)
			b.ClearLines()
		}
		if h := b.StackHeight(); h >= 3 && h <= 10 {
			out = append(out, b)
		}
	}
	return out
})

// roughness is a crude badness of a board: heights, holes and bumps.
func roughness(b *engine.Board) int {
	s, prev := 0, -1
	for x := range b.Width {
		h := b.ColumnHeight(x)
		s += 2 * h
		if prev >= 0 {
			s += 3 * max(h-prev, prev-h)
		}
		prev = h
	}
	rows := b.Rows()
	var covered uint16
	for y := b.StackHeight() - 1; y >= 0; y-- {
		s += 8 * bits.OnesCount16(covered&^rows[y])
		covered |= rows[y]
	}
	return s
}

func BenchmarkGenerate(b *testing.B) {
	boards := midgameBoards()
	for _, paths := range []bool{true, false} {
		name := "paths"
		if !paths {
			name = "nopaths"
		}
		for _, p := range engine.Pieces {
			b.Run(name+"/"+p.String(), func(b *testing.B) {
				var g Generator
				var dst []Placement
				opt := Options{NoPaths: !paths}
				n := 0
				cpu := startCPU()
				for i := 0; b.Loop(); i++ {
					dst = g.Generate(dst[:0], boards[i%len(boards)], p, opt)
					n += len(dst)
				}
				cpu.report(b)
				b.ReportMetric(float64(n)/float64(b.N), "placements/op")
			})
		}
	}
}

// BenchmarkGenerateTall: a 10x64 board with the stack at row 58 and the
// spawn on it, where the bitboard search slides its window up (before it
// did, this was the oracle's work).
func BenchmarkGenerateTall(b *testing.B) {
	board := tallBoard(58)
	for _, p := range []engine.Piece{engine.T, engine.I} {
		opt := Options{SpawnRow: 58, Kicks: engine.SRSPlus}
		b.Run("bitboard/"+p.String(), func(b *testing.B) {
			var g Generator
			var dst []Placement
			cpu := startCPU()
			for b.Loop() {
				dst = g.Generate(dst[:0], board, p, opt)
			}
			cpu.report(b)
			if g.fallbacks != 0 {
				b.Fatal("the bitboard search fell back on the oracle")
			}
		})
		b.Run("oracle/"+p.String(), func(b *testing.B) {
			cpu := startCPU()
			for b.Loop() {
				oracle(board, p, opt)
			}
			cpu.report(b)
		})
	}
}

func BenchmarkOracle(b *testing.B) {
	boards := midgameBoards()
	for _, p := range engine.Pieces {
		b.Run(p.String(), func(b *testing.B) {
			cpu := startCPU()
			for i := 0; b.Loop(); i++ {
				oracle(boards[i%len(boards)], p, Options{})
			}
			cpu.report(b)
		})
	}
}

// cpuClock measures a benchmark's loop in thread CPU time as well as in
// wall time: the machines we share run other work, which inflates ns/op but
// not cpu-ns/op.
type cpuClock struct{ start int64 }

func startCPU() cpuClock {
	runtime.LockOSThread()
	return cpuClock{threadCPU()}
}

func (c cpuClock) report(b *testing.B) {
	end := threadCPU()
	runtime.UnlockOSThread()
	if c.start > 0 && end > c.start {
		b.ReportMetric(float64(end-c.start)/float64(b.N), "cpu-ns/op")
	}
}

// The search must agree with the oracle on the benchmark boards too.
func TestMidgameBoards(t *testing.T) {
	for i, b := range midgameBoards() {
		for _, p := range engine.Pieces {
			got := Generate(b, p, Options{})
			sameResult(t, b.String(), got, oracle(b, p, Options{}))
			checkPaths(t, b, p, Options{}, got)
			if i == 0 && p == engine.T {
				t.Logf("board 0:\n%s%d T placements", b, len(got))
			}
		}
	}
}
