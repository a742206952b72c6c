package draw

import (
	"strings"
	"testing"
)

func TestWrap(t *testing.T) {
	for _, tc := range []struct {
		s    string
		n    int
		want []string
	}{
		{"short", 10, []string{"short"}},
		{"two words here", 9, []string{"two words", "here"}},
		{"abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
	} {
		got := Wrap(tc.s, tc.n)
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("Wrap(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
		}
	}
}

// TestBatchRecordsQuads: a quad lands in the batch scaled and offset,
// and Flush empties the batch.
func TestBatchRecordsQuads(t *testing.T) {
	r := NewDry()
	r.Begin(nil, 2, 10, 20)
	r.Rect(1, 2, 3, 4, White)
	vs := r.Batch()
	if len(vs) != 4 || r.Batched() != 1 {
		t.Fatalf("%d vertices, %d quads", len(vs), r.Batched())
	}
	if tl, br := vs[0], vs[3]; tl.DstX != 12 || tl.DstY != 24 || br.DstX != 18 || br.DstY != 32 {
		t.Fatalf("quad at %v,%v..%v,%v; want 12,24..18,32 (scale 2, origin 10,20)", tl.DstX, tl.DstY, br.DstX, br.DstY)
	}
	r.Flush()
	if len(r.Batch()) != 0 || r.Quads != 1 || r.Flushes != 1 {
		t.Fatalf("after flush: %d vertices, %d quads, %d flushes", len(r.Batch()), r.Quads, r.Flushes)
	}
}
