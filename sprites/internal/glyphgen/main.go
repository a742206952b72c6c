// Command glyphgen draws the printable ASCII glyphs of bitmapfont/v3's face
// into sprites/glyphs.png, one 6x16 cell each, left to right. The game
// embeds that strip instead of linking the font package, whose six faces
// would add about 1.75 MB to the browser download for one face of ASCII.
//
//	go generate ./sprites
package main

import (
	"flag"
	"fmt"
	"image/png"
	"os"

	"github.com/kocka/kocka/sprites/internal/glyphs"
)

func main() {
	out := flag.String("o", "glyphs.png", "the PNG to write")
	flag.Parse()
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "glyphgen:", err)
		os.Exit(1)
	}
	if err := png.Encode(f, glyphs.Render()); err != nil {
		fmt.Fprintln(os.Stderr, "glyphgen:", err)
		os.Exit(1)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "glyphgen:", err)
		os.Exit(1)
	}
}
