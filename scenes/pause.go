package scenes

import (
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sprites"
)

// pauseScene is drawn over the game it pauses; the game below gets no
// ticks until it is popped.
type pauseScene struct {
	play *playScene
	menu menu
}

func newPause(p *playScene) *pauseScene {
	s := &pauseScene{play: p}
	s.menu = menu{x: ScreenW/2 - 90, y: 150, w: 180, rowH: 20, items: []menuItem{
		{label: "Resume", activate: func(c *Context) { c.Stack.Pop() }},
		{label: "Restart", activate: func(c *Context) { p.retry(c) }},
		{label: "Settings", activate: func(c *Context) { c.Stack.Push(newSettingsScene(true)) }},
		fullscreenItem(),
		{label: "Quit to menu", activate: func(c *Context) { p.saveReplay(c); c.Stack.Reset(newMainMenu()) }},
	}}
	return s
}

func (s *pauseScene) Overlay()     {}
func (s *pauseScene) Name() string { return "pause" }

func (s *pauseScene) Update(c *Context) error {
	if c.In.Pressed.Has(ActRetry) {
		s.play.retry(c)
		return nil
	}
	back := s.menu.update(c)
	// A row may have acted already (Resume pops, Restart resets): only a
	// pause still on top is closed, so one key never pops two scenes.
	if c.Stack.Top() == Scene(s) && (back || c.In.Pressed.Has(ActPause)) {
		c.Stack.Pop()
	}
	return nil
}

func (s *pauseScene) Draw(r *draw.Renderer) {
	// Hide the field, as guideline games do, so a pause is not free
	// thinking time; the HUD stays readable behind the veil.
	r.Rect(draw.BoardX-4, draw.BoardY-draw.HiddenPeek, 168, 320+draw.HiddenPeek+8, draw.Alpha(sprites.Well, 0.97))
	r.Rect(0, 0, ScreenW, ScreenH, draw.Alpha(sprites.Background, 0.55))
	r.Panel(ScreenW/2-110, 100, 220, float32(s.menu.y-100+len(s.menu.items)*s.menu.rowH+10), draw.Alpha(sprites.Panel, 0.97), sprites.Frame)
	r.TextCenter("PAUSED", ScreenW/2, 112, 2, sprites.Accent)
	s.menu.draw(r)
}

func (s *pauseScene) menuOf() *menu { return &s.menu }
