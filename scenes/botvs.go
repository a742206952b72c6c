package scenes

import (
	"fmt"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/thrower"
	"github.com/kocka/kocka/sprites"
)

// botVersusConfig is the game the bot plays against the thrower: no
// gravity (turn-based, as in the analysis, so that the same position
// always leads to the same play and a repeat means a cycle for ever), no
// hold, and the next piece shown when the bot looks two pieces deep.
func botVersusConfig(depth int) engine.Config {
	cfg := engine.ConfigFor(engine.GoalNone)
	cfg.Hold, cfg.NoGravity = false, true
	cfg.Preview = depth - 1
	return cfg
}

// startBotVersus starts the bot of the saved settings (the --personality
// flag overrides its personality) against the saved thrower.
func startBotVersus(a *App, m *Mode, seed uint64) (Scene, error) {
	v := a.versusSettings().Bot
	if a.opts.Personality != "" {
		v.Personality = a.opts.Personality
	}
	c, _ := versusChoiceByKey(v.Thrower)
	cfg := botVersusConfig(v.Depth)
	rnd, err := c.newRandomizer(cfg, seed)
	if err != nil {
		return nil, err
	}
	var deal engine.Randomizer = rnd
	ahead, err := thrower.NewAhead(rnd)
	if err != nil {
		return nil, err
	}
	if ahead != nil {
		deal = ahead
	}
	g, err := engine.NewGameWith(cfg, seed, deal)
	if err != nil {
		return nil, err
	}
	bot, err := solver.NewBot(solver.BotConfig{Personality: v.Personality, Depth: v.Depth})
	if err != nil {
		return nil, err
	}
	sp := botSpeeds[v.Speed]
	d := &botVersusDriver{
		botDriver: botDriver{bot: bot, driver: solver.NewDriver(bot, solver.DriverConfig{PiecesPerSecond: sp.pps})},
		det:       thrower.NewCycleDetector(1),
		ahead:     ahead,
		foreseen:  -1,
	}
	s := &versusScene{playScene: newPlayScene(m, g, d), choice: c, rnd: rnd}
	if ahead != nil {
		s.explains = ahead
	}
	s.ticksPerUpdate, s.quiet = sp.ticks, true
	s.subtitle = fmt.Sprintf("%s, depth %d, %s", v.Personality, v.Depth, sp.title)
	s.explain()
	return s, nil
}

// botVersusDriver is the bot, with a cycle detector that watches the
// position after every placement: the board, the pieces known, the
// thrower's state and the combo and back-to-back counts the bot's
// evaluation sees. Bot and thrower are deterministic, so a repeated
// position repeats for ever and the game ends there.
type botVersusDriver struct {
	botDriver
	det      *thrower.CycleDetector
	ahead    *thrower.Ahead // nil when the thrower decides inline
	pieces   int            // placements observed
	foreseen int            // placements when the next decision was foreseen
}

func (d *botVersusDriver) Next(a *App, g *engine.Game) engine.Input {
	n := g.Stats().Pieces
	if n != d.pieces {
		d.pieces = n
		if d.det.Observe(g.Board(), thrower.GameKey(g)) {
			return 0
		}
	}
	in := d.botDriver.Next(a, g)
	if d.ahead != nil && d.foreseen != n {
		// The plan for this piece is made: the thrower's next decision
		// is on the well after it locks there.
		if t, ok := d.driver.Target(); ok {
			d.foreseen = n
			b := g.Board().Clone()
			b.Place(t)
			b.ClearLines()
			d.ahead.Foresee(thrower.View{Board: b, Pending: g.Queue(), Height: g.VisibleHeight()})
		}
	}
	return in
}

// Finished ends the game once a cycle is found.
func (d *botVersusDriver) Finished() bool { return d.det.Found() }

// drawBand marks the rows that change during the cycle, once found.
func (d *botVersusDriver) drawBand(r *Renderer, g *engine.Game) {
	if !d.det.Found() {
		return
	}
	c := d.det.Cycle()
	if c.LowRow < 0 {
		return
	}
	vh := g.VisibleHeight()
	lo, hi := c.LowRow, min(c.HighRow, vh-1)
	_, top := cellXY(boardX, boardY, vh, 0, hi)
	_, bottom := cellXY(boardX, boardY, vh, 0, lo)
	w := float32(g.Board().Width * cellSize)
	r.Rect(boardX, top, w, bottom+cellSize-top, Alpha(sprites.Good, 0.18))
	r.Rect(boardX, top, w, 1, Alpha(sprites.Good, 0.8))
	r.Rect(boardX, bottom+cellSize-1, w, 1, Alpha(sprites.Good, 0.8))
}

// drawDetector shows the cycle detector's state at y in the right column.
func (d *botVersusDriver) drawDetector(r *Renderer, y float32, s *versusScene) {
	x := float32(rightColX)
	h := float32(ScreenH-8) - y
	r.Panel(x, y, whyW, h, sprites.Panel, sprites.Shade(sprites.Frame, 180))
	r.Text("CYCLE DETECTOR", x+6, y+3, 1, sprites.Dim)
	rows := [][2]string{{"Moves watched", fmt.Sprint(d.det.Moves())}}
	if m := d.det.Remembered(); m >= 0 {
		rows = append(rows, [2]string{"Comparing with move", fmt.Sprint(m)})
	} else {
		rows = append(rows, [2]string{"Comparing with move", "-"})
	}
	col := sprites.Text
	if d.det.Found() {
		c := d.det.Cycle()
		band := "hidden state only"
		if c.LowRow >= 0 {
			band = fmt.Sprintf("rows %d-%d", c.LowRow+1, c.HighRow+1)
		}
		rows = append(rows, [2]string{"Cycle found at move", fmt.Sprint(c.Move)},
			[2]string{"Length", fmt.Sprintf("%d moves", c.Length)}, [2]string{"Changing", band})
		col = sprites.Good
	} else {
		none := "none yet"
		if s.game.Over() {
			none = "none"
		}
		rows = append(rows, [2]string{"Cycle", none})
	}
	if s.game.Over() {
		rows = append(rows, [2]string{"Bot lost at move", fmt.Sprint(s.game.Stats().Pieces)})
		col = sprites.Danger
	}
	ty := y + 20
	for i, row := range rows {
		c := sprites.Text
		if i >= 2 {
			c = col
		}
		r.Text(row[0], x+6, ty, 1, sprites.Dim)
		r.TextRight(row[1], x+whyW-6, ty, 1, c)
		ty += sprites.GlyphH
	}
	// How it works, and what to do once it is over.
	note := "It keeps the position of moves 1, 2, 4, 8, ... and compares each new one with it (Brent)."
	if s.done() {
		note = "Enter: watch again.  Esc: menu."
	}
	ty += 4
	for _, l := range wrap(note, (whyW-12)/sprites.GlyphW) {
		if ty+sprites.GlyphH > y+h {
			break
		}
		r.Text(l, x+6, ty, 1, sprites.Dim)
		ty += sprites.GlyphH
	}
}

// botVersusSetup chooses the thrower, the bot's personality and depth,
// and the speed.
type botVersusSetup struct {
	menu menu
	v    *VersusSettings // loaded on the first update
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
			value:  func(*App) string { return title(s.v.Bot.Thrower) },
			adjust: func(_ *App, d int) { s.v.Bot.Thrower = cycle(keys, s.v.Bot.Thrower, d) }},
		{label: "Personality", help: "The weight set the bot judges boards with.",
			value:  func(*App) string { return s.v.Bot.Personality },
			adjust: func(_ *App, d int) { s.v.Bot.Personality = cycle(names, s.v.Bot.Personality, d) }},
		{label: "Depth", help: "1: the bot sees only its piece. 2: the thrower shows the next piece too, and the bot plans both.",
			value:  func(*App) string { return fmt.Sprint(s.v.Bot.Depth) },
			adjust: func(_ *App, _ int) { s.v.Bot.Depth = 3 - s.v.Bot.Depth }},
		{label: "Speed", help: "Pieces per second, or full speed with fast-forward.",
			value:  func(*App) string { return botSpeeds[s.v.Bot.Speed].title },
			adjust: func(_ *App, d int) { s.v.Bot.Speed = min(max(s.v.Bot.Speed+d, 0), len(botSpeeds)-1) }},
		{label: "Start", help: "There is no gravity: the game runs until the bot tops out or the position repeats.",
			activate: func(a *App) {
				a.saveVersusSettings(*s.v)
				sc, err := m.New(a, a.NewSeed())
				if err != nil {
					a.Notify(err.Error())
					return
				}
				a.Stack.Reset(sc)
			}},
		{label: "Back", activate: func(a *App) { a.saveVersusSettings(*s.v); a.Stack.Pop() }},
	}}
	return s
}

func (s *botVersusSetup) Name() string { return "botvssetup" }

func (s *botVersusSetup) Update(a *App) error {
	if s.v == nil {
		v := a.versusSettings()
		s.v = &v
	}
	if s.menu.update(a) {
		a.saveVersusSettings(*s.v)
		a.Stack.Pop()
	}
	return nil
}

func (s *botVersusSetup) Draw(r *Renderer) {
	if s.v == nil {
		return
	}
	heading(r, "BOT AGAINST THROWER", 60, sprites.Danger)
	r.Panel(float32(s.menu.x-8), float32(s.menu.y-8), float32(s.menu.w+16), float32(len(s.menu.items)*s.menu.rowH+12), sprites.Panel, sprites.Shade(sprites.Frame, 160))
	s.menu.draw(r, r.App)
}
