package scenes

import (
	"fmt"

	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sprites"
)

// versusResults are the play results plus the lines survived against the
// difficulty and its table's rank; the high-scores row (itemScores) opens
// the difficulty screen instead, which shows the tables.
type versusResults struct {
	*resultsScene
	vs *versusScene
}

func newVersusResults(c *Context, vs *versusScene) *versusResults {
	rs := newResults(c, vs.playScene)
	if it := rs.menu.byID(itemScores); it != nil {
		it.label = "Difficulty and scores"
		it.activate = func(c *Context) { c.Stack.Push(newVersusSetup(vs.mode)) }
	}
	return &versusResults{resultsScene: rs, vs: vs}
}

func (s *versusResults) Draw(r *draw.Renderer) {
	s.resultsScene.Draw(r)
	vs := s.vs
	x, y := float32(340), float32(232)
	r.Text(fmt.Sprintf("Survived %s against %s.", plural(vs.game.Lines(), "line"), vs.choice.title), x, y, 1, sprites.Text)
	switch {
	case vs.game.Lines() == 0: // nothing survived is no record
	case vs.rank == 1:
		r.Text("NEW BEST AGAINST THIS THROWER!", x, y+16, 1, sprites.Accent)
	case vs.rank > 0:
		r.Text(fmt.Sprintf("#%d in its table", vs.rank), x, y+16, 1, sprites.Good)
	}
}
