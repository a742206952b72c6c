package scenes

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

// settingsScene edits the settings. Every change takes effect at once;
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
			keys: func(a *App) [2]string {
				kb := a.Settings.Keys[act]
				out := [2]string{KeyName(kb[0]), KeyName(kb[1])}
				if s.capturing == int(act)+1 {
					out[s.slot] = "?"
				}
				if s.menu.sel == int(act) {
					out[s.slot] = "[" + out[s.slot] + "]"
				}
				return out
			},
			activate: func(a *App) { s.capturing, s.message = int(act)+1, "" },
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
			value: func(a *App) string {
				v := *row.field(&a.Settings)
				if row.show != nil {
					return row.show(v)
				}
				return fmt.Sprint(v)
			},
			adjust: func(a *App, d int) {
				p := row.field(&a.Settings)
				*p = min(max(*p+d, row.min), row.max)
				a.applySettings()
			}})
	}
	toggle := func(label, help string, field func(*Settings) *bool) menuItem {
		flip := func(a *App) { p := field(&a.Settings); *p = !*p; a.applySettings() }
		return menuItem{label: label, help: help,
			value: func(a *App) string {
				if *field(&a.Settings) {
					return "on"
				}
				return "off"
			},
			activate: flip, adjust: func(a *App, _ int) { flip(a) }}
	}
	s.menu.items = append(s.menu.items,
		toggle("Ghost piece", "Show where the piece will land.", func(s *Settings) *bool { return &s.Ghost }),
		toggle("Grid", "Draw the grid lines in the well.", func(s *Settings) *bool { return &s.Grid }),
		menuItem{label: "Skin", help: "How the minos look.",
			value: func(a *App) string { return a.Settings.Skin.String() },
			adjust: func(a *App, d int) {
				a.Settings.Skin = sprites.Skin((int(a.Settings.Skin) + d + int(sprites.NumSkins)) % int(sprites.NumSkins))
			}},
		toggle("Mute", "Silence every sound.", func(s *Settings) *bool { return &s.Mute }),
		toggle("Fullscreen", "Fill the screen (F11 also works in most desktops).", func(s *Settings) *bool { return &s.Fullscreen }),
		menuItem{label: "Reset to defaults", help: "Every setting and key back to the defaults.",
			activate: func(a *App) { a.Settings = DefaultSettings(); a.applySettings() }},
		menuItem{label: "Back", activate: func(a *App) { s.leave(a) }},
	)
	s.menu.x, s.menu.y, s.menu.w, s.menu.rowH = ScreenW/2-170, 44, 340, 13
	return s
}

func (s *settingsScene) Name() string { return "settings" }

// applySettings puts sound and window settings into effect now.
func (a *App) applySettings() {
	a.applySound()
	if a.window.scale != 0 {
		a.applyWindow()
	}
}

func (s *settingsScene) leave(a *App) {
	a.SaveSettings()
	a.Stack.Pop()
}

// Update implements Scene.
func (s *settingsScene) Update(a *App) error {
	if s.capturing > 0 {
		s.capture(a)
		return nil
	}
	sel := s.menu.sel
	if sel < int(NumActions) {
		// On a binding row Left/Right choose the slot, not a value.
		switch {
		case a.In.Menu&MenuLeft != 0:
			s.slot = 0
			return nil
		case a.In.Menu&MenuRight != 0:
			s.slot = 1
			return nil
		}
		for _, k := range a.In.Keys {
			if k == ebiten.KeyDelete {
				if err := a.Settings.Keys.Clear(Action(sel), s.slot); err != nil {
					s.message = err.Error()
				}
				return nil
			}
		}
	}
	if s.menu.update(a) {
		s.leave(a)
	}
	return nil
}

// capture takes the next key pressed as the binding of the chosen action.
// Escape cancels. A key already used elsewhere is refused with a message.
func (s *settingsScene) capture(a *App) {
	for _, k := range a.In.Keys {
		act := Action(s.capturing - 1)
		if k == ebiten.KeyEscape {
			s.capturing = 0
			return
		}
		if err := a.Settings.Keys.Bind(act, s.slot, k); err != nil {
			s.message = err.Error()
			a.Play(sound.TopOut)
		} else {
			s.message = ""
		}
		s.capturing = 0
		return
	}
}

// Draw implements Scene.
func (s *settingsScene) Draw(r *Renderer) {
	r.TextCenter("SETTINGS", ScreenW/2, 8, 1, sprites.Accent)
	r.Panel(float32(s.menu.x-6), float32(s.menu.y-4), float32(s.menu.w+12), float32(len(s.menu.items)*s.menu.rowH+6), sprites.Panel, sprites.Shade(sprites.Frame, 160))
	s.menu.draw(r, r.App)
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
