package engine_test

import (
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
)

// DropDistance must agree with stepping down one row at a time with Fits,
// for every piece, rotation and column on many random boards.
func TestDropDistanceMatchesStepping(t *testing.T) {
	rng := engine.NewRNG(4)
	for n := 0; n < 300; n++ {
		b := engine.NewBoard(10, 40)
		for y := 0; y < 12; y++ {
			for x := 0; x < 10; x++ {
				if rng.Intn(3) == 0 {
					b.Set(x, y, engine.Z)
				}
			}
		}
		for _, p := range engine.Pieces {
			for r := engine.Rot0; r <= engine.RotL; r++ {
				for x := -2; x < 10; x++ {
					m := engine.Placed{Piece: p, Rot: r, X: x, Y: 18 + rng.Intn(4)}
					want := 0
					if b.Fits(m) {
						for b.Fits(m.Moved(0, -want-1)) {
							want++
						}
					}
					if got := b.DropDistance(m); got != want {
						t.Fatalf("%+v: DropDistance %d, stepping %d\n%s", m, got, want, b)
					}
				}
			}
		}
	}
}

// TestParseBoard is the one text form of a board: '.' and '_' empty, a
// piece letter that piece, anything else (a space included) filled; the
// same as kocka movegen's contract, which once differed on the space.
func TestParseBoard(t *testing.T) {
	tests := []struct {
		name  string
		rows  []string
		err   string
		cells map[[2]int]engine.Piece // filled cells; the rest must be empty
	}{
		{"dots and underscores are empty", []string{"..........", "__________"}, "", nil},
		{"a space is filled", []string{"    ......"}, "", map[[2]int]engine.Piece{{0, 0}: engine.Z, {1, 0}: engine.Z, {2, 0}: engine.Z, {3, 0}: engine.Z}},
		{"piece letters keep their kind", []string{"TI#X......", ".........L"}, "", map[[2]int]engine.Piece{{0, 1}: engine.T, {1, 1}: engine.I, {2, 1}: engine.Z, {3, 1}: engine.Z, {9, 0}: engine.L}},
		{"wide characters count once", []string{"█.........", "é........."}, "", map[[2]int]engine.Piece{{0, 1}: engine.Z, {0, 0}: engine.Z}},
		{"the last row is y = 0", []string{"#.........", ".#........"}, "", map[[2]int]engine.Piece{{0, 1}: engine.Z, {1, 0}: engine.Z}},
		{"short row", []string{"........."}, "field row 1 is 9 characters wide, want 10", nil},
		{"long row", []string{"..........", "..........."}, "field row 2 is 11 characters wide, want 10", nil},
		{"too many rows", make([]string, 41), "field has 41 rows, more than 40", nil},
	}
	for _, tc := range tests {
		b, err := engine.ParseBoard(10, 40, tc.rows, engine.Z)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		for y := range 40 {
			for x := range 10 {
				if got, want := b.At(x, y), tc.cells[[2]int{x, y}]; got != want {
					t.Errorf("%s: cell (%d,%d) is %v, want %v", tc.name, x, y, got, want)
				}
			}
		}
	}
	if _, err := engine.ParseBoard(99, 40, nil, engine.Z); err == nil {
		t.Error("a 99-wide board was accepted")
	}
}

// FuzzParseBoard: any text is a board or an error, never a panic, and a
// board drawn by String reads back the same.
func FuzzParseBoard(f *testing.F) {
	f.Add("..........\nTI#X .....")
	f.Add("█.........")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := engine.ParseBoard(10, 40, strings.Split(text, "\n"), engine.Z)
		if err != nil {
			return
		}
		again, err := engine.ParseBoard(10, 40, strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n"), engine.Z)
		if b.StackHeight() == 0 {
			return
		}
		if err != nil || again.String() != b.String() {
			t.Fatalf("%q read back as %v, %q", b.String(), err, again)
		}
	})
}
