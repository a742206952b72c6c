package sprites

import (
	"bytes"
	_ "embed"
	"image"
	"image/color"
	"image/draw"
	"image/png"

	"github.com/kocka/kocka/engine"
)

//go:generate go run ./internal/glyphgen -o glyphs.png

// glyphStrip is bitmapfont/v3's printable ASCII, one GlyphW x GlyphH cell
// per character from firstGlyph on, drawn by internal/glyphgen: embedding
// the strip instead of the font package keeps its other faces (about
// 1.75 MB) out of the browser download.
//
//go:embed glyphs.png
var glyphStrip []byte

// Sizes on the logical screen, in pixels.
const (
	Cell      = 16 // a mino on the board, in the hold box and first in the queue
	SmallCell = 12 // a mino further down the next queue
	GlyphW    = 6  // the bitmap font's half-width advance
	GlyphH    = 16 // the bitmap font's line height
)

// First and last characters in the atlas (printable ASCII).
const (
	firstGlyph = ' '
	lastGlyph  = '~'
)

const atlasSize = 256

// Atlas is one image that holds every tile and glyph Kocka draws, so a whole
// frame can be drawn from a single texture with a few batched calls.
type Atlas struct {
	Image *image.RGBA

	mino  [NumSkins][NumColors]image.Rectangle
	small [NumSkins][NumColors]image.Rectangle
	ghost [NumColors]image.Rectangle
	glyph [lastGlyph - firstGlyph + 1]image.Rectangle
	white image.Rectangle
}

// shelf places rectangles left to right in rows, a new row when one is full.
type shelf struct{ x, y, rowH int }

func (s *shelf) place(w, h int) image.Rectangle {
	if s.x+w > atlasSize {
		s.x, s.y, s.rowH = 0, s.y+s.rowH, 0
	}
	r := image.Rect(s.x, s.y, s.x+w, s.y+h)
	if r.Max.Y > atlasSize {
		panic("sprites: atlas overflow")
	}
	s.x += w
	s.rowH = max(s.rowH, h)
	return r
}

// NewAtlas draws every skin, ghost and glyph into a new atlas.
func NewAtlas() *Atlas {
	a := &Atlas{Image: image.NewRGBA(image.Rect(0, 0, atlasSize, atlasSize))}
	var sh shelf
	// A white block first: solid rectangles sample its middle, away from
	// any neighbour.
	a.white = sh.place(4, 4)
	draw.Draw(a.Image, a.white, image.NewUniform(color.White), image.Point{}, draw.Src)
	for s := Skin(0); s < NumSkins; s++ {
		for p := engine.I; int(p) < NumColors; p++ {
			a.mino[s][p] = sh.place(Cell, Cell)
			DrawMino(a.Image, a.mino[s][p], PieceColors[p], s)
		}
	}
	for s := Skin(0); s < NumSkins; s++ {
		for p := engine.I; int(p) < NumColors; p++ {
			a.small[s][p] = sh.place(SmallCell, SmallCell)
			DrawMino(a.Image, a.small[s][p], PieceColors[p], s)
		}
	}
	for p := engine.I; int(p) < NumColors; p++ {
		a.ghost[p] = sh.place(Cell, Cell)
		DrawGhost(a.Image, a.ghost[p], PieceColors[p])
	}
	strip, err := png.Decode(bytes.NewReader(glyphStrip))
	if err != nil {
		panic("sprites: the embedded glyphs.png is damaged: " + err.Error())
	}
	for r := rune(firstGlyph); r <= lastGlyph; r++ {
		cell := sh.place(GlyphW, GlyphH)
		a.glyph[r-firstGlyph] = cell
		draw.Draw(a.Image, cell, strip, image.Pt(int(r-firstGlyph)*GlyphW, 0), draw.Over)
	}
	return a
}

// Mino is the tile of piece p (or Garbage) in skin s at board size.
func (a *Atlas) Mino(s Skin, p engine.Piece) image.Rectangle {
	return a.mino[s%NumSkins][colorIndex(p)]
}

// SmallMino is the same tile at the queue's smaller size.
func (a *Atlas) SmallMino(s Skin, p engine.Piece) image.Rectangle {
	return a.small[s%NumSkins][colorIndex(p)]
}

// Ghost is the landing-shadow tile of piece p.
func (a *Atlas) Ghost(p engine.Piece) image.Rectangle { return a.ghost[colorIndex(p)] }

// White is a solid white region for rectangles; sample inside it.
func (a *Atlas) White() image.Rectangle { return a.white.Inset(1) }

// Glyph is the cell of character r; characters outside printable ASCII
// show as '?'.
func (a *Atlas) Glyph(r rune) image.Rectangle {
	if r < firstGlyph || r > lastGlyph {
		r = '?'
	}
	return a.glyph[r-firstGlyph]
}

func colorIndex(p engine.Piece) engine.Piece {
	if p.Valid() {
		return p
	}
	return Garbage
}

// TextWidth is the width of s in logical pixels at scale 1.
func TextWidth(s string) int { return len([]rune(s)) * GlyphW }
