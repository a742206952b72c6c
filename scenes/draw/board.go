package draw

import (
	"image/color"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/sprites"
)

// Where the play screen puts things, in logical pixels.
const (
	Cell        = sprites.Cell
	BoardX      = 240 // left edge of the field
	BoardY      = 28  // top edge of the visible field
	HiddenPeek  = 24  // how much of the hidden rows shows above the field
	LeftColX    = 100 // left column (hold, call-outs, stats): 100..232
	LeftColR    = 232
	RightColX   = 408 // right column (next queue, mode info)
	PanelW      = 84
	FirstSlotH  = 44
	QueueSlotH  = 30
	HoldPanelH  = 64
	BoardFrameW = 3
)

// PieceBox returns the cells of piece p in spawn orientation, and its size
// in cells, for the hold box and the queue.
func PieceBox(p engine.Piece) (cells [4]engine.Cell, w, h int) {
	cells = engine.Shape(p, engine.Rot0)
	minX, minY, maxX, maxY := int8(9), int8(9), int8(-9), int8(-9)
	for _, c := range cells {
		minX, minY = min(minX, c.X), min(minY, c.Y)
		maxX, maxY = max(maxX, c.X), max(maxY, c.Y)
	}
	for i := range cells {
		cells[i].X -= minX
		cells[i].Y -= minY
	}
	return cells, int(maxX-minX) + 1, int(maxY-minY) + 1
}

// PiecePreview draws p centred in the box (x, y, w, h) with minos of
// size s.
func PiecePreview(r *Renderer, p engine.Piece, x, y, w, h, s float32, tint color.RGBA) {
	if !p.Valid() {
		return
	}
	cells, cw, ch := PieceBox(p)
	ox := x + (w-float32(cw)*s)/2
	oy := y + (h-float32(ch)*s)/2
	for _, c := range cells {
		r.Mino(p, ox+float32(c.X)*s, oy+float32(ch-1-int(c.Y))*s, s, tint)
	}
}

// CellXY is the logical top-left of board cell (x, y) for a field whose
// visible top-left is (bx, by) with visible height vh.
func CellXY(bx, by, vh, x, y int) (float32, float32) {
	return float32(bx + x*Cell), float32(by + (vh-1-y)*Cell)
}

// BoardLook is what Board shows besides the board itself.
type BoardLook struct {
	X, Y       int  // top-left of the visible field
	Ghost      bool // show the landing shadow
	Grid       bool
	Dead       int     // game over: rows greyed from the bottom
	ShakeY     float32 // hard-drop bump
	SpawnFlash float32 // 0..1
	Danger     bool    // stack near the top: tint the frame
	// Lift raises row y of the stack by Lift[y] pixels: after a line
	// clear the rows above are drawn where they were and drop into place.
	Lift []float32
}

// Board draws the well, its frame, the stack (with the hidden rows
// peeking out above), the ghost and the falling piece.
func Board(r *Renderer, g *engine.Game, look BoardLook) {
	b := g.Board()
	vh := g.VisibleHeight()
	w := b.Width
	bx, by := look.X, look.Y+int(look.ShakeY)
	fw, fh := float32(w*Cell), float32(vh*Cell)
	fx, fy := float32(bx), float32(by)

	frame := sprites.Frame
	if look.Danger {
		t := float32(r.Tick%40) / 40
		if t > 0.5 {
			t = 1 - t
		}
		frame = sprites.Mix(frame, sprites.Danger, int(60+t*300))
	}
	// Well, a soft glow behind the frame, and the frame, open at the top
	// so the hidden rows show above it as in modern games.
	r.Rect(fx-BoardFrameW-4, fy, fw+2*BoardFrameW+8, fh+BoardFrameW+4, Alpha(frame, 0.08))
	r.Rect(fx, fy-HiddenPeek, fw, fh+HiddenPeek, Alpha(sprites.Well, 0.55))
	r.Rect(fx, fy, fw, fh, sprites.Well)
	if look.Grid {
		gc := sprites.GridLine
		for x := 1; x < w; x++ {
			r.Rect(fx+float32(x*Cell), fy, 1, fh, gc)
		}
		for y := 1; y < vh; y++ {
			r.Rect(fx, fy+float32(y*Cell), fw, 1, gc)
		}
	}
	r.Rect(fx-BoardFrameW, fy, BoardFrameW, fh+BoardFrameW, frame)
	r.Rect(fx+fw, fy, BoardFrameW, fh+BoardFrameW, frame)
	r.Rect(fx, fy+fh, fw, BoardFrameW, frame)
	// A dashed line marks the top of the field.
	for x := 0; x < w*Cell; x += 8 {
		r.Rect(fx+float32(x), fy-1, 4, 1, Alpha(frame, 0.6))
	}

	clipY := fy - HiddenPeek
	for y := 0; y < min(b.Height, vh+2); y++ {
		for x := 0; x < w; x++ {
			p := b.At(x, y)
			if p == engine.None {
				continue
			}
			px, py := CellXY(bx, by, vh, x, y)
			if y < len(look.Lift) {
				py -= look.Lift[y]
			}
			tint := White
			switch {
			case y < look.Dead:
				p, tint = sprites.Garbage, sprites.Shade(White, 150)
			case y >= vh:
				tint = Alpha(White, 0.6)
			}
			r.MinoClip(p, px, py, Cell, clipY, tint)
		}
	}

	cur, ok := g.Current()
	if !ok {
		return
	}
	if look.Ghost {
		gh := g.Ghost()
		if gh.Y != cur.Y {
			for _, c := range gh.Cells() {
				if int(c.Y) < vh+2 {
					px, py := CellXY(bx, by, vh, int(c.X), int(c.Y))
					if py >= clipY {
						r.Ghost(cur.Piece, px, py, Cell, White)
					}
				}
			}
		}
	}
	// The piece darkens as its lock delay runs out.
	tint := White
	if ld := g.Config().LockDelay; ld > 0 && g.LockTimer() > 0 {
		tint = sprites.Shade(White, 256-g.LockTimer()*110/ld)
	}
	for _, c := range cur.Cells() {
		px, py := CellXY(bx, by, vh, int(c.X), int(c.Y))
		r.MinoClip(cur.Piece, px, py, Cell, clipY, tint)
		if look.SpawnFlash > 0 && py >= clipY {
			r.Rect(px, py, Cell, Cell, Alpha(White, look.SpawnFlash*0.5))
		}
	}
}

// Hold draws the hold box at the top of the left column.
func Hold(r *Renderer, g *engine.Game) {
	x, y := float32(LeftColR-PanelW), float32(BoardY)
	r.Panel(x, y, PanelW, HoldPanelH, sprites.Panel, sprites.Shade(sprites.Frame, 180))
	r.Text("HOLD", x+6, y+3, 1, sprites.Dim)
	tint := White
	if g.HoldUsed() {
		tint = sprites.Shade(White, 110)
	}
	PiecePreview(r, g.Hold(), x, y+16, PanelW, HoldPanelH-18, Cell, tint)
}

// Queue draws the next pieces in the right column and returns the
// bottom of its panel.
func Queue(r *Renderer, g *engine.Game) float32 {
	n := min(g.Config().Preview, len(g.Queue()))
	x, y := float32(RightColX), float32(BoardY)
	h := float32(18 + 4)
	if n > 0 {
		h += FirstSlotH + float32((n-1)*QueueSlotH)
	}
	r.Panel(x, y, PanelW, h, sprites.Panel, sprites.Shade(sprites.Frame, 180))
	r.Text("NEXT", x+6, y+3, 1, sprites.Dim)
	sy := y + 18
	for i, p := range g.Queue()[:n] {
		if i == 0 {
			PiecePreview(r, p, x, sy, PanelW, FirstSlotH, Cell, White)
			sy += FirstSlotH
			continue
		}
		PiecePreview(r, p, x, sy, PanelW, QueueSlotH, sprites.SmallCell, White)
		sy += QueueSlotH
	}
	return y + h
}

// Stat draws a label and its value, right-aligned in the left column, and
// returns the y below it.
func Stat(r *Renderer, label, value string, y float32, big bool) float32 {
	r.TextRight(label, LeftColR, y, 1, sprites.Dim)
	y += sprites.GlyphH
	size := 1
	if big && sprites.TextWidth(value)*2 <= LeftColR-LeftColX {
		size = 2
	}
	r.TextRight(value, LeftColR, y, size, sprites.Text)
	return y + float32(size*sprites.GlyphH) + 4
}

// Info draws a label and value on one line in the right column.
func Info(r *Renderer, label, value string, y float32, c color.RGBA) float32 {
	r.Text(label, RightColX, y, 1, sprites.Dim)
	r.TextRight(value, RightColX+PanelW+40, y, 1, c)
	return y + sprites.GlyphH
}
