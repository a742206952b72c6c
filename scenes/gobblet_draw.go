package scenes

import (
	"fmt"
	"image/color"
	"slices"

	"github.com/kocka/kocka/gobai"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/solver/prove/gobblet"
	"github.com/kocka/kocka/sprites"
)

// GobbletColours are the two sides' pieces: colour 0 cream, colour 1 red
// (the window test reads them back from screenshots).
var GobbletColours = [2]color.RGBA{{0xf0, 0xe2, 0xc0, 0xff}, {0xe0, 0x4a, 0x55, 0xff}}

// hintColour marks the perfect move, apart from the cursor's accent and
// the destinations' green.
var hintColour = color.RGBA{0x5a, 0xc8, 0xff, 0xff}

// pieceFrac is a piece's side as a fraction of a square, by size (A
// largest), so a stack shows as concentric squares.
var pieceFrac = [gobblet.MaxSizes]float32{0.86, 0.64, 0.44, 0.26}

// gobbletGeom places the board and the reserves on the logical screen:
// the person's reserve right of the board, the computer's left. Drawing,
// clicks and the test state all use it.
type gobbletGeom struct {
	n      int
	cell   float32 // a board square
	x0, y0 float32 // the board's top-left corner
	slot   float32 // a reserve slot
	human  int
}

func (s *gobbletScene) geom() gobbletGeom {
	g := gobbletGeom{n: s.n(), human: s.kind.human, slot: 56}
	g.cell = 64
	if g.n == 3 {
		g.cell = 80
	}
	g.x0 = (ScreenW - g.cell*float32(g.n)) / 2
	g.y0 = 40
	return g
}

// portraitSpan keeps the board and both players' stacks, with their
// counts, in a portrait window: 484 columns for Gobblers, 500 for Gobblet.
func (s *gobbletScene) portraitSpan() (int, int) {
	g := s.geom()
	margin := 36 + g.slot + 30 // the gap, a stack, its "x2"
	return int(g.x0 - margin), int(g.x0 + float32(g.n)*g.cell + margin)
}

func (g gobbletGeom) square(q int) (x, y float32) {
	return g.x0 + float32(q%g.n)*g.cell, g.y0 + float32(q/g.n)*g.cell
}

// reserve is the top-left corner of colour c's slot i.
func (g gobbletGeom) reserve(c, i int) (x, y float32) {
	x = g.x0 + float32(g.n)*g.cell + 36
	if c != g.human {
		x = g.x0 - 36 - g.slot
	}
	return x, g.y0 + 8 + float32(i)*(g.slot+12)
}

// spotAt is the square or slot under logical point (x, y), or NoSpot.
func (g gobbletGeom) spotAt(x, y int) gobai.Spot {
	fx, fy := float32(x), float32(y)
	side := g.cell * float32(g.n)
	if fx >= g.x0 && fy >= g.y0 && fx < g.x0+side && fy < g.y0+side {
		return gobai.Square(int((fy-g.y0)/g.cell)*g.n + int((fx-g.x0)/g.cell))
	}
	for c := 0; c < 2; c++ {
		for i := 0; i < 4; i++ {
			sx, sy := g.reserve(c, i)
			if fx >= sx && fy >= sy && fx < sx+g.slot && fy < sy+g.slot {
				return gobai.Reserve(c, i)
			}
		}
	}
	return gobai.NoSpot
}

// cursorAt is the cursor's place for a spot (the person's reserve is column N).
func (g gobbletGeom) cursorAt(sp gobai.Spot) [2]int {
	if q, ok := sp.IsSquare(); ok {
		return [2]int{q % g.n, q / g.n}
	}
	_, i, _ := sp.IsReserve()
	return [2]int{g.n, min(i, g.n-1)}
}

// centre is the middle of a spot, in logical pixels.
func (g gobbletGeom) centre(sp gobai.Spot) (float32, float32) {
	if q, ok := sp.IsSquare(); ok {
		x, y := g.square(q)
		return x + g.cell/2, y + g.cell/2
	}
	c, i, _ := sp.IsReserve()
	x, y := g.reserve(c, i)
	return x + g.slot/2, y + g.slot/2
}

// drawPiece draws a piece of size z and colour c centred on (cx, cy) in
// a box of side box, with the pieces under it (size, colour) as nested
// outlines inside it.
func drawPiece(r *draw.Renderer, cx, cy, box float32, z, c int, under [][2]int) {
	side := box * pieceFrac[z]
	x, y := cx-side/2, cy-side/2
	r.Rect(x+2, y+3, side, side, draw.Alpha(sprites.Well, 0.6)) // shadow
	r.Rect(x, y, side, side, GobbletColours[c])
	r.Outline(x, y, side, side, 2, sprites.Shade(GobbletColours[c], 150))
	in := side * 0.16
	r.Outline(x+in, y+in, side-2*in, side-2*in, 1, sprites.Shade(GobbletColours[c], 190))
	for _, u := range under {
		us := box * pieceFrac[u[0]] * 0.9
		ux, uy := cx-us/2, cy-us/2
		r.Outline(ux, uy, us, us, 3, sprites.Shade(GobbletColours[u[1]], 120))
		r.Outline(ux+1, uy+1, us-2, us-2, 1, GobbletColours[u[1]])
	}
}

func (s *gobbletScene) Draw(r *draw.Renderer) {
	g := s.geom()
	b := &s.m.Board
	r.TextCenter(s.kind.title, ScreenW/2, 10, 1, sprites.Accent)
	side := g.cell * float32(g.n)
	r.Panel(g.x0-6, g.y0-6, side+12, side+12, sprites.Panel, sprites.Frame)
	// Marks: the last move, the pick, its destinations, the hint, the cursor.
	var from, to = -1, -1
	if mv, ok := s.m.Last(); ok {
		from, to = int(mv.From), int(mv.To)
	}
	targets := s.m.Targets()
	hint, hasHint := s.hintNow()
	showHint := hasHint && s.hintShown && hint.Has && s.personToMove()
	for q := 0; q < g.n*g.n; q++ {
		x, y := g.square(q)
		fill := sprites.Well
		if (q%g.n+q/g.n)%2 == 1 {
			fill = sprites.Shade(sprites.Panel, 120)
		}
		r.Rect(x+1, y+1, g.cell-2, g.cell-2, fill)
		if q == to || q == from {
			r.Rect(x+1, y+1, g.cell-2, g.cell-2, draw.Alpha(sprites.Frame, 0.28))
		}
		if s.m.Selected() == gobai.Square(q) {
			r.Rect(x+1, y+1, g.cell-2, g.cell-2, draw.Alpha(sprites.Accent, 0.35))
		}
		st := gobai.Stack(b, q)
		if len(st) > 0 {
			drawPiece(r, x+g.cell/2, y+g.cell/2, g.cell, st[0][0], st[0][1], st[1:])
		}
		if slices.Contains(targets, q) {
			r.Rect(x+1, y+1, g.cell-2, g.cell-2, draw.Alpha(sprites.Good, 0.14))
			r.Rect(x+g.cell/2-5, y+g.cell/2-5, 10, 10, sprites.Good)
		}
		if showHint && int(hint.Move.To) == q {
			r.Outline(x+4, y+4, g.cell-8, g.cell-8, 3, hintColour)
		}
		if showHint && int(hint.Move.From) == q {
			r.Outline(x+8, y+8, g.cell-16, g.cell-16, 2, hintColour)
		}
		r.Text(squareName(g.n, q), x+3, y+1, 1, draw.Alpha(sprites.Dim, 0.6))
	}
	// The reserves.
	for c := 0; c < 2; c++ {
		who := "YOU"
		if c != s.kind.human {
			who = "COMPUTER"
		}
		x0, y0 := g.reserve(c, 0)
		r.TextCenter(who, x0+g.slot/2, y0-22, 1, GobbletColours[c])
		for i, sl := range gobai.ReserveSlots(&s.m.R, b, c) {
			x, y := g.reserve(c, i)
			r.Panel(x, y, g.slot, g.slot, sprites.Well, sprites.Shade(sprites.Frame, 120))
			if s.m.Selected() == gobai.Reserve(c, i) {
				r.Rect(x+1, y+1, g.slot-2, g.slot-2, draw.Alpha(sprites.Accent, 0.35))
			}
			if sl.Top() < 0 {
				continue
			}
			var under [][2]int
			if s.m.R.Stacked {
				for _, z := range sl.Sizes[1:] {
					under = append(under, [2]int{z, c})
				}
			}
			drawPiece(r, x+g.slot/2, y+g.slot/2, g.slot, sl.Top(), c, under)
			if !s.m.R.Stacked {
				// The count beside the slot, outward from the board.
				if c == s.kind.human {
					r.Text(fmt.Sprintf("x%d", len(sl.Sizes)), x+g.slot+4, y+g.slot/2-8, 1, sprites.Text)
				} else {
					r.TextRight(fmt.Sprintf("x%d", len(sl.Sizes)), x-4, y+g.slot/2-8, 1, sprites.Text)
				}
			}
			if showHint && hint.Move.From < 0 && int(hint.Move.Size) == sl.Top() && c == s.kind.human && !s.hintedSlot(c, i) {
				r.Outline(x+3, y+3, g.slot-6, g.slot-6, 3, hintColour)
			}
		}
	}
	// The cursor, while the person plays.
	if s.personToMove() {
		if over, _ := s.m.Over(); !over {
			cx, cy := g.centre(s.cursorSpot())
			w := g.cell
			if s.cursor[0] == g.n {
				w = g.slot
			}
			pulse := 0.6 + 0.4*float32(r.Tick%40)/40
			r.Outline(cx-w/2-2, cy-w/2-2, w+4, w+4, 2, draw.Alpha(sprites.Accent, pulse))
		}
	}
	line, sub := s.status()
	sy := g.y0 + side + 14
	r.TextCenter(line, ScreenW/2, sy, 1, sprites.Text)
	for i, l := range draw.Wrap(sub, (ScreenW-40)/sprites.GlyphW) {
		r.TextCenter(l, ScreenW/2, sy+16+float32(i*sprites.GlyphH), 1, sprites.Dim)
	}
	if over, w := s.m.Over(); over {
		msg, col := "YOU WIN", sprites.Good
		if w != s.kind.human {
			msg, col = "THE COMPUTER WINS", sprites.Danger
		}
		r.Panel(ScreenW/2-120, 140, 240, 110, draw.Alpha(sprites.Panel, 0.96), col)
		r.TextCenter(msg, ScreenW/2, 152, 2, col)
		s.over.draw(r)
	}
}

// hintedSlot reports whether an earlier slot of colour c shows the same
// size as slot i, so a hint from the reserve marks one slot only.
func (s *gobbletScene) hintedSlot(c, i int) bool {
	slots := gobai.ReserveSlots(&s.m.R, &s.m.Board, c)
	for j := 0; j < i; j++ {
		if slots[j].Top() == slots[i].Top() {
			return true
		}
	}
	return false
}
