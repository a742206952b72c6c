package scenes

import (
	"fmt"
	"strconv"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

// logo spells KOCKA in minos, five rows per letter, '#' = a mino.
var logo = [...][5]string{
	{"#..#", "#.#.", "##..", "#.#.", "#..#"},
	{".##.", "#..#", "#..#", "#..#", ".##."},
	{".###", "#...", "#...", "#...", ".###"},
	{"#..#", "#.#.", "##..", "#.#.", "#..#"},
	{".##.", "#..#", "####", "#..#", "#..#"},
}

var logoPieces = [...]engine.Piece{engine.Z, engine.L, engine.O, engine.S, engine.I}

// drawLogo draws the logo centred at y with minos of size s.
func drawLogo(r *draw.Renderer, y, s float32) {
	w := float32(len(logo))*5*s - s
	x := ScreenW/2 - w/2
	for i, letter := range logo {
		for row, line := range letter {
			for col, ch := range line {
				if ch == '#' {
					r.Mino(logoPieces[i], x+float32(col)*s, y+float32(row)*s, s, draw.White)
				}
			}
		}
		x += 5 * s
	}
}

// rain is a slow fall of pieces behind the title and the menus.
type rain struct{}

func (rn *rain) draw(r *draw.Renderer) {
	for i := 0; i < 14; i++ {
		p := engine.Pieces[i%engine.NumPieces]
		speed := 0.25 + float32(i%5)*0.09
		x := float32((i*97 + 31) % (ScreenW - 40))
		y := float32(int(float32(r.Tick)*speed+float32(i*53))%(ScreenH+80)) - 60
		cells, _, _ := draw.PieceBox(p)
		for _, c := range cells {
			r.Mino(p, x+float32(c.X)*sprites.SmallCell, y-float32(c.Y)*sprites.SmallCell, sprites.SmallCell, draw.Alpha(draw.White, 0.13))
		}
	}
}

// titleScene is the first screen.
type titleScene struct {
	rain rain
	hint string // the controls, from the bindings of the last prepare
}

func (s *titleScene) prepare(c *Context) { s.hint = controlsHint(&c.Settings.Keys) }

// controlsHint names the main controls by their current keys (the first
// key of each action), so it stays true after a rebinding.
func controlsHint(kb *KeyBindings) string {
	k := func(a Action) string { return KeyName(kb[a][0]) }
	return fmt.Sprintf("%s/%s move  %s/%s rotate  %s drops  %s holds  %s pauses  %s retries",
		k(ActLeft), k(ActRight), k(ActRotateCW), k(ActRotateCCW), k(ActHardDrop), k(ActHold), k(ActPause), k(ActRetry))
}

func newTitle() *titleScene { return &titleScene{} }

func (s *titleScene) Name() string { return "title" }

func (s *titleScene) Update(c *Context) error {
	if c.In.Menu&MenuConfirm != 0 || c.In.Click || c.In.Pressed != 0 {
		c.Play(sound.MenuSelect)
		c.Stack.Replace(newMainMenu())
	}
	return nil
}

func (s *titleScene) Draw(r *draw.Renderer) {
	s.rain.draw(r)
	drawLogo(r, 90, 16)
	r.TextCenter("a falling-block game, bot and workbench", ScreenW/2, 190, 1, sprites.Dim)
	if r.Tick/30%2 == 0 {
		r.TextCenter("PRESS ENTER OR CLICK", ScreenW/2, 250, 1, sprites.Accent)
	}
	r.TextCenter(s.hint, ScreenW/2, 320, 1, sprites.Dim)
}

// mainMenu lists the modes, then the high scores, settings and quit. It
// opens on the mode last chosen.
type mainMenu struct {
	menu   menu
	rain   rain
	opened bool // the cursor has been put on the last mode
}

// prepare puts the cursor on the last mode chosen, once.
func (s *mainMenu) prepare(c *Context) {
	if s.opened {
		return
	}
	s.opened = true
	row := 0
	for i := range Modes {
		if Modes[i].Hidden {
			continue
		}
		if Modes[i].Name == c.Settings.LastMode {
			s.menu.sel = row
		}
		row++
	}
}

func newMainMenu() *mainMenu {
	s := &mainMenu{}
	for i := range Modes {
		m := &Modes[i]
		if m.Hidden {
			continue
		}
		s.menu.items = append(s.menu.items, menuItem{label: m.Title, help: m.Help,
			value: func(c *Context) string {
				b, ok := c.Scores.Best(m.Name)
				switch {
				case !ok || !m.Scored:
					return ""
				case m.ByTime:
					return FormatTicks(b.Ticks)
				}
				return strconv.Itoa(b.Score)
			},
			activate: func(c *Context) {
				if c.Settings.LastMode != m.Name {
					c.Settings.LastMode = m.Name
					c.SaveSettings()
				}
				if m.Setup != nil {
					c.Stack.Push(m.Setup(m))
					return
				}
				sc, err := m.New(c, c.NewSeed())
				if err != nil {
					c.Notify(err.Error())
					return
				}
				c.Stack.Replace(sc)
			}})
	}
	s.menu.items = append(s.menu.items,
		menuItem{label: "High scores", help: "The best ten games of each mode.",
			activate: func(c *Context) { c.Stack.Push(newScoresScene("")) }},
		menuItem{label: "Replays", help: "Watch your last 100 games and your personal bests again.",
			activate: func(c *Context) { c.Stack.Push(newReplayBrowser(c)) }},
		menuItem{label: "Settings", help: "Keys, handling, looks and sound.",
			activate: func(c *Context) { c.Stack.Push(newSettingsScene(false)) }},
		menuItem{label: "Quit", activate: func(c *Context) { c.Quit() }},
	)
	// Thirteen rows and two lines of help fit under the logo.
	s.menu.rowH, s.menu.w = 18, 300
	s.menu.x, s.menu.y = ScreenW/2-s.menu.w/2, 80
	return s
}

func (s *mainMenu) Name() string { return "menu" }

func (s *mainMenu) Update(c *Context) error {
	if s.menu.update(c) {
		c.Stack.Replace(newTitle())
	}
	return nil
}

func (s *mainMenu) Draw(r *draw.Renderer) {
	s.rain.draw(r)
	drawLogo(r, 24, 8)
	r.Panel(float32(s.menu.x-8), float32(s.menu.y-8), float32(s.menu.w+16), float32(len(s.menu.items)*s.menu.rowH+12), draw.Alpha(sprites.Panel, 0.9), sprites.Shade(sprites.Frame, 160))
	s.menu.draw(r)
}

func (s *mainMenu) menuOf() *menu { return &s.menu }
