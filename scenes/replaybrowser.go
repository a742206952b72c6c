package scenes

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

// replayBrowser lists the replay library: date, mode, result, score,
// lines and time of the last games and the personal bests. Enter (or a
// click) watches one, E exports it, I imports a file (in the browser).
type replayBrowser struct {
	entries []ReplayEntry
	best    map[int]bool // Seq of each mode's kept best
	sel     int
	top     int // first row shown
}

// The list's geometry, and the buttons under it.
const (
	rbX, rbY, rbW, rbRowH = 16, 72, 608, 16
	rbRows                = 14
	rbButtonsY            = rbY + rbRows*rbRowH + 16
	rbButtonW             = 100
)

// rbButtons are the browser's buttons as data, for the mouse and touch.
var rbButtons = [...]struct {
	label string
	do    func(s *replayBrowser, c *Context)
}{
	{"Watch", func(s *replayBrowser, c *Context) { s.watch(c) }},
	{"Export", func(s *replayBrowser, c *Context) { s.export(c) }},
	{"Import", func(s *replayBrowser, c *Context) { importReplay(c) }},
	{"Back", func(s *replayBrowser, c *Context) { c.Stack.Pop() }},
}

func newReplayBrowser(c *Context) *replayBrowser {
	s := &replayBrowser{best: map[int]bool{}}
	x := c.Replays()
	s.entries = x.Entries()
	for _, e := range x.Best {
		s.best[e.Seq] = true
	}
	return s
}

func (s *replayBrowser) Name() string { return "replays" }

// Selected is the highlighted game, if any.
func (s *replayBrowser) Selected() (ReplayEntry, bool) {
	if s.sel < len(s.entries) {
		return s.entries[s.sel], true
	}
	return ReplayEntry{}, false
}

func (s *replayBrowser) Update(c *Context) error {
	in := &c.In
	n := len(s.entries)
	move := func(d int) {
		if n > 0 {
			s.sel = min(max(s.sel+d, 0), n-1)
			c.Play(sound.MenuMove)
		}
	}
	switch {
	case in.Menu&MenuBack != 0:
		c.Stack.Pop()
		return nil
	case in.Menu&MenuUp != 0:
		move(-1)
	case in.Menu&MenuDown != 0:
		move(1)
	case in.Menu&MenuLeft != 0:
		move(-rbRows)
	case in.Menu&MenuRight != 0:
		move(rbRows)
	case in.Menu&MenuConfirm != 0:
		s.watch(c)
	}
	for _, k := range in.Keys {
		switch k {
		case ebiten.KeyE:
			s.export(c)
		case ebiten.KeyI:
			importReplay(c)
		}
	}
	if in.Click || in.PointerMoved {
		if in.Y >= rbY && in.Y < rbY+rbRows*rbRowH && in.X >= rbX && in.X < rbX+rbW {
			if i := s.top + (in.Y-rbY)/rbRowH; i < n {
				s.sel = i
				if in.Click {
					s.watch(c)
				}
			}
		}
		if in.Click && in.Y >= rbButtonsY && in.Y < rbButtonsY+20 {
			if i := (in.X - rbX) / (rbButtonW + 8); in.X >= rbX && i < len(rbButtons) {
				rbButtons[i].do(s, c)
			}
		}
	}
	s.top = min(max(s.top, s.sel-rbRows+1), s.sel)
	return nil
}

// watch opens the selected game in the viewer; a damaged one is reported.
func (s *replayBrowser) watch(c *Context) {
	e, ok := s.Selected()
	if !ok {
		return
	}
	v, err := newKeptReplayScene(c, e)
	if err != nil {
		c.Notify(err.Error())
		c.Play(sound.TopOut)
		return
	}
	c.Play(sound.MenuSelect)
	c.Stack.Push(v)
}

// export saves the selected game's file where the player can take it.
func (s *replayBrowser) export(c *Context) {
	e, ok := s.Selected()
	if !ok {
		return
	}
	rep, err := c.openReplay(e)
	if err != nil {
		c.Notify(err.Error())
		return
	}
	exportReplay(c, exportName(e), rep)
}

// importReplay asks the platform for a replay file to watch: the page's
// file picker in the browser; natively the --replay flag does it.
func importReplay(c *Context) {
	if c.pickReplay != nil && c.pickReplay() {
		return
	}
	c.Notify("To watch a replay file, start the game with: kocka --replay FILE")
}

func (s *replayBrowser) Draw(r *draw.Renderer) {
	r.Heading("REPLAYS", 14, sprites.Accent)
	cols := [...]struct {
		title string
		x     float32
		right bool
	}{{"Date", 8, false}, {"Mode", 120, false}, {"Result", 300, false}, {"Score", 440, true}, {"Lines", 500, true}, {"Time", 560, true}, {"", 600, true}}
	for _, col := range cols {
		if col.right {
			r.TextRight(col.title, rbX+col.x, rbY-14, 1, sprites.Dim)
		} else {
			r.Text(col.title, rbX+col.x, rbY-14, 1, sprites.Dim)
		}
	}
	r.Panel(rbX-4, rbY-2, rbW+8, rbRows*rbRowH+4, draw.Alpha(sprites.Panel, 0.9), sprites.Shade(sprites.Frame, 160))
	if len(s.entries) == 0 {
		r.TextCenter("No replays yet: every game you finish is kept here.", ScreenW/2, rbY+40, 1, sprites.Dim)
	}
	for i := s.top; i < min(len(s.entries), s.top+rbRows); i++ {
		e := s.entries[i]
		y := float32(rbY + (i-s.top)*rbRowH)
		ty := y + (rbRowH-sprites.GlyphH)/2
		c := sprites.Text
		if i == s.sel {
			r.Rect(rbX, y, rbW, rbRowH-1, draw.Alpha(sprites.Accent, 0.18))
			r.Rect(rbX, y, 3, rbRowH-1, sprites.Accent)
			c = sprites.Accent
		}
		who := ""
		if !e.Person && !strings.Contains(strings.ToLower(e.Title), "bot") {
			who = " (bot)"
		}
		r.Text(entryDate(e), rbX+8, ty, 1, c)
		r.Text(clip(e.Title+who, 28), rbX+120, ty, 1, c)
		r.Text(entryResult(e), rbX+300, ty, 1, c)
		r.TextRight(fmt.Sprint(e.Score), rbX+440, ty, 1, c)
		r.TextRight(fmt.Sprint(e.Lines), rbX+500, ty, 1, c)
		r.TextRight(FormatTicks(e.Ticks), rbX+560, ty, 1, c)
		if s.best[e.Seq] {
			r.TextRight("PB", rbX+600, ty, 1, sprites.Good)
		}
	}
	if n := len(s.entries); n > rbRows { // scroll bar
		h := float32(rbRows*rbRowH) * rbRows / float32(n)
		y := float32(rbY) + float32(rbRows*rbRowH-int(h))*float32(s.top)/float32(n-rbRows)
		r.Rect(rbX+rbW+1, y, 2, h, sprites.Dim)
	}
	for i, b := range rbButtons {
		x := float32(rbX + i*(rbButtonW+8))
		r.Panel(x, rbButtonsY, rbButtonW, 20, sprites.Shade(sprites.Panel, 140), sprites.Shade(sprites.Frame, 200))
		r.TextCenter(b.label, x+rbButtonW/2, rbButtonsY+(20-sprites.GlyphH)/2, 1, sprites.Text)
	}
	r.TextRight(fmt.Sprintf("%d kept (last %d + bests)", len(s.entries), MaxRecentReplays), rbX+rbW, rbButtonsY+6, 1, sprites.Dim)
	r.TextCenter("Enter watch   E export   I import   Esc back", ScreenW/2, ScreenH-14, 1, sprites.Dim)
}

// clip shortens s to n characters.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "~"
}
