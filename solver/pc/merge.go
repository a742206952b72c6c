package pc

import (
	"fmt"
	"slices"
	"sort"
)

// sortSolutions orders solutions keyed by solutionKey as Path returns
// them: by how many sequences build them, most first, then by key.
func sortSolutions(all map[string]Solution) []Solution {
	keys := make([]string, 0, len(all))
	for k := range all {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]Solution, 0, len(all))
	for _, k := range keys {
		out = append(out, all[k])
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].Sequences) > len(out[j].Sequences) })
	return out
}

// MergePaths joins the answers of Path over disjoint parts of one list of
// sequences (the indices in each Solution already into the whole list)
// into the answer of Path over the whole list: a solution found by several
// parts has the union of their sequences and the steps of the part with
// the first sequence that builds it. A sequence given by two parts is an
// error.
func MergePaths(parts ...[]Solution) ([]Solution, error) {
	all := map[string]Solution{}
	owner := map[int]int{} // sequence -> part, to catch overlapping parts
	for pi, sols := range parts {
		for _, s := range sols {
			if len(s.Sequences) == 0 {
				return nil, fmt.Errorf("part %d: a solution built by no sequence", pi)
			}
			for _, q := range s.Sequences {
				if o, ok := owner[q]; ok && o != pi {
					return nil, fmt.Errorf("sequence %d is in parts %d and %d", q, o, pi)
				}
				owner[q] = pi
			}
			seqs := slices.Clone(s.Sequences)
			slices.Sort(seqs)
			if i := repeated(seqs); i >= 0 {
				return nil, fmt.Errorf("part %d: sequence %d given twice for one solution", pi, seqs[i])
			}
			k := solutionKey(s.Steps)
			old, ok := all[k]
			if !ok {
				all[k] = Solution{Steps: s.Steps, Sequences: seqs}
				continue
			}
			steps := old.Steps
			if seqs[0] < old.Sequences[0] {
				steps = s.Steps
			}
			seqs = append(seqs, old.Sequences...)
			slices.Sort(seqs)
			if i := repeated(seqs); i >= 0 {
				return nil, fmt.Errorf("part %d: a solution given twice with sequence %d", pi, seqs[i])
			}
			all[k] = Solution{Steps: steps, Sequences: seqs}
		}
	}
	return sortSolutions(all), nil
}

// repeated returns an index of a sorted slice whose value is also the
// next one's, or -1.
func repeated(sorted []int) int {
	for i := 1; i < len(sorted); i++ {
		if sorted[i] == sorted[i-1] {
			return i
		}
	}
	return -1
}
