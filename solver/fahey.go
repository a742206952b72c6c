package solver

import (
	"fmt"

	"github.com/kocka/kocka/engine"
)

// Colin Fahey's Standard Tetris describes a piece by an origin cell and an
// orientation numbered from 1, each orientation a list of cell offsets
// from the origin (y up). Dellacherie's tie-break, as his code states it,
// is written in those terms: it measures how far the origin moved from
// the spawn column (1 + width/2, counting columns from 1) and how many
// orientations past the first the piece is in. So that Kocka's placements
// break ties as his do, each of Kocka's orientations is mapped to the
// Fahey orientation that covers the same cells, and to the column of its
// origin.

// faheyOffsets are Fahey's cell offsets from the origin (x right, y up),
// orientation 1 first. His O has one orientation, his I, S and Z two.
// Orientation 1 of the J, L and T points down (the flat side up).
var faheyOffsets = [engine.L + 1][][4][2]int8{
	engine.O: {{{-1, -1}, {0, -1}, {0, 0}, {-1, 0}}},
	engine.I: {
		{{-2, 0}, {-1, 0}, {0, 0}, {1, 0}},
		{{0, -2}, {0, -1}, {0, 0}, {0, 1}},
	},
	engine.S: {
		{{-1, -1}, {0, -1}, {0, 0}, {1, 0}},
		{{1, -1}, {0, 0}, {1, 0}, {0, 1}},
	},
	engine.Z: {
		{{0, -1}, {1, -1}, {-1, 0}, {0, 0}},
		{{0, -1}, {0, 0}, {1, 0}, {1, 1}},
	},
	engine.L: {
		{{-1, -1}, {-1, 0}, {0, 0}, {1, 0}},
		{{0, -1}, {1, -1}, {0, 0}, {0, 1}},
		{{-1, 0}, {0, 0}, {1, 0}, {1, 1}},
		{{0, -1}, {0, 0}, {-1, 1}, {0, 1}},
	},
	engine.J: {
		{{1, -1}, {-1, 0}, {0, 0}, {1, 0}},
		{{0, -1}, {0, 0}, {0, 1}, {1, 1}},
		{{-1, 0}, {0, 0}, {1, 0}, {-1, 1}},
		{{-1, -1}, {0, -1}, {0, 0}, {0, 1}},
	},
	engine.T: {
		{{0, -1}, {-1, 0}, {0, 0}, {1, 0}},
		{{0, -1}, {0, 0}, {1, 0}, {0, 1}},
		{{-1, 0}, {0, 0}, {1, 0}, {0, 1}},
		{{0, -1}, {-1, 0}, {0, 0}, {0, 1}},
	},
}

// faheyPose is, for one of Kocka's orientations, the Fahey orientation
// (from 1) covering the same cells, and the origin's column less the
// box's column (Placed.X).
type faheyPose struct{ orient, dx int }

// faheyPoses maps every piece and rotation; built once, and the build
// panics if some orientation has no Fahey twin (a table error).
var faheyPoses = buildFaheyPoses()

func buildFaheyPoses() (out [engine.L + 1][4]faheyPose) {
	for p := engine.I; p <= engine.L; p++ {
		for r := engine.Rot0; r <= engine.RotL; r++ {
			kx, _, kc := normalized(engine.Shape(p, r))
			found := false
			for o, offs := range faheyOffsets[p] {
				fx, _, fc := normalized(faheyCells(offs))
				if fc == kc {
					// A cell at box column kx is at origin offset fx.
					out[p][r] = faheyPose{orient: o + 1, dx: kx - fx}
					found = true
					break
				}
			}
			if !found {
				panic(fmt.Sprintf("solver: no Fahey orientation covers %v in rotation %d", p, r))
			}
		}
	}
	return out
}

// faheyCells turns a row of the offset table into cells.
func faheyCells(offs [4][2]int8) (cells [4]engine.Cell) {
	for i, o := range offs {
		cells[i] = engine.Cell{X: o[0], Y: o[1]}
	}
	return cells
}

// normalized returns the lowest column and row of the cells, and the set
// of cells moved so that both are 0, as a 4x4 bit mask.
func normalized(cells [4]engine.Cell) (minX, minY int, mask uint16) {
	minX, minY = 99, 99 // above any offset of either table
	for _, c := range cells {
		minX, minY = min(minX, int(c.X)), min(minY, int(c.Y))
	}
	for _, c := range cells {
		mask |= 1 << uint((int(c.Y)-minY)*4+int(c.X)-minX)
	}
	return minX, minY, mask
}

// FaheyPose returns where Fahey's code would hold placement p: the
// origin's column (from 0) and the orientation (from 1).
func FaheyPose(p engine.Placed) (column, orient int) {
	f := faheyPoses[p.Piece][p.Rot&3]
	return p.X + f.dx, f.orient
}
