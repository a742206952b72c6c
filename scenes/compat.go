package scenes

import (
	"github.com/kocka/kocka/persist"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sound"
)

// The logical screen size (draw.ScreenW x draw.ScreenH).
const (
	ScreenW = draw.ScreenW
	ScreenH = draw.ScreenH
)

// Names that moved out of scenes stay here for play.go and the platform
// files: the stores live in package persist, the audio in package sound.
type (
	Store     = persist.Store
	FileStore = persist.FileStore
	MemStore  = persist.MemStore
)

// DefaultDir is persist.DefaultDir.
func DefaultDir() (string, error) { return persist.DefaultDir() }

// NewAudio is sound.NewAudio.
func NewAudio() *sound.Audio { return sound.NewAudio() }
