package pc

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"testing"
)

func TestMinCoverSmall(t *testing.T) {
	// Sets {0,1,2}, {2,3}, {3,4,5}, {0,3}, {1,4}: the minimum is {0,1,2} + {3,4,5}.
	mk := func(qs ...int) Solution { return Solution{Steps: []Step{{}}, Sequences: qs} }
	sols := []Solution{mk(0, 1, 2), mk(2, 3), mk(3, 4, 5), mk(0, 3), mk(1, 4)}
	cover, proven := MinCover(sols, 0)
	if !proven || len(cover) != 2 || cover[0] != 0 || cover[1] != 2 {
		t.Errorf("cover %v proven %v, want [0 2] proven", cover, proven)
	}
}

func TestMinCoverReference(t *testing.T) {
	f, _ := ParseFumen("v115@9gD8FeD8FeD8FeD8PeAgH", 4)
	pat, _ := ParsePattern([]string{"*p7"})
	seqs, _ := Sequences(pat, 6, true)
	sols, err := Path(context.Background(), f, seqs, Rules{Hold: true}, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	cover, proven := MinCover(sols, 0)
	covered := map[int]bool{}
	for _, i := range cover {
		for _, q := range sols[i].Sequences {
			covered[q] = true
		}
	}
	if len(covered) != len(seqs) {
		t.Errorf("the cover builds %d of %d sequences", len(covered), len(seqs))
	}
	if minimal := len(MinimalSF(sols)); len(cover) > minimal {
		t.Errorf("cover of %d, more than solution-finder's minimal %d", len(cover), minimal)
	}
	t.Logf("minimum cover %d (proven %v), solution-finder's minimal %d, unique %d", len(cover), proven, len(MinimalSF(sols)), len(sols))
}

// On random small instances MinCover proves the same size as trying every
// subset of the solutions.
func TestMinCoverAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 300; trial++ {
		nsols, nseq := 2+r.IntN(10), 1+r.IntN(24)
		sols := make([]Solution, nsols)
		for i := range sols {
			sols[i].Steps = []Step{{}}
			for q := 0; q < nseq; q++ {
				if r.IntN(3) == 0 {
					sols[i].Sequences = append(sols[i].Sequences, q)
				}
			}
		}
		want := map[int]bool{}
		for _, s := range sols {
			for _, q := range s.Sequences {
				want[q] = true
			}
		}
		best := nsols + 1
		for mask := 0; mask < 1<<nsols; mask++ {
			got := map[int]bool{}
			for i := range sols {
				if mask>>i&1 == 1 {
					for _, q := range sols[i].Sequences {
						got[q] = true
					}
				}
			}
			if len(got) == len(want) {
				best = min(best, bits.OnesCount(uint(mask)))
			}
		}
		cover, proven := MinCover(sols, 0)
		got := map[int]bool{}
		for _, i := range cover {
			for _, q := range sols[i].Sequences {
				got[q] = true
			}
		}
		if !proven || len(cover) != best || len(got) != len(want) {
			t.Fatalf("trial %d: cover %v (proven %v) covers %d of %d; the smallest has %d", trial, cover, proven, len(got), len(want), best)
		}
	}
}
