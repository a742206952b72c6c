package scenes

import (
	"github.com/kocka/kocka/gobai"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/solver/prove/gobblet"
	"github.com/kocka/kocka/sprites"
)

// gobbletKind is one way to play Gobblet in the window: the rules, the
// person's colour, and the computer's player.
type gobbletKind struct {
	mode  string // --mode value
	title string // sub-menu row and the heading
	help  string
	// rules builds the game; human is the person's colour.
	rules func() (gobblet.Rules, error)
	human int
	// proven: the computer plays the embedded AB strategy (it cannot lose).
	proven bool
	// hints: H asks the exact solver for the perfect move.
	hints bool
	// nodes is the computer's search budget a move (Searcher.Nodes).
	nodes int
}

// gobbletKinds are the sub-menu's rows, in order; each is also a --mode.
var gobbletKinds = []gobbletKind{
	{mode: "gobblet", title: "Gobblet (full) vs computer",
		help:  "4x4, four sizes in three stacks each. Four of your colour in a line wins. You move first.",
		rules: func() (gobblet.Rules, error) { return gobblet.Variant("full", gobblet.Drawing) }, human: gobblet.Drawing,
		nodes: gobai.MaxNodes},
	{mode: "gobblet-ab", title: "Gobblet AB vs proven strategy",
		help:  "You attack with A and B pieces; the computer holds three A and plays a proven draw: it cannot lose. You move first.",
		rules: func() (gobblet.Rules, error) { return gobblet.Variant("ab", gobblet.Attacker) }, human: gobblet.Attacker,
		proven: true},
	{mode: "gobblet-ab-second", title: "Gobblet AB, the computer starts",
		help:  "The same proven draw with the computer moving first.",
		rules: func() (gobblet.Rules, error) { return gobblet.Variant("ab", gobblet.Drawing) }, human: gobblet.Attacker,
		proven: true},
	{mode: "gobblers", title: "Gobblet Gobblers with hints",
		help:  "3x3, two of each of three sizes, any piece over any smaller one. H shows the perfect move. You move first (and can win).",
		rules: func() (gobblet.Rules, error) { return gobblet.Gobblers(), nil }, human: 0,
		hints: true, nodes: 60_000},
}

func init() {
	for i := range gobbletKinds {
		k := &gobbletKinds[i]
		m := Mode{Name: k.mode, Title: k.title, Help: k.help, Hidden: i > 0,
			Start: func(c *Context, _ *Mode, seed uint64) (Scene, error) { return newGobbletScene(k, seed) }}
		if i == 0 { // the main menu's one row opens the sub-menu
			m.Title, m.Help = "Gobblet", "Gobblet and Gobblet Gobblers against the computer: a strong search, a proven draw, perfect hints."
			m.Setup = func(*Mode) Scene { return newGobbletMenu() }
		}
		AddMode(m)
	}
}

// gobbletMenu is the Gobblet sub-menu.
type gobbletMenu struct {
	menu menu
	rain rain
}

func newGobbletMenu() *gobbletMenu {
	s := &gobbletMenu{}
	for i := range gobbletKinds {
		k := &gobbletKinds[i]
		s.menu.items = append(s.menu.items, menuItem{label: k.title, help: k.help,
			activate: func(c *Context) {
				sc, err := newGobbletScene(k, c.NewSeed())
				if err != nil {
					c.Notify(err.Error())
					return
				}
				c.Stack.Reset(sc)
			}})
	}
	s.menu.items = append(s.menu.items, menuItem{label: "Back", activate: s.back})
	s.menu.rowH, s.menu.w = 20, 300
	s.menu.x, s.menu.y = ScreenW/2-s.menu.w/2, 96
	return s
}

// back returns to the main menu: below the sub-menu when the main menu
// opened it, in its place after a game.
func (s *gobbletMenu) back(c *Context) {
	if c.Stack.Len() > 1 {
		c.Stack.Pop()
		return
	}
	c.Stack.Replace(newMainMenu())
}

func (s *gobbletMenu) Name() string { return "gobbletmenu" }

func (s *gobbletMenu) Update(c *Context) error {
	if s.menu.update(c) {
		s.back(c)
	}
	return nil
}

func (s *gobbletMenu) Draw(r *draw.Renderer) {
	s.rain.draw(r)
	r.Heading("GOBBLET", 30, sprites.Accent)
	r.Panel(float32(s.menu.x-8), float32(s.menu.y-8), float32(s.menu.w+16), float32(len(s.menu.items)*s.menu.rowH+12), draw.Alpha(sprites.Panel, 0.9), sprites.Shade(sprites.Frame, 160))
	s.menu.draw(r)
}

func (s *gobbletMenu) menuOf() *menu { return &s.menu }
