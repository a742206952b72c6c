package scenes

import (
	"fmt"

	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

// scoresScene shows the high-score table of one mode at a time; Left and
// Right (or a click on the arrows) switch modes.
type scoresScene struct {
	mode  int      // index in the scored modes
	table []Result // the mode's table, from the last prepare
}

func scoredModes() []*Mode {
	var out []*Mode
	for i := range Modes {
		if Modes[i].Scored {
			out = append(out, &Modes[i])
		}
	}
	return out
}

func newScoresScene(mode string) *scoresScene {
	s := &scoresScene{}
	for i, m := range scoredModes() {
		if m.Name == mode {
			s.mode = i
		}
	}
	return s
}

func (s *scoresScene) Name() string { return "scores" }

func (s *scoresScene) Update(c *Context) error {
	n := len(scoredModes())
	in := c.In
	switch {
	case in.Menu&MenuLeft != 0 || in.Click && in.X < ScreenW/3:
		s.mode = (s.mode + n - 1) % n
		c.Play(sound.MenuMove)
	case in.Menu&MenuRight != 0 || in.Click && in.X > 2*ScreenW/3:
		s.mode = (s.mode + 1) % n
		c.Play(sound.MenuMove)
	case in.Menu&(MenuBack|MenuConfirm) != 0 || in.Click:
		c.Stack.Pop()
	}
	return nil
}

func (s *scoresScene) prepare(c *Context) {
	s.table = c.Scores.Modes[scoredModes()[s.mode].Name]
}

func (s *scoresScene) Draw(r *draw.Renderer) {
	modes := scoredModes()
	m := modes[s.mode]
	r.TextCenter("HIGH SCORES", ScreenW/2, 12, 1, sprites.Dim)
	r.TextCenter("< "+m.Title+" >", ScreenW/2, 30, 2, sprites.Accent)
	x := float32(110)
	cols := []struct {
		title string
		x     float32
	}{{"#", 0}, {"SCORE", 40}, {"TIME", 140}, {"LINES", 230}, {"PIECES", 300}, {"DATE", 370}}
	if m.ByTime {
		cols[1].title, cols[2].title = "TIME", "SCORE"
	}
	y := float32(80)
	for _, c := range cols {
		r.Text(c.title, x+c.x, y, 1, sprites.Dim)
	}
	r.Rect(x, y+17, 420, 1, sprites.Shade(sprites.Frame, 160))
	y += 24
	rs := s.table
	if len(rs) == 0 {
		r.TextCenter("No games yet.", ScreenW/2, y+40, 1, sprites.Dim)
	}
	for i, res := range rs {
		c := sprites.Text
		if i == 0 {
			c = sprites.Accent
		}
		first, second := fmt.Sprint(res.Score), FormatTicks(res.Ticks)
		if m.ByTime {
			first, second = second, first
		}
		vals := []string{fmt.Sprint(i + 1), first, second, fmt.Sprint(res.Lines), fmt.Sprint(res.Pieces), res.Date}
		for j, v := range vals {
			r.Text(v, x+cols[j].x, y, 1, c)
		}
		y += 20
	}
	r.TextCenter("Left/Right: other modes   Esc: back", ScreenW/2, ScreenH-20, 1, sprites.Dim)
}
