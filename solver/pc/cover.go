package pc

import (
	"math/bits"
	"sort"
)

// MinCover finds a smallest set of solutions that together are built by
// every sequence that builds any of them: the true minimum that
// solution-finder's minimal set is not. It returns indices into sols and
// whether the set is proven smallest; the branch and bound stops after
// budget nodes (0 = 1,000,000) and then returns the best set found.
func MinCover(sols []Solution, budget int) (cover []int, proven bool) {
	if budget <= 0 {
		budget = 1_000_000
	}
	// A smallest cover can always be taken from solution-finder's minimal
	// set: a solution whose sequences another's contain can be swapped for
	// that one.
	keep := map[*Step]bool{}
	for _, s := range MinimalSF(sols) {
		keep[&s.Steps[0]] = true
	}
	var cand []int
	nseq := 0
	for i, s := range sols {
		if keep[&s.Steps[0]] {
			cand = append(cand, i)
		}
		for _, q := range s.Sequences {
			nseq = max(nseq, q+1)
		}
	}
	words := (nseq + 63) / 64
	sets := make([][]uint64, len(cand))
	var all []uint64 = make([]uint64, words)
	biggest := 1
	containing := make([][]int, nseq) // element -> candidate sets
	for k, i := range cand {
		sets[k] = make([]uint64, words)
		for _, q := range sols[i].Sequences {
			sets[k][q/64] |= 1 << uint(q%64)
			all[q/64] |= 1 << uint(q%64)
			containing[q] = append(containing[q], k)
		}
		biggest = max(biggest, len(sols[i].Sequences))
	}
	for _, c := range containing {
		sort.Slice(c, func(a, b int) bool { return len(sols[cand[c[a]]].Sequences) > len(sols[cand[c[b]]].Sequences) })
	}
	count := func(u []uint64) int {
		n := 0
		for _, w := range u {
			n += bits.OnesCount64(w)
		}
		return n
	}
	// Greedy first, for a bound.
	uncovered := append([]uint64(nil), all...)
	var best []int
	for count(uncovered) > 0 {
		bk, bn := -1, 0
		for k, s := range sets {
			n := 0
			for w := range s {
				n += bits.OnesCount64(s[w] & uncovered[w])
			}
			if n > bn {
				bk, bn = k, n
			}
		}
		best = append(best, bk)
		for w := range uncovered {
			uncovered[w] &^= sets[bk][w]
		}
	}
	nodes := 0
	var chosen []int
	var search func(u []uint64)
	search = func(u []uint64) {
		nodes++
		if nodes > budget {
			return
		}
		left := count(u)
		if left == 0 {
			if len(chosen) < len(best) {
				best = append(best[:0], chosen...)
			}
			return
		}
		if len(chosen)+(left+biggest-1)/biggest >= len(best) {
			return
		}
		// Branch on the uncovered sequence that the fewest solutions build.
		pick := -1
		for w, word := range u {
			for word != 0 {
				q := w*64 + bits.TrailingZeros64(word)
				word &= word - 1
				if pick < 0 || len(containing[q]) < len(containing[pick]) {
					pick = q
				}
			}
		}
		next := make([]uint64, len(u))
		for _, k := range containing[pick] {
			for w := range u {
				next[w] = u[w] &^ sets[k][w]
			}
			chosen = append(chosen, k)
			search(next)
			chosen = chosen[:len(chosen)-1]
			if nodes > budget {
				return
			}
		}
	}
	search(all)
	out := make([]int, len(best))
	for i, k := range best {
		out[i] = cand[k]
	}
	sort.Ints(out)
	return out, nodes <= budget
}
