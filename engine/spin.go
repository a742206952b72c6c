package engine

// tCorners are the four corners of the T's 3x3 box; frontCorners[r] are
// the two on the side the T points to in orientation r.
var (
	tCorners     = [4]Cell{{0, 0}, {2, 0}, {0, 2}, {2, 2}}
	frontCorners = [4][2]Cell{
		Rot0: {{0, 2}, {2, 2}},
		RotR: {{2, 2}, {2, 0}},
		Rot2: {{0, 0}, {2, 0}},
		RotL: {{0, 0}, {0, 2}},
	}
)

// DetectSpin decides the T-spin kind of a T that is about to lock, by the
// guideline's three-corner rule: the last successful move was a rotation
// and at least three of the four corners around the T's centre are filled
// (walls and floor count). It is a mini unless both front corners are
// filled, and a rotation that took the fifth kick test (kick index 4) is
// always a full T-spin. kick is the index of the kick that the last
// rotation used.
func DetectSpin(b *Board, m Placed, lastWasRotation bool, kick int) Spin {
	if m.Piece != T || !lastWasRotation {
		return SpinNone
	}
	filled := 0
	for _, c := range tCorners {
		if b.Filled(m.X+int(c.X), m.Y+int(c.Y)) {
			filled++
		}
	}
	if filled < 3 {
		return SpinNone
	}
	front := 0
	for _, c := range frontCorners[m.Rot&3] {
		if b.Filled(m.X+int(c.X), m.Y+int(c.Y)) {
			front++
		}
	}
	if front == 2 || kick == 4 {
		return SpinFull
	}
	return SpinMini
}

// Rotate tries to turn the piece from m.Rot to the orientation to, testing
// the kick table's offsets in order. It returns the turned piece, the index
// of the kick that worked and true, or m, -1 and false.
func Rotate(b *Board, kicks *KickTable, m Placed, to Rotation) (Placed, int, bool) {
	for i, k := range kicks.Kicks(m.Piece, m.Rot, to) {
		n := Placed{Piece: m.Piece, Rot: to, X: m.X + int(k.X), Y: m.Y + int(k.Y)}
		if b.Fits(n) {
			return n, i, true
		}
	}
	return m, -1, false
}

// spawnColumns is how many columns each piece spans in orientation 0.
var spawnColumns = [...]int{I: 4, O: 2, T: 3, S: 3, Z: 3, J: 3, L: 3}

// SpawnPosition is where a piece enters: orientation 0, centred (J L S T Z
// in columns 3..5, I in 3..6, O in 4..5 on a 10-wide board), its lowest
// cells in row spawnRow, the row just above the visible field.
func SpawnPosition(p Piece, width, spawnRow int) Placed {
	m := Placed{Piece: p, Rot: Rot0, X: (width - spawnColumns[p]) / 2, Y: spawnRow}
	m.Y -= m.Bottom() - spawnRow
	return m
}
