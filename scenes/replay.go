package scenes

import (
	"fmt"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/solver/thrower"
	"github.com/kocka/kocka/sprites"
)

// replayName is the blob holding the last replay of a mode.
func replayName(mode string) string { return "replay-" + mode + ".kreplay" }

// replayDriver feeds the recorded inputs back, one per tick.
type replayDriver struct {
	rep *engine.Replay
	i   int
}

func (d *replayDriver) Next(*Frame, *engine.Game) engine.Input {
	if d.i >= len(d.rep.Inputs) {
		return 0
	}
	d.i++
	return d.rep.Inputs[d.i-1]
}

// Finished reports that every recorded input has been played.
func (d *replayDriver) Finished() bool { return d.i >= len(d.rep.Inputs) }

func (d *replayDriver) Person() bool           { return false }
func (d *replayDriver) Replay() *engine.Replay { return d.rep }

// replayMode plays a recording; it is not in the menu's mode table.
func replayMode(rep *engine.Replay) *Mode {
	title := "Replay"
	if m, ok := ModeByName(rep.Config.Goal.String()); ok {
		title = m.Title
	}
	if rep.Randomizer == thrower.ReplayName {
		// A versus game: name the thrower that dealt the pieces.
		if name, _, err := thrower.ParseSpec(rep.RandomizerOptions); err == nil {
			title = "Versus " + name
		}
	}
	return &Mode{Name: "replay", Title: title,
		Start: func(c *Context, m *Mode, _ uint64) (Scene, error) { return newReplayScene(c, m, rep) }}
}

// newReplayScene plays rep back in a play scene.
func newReplayScene(c *Context, m *Mode, rep *engine.Replay) (Scene, error) {
	g, err := rep.Start(withThrowers(c.ReplayFactory))
	if err != nil {
		return nil, err
	}
	s := newPlayScene(m, g, &replayDriver{rep: rep})
	s.subtitle = fmt.Sprintf("replay, seed %d", rep.Seed)
	return s, nil
}

// saveReplay keeps the game's recording as the last replay of its mode.
func (s *playScene) saveReplay(c *Context) {
	if s.rec == nil || s.saved || s.game.Ticks() == 0 {
		return
	}
	if s.driver.Replay() != nil { // a replay of a replay is the same replay
		return
	}
	s.saved = true
	c.saveReplay(s.mode.Name, s.rec.Replay())
}

// replaysScene lists the last replay of each mode.
type replaysScene struct {
	menu menu
}

func newReplaysScene(c *Context) *replaysScene {
	s := &replaysScene{}
	for i := range Modes {
		m := &Modes[i]
		rep, err := c.loadReplay(m.Name)
		if err != nil {
			continue
		}
		s.menu.items = append(s.menu.items, menuItem{label: m.Title,
			help: fmt.Sprintf("%s after %s (seed %d).", endWords(rep.End), FormatTicks(len(rep.Inputs)), rep.Seed),
			value: func(*Context) string {
				return fmt.Sprintf("%s, %s", plural(rep.Score, "point"), plural(rep.Lines, "line"))
			},
			activate: func(c *Context) {
				sc, err := newReplayScene(c, replayMode(rep), rep)
				if err != nil {
					c.Notify(err.Error())
					return
				}
				c.Stack.Reset(sc)
			}})
	}
	s.menu.items = append(s.menu.items, menuItem{label: "Back", activate: func(c *Context) { c.Stack.Pop() }})
	s.menu.x, s.menu.y, s.menu.w, s.menu.rowH = ScreenW/2-160, 110, 320, 20
	return s
}

func (s *replaysScene) Name() string { return "replays" }

func (s *replaysScene) Update(c *Context) error {
	if s.menu.update(c) {
		c.Stack.Pop()
	}
	return nil
}

func (s *replaysScene) Draw(r *draw.Renderer) {
	r.Heading("LAST REPLAYS", 50, sprites.Accent)
	if len(s.menu.items) == 1 {
		r.TextCenter("No replays yet: each finished game keeps one here.", ScreenW/2, 90, 1, sprites.Dim)
	}
	s.menu.draw(r)
}

func (s *replaysScene) menuOf() *menu { return &s.menu }
