package scenes

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/gobai"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/gobblet"
	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

// gobbletScene is a game of Gobblet or Gobblers, a person against the
// computer. The game itself (moves, picks, undo) is a gobai.Match; the
// computer thinks off the frame (gobai.Thinker) and its move is polled
// each tick, except the proven strategy's, which is a lookup.
type gobbletScene struct {
	kind  *gobbletKind
	seed  uint64
	m     *gobai.Match
	strat *gobai.Strategy // the proven modes' strategy

	think    gobai.Thinker // the computer's move
	thinking bool
	wait     int // ticks before the computer moves, so a move is seen

	hint      gobai.Thinker // Gobblers: the exact solver, on H
	hintRes   *gobai.Solution
	hintFor   gobblet.Board // the position hint and value are about
	hintShown bool          // the hint for hintFor is known and shown
	hinting   bool

	keep     []gobblet.Move // proven: the moves that kept the draw at the computer's last turn
	showKeep bool

	cursor [2]int // column and row; column N is the person's reserve
	over   menu   // New game / Back when the game is over
	noMenu menu   // what menuOf gives while the game goes on
	err    string // the computer failed (never expected)
}

func newGobbletScene(k *gobbletKind, seed uint64) (*gobbletScene, error) {
	r, err := k.rules()
	if err != nil {
		return nil, err
	}
	s := &gobbletScene{kind: k, seed: seed, m: gobai.NewMatch(r)}
	if k.proven {
		if s.strat, err = gobai.ABStrategy(r.First); err != nil {
			return nil, err
		}
	}
	s.over = menu{x: ScreenW/2 - 80, y: 200, w: 160, rowH: 20, items: []menuItem{
		{label: "New game", activate: func(c *Context) { s.restart(c) }},
		{label: "Back", activate: func(c *Context) { c.Stack.Reset(newGobbletMenu()) }},
	}}
	s.wait = 20
	return s, nil
}

func (s *gobbletScene) Name() string {
	if over, _ := s.m.Over(); over {
		return "gobbletover"
	}
	return "gobblet"
}

// leave stops the computer's and the hint's work when the game leaves
// the stack (a new game, back to the menu).
func (s *gobbletScene) leave() {
	s.think.Cancel()
	s.hint.Cancel()
}

func (s *gobbletScene) restart(c *Context) {
	if sc, err := newGobbletScene(s.kind, c.NewSeed()); err == nil {
		c.Stack.Reset(sc)
	} else {
		c.Notify(err.Error())
	}
}

// menuOf is the game-over menu once the game is over (the App prepares
// it, and the state names its row), an empty one before.
func (s *gobbletScene) menuOf() *menu {
	if over, _ := s.m.Over(); over {
		return &s.over
	}
	return &s.noMenu
}

func (s *gobbletScene) n() int { return s.m.R.N }

func (s *gobbletScene) personToMove() bool { return s.m.Board.Mover == s.kind.human }

func (s *gobbletScene) Update(c *Context) error {
	in := &c.In
	if over, _ := s.m.Over(); over {
		if s.over.update(c) {
			c.Stack.Reset(newGobbletMenu())
		}
		return nil
	}
	if in.Menu&MenuBack != 0 {
		if !s.m.Deselect() {
			c.Stack.Push(newGobbletPause(s))
		}
		return nil
	}
	if slices.Contains(in.Keys, ebiten.KeyU) {
		s.undo(c)
		return nil
	}
	if in.Pressed.Has(ActHint) {
		s.askHint()
	}
	s.pollHint()
	if !s.personToMove() {
		s.computer(c)
		return nil
	}
	s.person(c)
	return nil
}

// undo takes back the person's last move and the computer's reply.
func (s *gobbletScene) undo(c *Context) {
	s.think.Cancel()
	s.thinking = false
	if s.m.UndoTo(s.kind.human) {
		c.Play(sound.MenuMove)
		s.keep, s.wait = nil, 20
	}
}

// person turns the cursor keys, Enter and clicks into picks.
func (s *gobbletScene) person(c *Context) {
	in := &c.In
	n := s.n()
	slots := len(gobai.ReserveSlots(&s.m.R, &s.m.Board, s.kind.human))
	rows := n // the stacks' column may be shorter than the board
	if s.cursor[0] == n {
		rows = slots
	}
	switch {
	case in.Menu&MenuLeft != 0:
		s.cursor[0] = (s.cursor[0] + n) % (n + 1)
	case in.Menu&MenuRight != 0:
		s.cursor[0] = (s.cursor[0] + 1) % (n + 1)
	case in.Menu&MenuUp != 0:
		s.cursor[1] = (s.cursor[1] + rows - 1) % rows
	case in.Menu&MenuDown != 0:
		s.cursor[1] = (s.cursor[1] + 1) % rows
	case in.Menu&MenuConfirm != 0:
		s.pick(c, s.cursorSpot())
	case in.Click:
		g := s.geom()
		sp := g.spotAt(in.X, in.Y)
		if sp == gobai.NoSpot {
			s.m.Deselect()
			return
		}
		s.cursor = g.cursorAt(sp)
		s.pick(c, sp)
	}
	if s.cursor[0] == n && s.cursor[1] >= slots {
		s.cursor[1] = slots - 1
	}
}

func (s *gobbletScene) cursorSpot() gobai.Spot {
	if s.cursor[0] == s.n() {
		return gobai.Reserve(s.kind.human, s.cursor[1])
	}
	return gobai.Square(s.cursor[1]*s.n() + s.cursor[0])
}

func (s *gobbletScene) pick(c *Context, sp gobai.Spot) {
	before := s.m.Selected()
	if _, played := s.m.Pick(sp); played {
		c.Play(sound.Lock)
		s.wait = 15
		return
	}
	if s.m.Selected() != before {
		c.Play(sound.MenuMove)
	}
}

// computer plays the computer's side: the strategy at once, the search
// off the frame.
func (s *gobbletScene) computer(c *Context) {
	if s.wait > 0 {
		s.wait--
		return
	}
	b := s.m.Board
	if s.strat != nil {
		mv, ok := s.strat.Move(b)
		if !ok {
			s.err = "the position is outside the proven strategy"
			return
		}
		s.keep = s.strat.Keeping(b)
		s.play(c, mv)
		return
	}
	if !s.thinking {
		s.thinking = true
		sr := &gobai.Searcher{R: s.m.R, Nodes: s.kind.nodes, Seed: s.seed + uint64(s.m.Plies()), Yield: gobai.Yield}
		s.think.Start(func(stop func() bool) (gobblet.Move, bool, error) {
			sr.Stop = stop
			res := sr.Best(b)
			return res.Move, true, nil
		})
		return
	}
	if ready, mv, _, err := s.think.Result(); ready {
		s.thinking = false
		if err != nil {
			s.err = err.Error()
			return
		}
		s.play(c, mv)
	}
}

func (s *gobbletScene) play(c *Context, mv gobblet.Move) {
	if err := s.m.Play(mv); err != nil {
		s.err = fmt.Sprintf("the computer chose %v, which is not legal", mv)
		return
	}
	c.Play(sound.Lock)
	if over, w := s.m.Over(); over {
		if w == s.kind.human {
			c.Play(sound.Perfect)
		} else {
			c.Play(sound.TopOut)
		}
	}
}

// askHint: H. In Gobblers the exact solver works out the position's value
// and perfect move; with the proven strategy, H shows or hides the moves
// that kept the draw.
func (s *gobbletScene) askHint() {
	if s.strat != nil {
		s.showKeep = !s.showKeep
		return
	}
	if !s.kind.hints || s.hinting {
		return
	}
	if s.hintRes != nil && s.hintFor == s.m.Board {
		s.hintShown = !s.hintShown
		return
	}
	s.hinting, s.hintShown = true, true
	s.hintFor = s.m.Board
	res := &gobai.Solution{}
	s.hintRes = res
	r, b := s.m.R, s.m.Board
	s.hint.Start(func(stop func() bool) (gobblet.Move, bool, error) {
		sol, err := gobai.SolveStop(r, b, stop)
		*res = sol
		return sol.Move, sol.Has, err
	})
}

func (s *gobbletScene) pollHint() {
	if !s.hinting {
		return
	}
	if ready, _, _, err := s.hint.Result(); ready {
		s.hinting = false
		if err != nil {
			s.hintRes = nil
			s.err = "hint: " + err.Error()
		}
	}
}

// hintNow is the hint for the position on the board, if known.
func (s *gobbletScene) hintNow() (*gobai.Solution, bool) {
	if s.hinting || s.hintRes == nil || s.hintFor != s.m.Board {
		return nil, false
	}
	return s.hintRes, true
}

// valueText says what the exact value of the position means for the
// person.
func (s *gobbletScene) valueText(sol *gobai.Solution) string {
	mine := s.m.Board.Mover == s.kind.human
	switch {
	case sol.Value == prove.Draw:
		return "a draw with best play"
	case (sol.Value == prove.Win) == mine:
		return "you can force a win"
	}
	return "the computer can force a win"
}

// status is the line under the board.
func (s *gobbletScene) status() (string, string) {
	if s.err != "" {
		return "Error: " + s.err, ""
	}
	if over, w := s.m.Over(); over {
		if w == s.kind.human {
			return "You win!", ""
		}
		return "The computer wins.", ""
	}
	var line, sub string
	switch {
	case !s.personToMove() && s.thinking:
		line = "The computer is thinking..."
	case !s.personToMove():
		line = "The computer's move."
	case s.m.Selected() != gobai.NoSpot:
		line = "Your move: choose a marked square (Esc drops the piece)."
	default:
		line = "Your move: pick a piece from your stacks or the board."
	}
	switch {
	case s.strat != nil:
		sub = "Proven draw: the computer cannot lose. H shows the moves that keep it."
		if s.showKeep && len(s.keep) == 0 {
			sub = "Certified drawing moves: shown after the computer's first move."
		}
		if s.showKeep && len(s.keep) > 0 {
			const shown = 12 // two lines under the board at most
			var names []string
			for i, mv := range s.keep {
				if i == shown {
					names = append(names, fmt.Sprintf("and %d more", len(s.keep)-shown))
					break
				}
				names = append(names, moveName(s.n(), mv))
			}
			// Certified: they enter the stored strategy's positions; other
			// moves may draw too, but only these are proven here.
			sub = "Certified drawing moves at its last turn: " + strings.Join(names, ", ")
		}
	case s.kind.hints && s.hinting:
		sub = "Solving the position..."
	case s.kind.hints:
		sub = "H: the perfect move.  U: take back your move."
		if sol, ok := s.hintNow(); ok && s.hintShown {
			sub = "Exact: " + s.valueText(sol)
			if sol.Has && s.personToMove() {
				sub += "; perfect move " + moveName(s.n(), sol.Move)
			}
		}
	default:
		sub = "U takes back your move and the reply.  Esc pauses."
	}
	return line, sub
}

// squareName is a square in chess style: files a.. from the left, ranks
// 1.. from the bottom.
func squareName(n, q int) string {
	return string(rune('a'+q%n)) + string(rune('1'+n-1-q/n))
}

// moveName is a move for the screen: the size, then to or from-to.
func moveName(n int, mv gobblet.Move) string {
	z := string(rune('A' + mv.Size))
	if mv.From < 0 {
		return z + " " + squareName(n, int(mv.To))
	}
	return z + " " + squareName(n, int(mv.From)) + "-" + squareName(n, int(mv.To))
}

// gobbletPause is Esc during a game.
type gobbletPause struct {
	game *gobbletScene
	menu menu
}

func newGobbletPause(g *gobbletScene) *gobbletPause {
	p := &gobbletPause{game: g}
	p.menu = menu{x: ScreenW/2 - 90, y: 150, w: 180, rowH: 20, items: []menuItem{
		{label: "Resume", activate: func(c *Context) { c.Stack.Pop() }},
		{label: "New game", activate: func(c *Context) { g.restart(c) }},
		{label: "Quit to menu", activate: func(c *Context) { c.Stack.Reset(newGobbletMenu()) }},
	}}
	return p
}

func (p *gobbletPause) Overlay()     {}
func (p *gobbletPause) Name() string { return "pause" }

func (p *gobbletPause) Update(c *Context) error {
	back := p.menu.update(c)
	if c.Stack.Top() == Scene(p) && back {
		c.Stack.Pop()
	}
	return nil
}

func (p *gobbletPause) Draw(r *draw.Renderer) {
	r.Rect(0, 0, ScreenW, ScreenH, draw.Alpha(sprites.Background, 0.6))
	r.Panel(ScreenW/2-110, 100, 220, float32(p.menu.y-100+len(p.menu.items)*p.menu.rowH+10), draw.Alpha(sprites.Panel, 0.97), sprites.Frame)
	r.TextCenter("PAUSED", ScreenW/2, 112, 2, sprites.Accent)
	p.menu.draw(r)
}

func (p *gobbletPause) menuOf() *menu { return &p.menu }
