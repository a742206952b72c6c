package scenes

import (
	"fmt"
	"image/color"

	"github.com/kocka/kocka/engine"
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
	return BotSettings{Personality: "kocka", Speed: 2, Candidates: true, Game: "endless"}
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

// botDriver lets the solver's driver play: the same inputs a person
// makes, one engine.Input per tick.
type botDriver struct {
	bot    *solver.Bot
	driver *solver.Driver
}

func (d *botDriver) Next(_ *Frame, g *engine.Game) engine.Input { return d.driver.Next(g) }
func (d *botDriver) Person() bool                               { return false }
func (d *botDriver) Finished() bool                             { return false }
func (d *botDriver) Replay() *engine.Replay                     { return nil }

// startBot starts the bot on the game and speed of the bot settings; the
// --personality flag overrides the saved personality.
func startBot(c *Context, m *Mode, seed uint64) (Scene, error) {
	bs := c.Settings.Bot
	if c.Personality != "" {
		bs.Personality = c.Personality
	}
	bot, err := solver.NewBot(solver.BotConfig{Personality: bs.Personality})
	if err != nil {
		return nil, err
	}
	goal, err := engine.ParseGoal(bs.Game)
	if err != nil {
		return nil, err
	}
	// The bot plays with the engine's default handling, not the player's.
	game, err := engine.NewGame(engine.ConfigFor(goal), seed)
	if err != nil {
		return nil, err
	}
	sp := botSpeeds[bs.Speed]
	d := &botDriver{bot: bot, driver: solver.NewDriver(bot, solver.DriverConfig{PiecesPerSecond: sp.pps})}
	s := newPlayScene(m, game, d)
	s.ticksPerUpdate, s.quiet = sp.ticks, true
	s.subtitle = fmt.Sprintf("%s, %s", bs.Personality, sp.title)
	if bs.Candidates {
		s.extra = func(r *draw.Renderer, s *playScene) { drawCandidates(r, s, d) }
	}
	return s, nil
}

// candidateColors mark the bot's best placements, best first.
var candidateColors = []color.RGBA{sprites.Accent, sprites.Good, {0x7c, 0xc8, 0xff, 0xff}, {0xff, 0x8a, 0xd8, 0xff}, sprites.Dim}

// drawCandidates outlines the placements bot d considered for the
// current piece, numbered best first, and lists their scores.
func drawCandidates(r *draw.Renderer, s *playScene, d *botDriver) {
	if s.game.Over() {
		return
	}
	plan := d.driver.Plan()
	n := min(len(plan.Candidates), len(candidateColors))
	vh := s.game.VisibleHeight()
	x0 := float32(draw.RightColX + draw.PanelW + 52)
	r.Text("BOT SEES", x0, draw.BoardY, 1, sprites.Dim)
	for i := n - 1; i >= 0; i-- {
		c := plan.Candidates[i]
		col := candidateColors[i]
		cells := c.Placement.Cells()
		in := func(x, y int8) bool {
			for _, o := range cells {
				if o.X == x && o.Y == y {
					return true
				}
			}
			return false
		}
		top := cells[0]
		for _, cell := range cells {
			if int(cell.Y) >= vh {
				continue
			}
			px, py := draw.CellXY(draw.BoardX, draw.BoardY, vh, int(cell.X), int(cell.Y))
			a := draw.Alpha(col, 0.9)
			if !in(cell.X, cell.Y+1) {
				r.Rect(px, py, draw.Cell, 1, a)
			}
			if !in(cell.X, cell.Y-1) {
				r.Rect(px, py+draw.Cell-1, draw.Cell, 1, a)
			}
			if !in(cell.X-1, cell.Y) {
				r.Rect(px, py, 1, draw.Cell, a)
			}
			if !in(cell.X+1, cell.Y) {
				r.Rect(px+draw.Cell-1, py, 1, draw.Cell, a)
			}
			if cell.Y > top.Y || cell.Y == top.Y && cell.X < top.X {
				top = cell
			}
		}
		if int(top.Y) < vh {
			px, py := draw.CellXY(draw.BoardX, draw.BoardY, vh, int(top.X), int(top.Y))
			r.Rect(px+4, py+1, 8, 14, draw.Alpha(sprites.Well, 0.8))
			r.Text(fmt.Sprint(i+1), px+5, py, 1, col)
		}
		y := float32(draw.BoardY + 18 + i*30)
		name := c.Placement.Piece.String() + " " + c.Placement.Rot.String()
		if c.Hold {
			name += " hold"
		}
		r.Text(fmt.Sprintf("%d %s", i+1, name), x0, y, 1, col)
		r.Text(fmt.Sprintf("%.2f", c.Score), x0+12, y+13, 1, sprites.Text)
	}
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
	s.menu = menu{x: ScreenW/2 - 150, y: 130, w: 300, rowH: 20, items: []menuItem{
		{label: "Personality", help: "The weight set the bot judges boards with:",
			value:  func(c *Context) string { return c.Settings.Bot.Personality },
			adjust: func(c *Context, d int) { c.Settings.Bot.Personality = cycle(names, c.Settings.Bot.Personality, d) }},
		{label: "Speed", help: "Pieces per second, or full speed with fast-forward.",
			value: func(c *Context) string { return botSpeeds[c.Settings.Bot.Speed].title },
			adjust: func(c *Context, d int) {
				c.Settings.Bot.Speed = min(max(c.Settings.Bot.Speed+d, 0), len(botSpeeds)-1)
			}},
		{label: "Show candidates", help: "Outline the best placements the bot considered, with their scores.",
			value: func(c *Context) string {
				if c.Settings.Bot.Candidates {
					return "on"
				}
				return "off"
			},
			adjust: func(c *Context, _ int) { c.Settings.Bot.Candidates = !c.Settings.Bot.Candidates }},
		{label: "Game", help: "Which mode the bot plays.",
			value:  func(c *Context) string { return c.Settings.Bot.Game },
			adjust: func(c *Context, d int) { c.Settings.Bot.Game = cycle(botGames, c.Settings.Bot.Game, d) }},
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
	}}
	return s
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
		s.note = w.Note
	}
}

func (s *botSetup) menuOf() *menu { return &s.menu }
