package scenes

import (
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

// menuItem is one row of a menu. Menus are tables of these.
type menuItem struct {
	id       string // names a row that other code changes (itemScores); most have none
	label    string
	help     string                     // shown under the menu when selected
	value    func(c *Context) string    // optional value shown on the right
	keys     func(c *Context) [2]string // optional two key columns (bindings)
	activate func(c *Context)           // Enter, click, gamepad A
	adjust   func(c *Context, d int)    // Left/Right (-1/+1); a click on the left or right half
	enabled  func(c *Context) bool      // nil = always
}

// menu is a vertical list with a selection, driven by the keyboard, the
// gamepad and the mouse or touch.
type menu struct {
	items []menuItem
	sel   int
	x, y  int // top-left of the first row
	w     int // row width
	rowH  int
	shown []shownItem // what draw shows, from the last prepare
}

// shownItem is a row's state as drawn: values taken after the last tick.
type shownItem struct {
	value   string
	keys    [2]string
	enabled bool
}

// prepare takes the rows' values for the next draw.
func (m *menu) prepare(c *Context) {
	m.shown = m.shown[:0]
	for i, it := range m.items {
		sh := shownItem{enabled: m.enabled(c, i)}
		if it.value != nil {
			sh.value = it.value(c)
		}
		if it.keys != nil {
			sh.keys = it.keys(c)
		}
		m.shown = append(m.shown, sh)
	}
}

// byID returns the row with the given id, or nil.
func (m *menu) byID(id string) *menuItem {
	for i := range m.items {
		if m.items[i].id == id {
			return &m.items[i]
		}
	}
	return nil
}

func (m *menu) enabled(c *Context, i int) bool {
	return m.items[i].enabled == nil || m.items[i].enabled(c)
}

// move selects the next enabled row in direction d.
func (m *menu) move(c *Context, d int) {
	for n := 0; n < len(m.items); n++ {
		m.sel = (m.sel + d + len(m.items)) % len(m.items)
		if m.enabled(c, m.sel) {
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
func (m *menu) update(c *Context) (back bool) {
	in := &c.In
	if !m.enabled(c, m.sel) {
		m.move(c, 1)
	}
	if in.PointerMoved || in.Click {
		if i := m.rowAt(in.X, in.Y); i >= 0 && m.enabled(c, i) {
			if i != m.sel {
				m.sel = i
				c.Play(sound.MenuMove)
			}
			if in.Click {
				it := m.items[i]
				switch {
				case it.activate != nil:
					c.Play(sound.MenuSelect)
					it.activate(c)
				case it.adjust != nil: // left half down, right half up
					c.Play(sound.MenuMove)
					if in.X < m.x+m.w/2 {
						it.adjust(c, -1)
					} else {
						it.adjust(c, 1)
					}
				}
				return false
			}
		}
	}
	switch {
	case in.Menu&MenuUp != 0:
		m.move(c, -1)
		c.Play(sound.MenuMove)
	case in.Menu&MenuDown != 0:
		m.move(c, 1)
		c.Play(sound.MenuMove)
	case in.Menu&(MenuLeft|MenuRight) != 0:
		if it := m.items[m.sel]; it.adjust != nil {
			d := 1
			if in.Menu&MenuLeft != 0 {
				d = -1
			}
			it.adjust(c, d)
			c.Play(sound.MenuMove)
		}
	case in.Menu&MenuConfirm != 0:
		if it := m.items[m.sel]; it.activate != nil {
			c.Play(sound.MenuSelect)
			it.activate(c)
		}
	case in.Menu&MenuBack != 0:
		return true
	}
	return false
}

// draw shows the rows, the selection bar and the selected row's help,
// with the values of the last prepare.
func (m *menu) draw(r *draw.Renderer) {
	pulse := float32(r.Tick%60) / 60
	if pulse > 0.5 {
		pulse = 1 - pulse
	}
	for i, it := range m.items {
		sh := shownItem{enabled: true}
		if i < len(m.shown) {
			sh = m.shown[i]
		}
		y := float32(m.y + i*m.rowH)
		ty := y + float32(m.rowH-sprites.GlyphH)/2
		c := sprites.Text
		switch {
		case !sh.enabled:
			c = sprites.Shade(sprites.Dim, 160)
		case i == m.sel:
			r.Rect(float32(m.x), y, float32(m.w), float32(m.rowH-2), draw.Alpha(sprites.Accent, 0.10+pulse*0.16))
			r.Rect(float32(m.x), y, 3, float32(m.rowH-2), sprites.Accent)
			c = sprites.Accent
		}
		r.Text(it.label, float32(m.x+10), ty, 1, c)
		if it.keys != nil {
			for j, k := range sh.keys {
				r.Text(k, float32(m.x+m.w-170+j*84), ty, 1, c)
			}
		}
		if it.value != nil {
			v := sh.value
			if it.adjust != nil && i == m.sel {
				v = "< " + v + " >"
			}
			r.TextRight(v, float32(m.x+m.w-8), ty, 1, c)
		}
	}
	if help := m.items[m.sel].help; help != "" {
		hy := float32(m.y + len(m.items)*m.rowH + 8)
		for i, l := range draw.Wrap(help, m.w/sprites.GlyphW) {
			r.Text(l, float32(m.x+4), hy+float32(i*sprites.GlyphH), 1, sprites.Dim)
		}
	}
}
