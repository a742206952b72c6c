package scenes

import (
	"fmt"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sprites"
)

// itemScores is the id of the results menu's row that opens the high
// scores; a mode with tables of its own (versus) changes that row.
const itemScores = "scores"

// resultsScene shows how a game went, records it in the high scores, and
// offers another go.
type resultsScene struct {
	play  *playScene
	rank  int    // place in the high-score table, 0 = none
	best  Result // the mode's best before this game
	hadPB bool
	menu  menu
	// ticks since the results opened; input counts only once the guard is
	// over and a tick has passed with no key held (armed), so held and
	// mashed keys from the game never choose a row.
	ticks int
	armed bool
}

func (s *resultsScene) recorder() *engine.Recorder { return s.play.rec }

func newResults(c *Context, p *playScene) *resultsScene {
	s := &resultsScene{play: p}
	g := p.game
	m := p.mode
	s.best, s.hadPB = c.Scores.Best(m.Name)
	if p.driver.Person() && m.Scored && (!m.ByTime || g.End() == engine.GoalMet) {
		s.rank = c.Scores.Add(m.Name, Result{
			Score: g.Score(), Lines: g.Lines(), Level: g.Level(), Ticks: g.Ticks(),
			Pieces: g.Stats().Pieces, Date: time.Now().Format("2006-01-02"), Splits: p.splits,
		}, m.ByTime)
		if s.rank > 0 {
			c.SaveScores()
		}
	}
	s.menu = menu{x: 380, y: 270, w: 200, rowH: 20, items: []menuItem{
		{label: "Play again", activate: func(c *Context) {
			if sc, err := p.restart(c); err == nil {
				c.Stack.Replace(sc)
			} else {
				c.Notify(err.Error())
			}
		}},
		{id: itemScores, label: "High scores", activate: func(c *Context) { c.Stack.Push(newScoresScene(m.Name)) }},
		{label: "Main menu", activate: func(c *Context) { c.Stack.Reset(newMainMenu()) }},
		watchReplayItem(p),
	}}
	return s
}

func (s *resultsScene) Name() string            { return "results" }
func (s *resultsScene) Game() *engine.Game      { return s.play.game }
func (s *resultsScene) ModeName() string        { return s.play.mode.Name }
func (s *resultsScene) BoardOrigin() (x, y int) { return 120, draw.BoardY }

func (s *resultsScene) Update(c *Context) error {
	in := &c.In
	if in.Pressed.Has(ActRetry) && s.play.driver.Person() {
		s.play.retry(c)
		return nil
	}
	s.ticks++
	if !s.armed {
		s.armed = s.ticks > resultsGuardTicks && in.Held == 0 && in.MenuHeld == 0 && in.Menu == 0 && !in.Click
		return nil
	}
	if in.Held.Has(ActHardDrop) {
		// Hard drop never confirms here, even where its key (Space) is
		// also a menu key.
		in.Menu &^= MenuConfirm
	}
	if s.menu.update(c) {
		c.Stack.Reset(newMainMenu())
	}
	return nil
}

func (s *resultsScene) Draw(r *draw.Renderer) {
	g := s.play.game
	m := s.play.mode
	draw.Board(r, g, draw.BoardLook{X: 120, Y: draw.BoardY, Grid: r.Looks.Grid})
	x := float32(340)
	title, c := "GAME OVER", sprites.Danger
	switch g.End() {
	case engine.GoalMet:
		title, c = "COMPLETE", sprites.Good
	case engine.TimeUp:
		title, c = "TIME UP", sprites.Accent
	}
	r.Text(m.Title, x, 28, 1, sprites.Dim)
	r.Text(title, x, 44, 2, c)
	st := g.Stats()
	pps := 0.0
	if g.Ticks() > 0 {
		pps = float64(st.Pieces) * 60 / float64(g.Ticks())
	}
	rows := []struct{ k, v string }{
		{"Score", fmt.Sprint(g.Score())},
		{"Lines", fmt.Sprint(g.Lines())},
		{"Level", fmt.Sprint(g.Level())},
		{"Time", FormatTicks(g.Ticks())},
		{"Pieces", fmt.Sprintf("%d  (%.2f per second)", st.Pieces, pps)},
		{"Tetrises", fmt.Sprint(st.Clears[4])},
		{"T-spins", fmt.Sprint(st.TSpins[1] + st.TSpins[2] + st.TSpins[3] + st.MiniTSpins[1] + st.MiniTSpins[2])},
		{"Best combo", fmt.Sprint(max(st.MaxCombo, 0))},
		{"Perfect clears", fmt.Sprint(st.PerfectClears)},
	}
	y := float32(84)
	for _, row := range rows {
		r.Text(row.k, x, y, 1, sprites.Dim)
		r.Text(row.v, x+100, y, 1, sprites.Text)
		y += 16
	}
	y += 6
	switch {
	case g.Lines() == 0: // a game that cleared nothing is nobody's record
	case s.rank == 1 && m.ByTime:
		r.Text("NEW PERSONAL BEST!", x, y, 1, sprites.Accent)
	case s.rank == 1:
		r.Text("NEW HIGH SCORE!", x, y, 1, sprites.Accent)
	case s.rank > 0:
		r.Text(fmt.Sprintf("#%d in the high scores", s.rank), x, y, 1, sprites.Good)
	}
	if s.hadPB && s.rank != 1 {
		best := fmt.Sprint(s.best.Score)
		if m.ByTime {
			best = FormatTicks(s.best.Ticks)
		}
		r.Text("Personal best: "+best, x, y+16, 1, sprites.Dim)
	}
	if rep := s.play.driver.Replay(); rep != nil {
		if g.StateHash() == rep.Hash {
			r.Text("Replay reached the recorded state.", x, 250, 1, sprites.Good)
		} else {
			r.Text("Replay differs from the recording!", x, 250, 1, sprites.Danger)
		}
	}
	s.menu.draw(r)
}

func (s *resultsScene) driverOf() Driver { return s.play.driver }

func (s *resultsScene) menuOf() *menu { return &s.menu }
