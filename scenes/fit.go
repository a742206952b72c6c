package scenes

import "github.com/kocka/kocka/scenes/draw"

// fit places the logical columns x0..x1 (all of them, 0..ScreenW, unless
// a portrait window shows only the play area) and the full height in a
// w x h window: the largest scale at which they fit, rounded down so that
// a cell (draw.Cell logical pixels) is a whole number of window pixels,
// and centred. A 1366x657 laptop page gets 29-pixel cells (scale 1.8125),
// where whole-number scaling gave 16.
func fit(w, h, x0, x1 int) (scale float32, ox, oy int) {
	span := x1 - x0
	s := min(float64(w)/float64(span), float64(h)/float64(ScreenH))
	cell := int(s * draw.Cell)
	if cell < 1 {
		cell = 1
	}
	scale = float32(cell) / draw.Cell
	ox = (w-int(float32(span)*scale))/2 - int(float32(x0)*scale)
	oy = (h - int(float32(ScreenH)*scale)) / 2
	return scale, ox, oy
}

// portraitSpan is the logical columns to show in a w x h window. A window
// narrower than 16:9 (a phone held upright, its canvas above the touch
// buttons) shows the bottom visible scene's play area (portraitFramer) as
// large as the width allows, rather than all 640 columns small; the rest
// shows where it fits. A window of 16:9 or wider shows everything.
func (a *App) portraitSpan(w, h int) (x0, x1 int) {
	if w*ScreenH >= h*ScreenW {
		return 0, ScreenW
	}
	if v := a.Stack.Visible(); len(v) > 0 {
		if p, ok := v[0].(portraitFramer); ok {
			return p.portraitSpan()
		}
	}
	return 0, ScreenW
}

// portraitFramer is a scene whose important part, in a portrait window,
// is the logical columns x0..x1.
type portraitFramer interface{ portraitSpan() (x0, x1 int) }

// The play scenes (play, versus, the replay viewer) keep the hold box, the
// board, the queue and the figures beside it: 390 columns, so that a phone
// 390 pixels wide (the most common) draws them at scale 1, crisp.
func (s *playScene) portraitSpan() (int, int) {
	return draw.LeftColR - draw.PanelW - 6, draw.RightColX + draw.PanelW + 40
}

// A game against a thrower keeps, besides the board, the dealt piece (and
// the current one beside it when the next is shown) and, on the right, the
// thrower's reasons with their scores: the whole of both, smaller, rather
// than a cut panel.
func (s *versusScene) portraitSpan() (int, int) {
	x0 := draw.LeftColR - draw.PanelW - 6
	if s.game.Config().Preview > 0 {
		x0 -= draw.PanelW + 6 // the NOW box
	}
	return x0, draw.RightColX + whyW + 4
}

// The title and the main menu keep their middle.
func (s *titleScene) portraitSpan() (int, int) { return ScreenW/2 - 200, ScreenW/2 + 200 }
func (s *mainMenu) portraitSpan() (int, int)   { return ScreenW/2 - 150, ScreenW/2 + 150 }

// The replay viewer keeps its controls, in the left column, too.
func (v *replayViewer) portraitSpan() (int, int) {
	_, x1 := v.playScene.portraitSpan()
	return 0, x1
}

// fullscreenItem is the pause menu's row that turns fullscreen on and off
// (F11 does too, anywhere); the App applies it after the tick.
func fullscreenItem() menuItem {
	flip := func(c *Context) {
		c.Settings.Fullscreen = !c.Settings.Fullscreen
		c.SaveSettings()
	}
	return menuItem{label: "Fullscreen",
		value: func(c *Context) string {
			if c.Settings.Fullscreen {
				return "on"
			}
			return "off"
		},
		activate: flip, adjust: func(c *Context, _ int) { flip(c) }}
}
