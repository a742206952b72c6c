package scenes

import (
	"fmt"
	"strings"

	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/sprites"
)

// BotSettings are the choices of the "Watch the bot" screen, saved with
// the settings.
type BotSettings struct {
	Personality string `json:"personality"`
	Speed       int    `json:"speed"` // index in botSpeeds
	Candidates  bool   `json:"candidates"`
	Game        string `json:"game"` // the mode it plays: marathon, sprint, ultra, endless
	// PerfectClears lets the perfect-clear planner take over when the
	// pieces in view can clear the whole board.
	PerfectClears bool `json:"perfect_clears"`
}

// botSpeeds are the speeds offered: a cap in pieces per second (0 = as fast
// as the inputs go), and engine ticks per frame for fast-forward.
var botSpeeds = []struct {
	title string
	pps   float64
	ticks int
}{
	{"1 piece/s", 1, 1}, {"2 pieces/s", 2, 1}, {"3 pieces/s", 3, 1}, {"5 pieces/s", 5, 1},
	{"10 pieces/s", 10, 1}, {"full speed", 0, 1}, {"full x4", 0, 4}, {"full x16", 0, 16},
}

var botGames = []string{"endless", "marathon", "sprint", "ultra"}

func defaultBotSettings() BotSettings {
	return BotSettings{Personality: "kocka", Speed: 2, Candidates: true, Game: "endless", PerfectClears: true}
}

// Validate checks the bot settings.
func (b *BotSettings) Validate() error {
	if _, err := solver.PersonalityByName(b.Personality); err != nil {
		return err
	}
	if b.Speed < 0 || b.Speed >= len(botSpeeds) {
		return fmt.Errorf("bot speed %d out of range 0..%d", b.Speed, len(botSpeeds)-1)
	}
	for _, g := range botGames {
		if g == b.Game {
			return nil
		}
	}
	return fmt.Errorf("bot game %q unknown", b.Game)
}

// botSetup is the "Watch the bot" screen: personality, speed, candidates
// and which game it plays.
type botSetup struct {
	menu menu
	note string // where the selected personality's weights come from
}

func newBotSetup(m *Mode) *botSetup {
	names := []string{}
	for _, w := range solver.Personalities() {
		names = append(names, w.Name)
	}
	cycle := func(list []string, cur string, d int) string {
		for i, v := range list {
			if v == cur {
				return list[(i+d+len(list))%len(list)]
			}
		}
		return list[0]
	}
	s := &botSetup{}
	s.menu = menu{x: ScreenW/2 - 150, y: 130, w: 300, rowH: 20, items: append([]menuItem{
		{label: "Personality", help: "The weight set the bot judges boards with:",
			value:  func(c *Context) string { return c.Settings.Bot.Personality },
			adjust: func(c *Context, d int) { c.Settings.Bot.Personality = cycle(names, c.Settings.Bot.Personality, d) }},
		{label: "Speed", help: "Pieces per second, or full speed with fast-forward.",
			value: func(c *Context) string { return botSpeeds[c.Settings.Bot.Speed].title },
			adjust: func(c *Context, d int) {
				c.Settings.Bot.Speed = min(max(c.Settings.Bot.Speed+d, 0), len(botSpeeds)-1)
			}},
		toggleItem("Show candidates", "Outline the best placements the bot considered, with their scores.",
			func(c *Context) *bool { return &c.Settings.Bot.Candidates }),
		toggleItem("Perfect clears", "Clear the whole board when the pieces in view can (the PC solver).",
			func(c *Context) *bool { return &c.Settings.Bot.PerfectClears }),
		{label: "Game", help: "Which mode the bot plays.",
			value:  func(c *Context) string { return c.Settings.Bot.Game },
			adjust: func(c *Context, d int) { c.Settings.Bot.Game = cycle(botGames, c.Settings.Bot.Game, d) }},
	}, setupEnd(m)...)}
	return s
}

// toggleItem is a menu row that turns the setting field points to on and
// off.
func toggleItem(label, help string, field func(*Context) *bool) menuItem {
	return menuItem{label: label, help: help,
		value: func(c *Context) string {
			if *field(c) {
				return "on"
			}
			return "off"
		},
		adjust: func(c *Context, _ int) { f := field(c); *f = !*f }}
}

// setupEnd is the end of a setup screen's menu: Start plays mode m with
// the settings chosen (saved first), Back leaves them saved.
func setupEnd(m *Mode) []menuItem {
	return []menuItem{
		{label: "Start", activate: func(c *Context) {
			c.SaveSettings()
			sc, err := m.New(c, c.NewSeed())
			if err != nil {
				c.Notify(err.Error())
				return
			}
			c.Stack.Reset(sc)
		}},
		{label: "Back", activate: func(c *Context) { c.SaveSettings(); c.Stack.Pop() }},
	}
}

func (s *botSetup) Name() string { return "botsetup" }

func (s *botSetup) Update(c *Context) error {
	if s.menu.update(c) {
		c.SaveSettings()
		c.Stack.Pop()
	}
	return nil
}

func (s *botSetup) Draw(r *draw.Renderer) {
	r.Heading("WATCH THE BOT", 60, sprites.Accent)
	r.Panel(float32(s.menu.x-8), float32(s.menu.y-8), float32(s.menu.w+16), float32(len(s.menu.items)*s.menu.rowH+12), sprites.Panel, sprites.Shade(sprites.Frame, 160))
	s.menu.draw(r)
	if s.menu.sel == 0 {
		for i, l := range draw.Wrap(s.note, 60) {
			r.TextCenter(l, ScreenW/2, 300+float32(i*sprites.GlyphH), 1, sprites.Text)
		}
	}
}

func (s *botSetup) prepare(c *Context) {
	s.note = ""
	if w, err := solver.PersonalityByName(c.Settings.Bot.Personality); err == nil {
		s.note = playerNote(w.Name, w.Note)
	}
}

func (s *botSetup) menuOf() *menu { return &s.menu }

// playerNotes say what a personality is where the solver's own note is
// written for programmers.
var playerNotes = map[string]string{
	"kocka": "Kocka's own weights, tuned by letting the bot play thousands of games and keeping what worked (the cross-entropy method).",
}

// playerNote is a personality's note for the setup screen: the player's
// own wording when there is one, else the solver's note without pointers
// into the source code.
func playerNote(name, note string) string {
	if n, ok := playerNotes[name]; ok {
		return n
	}
	var kept []string
	for _, part := range strings.Split(note, "; ") {
		if !strings.Contains(part, ".go") {
			kept = append(kept, part)
		}
	}
	return strings.Join(kept, "; ")
}
