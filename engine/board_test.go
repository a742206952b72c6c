package engine_test

import (
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
