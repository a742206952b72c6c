package draw

import (
	"image"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/sprites"
)

// Logical screen size: every scene draws in these coordinates, and the
// renderer scales them to the window: by a whole number when the window
// allows (640x360 divides 720p, 1080p and 1440p exactly), else by a
// fraction that keeps a cell a whole number of pixels (BeginScaled).
const (
	ScreenW = 640
	ScreenH = 360
)

// Letterbox is the colour of the window, inside and around the logical
// screen: one clear paints the background (a software renderer such as
// llvmpipe pays for every full-screen quad).
var Letterbox = sprites.Background

// Looks are the player's choices of how the game is drawn.
type Looks struct {
	Skin  sprites.Skin
	Ghost bool // the landing shadow
	Grid  bool // grid lines in the well
}

// Renderer draws quads from the sprite atlas in batches: a frame's minos,
// rectangles and letters go to the GPU in one DrawTriangles call (more only
// if a frame has over 16k quads). It knows how to draw and how the player
// wants things to look, nothing of the game's data: scenes draw from their
// own state.
type Renderer struct {
	dst   *ebiten.Image
	atlas *ebiten.Image
	Atlas *sprites.Atlas
	Looks Looks

	scale   float32 // window pixels per logical pixel
	ox, oy  float32 // where logical (0, 0) is in the window
	snap    bool    // round every quad's edges to whole window pixels
	vs      []ebiten.Vertex
	is      []uint16
	opts    ebiten.DrawTrianglesOptions
	Flushes int // draw calls this frame (for benchmarks)
	Quads   int // quads this frame
	Tick    int // app ticks, for animations

	// Said, when non-nil, collects every string drawn this frame (tests
	// read what a screen says from it).
	Said *[]string
}

// NewRenderer uploads the atlas.
func NewRenderer(a *sprites.Atlas) *Renderer {
	r := &Renderer{Atlas: a, atlas: ebiten.NewImageFromImage(a.Image), scale: 1}
	// quadUV writes premultiplied colour scales; Ebitengine's default
	// reads them as straight alpha, which turns a translucent white grey.
	r.opts.ColorScaleMode = ebiten.ColorScaleModePremultipliedAlpha
	return r
}

// NewDry builds frames without a GPU image, for tests and benchmarks
// without a display.
func NewDry() *Renderer { return &Renderer{Atlas: sprites.NewAtlas(), scale: 1} }

// Begin starts a frame on dst with the given integer scale and offset. A
// nil dst builds the frame and drops it (tests and benchmarks without a
// display).
func (r *Renderer) Begin(dst *ebiten.Image, scale int, ox, oy int) {
	r.BeginScaled(dst, float32(scale), ox, oy)
}

// BeginScaled starts a frame at any scale. At a scale that is not a whole
// number every quad's edges are rounded to whole window pixels, so a cell
// (16 logical pixels; pick scales that make it whole) is always the same
// number of pixels and neighbours meet without seams or blur.
func (r *Renderer) BeginScaled(dst *ebiten.Image, scale float32, ox, oy int) {
	r.dst, r.scale, r.ox, r.oy = dst, scale, float32(ox), float32(oy)
	r.snap = scale != float32(int(scale))
	r.Flushes, r.Quads = 0, 0
}

// Batched is the number of quads waiting for Flush.
func (r *Renderer) Batched() int { return len(r.is) / 6 }

// Batch is the vertices waiting for Flush, four per quad (top-left,
// top-right, bottom-left, bottom-right): tests read where things were
// drawn from it.
func (r *Renderer) Batch() []ebiten.Vertex { return r.vs }

// Flush sends the batched quads.
func (r *Renderer) Flush() {
	if len(r.is) == 0 {
		return
	}
	r.Quads += len(r.is) / 6
	if r.dst != nil {
		r.dst.DrawTriangles(r.vs, r.is, r.atlas, &r.opts)
	}
	r.vs, r.is = r.vs[:0], r.is[:0]
	r.Flushes++
}

// quad adds the atlas region src drawn at logical (x, y, w, h) tinted by c
// (straight alpha).
func (r *Renderer) quad(src image.Rectangle, x, y, w, h float32, c color.RGBA) {
	r.quadUV(float32(src.Min.X), float32(src.Min.Y), float32(src.Max.X), float32(src.Max.Y), x, y, w, h, c)
}

func (r *Renderer) quadUV(u0, v0, u1, v1, x, y, w, h float32, c color.RGBA) {
	if len(r.vs)+4 > 65535 {
		r.Flush()
	}
	a := float32(c.A) / 255
	cr, cg, cb := float32(c.R)/255*a, float32(c.G)/255*a, float32(c.B)/255*a
	x0, y0 := r.ox+x*r.scale, r.oy+y*r.scale
	x1, y1 := x0+w*r.scale, y0+h*r.scale
	if r.snap {
		x0, y0 = round(x0), round(y0)
		x1, y1 = round(r.ox+(x+w)*r.scale), round(r.oy+(y+h)*r.scale)
	}
	n := uint16(len(r.vs))
	r.vs = append(r.vs,
		ebiten.Vertex{DstX: x0, DstY: y0, SrcX: u0, SrcY: v0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: a},
		ebiten.Vertex{DstX: x1, DstY: y0, SrcX: u1, SrcY: v0, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: a},
		ebiten.Vertex{DstX: x0, DstY: y1, SrcX: u0, SrcY: v1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: a},
		ebiten.Vertex{DstX: x1, DstY: y1, SrcX: u1, SrcY: v1, ColorR: cr, ColorG: cg, ColorB: cb, ColorA: a},
	)
	r.is = append(r.is, n, n+1, n+2, n+1, n+3, n+2)
}

// round rounds half up; window coordinates are small, so float32 holds
// them exactly.
func round(v float32) float32 { return float32(int(v+0.5+1<<20)) - 1<<20 }

// Rect fills a logical rectangle.
func (r *Renderer) Rect(x, y, w, h float32, c color.RGBA) {
	r.quad(r.Atlas.White(), x, y, w, h, c)
}

// Outline draws a rectangle outline t pixels thick.
func (r *Renderer) Outline(x, y, w, h, t float32, c color.RGBA) {
	r.Rect(x, y, w, t, c)
	r.Rect(x, y+h-t, w, t, c)
	r.Rect(x, y+t, t, h-2*t, c)
	r.Rect(x+w-t, y+t, t, h-2*t, c)
}

// Panel draws a filled box with a thin frame.
func (r *Renderer) Panel(x, y, w, h float32, fill, frame color.RGBA) {
	r.Rect(x, y, w, h, fill)
	r.Outline(x, y, w, h, 1, frame)
}

// Mino draws one board-size mino of piece p at (x, y), size s.
func (r *Renderer) Mino(p engine.Piece, x, y, s float32, c color.RGBA) {
	if s <= sprites.SmallCell {
		r.quad(r.Atlas.SmallMino(r.Looks.Skin, p), x, y, s, s, c)
		return
	}
	r.quad(r.Atlas.Mino(r.Looks.Skin, p), x, y, s, s, c)
}

// MinoClip draws the bottom part of a mino, the top cut off above clipY:
// hidden rows peek out over the field this way.
func (r *Renderer) MinoClip(p engine.Piece, x, y, s, clipY float32, c color.RGBA) {
	if y >= clipY {
		r.Mino(p, x, y, s, c)
		return
	}
	if y+s <= clipY {
		return
	}
	src := r.Atlas.Mino(r.Looks.Skin, p)
	cut := (clipY - y) * float32(src.Dy()) / s
	r.quadUV(float32(src.Min.X), float32(src.Min.Y)+cut, float32(src.Max.X), float32(src.Max.Y), x, clipY, s, y+s-clipY, c)
}

// Ghost draws a landing-shadow mino.
func (r *Renderer) Ghost(p engine.Piece, x, y, s float32, c color.RGBA) {
	r.quad(r.Atlas.Ghost(p), x, y, s, s, c)
}

// Text draws s with its top-left at (x, y), each font pixel size x size.
func (r *Renderer) Text(s string, x, y float32, size int, c color.RGBA) {
	if r.Said != nil {
		*r.Said = append(*r.Said, s)
	}
	fs := float32(size)
	for _, ch := range s {
		if ch != ' ' {
			r.quad(r.Atlas.Glyph(ch), x, y, sprites.GlyphW*fs, sprites.GlyphH*fs, c)
		}
		x += sprites.GlyphW * fs
	}
}

// TextCenter draws s centred on x.
func (r *Renderer) TextCenter(s string, x, y float32, size int, c color.RGBA) {
	r.Text(s, x-float32(sprites.TextWidth(s)*size)/2, y, size, c)
}

// TextRight draws s ending at x.
func (r *Renderer) TextRight(s string, x, y float32, size int, c color.RGBA) {
	r.Text(s, x-float32(sprites.TextWidth(s)*size), y, size, c)
}

// White is opaque white; Alpha returns c at a given opacity 0..1.
var White = color.RGBA{255, 255, 255, 255}

// Alpha scales c's opacity by f (0..1).
func Alpha(c color.RGBA, f float32) color.RGBA {
	f = min(max(f, 0), 1)
	c.A = uint8(float32(c.A) * f)
	return c
}

// Wrap breaks s into lines of at most n characters, at spaces when it can.
func Wrap(s string, n int) []string {
	var out []string
	for len(s) > n {
		cut := strings.LastIndexByte(s[:n+1], ' ')
		next := cut + 1
		if cut <= 0 {
			cut, next = n, n
		}
		out = append(out, s[:cut])
		s = s[next:]
	}
	return append(out, s)
}

// Heading draws a screen title with a coloured underline.
func (r *Renderer) Heading(s string, y float32, c color.RGBA) {
	r.TextCenter(s, ScreenW/2, y, 2, sprites.Text)
	w := float32(sprites.TextWidth(s) * 2)
	r.Rect(ScreenW/2-w/2, y+34, w, 2, c)
}

// Notice shows a message in a banner at the top, wrapped to the screen.
func (r *Renderer) Notice(msg string, alpha float32) {
	lines := Wrap(msg, (ScreenW-24)/sprites.GlyphW)
	h := float32(len(lines)*sprites.GlyphH + 8)
	r.Panel(6, 4, ScreenW-12, h, Alpha(sprites.Shade(sprites.Danger, 70), alpha*0.95), Alpha(sprites.Danger, alpha))
	for i, l := range lines {
		r.Text(l, 12, 8+float32(i*sprites.GlyphH), 1, Alpha(sprites.Text, alpha))
	}
}
