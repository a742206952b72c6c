package scenes

import (
	"fmt"
	"image/color"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

// playScene runs one game: a Driver supplies the input each tick, the
// engine plays, and the scene draws the game and its effects.
type playScene struct {
	mode   *Mode
	game   *engine.Game
	driver Driver
	rec    *engine.Recorder // nil when the game's randomizer cannot be replayed
	saved  bool             // the replay has been saved
	fx     effects
	ended  int // ticks since the game ended
	// ticksPerUpdate > 1 fast-forwards (the bot); quiet keeps the bot's
	// many moves and turns from chattering.
	ticksPerUpdate int
	quiet          bool
	subtitle       string
	// extra draws on top of the board (the bot's candidates); keys reads
	// the keys of what extra shows.
	extra func(r *draw.Renderer, s *playScene)
	keys  func(c *Context)
	best  Result // the mode's best game, from the last prepare
	hasPB bool
	// countdown is the ticks of READY left before a person's game starts;
	// the engine does not tick until then, so the clock and gravity start
	// at GO and no key moves a piece before it. goTicks shows GO.
	countdown int
	goTicks   int
	// splits are the game ticks at which each line was cleared, for the
	// sprint's pace against the best and the best's own splits.
	splits []int
}

// Countdown lengths (guideline: READY, then GO, about a second each; the
// game runs while GO is shown).
const (
	readyTicks = 60
	goTicks    = 50
)

func newPlayScene(m *Mode, g *engine.Game, d Driver) *playScene {
	s := &playScene{mode: m, game: g, driver: d}
	s.rec, _ = engine.NewRecorder(g) // a game that cannot be recorded still plays
	if d.Person() && d.Replay() == nil {
		s.countdown = readyTicks
	}
	return s
}

// recordedScene is a scene that shows a game it records: every play
// scene (versus and bot-versus embed one) and the results after it.
type recordedScene interface{ recorder() *engine.Recorder }

func (s *playScene) recorder() *engine.Recorder { return s.rec }

// tick advances the game, through the recorder when there is one.
func (s *playScene) tick(in engine.Input) []engine.Event {
	if s.rec != nil {
		return s.rec.Tick(in)
	}
	return s.game.Tick(in)
}

// done reports whether the game is over or its driver has run out (a
// replay's end, a cycle found).
func (s *playScene) done() bool { return s.driver.Finished() || s.game.Over() }

// playing is the scene itself: play scenes, and the versus scenes that
// embed one, can be paused.
func (s *playScene) playing() *playScene { return s }

// driverOf is the game's driver, for the state file.
func (s *playScene) driverOf() Driver { return s.driver }

// prepare keeps the mode's best game for the HUD; a replay is paced
// against the best of the mode it recorded.
func (s *playScene) prepare(c *Context) {
	key := s.mode.Name
	if s.driver.Replay() != nil {
		key = s.game.Config().Goal.String()
	}
	s.best, s.hasPB = c.Scores.Best(key)
}

func (s *playScene) Name() string                      { return "play" }
func (s *playScene) Game() *engine.Game                { return s.game }
func (s *playScene) ModeName() string                  { return s.mode.Name }
func (s *playScene) BoardOrigin() (x, y int)           { return draw.BoardX, draw.BoardY }
func (s *playScene) restart(c *Context) (Scene, error) { return s.mode.New(c, c.NewSeed()) }

// retry restarts the mode at once (the retry key, in play, pause and
// results), keeping the replay of the game left behind.
func (s *playScene) retry(c *Context) {
	s.saveReplay(c)
	if sc, err := s.restart(c); err == nil {
		c.Stack.Reset(sc)
	} else {
		c.Notify(err.Error())
	}
}

// endSkipped reports whether the player cut the finished board short: a
// menu confirm after the guard, and never the hard-drop key, which a
// player mashing through a top-out is still pressing.
func (s *playScene) endSkipped(c *Context) bool {
	return s.ended > resultsGuardTicks && c.In.Menu&MenuConfirm != 0 && !c.In.Held.Has(ActHardDrop)
}

// Update implements Scene.
func (s *playScene) Update(c *Context) error {
	s.fx.step()
	if c.In.Pressed.Has(ActRetry) && s.driver.Person() {
		s.retry(c)
		return nil
	}
	if s.done() {
		s.ended++
		if s.ended >= endDelayTicks || s.endSkipped(c) {
			s.saveReplay(c)
			c.Stack.Replace(newResults(c, s))
		}
		return nil
	}
	if c.In.Pressed.Has(ActPause) {
		c.Stack.Push(newPause(s))
		return nil
	}
	if s.keys != nil {
		s.keys(c)
	}
	if s.goTicks > 0 {
		s.goTicks--
	}
	if s.countdown > 0 {
		if s.countdown == readyTicks {
			c.Play(sound.MenuMove)
		}
		if s.countdown--; s.countdown == 0 {
			s.goTicks = goTicks
			c.Play(sound.MenuSelect)
		}
		return nil
	}
	for i := 0; i < max(1, s.ticksPerUpdate) && !s.done(); i++ {
		in := s.driver.Next(&c.In, s.game)
		for _, e := range s.tick(in) {
			s.react(c, e)
		}
	}
	return nil
}

// react turns one engine event into sounds and effects.
func (s *playScene) react(c *Context, e engine.Event) {
	fx := &s.fx
	switch e.Kind {
	case engine.EvSpawn:
		fx.spawnTicks = spawnFlashTicks
	case engine.EvMove:
		if !s.quiet {
			c.Play(sound.Move)
		}
	case engine.EvRotate:
		if !s.quiet {
			c.Play(sound.Rotate)
		}
	case engine.EvHold:
		c.Play(sound.Hold)
	case engine.EvHardDrop:
		c.Play(sound.HardDrop)
		fx.bumpTicks = bumpTicks
		if e.Rows > 0 {
			fx.trail, fx.trailRows, fx.trailTicks = e.Piece, e.Rows, trailTicks
		}
	case engine.EvLock:
		fx.lockCells, fx.lockPiece, fx.lockTicks = e.Piece.Cells(), e.Piece.Piece, lockFlashTicks
		cl := e.Clear
		if cl.Lines == 0 {
			fx.endCombo()
		}
		if cl.Lines == 0 && cl.Spin == engine.SpinNone {
			c.Play(sound.Lock)
			return
		}
		if cl.Lines > 0 {
			s.keepCleared(e)
			for len(s.splits) < s.game.Lines() {
				s.splits = append(s.splits, s.game.Ticks())
			}
		}
		s.announce(c, cl)
	case engine.EvLevelUp:
		if s.game.Config().Goal != engine.GoalSprint { // the level does not count in a race for lines
			c.Play(sound.LevelUp)
			fx.say(sprites.Good, fmt.Sprintf("LEVEL %d", e.Level))
		}
	case engine.EvGameOver:
		if e.End.TopOut() {
			c.Play(sound.TopOut)
		} else {
			c.Play(sound.Perfect)
		}
	}
}

// keepCleared keeps the rows the lock cleared, which the event carries,
// for the line-clear animation.
func (s *playScene) keepCleared(e engine.Event) {
	w := s.game.Board().Width
	s.fx.cleared = s.fx.cleared[:0]
	for _, row := range e.Cleared[:min(e.Clear.Lines, engine.MaxClear)] {
		s.fx.cleared = append(s.fx.cleared, clearedRow{y: row.Y, cells: row.Cells[:w]})
	}
	s.fx.clearTicks = clearTicks
}

// announce plays the clear's sound and shows its call-out.
func (s *playScene) announce(c *Context, cl engine.Clear) {
	fx := &s.fx
	switch {
	case cl.PerfectClear:
		c.Play(sound.Perfect)
	case cl.Spin != engine.SpinNone:
		c.Play(sound.TSpin)
	case cl.Lines == 4:
		c.Play(sound.Tetris)
	default:
		c.Play(sound.Clear)
	}
	var lines []string
	col := sprites.Text
	switch cl.Spin {
	case engine.SpinFull:
		lines, col = []string{"T-SPIN"}, sprites.PieceColors[engine.T]
	case engine.SpinMini:
		lines, col = []string{"MINI T-SPIN"}, sprites.PieceColors[engine.T]
	}
	if word := [...]string{"", "SINGLE", "DOUBLE", "TRIPLE", "TETRIS"}[min(cl.Lines, 4)]; word != "" {
		if cl.Lines == 4 && cl.Spin == engine.SpinNone {
			col = sprites.PieceColors[engine.I]
		}
		lines = append(lines, word)
	}
	if cl.Spin != engine.SpinNone || cl.Lines >= 2 {
		fx.say(col, lines...)
	}
	if cl.BackToBack {
		fx.say(sprites.Accent, "BACK-TO-BACK")
	}
	if cl.Combo >= 1 { // the count the HUD shows (engine: locks before this one)
		fx.say(sprites.Good, fmt.Sprintf("COMBO %d", cl.Combo))
		fx.callouts[len(fx.callouts)-1].combo = true
	}
	if cl.PerfectClear {
		fx.say(sprites.Accent, "PERFECT", "CLEAR")
	}
}

// look is how the board is drawn now: the player's looks, the danger
// tint, the hard-drop bump, the spawn flash, the greying of a lost game
// and the line-clear lift. Play, versus and bot-against-thrower all draw
// their board with it (drawField).
func (s *playScene) look(l draw.Looks) draw.BoardLook {
	g := s.game
	look := draw.BoardLook{X: draw.BoardX, Y: draw.BoardY, Ghost: l.Ghost, Grid: l.Grid,
		Danger: g.Board().StackHeight() > g.VisibleHeight()-4 && !g.Over()}
	if s.fx.bumpTicks > 0 {
		look.ShakeY = float32(s.fx.bumpTicks) / bumpTicks * 2
	}
	if s.fx.spawnTicks > 0 {
		look.SpawnFlash = float32(s.fx.spawnTicks) / spawnFlashTicks
	}
	if g.Over() && g.End().TopOut() {
		look.Dead = min(s.ended/2, g.Board().Height)
	}
	if s.fx.clearTicks > 0 {
		_, drop := clearProgress(s.fx.clearTicks)
		look.Lift = s.fx.lift(g.Board().Height, drop)
	}
	return look
}

// drawField draws the board in its look, and the effects over it.
func (s *playScene) drawField(r *draw.Renderer) {
	look := s.look(r.Looks)
	draw.Board(r, s.game, look)
	s.drawEffects(r, look)
}

// Draw implements Scene.
func (s *playScene) Draw(r *draw.Renderer) {
	g := s.game
	r.Text(s.mode.Title, draw.LeftColR-draw.PanelW, 8, 1, sprites.Dim)
	if s.subtitle != "" {
		r.Text(s.subtitle, draw.RightColX, 8, 1, sprites.Dim)
	}
	s.drawField(r)
	if s.extra != nil {
		s.extra(r, s)
	}
	draw.Hold(r, g)
	s.drawCallouts(r)
	s.drawStats(r)
	y := draw.Queue(r, g) + 10
	s.drawInfo(r, y)
	if s.done() {
		s.drawEnd(r)
	}
	s.drawCountdown(r)
}

// drawCountdown shows READY over the board, then GO fading as play starts.
func (s *playScene) drawCountdown(r *draw.Renderer) {
	msg, col, a := "READY", sprites.Accent, float32(1)
	switch {
	case s.countdown > 0:
	case s.goTicks > 0:
		msg, col, a = "GO!", sprites.Good, min(1, float32(s.goTicks)/20)
	default:
		return
	}
	cy := float32(draw.BoardY + 120)
	r.Rect(draw.BoardX, cy, 160, 44, draw.Alpha(sprites.Well, 0.8*a))
	r.TextCenter(msg, draw.BoardX+80, cy+8, 3, draw.Alpha(col, a))
}

// drawCallouts shows the newest call-outs first, as many as fit between
// the hold box and the score.
func (s *playScene) drawCallouts(r *draw.Renderer) {
	y := float32(draw.BoardY + draw.HoldPanelH + 10)
	bottom := float32(draw.BoardY + 320 - 128)
	for i := len(s.fx.callouts) - 1; i >= 0; i-- {
		c := s.fx.callouts[i]
		h := float32(0)
		for _, l := range c.lines {
			h += float32(calloutSize(l) * sprites.GlyphH)
		}
		if y+h > bottom {
			break
		}
		a := min(1, float32(c.ticks)/20)
		slide := float32(0)
		if age := calloutTicks - c.ticks; age < 8 {
			slide = float32(8-age) * 3
		}
		for _, l := range c.lines {
			size := calloutSize(l)
			r.TextRight(l, draw.LeftColR-slide, y, size, draw.Alpha(c.color, a))
			y += float32(size * sprites.GlyphH)
		}
		y += 2
	}
}

// calloutSize is the text size of a call-out line: double when it fits.
func calloutSize(l string) int {
	if sprites.TextWidth(l)*2 > draw.LeftColR-draw.LeftColX {
		return 1
	}
	return 2
}

// drawStats draws the left column's counts under the call-outs: in a
// sprint the lines left (score and level do not count there), else score,
// level and lines.
func (s *playScene) drawStats(r *draw.Renderer) {
	g := s.game
	y := float32(draw.BoardY + 320 - 124)
	if g.Config().Goal == engine.GoalSprint {
		y = draw.Stat(r, "LINES LEFT", fmt.Sprint(max(0, g.Config().GoalLines-g.Lines())), y, true)
		y = draw.Stat(r, "PIECES", fmt.Sprint(g.Stats().Pieces), y, false)
		draw.Stat(r, "PPS", s.pps(), y, false)
		return
	}
	y = draw.Stat(r, "SCORE", fmt.Sprint(g.Score()), y, true)
	y = draw.Stat(r, "LEVEL", fmt.Sprint(g.Level()), y, false)
	lines := fmt.Sprint(g.Lines())
	if gl := g.Config().GoalLines; gl > 0 {
		lines = fmt.Sprintf("%d/%d", g.Lines(), gl)
	}
	draw.Stat(r, "LINES", lines, y, false)
}

// pps is pieces per second of game time.
func (s *playScene) pps() string {
	g := s.game
	if g.Ticks() == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(g.Stats().Pieces)*60/float64(g.Ticks()))
}

// race reports whether the mode is against the clock: sprint and ultra
// get the large clock and the pace against the best.
func (s *playScene) race() bool {
	goal := s.game.Config().Goal
	return goal == engine.GoalSprint || goal == engine.GoalUltra
}

// clock is the time the HUD shows: time taken, or in ultra time left.
func (s *playScene) clock() (label string, t int, c color.RGBA) {
	g := s.game
	if g.Config().Goal == engine.GoalUltra {
		left := max(0, engine.UltraTicks-g.Ticks())
		if left < 10*60 {
			return "TIME LEFT", left, sprites.Danger
		}
		return "TIME LEFT", left, sprites.Text
	}
	return "TIME", g.Ticks(), sprites.Text
}

// pace compares the game with the mode's best so far: in a sprint the
// time against the best's at the same line count (or, for a best saved
// without splits, the projected finish against its time; minus is ahead),
// in ultra the score against the best's pro rata (plus is ahead).
func (s *playScene) pace() (string, color.RGBA) {
	g := s.game
	if !s.hasPB {
		return "-", sprites.Dim
	}
	ahead := false
	var text string
	switch g.Config().Goal {
	case engine.GoalSprint:
		n := len(s.splits)
		if n == 0 {
			return "-", sprites.Dim
		}
		var d int
		if n <= len(s.best.Splits) {
			d = s.splits[n-1] - s.best.Splits[n-1]
		} else {
			d = g.Ticks()*g.Config().GoalLines/g.Lines() - s.best.Ticks
		}
		ahead, text = d < 0, fmt.Sprintf("%+.2f", float64(d)/60)
	case engine.GoalUltra:
		d := g.Score() - s.best.Score*g.Ticks()/engine.UltraTicks
		ahead, text = d >= 0, fmt.Sprintf("%+d", d)
	default:
		return "-", sprites.Dim
	}
	if ahead {
		return text, sprites.Good
	}
	return text, sprites.Danger
}

// drawInfo draws the clock and the running counts under the queue: in a
// race a large clock, the best and the pace; else the time and counts.
func (s *playScene) drawInfo(r *draw.Renderer, y float32) {
	g := s.game
	if s.race() {
		label, t, tc := s.clock()
		r.Text(label, draw.RightColX, y, 1, sprites.Dim)
		r.Text(FormatTicks(t), draw.RightColX, y+sprites.GlyphH, 3, tc)
		y += 4 * sprites.GlyphH
		best := "-"
		if s.hasPB {
			best = FormatTicks(s.best.Ticks)
			if g.Config().Goal == engine.GoalUltra {
				best = fmt.Sprint(s.best.Score)
			}
		}
		y = draw.Info(r, "BEST", best, y, sprites.Dim)
		pace, pc := s.pace()
		y = draw.Info(r, "PACE", pace, y, pc)
		if g.Config().Goal == engine.GoalSprint {
			return
		}
	} else {
		y = draw.Info(r, "TIME", FormatTicks(g.Ticks()), y, sprites.Text)
		if s.hasPB && s.mode.ByTime {
			y = draw.Info(r, "BEST", FormatTicks(s.best.Ticks), y, sprites.Dim)
		}
		y = draw.Info(r, "PIECES", fmt.Sprint(g.Stats().Pieces), y, sprites.Text)
		y = draw.Info(r, "PPS", s.pps(), y, sprites.Text)
	}
	combo, cc := "-", sprites.Text
	if c := g.Combo(); c > 0 {
		combo, cc = fmt.Sprint(c), sprites.Good
	}
	y = draw.Info(r, "COMBO", combo, y, cc)
	b2b, bc := "-", sprites.Text
	if b := g.BackToBack(); b > 1 {
		b2b, bc = fmt.Sprintf("x%d", b-1), sprites.Accent
	}
	draw.Info(r, "B2B", b2b, y, bc)
}

func (s *playScene) drawEnd(r *draw.Renderer) {
	a := min(1, float32(s.ended)/20)
	msg, c := "GAME OVER", sprites.Danger
	switch s.game.End() {
	case engine.Playing:
		msg, c = "REPLAY END", sprites.Accent
	case engine.GoalMet:
		msg, c = "COMPLETE", sprites.Good
	case engine.TimeUp:
		msg, c = "TIME UP", sprites.Accent
	}
	cy := float32(draw.BoardY + 130)
	r.Rect(draw.BoardX, cy, 160, 56, draw.Alpha(sprites.Well, a*0.85))
	r.TextCenter(msg, draw.BoardX+80, cy+12, 2, draw.Alpha(c, a))
}
