package scenes

import (
	"fmt"
	"image/color"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

// Effect lengths in ticks.
const (
	lockFlashTicks  = 10
	trailTicks      = 9
	clearTicks      = 22
	calloutTicks    = 110
	spawnFlashTicks = 6
	bumpTicks       = 6
	endDelayTicks   = 100 // the finished board stays this long before the results
)

// clearedRow is a row that was just removed, kept for its animation.
type clearedRow struct {
	y     int
	cells []engine.Piece
}

// callout is a message beside the board ("T-SPIN DOUBLE").
type callout struct {
	lines []string
	color color.RGBA
	ticks int
}

// effects are the animations the scene runs in reaction to engine events;
// they never change the game.
type effects struct {
	lockCells  [4]engine.Cell
	lockPiece  engine.Piece
	lockTicks  int
	cleared    []clearedRow
	clearTicks int
	callouts   []callout
	spawnTicks int
	bumpTicks  int
	liftBuf    []float32

	trail      engine.Placed // where the last hard drop landed
	trailRows  int           // how far it fell
	trailTicks int
}

func (fx *effects) step() {
	for _, t := range []*int{&fx.lockTicks, &fx.clearTicks, &fx.spawnTicks, &fx.bumpTicks, &fx.trailTicks} {
		if *t > 0 {
			*t--
		}
	}
	kept := fx.callouts[:0]
	for _, c := range fx.callouts {
		if c.ticks--; c.ticks > 0 {
			kept = append(kept, c)
		}
	}
	fx.callouts = kept
}

func (fx *effects) say(c color.RGBA, lines ...string) {
	fx.callouts = append(fx.callouts, callout{lines, c, calloutTicks})
	if len(fx.callouts) > 3 {
		fx.callouts = fx.callouts[len(fx.callouts)-3:]
	}
}

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
	// extra draws on top of the board (the bot's candidates).
	extra func(r *Renderer, s *playScene)
}

func newPlayScene(m *Mode, g *engine.Game, d Driver) *playScene {
	s := &playScene{mode: m, game: g, driver: d}
	s.rec, _ = engine.NewRecorder(g) // a game that cannot be recorded still plays
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

// finisher is a driver with an end of its own (a replay's last input).
type finisher interface{ Finished() bool }

// done reports whether the game is over or its replay has run out.
func (s *playScene) done() bool {
	if f, ok := s.driver.(finisher); ok && f.Finished() {
		return true
	}
	return s.game.Over()
}

func (s *playScene) Name() string                  { return "play" }
func (s *playScene) Game() *engine.Game            { return s.game }
func (s *playScene) ModeName() string              { return s.mode.Name }
func (s *playScene) BoardOrigin() (x, y int)       { return boardX, boardY }
func (s *playScene) restart(a *App) (Scene, error) { return s.mode.New(a, a.NewSeed()) }

// Update implements Scene.
func (s *playScene) Update(a *App) error {
	s.fx.step()
	if s.done() {
		s.ended++
		if s.ended >= endDelayTicks || s.ended > 10 && a.In.Menu&MenuConfirm != 0 {
			s.saveReplay(a)
			a.Stack.Replace(newResults(a, s))
		}
		return nil
	}
	if a.In.Pressed.Has(ActPause) {
		a.Stack.Push(newPause(s))
		return nil
	}
	for i := 0; i < max(1, s.ticksPerUpdate) && !s.done(); i++ {
		in := s.driver.Next(a, s.game)
		for _, e := range s.tick(in) {
			s.react(a, e)
		}
	}
	return nil
}

// react turns one engine event into sounds and effects.
func (s *playScene) react(a *App, e engine.Event) {
	fx := &s.fx
	switch e.Kind {
	case engine.EvSpawn:
		fx.spawnTicks = spawnFlashTicks
	case engine.EvMove:
		if !s.quiet {
			a.Play(sound.Move)
		}
	case engine.EvRotate:
		if !s.quiet {
			a.Play(sound.Rotate)
		}
	case engine.EvHold:
		a.Play(sound.Hold)
	case engine.EvHardDrop:
		a.Play(sound.HardDrop)
		fx.bumpTicks = bumpTicks
		if e.Rows > 0 {
			fx.trail, fx.trailRows, fx.trailTicks = e.Piece, e.Rows, trailTicks
		}
	case engine.EvLock:
		fx.lockCells, fx.lockPiece, fx.lockTicks = e.Piece.Cells(), e.Piece.Piece, lockFlashTicks
		c := e.Clear
		if c.Lines == 0 && c.Spin == engine.SpinNone {
			a.Play(sound.Lock)
			return
		}
		if c.Lines > 0 {
			s.keepCleared(e)
		}
		s.announce(a, c)
	case engine.EvLevelUp:
		a.Play(sound.LevelUp)
		fx.say(sprites.Good, fmt.Sprintf("LEVEL %d", e.Level))
	case engine.EvGameOver:
		if e.End.TopOut() {
			a.Play(sound.TopOut)
		} else {
			a.Play(sound.Perfect)
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
func (s *playScene) announce(a *App, c engine.Clear) {
	fx := &s.fx
	switch {
	case c.PerfectClear:
		a.Play(sound.Perfect)
	case c.Spin != engine.SpinNone:
		a.Play(sound.TSpin)
	case c.Lines == 4:
		a.Play(sound.Tetris)
	default:
		a.Play(sound.Clear)
	}
	var lines []string
	col := sprites.Text
	switch c.Spin {
	case engine.SpinFull:
		lines, col = []string{"T-SPIN"}, sprites.PieceColors[engine.T]
	case engine.SpinMini:
		lines, col = []string{"MINI T-SPIN"}, sprites.PieceColors[engine.T]
	}
	if word := [...]string{"", "SINGLE", "DOUBLE", "TRIPLE", "TETRIS"}[min(c.Lines, 4)]; word != "" {
		if c.Lines == 4 && c.Spin == engine.SpinNone {
			col = sprites.PieceColors[engine.I]
		}
		lines = append(lines, word)
	}
	if c.Spin != engine.SpinNone || c.Lines >= 2 {
		fx.say(col, lines...)
	}
	if c.BackToBack {
		fx.say(sprites.Accent, "BACK-TO-BACK")
	}
	if c.Combo >= 1 {
		fx.say(sprites.Good, fmt.Sprintf("COMBO %d", c.Combo))
	}
	if c.PerfectClear {
		fx.say(sprites.Accent, "PERFECT", "CLEAR")
	}
}

// Draw implements Scene.
func (s *playScene) Draw(r *Renderer) {
	g := s.game
	st := r.Settings
	look := boardLook{x: boardX, y: boardY, ghost: st.Ghost, grid: st.Grid,
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
	if s.fx.clearTicks > 0 {
		_, drop := clearProgress(s.fx.clearTicks)
		look.lift = s.fx.lift(g.Board().Height, drop)
	}
	r.Text(s.mode.Title, leftColR-panelW, 8, 1, sprites.Dim)
	if s.subtitle != "" {
		r.Text(s.subtitle, rightColX, 8, 1, sprites.Dim)
	}
	drawBoard(r, g, look)
	s.drawEffects(r, look)
	if s.extra != nil {
		s.extra(r, s)
	}
	drawHold(r, g)
	s.drawCallouts(r)
	s.drawStats(r)
	y := drawQueue(r, g) + 10
	s.drawInfo(r, y)
	if s.done() {
		s.drawEnd(r)
	}
}

func (s *playScene) drawEffects(r *Renderer, look boardLook) {
	vh := s.game.VisibleHeight()
	fx := &s.fx
	if fx.trailTicks > 0 {
		// A streak above each column of the dropped piece, fading out.
		a := float32(fx.trailTicks) / trailTicks
		col := sprites.PieceColors[fx.trail.Piece]
		var top [engine.MaxWidth]int8 // highest cell per column, -1 = none
		for i := range top {
			top[i] = -1
		}
		for _, c := range fx.trail.Cells() {
			if c.X >= 0 && int(c.X) < len(top) {
				top[c.X] = max(top[c.X], c.Y)
			}
		}
		for x, y := range top {
			if y < 0 || int(y) >= vh {
				continue
			}
			_, py := cellXY(look.x, look.y, vh, int(x), int(y))
			h := float32(min(fx.trailRows, vh-1-int(y)) * cellSize)
			px := float32(look.x + int(x)*cellSize)
			for i := float32(0); i < 4; i++ { // brighter near the piece
				seg := h / 4
				r.Rect(px+2, py-seg*(i+1), cellSize-4, seg, Alpha(col, a*0.22*(1-i/4)))
			}
		}
	}
	if fx.lockTicks > 0 {
		a := float32(fx.lockTicks) / lockFlashTicks
		for _, c := range fx.lockCells {
			if int(c.Y) < vh {
				px, py := cellXY(look.x, look.y, vh, int(c.X), int(c.Y))
				r.Rect(px, py, cellSize, cellSize, Alpha(White, a*0.7))
			}
		}
	}
	if fx.clearTicks > 0 {
		hold, drop := clearProgress(fx.clearTicks)
		for _, row := range fx.cleared {
			if row.y >= vh {
				continue
			}
			_, py := cellXY(look.x, look.y, vh, 0, row.y)
			// The cleared row shows and flashes white, then its minos
			// shrink away from the middle outwards as the stack above
			// drops into the gap.
			for x, p := range row.cells {
				if p == engine.None {
					continue
				}
				d := x - len(row.cells)/2
				if d < 0 {
					d = -d - 1
				}
				k := min(1, (1-drop)*1.6-float32(d)*0.08)
				if k <= 0 {
					continue
				}
				sz := cellSize * k
				px := float32(look.x+x*cellSize) + (cellSize-sz)/2
				r.Mino(p, px, py+(cellSize-sz)/2, sz, Alpha(White, k))
			}
			if hold > 0 {
				r.Rect(float32(look.x), py, float32(len(row.cells)*cellSize), cellSize, Alpha(White, hold*0.85))
			}
		}
	}
}

// clearProgress splits the line-clear animation: hold goes 1 -> 0 while
// the cleared rows flash, then drop goes 0 -> 1 while the stack falls.
func clearProgress(ticks int) (hold, drop float32) {
	const flash = 8
	done := clearTicks - ticks
	if done < flash {
		return 1 - float32(done)/flash, 0
	}
	return 0, float32(done-flash+1) / float32(clearTicks-flash)
}

// lift is how far each row of the collapsed board is drawn above its place
// during a line clear: the rows that were above a cleared row start where
// they were and fall, faster and faster, into place.
func (fx *effects) lift(height int, drop float32) []float32 {
	if cap(fx.liftBuf) < height {
		fx.liftBuf = make([]float32, height)
	}
	out := fx.liftBuf[:height]
	cleared := func(y int) bool {
		for _, r := range fx.cleared {
			if r.y == y {
				return true
			}
		}
		return false
	}
	f := 1 - drop*drop
	o := 0 // the row's index before the clear
	for y := 0; y < height; y++ {
		for cleared(o) {
			o++
		}
		out[y] = float32((o-y)*cellSize) * f
		o++
	}
	return out
}

// drawCallouts shows the newest call-outs first, as many as fit between
// the hold box and the score.
func (s *playScene) drawCallouts(r *Renderer) {
	y := float32(boardY + holdPanelH + 10)
	bottom := float32(boardY + 320 - 128)
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
			r.TextRight(l, leftColR-slide, y, size, Alpha(c.color, a))
			y += float32(size * sprites.GlyphH)
		}
		y += 2
	}
}

// calloutSize is the text size of a call-out line: double when it fits.
func calloutSize(l string) int {
	if sprites.TextWidth(l)*2 > leftColR-leftColX {
		return 1
	}
	return 2
}

// drawStats draws score, level and lines at the foot of the left column.
func (s *playScene) drawStats(r *Renderer) {
	g := s.game
	y := float32(boardY + 320 - 124)
	y = stat(r, "SCORE", fmt.Sprint(g.Score()), y, true)
	y = stat(r, "LEVEL", fmt.Sprint(g.Level()), y, false)
	lines := fmt.Sprint(g.Lines())
	if gl := g.Config().GoalLines; gl > 0 {
		lines = fmt.Sprintf("%d/%d", g.Lines(), gl)
	}
	stat(r, "LINES", lines, y, false)
}

// drawInfo draws the clock and the running counts under the queue.
func (s *playScene) drawInfo(r *Renderer, y float32) {
	g := s.game
	t, label := g.Ticks(), "TIME"
	if g.Config().Goal == engine.GoalUltra {
		t, label = max(0, engine.UltraTicks-t), "LEFT"
	}
	tc := sprites.Text
	if label == "LEFT" && t < 10*60 {
		tc = sprites.Danger
	}
	y = info(r, label, FormatTicks(t), y, tc)
	if best, ok := r.App.Scores.Best(s.mode.Name); ok && s.mode.ByTime {
		y = info(r, "BEST", FormatTicks(best.Ticks), y, sprites.Dim)
	}
	pps := "-"
	if t := g.Ticks(); t > 0 {
		pps = fmt.Sprintf("%.2f", float64(g.Stats().Pieces)*60/float64(t))
	}
	y = info(r, "PIECES", fmt.Sprint(g.Stats().Pieces), y, sprites.Text)
	y = info(r, "PPS", pps, y, sprites.Text)
	combo, cc := "-", sprites.Text
	if c := g.Combo(); c > 0 {
		combo, cc = fmt.Sprint(c), sprites.Good
	}
	y = info(r, "COMBO", combo, y, cc)
	b2b, bc := "-", sprites.Text
	if b := g.BackToBack(); b > 1 {
		b2b, bc = fmt.Sprintf("x%d", b-1), sprites.Accent
	}
	info(r, "B2B", b2b, y, bc)
}

func (s *playScene) drawEnd(r *Renderer) {
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
	cy := float32(boardY + 130)
	r.Rect(boardX, cy, 160, 56, Alpha(sprites.Well, a*0.85))
	r.TextCenter(msg, boardX+80, cy+12, 2, Alpha(c, a))
}

// replayDriver returns the driver when the scene plays a replay.
func (s *playScene) replayDriver() *replayDriver {
	d, _ := s.driver.(*replayDriver)
	return d
}
