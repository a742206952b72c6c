package scenes

import (
	"fmt"
	"slices"

	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sprites"
)

// versusSetup is the difficulty menu: one row per thrower with its best
// result; Enter starts it. The selected thrower's table is on the right.
type versusSetup struct {
	mode   *Mode
	menu   menu
	opened bool     // the cursor has been put on the saved difficulty
	table  []Result // the selected difficulty's table, from the last prepare
}

func newVersusSetup(m *Mode) *versusSetup {
	s := &versusSetup{mode: m}
	for i := range versusChoices {
		ch := &versusChoices[i]
		s.menu.items = append(s.menu.items, menuItem{label: ch.title, help: ch.help,
			value: func(c *Context) string {
				if b, ok := c.Scores.Best(ch.scoreKey()); ok {
					return plural(b.Lines, "line")
				}
				return ""
			},
			activate: func(c *Context) {
				v := c.versusSettings()
				v.Thrower = ch.key
				c.saveVersusSettings(v)
				c.Thrower = "" // the player's choice wins over the link's
				sc, err := m.New(c, c.NewSeed())
				if err != nil {
					c.Notify(err.Error())
					return
				}
				c.Stack.Reset(sc)
			}})
	}
	s.menu.items = append(s.menu.items, menuItem{label: "Back", activate: func(c *Context) { c.Stack.Pop() }})
	s.menu.x, s.menu.y, s.menu.w, s.menu.rowH = 40, 96, 270, 20
	return s
}

func (s *versusSetup) Name() string { return "versussetup" }

// selected is the difficulty under the cursor (nil on Back).
func (s *versusSetup) selected() *versusChoice {
	if s.menu.sel < len(versusChoices) {
		return &versusChoices[s.menu.sel]
	}
	return nil
}

func (s *versusSetup) Update(c *Context) error {
	if !s.opened { // open on the saved difficulty
		s.opened = true
		key := c.versusSettings().Thrower
		s.menu.sel = max(0, slices.IndexFunc(versusChoices, func(v versusChoice) bool { return v.key == key }))
	}
	if s.menu.update(c) {
		c.Stack.Pop()
	}
	return nil
}

func (s *versusSetup) menuOf() *menu { return &s.menu }

func (s *versusSetup) prepare(c *Context) {
	s.table = nil
	if ch := s.selected(); ch != nil {
		s.table = c.Scores.Modes[ch.scoreKey()]
	}
}

func (s *versusSetup) Draw(r *draw.Renderer) {
	r.Heading("VERSUS THE THROWER", 24, sprites.Danger)
	r.Text("Choose who deals your pieces:", float32(s.menu.x), 72, 1, sprites.Dim)
	r.Panel(float32(s.menu.x-8), float32(s.menu.y-8), float32(s.menu.w+16), float32(len(s.menu.items)*s.menu.rowH+12), sprites.Panel, sprites.Shade(sprites.Frame, 160))
	s.menu.draw(r)
	c := s.selected()
	if c == nil {
		return
	}
	x, y := float32(350), float32(88)
	r.Panel(x, y, 260, 232, sprites.Panel, sprites.Shade(sprites.Frame, 160))
	r.Text("MOST LINES vs "+c.title, x+8, y+4, 1, sprites.Accent)
	r.Text("#", x+8, y+24, 1, sprites.Dim)
	r.Text("LINES", x+30, y+24, 1, sprites.Dim)
	r.Text("PIECES", x+86, y+24, 1, sprites.Dim)
	r.Text("DATE", x+160, y+24, 1, sprites.Dim)
	r.Rect(x+8, y+41, 244, 1, sprites.Shade(sprites.Frame, 160))
	rs := s.table
	if len(rs) == 0 {
		r.TextCenter("No games yet.", x+130, y+90, 1, sprites.Dim)
	}
	for i, res := range rs {
		col := sprites.Text
		if i == 0 {
			col = sprites.Accent
		}
		ry := y + 46 + float32(i*18)
		r.Text(fmt.Sprint(i+1), x+8, ry, 1, col)
		r.Text(fmt.Sprint(res.Lines), x+30, ry, 1, col)
		r.Text(fmt.Sprint(res.Pieces), x+86, ry, 1, col)
		r.Text(res.Date, x+160, ry, 1, col)
	}
}
