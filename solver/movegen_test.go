package solver

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
)

// board parses rows (top first) into a 10x40 board.
func board(t testing.TB, rows ...string) *engine.Board {
	t.Helper()
	b, err := engine.ParseBoard(10, 40, rows, engine.I)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// replay plays path through the engine's own rules from spawn, the way the
// game does, and returns where the piece ends and the spin it locks with.
func replay(b *engine.Board, p engine.Piece, opt Options, path []Move) (engine.Placed, engine.Spin, error) {
	kicks := opt.Kicks
	if kicks == nil {
		kicks = engine.SRS
	}
	row := opt.SpawnRow
	if row == 0 {
		row = b.Height - 20
		if b.Height <= 20 {
			row = b.Height
		}
	}
	m := engine.SpawnPosition(p, b.Width, row)
	if !b.Fits(m) {
		return m, 0, fmt.Errorf("spawn blocked")
	}
	if b.Fits(m.Moved(0, -1)) {
		m.Y--
	}
	lastRot, kick := false, -1
	fall := func() {
		if d := b.DropDistance(m); d > 0 {
			m.Y -= d
			lastRot = false
		}
	}
	if opt.Mode == Mode20G {
		fall()
	}
	for k, mv := range path {
		switch mv {
		case MoveLeft, MoveRight, MoveDown:
			n := map[Move]engine.Placed{MoveLeft: m.Moved(-1, 0), MoveRight: m.Moved(1, 0), MoveDown: m.Moved(0, -1)}[mv]
			if !b.Fits(n) {
				return m, 0, fmt.Errorf("move %d (%v) is blocked", k, mv)
			}
			m, lastRot = n, false
		case MoveSonic:
			d := b.DropDistance(m)
			if d == 0 {
				return m, 0, fmt.Errorf("move %d (sonic) drops no row", k)
			}
			m.Y -= d
			lastRot = false
		case MoveCW, MoveCCW, Move180:
			to := map[Move]engine.Rotation{MoveCW: m.Rot.CW(), MoveCCW: m.Rot.CCW(), Move180: m.Rot.Flip()}[mv]
			if kicks.Kicks(p, m.Rot, to) == nil {
				return m, 0, fmt.Errorf("move %d (%v) is not in the kick table", k, mv)
			}
			n, kk, ok := engine.Rotate(b, kicks, m, to)
			if !ok {
				return m, 0, fmt.Errorf("move %d (%v) fails", k, mv)
			}
			m, lastRot, kick = n, true, kk
		default:
			return m, 0, fmt.Errorf("move %d: unknown %v", k, mv)
		}
		if opt.Mode == Mode20G {
			fall()
		}
	}
	if !b.Grounded(m) {
		return m, 0, fmt.Errorf("the path ends in the air at %+v", m)
	}
	return m, engine.DetectSpin(b, m, lastRot, kick), nil
}

// checkPaths replays every placement's path and checks it ends there with
// that spin.
func checkPaths(t *testing.T, b *engine.Board, p engine.Piece, opt Options, got []Placement) {
	t.Helper()
	for _, pl := range got {
		m, spin, err := replay(b, p, opt, pl.Path)
		if err != nil {
			t.Fatalf("%v path %v to %+v: %v\n%s", p, pl.Path, pl.Placed, err, b)
		}
		if m != pl.Placed || spin != pl.Spin {
			t.Fatalf("%v path %v ends at %+v spin %v, want %+v spin %v\n%s", p, pl.Path, m, spin, pl.Placed, pl.Spin, b)
		}
		if opt.Mode == ModeDrop {
			checkDropPath(t, pl.Path)
		}
	}
}

// checkDropPath checks a ModeDrop path: turns, then shifts one way, then at
// most a drop.
func checkDropPath(t *testing.T, path []Move) {
	t.Helper()
	stage := 0
	for _, mv := range path {
		s := 0 // a turn
		switch mv {
		case MoveLeft, MoveRight:
			s = 1
		case MoveSonic:
			s = 2
		case MoveDown:
			s = 3
		}
		if s < stage || s == 3 {
			t.Fatalf("drop path %v is not turns, shifts, drop", path)
		}
		stage = s
	}
}

// sameResult checks that Generate and the oracle agree: the same placements
// and spins in the same order, paths of the same lengths.
func sameResult(t *testing.T, what string, got, want []Placement) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d placements, oracle %d\ngot  %s\nwant %s", what, len(got), len(want), dump(got), dump(want))
	}
	for i := range got {
		if got[i].Placed != want[i].Placed || got[i].Spin != want[i].Spin || len(got[i].Path) != len(want[i].Path) {
			t.Fatalf("%s: placement %d is %+v %v %v, oracle %+v %v %v\ngot  %s\nwant %s", what, i,
				got[i].Placed, got[i].Spin, got[i].Path, want[i].Placed, want[i].Spin, want[i].Path, dump(got), dump(want))
		}
	}
}

func dump(ps []Placement) string {
	var sb strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&sb, "%v%v(%d,%d)%v/%d ", p.Piece, p.Rot, p.X, p.Y, p.Spin, len(p.Path))
	}
	return sb.String()
}

func TestEmptyBoardCounts(t *testing.T) {
	// Columns per orientation on an empty 10-wide board: T, J, L 8+9+8+9;
	// S, Z 8+9 and I 7+10 (their other two orientations repeat the cells);
	// O 9.
	want := map[engine.Piece]int{engine.T: 34, engine.J: 34, engine.L: 34, engine.S: 17, engine.Z: 17, engine.I: 17, engine.O: 9}
	// 10x40 is the guideline board (20 rows visible); a 10x20 board has no
	// hidden rows, and the piece spawns just above it.
	for _, b := range []*engine.Board{engine.NewBoard(10, 40), engine.NewBoard(10, 20)} {
		for _, mode := range []Mode{ModeFull, ModeDrop, Mode20G} {
			for _, kicks := range []*engine.KickTable{engine.SRS, engine.SRSPlus} {
				for _, p := range engine.Pieces {
					opt := Options{Mode: mode, Kicks: kicks}
					got := Generate(b, p, opt)
					if len(got) != want[p] {
						t.Errorf("%dx%d %v %v %v: %d placements, want %d: %s", b.Width, b.Height, mode, kicks.Name, p, len(got), want[p], dump(got))
					}
					for _, pl := range got {
						if pl.Spin != engine.SpinNone || pl.Bottom() != 0 {
							t.Errorf("%v %v: %+v spin %v on an empty board", mode, p, pl.Placed, pl.Spin)
						}
					}
					checkPaths(t, b, p, opt, got)
				}
			}
		}
	}
}

func TestEmptyBoardPaths(t *testing.T) {
	b := engine.NewBoard(10, 40)
	tests := []struct {
		p    engine.Piece
		at   engine.Placed
		path string
	}{
		{engine.T, engine.Placed{Piece: engine.T, Rot: engine.Rot0, X: 3, Y: -1}, "[sonic]"},
		{engine.T, engine.Placed{Piece: engine.T, Rot: engine.Rot0, X: 0, Y: -1}, "[left left left sonic]"},
		{engine.T, engine.Placed{Piece: engine.T, Rot: engine.Rot2, X: 3, Y: 0}, "[cw cw sonic]"},
		{engine.I, engine.Placed{Piece: engine.I, Rot: engine.RotR, X: 7, Y: 0}, "[sonic cw right right right]"},
		{engine.O, engine.Placed{Piece: engine.O, Rot: engine.Rot0, X: 8, Y: 0}, "[right right right right sonic]"},
	}
	for _, tt := range tests {
		var found *Placement
		got := Generate(b, tt.p, Options{})
		for i := range got {
			if got[i].Placed == tt.at {
				found = &got[i]
			}
		}
		if found == nil {
			t.Errorf("%v: no placement at %+v: %s", tt.p, tt.at, dump(got))
			continue
		}
		// Shortest paths tie in many ways; the length is what is fixed.
		if n := len(strings.Fields(tt.path)); len(found.Path) != n {
			t.Errorf("%v at %+v: path %v, want %d moves like %s", tt.p, tt.at, found.Path, n, tt.path)
		}
	}
}

// find returns the placement of piece p at (rot, x, y) with the given spin.
func find(ps []Placement, rot engine.Rotation, x, y int, spin engine.Spin) *Placement {
	for i := range ps {
		if ps[i].Rot == rot && ps[i].X == x && ps[i].Y == y && ps[i].Spin == spin {
			return &ps[i]
		}
	}
	return nil
}

func TestSpinSlots(t *testing.T) {
	tests := []struct {
		name string
		p    engine.Piece
		rows []string
		rot  engine.Rotation
		x, y int
		spin engine.Spin
		kick int  // kick index of the last turn, -1 for any
		only bool // no other spin kind reaches these cells
		opt  Options
	}{
		{
			name: "T-spin double",
			p:    engine.T,
			rows: []string{
				"...#......",
				"###...####",
				"####.#####",
			},
			rot: engine.Rot2, x: 3, y: 0, spin: engine.SpinFull, kick: -1, only: true,
		},
		{
			// The T slides under the overhang at (4,4), then turns clockwise
			// down into the slot: only the fifth kick test, (-1,-2), fits.
			name: "T-spin triple by the fifth kick",
			p:    engine.T,
			rows: []string{
				"....#.....",
				"..........",
				"####.#####",
				"####..####",
				"####.#####",
			},
			rot: engine.RotR, x: 3, y: 0, spin: engine.SpinFull, kick: 4, only: true,
		},
		{
			// Floor, floor and (2,1) around the T's box: three corners, one
			// of them in front. Only the kick (1,-1) from R gets there.
			name: "T-spin mini",
			p:    engine.T,
			rows: []string{
				"..#.......",
				"..........",
			},
			rot: engine.Rot0, x: 0, y: -1, spin: engine.SpinMini, kick: 2, only: true,
		},
		{
			// Three corners but one front corner, a mini by the corners;
			// the turn takes the fifth kick test, which makes it full.
			name: "fifth kick upgrades a mini",
			p:    engine.T,
			rows: []string{
				"......#..#",
				".......##.",
				".#...#.#.#",
				"....#...#.",
				".##.#..###",
				"..###.##..",
			},
			rot: engine.RotL, x: 5, y: 1, spin: engine.SpinFull, kick: 4,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := board(t, tt.rows...)
			got := Generate(b, tt.p, tt.opt)
			checkPaths(t, b, tt.p, tt.opt, got)
			sameResult(t, tt.name, got, oracle(b, tt.p, tt.opt))
			pl := find(got, tt.rot, tt.x, tt.y, tt.spin)
			if pl == nil {
				t.Fatalf("no %v %v at (%d,%d) spin %v: %s", tt.p, tt.rot, tt.x, tt.y, tt.spin, dump(got))
			}
			for _, o := range got {
				if tt.only && o.Placed == pl.Placed && o.Spin != tt.spin {
					t.Errorf("also spin %v at %+v by %v", o.Spin, o.Placed, o.Path)
				}
			}
			if tt.kick >= 0 {
				last := pl.Path[len(pl.Path)-1]
				prefix := pl.Path[:len(pl.Path)-1]
				m := replayPrefix(t, b, tt.p, prefix)
				to := map[Move]engine.Rotation{MoveCW: m.Rot.CW(), MoveCCW: m.Rot.CCW(), Move180: m.Rot.Flip()}[last]
				_, kick, ok := engine.Rotate(b, engine.SRS, m, to)
				if !ok || kick != tt.kick {
					t.Errorf("last turn %v from %+v used kick %d, want %d", last, m, kick, tt.kick)
				}
			}
		})
	}
}

// replayPrefix replays a path that may end in the air (ModeFull, SRS).
func replayPrefix(t *testing.T, b *engine.Board, p engine.Piece, path []Move) engine.Placed {
	t.Helper()
	m := engine.SpawnPosition(p, b.Width, b.Height-20)
	if b.Fits(m.Moved(0, -1)) {
		m.Y--
	}
	for _, mv := range path {
		switch mv {
		case MoveLeft:
			m.X--
		case MoveRight:
			m.X++
		case MoveDown:
			m.Y--
		case MoveSonic:
			m.Y -= b.DropDistance(m)
		default:
			to := map[Move]engine.Rotation{MoveCW: m.Rot.CW(), MoveCCW: m.Rot.CCW(), Move180: m.Rot.Flip()}[mv]
			m, _, _ = engine.Rotate(b, engine.SRS, m, to)
		}
		if !b.Fits(m) {
			t.Fatalf("path %v does not fit", path)
		}
	}
	return m
}

// slotBoards are the spin and tuck slots of the tests above (10 wide).
var slotBoards = [][]string{
	{"...#......", "###...####", "####.#####"},                             // T-spin double
	{"....#.....", "..........", "####.#####", "####..####", "####.#####"}, // T-spin triple, fifth kick
	{"..#.......", ".........."},                                           // T-spin mini
	{"......#..#", ".......##.", ".#...#.#.#", "....#...#.", ".##.#..###", "..###.##.."},
	{"#..####.#.", "#####...##"},                                           // L
	{"###.#.#.##", "###...####", "#####.####"},                             // J
	{"####.##.#.", "#....#####"},                                           // I
	{"..#######.", "#..#######", "..########"},                             // S
	{"#######..#", "#######..#", "########.."},                             // Z
	{"##.....###", "#.......##", "##..#..###", "###...####", "####.#####"}, // a cave
}

// randomBoard makes a board of one of several kinds, chosen by kind.
func randomBoard(rng *rand.Rand, kind int) (*engine.Board, Options) {
	w := 4 + rng.IntN(13)
	heights := []int{6, 8, 12, 16, 21, 24, 30, 40, 48, 56, 62, 64}
	h := heights[rng.IntN(len(heights))]
	b := engine.NewBoard(w, h)
	opt := Options{}
	spawn := spawnRow(b, opt)
	if rng.IntN(4) == 0 {
		spawn = 2 + rng.IntN(h-2)
		opt.SpawnRow = spawn
	}
	full := uint16(1)<<uint(w) - 1
	rows := make([]uint16, h)
	switch kind {
	case 0: // garbage: random rows with holes, up to a random height
		top := rng.IntN(min(h, spawn+2) + 1)
		density := 0.4 + rng.Float64()*0.55
		for y := range top {
			for x := range w {
				if rng.Float64() < density {
					rows[y] |= 1 << uint(x)
				}
			}
		}
	case 1: // near the top: a stack up to around the spawn row
		top := min(h, max(0, spawn-3+rng.IntN(6)))
		for y := range top {
			rows[y] = full &^ (1 << uint(rng.IntN(w)))
			if rng.IntN(3) == 0 {
				rows[y] &^= 1 << uint(rng.IntN(w))
			}
		}
	case 2: // slots: a solid stack with piece-shaped cavities carved out
		top := rng.IntN(min(h, spawn+1)-1) + 1
		for y := range top {
			rows[y] = full
		}
		for range 1 + rng.IntN(4) {
			p := engine.Pieces[rng.IntN(7)]
			m := engine.Placed{Piece: p, Rot: engine.Rotation(rng.IntN(4)), X: rng.IntN(w+2) - 2, Y: rng.IntN(top+2) - 2}
			for _, c := range m.Cells() {
				if c.X >= 0 && int(c.X) < w && c.Y >= 0 && int(c.Y) < h {
					rows[c.Y] &^= 1 << uint(c.X)
				}
			}
		}
		// An entrance: clear some cells above, and a few random ones.
		for range rng.IntN(2 * w) {
			y := rng.IntN(top + 1)
			if y < h {
				rows[y] &^= 1 << uint(rng.IntN(w))
			}
		}
	case 3: // caves: sparse random cells anywhere below the spawn
		density := 0.05 + rng.Float64()*0.35
		for y := range min(h, spawn+3) {
			for x := range w {
				if rng.Float64() < density {
					rows[y] |= 1 << uint(x)
				}
			}
		}
	case 5: // a slot built on purpose, raised on random garbage rows
		slot := slotBoards[rng.IntN(len(slotBoards))]
		w = 10
		b = engine.NewBoard(w, 40)
		opt.SpawnRow, spawn, full = 0, 20, 0x3ff
		rows = make([]uint16, 40)
		under := rng.IntN(6)
		for y := range under {
			rows[y] = full &^ (1 << uint(rng.IntN(w)))
		}
		for i, line := range slot {
			y := under + len(slot) - 1 - i
			for x, c := range line {
				if c != '.' {
					rows[y] |= 1 << uint(x)
				}
			}
		}
		// A little noise on the slot's rows keeps it from always working.
		if rng.IntN(2) == 0 {
			rows[under+rng.IntN(len(slot))] ^= 1 << uint(rng.IntN(w))
		}
	case 4: // a blocked or nearly blocked spawn
		for y := max(0, spawn-2); y < min(h, spawn+3); y++ {
			for x := range w {
				if rng.IntN(2) == 0 {
					rows[y] |= 1 << uint(x)
				}
			}
		}
	}
	b.SetRows(rows, engine.I)
	switch rng.IntN(3) {
	case 1:
		opt.Kicks = engine.SRSPlus
	case 2:
		if rng.IntN(3) == 0 {
			opt.Kicks = engine.NoKicks
		}
	}
	opt.Mode = Mode(rng.IntN(3))
	if rng.IntN(4) > 0 {
		opt.Mode = ModeFull
	}
	return b, opt
}

func TestSearchEqualsOracle(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 300
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var g Generator
	var dst []Placement
	total := map[engine.Spin]int{}
	for k := range n {
		b, opt := randomBoard(rng, k%6)
		for _, p := range engine.Pieces {
			what := fmt.Sprintf("case %d, %v %dx%d spawn %d %v %v", k, p, b.Width, b.Height, opt.SpawnRow, opt.Mode, kickTable(opt).Name)
			dst = g.Generate(dst[:0], b, p, opt)
			want := oracle(b, p, opt)
			sameResult(t, what, dst, want)
			checkPaths(t, b, p, opt, dst)
			for _, pl := range dst {
				total[pl.Spin]++
			}
			opt.NoPaths = true
			dst = g.Generate(dst[:0], b, p, opt)
			sameResult(t, what+" without paths", dst, oracle(b, p, opt))
			opt.NoPaths = false
		}
	}
	// The random boards must exercise spins, or the test proves little.
	if total[engine.SpinMini] == 0 || total[engine.SpinFull] == 0 {
		t.Errorf("no spins among the random boards: %v", total)
	}
	t.Logf("placements by spin: %v", total)
}

// TestTurnOnlySlots: placements that only a turn into the slot reaches,
// one per piece: the full search finds them, the drop model cannot.
func TestTurnOnlySlots(t *testing.T) {
	tests := []struct {
		p    engine.Piece
		rows []string
		at   engine.Placed
	}{
		{engine.L, []string{"#..####.#.", "#####...##", "##########", "##########"}, engine.Placed{Piece: engine.L, Rot: engine.Rot0, X: 5, Y: 1}},
		{engine.J, []string{"###.#.#.##", "###...####", "#####.####", "##########"}, engine.Placed{Piece: engine.J, Rot: engine.Rot2, X: 3, Y: 1}},
		{engine.I, []string{"####.##.#.", "#....#####", "##########", "##########"}, engine.Placed{Piece: engine.I, Rot: engine.Rot2, X: 1, Y: 1}},
		{engine.S, []string{"..#######.", "#..#######", "..########", "##########"}, engine.Placed{Piece: engine.S, Rot: engine.Rot2, X: 0, Y: 1}},
		{engine.Z, []string{"#######..#", "#######..#", "########..", "##########"}, engine.Placed{Piece: engine.Z, Rot: engine.Rot2, X: 7, Y: 1}},
	}
	for _, tt := range tests {
		b := board(t, tt.rows...)
		full := Generate(b, tt.p, Options{})
		checkPaths(t, b, tt.p, Options{}, full)
		pl := find(full, tt.at.Rot, tt.at.X, tt.at.Y, engine.SpinNone)
		if pl == nil {
			t.Errorf("%v: no placement at %+v: %s", tt.p, tt.at, dump(full))
			continue
		}
		if last := pl.Path[len(pl.Path)-1]; last != MoveCW && last != MoveCCW {
			t.Errorf("%v at %+v: path %v does not end with a turn", tt.p, tt.at, pl.Path)
		}
		for _, d := range Generate(b, tt.p, Options{Mode: ModeDrop}) {
			if d.Cells() == tt.at.Cells() {
				t.Errorf("%v: the drop model reaches %+v by %v", tt.p, d.Placed, d.Path)
			}
		}
	}
}

// TestTallBoards: on a board taller than the bitboard window (64 rows),
// with the spawn and the stack near the top, the bitboard search slides its
// window up; it must run (not hand the board to the oracle) and agree with
// the oracle in every case.
func TestTallBoards(t *testing.T) {
	var g Generator
	for _, c := range []struct{ stack, spawn int }{{58, 58}, {58, 61}, {60, 63}, {44, 50}} {
		b := tallBoard(c.stack)
		for _, p := range engine.Pieces {
			for _, mode := range []Mode{ModeFull, ModeDrop} {
				opt := Options{SpawnRow: c.spawn, Kicks: engine.SRSPlus, Mode: mode}
				name := fmt.Sprintf("%v stack %d spawn %d mode %d", p, c.stack, c.spawn, mode)
				before := g.fallbacks
				got := g.Generate(nil, b, p, opt)
				if g.fallbacks != before {
					t.Errorf("%s: the bitboard search fell back on the oracle", name)
				}
				if len(got) == 0 {
					t.Errorf("%s: no placements", name)
				}
				sameResult(t, name, got, oracle(b, p, opt))
				checkPaths(t, b, p, opt, got)
			}
		}
	}
}

// tallBoard is 10x64 with a stack rows high: each row missing one cell,
// on a diagonal, and a well with an overhang at the top.
func tallBoard(stack int) *engine.Board {
	b := engine.NewBoard(10, 64)
	rows := make([]uint16, 64)
	for y := range stack {
		rows[y] = 0x3ff &^ (1 << uint(y%10))
	}
	if stack > 3 {
		rows[stack-1] = 0x3ff &^ 0x00e
		rows[stack-2] = 0x3ff &^ 0x004
		rows[stack-3] = 0x3ff &^ 0x004
	}
	b.SetRows(rows, engine.I)
	return b
}

// TestWindowFallback: what the slid window cannot hold (a high spawn over a
// low stack spans more than 62 rows) goes to the oracle, and says so.
func TestWindowFallback(t *testing.T) {
	b := engine.NewBoard(10, 64)
	var g Generator
	got := g.Generate(nil, b, engine.T, Options{SpawnRow: 62})
	if g.fallbacks != 1 {
		t.Errorf("a spawn at row 62 over an empty 64-row board: %d fallbacks, want 1", g.fallbacks)
	}
	if len(got) == 0 {
		t.Error("no placements")
	}
}

// TestNoKicksOpenAir: without kicks no turn moves a piece up or down, so
// open air starts just above the stack (one row up, so that no piece can
// rest in it); a tall column beside a cave checks the search there.
func TestNoKicksOpenAir(t *testing.T) {
	b := board(t,
		"#.........",
		"#.........",
		"#.........",
		"#.........",
		"#..#######",
		"#.........",
		"##########",
	)
	for _, p := range engine.Pieces {
		for _, kicks := range []*engine.KickTable{engine.NoKicks, engine.SRS} {
			opt := Options{Kicks: kicks}
			got := Generate(b, p, opt)
			sameResult(t, fmt.Sprintf("%v %s", p, kicks.Name), got, oracle(b, p, opt))
			checkPaths(t, b, p, opt, got)
		}
	}
}

// FuzzSearchEqualsOracle: boards from the fuzzer's bytes, searched by the
// bitboard search and by the oracle. The first byte picks the width (4..10),
// the piece, the mode and the kick table; bit 0 of the second asks for no
// paths; each pair after is a row, bottom first, at most ten, and the board
// is four rows taller than them (the spawn at the top). Bit 1 of the second
// byte puts those rows on a solid stack 50 rows high in a 64-row board, with
// the spawn four rows above them: the bitboard search slides its window up
// there (see TestTallBoards). The boards are kept
// small because the oracle's work grows with the free cells: on 16x40
// boards, searched with and without paths, an input took a millisecond.
// TestTallBoards and TestMidgameBoards cover big boards.
func FuzzSearchEqualsOracle(f *testing.F) {
	f.Add([]byte{0x36, 0xff, 0x03, 0xef, 0x03, 0x38, 0x00})
	f.Add([]byte{0x12, 0xfe, 0x01, 0xfd, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x01})
	f.Add([]byte{0xa5})
	f.Add([]byte{0x36, 0x02, 0xef, 0x03, 0x38, 0x00})
	var g Generator
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || len(data) > 32 {
			return
		}
		c := data[0]
		w := 4 + int(c&15)%7 // 4..10
		p := engine.Pieces[int(c>>4)%7]
		opt := Options{Mode: Mode(c >> 4 / 7 % 3), Kicks: []*engine.KickTable{engine.SRS, engine.SRSPlus, engine.NoKicks}[int(c>>6)%3]}
		rows := make([]uint16, 0, 12)
		for i := 2; i+1 < len(data) && len(rows) < 10; i += 2 {
			rows = append(rows, uint16(data[i])|uint16(data[i+1])<<8)
		}
		b := engine.NewBoard(w, len(rows)+4)
		if len(data) > 1 && data[1]&2 != 0 {
			const solid = 50
			b = engine.NewBoard(w, 64)
			stack := make([]uint16, solid, solid+len(rows))
			for y := range stack {
				stack[y] = 1<<uint(w) - 1
			}
			rows = append(stack, rows...)
			opt.SpawnRow = len(rows) + 4
		}
		b.SetRows(rows, engine.I)
		opt.NoPaths = len(data) > 1 && data[1]&1 != 0
		got, want := g.Generate(nil, b, p, opt), oracle(b, p, opt)
		if !slices.EqualFunc(got, want, func(a, c Placement) bool {
			return a.Placed == c.Placed && a.Spin == c.Spin && len(a.Path) == len(c.Path)
		}) { // the board is formatted only on a failure, not for every input
			sameResult(t, fmt.Sprintf("%v %v %s nopaths=%v\n%s", p, opt.Mode, opt.Kicks.Name, opt.NoPaths, b), got, want)
		}
		if !opt.NoPaths {
			checkPaths(t, b, p, opt, got)
		}
	})
}
