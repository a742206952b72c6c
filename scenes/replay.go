package scenes

import (
	"bytes"
	"fmt"

	"github.com/kocka/kocka/engine"
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

func (d *replayDriver) Next(*App, *engine.Game) engine.Input {
	if d.i >= len(d.rep.Inputs) {
		return 0
	}
	d.i++
	return d.rep.Inputs[d.i-1]
}

// Finished reports that every recorded input has been played.
func (d *replayDriver) Finished() bool { return d.i >= len(d.rep.Inputs) }

// Matches reports whether the game ended where the recording did.
func (d *replayDriver) Matches(g *engine.Game) bool { return g.StateHash() == d.rep.Hash }

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
		Start: func(a *App, m *Mode, _ uint64) (Scene, error) { return newReplayScene(a, m, rep) }}
}

// newReplayScene plays rep back in a play scene.
func newReplayScene(a *App, m *Mode, rep *engine.Replay) (Scene, error) {
	g, err := rep.Start(withThrowers(a.opts.ReplayFactory))
	if err != nil {
		return nil, err
	}
	s := newPlayScene(m, g, &replayDriver{rep: rep})
	s.subtitle = fmt.Sprintf("replay, seed %d", rep.Seed)
	return s, nil
}

// saveReplay keeps the game's recording as the last replay of its mode.
func (s *playScene) saveReplay(a *App) {
	if s.rec == nil || s.saved || s.game.Ticks() == 0 {
		return
	}
	if _, replaying := s.driver.(*replayDriver); replaying {
		return
	}
	s.saved = true
	var buf bytes.Buffer
	if err := s.rec.Replay().Encode(&buf); err != nil {
		a.Notify("Could not encode the replay: " + err.Error())
		return
	}
	a.blobs.Save(replayName(s.mode.Name), buf.Bytes())
}

// loadReplay reads the last replay of a mode.
func (a *App) loadReplay(mode string) (*engine.Replay, error) {
	raw, err := a.blobs.Load(replayName(mode))
	if err != nil {
		return nil, err
	}
	return engine.DecodeReplay(bytes.NewReader(raw))
}

// replaysScene lists the last replay of each mode.
type replaysScene struct {
	menu menu
}

func newReplaysScene(a *App) *replaysScene {
	s := &replaysScene{}
	for i := range Modes {
		m := &Modes[i]
		rep, err := a.loadReplay(m.Name)
		if err != nil {
			continue
		}
		s.menu.items = append(s.menu.items, menuItem{label: m.Title,
			help: fmt.Sprintf("%d ticks (%s), seed %d, ended: %v", len(rep.Inputs), FormatTicks(len(rep.Inputs)), rep.Seed, rep.End),
			value: func(*App) string {
				return fmt.Sprintf("%d pts, %d lines", rep.Score, rep.Lines)
			},
			activate: func(a *App) {
				sc, err := newReplayScene(a, replayMode(rep), rep)
				if err != nil {
					a.Notify(err.Error())
					return
				}
				a.Stack.Reset(sc)
			}})
	}
	s.menu.items = append(s.menu.items, menuItem{label: "Back", activate: func(a *App) { a.Stack.Pop() }})
	s.menu.x, s.menu.y, s.menu.w, s.menu.rowH = ScreenW/2-160, 110, 320, 20
	return s
}

func (s *replaysScene) Name() string { return "replays" }

func (s *replaysScene) Update(a *App) error {
	if s.menu.update(a) {
		a.Stack.Pop()
	}
	return nil
}

func (s *replaysScene) Draw(r *Renderer) {
	heading(r, "LAST REPLAYS", 50, sprites.Accent)
	if len(s.menu.items) == 1 {
		r.TextCenter("No replays yet: each finished game keeps one here.", ScreenW/2, 90, 1, sprites.Dim)
	}
	s.menu.draw(r, r.App)
}

func (s *replaysScene) menuOf() *menu { return &s.menu }
