package sprites

import (
	"image"
	"testing"

	"github.com/kocka/kocka/engine"
)

func TestAtlasRegionsDisjointAndPainted(t *testing.T) {
	a := NewAtlas()
	var rects []image.Rectangle
	for s := Skin(0); s < NumSkins; s++ {
		for _, p := range append(engine.Pieces[:], Garbage) {
			rects = append(rects, a.Mino(s, p), a.SmallMino(s, p))
		}
	}
	for _, p := range engine.Pieces {
		rects = append(rects, a.Ghost(p))
	}
	for r := rune(firstGlyph); r <= lastGlyph; r++ {
		rects = append(rects, a.Glyph(r))
	}
	for i, r := range rects {
		if !r.In(a.Image.Bounds()) || r.Empty() {
			t.Fatalf("region %d %v outside the atlas", i, r)
		}
		for j := i + 1; j < len(rects); j++ {
			if r.Overlaps(rects[j]) {
				t.Fatalf("regions %d %v and %d %v overlap", i, r, j, rects[j])
			}
		}
	}
	// Every mino is opaque and takes its piece's hue: the middle pixel is
	// closest to the piece colour among the palette.
	for s := Skin(0); s < NumSkins; s++ {
		for _, p := range engine.Pieces {
			r := a.Mino(s, p)
			if c := a.Image.RGBAAt(r.Min.X, r.Min.Y); c.A != 0xff {
				t.Errorf("skin %v piece %v: corner alpha %d", s, p, c.A)
			}
			mid := a.Image.RGBAAt(r.Min.X+Cell/2, r.Min.Y+Cell/2)
			if got := NearestPiece(mid); got != p && s != SkinNeon {
				t.Errorf("skin %v piece %v: middle %v reads as %v", s, p, mid, got)
			}
		}
	}
}

func TestGlyphsDrawn(t *testing.T) {
	a := NewAtlas()
	count := func(r rune) int {
		g, n := a.Glyph(r), 0
		for y := g.Min.Y; y < g.Max.Y; y++ {
			for x := g.Min.X; x < g.Max.X; x++ {
				if a.Image.RGBAAt(x, y).A > 0 {
					n++
				}
			}
		}
		return n
	}
	if n := count(' '); n != 0 {
		t.Errorf("space has %d pixels", n)
	}
	for _, r := range "AZaz09:%" {
		if count(r) < 5 {
			t.Errorf("glyph %q has %d pixels", r, count(r))
		}
	}
	if a.Glyph('\u00e9') != a.Glyph('?') {
		t.Error("non-ASCII glyph does not fall back to '?'")
	}
}

func TestParseSkin(t *testing.T) {
	for s := Skin(0); s < NumSkins; s++ {
		got, err := ParseSkin(s.String())
		if err != nil || got != s {
			t.Errorf("ParseSkin(%q) = %v, %v", s.String(), got, err)
		}
	}
	if _, err := ParseSkin("plaid"); err == nil {
		t.Error("ParseSkin accepted an unknown skin")
	}
}

func BenchmarkNewAtlas(b *testing.B) {
	for b.Loop() {
		NewAtlas()
	}
}
