//go:build !js

package main

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/scenes"
)

// platformStore is the browser's storage; natively there is none, and the
// config folder is used.
func platformStore() (scenes.Store, string, bool) { return nil, "", false }

// platformGame is what RunGame runs: natively, the App itself.
func platformGame(a *scenes.App) ebiten.Game { return a }
