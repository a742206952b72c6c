package scenes

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/internal/atomicfile"
)

const shotFailed = "Screenshot not saved: "

// keyShot saves the screen to ShotDir (F12). The pixels must be read here,
// in Draw; the PNG is encoded and written off the game loop.
func (a *App) keyShot(screen *ebiten.Image) {
	if a.opts.ShotDir == "" {
		a.Notify("Screenshots need a config folder.")
		return
	}
	img := image.NewRGBA(screen.Bounds())
	screen.ReadPixels(img.Pix)
	name := filepath.Join(a.opts.ShotDir, "kocka-"+time.Now().Format("20060102-150405.000")+".png")
	if a.state != nil {
		a.state.flush(a.State())
	}
	go func() {
		err := os.MkdirAll(a.opts.ShotDir, 0o755)
		if err == nil {
			var buf bytes.Buffer
			if err = png.Encode(&buf, img); err == nil {
				err = atomicfile.WriteFile(name, buf.Bytes(), 0o644)
			}
		}
		msg := "Screenshot saved: " + filepath.Base(name)
		if err != nil {
			msg = shotFailed + err.Error()
		}
		if a.opts.Log != nil {
			a.opts.Log(msg)
		}
		select { // shown by the next tick; never blocks the writer
		case a.shots <- msg:
		default:
		}
	}()
}

func (a *App) saveScreenshot(screen *ebiten.Image) error {
	b := screen.Bounds()
	img := image.NewRGBA(b)
	screen.ReadPixels(img.Pix)
	// Whole or not at all: a test reading the file never sees half a PNG.
	var buf bytes.Buffer
	err := png.Encode(&buf, img)
	if err == nil {
		err = atomicfile.Replace(atomicfile.OS, a.opts.Screenshot, buf.Bytes(), 0o644)
	}
	if err != nil {
		return fmt.Errorf("screenshot: %w", err)
	}
	if a.state != nil {
		a.state.flush(a.State())
	}
	return nil
}
