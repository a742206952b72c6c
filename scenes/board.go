package scenes

import (
	"image/color"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/sprites"
)

// Where the play screen puts things, in logical pixels.
const (
	cellSize    = sprites.Cell
	boardX      = 240 // left edge of the field
	boardY      = 28  // top edge of the visible field
	hiddenPeek  = 24  // how much of the hidden rows shows above the field
	leftColX    = 100 // left column (hold, call-outs, stats): 100..232
	leftColR    = 232
	rightColX   = 408 // right column (next queue, mode info)
	panelW      = 84
	firstSlotH  = 44
	queueSlotH  = 30
	holdPanelH  = 64
	boardFrameW = 3
)

// pieceBox returns the cells of piece p in spawn orientation, and its size
// in cells, for the hold box and the queue.
func pieceBox(p engine.Piece) (cells [4]engine.Cell, w, h int) {
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

// drawPiecePreview draws p centred in the box (x, y, w, h) with minos of
// size s.
func drawPiecePreview(r *Renderer, p engine.Piece, x, y, w, h, s float32, tint color.RGBA) {
	if !p.Valid() {
		return
	}
	cells, cw, ch := pieceBox(p)
	ox := x + (w-float32(cw)*s)/2
	oy := y + (h-float32(ch)*s)/2
	for _, c := range cells {
		r.Mino(p, ox+float32(c.X)*s, oy+float32(ch-1-int(c.Y))*s, s, tint)
	}
}

// cellXY is the logical top-left of board cell (x, y) for a field whose
// visible top-left is (bx, by) with visible height vh.
func cellXY(bx, by, vh, x, y int) (float32, float32) {
	return float32(bx + x*cellSize), float32(by + (vh-1-y)*cellSize)
}

// boardLook is what drawBoard shows besides the board itself.
type boardLook struct {
	x, y       int  // top-left of the visible field
	ghost      bool // show the landing shadow
	grid       bool
	dead       int     // game over: rows greyed from the bottom
	shakeY     float32 // hard-drop bump
	spawnFlash float32 // 0..1
	danger     bool    // stack near the top: tint the frame
	// lift raises row y of the stack by lift[y] pixels: after a line
	// clear the rows above are drawn where they were and drop into place.
	lift []float32
}

// drawBoard draws the well, its frame, the stack (with the hidden rows
// peeking out above), the ghost and the falling piece.
func drawBoard(r *Renderer, g *engine.Game, look boardLook) {
	b := g.Board()
	vh := g.VisibleHeight()
	w := b.Width
	bx, by := look.x, look.y+int(look.shakeY)
	fw, fh := float32(w*cellSize), float32(vh*cellSize)
	fx, fy := float32(bx), float32(by)

	frame := sprites.Frame
	if look.danger {
		t := float32(r.Tick%40) / 40
		if t > 0.5 {
			t = 1 - t
		}
		frame = sprites.Mix(frame, sprites.Danger, int(60+t*300))
	}
	// Well, a soft glow behind the frame, and the frame, open at the top
	// so the hidden rows show above it as in modern games.
	r.Rect(fx-boardFrameW-4, fy, fw+2*boardFrameW+8, fh+boardFrameW+4, Alpha(frame, 0.08))
	r.Rect(fx, fy-hiddenPeek, fw, fh+hiddenPeek, Alpha(sprites.Well, 0.55))
	r.Rect(fx, fy, fw, fh, sprites.Well)
	if look.grid {
		gc := sprites.GridLine
		for x := 1; x < w; x++ {
			r.Rect(fx+float32(x*cellSize), fy, 1, fh, gc)
		}
		for y := 1; y < vh; y++ {
			r.Rect(fx, fy+float32(y*cellSize), fw, 1, gc)
		}
	}
	r.Rect(fx-boardFrameW, fy, boardFrameW, fh+boardFrameW, frame)
	r.Rect(fx+fw, fy, boardFrameW, fh+boardFrameW, frame)
	r.Rect(fx, fy+fh, fw, boardFrameW, frame)
	// A dashed line marks the top of the field.
	for x := 0; x < w*cellSize; x += 8 {
		r.Rect(fx+float32(x), fy-1, 4, 1, Alpha(frame, 0.6))
	}

	clipY := fy - hiddenPeek
	for y := 0; y < min(b.Height, vh+2); y++ {
		for x := 0; x < w; x++ {
			p := b.At(x, y)
			if p == engine.None {
				continue
			}
			px, py := cellXY(bx, by, vh, x, y)
			if y < len(look.lift) {
				py -= look.lift[y]
			}
			tint := White
			switch {
			case y < look.dead:
				p, tint = sprites.Garbage, sprites.Shade(White, 150)
			case y >= vh:
				tint = Alpha(White, 0.6)
			}
			r.MinoClip(p, px, py, cellSize, clipY, tint)
		}
	}

	cur, ok := g.Current()
	if !ok {
		return
	}
	if look.ghost {
		gh := g.Ghost()
		if gh.Y != cur.Y {
			for _, c := range gh.Cells() {
				if int(c.Y) < vh+2 {
					px, py := cellXY(bx, by, vh, int(c.X), int(c.Y))
					if py >= clipY {
						r.Ghost(cur.Piece, px, py, cellSize, White)
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
		px, py := cellXY(bx, by, vh, int(c.X), int(c.Y))
		r.MinoClip(cur.Piece, px, py, cellSize, clipY, tint)
		if look.spawnFlash > 0 && py >= clipY {
			r.Rect(px, py, cellSize, cellSize, Alpha(White, look.spawnFlash*0.5))
		}
	}
}

// drawHold draws the hold box at the top of the left column.
func drawHold(r *Renderer, g *engine.Game) {
	x, y := float32(leftColR-panelW), float32(boardY)
	r.Panel(x, y, panelW, holdPanelH, sprites.Panel, sprites.Shade(sprites.Frame, 180))
	r.Text("HOLD", x+6, y+3, 1, sprites.Dim)
	tint := White
	if g.HoldUsed() {
		tint = sprites.Shade(White, 110)
	}
	drawPiecePreview(r, g.Hold(), x, y+16, panelW, holdPanelH-18, cellSize, tint)
}

// drawQueue draws the next pieces in the right column and returns the
// bottom of its panel.
func drawQueue(r *Renderer, g *engine.Game) float32 {
	n := min(g.Config().Preview, len(g.Queue()))
	x, y := float32(rightColX), float32(boardY)
	h := float32(18 + 4)
	if n > 0 {
		h += firstSlotH + float32((n-1)*queueSlotH)
	}
	r.Panel(x, y, panelW, h, sprites.Panel, sprites.Shade(sprites.Frame, 180))
	r.Text("NEXT", x+6, y+3, 1, sprites.Dim)
	sy := y + 18
	for i, p := range g.Queue()[:n] {
		if i == 0 {
			drawPiecePreview(r, p, x, sy, panelW, firstSlotH, cellSize, White)
			sy += firstSlotH
			continue
		}
		drawPiecePreview(r, p, x, sy, panelW, queueSlotH, sprites.SmallCell, White)
		sy += queueSlotH
	}
	return y + h
}

// stat draws a label and its value, right-aligned in the left column, and
// returns the y below it.
func stat(r *Renderer, label, value string, y float32, big bool) float32 {
	r.TextRight(label, leftColR, y, 1, sprites.Dim)
	y += sprites.GlyphH
	size := 1
	if big && sprites.TextWidth(value)*2 <= leftColR-leftColX {
		size = 2
	}
	r.TextRight(value, leftColR, y, size, sprites.Text)
	return y + float32(size*sprites.GlyphH) + 4
}

// info draws a label and value on one line in the right column.
func info(r *Renderer, label, value string, y float32, c color.RGBA) float32 {
	r.Text(label, rightColX, y, 1, sprites.Dim)
	r.TextRight(value, rightColX+panelW+40, y, 1, c)
	return y + sprites.GlyphH
}
