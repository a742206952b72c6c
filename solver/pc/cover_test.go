package pc

import (
	"context"
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
