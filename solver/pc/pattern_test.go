package pc

import (
	"slices"
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
)

func seqString(s []engine.Piece) string {
	var sb strings.Builder
	for _, p := range s {
		sb.WriteString(p.String())
	}
	return sb.String()
}

func allSeqs(p *Pattern) []string {
	var out []string
	p.Each(func(s []engine.Piece) bool {
		out = append(out, seqString(s))
		return true
	})
	return out
}

// The counts are solution-finder's "Searching pattern size (duplicate)"
// for the same patterns (checked with its percent command).
func TestParsePattern(t *testing.T) {
	tests := []struct {
		lines []string
		depth int
		count int
		first string // first sequence, or "" to skip
	}{
		{[]string{"T"}, 1, 1, "T"},
		{[]string{"t"}, 1, 1, "T"},
		{[]string{"*"}, 1, 7, "T"},
		{[]string{"*p7"}, 7, 5040, "TIJLSZO"},
		{[]string{"*P2"}, 2, 42, "TI"},
		{[]string{"*!"}, 7, 5040, "TIJLSZO"},
		{[]string{"*p 2"}, 2, 42, "TI"}, // the digit may follow a blank
		{[]string{"[TIO]"}, 1, 3, "T"},
		{[]string{"[OIT]"}, 1, 3, "T"},
		{[]string{"[TIO]p2"}, 2, 6, "TI"},
		{[]string{"[TIO]!"}, 3, 6, "TIO"},
		{[]string{"[^TIO]"}, 1, 4, "J"},
		{[]string{"[^TIO]p4"}, 4, 24, "JLSZ"},
		{[]string{"[^]"}, 1, 7, "T"},
		{[]string{"[T I]p2"}, 2, 2, "TI"},
		{[]string{"T,I,*p4"}, 6, 840, "TITIJL"},
		{[]string{"T I *p4"}, 6, 840, "TITIJL"},
		{[]string{"O # comment"}, 1, 1, "O"},
		{[]string{"'T,I'"}, 2, 1, "TI"},
		{[]string{"  T,I  "}, 2, 1, "TI"},
		{[]string{"T,I", "", "# note", "O,S"}, 2, 2, "TI"},
		{[]string{"T,I", "T,I"}, 2, 2, "TI"}, // duplicates are kept here
		{[]string{"ıſ"}, 2, 1, "IS"},         // Java upper-cases these to I and S
		{[]string{"*p٣"}, 3, 210, "TIJ"},     // any decimal digit, as Java's parseInt
		{[]string{"*p7,*p4"}, 11, 5040 * 840, ""},
	}
	for _, tc := range tests {
		p, err := ParsePattern(tc.lines)
		if err != nil {
			t.Errorf("%q: %v", tc.lines, err)
			continue
		}
		if p.Depth() != tc.depth || p.Count() != tc.count {
			t.Errorf("%q: depth %d count %d, want %d %d", tc.lines, p.Depth(), p.Count(), tc.depth, tc.count)
		}
		if tc.first == "" {
			continue
		}
		seqs := allSeqs(p)
		if len(seqs) != tc.count || seqs[0] != tc.first {
			t.Errorf("%q: %d sequences starting %q, want %d starting %q", tc.lines, len(seqs), seqs[0], tc.count, tc.first)
		}
	}
}

func TestParsePatternErrors(t *testing.T) {
	bad := [][]string{
		{""}, {"# only a comment"}, {"X"}, {"*p0"}, {"*p8"}, {"*p"}, {"* p2"}, {"*,p2"},
		{"*pa"}, {"[]"}, {"[TIO"}, {"T]"}, {"[T,I]"}, {"[TT]"}, {"[TIO]p4"}, {"[TIO] p2"},
		{"[^TIJLSZO]"}, {"[[T]]"}, {"[T#I]"}, {"T\tI"}, {"'"}, {"T", "T,I"}, {"*p7,*p7,*p7,*p7,*p7,*p7,*p7"},
		{"#Q=[](T)IJ"}, {"*p10"}, {"Tx"},
		{"[TIO]p0,T"}, // solution-finder counts it as no piece but emits all three
	}
	for _, lines := range bad {
		if p, err := ParsePattern(lines); err == nil {
			t.Errorf("%q: no error, %d sequences", lines, p.Count())
		}
	}
}

func FuzzParsePattern(f *testing.F) {
	for _, s := range []string{"T", "*p7", "T,I,*p4", "[^TIO]p2", "[TIO]!", "*!", "'T,I'\n*p2", "#x\nO"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			return // long inputs only repeat short ones, and can make many sequences
		}
		p, err := ParsePattern(strings.Split(s, "\n"))
		if err != nil {
			return
		}
		if p.Depth() < 0 || p.Depth() > MaxPatternDepth {
			t.Fatalf("depth %d", p.Depth())
		}
		want := p.Count()
		if want > 10000 {
			return
		}
		n := 0
		p.Each(func(seq []engine.Piece) bool {
			n++
			if len(seq) != p.Depth() {
				t.Fatalf("sequence %v of length %d, depth %d", seq, len(seq), p.Depth())
			}
			for _, x := range seq {
				if !x.Valid() {
					t.Fatalf("bad piece in %v", seq)
				}
			}
			return true
		})
		if n != want {
			t.Fatalf("%d sequences, Count says %d", n, want)
		}
	})
}

// TestSequencesOfACutPattern: Sequences walks the pattern cut to the
// pieces it keeps, and must give exactly what cutting every sequence of
// the whole pattern and dropping repeats gives, in the same order.
func TestSequencesOfACutPattern(t *testing.T) {
	for _, tc := range []struct {
		lines []string
		n     int
		hold  bool
	}{
		{[]string{"*p7,*p4"}, 10, true},
		{[]string{"T,I,*p4"}, 4, true},
		{[]string{"[TIO]p2,*p3", "*,*p4"}, 3, false},
		{[]string{"*p7,*p7"}, 6, true},
		{[]string{"[^TIO]p2,*!"}, 5, true},
	} {
		pat, err := ParsePattern(tc.lines)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Sequences(pat, tc.n, tc.hold)
		if err != nil {
			t.Fatal(err)
		}
		keep := tc.n
		if tc.hold && pat.Depth() > tc.n {
			keep++
		}
		var want [][]engine.Piece
		seen := map[uint64]bool{}
		pat.Each(func(seq []engine.Piece) bool {
			if k := seqCode(seq[:keep]); !seen[k] {
				seen[k] = true
				want = append(want, append([]engine.Piece(nil), seq[:keep]...))
			}
			return true
		})
		if len(got) != len(want) {
			t.Fatalf("%v: %d sequences, want %d", tc.lines, len(got), len(want))
		}
		for i := range got {
			if !slices.Equal(got[i], want[i]) {
				t.Fatalf("%v: sequence %d is %v, want %v", tc.lines, i, got[i], want[i])
			}
		}
	}
	// A pattern far longer than the field needs is not walked whole: it
	// makes 5040^5 sequences, and 840 distinct ones of 5 pieces.
	pat, err := ParsePattern([]string{"T,*p7,*p7,*p7,*p7,*p7"})
	if err != nil {
		t.Fatal(err)
	}
	if got, err := Sequences(pat, 4, true); err != nil || len(got) != 840 {
		t.Fatalf("%d sequences, %v; want 840", len(got), err)
	}
}

// TestSequencesCap: a pattern line with more distinct sequences than
// MaxSequences is refused before any is made (this one has 7^11 and
// would take minutes and gigabytes to list), and the sequences handed
// out do not share room: appending to one leaves the next alone.
func TestSequencesCap(t *testing.T) {
	pat, err := ParsePattern([]string{"*,*,*,*,*,*,*,*,*,*,*"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Sequences(pat, 10, true); err == nil || !strings.Contains(err.Error(), "1977326743 distinct sequences of 11 pieces") {
		t.Fatalf("got %v, want the count refused", err)
	}
	pat, err = ParsePattern([]string{"*p7"})
	if err != nil {
		t.Fatal(err)
	}
	seqs, err := Sequences(pat, 3, false)
	if err != nil || len(seqs) != 210 {
		t.Fatalf("%d sequences, %v", len(seqs), err)
	}
	next := slices.Clone(seqs[1])
	_ = append(seqs[0], engine.O)
	if !slices.Equal(seqs[1], next) {
		t.Fatalf("appending to the first sequence changed the second: %v, was %v", seqs[1], next)
	}
}
