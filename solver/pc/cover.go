package pc

import (
	"fmt"
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
	elems := reduceElements(sols, cand, nseq)
	words := (len(elems) + 63) / 64
	sets := make([][]uint64, len(cand))
	for k := range sets {
		sets[k] = make([]uint64, words)
	}
	all := make([]uint64, words)
	containing := make([][]int, len(elems)) // element -> candidate sets
	biggest := 1
	for e, ks := range elems {
		all[e/64] |= 1 << uint(e%64)
		for _, k := range ks {
			sets[k][e/64] |= 1 << uint(e%64)
		}
		containing[e] = ks
	}
	for k := range sets {
		biggest = max(biggest, count(sets[k]))
	}
	for _, c := range containing {
		sort.Slice(c, func(a, b int) bool { return count(sets[c[a]]) > count(sets[c[b]]) })
	}
	// byRarity lists the elements, those fewest sets contain first: the
	// order the packing bound takes them in.
	byRarity := make([]int, len(elems))
	for e := range byRarity {
		byRarity[e] = e
	}
	sort.SliceStable(byRarity, func(a, b int) bool { return len(containing[byRarity[a]]) < len(containing[byRarity[b]]) })
	used := make([]bool, len(cand))
	// packing is a lower bound on the sets still needed to cover u:
	// elements no two of which share a set each need a set of their own.
	packing := func(u []uint64) int {
		clear(used)
		n := 0
	next:
		for _, e := range byRarity {
			if u[e/64]>>uint(e%64)&1 == 0 {
				continue
			}
			for _, k := range containing[e] {
				if used[k] {
					continue next
				}
			}
			for _, k := range containing[e] {
				used[k] = true
			}
			n++
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
		if len(chosen)+(left+biggest-1)/biggest >= len(best) || len(chosen)+packing(u) >= len(best) {
			return
		}
		// Branch on the uncovered element that the fewest solutions build.
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

func count(u []uint64) int {
	n := 0
	for _, w := range u {
		n += bits.OnesCount64(w)
	}
	return n
}

// reduceElements turns the sequences into the elements the cover must
// hit: for each, the candidates (indices into cand) that some solution
// builds it with. Sequences no candidate builds are left out; sequences
// with the same candidates are one element; and an element whose
// candidates include all of another's is dropped, since any cover that
// hits the other hits it too.
func reduceElements(sols []Solution, cand []int, nseq int) [][]int {
	words := (len(cand) + 63) / 64
	sig := make([][]uint64, nseq)
	for k, i := range cand {
		for _, q := range sols[i].Sequences {
			if sig[q] == nil {
				sig[q] = make([]uint64, words)
			}
			sig[q][k/64] |= 1 << uint(k%64)
		}
	}
	seen := map[string]bool{}
	var distinct [][]uint64
	for _, s := range sig {
		if s == nil {
			continue
		}
		key := fmt.Sprint(s)
		if !seen[key] {
			seen[key] = true
			distinct = append(distinct, s)
		}
	}
	// Fewest candidates first, so a dominated element meets its dominator
	// among those kept before it.
	sort.SliceStable(distinct, func(a, b int) bool { return count(distinct[a]) < count(distinct[b]) })
	var kept [][]uint64
	for _, s := range distinct {
		dominated := false
		for _, o := range kept {
			sub := true
			for w := range o {
				if o[w]&^s[w] != 0 {
					sub = false
					break
				}
			}
			if sub {
				dominated = true
				break
			}
		}
		if !dominated {
			kept = append(kept, s)
		}
	}
	out := make([][]int, len(kept))
	for e, s := range kept {
		for w, word := range s {
			for word != 0 {
				out[e] = append(out[e], w*64+bits.TrailingZeros64(word))
				word &= word - 1
			}
		}
	}
	return out
}
