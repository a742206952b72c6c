package scenes

import "github.com/kocka/kocka/sprites"

// pauseScene is drawn over the game it pauses; the game below gets no
// ticks until it is popped.
type pauseScene struct {
	play *playScene
	menu menu
}

func newPause(p *playScene) *pauseScene {
	s := &pauseScene{play: p}
	s.menu = menu{x: ScreenW/2 - 90, y: 150, w: 180, rowH: 20, items: []menuItem{
		{label: "Resume", activate: func(a *App) { a.Stack.Pop() }},
		{label: "Restart", activate: func(a *App) {
			p.saveReplay(a)
			if sc, err := p.restart(a); err == nil {
				a.Stack.Reset(sc)
			} else {
				a.Notify(err.Error())
			}
		}},
		{label: "Settings", activate: func(a *App) { a.Stack.Push(newSettingsScene(true)) }},
		{label: "Quit to menu", activate: func(a *App) { p.saveReplay(a); a.Stack.Reset(newMainMenu()) }},
	}}
	return s
}

func (s *pauseScene) Overlay()     {}
func (s *pauseScene) Name() string { return "pause" }

func (s *pauseScene) Update(a *App) error {
	back := s.menu.update(a)
	// A row may have acted already (Resume pops, Restart resets): only a
	// pause still on top is closed, so one key never pops two scenes.
	if a.Stack.Top() == Scene(s) && (back || a.In.Pressed.Has(ActPause)) {
		a.Stack.Pop()
	}
	return nil
}

func (s *pauseScene) Draw(r *Renderer) {
	// Hide the field, as guideline games do, so a pause is not free
	// thinking time; the HUD stays readable behind the veil.
	r.Rect(boardX-4, boardY-hiddenPeek, 168, 320+hiddenPeek+8, Alpha(sprites.Well, 0.97))
	r.Rect(0, 0, ScreenW, ScreenH, Alpha(sprites.Background, 0.55))
	r.Panel(ScreenW/2-110, 100, 220, 150, Alpha(sprites.Panel, 0.97), sprites.Frame)
	r.TextCenter("PAUSED", ScreenW/2, 112, 2, sprites.Accent)
	s.menu.draw(r, r.App)
}

func (s *pauseScene) menuOf() *menu { return &s.menu }
