package scenes

import (
	"context"
	"fmt"
	"image/color"
	"math/bits"
	"strings"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/scenes/pcpractice"
	"github.com/kocka/kocka/solver/pc"
	"github.com/kocka/kocka/sprites"
)

// pcScene is PC practice: an endless guideline game (7-bag, hold) whose
// goal is 4-line perfect clears, one round after another. After each
// piece the panel says whether a perfect clear is still possible with the
// pieces the bag can deal, and how likely over the pieces not yet shown
// (package pcpractice, off the game loop); the hint key shows a solution
// as ghosts. A miss (no clear left, or blocks above the 4 lines) stops
// the game and shows the clear that existed before the mistaken piece.
type pcScene struct {
	*playScene
	setup *pcpractice.Setup
	work  *pcpractice.Worker[pcAnswer]
	rnd   engine.Randomizer // the game's bag again, to know what it dealt
	dealt []engine.Piece    // every piece dealt so far, in order

	pcs        int // perfect clears so far
	roundLines int // the game's lines when this round began
	history    []pcEntry
	verdict    *pcpractice.Verdict // for the last position; nil while thinking
	hintOn     bool
	hint       *pc.Solution // for the last position, when hintOn

	miss      string // why the game stopped; "" while playing
	missEntry int    // the position whose solution is shown, -1 = none
	missHint  *pc.Solution
	missField pc.Field
	missDone  bool // the search for missHint has answered

	hintKey, retryKey string // the keys' names, from the last prepare
}

// prepare keeps the hint and retry keys' names for the panel.
func (s *pcScene) prepare(c *Context) {
	s.playScene.prepare(c)
	s.hintKey, s.retryKey = KeyName(c.Settings.Keys[ActHint][0]), KeyName(c.Settings.Keys[ActRetry][0])
}

// pcEntry is one position of the round and its verdict, once known.
type pcEntry struct {
	pos     pcpractice.Position
	verdict *pcpractice.Verdict
}

// pcAnswer is what the worker hands back.
type pcAnswer struct {
	kind    pcJob
	entry   int // index in history
	verdict *pcpractice.Verdict
	hint    *pc.Solution
}

type pcJob uint8

const (
	jobVerdict pcJob = iota // the verdict of the last position (and its hint when on)
	jobHint                 // the hint of the last position
	jobMiss                 // after a miss, the last position that could clear and its clear
)

// startPC starts PC practice on the saved field (Settings.PCField).
func startPC(c *Context, m *Mode, seed uint64) (Scene, error) {
	name := c.Settings.PCField
	if name == "" {
		name = pcpractice.Setups[0].Name
	}
	setup, err := pcpractice.SetupByName(name)
	if err != nil {
		return nil, err
	}
	cfg := c.Settings.Apply(engine.ConfigFor(engine.GoalNone))
	cfg.Hold, cfg.Randomizer = true, engine.Bag7
	game, err := engine.NewGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	// The same bag from the same seed: it tells which pieces of the
	// current bag the game has dealt, never one it has not.
	rnd, err := engine.NewRandomizer(engine.Bag7, seed, cfg.Pieces)
	if err != nil {
		return nil, err
	}
	s := &pcScene{playScene: newPlayScene(m, game, humanDriver{}), setup: setup,
		work: pcpractice.NewWorker[pcAnswer](), rnd: rnd, missEntry: -1}
	if rows := setup.BoardRows(); len(rows) > 0 {
		game.Board().SetRows(rows, sprites.Garbage)
		s.rec = nil // a replay would start from an empty field
	}
	s.subtitle = setup.Title
	s.analyze()
	return s, nil
}

// leave stops the search when the scene leaves the stack.
func (s *pcScene) leave() { s.work.Cancel() }

// height is the rows of the 4 still to clear this round.
func (s *pcScene) height() int { return pcpractice.Lines - (s.game.Lines() - s.roundLines) }

// position is what the player sees now, or an error when blocks lie
// above the rows still to clear.
func (s *pcScene) position() (pcpractice.Position, error) {
	g := s.game
	f, err := pc.NewField(g.Board(), s.height())
	if err != nil {
		return pcpractice.Position{}, err
	}
	cur, _ := g.Current()
	q := g.Queue()
	q = q[:min(len(q), g.Config().Preview)]
	hold := g.Hold()
	dealt := g.Stats().Pieces + len(g.Queue()) + 1
	if hold != engine.None {
		dealt++
	}
	for len(s.dealt) < dealt {
		s.dealt = append(s.dealt, s.rnd.Next(nil))
	}
	return pcpractice.Position{Field: f, Hold: hold, Current: cur.Piece,
		Preview: append([]engine.Piece(nil), q...), BagRest: pcpractice.BagRest(s.dealt)}, nil
}

// analyze starts the verdict of the position on screen, cancelling the
// search for the one before.
func (s *pcScene) analyze() {
	s.verdict, s.hint = nil, nil
	pos, err := s.position()
	if err != nil {
		s.missed("Out of the 4 lines")
		return
	}
	entry := len(s.history)
	s.history = append(s.history, pcEntry{pos: pos})
	hint, workers := s.hintOn, pcpractice.Workers()
	s.work.Start(func(ctx context.Context) (pcAnswer, error) {
		v, err := pcpractice.Analyze(ctx, pos, true, workers)
		if err != nil {
			return pcAnswer{}, err
		}
		a := pcAnswer{kind: jobVerdict, entry: entry, verdict: &v}
		if hint && v.Possible {
			sol, _, err := pcpractice.Hint(ctx, pos, v)
			if err != nil {
				return pcAnswer{}, err
			}
			a.hint = &sol
		}
		return a, nil
	})
}

// startHint finds a solution of the last position, whose verdict is in.
func (s *pcScene) startHint() {
	entry := len(s.history) - 1
	pos, v := s.history[entry].pos, *s.verdict
	s.work.Start(func(ctx context.Context) (pcAnswer, error) {
		sol, _, err := pcpractice.Hint(ctx, pos, v)
		return pcAnswer{kind: jobHint, entry: entry, hint: &sol}, err
	})
}

// missed stops the round and looks for the clear that existed before the
// mistaken piece: the last position whose verdict was possible (searched
// again, to the first clearing queue, when it was not known).
func (s *pcScene) missed(why string) {
	s.miss = why
	hist := append([]pcEntry(nil), s.history...)
	if s.verdict != nil && !s.verdict.Possible {
		hist = hist[:len(hist)-1] // the position the mistake made
	}
	workers := pcpractice.Workers()
	s.work.Start(func(ctx context.Context) (pcAnswer, error) {
		for j := len(hist) - 1; j >= 0; j-- {
			v := hist[j].verdict
			if v == nil {
				a, err := pcpractice.Analyze(ctx, hist[j].pos, false, workers)
				if err != nil {
					return pcAnswer{}, err
				}
				v = &a
			}
			if v.Possible {
				sol, _, err := pcpractice.Hint(ctx, hist[j].pos, *v)
				return pcAnswer{kind: jobMiss, entry: j, verdict: v, hint: &sol}, err
			}
		}
		return pcAnswer{kind: jobMiss, entry: -1}, nil
	})
}

// Update implements Scene: the play scene's, then what the last piece
// changed for the round, and the worker's answers.
func (s *pcScene) Update(c *Context) error {
	if c.In.Pressed.Has(ActRetry) {
		s.work.Cancel()
		s.retry(c)
		return nil
	}
	if s.miss != "" {
		s.fx.step()
		s.ended++
		s.poll(c)
		if s.endSkipped(c) || (s.ended > resultsGuardTicks && c.In.Menu&MenuBack != 0) {
			s.work.Cancel()
			s.saveReplay(c)
			c.Stack.Replace(newResults(c, s.playScene))
		}
		return nil
	}
	if s.done() {
		s.work.Cancel()
		return s.playScene.Update(c)
	}
	if c.In.Pressed.Has(ActHint) {
		s.hintOn = !s.hintOn
		if s.hintOn && s.verdict != nil && s.verdict.Possible && s.hint == nil {
			s.startHint()
		}
	}
	st := s.game.Stats()
	err := s.playScene.Update(c)
	switch now := s.game.Stats(); {
	case s.game.Over():
		s.work.Cancel()
	case now.PerfectClears > st.PerfectClears:
		s.pcs++
		s.roundLines, s.history = s.game.Lines(), nil
		s.analyze()
	case now.Pieces > st.Pieces:
		s.analyze()
	}
	s.poll(c)
	return err
}

// poll takes the worker's answer, if one is ready.
func (s *pcScene) poll(c *Context) {
	a, err, ok := s.work.Poll()
	switch {
	case !ok:
		return
	case err != nil:
		c.Notify("PC practice: " + err.Error())
		return
	}
	switch a.kind {
	case jobVerdict:
		s.history[a.entry].verdict = a.verdict
		s.verdict, s.hint = a.verdict, a.hint
		if !a.verdict.Possible {
			s.missed("No clear with these pieces")
		}
	case jobHint:
		s.hint = a.hint
	case jobMiss:
		s.missDone, s.missEntry, s.missHint = true, a.entry, a.hint
		if a.entry >= 0 {
			s.missField = s.history[a.entry].pos.Field
		}
	}
}

// Draw implements Scene: the play screen with the PC panel under the
// queue in place of the clock, and the hint's ghosts on the board.
func (s *pcScene) Draw(r *draw.Renderer) {
	g := s.game
	r.Text(s.mode.Title, draw.LeftColR-draw.PanelW, 8, 1, sprites.Dim)
	r.Text(s.subtitle, draw.RightColX, 8, 1, sprites.Dim)
	s.drawField(r)
	if s.hintOn && s.hint != nil && s.miss == "" {
		drawSolution(r, s.hint, g.VisibleHeight())
	}
	draw.Hold(r, g)
	s.drawCallouts(r)
	s.drawStats(r)
	y := draw.Queue(r, g) + 10
	s.drawPanel(r, y)
	if s.done() {
		s.drawEnd(r)
	}
	if s.miss != "" {
		s.drawMiss(r)
	}
	s.drawCountdown(r)
}

// drawSolution draws sol's pieces as ghosts on the board, the later ones
// fainter; rows are the region's, the board's lowest. Rows cleared before
// the solution's steps are not shown: the region is the board's bottom.
func drawSolution(r *draw.Renderer, sol *pc.Solution, vh int) {
	for i, st := range sol.Steps {
		a := max(0.35, 1-0.09*float32(i))
		for m := st.Cells; m != 0; m &= m - 1 {
			b := bits.TrailingZeros64(m)
			x, y := b%pc.Width, b/pc.Width
			px, py := draw.CellXY(draw.BoardX, draw.BoardY, vh, x, y)
			r.Ghost(st.Placed.Piece, px, py, draw.Cell, draw.Alpha(draw.White, a))
		}
	}
}

// panelR is the right edge of the PC panel's values: 120 columns from the
// queue's left edge, inside what an upright phone shows of a play scene
// (playScene.portraitSpan), so no value is cut there.
const panelR = draw.RightColX + 120

// pcLine draws a label and a value across the right column.
func pcLine(r *draw.Renderer, label, value string, y float32, c color.RGBA) float32 {
	r.Text(label, draw.RightColX, y, 1, sprites.Dim)
	r.TextRight(value, panelR, y, 1, c)
	return y + sprites.GlyphH
}

// verdictText is the panel's word for the verdict and its colour.
func (s *pcScene) verdictText() (string, color.RGBA) {
	switch {
	case s.miss != "":
		return "missed", sprites.Danger
	case s.verdict == nil:
		return "thinking...", sprites.Dim
	case s.verdict.Possible:
		return "possible", sprites.Good
	}
	return "not possible", sprites.Danger
}

// chanceText is the chance over the unseen pieces, or why there is none.
func (s *pcScene) chanceText() string {
	v := s.verdict
	switch {
	case v == nil:
		return "thinking..."
	case v.Total == 0:
		return "after piece 1"
	}
	return v.Chance()
}

// drawPanel draws the round's state under the queue.
func (s *pcScene) drawPanel(r *draw.Renderer, y float32) {
	word, wc := s.verdictText()
	y = pcLine(r, "PC", word, y, wc)
	// The chance, up to "100.00% (5040/5040)", takes a line of its own.
	chance := "CHANCE"
	if s.verdict != nil && s.verdict.Exact {
		chance = "CHANCE, ALL KNOWN"
	}
	y = pcLine(r, chance, "", y, sprites.Text)
	y = pcLine(r, "", s.chanceText(), y, sprites.Text)
	left := "-"
	if e := len(s.history); e > 0 {
		if n, err := s.history[e-1].pos.Pieces(); err == nil {
			left = fmt.Sprint(n)
		}
	}
	y = pcLine(r, "PIECES TO PLACE", left, y, sprites.Text)
	y = pcLine(r, "PERFECT CLEARS", fmt.Sprint(s.pcs), y, sprites.Accent)
	hint := "off"
	if s.hintOn {
		hint = "on"
		if s.hint == nil && s.verdict != nil && s.verdict.Possible {
			hint = "thinking..."
		}
	}
	pcLine(r, "HINT ("+s.hintKey+")", hint, y, sprites.Text)
}

// drawMiss is the banner over the board after a miss, and the clear that
// existed before the mistaken piece in small beside it.
func (s *pcScene) drawMiss(r *draw.Renderer) {
	a := min(1, float32(s.ended)/20)
	cy := float32(draw.BoardY + 60)
	r.Rect(draw.BoardX, cy, 160, 170, draw.Alpha(sprites.Well, a*0.9))
	r.TextCenter("MISS", draw.BoardX+80, cy+6, 2, draw.Alpha(sprites.Danger, a))
	r.TextCenter(s.miss, draw.BoardX+80, cy+40, 1, draw.Alpha(sprites.Text, a))
	msg := "finding the clear..."
	switch {
	case !s.missDone:
	case s.missEntry < 0:
		msg = "no clear since the round began"
	default:
		msg = "the clear before it:"
	}
	r.TextCenter(msg, draw.BoardX+80, cy+58, 1, draw.Alpha(sprites.Dim, a))
	if s.missDone && s.missHint != nil {
		const mc = 10
		drawMiniField(r, s.missField, s.missHint, draw.BoardX+80-5*mc, cy+78, mc)
		r.TextCenter(pieceOrder(s.missHint), draw.BoardX+80, cy+78+4*mc+4, 1, draw.Alpha(sprites.Text, a))
	}
	r.TextCenter(s.retryKey+" retry, Enter results", draw.BoardX+80, cy+148, 1, draw.Alpha(sprites.Dim, a))
}

// pieceOrder is a solution's pieces in the order they are placed.
func pieceOrder(sol *pc.Solution) string {
	var sb strings.Builder
	for _, p := range sol.Order() {
		sb.WriteString(p.String())
	}
	return sb.String()
}

// drawMiniField draws the 4 rows of field f at (x, y) with cells of size
// cs, its blocks grey and the solution's pieces in their colours.
func drawMiniField(r *draw.Renderer, f pc.Field, sol *pc.Solution, x, y float32, cs float32) {
	cell := func(b int) (float32, float32) {
		return x + float32(b%pc.Width)*cs, y + float32(pcpractice.Lines-1-b/pc.Width)*cs
	}
	r.Rect(x, y, pc.Width*cs, pcpractice.Lines*cs, sprites.Well)
	for m := f.Rows; m != 0; m &= m - 1 {
		px, py := cell(bits.TrailingZeros64(m))
		r.Mino(sprites.Garbage, px, py, cs, draw.White)
	}
	if sol == nil {
		return
	}
	for _, st := range sol.Steps {
		for m := st.Cells; m != 0; m &= m - 1 {
			px, py := cell(bits.TrailingZeros64(m))
			r.Mino(st.Placed.Piece, px, py, cs, draw.White)
		}
	}
}

// PCState is PC practice's panel, in the state the tests read.
type PCState struct {
	Field   string `json:"field"`
	PCs     int    `json:"pcs"`
	Verdict string `json:"verdict"` // thinking, possible, impossible
	// Clear of Total queues the bag can deal clear (Total 0: not counted).
	Clear  int    `json:"clear"`
	Total  int    `json:"total"`
	Chance string `json:"chance,omitempty"`
	Pieces int    `json:"pieces"` // pieces the clear still takes
	Hint   bool   `json:"hint"`
	// HintOrder is the order of the hint's pieces shown, "" for none.
	HintOrder string `json:"hintOrder,omitempty"`
	Miss      string `json:"miss,omitempty"`
	// MissOrder is the clear shown after a miss ("" while it is searched
	// or when there was none).
	MissOrder string `json:"missOrder,omitempty"`
}

func (s *pcScene) pcState() *PCState {
	st := &PCState{Field: s.setup.Name, PCs: s.pcs, Verdict: "thinking", Hint: s.hintOn, Miss: s.miss}
	if v := s.verdict; v != nil {
		st.Verdict, st.Clear, st.Total = "impossible", v.Clear, v.Total
		if v.Possible {
			st.Verdict = "possible"
		}
		st.Chance = v.Chance()
	}
	if e := len(s.history); e > 0 {
		st.Pieces, _ = s.history[e-1].pos.Pieces()
	}
	if s.hint != nil {
		st.HintOrder = pieceOrder(s.hint)
	}
	if s.missHint != nil {
		st.MissOrder = pieceOrder(s.missHint)
	}
	return st
}

// pcSetup is the screen that chooses PC practice's starting field.
type pcSetup struct {
	menu  menu
	field pc.Field
	help  string
}

func newPCSetup(m *Mode) *pcSetup {
	cur := func(c *Context) int {
		for i, st := range pcpractice.Setups {
			if st.Name == c.Settings.PCField {
				return i
			}
		}
		return 0
	}
	s := &pcSetup{}
	s.menu = menu{x: ScreenW/2 - 150, y: 110, w: 300, rowH: 20, items: append([]menuItem{
		{label: "Field", help: "The field each game starts from; later rounds start empty.",
			value: func(c *Context) string { return pcpractice.Setups[cur(c)].Title },
			adjust: func(c *Context, d int) {
				n := len(pcpractice.Setups)
				c.Settings.PCField = pcpractice.Setups[(cur(c)+d+n)%n].Name
			}},
	}, setupEnd(m)...)}
	return s
}

func (s *pcSetup) Name() string  { return "pcsetup" }
func (s *pcSetup) menuOf() *menu { return &s.menu }

func (s *pcSetup) Update(c *Context) error {
	if s.menu.update(c) {
		c.SaveSettings()
		c.Stack.Pop()
	}
	return nil
}

// prepare keeps the chosen field to draw.
func (s *pcSetup) prepare(c *Context) {
	st, err := pcpractice.SetupByName(c.Settings.PCField)
	if err != nil {
		st = &pcpractice.Setups[0]
	}
	s.field, _ = st.Field()
	s.help = st.Help
}

func (s *pcSetup) Draw(r *draw.Renderer) {
	r.Heading("PC PRACTICE", 50, sprites.Accent)
	r.Panel(float32(s.menu.x-8), float32(s.menu.y-8), float32(s.menu.w+16), float32(len(s.menu.items)*s.menu.rowH+12), sprites.Panel, sprites.Shade(sprites.Frame, 160))
	s.menu.draw(r)
	const mc = 12
	drawMiniField(r, s.field, nil, ScreenW/2-5*mc, 200, mc)
	for i, l := range draw.Wrap(s.help, 60) {
		r.TextCenter(l, ScreenW/2, 260+float32(i*sprites.GlyphH), 1, sprites.Text)
	}
}
