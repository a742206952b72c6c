package main

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/persist"
	"github.com/kocka/kocka/scenes"
)

// In the browser, settings, high scores and replays live in localStorage,
// and the page talks to the game through window.kocka (scenes.Browser).

func platformStore() (persist.Store, string, bool) {
	s, err := persist.OpenLocalStore("kocka/")
	if err != nil {
		return &persist.MemStore{}, err.Error() + ": settings and scores will not be saved.", true
	}
	return s, "", true
}

func platformGame(a *scenes.App) ebiten.Game { return scenes.NewBrowser(a) }
