package sprites

import (
	"fmt"
	"image"
	"image/color"
)

// Skin is a way of drawing a mino.
type Skin uint8

// The skins.
const (
	SkinBevel Skin = iota // raised blocks with light and shadow edges
	SkinFlat              // flat colour with a thin border and a glint
	SkinNeon              // dark glass with a glowing rim
	NumSkins
)

var skinNames = [NumSkins]string{"bevel", "flat", "neon"}

func (s Skin) String() string {
	if s < NumSkins {
		return skinNames[s]
	}
	return fmt.Sprintf("Skin(%d)", uint8(s))
}

// ParseSkin reads a skin name.
func ParseSkin(name string) (Skin, error) {
	for i, n := range skinNames {
		if n == name {
			return Skin(i), nil
		}
	}
	return 0, fmt.Errorf("unknown skin %q (want bevel, flat or neon)", name)
}

// DrawMino paints one mino of colour c filling r.
func DrawMino(dst *image.RGBA, r image.Rectangle, c color.RGBA, s Skin) {
	w, h := r.Dx(), r.Dy()
	set := func(x, y int, col color.RGBA) { dst.SetRGBA(r.Min.X+x, r.Min.Y+y, col) }
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			set(x, y, minoPixel(x, y, w, h, c, s))
		}
	}
}

// minoPixel is the colour of pixel (x, y) of a w x h mino.
func minoPixel(x, y, w, h int, c color.RGBA, s Skin) color.RGBA {
	edge := min(x, y, w-1-x, h-1-y) // distance to the nearest border
	bevel := max(1, w/6)
	switch s {
	case SkinFlat:
		switch {
		case edge == 0:
			return Shade(c, 150)
		case x >= 2 && x < 2+max(1, w/5) && y >= 2 && y < 2+max(1, h/5):
			return Mix(c, color.RGBA{255, 255, 255, 255}, 150)
		}
		return c
	case SkinNeon:
		switch {
		case edge == 0:
			return Mix(c, color.RGBA{255, 255, 255, 255}, 90)
		case edge == 1:
			return Shade(c, 200)
		case edge == 2:
			return Shade(c, 110)
		}
		// A faint diagonal sheen across the glass.
		if (x+y)%(w/2+1) == 0 && x < w/2 {
			return Shade(c, 110)
		}
		return Shade(c, 60)
	}
	// SkinBevel.
	switch {
	case edge == 0:
		return Shade(c, 120)
	case edge <= bevel && y <= x && y < h-1-x: // top
		return Mix(c, color.RGBA{255, 255, 255, 255}, 110)
	case edge <= bevel && x < y && x < h-1-y: // left
		return Mix(c, color.RGBA{255, 255, 255, 255}, 60)
	case edge <= bevel && y >= x && y > h-1-x: // bottom
		return Shade(c, 150)
	case edge <= bevel: // right
		return Shade(c, 185)
	}
	// A gentle vertical gradient in the face.
	return Shade(c, 256+24-48*y/h)
}

// DrawGhost paints the landing shadow of a mino of colour c: a rim in the
// piece colour over a faint fill, so the stack shows through.
func DrawGhost(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	w, h := r.Dx(), r.Dy()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			edge := min(x, y, w-1-x, h-1-y)
			var col color.RGBA
			switch edge {
			case 0:
				col = premul(c, 200)
			case 1:
				col = premul(c, 90)
			default:
				col = premul(c, 40)
			}
			dst.SetRGBA(r.Min.X+x, r.Min.Y+y, col)
		}
	}
}

// premul returns c at opacity a/255, premultiplied as ebiten expects.
func premul(c color.RGBA, a int) color.RGBA {
	return color.RGBA{uint8(int(c.R) * a / 255), uint8(int(c.G) * a / 255), uint8(int(c.B) * a / 255), uint8(a)}
}

// MarshalText writes the skin's name (settings files keep names).
func (s Skin) MarshalText() ([]byte, error) {
	if s >= NumSkins {
		return nil, fmt.Errorf("unknown skin %d", uint8(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a skin name.
func (s *Skin) UnmarshalText(b []byte) error {
	v, err := ParseSkin(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}
