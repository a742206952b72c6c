package scenes

import (
	"fmt"
	"math"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/solver/thrower"
	"github.com/kocka/kocka/sprites"
)

// versusConfig is the game a person plays against the thrower: guideline
// endless with the player's handling, but no hold and no preview, so that
// the thrower chooses each piece when the last one has locked, seeing the
// well as it is (HATETRIS has neither).
func versusConfig(c *Context) engine.Config {
	cfg := c.Settings.Apply(engine.ConfigFor(engine.GoalNone))
	cfg.Preview, cfg.Hold = 0, false
	return cfg
}

// startVersus starts a game against the saved difficulty.
func startVersus(c *Context, m *Mode, seed uint64) (Scene, error) {
	key := c.versusSettings().Thrower
	if c.Thrower != "" {
		key = c.Thrower
	}
	ch, ok := versusChoiceByKey(key)
	if !ok {
		return nil, fmt.Errorf("unknown thrower %q (want one of %v)", key, ThrowerNames())
	}
	cfg := versusConfig(c)
	rnd, err := ch.newRandomizer(cfg, seed)
	if err != nil {
		return nil, err
	}
	g, err := engine.NewGameWith(cfg, seed, rnd)
	if err != nil {
		return nil, err
	}
	s := &versusScene{playScene: newPlayScene(m, g, humanDriver{}), choice: ch, rnd: rnd}
	s.subtitle = "vs " + ch.title
	s.explain()
	return s, nil
}

// versusScene is a play scene whose pieces a thrower chooses; it shows
// why the thrower dealt the current piece. The bot's version adds a cycle
// detector (botVersusDriver).
type versusScene struct {
	*playScene
	bot      *botVersusDriver // the driver, when the bot plays; nil for a person
	choice   *versusChoice
	rnd      *thrower.Replayable
	explains thrower.Explainer   // rnd, or the randomizer that deals for it
	why      thrower.Explanation // behind the last piece dealt
	whyPiece int                 // pieces locked when why was asked
	recorded bool
	rank     int    // place in the difficulty's table, 0 = none
	best     string // the difficulty's most lines, from the last prepare
}

// throwerName is the thrower's key, for the state.
func (s *versusScene) throwerName() string { return s.choice.key }

// prepare keeps the difficulty's best for the panel.
func (s *versusScene) prepare(c *Context) {
	s.playScene.prepare(c)
	s.best = "-"
	if b, ok := c.Scores.Best(s.choice.scoreKey()); ok {
		s.best = fmt.Sprint(b.Lines)
	}
}

// explain refreshes the explanation after the thrower has dealt.
func (s *versusScene) explain() {
	if s.explains == nil {
		s.explains = s.rnd
	}
	s.why = s.explains.Explain()
	s.whyPiece = s.game.Stats().Pieces
}

// Update implements Scene: the play scene's, except for the end, which
// records lines survived per difficulty and shows its own results.
func (s *versusScene) Update(c *Context) error {
	if !s.done() {
		err := s.playScene.Update(c)
		if s.game.Stats().Pieces != s.whyPiece {
			s.explain()
		}
		return err
	}
	s.fx.step()
	s.ended++
	if !s.recorded {
		s.recorded = true
		s.record(c)
	}
	if s.bot != nil {
		s.saveReplay(c) // bot against thrower games go in the replay library too
		// The bot's end stays on screen with the detector's findings.
		switch {
		case s.ended > 10 && c.In.Menu&MenuConfirm != 0:
			if sc, err := s.restart(c); err == nil {
				c.Stack.Replace(sc)
			} else {
				c.Notify(err.Error())
			}
		case c.In.Menu&MenuBack != 0:
			c.Stack.Reset(newMainMenu())
		}
		return nil
	}
	if c.In.Pressed.Has(ActRetry) {
		s.retry(c)
		return nil
	}
	if s.ended >= endDelayTicks || s.endSkipped(c) {
		s.saveReplay(c)
		c.Stack.Replace(newVersusResults(c, s))
	}
	return nil
}

// record puts a person's game in its difficulty's table.
func (s *versusScene) record(c *Context) {
	if !s.driver.Person() {
		return
	}
	g := s.game
	s.rank = addByLines(c.Scores, s.choice.scoreKey(), Result{
		Score: g.Score(), Lines: g.Lines(), Level: g.Level(), Ticks: g.Ticks(),
		Pieces: g.Stats().Pieces, Date: time.Now().Format("2006-01-02"),
	})
	if s.rank > 0 {
		c.SaveScores()
	}
}

// Draw implements Scene: the board and the score as in the play scene,
// the piece the thrower dealt where the hold box would be, and on the
// right its scores for every piece.
func (s *versusScene) Draw(r *draw.Renderer) {
	r.Text(s.mode.Title, 8, 8, 1, sprites.Dim)
	if s.subtitle != "" {
		r.Text(s.subtitle, draw.RightColX, 8, 1, sprites.Dim)
	}
	s.drawField(r)
	if s.bot != nil {
		s.bot.drawBand(r, s.game)
	}
	s.drawDealt(r)
	s.drawCallouts(r)
	s.drawStats(r)
	y := drawWhy(r, s.choice.title, s.why, draw.RightColX, draw.BoardY)
	if s.bot != nil {
		s.bot.drawDetector(r, y+8, s)
	} else {
		s.drawSurvival(r, y+8)
	}
	if s.done() {
		s.drawVersusEnd(r)
	}
}

// drawDealt shows the piece the thrower dealt last, in the hold box's
// place: the current piece, or with the next piece shown the next one,
// with the current piece beside it.
func (s *versusScene) drawDealt(r *draw.Renderer) {
	x, y := float32(draw.LeftColR-draw.PanelW), float32(draw.BoardY)
	cur, ok := s.game.Current()
	dealt := cur.Piece
	if q := s.game.Queue(); s.game.Config().Preview > 0 && len(q) > 0 {
		dealt = q[0]
		r.Panel(x-draw.PanelW-6, y, draw.PanelW, draw.HoldPanelH, sprites.Panel, sprites.Shade(sprites.Frame, 180))
		r.Text("NOW", x-draw.PanelW, y+3, 1, sprites.Dim)
		if ok {
			draw.PiecePreview(r, cur.Piece, x-draw.PanelW-6, y+16, draw.PanelW, draw.HoldPanelH-18, draw.Cell, draw.White)
		}
		ok = true
	}
	r.Panel(x, y, draw.PanelW, draw.HoldPanelH, sprites.Panel, sprites.Shade(sprites.Danger, 150))
	r.Text("DEALT", x+6, y+3, 1, sprites.Dim)
	if ok {
		draw.PiecePreview(r, dealt, x, y+16, draw.PanelW, draw.HoldPanelH-18, draw.Cell, draw.White)
	}
}

// whyW is the width of the thrower's panel.
const whyW = ScreenW - draw.RightColX - 8

// drawWhy draws the thrower's reasons for its last piece at (x, y): its
// rule, and per piece kind a bar for its score, the dealt one marked. It
// returns the bottom of the panel.
func drawWhy(r *draw.Renderer, title string, ex thrower.Explanation, x, y float32) float32 {
	rule := draw.Wrap(ex.Rule, (whyW-12)/sprites.GlyphW)
	h := float32(20 + len(rule)*sprites.GlyphH + 6 + len(ex.Scores)*17 + 4)
	r.Panel(x, y, whyW, h, sprites.Panel, sprites.Shade(sprites.Frame, 180))
	r.Text("WHY THIS PIECE", x+6, y+3, 1, sprites.Dim)
	r.TextRight(title, x+whyW-6, y+3, 1, sprites.Danger)
	ty := y + 20
	for _, l := range rule {
		r.Text(l, x+6, ty, 1, sprites.Text)
		ty += sprites.GlyphH
	}
	ty += 6
	// Bars run from the worst finite score to the best.
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, sc := range ex.Scores {
		if !math.IsInf(sc.Value, 0) && sc.Value > thrower.Lost/2 {
			lo, hi = min(lo, sc.Value), max(hi, sc.Value)
		}
	}
	const barX, barW = 40, 70
	for _, sc := range ex.Scores {
		dealt := sc.Piece == ex.Chosen
		if dealt {
			r.Rect(x+2, ty-1, whyW-4, 16, draw.Alpha(sprites.Danger, 0.1))
		}
		draw.PiecePreview(r, sc.Piece, x+4, ty, 30, 14, 6, draw.White)
		frac := float32(0)
		switch {
		case math.IsInf(sc.Value, 0) || sc.Value <= thrower.Lost/2:
		case hi > lo:
			frac = 0.1 + 0.9*float32((sc.Value-lo)/(hi-lo))
		default:
			frac = 1
		}
		col := sprites.PieceColors[sc.Piece]
		if sc.Bound {
			col = sprites.Shade(col, 140)
		}
		r.Rect(x+barX, ty+4, barW, 7, sprites.GridLine)
		r.Rect(x+barX, ty+4, barW*frac, 7, col)
		tc := sprites.Dim
		if dealt {
			tc = sprites.Danger
		}
		r.Text(sc.Text, x+barX+barW+6, ty-1, 1, tc)
		ty += 17
	}
	return y + h
}

// drawSurvival shows lines survived and the difficulty's best.
func (s *versusScene) drawSurvival(r *draw.Renderer, y float32) {
	g := s.game
	r.Text("LINES SURVIVED", draw.RightColX, y, 1, sprites.Dim)
	r.TextRight(fmt.Sprint(g.Lines()), draw.RightColX+whyW, y+2, 2, sprites.Accent)
	y += 2 * sprites.GlyphH
	r.Text("BEST vs "+s.choice.title, draw.RightColX, y, 1, sprites.Dim)
	r.TextRight(s.best, draw.RightColX+whyW, y, 1, sprites.Text)
	y += sprites.GlyphH
	r.Text("TIME", draw.RightColX, y, 1, sprites.Dim)
	r.TextRight(FormatTicks(g.Ticks()), draw.RightColX+whyW, y, 1, sprites.Text)
	y += sprites.GlyphH
	r.Text("PIECES", draw.RightColX, y, 1, sprites.Dim)
	r.TextRight(fmt.Sprint(g.Stats().Pieces), draw.RightColX+whyW, y, 1, sprites.Text)
}

// drawVersusEnd is the banner over the finished board.
func (s *versusScene) drawVersusEnd(r *draw.Renderer) {
	a := min(1, float32(s.ended)/20)
	msg, sub, c := "GAME OVER", plural(s.game.Lines(), "line"), sprites.Danger
	if s.bot != nil && s.bot.det.Found() {
		cy := s.bot.det.Cycle()
		msg, sub, c = "CYCLE", fmt.Sprintf("length %d", cy.Length), sprites.Good
	}
	cy := float32(draw.BoardY + 130)
	r.Rect(draw.BoardX, cy, 160, 64, draw.Alpha(sprites.Well, a*0.85))
	r.TextCenter(msg, draw.BoardX+80, cy+8, 2, draw.Alpha(c, a))
	r.TextCenter(sub, draw.BoardX+80, cy+42, 1, draw.Alpha(sprites.Text, a))
}

// plural writes a count and its noun: "1 line", "2 lines".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
