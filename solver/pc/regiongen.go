package pc

import (
	"math/bits"

	"github.com/kocka/kocka/engine"
)

// regionGen is solver.Generator cut to the one board shape a perfect-clear
// search asks about: 10 columns, the region of at most 6 rows at the
// bottom, empty rows above it, the spawn at row height+2, no paths. It
// finds exactly the placements solver.Generator finds there (with NoPaths,
// in Rules.movegen's options) that lie inside the region, one per set of
// cells, in the same order and orientation; TestRegionGenMatchesSolver and
// FuzzRegionGen check it against solver.Generator. It is several times
// faster because it builds its collision words straight from the region's
// bits (no engine board, one multiplication per column), knows its kick
// table and pieces in advance, and keeps no paths, spins or fallbacks.
//
// The words are those of solver.Generator: for each orientation and box
// column X (-2..Width-2, index X+2), one word with bit regionTop-Y for box
// row Y, rows running downwards with the bit index, so that the free run
// below a position is one addition's carry. Rows -1..-4 are floor.
type regionGen struct {
	rules  Rules
	pieces [engine.L + 1]*pieceRules
	fit    [4][nCols]uint64
	ground [4][nCols]uint64
	vis    [4][nCols]uint64
	front  [4][nCols]uint64
}

const (
	regionTop = 59        // the box row of bit 0
	nCols     = Width + 1 // box columns -2..Width-2
	floorWord = uint64(0xF) << (regionTop + 1)
)

// pieceRules is what regionGen needs of one piece under the kick table.
type pieceRules struct {
	p     engine.Piece
	cells [4][4]engine.Cell
	turns [4][]regionTurn
	// same[r] are the lower orientations whose cells are those of r moved:
	// (r, X, Y) covers the cells of (rot, X+dx, Y+dy).
	same [4][]struct {
		rot    engine.Rotation
		dx, dy int
	}
	// mask[r][X+2][Y+2]: the region cells of the piece at (r, X, Y), for
	// Y = -2..MaxLines-1, or 0 if a cell is outside the walls or the six
	// rows.
	mask [4][nCols][MaxLines + 2]uint64
}

// regionTurn is one turn the kick table allows, its kicks in order.
type regionTurn struct {
	to     engine.Rotation
	dx, dy []int
}

func newRegionGen(r Rules) *regionGen {
	g := &regionGen{rules: r}
	kicks := r.kickTable()
	for _, p := range engine.Pieces {
		g.pieces[p] = newPieceRules(p, kicks)
	}
	return g
}

func newPieceRules(p engine.Piece, kicks *engine.KickTable) *pieceRules {
	pr := &pieceRules{p: p}
	for r := engine.Rot0; r <= engine.RotL; r++ {
		pr.cells[r] = engine.Shape(p, r)
		// The order of solver.Generator: clockwise, counter-clockwise, half.
		for _, to := range [3]engine.Rotation{r.CW(), r.CCW(), r.Flip()} {
			ks := kicks.Kicks(p, r, to)
			if ks == nil {
				continue
			}
			t := regionTurn{to: to}
			for _, k := range ks {
				t.dx = append(t.dx, int(k.X))
				t.dy = append(t.dy, int(k.Y))
			}
			pr.turns[r] = append(pr.turns[r], t)
		}
		for c := engine.Rot0; c < r; c++ {
			if dx, dy, ok := translate(engine.Shape(p, r), engine.Shape(p, c)); ok {
				pr.same[r] = append(pr.same[r], struct {
					rot    engine.Rotation
					dx, dy int
				}{c, dx, dy})
			}
		}
		for xi := range nCols {
			for yi := range MaxLines + 2 {
				var m uint64
				for _, c := range pr.cells[r] {
					x, y := xi-2+int(c.X), yi-2+int(c.Y)
					if x < 0 || x >= Width || y < 0 || y >= MaxLines {
						m = 0
						break
					}
					m |= 1 << uint(y*Width+x)
				}
				pr.mask[r][xi][yi] = m
			}
		}
	}
	return pr
}

// translate finds (dx, dy) such that cells a at (X, Y) are cells b at
// (X+dx, Y+dy), if there is one.
func translate(a, b [4]engine.Cell) (dx, dy int, ok bool) {
	// Shapes are sorted the same way (engine sorts them), so a translate
	// maps a[i] to b[i].
	dx, dy = int(a[0].X)-int(b[0].X), int(a[0].Y)-int(b[0].Y)
	for i := range a {
		if int(a[i].X)-int(b[i].X) != dx || int(a[i].Y)-int(b[i].Y) != dy {
			return 0, 0, false
		}
	}
	return dx, dy, true
}

// generate appends the placements of p in f to dst.
func (g *regionGen) generate(dst []move, f Field, p engine.Piece) []move {
	pr := g.pieces[p]
	g.setup(f, pr)
	m := engine.SpawnPosition(p, Width, f.Height+2)
	xi0, k0 := m.X+2, regionTop-m.Y
	if g.fit[0][xi0]>>uint(k0)&1 == 0 {
		return dst // cannot happen: the spawn is in open air
	}
	if g.fit[0][xi0]>>uint(k0+1)&1 != 0 {
		k0++ // the spawn's one-row drop
	}
	if g.rules.Drop == HardDrop {
		g.vis = [4][nCols]uint64{}
		g.drop(pr, xi0, k0)
	} else {
		g.flood(pr, xi0, k0)
	}
	return g.emit(dst, f, pr)
}

// setup builds the collision words of piece pr on f.
func (g *regionGen) setup(f Field, pr *pieceRules) {
	// pad[x+2] is cell column x, walls all blocked.
	var pad [Width + 6]uint64
	pad[0], pad[1] = ^uint64(0), ^uint64(0)
	for x := 0; x < Width; x++ {
		pad[x+2] = floorWord | columnWord(f.Rows>>uint(x))
	}
	for i := Width + 2; i < len(pad); i++ {
		pad[i] = ^uint64(0)
	}
	for r := range pr.cells {
		c := &pr.cells[r]
		a0, a1 := pad[c[0].X:][:nCols], pad[c[1].X:][:nCols]
		a2, a3 := pad[c[2].X:][:nCols], pad[c[3].X:][:nCols]
		y0, y1, y2, y3 := uint(c[0].Y), uint(c[1].Y), uint(c[2].Y), uint(c[3].Y)
		fit, ground := &g.fit[r], &g.ground[r]
		for xi := range nCols {
			f := ^(a0[xi]<<y0 | a1[xi]<<y1 | a2[xi]<<y2 | a3[xi]<<y3)
			fit[xi] = f
			ground[xi] = f &^ (f >> 1)
		}
	}
}

// columnWord turns the cells of column 0 of rows (bits 0, 10, ..., 50)
// into a column word: row y at bit regionTop-y. One multiplication moves
// bit 10y to 59-y for every y at once: the multiplier has a term 59-11y
// for each row, and no two of the 36 products land on the same bit, so
// nothing carries.
func columnWord(rows uint64) uint64 {
	const stride = 1 | 1<<10 | 1<<20 | 1<<30 | 1<<40 | 1<<50
	const gather = 1<<59 | 1<<48 | 1<<37 | 1<<26 | 1<<15 | 1<<4
	const out = uint64(1)<<(regionTop+1) - 1<<(regionTop+1-MaxLines)
	return (rows & stride) * gather & out
}

// flood closes the reached set under shifts and drops one orientation at
// a time, then turns every position not turned yet, until nothing new is
// reached (solver.Generator's flood).
func (g *regionGen) flood(pr *pieceRules, xi0, k0 int) {
	g.vis, g.front = [4][nCols]uint64{}, [4][nCols]uint64{}
	g.vis[0][xi0] = 1 << uint(k0)
	g.front[0][xi0] = 1 << uint(k0)
	dirty := 1
	for dirty != 0 {
		for r := range 4 {
			if dirty>>r&1 != 0 {
				g.close(r)
			}
		}
		dirty = 0
		for r := range 4 {
			turns := pr.turns[r]
			for xi := range nCols {
				f := g.front[r][xi]
				if f == 0 {
					continue
				}
				g.front[r][xi] = 0
				for ti := range turns {
					dirty |= g.turn(&turns[ti], xi, f)
				}
			}
		}
	}
}

// turn turns the positions f of column xi by t: each takes the first kick
// at which it fits. It returns the orientation as a bit if it grew.
func (g *regionGen) turn(t *regionTurn, xi int, f uint64) int {
	to := t.to & 3
	fit, vis, front := &g.fit[to], &g.vis[to], &g.front[to]
	grew := 0
	for j, dx := range t.dx {
		x := xi + dx
		if x < 0 || x >= nCols {
			continue
		}
		dy := t.dy[j]
		var ok uint64
		// Up dy rows is dy bits lower.
		if dy >= 0 {
			ok = f & (fit[x] << uint(dy))
			f &^= ok
			ok >>= uint(dy)
		} else {
			ok = f & (fit[x] >> uint(-dy))
			f &^= ok
			ok <<= uint(-dy)
		}
		if n := ok &^ vis[x]; n != 0 {
			vis[x] |= n
			front[x] |= n
			grew = 1 << to
		}
		if f == 0 {
			break
		}
	}
	return grew
}

// close adds to orientation r's reached set what shifts and drops reach,
// sweeping right then left until a sweep finds nothing new.
func (g *regionGen) close(r int) {
	fit, vis, front := &g.fit[r], &g.vis[r], &g.front[r]
	for sweep := 0; ; sweep++ {
		grew := false
		prev := uint64(0)
		for i := range nCols {
			xi := i
			if sweep%2 == 1 {
				xi = nCols - 1 - i
			}
			v := vis[xi]
			w := v
			in := prev & fit[xi] &^ v
			if sweep == 0 {
				in |= v
			}
			if in != 0 {
				// The carry of fit+in clears the free run below each seed.
				w |= in | fit[xi]&^(fit[xi]+in)
			}
			if w != v {
				front[xi] |= w &^ v
				vis[xi] = w
				grew = true
			}
			prev = w
		}
		if !grew && sweep > 0 {
			return
		}
	}
}

// drop is HardDrop: the piece turns at the top (solver's plans, in order;
// the first to reach an orientation is used), shifts along that row as far
// as it fits, and drops straight down.
func (g *regionGen) drop(pr *pieceRules, xi0, k0 int) {
	var reached [4]bool
	for _, plan := range hardDropPlans {
		r, xi, k, ok := 0, xi0, k0, true
		for _, d := range plan {
			if r, xi, k, ok = g.rotate(pr, r, xi, k, (r+d)&3); !ok {
				break
			}
		}
		if !ok || reached[r] {
			continue
		}
		reached[r] = true
		fit := &g.fit[r]
		for x := xi; x >= 0 && fit[x]>>uint(k)&1 != 0; x-- {
			g.vis[r][x] |= landing(fit[x], k)
		}
		for x := xi + 1; x < nCols && fit[x]>>uint(k)&1 != 0; x++ {
			g.vis[r][x] |= landing(fit[x], k)
		}
	}
}

// hardDropPlans are solver's turn plans of ModeDrop as quarter turns
// clockwise: none, CW, CCW, 180, CW CW, CCW CCW.
var hardDropPlans = [...][]int{{}, {1}, {3}, {2}, {1, 1}, {3, 3}}

// landing is the bit where a piece at bit k of a column with free run fit
// comes to rest.
func landing(fit uint64, k int) uint64 {
	run := fit &^ (fit + 1<<uint(k))
	return 1 << uint(63-bits.LeadingZeros64(run))
}

// rotate is engine.Rotate on the words.
func (g *regionGen) rotate(pr *pieceRules, r, xi, k, to int) (int, int, int, bool) {
	for ti := range pr.turns[r] {
		t := &pr.turns[r][ti]
		if int(t.to) != to {
			continue
		}
		for j, dx := range t.dx {
			x, kk := xi+dx, k-t.dy[j]
			if x < 0 || x >= nCols || kk < 0 || kk > 63 {
				continue
			}
			if g.fit[to][x]>>uint(kk)&1 != 0 {
				return to, x, kk, true
			}
		}
	}
	return r, xi, k, false
}

// emit appends the reached grounded positions inside the region, in
// solver.Generator's order (orientation, X, Y from the top), leaving out
// the cells a lower orientation already gave.
func (g *regionGen) emit(dst []move, f Field, pr *pieceRules) []move {
	// Box rows -2..Height-1 are the only ones whose cells can all be in
	// the region.
	lo, hi := regionTop-(f.Height-1), regionTop+2
	rows := (uint64(1)<<uint(hi-lo+1) - 1) << uint(lo)
	limit := uint64(1) << uint(f.Height*Width)
	for r := range 4 {
		for xi := range nCols {
			w := g.vis[r][xi] & g.ground[r][xi] & rows
			if w == 0 {
				continue
			}
			for _, s := range pr.same[r] {
				x := xi + s.dx
				if x < 0 || x >= nCols {
					continue
				}
				o := g.vis[s.rot][x] & g.ground[s.rot][x]
				// Box row Y+dy is dy bits lower.
				if s.dy >= 0 {
					w &^= o << uint(s.dy)
				} else {
					w &^= o >> uint(-s.dy)
				}
			}
			for ; w != 0; w &= w - 1 {
				k := bits.TrailingZeros64(w)
				y := regionTop - k
				m := pr.mask[r][xi][y+2]
				if m == 0 || m >= limit {
					continue
				}
				dst = append(dst, move{mask: m, rot: engine.Rotation(r), x: int8(xi - 2), y: int8(y)})
			}
		}
	}
	return dst
}

// kickTable is the engine table the rules use.
func (r Rules) kickTable() *engine.KickTable {
	if k := r.movegen(0).Kicks; k != nil {
		return k
	}
	return engine.SRS
}
