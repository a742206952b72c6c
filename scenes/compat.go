package scenes

import (
	"github.com/kocka/kocka/persist"
	"github.com/kocka/kocka/scenes/draw"
)

// The logical screen size (draw.ScreenW x draw.ScreenH).
const (
	ScreenW = draw.ScreenW
	ScreenH = draw.ScreenH
)

// The stores live in package persist; these names stay for play.go.
type (
	Store     = persist.Store
	FileStore = persist.FileStore
	MemStore  = persist.MemStore
)

// DefaultDir is persist.DefaultDir.
func DefaultDir() (string, error) { return persist.DefaultDir() }
