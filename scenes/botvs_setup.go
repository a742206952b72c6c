package scenes

import (
	"fmt"

	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/sprites"
)

// botVersusSetup chooses the thrower, the bot's personality and depth,
// and the speed.
type botVersusSetup struct {
	menu menu
	v    *VersusSettings // loaded on the first update or prepare
}

func newBotVersusSetup(m *Mode) *botVersusSetup {
	names := []string{}
	for _, w := range solver.Personalities() {
		names = append(names, w.Name)
	}
	keys := []string{}
	for _, c := range versusChoices {
		keys = append(keys, c.key)
	}
	cycle := func(list []string, cur string, d int) string {
		for i, v := range list {
			if v == cur {
				return list[(i+d+len(list))%len(list)]
			}
		}
		return list[0]
	}
	s := &botVersusSetup{}
	title := func(key string) string {
		c, _ := versusChoiceByKey(key)
		return c.title
	}
	s.menu = menu{x: ScreenW/2 - 160, y: 110, w: 320, rowH: 20, items: []menuItem{
		{label: "Thrower", help: "Who deals the pieces.",
			value:  func(*Context) string { return title(s.v.Bot.Thrower) },
			adjust: func(_ *Context, d int) { s.v.Bot.Thrower = cycle(keys, s.v.Bot.Thrower, d) }},
		{label: "Personality", help: "The weight set the bot judges boards with.",
			value:  func(*Context) string { return s.v.Bot.Personality },
			adjust: func(_ *Context, d int) { s.v.Bot.Personality = cycle(names, s.v.Bot.Personality, d) }},
		{label: "Depth", help: "1: the bot sees only its piece. 2: the thrower shows the next piece too, and the bot plans both.",
			value:  func(*Context) string { return fmt.Sprint(s.v.Bot.Depth) },
			adjust: func(_ *Context, _ int) { s.v.Bot.Depth = 3 - s.v.Bot.Depth }},
		{label: "Speed", help: "Pieces per second, or full speed with fast-forward.",
			value:  func(*Context) string { return botSpeeds[s.v.Bot.Speed].title },
			adjust: func(_ *Context, d int) { s.v.Bot.Speed = min(max(s.v.Bot.Speed+d, 0), len(botSpeeds)-1) }},
		{label: "Start", help: "There is no gravity: the game runs until the bot tops out or the position repeats.",
			activate: func(c *Context) {
				c.saveVersusSettings(*s.v)
				sc, err := m.New(c, c.NewSeed())
				if err != nil {
					c.Notify(err.Error())
					return
				}
				c.Stack.Reset(sc)
			}},
		{label: "Back", activate: func(c *Context) { c.saveVersusSettings(*s.v); c.Stack.Pop() }},
	}}
	return s
}

func (s *botVersusSetup) Name() string { return "botvssetup" }

func (s *botVersusSetup) menuOf() *menu { return &s.menu }

// prepare loads the settings before the first draw.
func (s *botVersusSetup) prepare(c *Context) { s.load(c) }

func (s *botVersusSetup) load(c *Context) {
	if s.v == nil {
		v := c.versusSettings()
		s.v = &v
	}
}

func (s *botVersusSetup) Update(c *Context) error {
	s.load(c)
	if s.menu.update(c) {
		c.saveVersusSettings(*s.v)
		c.Stack.Pop()
	}
	return nil
}

func (s *botVersusSetup) Draw(r *draw.Renderer) {
	if s.v == nil {
		return
	}
	r.Heading("BOT AGAINST THROWER", 60, sprites.Danger)
	r.Panel(float32(s.menu.x-8), float32(s.menu.y-8), float32(s.menu.w+16), float32(len(s.menu.items)*s.menu.rowH+12), sprites.Panel, sprites.Shade(sprites.Frame, 160))
	s.menu.draw(r)
}
