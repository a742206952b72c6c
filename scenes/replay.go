package scenes

import (
	"bytes"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver/thrower"
)

// replayName is the blob holding the last replay of a mode.
func replayName(mode string) string { return "replay-" + mode + replayExt }

// replayExt ends the names of the saved replay blobs.
const replayExt = ".kreplay"

// validReplay is the store's check of a saved replay (persist.Blobs.Check):
// one that does not decode is set aside and never kept as a backup.
func validReplay(data []byte) error {
	_, err := engine.DecodeReplay(bytes.NewReader(data))
	return err
}

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

// saveReplay keeps the game's recording: as the last replay of its mode
// (replay-MODE.kreplay, as before the library) and in the replay library,
// there also as the mode's personal best when it is one.
func (s *playScene) saveReplay(c *Context) {
	if s.rec == nil || s.saved || s.game.Ticks() == 0 {
		return
	}
	if s.driver.Replay() != nil { // a replay of a replay is the same replay
		return
	}
	s.saved = true
	rep := s.rec.Replay()
	c.saveReplay(s.mode.Name, rep)
	title := s.mode.Title
	if rep.Randomizer == thrower.ReplayName {
		if name, _, err := thrower.ParseSpec(rep.RandomizerOptions); err == nil {
			title += ": " + name
		}
	}
	c.keepReplay(s.mode.Name, title, rep, s.driver.Person(), s.personalBest(c))
}

// personalBest reports whether the finished game beats its mode's best
// (before the results add it): a person's game of a scored mode, with at
// least one line, and a race only when finished.
func (s *playScene) personalBest(c *Context) bool {
	m, g := s.mode, s.game
	if !s.driver.Person() || !m.Scored || !g.Over() || g.Lines() == 0 {
		return false
	}
	if m.ByTime && g.End() != engine.GoalMet {
		return false
	}
	best, ok := c.Scores.Best(m.Name)
	return !ok || better(Result{Score: g.Score(), Ticks: g.Ticks()}, best, m.ByTime)
}

// itemWatch is the id of the results menu's "Watch replay" row.
const itemWatch = "watch"

// watchReplayItem is the results menu's row that watches the game just
// played in the replay viewer; Back returns to the results.
func watchReplayItem(p *playScene) menuItem {
	return menuItem{id: itemWatch, label: "Watch replay",
		enabled: func(*Context) bool { return p.rec != nil && p.game.Ticks() > 0 },
		activate: func(c *Context) {
			rep := p.rec.Replay()
			m := replayMode(rep)
			m.Title = p.mode.Title
			v, err := newReplayScene(c, m, rep)
			if err != nil {
				c.Notify(err.Error())
				return
			}
			c.Stack.Push(v)
		}}
}
