package scenes

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

// settingsScene edits the settings. Every change takes effect at once (the
// App applies sound and window settings after each tick);
// the file is written when the scene is left. Opened from a paused game,
// handling changes (DAS, ARR, soft drop, preview) apply from the next game,
// since a game keeps the rules it started with.
type settingsScene struct {
	menu      menu
	inGame    bool
	slot      int    // binding slot chosen with Left/Right: 0 or 1
	capturing int    // action+1 whose key is being captured, 0 = none
	message   string // last refusal, shown in red
}

func newSettingsScene(inGame bool) *settingsScene {
	s := &settingsScene{inGame: inGame}
	for act := Action(0); act < NumActions; act++ {
		s.menu.items = append(s.menu.items, menuItem{
			label: act.Title(),
			help:  "Enter: new key. Left/Right: slot. Delete: clear.",
			keys: func(c *Context) [2]string {
				kb := c.Settings.Keys[act]
				out := [2]string{KeyName(kb[0]), KeyName(kb[1])}
				if s.capturing == int(act)+1 {
					out[s.slot] = "?"
				}
				if s.menu.sel == int(act) {
					out[s.slot] = "[" + out[s.slot] + "]"
				}
				return out
			},
			activate: func(c *Context) { s.capturing, s.message = int(act)+1, "" },
		})
	}
	type intRow struct {
		label, help string
		field       func(*Settings) *int
		min, max    int
		show        func(v int) string
	}
	ms := func(v int) string { return fmt.Sprintf("%d (%d ms)", v, v*1000/60) }
	for _, row := range []intRow{
		{"DAS", "Ticks a direction is held before the piece auto-repeats.", func(s *Settings) *int { return &s.DAS }, 0, 30, ms},
		{"ARR", "Ticks between auto-repeat moves; 0 slides straight to the wall.", func(s *Settings) *int { return &s.ARR }, 0, 10, ms},
		{"Soft drop", "Soft drop speed as a multiple of gravity; 0 drops at once.", func(s *Settings) *int { return &s.SoftDrop }, 0, 40,
			func(v int) string {
				if v == 0 {
					return "instant"
				}
				return fmt.Sprintf("x%d", v)
			}},
		{"Preview", "How many next pieces are shown.", func(s *Settings) *int { return &s.Preview }, 0, 6, nil},
		{"Volume", "Sound effects volume.", func(s *Settings) *int { return &s.Volume }, 0, 10, nil},
		{"Window scale", "Window size as a multiple of 640x360.", func(s *Settings) *int { return &s.Scale }, 1, 4,
			func(v int) string { return fmt.Sprintf("%dx%d", ScreenW*v, ScreenH*v) }},
	} {
		help := row.help
		switch row.label {
		case "DAS", "ARR", "Soft drop", "Preview":
			if inGame {
				help += " Applies from the next game."
			}
		}
		s.menu.items = append(s.menu.items, menuItem{label: row.label, help: help,
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
	s.menu.items = append(s.menu.items,
		toggle("Ghost piece", "Show where the piece will land.", func(s *Settings) *bool { return &s.Ghost }),
		toggle("Grid", "Draw the grid lines in the well.", func(s *Settings) *bool { return &s.Grid }),
		menuItem{label: "Skin", help: "How the minos look.",
			value: func(c *Context) string { return c.Settings.Skin.String() },
			adjust: func(c *Context, d int) {
				c.Settings.Skin = sprites.Skin((int(c.Settings.Skin) + d + int(sprites.NumSkins)) % int(sprites.NumSkins))
			}},
		toggle("Mute", "Silence every sound.", func(s *Settings) *bool { return &s.Mute }),
		toggle("Fullscreen", "Fill the screen (F11 also works in most desktops).", func(s *Settings) *bool { return &s.Fullscreen }),
		menuItem{label: "Reset to defaults", help: "Every setting and key back to the defaults.",
			activate: func(c *Context) { *c.Settings = DefaultSettings() }},
		menuItem{label: "Back", activate: func(c *Context) { s.leave(c) }},
	)
	s.menu.x, s.menu.y, s.menu.w, s.menu.rowH = ScreenW/2-170, 44, 340, 13
	return s
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
	sel := s.menu.sel
	if sel < int(NumActions) {
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
				if err := c.Settings.Keys.Clear(Action(sel), s.slot); err != nil {
					s.message = err.Error()
				}
				return nil
			}
		}
	}
	if s.menu.update(c) {
		s.leave(c)
	}
	if s.menu.sel != sel {
		s.message = "" // a refusal is about the row it was made on
	}
	return nil
}

// capture takes the next key pressed as the binding of the chosen action.
// Escape cancels. A key already used elsewhere is refused with a message.
func (s *settingsScene) capture(c *Context) {
	for _, k := range c.In.Keys {
		act := Action(s.capturing - 1)
		if k == ebiten.KeyEscape {
			s.capturing = 0
			return
		}
		if err := c.Settings.Keys.Bind(act, s.slot, k); err != nil {
			s.message = err.Error()
			c.Play(sound.TopOut)
		} else {
			s.message = ""
		}
		s.capturing = 0
		return
	}
}

// Draw implements Scene.
func (s *settingsScene) Draw(r *draw.Renderer) {
	r.TextCenter("SETTINGS", ScreenW/2, 8, 1, sprites.Accent)
	r.Panel(float32(s.menu.x-6), float32(s.menu.y-4), float32(s.menu.w+12), float32(len(s.menu.items)*s.menu.rowH+6), sprites.Panel, sprites.Shade(sprites.Frame, 160))
	s.menu.draw(r)
	switch {
	case s.capturing > 0:
		msg := fmt.Sprintf("Press a key for %s (Esc cancels)", Action(s.capturing-1).Title())
		r.Panel(ScreenW/2-170, 150, 340, 40, sprites.Shade(sprites.Accent, 60), sprites.Accent)
		r.TextCenter(msg, ScreenW/2, 162, 1, sprites.Text)
	case s.message != "":
		r.TextCenter(s.message, ScreenW/2, 24, 1, sprites.Danger)
	}
}

func (s *settingsScene) menuOf() *menu { return &s.menu }
