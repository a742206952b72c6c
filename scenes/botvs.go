package scenes

import (
	"fmt"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
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
func startBotVersus(c *Context, m *Mode, seed uint64) (Scene, error) {
	v := c.versusSettings().Bot
	if c.Personality != "" {
		v.Personality = c.Personality
	}
	ch, _ := versusChoiceByKey(v.Thrower)
	cfg := botVersusConfig(v.Depth)
	rnd, err := ch.newRandomizer(cfg, seed)
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
	s := &versusScene{playScene: newPlayScene(m, g, d), bot: d, choice: ch, rnd: rnd}
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

func (d *botVersusDriver) Next(f *Frame, g *engine.Game) engine.Input {
	n := g.Stats().Pieces
	if n != d.pieces {
		d.pieces = n
		if d.det.Observe(g.Board(), thrower.GameKey(g)) {
			return 0
		}
	}
	in := d.botDriver.Next(f, g)
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
func (d *botVersusDriver) drawBand(r *draw.Renderer, g *engine.Game) {
	if !d.det.Found() {
		return
	}
	c := d.det.Cycle()
	if c.LowRow < 0 {
		return
	}
	vh := g.VisibleHeight()
	lo, hi := c.LowRow, min(c.HighRow, vh-1)
	_, top := draw.CellXY(draw.BoardX, draw.BoardY, vh, 0, hi)
	_, bottom := draw.CellXY(draw.BoardX, draw.BoardY, vh, 0, lo)
	w := float32(g.Board().Width * draw.Cell)
	r.Rect(draw.BoardX, top, w, bottom+draw.Cell-top, draw.Alpha(sprites.Good, 0.18))
	r.Rect(draw.BoardX, top, w, 1, draw.Alpha(sprites.Good, 0.8))
	r.Rect(draw.BoardX, bottom+draw.Cell-1, w, 1, draw.Alpha(sprites.Good, 0.8))
}

// drawDetector shows the cycle detector's state at y in the right column.
func (d *botVersusDriver) drawDetector(r *draw.Renderer, y float32, s *versusScene) {
	x := float32(draw.RightColX)
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
			[2]string{"Length", plural(c.Length, "move")}, [2]string{"Changing", band})
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
	for _, l := range draw.Wrap(note, (whyW-12)/sprites.GlyphW) {
		if ty+sprites.GlyphH > y+h {
			break
		}
		r.Text(l, x+6, ty, 1, sprites.Dim)
		ty += sprites.GlyphH
	}
}
