package sprites

import (
	"image/color"

	"github.com/kocka/kocka/engine"
)

// Garbage is the palette index of cells that belong to no piece (garbage
// rows, boards loaded from text with an unknown letter).
const Garbage = engine.L + 1

// NumColors is the number of tile colours: None is unused, I..L, Garbage.
const NumColors = int(Garbage) + 1

// PieceColors is the guideline colour of each piece, indexed by
// engine.Piece; Garbage is grey.
var PieceColors = [NumColors]color.RGBA{
	engine.I: {0x2e, 0xd5, 0xe6, 0xff}, // cyan
	engine.O: {0xf5, 0xd0, 0x2a, 0xff}, // yellow
	engine.T: {0xb0, 0x4c, 0xe0, 0xff}, // purple
	engine.S: {0x5c, 0xd1, 0x4b, 0xff}, // green
	engine.Z: {0xec, 0x45, 0x4f, 0xff}, // red
	engine.J: {0x3f, 0x6e, 0xef, 0xff}, // blue
	engine.L: {0xf5, 0x8c, 0x2a, 0xff}, // orange
	Garbage:  {0x8a, 0x8f, 0x9c, 0xff},
}

// Interface colours.
var (
	Background = color.RGBA{0x12, 0x14, 0x1f, 0xff}
	Panel      = color.RGBA{0x1c, 0x1f, 0x2e, 0xff}
	Well       = color.RGBA{0x0b, 0x0c, 0x14, 0xff}
	Frame      = color.RGBA{0x6c, 0x74, 0x9a, 0xff}
	GridLine   = color.RGBA{0x22, 0x25, 0x36, 0xff}
	Text       = color.RGBA{0xe8, 0xea, 0xf2, 0xff}
	Dim        = color.RGBA{0x8a, 0x90, 0xab, 0xff}
	Accent     = color.RGBA{0xff, 0xc8, 0x4a, 0xff}
	Danger     = color.RGBA{0xff, 0x5a, 0x5f, 0xff}
	Good       = color.RGBA{0x6b, 0xe3, 0x8f, 0xff}
)

// Shade multiplies a colour's channels by f/256 (f > 256 lightens, capped).
func Shade(c color.RGBA, f int) color.RGBA {
	s := func(v uint8) uint8 { return uint8(min(int(v)*f/256, 255)) }
	return color.RGBA{s(c.R), s(c.G), s(c.B), c.A}
}

// Mix blends a toward b by t/256.
func Mix(a, b color.RGBA, t int) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8((int(x)*(256-t) + int(y)*t) / 256) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), m(a.A, b.A)}
}

// NearestPiece returns the piece whose colour is nearest to c (squared RGB
// distance), or None when c is nearer the empty well than any piece. Pixel
// tests use it to read a screenshot back into pieces.
func NearestPiece(c color.RGBA) engine.Piece {
	dist := func(a color.RGBA) int {
		dr, dg, db := int(a.R)-int(c.R), int(a.G)-int(c.G), int(a.B)-int(c.B)
		return dr*dr + dg*dg + db*db
	}
	best, bestD := engine.None, dist(Well)
	for _, p := range engine.Pieces {
		if d := dist(PieceColors[p]); d < bestD {
			best, bestD = p, d
		}
	}
	return best
}
