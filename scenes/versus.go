package scenes

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/thrower"
	"github.com/kocka/kocka/sprites"
)

// The thrower's modes: a person against the thrower, and a bot against it.
func init() {
	AddMode(Mode{Name: "versus", Title: "Versus the thrower",
		Help:  "The thrower picks every piece to beat you. How many lines can you survive?",
		Start: startVersus, Setup: func(m *Mode) Scene { return newVersusSetup(m) }})
	AddMode(Mode{Name: "botvs", Title: "Bot against thrower",
		Help:  "Watch a bot place what the thrower deals, until it loses or the boards repeat.",
		Start: startBotVersus, Setup: func(m *Mode) Scene { return newBotVersusSetup(m) }})
}

// versusChoice is one difficulty: a thrower and its depth.
type versusChoice struct {
	key, title, help string
	thrower          string // thrower.New name
	depth            int
}

// versusChoices are the difficulties, easiest first.
var versusChoices = []versusChoice{
	{"kind", "Kind", "Deals the piece that helps you most.", "kind", 1},
	{"random", "Random", "Every piece equally likely, without a bag.", "random", 0},
	{"bastet", "Bastet", "Bastet's chooser: nearly always the worst piece, sometimes the second to fourth worst.", "bastet", 0},
	{"hatetris", "HATETRIS", "The piece whose best landing is lowest, never leading back to a well it has seen.", "hatetris", 0},
	{"minimax1", "Minimax, depth 1", "The piece whose best placement scores lowest (Kravec).", "minimax", 1},
	{"minimax2", "Minimax, depth 2", "Looks a piece further: the worst piece whatever you do next.", "minimax", 2},
	{"sz", "S/Z", "Only S and Z, switching when the boards repeat: on an even width a sure loss, in the end.", "sz", 0},
}

func versusChoiceByKey(key string) (*versusChoice, bool) {
	for i := range versusChoices {
		if versusChoices[i].key == key {
			return &versusChoices[i], true
		}
	}
	return nil, false
}

// scoreKey is the high-score table of a difficulty.
func (c *versusChoice) scoreKey() string { return "versus-" + c.key }

// newRandomizer builds the choice's thrower for a game of cfg from seed.
func (c *versusChoice) newRandomizer(cfg engine.Config, seed uint64) (*thrower.Replayable, error) {
	return thrower.NewRandomizer(c.thrower, thrower.Options{
		Preview: cfg.Preview > 0, Width: cfg.Width, Height: cfg.VisibleHeight, Seed: seed, Depth: c.depth,
	})
}

// VersusSettings are the choices of the two thrower screens, kept in
// their own blob so that the shared settings file does not change.
type VersusSettings struct {
	Thrower string `json:"thrower"` // versusChoices key, for versus
	Bot     struct {
		Thrower     string `json:"thrower"`
		Personality string `json:"personality"`
		Depth       int    `json:"depth"` // 1, or 2 with the next piece shown
		Speed       int    `json:"speed"` // index in botSpeeds
	} `json:"bot"`
}

const versusFile = "versus.json"

func defaultVersusSettings() VersusSettings {
	var v VersusSettings
	v.Thrower = "hatetris"
	v.Bot.Thrower, v.Bot.Personality, v.Bot.Depth, v.Bot.Speed = "minimax1", "kravec", 1, 4
	return v
}

// Validate checks the thrower settings.
func (v *VersusSettings) Validate() error {
	for _, k := range []string{v.Thrower, v.Bot.Thrower} {
		if _, ok := versusChoiceByKey(k); !ok {
			return fmt.Errorf("thrower %q unknown", k)
		}
	}
	if _, err := solver.PersonalityByName(v.Bot.Personality); err != nil {
		return err
	}
	if v.Bot.Depth < 1 || v.Bot.Depth > 2 {
		return fmt.Errorf("bot depth %d out of range 1..2", v.Bot.Depth)
	}
	if v.Bot.Speed < 0 || v.Bot.Speed >= len(botSpeeds) {
		return fmt.Errorf("bot speed %d out of range 0..%d", v.Bot.Speed, len(botSpeeds)-1)
	}
	return nil
}

// versusSettings reads the thrower settings (defaults when there are none
// or they are damaged; a damaged blob is kept aside by LoadJSON).
func (a *App) versusSettings() VersusSettings {
	v := defaultVersusSettings()
	if n := a.blobs.LoadJSON(versusFile, &v, func() { v = defaultVersusSettings() }); n != "" {
		a.Notify(n)
	}
	return v
}

func (a *App) saveVersusSettings(v VersusSettings) { a.save(versusFile, &v) }

// withThrowers extends a replay factory with the throwers, so that the
// window plays back versus games whatever factory it was given.
func withThrowers(f engine.RandomizerFactory) engine.RandomizerFactory {
	return func(name, opts string, cfg engine.Config, seed uint64) (engine.Randomizer, error) {
		if name == thrower.ReplayName || f == nil {
			return thrower.ReplayFactory(name, opts, cfg, seed)
		}
		return f(name, opts, cfg, seed)
	}
}

// versusConfig is the game a person plays against the thrower: guideline
// endless with the player's handling, but no hold and no preview, so that
// the thrower chooses each piece when the last one has locked, seeing the
// well as it is (HATETRIS has neither).
func versusConfig(a *App) engine.Config {
	cfg := a.Settings.Apply(engine.ConfigFor(engine.GoalNone))
	cfg.Preview, cfg.Hold = 0, false
	return cfg
}

// startVersus starts a game against the saved difficulty.
func startVersus(a *App, m *Mode, seed uint64) (Scene, error) {
	c, _ := versusChoiceByKey(a.versusSettings().Thrower)
	cfg := versusConfig(a)
	rnd, err := c.newRandomizer(cfg, seed)
	if err != nil {
		return nil, err
	}
	g, err := engine.NewGameWith(cfg, seed, rnd)
	if err != nil {
		return nil, err
	}
	s := &versusScene{playScene: newPlayScene(m, g, humanDriver{}), choice: c, rnd: rnd}
	s.subtitle = "vs " + c.title
	s.explain()
	return s, nil
}

// versusScene is a play scene whose pieces a thrower chooses; it shows
// why the thrower dealt the current piece. The bot's version adds a cycle
// detector (botVersusDriver).
type versusScene struct {
	*playScene
	choice   *versusChoice
	rnd      *thrower.Replayable
	explains thrower.Explainer   // rnd, or the randomizer that deals for it
	why      thrower.Explanation // behind the last piece dealt
	whyPiece int                 // pieces locked when why was asked
	recorded bool
	rank     int // place in the difficulty's table, 0 = none
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
func (s *versusScene) Update(a *App) error {
	if !s.done() {
		err := s.playScene.Update(a)
		if s.game.Stats().Pieces != s.whyPiece {
			s.explain()
		}
		return err
	}
	s.fx.step()
	s.ended++
	if !s.recorded {
		s.recorded = true
		s.record(a)
	}
	if _, bot := s.driver.(*botVersusDriver); bot {
		// The bot's end stays on screen with the detector's findings.
		switch {
		case s.ended > 10 && a.In.Menu&MenuConfirm != 0:
			if sc, err := s.restart(a); err == nil {
				a.Stack.Replace(sc)
			} else {
				a.Notify(err.Error())
			}
		case a.In.Menu&MenuBack != 0:
			a.Stack.Reset(newMainMenu())
		}
		return nil
	}
	if s.ended >= endDelayTicks || s.ended > 10 && a.In.Menu&MenuConfirm != 0 {
		s.saveReplay(a)
		a.Stack.Replace(newVersusResults(a, s))
	}
	return nil
}

// record puts a person's game in its difficulty's table.
func (s *versusScene) record(a *App) {
	if _, human := s.driver.(humanDriver); !human {
		return
	}
	g := s.game
	s.rank = addByLines(&a.Scores, s.choice.scoreKey(), Result{
		Score: g.Score(), Lines: g.Lines(), Level: g.Level(), Ticks: g.Ticks(),
		Pieces: g.Stats().Pieces, Date: time.Now().Format("2006-01-02"),
	})
	if s.rank > 0 {
		a.SaveScores()
	}
}

// addByLines records r in table key, ranked by lines survived (a tie
// keeps the earlier result first), and returns its rank from 1, or 0.
func addByLines(s *Scores, key string, r Result) int {
	if s.Modes == nil {
		s.Modes = map[string][]Result{}
	}
	rs := s.Modes[key]
	i := sort.Search(len(rs), func(i int) bool { return r.Lines > rs[i].Lines })
	if i >= TopScores {
		return 0
	}
	rs = slices.Insert(rs, i, r)
	s.Modes[key] = rs[:min(len(rs), TopScores)]
	return i + 1
}

// Draw implements Scene: the board and the score as in the play scene,
// the piece the thrower dealt where the hold box would be, and on the
// right its scores for every piece.
func (s *versusScene) Draw(r *Renderer) {
	g := s.game
	look := boardLook{x: boardX, y: boardY, ghost: r.Settings.Ghost, grid: r.Settings.Grid,
		danger: g.Board().StackHeight() > g.VisibleHeight()-4 && !g.Over()}
	if s.fx.bumpTicks > 0 {
		look.shakeY = float32(s.fx.bumpTicks) / bumpTicks * 2
	}
	if s.fx.spawnTicks > 0 {
		look.spawnFlash = float32(s.fx.spawnTicks) / spawnFlashTicks
	}
	if g.Over() && g.End().TopOut() {
		look.dead = min(s.ended/2, g.Board().Height)
	}
	r.Text(s.mode.Title, 8, 8, 1, sprites.Dim)
	if s.subtitle != "" {
		r.Text(s.subtitle, rightColX, 8, 1, sprites.Dim)
	}
	drawBoard(r, g, look)
	s.drawEffects(r, look)
	if d, ok := s.driver.(*botVersusDriver); ok {
		d.drawBand(r, g)
	}
	s.drawDealt(r)
	s.drawCallouts(r)
	s.drawStats(r)
	y := drawWhy(r, s.choice.title, s.why, rightColX, boardY)
	if d, ok := s.driver.(*botVersusDriver); ok {
		d.drawDetector(r, y+8, s)
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
func (s *versusScene) drawDealt(r *Renderer) {
	x, y := float32(leftColR-panelW), float32(boardY)
	cur, ok := s.game.Current()
	dealt := cur.Piece
	if q := s.game.Queue(); s.game.Config().Preview > 0 && len(q) > 0 {
		dealt = q[0]
		r.Panel(x-panelW-6, y, panelW, holdPanelH, sprites.Panel, sprites.Shade(sprites.Frame, 180))
		r.Text("NOW", x-panelW, y+3, 1, sprites.Dim)
		if ok {
			drawPiecePreview(r, cur.Piece, x-panelW-6, y+16, panelW, holdPanelH-18, cellSize, White)
		}
		ok = true
	}
	r.Panel(x, y, panelW, holdPanelH, sprites.Panel, sprites.Shade(sprites.Danger, 150))
	r.Text("DEALT", x+6, y+3, 1, sprites.Dim)
	if ok {
		drawPiecePreview(r, dealt, x, y+16, panelW, holdPanelH-18, cellSize, White)
	}
}

// whyW is the width of the thrower's panel.
const whyW = ScreenW - rightColX - 8

// drawWhy draws the thrower's reasons for its last piece at (x, y): its
// rule, and per piece kind a bar for its score, the dealt one marked. It
// returns the bottom of the panel.
func drawWhy(r *Renderer, title string, ex thrower.Explanation, x, y float32) float32 {
	rule := wrap(ex.Rule, (whyW-12)/sprites.GlyphW)
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
			r.Rect(x+2, ty-1, whyW-4, 16, Alpha(sprites.Danger, 0.1))
		}
		drawPiecePreview(r, sc.Piece, x+4, ty, 30, 14, 6, White)
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
func (s *versusScene) drawSurvival(r *Renderer, y float32) {
	g := s.game
	r.Text("LINES SURVIVED", rightColX, y, 1, sprites.Dim)
	r.TextRight(fmt.Sprint(g.Lines()), rightColX+whyW, y+2, 2, sprites.Accent)
	y += 2 * sprites.GlyphH
	best := "-"
	if b, ok := r.App.Scores.Best(s.choice.scoreKey()); ok {
		best = fmt.Sprint(b.Lines)
	}
	r.Text("BEST vs "+s.choice.title, rightColX, y, 1, sprites.Dim)
	r.TextRight(best, rightColX+whyW, y, 1, sprites.Text)
	y += sprites.GlyphH
	r.Text("TIME", rightColX, y, 1, sprites.Dim)
	r.TextRight(FormatTicks(g.Ticks()), rightColX+whyW, y, 1, sprites.Text)
	y += sprites.GlyphH
	r.Text("PIECES", rightColX, y, 1, sprites.Dim)
	r.TextRight(fmt.Sprint(g.Stats().Pieces), rightColX+whyW, y, 1, sprites.Text)
}

// drawVersusEnd is the banner over the finished board.
func (s *versusScene) drawVersusEnd(r *Renderer) {
	a := min(1, float32(s.ended)/20)
	msg, sub, c := "GAME OVER", plural(s.game.Lines(), "line"), sprites.Danger
	if d, ok := s.driver.(*botVersusDriver); ok && d.det.Found() {
		cy := d.det.Cycle()
		msg, sub, c = "CYCLE", fmt.Sprintf("length %d", cy.Length), sprites.Good
	}
	cy := float32(boardY + 130)
	r.Rect(boardX, cy, 160, 64, Alpha(sprites.Well, a*0.85))
	r.TextCenter(msg, boardX+80, cy+8, 2, Alpha(c, a))
	r.TextCenter(sub, boardX+80, cy+42, 1, Alpha(sprites.Text, a))
}

// plural writes a count and its noun: "1 line", "2 lines".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// versusResults are the play results plus the lines survived against the
// difficulty and its table's rank; "High scores" opens the difficulty
// screen, which shows the tables.
type versusResults struct {
	*resultsScene
	vs *versusScene
}

func newVersusResults(a *App, vs *versusScene) *versusResults {
	rs := newResults(a, vs.playScene)
	for i := range rs.menu.items {
		if rs.menu.items[i].label == "High scores" {
			rs.menu.items[i].label = "Difficulty and scores"
			rs.menu.items[i].activate = func(a *App) { a.Stack.Push(newVersusSetup(vs.mode)) }
		}
	}
	return &versusResults{resultsScene: rs, vs: vs}
}

func (s *versusResults) Draw(r *Renderer) {
	s.resultsScene.Draw(r)
	vs := s.vs
	x, y := float32(340), float32(232)
	r.Text(fmt.Sprintf("Survived %s against %s.", plural(vs.game.Lines(), "line"), vs.choice.title), x, y, 1, sprites.Text)
	switch {
	case vs.rank == 1:
		r.Text("NEW BEST AGAINST THIS THROWER!", x, y+16, 1, sprites.Accent)
	case vs.rank > 0:
		r.Text(fmt.Sprintf("#%d in its table", vs.rank), x, y+16, 1, sprites.Good)
	}
}

// versusSetup is the difficulty menu: one row per thrower with its best
// result; Enter starts it. The selected thrower's table is on the right.
type versusSetup struct {
	mode   *Mode
	menu   menu
	opened bool // the cursor has been put on the saved difficulty
}

func newVersusSetup(m *Mode) *versusSetup {
	s := &versusSetup{mode: m}
	for i := range versusChoices {
		c := &versusChoices[i]
		s.menu.items = append(s.menu.items, menuItem{label: c.title, help: c.help,
			value: func(a *App) string {
				if b, ok := a.Scores.Best(c.scoreKey()); ok {
					return fmt.Sprintf("%d lines", b.Lines)
				}
				return ""
			},
			activate: func(a *App) {
				v := a.versusSettings()
				v.Thrower = c.key
				a.saveVersusSettings(v)
				sc, err := m.New(a, a.NewSeed())
				if err != nil {
					a.Notify(err.Error())
					return
				}
				a.Stack.Reset(sc)
			}})
	}
	s.menu.items = append(s.menu.items, menuItem{label: "Back", activate: func(a *App) { a.Stack.Pop() }})
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

func (s *versusSetup) Update(a *App) error {
	if !s.opened { // open on the saved difficulty
		s.opened = true
		key := a.versusSettings().Thrower
		s.menu.sel = max(0, slices.IndexFunc(versusChoices, func(v versusChoice) bool { return v.key == key }))
	}
	if s.menu.update(a) {
		a.Stack.Pop()
	}
	return nil
}

func (s *versusSetup) Draw(r *Renderer) {
	heading(r, "VERSUS THE THROWER", 24, sprites.Danger)
	r.Text("Choose who deals your pieces:", float32(s.menu.x), 72, 1, sprites.Dim)
	r.Panel(float32(s.menu.x-8), float32(s.menu.y-8), float32(s.menu.w+16), float32(len(s.menu.items)*s.menu.rowH+12), sprites.Panel, sprites.Shade(sprites.Frame, 160))
	s.menu.draw(r, r.App)
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
	rs := r.App.Scores.Modes[c.scoreKey()]
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
