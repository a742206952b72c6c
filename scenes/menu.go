package scenes

import (
	"image/color"

	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

// menuItem is one row of a menu. Menus are tables of these.
type menuItem struct {
	label    string
	help     string                 // shown under the menu when selected
	value    func(a *App) string    // optional value shown on the right
	keys     func(a *App) [2]string // optional two key columns (bindings)
	activate func(a *App)           // Enter, click, gamepad A
	adjust   func(a *App, d int)    // Left/Right (-1/+1); a click on the left or right half
	enabled  func(a *App) bool      // nil = always
}

// menu is a vertical list with a selection, driven by the keyboard, the
// gamepad and the mouse or touch.
type menu struct {
	items []menuItem
	sel   int
	x, y  int // top-left of the first row
	w     int // row width
	rowH  int
}

func (m *menu) enabled(a *App, i int) bool {
	return m.items[i].enabled == nil || m.items[i].enabled(a)
}

// move selects the next enabled row in direction d.
func (m *menu) move(a *App, d int) {
	for n := 0; n < len(m.items); n++ {
		m.sel = (m.sel + d + len(m.items)) % len(m.items)
		if m.enabled(a, m.sel) {
			return
		}
	}
}

// rowAt returns the row under logical point (x, y), or -1.
func (m *menu) rowAt(x, y int) int {
	if x < m.x || x >= m.x+m.w || y < m.y {
		return -1
	}
	i := (y - m.y) / m.rowH
	if i >= len(m.items) {
		return -1
	}
	return i
}

// update handles this tick's input; it reports whether Back was pressed.
func (m *menu) update(a *App) (back bool) {
	in := &a.In
	if !m.enabled(a, m.sel) {
		m.move(a, 1)
	}
	if in.PointerMoved || in.Click {
		if i := m.rowAt(in.X, in.Y); i >= 0 && m.enabled(a, i) {
			if i != m.sel {
				m.sel = i
				a.Play(sound.MenuMove)
			}
			if in.Click {
				it := m.items[i]
				switch {
				case it.activate != nil:
					a.Play(sound.MenuSelect)
					it.activate(a)
				case it.adjust != nil: // left half down, right half up
					a.Play(sound.MenuMove)
					if in.X < m.x+m.w/2 {
						it.adjust(a, -1)
					} else {
						it.adjust(a, 1)
					}
				}
				return false
			}
		}
	}
	switch {
	case in.Menu&MenuUp != 0:
		m.move(a, -1)
		a.Play(sound.MenuMove)
	case in.Menu&MenuDown != 0:
		m.move(a, 1)
		a.Play(sound.MenuMove)
	case in.Menu&(MenuLeft|MenuRight) != 0:
		if it := m.items[m.sel]; it.adjust != nil {
			d := 1
			if in.Menu&MenuLeft != 0 {
				d = -1
			}
			it.adjust(a, d)
			a.Play(sound.MenuMove)
		}
	case in.Menu&MenuConfirm != 0:
		if it := m.items[m.sel]; it.activate != nil {
			a.Play(sound.MenuSelect)
			it.activate(a)
		}
	case in.Menu&MenuBack != 0:
		return true
	}
	return false
}

// draw shows the rows, the selection bar and the selected row's help.
func (m *menu) draw(r *Renderer, a *App) {
	pulse := float32(r.Tick%60) / 60
	if pulse > 0.5 {
		pulse = 1 - pulse
	}
	for i, it := range m.items {
		y := float32(m.y + i*m.rowH)
		ty := y + float32(m.rowH-sprites.GlyphH)/2
		c := sprites.Text
		switch {
		case !m.enabled(a, i):
			c = sprites.Shade(sprites.Dim, 160)
		case i == m.sel:
			r.Rect(float32(m.x), y, float32(m.w), float32(m.rowH-2), Alpha(sprites.Accent, 0.10+pulse*0.16))
			r.Rect(float32(m.x), y, 3, float32(m.rowH-2), sprites.Accent)
			c = sprites.Accent
		}
		r.Text(it.label, float32(m.x+10), ty, 1, c)
		if it.keys != nil {
			ks := it.keys(a)
			for j, k := range ks {
				r.Text(k, float32(m.x+m.w-170+j*84), ty, 1, c)
			}
		}
		if it.value != nil {
			v := it.value(a)
			if it.adjust != nil && i == m.sel {
				v = "< " + v + " >"
			}
			r.TextRight(v, float32(m.x+m.w-8), ty, 1, c)
		}
	}
	if help := m.items[m.sel].help; help != "" {
		hy := float32(m.y + len(m.items)*m.rowH + 8)
		for i, l := range wrap(help, m.w/sprites.GlyphW) {
			r.Text(l, float32(m.x+4), hy+float32(i*sprites.GlyphH), 1, sprites.Dim)
		}
	}
}

// heading draws a screen title with a coloured underline.
func heading(r *Renderer, s string, y float32, c color.RGBA) {
	r.TextCenter(s, ScreenW/2, y, 2, sprites.Text)
	w := float32(sprites.TextWidth(s) * 2)
	r.Rect(ScreenW/2-w/2, y+34, w, 2, c)
}
