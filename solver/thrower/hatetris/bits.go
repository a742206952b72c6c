package hatetris

import (
	"math/bits"

	"github.com/kocka/kocka/engine"
)

// Bits is a live well of the standard game (10 wide, 20 deep, bar at 4) in
// 32 bytes: its 16 rows below the bar, top first, bit x = column x. The
// four rows above the bar are not stored: in a live well they are always
// empty (a cell there ends the game). It is comparable, so it can key a
// map, and it is the well of the beam search and the enemy cache.
type Bits [bitsRows]uint16

const (
	bitsRows  = 16                     // rows below the bar
	bitsTop   = 4                      // Standard.Bar: full-well row of Bits[0]
	bitsDepth = bitsTop + bitsRows     // Standard.Depth
	fullRow   = uint16(1)<<10 - 1      // a complete row of the standard well
	extWalls  = uint16(0b111 | 0xE000) // columns -3..-1 and 10..12 in an extended row
	xBits     = uint16(1)<<13 - 1      // box positions X = -3..9, as bits X+3
)

// BitsOf converts a well of the standard rules; ok is false when the well
// is not live (something at or above the bar's row).
func BitsOf(w *Well) (b Bits, ok bool) {
	for y := 0; y < bitsTop; y++ {
		if w.Rows[y] != 0 {
			return b, false
		}
	}
	copy(b[:], w.Rows[bitsTop:bitsDepth])
	return b, true
}

// Well converts back to the general representation.
func (b *Bits) Well() Well {
	var w Well
	copy(w.Rows[bitsTop:bitsDepth], b[:])
	return w
}

// Hash mixes the well into 64 bits (for the enemy cache and the beam's
// transposition set; equal wells hash equal, and the caches compare the
// whole well, so a collision costs time, never a wrong answer).
func (b *Bits) Hash() uint64 {
	var h uint64
	for i := 0; i < bitsRows; i += 4 {
		w := uint64(b[i]) | uint64(b[i+1])<<16 | uint64(b[i+2])<<32 | uint64(b[i+3])<<48
		h = (h ^ w) * 0x9E3779B97F4A7C15
		h ^= h >> 29
	}
	return h
}

// Top is the full-well index of the highest non-empty row, or the depth
// (20) when the well is empty: the original's rating of a well (Peak).
func (b *Bits) Top() int {
	for i, r := range b {
		if r != 0 {
			return bitsTop + i
		}
	}
	return bitsDepth
}

// surelyQuiet reports whether, whatever piece comes next, it cannot clear
// a line and has at least two landings that do not end the game: what
// the quiescence asks of the enemy's piece, answered for every piece
// from the rows alone. One piece completes a row only if the row's empty
// cells are a single run of at most four (each row of every tetromino is
// one run of at most four cells, and it fills exactly the empty ones);
// with the top four rows below the bar empty, every straight drop stays
// below the bar, and every piece has one in at least seven columns.
func (b *Bits) surelyQuiet() bool {
	if b[0]|b[1]|b[2]|b[3] != 0 {
		return false
	}
	for _, r := range b[4:] {
		e := ^r & fullRow
		if e == 0 {
			continue
		}
		e >>= uint(bits.TrailingZeros16(e))
		if e < 16 && e&(e+1) == 0 {
			return false
		}
	}
	return true
}

// Cells counts the filled cells.
func (b *Bits) Cells() int {
	n := 0
	for _, r := range b {
		n += bits.OnesCount16(r)
	}
	return n
}

// bitsShape is one orientation of a piece for the bitboard move search:
// its bounding box inside the 4x4 box and, per box-relative row, which of
// the blocked-mask patterns (cells relative to the box's left edge) it
// uses.
type bitsShape struct {
	xMin, yMin, yDim int
	width            int       // columns of the shape
	bottom           [4]int    // per shape column, the row (from yMin) of its lowest cell
	pat              [4]int    // index into bitsPatterns, one per shape row
	rows             [4]uint16 // the shape rows, bit 0 = the bounding box's left column
}

// bitsPatterns are the distinct shape rows, shifted to their place in the
// 4x4 box (a 4-bit mask); bitsShapes are the orientations that use them.
var bitsPatterns, bitsShapes = buildBitsShapes()

func buildBitsShapes() (patterns []uint16, shapes [engine.L + 1][4]bitsShape) {
	index := map[uint16]int{}
	for _, id := range pieceOrder {
		for o := 0; o < 4; o++ {
			or := &orientations[id][o]
			s := bitsShape{xMin: or.xMin, yMin: or.yMin, yDim: or.yDim}
			for i := 0; i < or.yDim; i++ {
				m := or.rows[i] << uint(or.xMin)
				k, ok := index[m]
				if !ok {
					k = len(patterns)
					index[m] = k
					patterns = append(patterns, m)
				}
				s.pat[i], s.rows[i] = k, or.rows[i]
				for j := 0; j < 4; j++ {
					if or.rows[i]>>uint(j)&1 != 0 {
						s.width = max(s.width, j+1)
						s.bottom[j] = i
					}
				}
			}
			shapes[id][o] = s
		}
	}
	return patterns, shapes
}

// maxPatterns bounds len(bitsPatterns) (at most 15 non-empty 4-bit masks).
const maxPatterns = 15

// extRows is the extended well one move search works on: rows 0..19 of
// the full well with the walls, then floor rows.
const extRows = bitsDepth + 8

// Placement is where a piece locks, in the original's coordinates (the
// top-left corner of its 4x4 box, orientation), packed for the beam.
type Placement struct {
	ID   engine.Piece
	X, Y int8
	O    int8
}

// Piece is the placement as a live piece of the general rules.
func (p Placement) Piece() Piece { return Piece{ID: p.ID, X: int(p.X), Y: int(p.Y), O: int(p.O)} }

// Child is one landing of a piece in a Bits well: where it locked, the
// well after the lock and the line clears, the lines it cleared, and
// whether the game is over there (then Well is not meaningful).
type Child struct {
	Well  Bits
	At    Placement
	Lines int
	Over  bool
}

// Gen finds every landing of a piece in a Bits well by a bitboard flood
// fill over the original's moves (left, right, down, turn, no kicks): per
// box row, the positions of each orientation are the bits of a word, the
// lateral moves are shifts within the positions that fit, the turn keeps
// the box, and a position whose Down does not fit is a landing. The set of
// landings is the original's (its search starts after dropping the piece
// through the empty rows, and every position of those rows is reachable
// from there, so starting at the spawn or after the drop finds the same
// landings). A Gen keeps its buffers; it is not safe for concurrent use.
type Gen struct {
	well Bits
	top  int // full-well row of the highest non-empty row (20 if empty)
	ext  [extRows]uint16
	blk  [maxPatterns][extRows]uint16
	land [4][bitsDepth]uint16
	// nearFull has bit y set when full-well row y has six cells or more
	// (only such a row can be completed by one piece).
	nearFull uint32
	colTop   [10]int8 // columnTops, for the straight drops
	// landed is the piece g.land holds the landings of (rows landFirst
	// to landLast), so that rating a piece and then building its
	// children search its moves once; None after Reset.
	landed              engine.Piece
	landFirst, landLast int
	blkDone             uint16 // the patterns blk is filled for (needBlk)
}

// Reset points the generator at well b.
func (g *Gen) Reset(b *Bits) {
	g.well = *b
	g.landed = engine.None
	g.top = b.Top()
	for y := 0; y < bitsTop; y++ {
		g.ext[y] = extWalls
	}
	g.nearFull = 0
	for i, r := range b {
		g.ext[bitsTop+i] = r<<3 | extWalls
		if bits.OnesCount16(r) >= 6 {
			g.nearFull |= 1 << uint(bitsTop+i)
		}
	}
	for y := bitsDepth; y < extRows; y++ {
		g.ext[y] = 0xFFFF
	}
	// blk is filled per pattern when a piece's moves are first searched
	// (needBlk): rating the enemy's choice often searches one piece only.
	g.blkDone = 0
}

// needBlk fills blk for the patterns of piece id not yet filled since the
// last Reset: blk[k][y] has bit X+3 set when pattern k, with the box's
// left edge at column X, hits something in row y.
func (g *Gen) needBlk(id engine.Piece) {
	need := bitsPieceBlk[id] &^ g.blkDone
	if need == 0 {
		return
	}
	g.blkDone |= need
	from := max(g.top-4, 0) // the search starts at the drop
	for ; need != 0; need &= need - 1 {
		k := bits.TrailingZeros16(need)
		m := bitsPatterns[k]
		for y := from; y < extRows; y++ {
			e := g.ext[y]
			var bl uint16
			for c := uint(0); c < 4; c++ {
				if m>>c&1 != 0 {
					bl |= e >> c
				}
			}
			g.blk[k][y] = bl
		}
	}
}

// bitsPieceBlk is, per piece, the set of bitsPatterns its shapes use.
var bitsPieceBlk = func() (out [engine.L + 1]uint16) {
	for _, id := range pieceOrder {
		for o := range bitsShapes[id] {
			s := &bitsShapes[id][o]
			for i := 0; i < s.yDim; i++ {
				out[id] |= 1 << uint(s.pat[i])
			}
		}
	}
	return out
}()

// valid is the set of box positions (bit X+3) where orientation s fits
// with its box's top row at y.
func (g *Gen) valid(s *bitsShape, y int) uint16 {
	r := y + s.yMin
	var bl uint16
	for i := 0; i < s.yDim; i++ {
		bl |= g.blk[s.pat[i]][r+i]
	}
	return ^bl & xBits
}

// fill spreads the positions r sideways through the positions v (both
// directions, any distance), a Kogge-Stone flood fill.
func fill(r, v uint16) uint16 {
	r &= v
	l, rr := r, r
	vl, vr := v, v
	for s := uint(1); s < 16; s <<= 1 {
		l |= (l << s) & vl
		vl &= vl << s
		rr |= (rr >> s) & vr
		vr &= vr >> s
	}
	return l | rr
}

// landings fills g.land with every landing of piece id: bit X+3 of
// land[o][y] is the piece in orientation o with its box at (X, y). Each
// set of cells is listed once: an orientation whose cells coincide with an
// earlier one's at another box (the O turned, the I, S and Z turned twice)
// drops the landings its twin already has. It returns the first and last
// box rows with landings.
func (g *Gen) landings(id engine.Piece) (first, last int) {
	if g.landed == id {
		return g.landFirst, g.landLast
	}
	defer func() { g.landed, g.landFirst, g.landLast = id, first, last }()
	g.needBlk(id)
	shapes := &bitsShapes[id]
	y := g.top - 4 // the original's drop through the empty rows
	if y < 0 {
		y = 0
	}
	first, last = bitsDepth, -1
	var reach, v, vn [4]uint16
	for o := range shapes {
		v[o] = g.valid(&shapes[o], y)
	}
	reach[0] = 1 << 6 & v[0] // spawn X = 3
	for ; y < bitsDepth; y++ {
		// Close the row under sideways moves and turns.
		for changed := true; changed; {
			changed = false
			for o := 0; o < 4; o++ {
				reach[o] = fill(reach[o], v[o])
				n := (o + 1) & 3
				if add := reach[o] & v[n] &^ reach[n]; add != 0 {
					reach[n] |= add
					changed = true
				}
			}
		}
		any := uint16(0)
		for o := 0; o < 4; o++ {
			vn[o] = g.valid(&shapes[o], y+1)
			land := reach[o] &^ vn[o]
			g.land[o][y] = land
			if land != 0 {
				first, last = min(first, y), y
			}
			reach[o] &= vn[o]
			any |= reach[o]
		}
		if any == 0 {
			break
		}
		v = vn
	}
	if last < 0 {
		return first, last
	}
	for _, tw := range bitsTwins[id] {
		for yy := first; yy <= last; yy++ {
			ty := yy + tw.dy
			if ty < first || ty > last {
				continue
			}
			if tw.dx >= 0 {
				g.land[tw.o][yy] &^= g.land[tw.of][ty] >> uint(tw.dx)
			} else {
				g.land[tw.o][yy] &^= g.land[tw.of][ty] << uint(-tw.dx)
			}
		}
	}
	return first, last
}

// Straight drops: every orientation at every column dropped from the row
// where the search starts (the box in the empty rows above the stack,
// where every orientation and column is reachable) until Down does not
// fit. Each is a landing of the piece, so the best Peak over them bounds
// BestPeak from below; and a drop from above the stack stops on the
// columns' top cells, so it is found from the column heights alone,
// without the flood fill.

// columnTops sets g.colTop: per column, the full-well row of its highest
// filled cell (bitsDepth if none).
func (g *Gen) columnTops() {
	var seen uint16
	for c := range g.colTop {
		g.colTop[c] = bitsDepth
	}
	for i, r := range g.well {
		for n := r &^ seen; n != 0; n &= n - 1 {
			g.colTop[bits.TrailingZeros16(n)] = int8(bitsTop + i)
		}
		if seen |= r; seen == fullRow {
			break
		}
	}
}

// dropY is the box row where shape s, its box at column x, lands when
// dropped straight from above the stack (g.colTop must be set).
func (g *Gen) dropY(s *bitsShape, x int) int {
	y := bitsDepth
	for j := 0; j < s.width; j++ {
		y = min(y, int(g.colTop[x+s.xMin+j])-1-s.yMin-s.bottom[j])
	}
	return y
}

// dropBound is the best Peak over piece id's straight drops: at most
// BestPeak(id). g.colTop must be set.
func (g *Gen) dropBound(id engine.Piece) int {
	best := -1
	for _, o := range bitsDistinct[id] {
		s := &bitsShapes[id][o]
		for x := -s.xMin; x+s.xMin+s.width <= 10; x++ {
			y := g.dropY(s, x)
			cy := y + s.yMin
			if cy >= bitsTop && g.nearFull>>uint(cy)&(uint32(1)<<uint(s.yDim)-1) == 0 {
				best = max(best, min(g.top, cy)) // no row can clear: as in BestPeak
				continue
			}
			best = max(best, g.peakAfter(s, x, y))
		}
	}
	return best
}

// lockRows returns the piece's rows at full-well row cy (its bounding
// box's top) and below, shifted to its columns.
func lockRows(s *bitsShape, x int) (rows [4]uint16) {
	for i := 0; i < s.yDim; i++ {
		rows[i] = s.rows[i] << uint(x+s.xMin)
	}
	return rows
}

// peakAfter is the original's rating (Peak) of the well after locking
// shape s with its box at (x, y), without building the well: the highest
// row that stays non-empty, moved down by the full rows below it. A
// piece reaching above the bar ends the game; its top row is the peak.
func (g *Gen) peakAfter(s *bitsShape, x, y int) int {
	cy := y + s.yMin
	if cy < bitsTop {
		return cy
	}
	rows := lockRows(s, x)
	var merged [4]uint16
	full := 0
	for i := 0; i < s.yDim; i++ {
		merged[i] = g.well[cy+i-bitsTop] | rows[i]
		if merged[i] == fullRow {
			full++
		}
	}
	from := min(g.top, cy)
	if full == 0 {
		return from
	}
	for r := from; r < bitsDepth; r++ {
		v := g.well[r-bitsTop]
		if r >= cy && r < cy+s.yDim {
			v = merged[r-cy]
		}
		if v != 0 && v != fullRow {
			below := 0
			for i := 0; i < s.yDim; i++ {
				if cy+i > r && merged[i] == fullRow {
					below++
				}
			}
			return r + below
		}
	}
	return bitsDepth
}

// lock builds the child of locking shape s of piece id with its box at
// (x, y): the well after the lock and the line clears (the original
// counts and clears lines only when the whole piece is below the bar).
func (g *Gen) lock(id engine.Piece, o, x, y int) Child {
	s := &bitsShapes[id][o]
	c := Child{At: Placement{ID: id, X: int8(x), Y: int8(y), O: int8(o)}}
	cy := y + s.yMin
	if cy < bitsTop {
		c.Over = true
		return c
	}
	c.Well = g.well
	rows := lockRows(s, x)
	for i := 0; i < s.yDim; i++ {
		c.Well[cy+i-bitsTop] |= rows[i]
	}
	// Remove the full rows, top to bottom, shifting the rows above down.
	for i := 0; i < s.yDim; i++ {
		r := cy + i - bitsTop
		if c.Well[r] == fullRow {
			copy(c.Well[1:r+1], c.Well[:r])
			c.Well[0] = 0
			c.Lines++
		}
	}
	return c
}

// Children appends to out every distinct well piece id can land in from
// the well of the last Reset (one placement for each), and returns the
// extended slice. It allocates only when out must grow.
func (g *Gen) Children(id engine.Piece, out []Child) []Child {
	first, last := g.landings(id)
	for o := 0; o < 4; o++ {
		for y := first; y <= last; y++ {
			for land := g.land[o][y]; land != 0; land &= land - 1 {
				out = append(out, g.lock(id, o, bits.TrailingZeros16(land)-3, y))
			}
		}
	}
	return out
}

// BestPeak is the player's best outcome for piece id (the highest Peak
// over its landings, -1 if it cannot land), as the enemy rates it.
func (g *Gen) BestPeak(id engine.Piece) int {
	first, last := g.landings(id)
	return g.bestPeakOver(id, first, last)
}

// bestPeakOver is the highest Peak over the landings in g.land rows
// first to last (-1 if none).
func (g *Gen) bestPeakOver(id engine.Piece, first, last int) int {
	best := -1
	for o := 0; o < 4; o++ {
		s := &bitsShapes[id][o]
		span := uint32(1)<<uint(s.yDim) - 1
		for y := first; y <= last; y++ {
			land := g.land[o][y]
			if land == 0 {
				continue
			}
			// A piece clears nothing unless one of its rows has at least
			// six cells already: then every landing of this row of boxes
			// rates min(top, its top row), and one is enough.
			if cy := y + s.yMin; cy >= bitsTop && g.nearFull>>uint(cy)&span == 0 {
				best = max(best, min(g.top, cy))
				continue
			}
			for ; land != 0; land &= land - 1 {
				best = max(best, g.peakAfter(s, bits.TrailingZeros16(land)-3, y))
			}
		}
	}
	return best
}

// bitsTwin says that orientation o of a piece, with its box at (X, Y),
// fills the same cells as orientation of with its box at (X+dx, Y+dy).
type bitsTwin struct{ o, of, dx, dy int }

// bitsTwins lists, per piece, the orientations that repeat an earlier one.
var bitsTwins = buildBitsTwins()

// bitsDistinct lists, per piece, the orientations that are no twin of an
// earlier one (the O has one, the I, S and Z two).
var bitsDistinct = func() (out [engine.L + 1][]int) {
	for _, id := range pieceOrder {
	orient:
		for o := 0; o < 4; o++ {
			for _, tw := range bitsTwins[id] {
				if tw.o == o {
					continue orient
				}
			}
			out[id] = append(out[id], o)
		}
	}
	return out
}()

func buildBitsTwins() (out [engine.L + 1][]bitsTwin) {
	for _, id := range pieceOrder {
		for o := 1; o < 4; o++ {
			a := &orientations[id][o]
			for of := 0; of < o; of++ {
				b := &orientations[id][of]
				if a.xDim == b.xDim && a.yDim == b.yDim && a.rows == b.rows {
					out[id] = append(out[id], bitsTwin{o: o, of: of, dx: a.xMin - b.xMin, dy: a.yMin - b.yMin})
					break
				}
			}
		}
	}
	return out
}

// Mirrored is the well seen in a mirror: column x becomes column 9 - x.
func (b *Bits) Mirrored() Bits {
	var m Bits
	for i, r := range b {
		m[i] = bits.Reverse16(r) >> (16 - 10)
	}
	return m
}
