package engine_test

import (
	"fmt"
	"testing"

	"github.com/kocka/kocka/engine"
)

// The published SRS wall-kick data (guideline; y up, as on the SRS
// reference tables), kept here independently of the engine's own tables so
// that a slip in either shows up.
var publishedJLSTZ = map[string][5][2]int{
	"0>R": {{0, 0}, {-1, 0}, {-1, +1}, {0, -2}, {-1, -2}},
	"R>0": {{0, 0}, {+1, 0}, {+1, -1}, {0, +2}, {+1, +2}},
	"R>2": {{0, 0}, {+1, 0}, {+1, -1}, {0, +2}, {+1, +2}},
	"2>R": {{0, 0}, {-1, 0}, {-1, +1}, {0, -2}, {-1, -2}},
	"2>L": {{0, 0}, {+1, 0}, {+1, +1}, {0, -2}, {+1, -2}},
	"L>2": {{0, 0}, {-1, 0}, {-1, -1}, {0, +2}, {-1, +2}},
	"L>0": {{0, 0}, {-1, 0}, {-1, -1}, {0, +2}, {-1, +2}},
	"0>L": {{0, 0}, {+1, 0}, {+1, +1}, {0, -2}, {+1, -2}},
}

var publishedI = map[string][5][2]int{
	"0>R": {{0, 0}, {-2, 0}, {+1, 0}, {-2, -1}, {+1, +2}},
	"R>0": {{0, 0}, {+2, 0}, {-1, 0}, {+2, +1}, {-1, -2}},
	"R>2": {{0, 0}, {-1, 0}, {+2, 0}, {-1, +2}, {+2, -1}},
	"2>R": {{0, 0}, {+1, 0}, {-2, 0}, {+1, -2}, {-2, +1}},
	"2>L": {{0, 0}, {+2, 0}, {-1, 0}, {+2, +1}, {-1, -2}},
	"L>2": {{0, 0}, {-2, 0}, {+1, 0}, {-2, -1}, {+1, +2}},
	"L>0": {{0, 0}, {+1, 0}, {-2, 0}, {+1, -2}, {-2, +1}},
	"0>L": {{0, 0}, {-1, 0}, {+2, 0}, {-1, +2}, {+2, -1}},
}

func mustRot(t *testing.T, s string) engine.Rotation {
	t.Helper()
	r, err := engine.ParseRotation(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestEveryKickCase checks each kick of each published table through
// engine.Rotate: the board is filled everywhere except under the piece and
// under the target of kick k, so kicks 0..k-1 fail and kick k must be taken.
func TestEveryKickCase(t *testing.T) {
	tables := []struct {
		pieces []engine.Piece
		table  map[string][5][2]int
	}{
		{[]engine.Piece{engine.J, engine.L, engine.S, engine.T, engine.Z}, publishedJLSTZ},
		{[]engine.Piece{engine.I}, publishedI},
	}
	checked, indistinct := 0, 0
	for _, tb := range tables {
		for _, p := range tb.pieces {
			for turn, kicks := range tb.table {
				from, to := mustRot(t, turn[:1]), mustRot(t, turn[2:])
				for k := range kicks {
					name := fmt.Sprintf("%v %s kick %d", p, turn, k)
					start := engine.Placed{Piece: p, Rot: from, X: 6, Y: 10}
					want := engine.Placed{Piece: p, Rot: to, X: 6 + kicks[k][0], Y: 10 + kicks[k][1]}
					b := engine.NewBoard(16, 30)
					open := map[engine.Cell]bool{}
					for _, c := range start.Cells() {
						open[c] = true
					}
					for _, c := range want.Cells() {
						open[c] = true
					}
					for y := 0; y < b.Height; y++ {
						for x := 0; x < b.Width; x++ {
							if !open[engine.Cell{X: int8(x), Y: int8(y)}] {
								b.Set(x, y, engine.Z)
							}
						}
					}
					// Skip cases where an earlier kick lands inside the same open cells:
					// no board can tell them apart.
					earlierFits := false
					for i := 0; i < k; i++ {
						if b.Fits(engine.Placed{Piece: p, Rot: to, X: 6 + kicks[i][0], Y: 10 + kicks[i][1]}) {
							earlierFits = true
						}
					}
					if earlierFits {
						indistinct++
						continue
					}
					got, idx, ok := engine.Rotate(b, engine.SRS, start, to)
					if !ok || got != want || idx != k {
						t.Errorf("%s: got %+v kick %d ok %v, want %+v", name, got, idx, ok, want)
					}
					checked++
				}
			}
		}
	}
	if checked < 180 {
		t.Errorf("only %d kick cases were distinguishable (%d not)", checked, indistinct)
	}
	t.Logf("%d kick cases checked, %d indistinguishable", checked, indistinct)
}

func TestRotationBlockedEverywhere(t *testing.T) {
	b := engine.NewBoard(10, 40)
	start := engine.Placed{Piece: engine.T, Rot: engine.Rot0, X: 3, Y: 5}
	for y := 0; y < 40; y++ {
		for x := 0; x < 10; x++ {
			b.Set(x, y, engine.Z)
		}
	}
	for _, c := range start.Cells() {
		b.Set(int(c.X), int(c.Y), engine.None)
	}
	if _, _, ok := engine.Rotate(b, engine.SRS, start, engine.RotR); ok {
		t.Fatal("a piece sealed in turned")
	}
}

func TestONeverMoves(t *testing.T) {
	b := engine.NewBoard(10, 40)
	start := engine.Placed{Piece: engine.O, Rot: engine.Rot0, X: 0, Y: 0}
	for _, to := range []engine.Rotation{engine.RotR, engine.RotL} {
		got, k, ok := engine.Rotate(b, engine.SRS, start, to)
		if !ok || k != 0 || got.Cells() != start.Cells() {
			t.Errorf("O turning to %v: %+v %d %v; want the same cells in place", to, got, k, ok)
		}
	}
}

// Realistic cases at walls and floor, given as boards.
func TestKickScenes(t *testing.T) {
	cases := []struct {
		name  string
		rows  []string
		start engine.Placed
		to    engine.Rotation
		want  engine.Placed
		kick  int
	}{
		{
			name:  "I vertical at the left wall turns flat, kicked right",
			start: engine.Placed{Piece: engine.I, Rot: engine.RotL, X: -1, Y: 0},
			to:    engine.Rot0, // L>0: (0,0) would stick out of the wall; (+1,0) fits
			want:  engine.Placed{Piece: engine.I, Rot: engine.Rot0, X: 0, Y: 0},
			kick:  1,
		},
		{
			name:  "I vertical at the right wall turns flat, kicked left",
			start: engine.Placed{Piece: engine.I, Rot: engine.RotR, X: 7, Y: 0},
			to:    engine.Rot2, // R>2: (0,0) sticks out of the right wall, (-1,0) fits
			want:  engine.Placed{Piece: engine.I, Rot: engine.Rot2, X: 6, Y: 0},
			kick:  1,
		},
		{
			name:  "T on the floor turning in place",
			start: engine.Placed{Piece: engine.T, Rot: engine.Rot0, X: 3, Y: -1},
			to:    engine.RotR, // 0>R (0,0): R occupies y..y+2, would hit the floor at y=-1
			want:  engine.Placed{Piece: engine.T, Rot: engine.RotR, X: 2, Y: 0},
			kick:  2,
		},
		{
			name: "T-spin triple: the (-1,-2) fifth kick",
			rows: []string{
				"XXX.......",
				"XX........",
				"XX.XXXXXXX",
				"XX..XXXXXX",
				"XX.XXXXXXX",
			},
			// 0>R: (0,0) hits row 2, (-1,0) and (-1,+1) hit the overhang,
			// (0,-2) hits row 0; (-1,-2) drops the T into the slot.
			start: engine.Placed{Piece: engine.T, Rot: engine.Rot0, X: 2, Y: 2},
			to:    engine.RotR,
			want:  engine.Placed{Piece: engine.T, Rot: engine.RotR, X: 1, Y: 0},
			kick:  4,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := engine.ParseBoard(10, 40, c.rows, engine.Z)
			if err != nil {
				t.Fatal(err)
			}
			if !b.Fits(c.start) {
				t.Fatalf("start %+v does not fit", c.start)
			}
			got, kick, ok := engine.Rotate(b, engine.SRS, c.start, c.to)
			if !ok || got != c.want || kick != c.kick {
				t.Errorf("got %+v kick %d ok %v, want %+v kick %d", got, kick, ok, c.want, c.kick)
			}
		})
	}
}
