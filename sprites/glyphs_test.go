package sprites

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/kocka/kocka/sprites/internal/glyphs"
)

// The embedded strip must be exactly what the font draws today: if the
// font or the generator changes, run go generate ./sprites.
func TestGlyphStripIsCurrent(t *testing.T) {
	if glyphs.W != GlyphW || glyphs.H != GlyphH || glyphs.First != firstGlyph || glyphs.Last != lastGlyph {
		t.Fatal("the generator's cell sizes or characters differ from the atlas's")
	}
	embedded, err := png.Decode(bytes.NewReader(glyphStrip))
	if err != nil {
		t.Fatal(err)
	}
	want := glyphs.Render()
	if embedded.Bounds() != want.Bounds() {
		t.Fatalf("glyphs.png is %v, the font draws %v", embedded.Bounds(), want.Bounds())
	}
	b := want.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			_, _, _, ea := embedded.At(x, y).RGBA()
			_, _, _, wa := want.At(x, y).RGBA()
			if ea != wa {
				t.Fatalf("glyphs.png differs from the font at (%d, %d): run go generate ./sprites", x, y)
			}
		}
	}
}
