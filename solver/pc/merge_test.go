package pc

import (
	"context"
	"reflect"
	"testing"
)

// TestMergePaths checks that Path over the shards of a list of sequences,
// merged, is Path over the whole list, for several shard counts.
func TestMergePaths(t *testing.T) {
	f := mustRows(t, 4, "XXXXXX____", "XXXXXX____", "XXXXXX____", "XXXXXX____")
	pat, err := ParsePattern([]string{"*p5"})
	if err != nil {
		t.Fatal(err)
	}
	seqs, err := Sequences(pat, 4, true)
	if err != nil {
		t.Fatal(err)
	}
	r := Rules{Hold: true}
	whole, err := Path(context.Background(), f, seqs, r, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(whole) < 5 {
		t.Fatalf("only %d solutions: the case tests too little", len(whole))
	}
	for _, n := range []int{1, 2, 5} {
		var parts [][]Solution
		for i := 0; i < n; i++ {
			lo, hi := Shard{i, n}.Range(len(seqs))
			sols, err := Path(context.Background(), f, seqs[lo:hi], r, 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			for j := range sols {
				for k := range sols[j].Sequences {
					sols[j].Sequences[k] += lo
				}
			}
			parts = append(parts, sols)
		}
		got, err := MergePaths(parts...)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, whole) {
			t.Errorf("%d shards merged differ from the whole: %d solutions, want %d", n, len(got), len(whole))
		}
		if n > 1 {
			if _, err := MergePaths(parts[0], parts[0]); err == nil {
				t.Error("merging a part with itself: no error")
			}
		}
		// A part that lists a sequence twice for one solution (a damaged
		// or hand-made shard) is refused, whether or not another part
		// has that solution.
		for _, p := range []int{0, n - 1} {
			bad := cloneParts(parts)
			s := &bad[p][0]
			s.Sequences = append(s.Sequences, s.Sequences[0])
			if _, err := MergePaths(bad...); err == nil {
				t.Errorf("%d shards, part %d lists sequence %d twice for a solution: no error", n, p, s.Sequences[0])
			}
		}
	}
}

func cloneParts(parts [][]Solution) [][]Solution {
	out := make([][]Solution, len(parts))
	for i, p := range parts {
		out[i] = make([]Solution, len(p))
		for j, s := range p {
			out[i][j] = Solution{Steps: s.Steps, Sequences: append([]int(nil), s.Sequences...)}
		}
	}
	return out
}
