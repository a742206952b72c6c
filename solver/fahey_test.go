package solver

import (
	"testing"

	"github.com/kocka/kocka/engine"
)

// TestFaheyPose: placements worked by hand from Fahey's offset table
// (STPiece.GetCellOffsetXYForShape) and his priority (spawn column 1 +
// width/2 from 1, that is 5 from 0 at width 10).
func TestFaheyPose(t *testing.T) {
	cases := []struct {
		name        string
		p           engine.Placed
		col, orient int
		priority    int
	}{
		// SRS's T points up; Fahey's orientation 1 points down, his 3 up,
		// origin the middle of the three: one column left of spawn.
		{"T up", engine.Placed{Piece: engine.T, Rot: engine.Rot0, X: 3}, 4, 3, 100 + 10 - 2},
		// His flat I's origin is its third cell from the left.
		{"I flat left", engine.Placed{Piece: engine.I, Rot: engine.Rot0, X: 0}, 2, 1, 300 + 10},
		{"I flat right", engine.Placed{Piece: engine.I, Rot: engine.Rot0, X: 6}, 8, 1, 300},
		// SRS's vertical I is in its box's column 2.
		{"I upright left wall", engine.Placed{Piece: engine.I, Rot: engine.RotR, X: -2}, 0, 2, 500 + 10 - 1},
		{"I upright right wall", engine.Placed{Piece: engine.I, Rot: engine.RotL, X: 8}, 9, 2, 400 - 1},
		// His O's origin is its right column.
		{"O at spawn", engine.Placed{Piece: engine.O, Rot: engine.Rot0, X: 4}, 5, 1, 0},
		{"O one left", engine.Placed{Piece: engine.O, Rot: engine.Rot2, X: 3}, 4, 1, 100 + 10},
		{"O right wall", engine.Placed{Piece: engine.O, Rot: engine.Rot0, X: 8}, 9, 1, 400},
		// His flat S's origin is its top-left cell.
		{"S flat", engine.Placed{Piece: engine.S, Rot: engine.Rot0, X: 0}, 1, 1, 400 + 10},
		// His J's orientation 2 is upright with a cell top right, SRS's R.
		{"J upright left wall", engine.Placed{Piece: engine.J, Rot: engine.RotR, X: -1}, 0, 2, 500 + 10 - 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			col, orient := FaheyPose(c.p)
			if col != c.col || orient != c.orient {
				t.Errorf("FaheyPose = column %d orientation %d, want %d %d", col, orient, c.col, c.orient)
			}
			if got := dellacheriePriority(c.p, 10); got != c.priority {
				t.Errorf("priority %d, want %d", got, c.priority)
			}
		})
	}
}

// TestFaheyPoseCoversSameCells: for every piece, rotation and column,
// Fahey's offsets placed at the pose FaheyPose gives cover the piece's
// cells (up to a shift in rows, which the drop decides).
func TestFaheyPoseCoversSameCells(t *testing.T) {
	for p := engine.I; p <= engine.L; p++ {
		for r := engine.Rot0; r <= engine.RotL; r++ {
			for x := -3; x < 10; x++ {
				pl := engine.Placed{Piece: p, Rot: r, X: x}
				col, orient := FaheyPose(pl)
				if orient < 1 || orient > len(faheyOffsets[p]) {
					t.Fatalf("%v: orientation %d of %d", pl, orient, len(faheyOffsets[p]))
				}
				offs := faheyCells(faheyOffsets[p][orient-1])
				for i := range offs {
					offs[i].X += int8(col)
				}
				kx, _, kc := normalized(pl.Cells())
				fx, _, fc := normalized(offs)
				if kx != fx || kc != fc {
					t.Errorf("%v: Fahey's cells at column %d orientation %d differ", pl, col, orient)
				}
			}
		}
	}
}
