package engine

// KickTable lists, for each piece and each (from, to) orientation pair, the
// offsets tried in order when the piece rotates. The first offset at which
// the turned piece fits is taken. A nil list means that turn is not allowed.
// Rotation systems are data: adding one means adding a table, not a branch.
type KickTable struct {
	Name  string
	kicks [L + 1][4][4][]Cell
}

// Kicks returns the offsets tried for turning piece p from orientation from
// to orientation to, in order.
func (t *KickTable) Kicks(p Piece, from, to Rotation) []Cell {
	return t.kicks[p][from&3][to&3]
}

// offsetsToKicks derives a kick table from an SRS offset table: the kick
// for from->to is offset[from] - offset[to], test by test (the way the
// guideline's SRS tables are generated).
func offsetsToKicks(offsets [4][]Cell, from, to Rotation) []Cell {
	a, b := offsets[from], offsets[to]
	out := make([]Cell, len(a))
	for i := range a {
		out[i] = Cell{a[i].X - b[i].X, a[i].Y - b[i].Y}
	}
	return out
}

// SRS offset data for J, L, S, T and Z (guideline SRS).
var jlstzOffsets = [4][]Cell{
	Rot0: {{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}},
	RotR: {{0, 0}, {1, 0}, {1, -1}, {0, 2}, {1, 2}},
	Rot2: {{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}},
	RotL: {{0, 0}, {-1, 0}, {-1, -1}, {0, 2}, {-1, 2}},
}

// SRS kicks for I with the box rotation used here; I's centre is not a cell,
// so its table is given directly rather than derived from offsets.
var iKicks = map[[2]Rotation][]Cell{
	{Rot0, RotR}: {{0, 0}, {-2, 0}, {1, 0}, {-2, -1}, {1, 2}},
	{RotR, Rot0}: {{0, 0}, {2, 0}, {-1, 0}, {2, 1}, {-1, -2}},
	{RotR, Rot2}: {{0, 0}, {-1, 0}, {2, 0}, {-1, 2}, {2, -1}},
	{Rot2, RotR}: {{0, 0}, {1, 0}, {-2, 0}, {1, -2}, {-2, 1}},
	{Rot2, RotL}: {{0, 0}, {2, 0}, {-1, 0}, {2, 1}, {-1, -2}},
	{RotL, Rot2}: {{0, 0}, {-2, 0}, {1, 0}, {-2, -1}, {1, 2}},
	{RotL, Rot0}: {{0, 0}, {1, 0}, {-2, 0}, {1, -2}, {-2, 1}},
	{Rot0, RotL}: {{0, 0}, {-1, 0}, {2, 0}, {-1, 2}, {2, -1}},
}

// Half-turn kicks of SRS+ (as in TETR.IO), used when 180 rotation is enabled.
var halfTurnKicks = [4][]Cell{
	Rot0: {{0, 0}, {0, 1}, {1, 1}, {-1, 1}, {1, 0}, {-1, 0}},
	RotR: {{0, 0}, {1, 0}, {1, 2}, {1, 1}, {0, 2}, {0, 1}},
	Rot2: {{0, 0}, {0, -1}, {-1, -1}, {1, -1}, {-1, 0}, {1, 0}},
	RotL: {{0, 0}, {-1, 0}, {-1, 2}, {-1, 1}, {0, 2}, {0, 1}},
}

// SRS is the guideline Super Rotation System, quarter turns only.
var SRS = buildSRS("SRS", false)

// SRSPlus is SRS with half turns (SRS+ 180 kicks).
var SRSPlus = buildSRS("SRS+", true)

// NoKicks turns pieces in place only (the classic rotation, as in
// HATETRIS-like rule sets): each turn tries the single offset (0, 0).
var NoKicks = func() *KickTable {
	t := &KickTable{Name: "none"}
	for _, p := range Pieces {
		for from := Rot0; from <= RotL; from++ {
			t.kicks[p][from][from.CW()] = []Cell{{0, 0}}
			t.kicks[p][from][from.CCW()] = []Cell{{0, 0}}
		}
	}
	return t
}()

func buildSRS(name string, halfTurns bool) *KickTable {
	t := &KickTable{Name: name}
	for _, p := range Pieces {
		for from := Rot0; from <= RotL; from++ {
			for _, to := range []Rotation{from.CW(), from.CCW()} {
				switch p {
				case I:
					t.kicks[p][from][to] = iKicks[[2]Rotation{from, to}]
				case O:
					t.kicks[p][from][to] = []Cell{{0, 0}} // O never kicks
				default:
					t.kicks[p][from][to] = offsetsToKicks(jlstzOffsets, from, to)
				}
			}
			if halfTurns {
				if p == O {
					t.kicks[p][from][from.Flip()] = []Cell{{0, 0}}
				} else {
					t.kicks[p][from][from.Flip()] = halfTurnKicks[from]
				}
			}
		}
	}
	return t
}
