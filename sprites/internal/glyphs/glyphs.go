// Package glyphs renders the bitmap font's printable ASCII into a strip of
// fixed cells. Only the generator and the tests link it; the game reads the
// strip it wrote (sprites/glyphs.png).
package glyphs

import (
	"image"
	"image/color"
	"image/draw"

	"github.com/hajimehoshi/bitmapfont/v3"
	"golang.org/x/image/math/fixed"
)

// Cell sizes and the characters in the strip; sprites uses the same values.
const (
	W, H     = 6, 16 // the face's half-width advance and line height
	Baseline = 12    // its ascent within a cell
	First    = ' '
	Last     = '~'
)

// Render draws every glyph from First to Last, white on transparent, each
// in its own W x H cell, left to right.
func Render() *image.NRGBA {
	n := int(Last - First + 1)
	img := image.NewNRGBA(image.Rect(0, 0, W*n, H))
	for r := rune(First); r <= Last; r++ {
		cell := image.Rect(int(r-First)*W, 0, int(r-First+1)*W, H)
		dot := fixed.P(cell.Min.X, Baseline)
		dr, mask, mp, _, ok := bitmapfont.Face.Glyph(dot, r)
		if !ok {
			continue
		}
		clip := dr.Intersect(cell)
		draw.DrawMask(img, clip, image.NewUniform(color.White), image.Point{}, mask, mp.Add(clip.Min.Sub(dr.Min)), draw.Over)
	}
	return img
}
