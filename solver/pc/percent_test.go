package pc

import (
	"context"
	"testing"
)

func percentOf(t testing.TB, field, pattern string, lines int, r Rules) (ok, total int) {
	t.Helper()
	f, err := ParseFumen(field, lines)
	if err != nil {
		t.Fatal(err)
	}
	pat, err := ParsePattern([]string{pattern})
	if err != nil {
		t.Fatal(err)
	}
	n, err := f.Pieces()
	if err != nil {
		t.Fatal(err)
	}
	seqs, err := Sequences(pat, n, r.Hold)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Percent(context.Background(), f, seqs, r, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range res {
		if v {
			ok++
		}
	}
	return ok, len(res)
}

// solution-finder's answers (docs/pc.md has the commands).
var referenceCases = []struct {
	field, pattern string
	ok, total      int
}{
	{"v115@9gD8FeD8FeD8FeD8PeAgH", "*p7", 5040, 5040},
	{"m115@EhC8HeD8DeF8EeC8JeAgH", "*p7", 4374, 5040},
	{"d115@9gA8IeD8FeE8EeF8NeAgWBAUAAAA", "*p7", 4636, 5040},
	{"v115@9gA8DeA8DeB8BeB8DeB8BeB8DeF8NeAgH", "T,I,O,*p4", 742, 840},
}

func TestPercentReference(t *testing.T) {
	for _, tc := range referenceCases {
		ok, total := percentOf(t, tc.field, tc.pattern, 4, Rules{Hold: true})
		if ok != tc.ok || total != tc.total {
			t.Errorf("%s %s: %d/%d, want %d/%d", tc.field, tc.pattern, ok, total, tc.ok, tc.total)
		}
	}
}

func BenchmarkPercentReference(b *testing.B) {
	for _, tc := range referenceCases {
		b.Run(tc.field[:8]+"/"+tc.pattern, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				percentOf(b, tc.field, tc.pattern, 4, Rules{Hold: true})
			}
		})
	}
}

func BenchmarkPath(b *testing.B) {
	f, _ := ParseFumen("v115@9gD8FeD8FeD8FeD8PeAgH", 4)
	pat, _ := ParsePattern([]string{"*p7"})
	seqs, _ := Sequences(pat, 6, true)
	for i := 0; i < b.N; i++ {
		sols, err := Path(context.Background(), f, seqs, Rules{Hold: true}, 0, nil)
		if err != nil || len(sols) != 245 {
			b.Fatal(len(sols), err)
		}
	}
}

// BenchmarkPercentEmpty10 is the first 24 sequences of the empty field's
// T,I,L,J,S,Z,O,*p4 (ten pieces, hold).
func BenchmarkPercentEmpty10(b *testing.B) {
	f, _ := ParseFumen("v115@vhAAgH", 4)
	pat, _ := ParsePattern([]string{"T,I,L,J,S,Z,O,*p4"})
	seqs, _ := Sequences(pat, 10, true)
	seqs = seqs[:24]
	for i := 0; i < b.N; i++ {
		res, err := Percent(context.Background(), f, seqs, Rules{Hold: true}, 0, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, ok := range res {
			if !ok {
				b.Fatal("a sequence failed")
			}
		}
	}
}

func TestPercentSixLinesOfO(t *testing.T) {
	// Fifteen O pieces and one more in the queue: more of a kind than the
	// multiset memo holds. (Fifteen I pieces cannot tile 6 x 10.)
	f := Field{Height: 6}
	pat, err := ParsePattern([]string{"O,O,O,O,O,O,O,O,O,O,O,O,O,O,O,O"})
	if err != nil {
		t.Fatal(err)
	}
	seqs, err := Sequences(pat, 15, true)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Percent(context.Background(), f, seqs, Rules{Hold: true}, 0, nil)
	if err != nil || len(res) != 1 || !res[0] {
		t.Fatalf("got %v, %v; want one clearing sequence", res, err)
	}
}

// BenchmarkPercentEmpty10All is the whole empty-field row of docs/pc.md:
// T,I,L,J,S,Z,O,*p4, 840 sequences of ten pieces with hold (about half a
// minute of CPU).
func BenchmarkPercentEmpty10All(b *testing.B) {
	for i := 0; i < b.N; i++ {
		ok, total := percentOf(b, "v115@vhAAgH", "T,I,L,J,S,Z,O,*p4", 4, Rules{Hold: true})
		if ok != 840 || total != 840 {
			b.Fatalf("%d/%d, want 840/840", ok, total)
		}
	}
}
