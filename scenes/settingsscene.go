package scenes

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

// The settings come in groups, one on screen at a time: the first row
// (and the tabs above the menu) choose the group.
const (
	groupControls = iota
	groupHandling
	groupDisplay
	groupAudio
	groupGame
	numGroups
)

var groupNames = [numGroups]string{"Controls", "Handling", "Display", "Audio", "Game"}

// settingsScene edits the settings. Every change takes effect at once (the
// App applies sound and window settings after each tick), and the Display
// group shows the looks on a sample well beside the menu; the file is
// written when the scene is left. Opened from a paused game, handling
// changes (DAS, ARR, DCD, soft drop, preview) apply from the next game,
// since a game keeps the rules it started with.
type settingsScene struct {
	menu      menu
	group     int
	rows      [numGroups][]menuItem
	inGame    bool
	slot      int    // binding slot chosen with Left/Right: 0 or 1
	capturing int    // action+1 whose key is being captured, 0 = none
	message   string // last refusal, shown in red until the selection moves
	msgRow    int    // the row the refusal is about
}

// Tabs: where the group names are drawn (and clicked).
const (
	tabY, tabW, tabH = 22, 96, 16
	tabX             = ScreenW/2 - numGroups*tabW/2
)

func newSettingsScene(inGame bool) *settingsScene {
	s := &settingsScene{inGame: inGame}
	for act := Action(0); act < NumActions; act++ {
		s.rows[groupControls] = append(s.rows[groupControls], menuItem{
			label: act.Title(),
			help:  "Enter: new key. Left/Right: slot. Delete: clear.",
			keys: func(c *Context) [2]string {
				kb := c.Settings.Keys[act]
				out := [2]string{KeyName(kb[0]), KeyName(kb[1])}
				if s.capturing == int(act)+1 {
					out[s.slot] = "?"
				}
				if a, ok := s.actionAt(s.menu.sel); ok && a == act {
					out[s.slot] = "[" + out[s.slot] + "]"
				}
				return out
			},
			activate: func(c *Context) { s.capturing, s.message = int(act)+1, "" },
		})
	}
	type intRow struct {
		group       int
		label, help string
		field       func(*Settings) *int
		min, max    int
		show        func(v int) string
		handling    bool // applies from the next game when opened in one
	}
	ms := func(v int) string { return fmt.Sprintf("%d (%d ms)", v, v*1000/60) }
	for _, row := range []intRow{
		{groupHandling, "DAS", "Delayed auto shift: ticks a direction is held before the piece auto-repeats.", func(s *Settings) *int { return &s.DAS }, 0, 30, ms, true},
		{groupHandling, "ARR", "Auto-repeat rate: ticks between auto-repeat moves; 0 slides straight to the wall.", func(s *Settings) *int { return &s.ARR }, 0, 10, ms, true},
		{groupHandling, "DCD", "DAS cut delay: after a turn, a hard drop or a new piece, a held direction waits this long before it repeats again. 0 = no wait.", func(s *Settings) *int { return &s.DCD }, 0, 20, ms, true},
		{groupHandling, "Soft drop", "Soft drop speed as a multiple of gravity; 0 drops at once.", func(s *Settings) *int { return &s.SoftDrop }, 0, 40,
			func(v int) string {
				if v == 0 {
					return "instant"
				}
				return fmt.Sprintf("x%d", v)
			}, true},
		{groupDisplay, "Window scale", "Window size as a multiple of 640x360 (the picture always fills the window).", func(s *Settings) *int { return &s.Scale }, 1, 4,
			func(v int) string { return fmt.Sprintf("%dx%d", ScreenW*v, ScreenH*v) }, false},
		{groupAudio, "Effects volume", "Volume of the sound effects.", func(s *Settings) *int { return &s.Volume }, 0, 10, nil, false},
		{groupAudio, "Music volume", "Volume of the music, a loop made by the game's own synthesizer; 0 turns it off.", func(s *Settings) *int { return &s.Music }, 0, 10,
			func(v int) string {
				if v == 0 {
					return "off"
				}
				return fmt.Sprint(v)
			}, false},
		{groupGame, "Preview", "How many next pieces are shown.", func(s *Settings) *int { return &s.Preview }, 0, 6, nil, true},
	} {
		help := row.help
		if row.handling && inGame {
			help += " Applies from the next game."
		}
		s.rows[row.group] = append(s.rows[row.group], menuItem{label: row.label, help: help,
			value: func(c *Context) string {
				v := *row.field(c.Settings)
				if row.show != nil {
					return row.show(v)
				}
				return fmt.Sprint(v)
			},
			adjust: func(c *Context, d int) {
				p := row.field(c.Settings)
				*p = min(max(*p+d, row.min), row.max)
			}})
	}
	toggle := func(label, help string, field func(*Settings) *bool) menuItem {
		flip := func(c *Context) { p := field(c.Settings); *p = !*p }
		return menuItem{label: label, help: help,
			value: func(c *Context) string {
				if *field(c.Settings) {
					return "on"
				}
				return "off"
			},
			activate: flip, adjust: func(c *Context, _ int) { flip(c) }}
	}
	rot180 := toggle("180 turns", "The rotate-180 key (A) turns the piece half way, with SRS+ kicks; off, as in the guideline, it does nothing.",
		func(s *Settings) *bool { return &s.Rot180 })
	if inGame {
		rot180.help += " Applies from the next game."
	}
	s.rows[groupHandling] = append(s.rows[groupHandling], rot180)
	s.rows[groupDisplay] = append([]menuItem{
		{label: "Skin", help: "How the minos look: see the sample on the right.",
			value: func(c *Context) string { return c.Settings.Skin.String() },
			adjust: func(c *Context, d int) {
				c.Settings.Skin = sprites.Skin((int(c.Settings.Skin) + d + int(sprites.NumSkins)) % int(sprites.NumSkins))
			}},
		toggle("Ghost piece", "Show where the piece will land.", func(s *Settings) *bool { return &s.Ghost }),
		toggle("Grid", "Draw the grid lines in the well.", func(s *Settings) *bool { return &s.Grid }),
	}, s.rows[groupDisplay]...)
	s.rows[groupDisplay] = append(s.rows[groupDisplay],
		toggle("Fullscreen", "Fill the screen (F11 too, and from the pause menu).", func(s *Settings) *bool { return &s.Fullscreen }))
	s.rows[groupAudio] = append(s.rows[groupAudio],
		toggle("Mute", "Silence the effects and the music.", func(s *Settings) *bool { return &s.Mute }))
	s.rows[groupGame] = append(s.rows[groupGame],
		menuItem{label: "Reset to defaults", help: "Every setting and key back to the defaults.",
			activate: func(c *Context) { *c.Settings = DefaultSettings() }})
	s.menu.x, s.menu.y, s.menu.w, s.menu.rowH = 36, 46, 380, 16
	s.setGroup(groupControls)
	return s
}

// setGroup shows group g's rows under the group row, with Back last.
func (s *settingsScene) setGroup(g int) {
	s.group = (g + numGroups) % numGroups
	items := []menuItem{{label: "Group", help: "Left/Right or a click on a tab: Controls, Handling, Display, Audio, Game.",
		value:    func(*Context) string { return groupNames[s.group] },
		activate: func(*Context) { s.setGroup(s.group + 1) },
		adjust:   func(_ *Context, d int) { s.setGroup(s.group + d) }}}
	items = append(items, s.rows[s.group]...)
	items = append(items, menuItem{label: "Back", activate: func(c *Context) { s.leave(c) }})
	s.menu.items = items
	s.menu.shown = nil
	s.message = ""
}

// actionAt is the action whose binding row i is, if it is one.
func (s *settingsScene) actionAt(i int) (Action, bool) {
	if s.group != groupControls || i < 1 || i > int(NumActions) {
		return 0, false
	}
	return Action(i - 1), true
}

// find selects the row labelled label, in whichever group holds it, and
// reports whether there is one (tests, and links from other scenes).
func (s *settingsScene) find(label string) bool {
	for g := 0; g < numGroups; g++ {
		for i, it := range s.rows[g] {
			if it.label == label {
				s.setGroup(g)
				s.menu.sel = i + 1
				return true
			}
		}
	}
	return false
}

func (s *settingsScene) Name() string { return "settings" }

func (s *settingsScene) leave(c *Context) {
	c.SaveSettings()
	c.Stack.Pop()
}

// Update implements Scene.
func (s *settingsScene) Update(c *Context) error {
	if s.capturing > 0 {
		s.capture(c)
		return nil
	}
	if c.In.Click && c.In.Y >= tabY && c.In.Y < tabY+tabH && c.In.X >= tabX && c.In.X < tabX+numGroups*tabW {
		s.setGroup((c.In.X - tabX) / tabW)
		c.Play(sound.MenuMove)
		return nil
	}
	if act, ok := s.actionAt(s.menu.sel); ok {
		// On a binding row Left/Right choose the slot, not a value.
		switch {
		case c.In.Menu&MenuLeft != 0:
			s.slot = 0
			return nil
		case c.In.Menu&MenuRight != 0:
			s.slot = 1
			return nil
		}
		for _, k := range c.In.Keys {
			if k == ebiten.KeyDelete {
				if err := c.Settings.Keys.Clear(act, s.slot); err != nil {
					s.message, s.msgRow = err.Error(), s.menu.sel
				}
				return nil
			}
		}
	}
	if s.menu.update(c) {
		s.leave(c)
	}
	if s.message != "" && s.menu.sel != s.msgRow {
		s.message = "" // the refusal was about the row left behind
	}
	return nil
}

// capture takes the next key pressed as the binding of the chosen action.
// Escape cancels. A key already used elsewhere is refused with a message.
// Only the first key of the tick counts.
func (s *settingsScene) capture(c *Context) {
	if len(c.In.Keys) == 0 {
		return
	}
	k, act := c.In.Keys[0], Action(s.capturing-1)
	s.capturing = 0
	if k == ebiten.KeyEscape {
		return
	}
	if err := c.Settings.Keys.Bind(act, s.slot, k); err != nil {
		s.message, s.msgRow = err.Error(), s.menu.sel
		c.Play(sound.TopOut)
	} else {
		s.message = ""
	}
}

// Draw implements Scene.
func (s *settingsScene) Draw(r *draw.Renderer) {
	r.TextCenter("SETTINGS", ScreenW/2, 6, 1, sprites.Accent)
	for g, name := range groupNames {
		x := float32(tabX + g*tabW)
		fill, c := sprites.Shade(sprites.Panel, 160), sprites.Dim
		if g == s.group {
			fill, c = draw.Alpha(sprites.Accent, 0.25), sprites.Accent
		}
		r.Panel(x+1, tabY, tabW-2, tabH, fill, sprites.Shade(sprites.Frame, 160))
		r.TextCenter(name, x+tabW/2, tabY+(tabH-sprites.GlyphH)/2, 1, c)
	}
	r.Panel(float32(s.menu.x-6), float32(s.menu.y-4), float32(s.menu.w+12), float32(len(s.menu.items)*s.menu.rowH+6), sprites.Panel, sprites.Shade(sprites.Frame, 160))
	s.menu.draw(r)
	if s.group == groupDisplay {
		drawLooksSample(r, 456, 46)
	}
	switch {
	case s.capturing > 0:
		msg := fmt.Sprintf("Press a key for %s (Esc cancels)", Action(s.capturing-1).Title())
		r.Panel(ScreenW/2-170, 150, 340, 40, sprites.Shade(sprites.Accent, 60), sprites.Accent)
		r.TextCenter(msg, ScreenW/2, 162, 1, sprites.Text)
	case s.message != "":
		r.TextCenter(s.message, ScreenW/2, ScreenH-16, 1, sprites.Danger)
	}
}

// sampleWell is a little stack of every piece, bottom row first, that the
// Display group draws in the chosen looks.
var sampleWell = [...]string{
	"IIIIJLLLSS",
	"OO.JJJLSS.",
	"OOZZ..TTT.",
	"...ZZ..T..",
}

// drawLooksSample draws a small well in the current skin, grid and ghost,
// with a T piece above its landing place: a live preview of the looks.
func drawLooksSample(r *draw.Renderer, x, y float32) {
	const cols, rows, cell = 10, 14, 12
	w, h := float32(cols*cell), float32(rows*cell)
	r.Text("Preview", x, y, 1, sprites.Dim)
	y += 14
	r.Rect(x, y, w, h, sprites.Well)
	if r.Looks.Grid {
		for c := 1; c < cols; c++ {
			r.Rect(x+float32(c*cell), y, 1, h, sprites.GridLine)
		}
		for row := 1; row < rows; row++ {
			r.Rect(x, y+float32(row*cell), w, 1, sprites.GridLine)
		}
	}
	cellAt := func(cx, cy int) (float32, float32) { return x + float32(cx*cell), y + h - float32((cy+1)*cell) }
	for cy, line := range sampleWell {
		for cx, ch := range line {
			if p, err := engine.ParsePiece(string(ch)); err == nil {
				px, py := cellAt(cx, cy)
				r.Mino(p, px, py, cell, draw.White)
			}
		}
	}
	// A T falling over the left corner, its ghost where it would land.
	for _, c := range [][2]int{{0, 0}, {1, 0}, {2, 0}, {1, 1}} {
		if r.Looks.Ghost {
			gx, gy := cellAt(c[0], c[1]+3)
			r.Ghost(engine.T, gx, gy, cell, draw.White)
		}
		px, py := cellAt(c[0], c[1]+10)
		r.Mino(engine.T, px, py, cell, draw.White)
	}
	r.Outline(x-1, y-1, w+2, h+2, 1, sprites.Frame)
}

func (s *settingsScene) menuOf() *menu { return &s.menu }
