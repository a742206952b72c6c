package scenes

import (
	"encoding/json"
	"testing"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
)

// playSceneOf is the play scene inside a play, versus or bot-versus scene.
func playSceneOf(t *testing.T, sc Scene) *playScene {
	t.Helper()
	p, ok := sc.(pausable)
	if !ok {
		t.Fatalf("%s is not a play scene", sceneName(sc))
	}
	return p.playing()
}

// TestOneBoardLook: play, versus and bot-against-thrower draw their board
// with the same look, so during a line clear the stack above the cleared
// row is drawn where it was and falls into place (versus and
// bot-against-thrower once drew it in its new place at once).
func TestOneBoardLook(t *testing.T) {
	for _, mode := range []string{"marathon", "versus", "botvs"} {
		t.Run(mode, func(t *testing.T) {
			a := newTestApp(t, versusStore(t, "random", nil), mode)
			top := a.Stack.Top()
			s := playSceneOf(t, top)
			g := s.game
			vh := g.VisibleHeight()
			// Row 0 was just cleared; the mino in column 0 was in row 1
			// before the clear and has fallen to row 0.
			b, err := engine.ParseBoard(g.Board().Width, g.Board().Height, []string{"L........."}, engine.L)
			if err != nil {
				t.Fatal(err)
			}
			g.Board().CopyFrom(b)
			row := clearedRow{y: 0, cells: make([]engine.Piece, g.Board().Width)}
			for x := range row.cells {
				row.cells[x] = engine.T
			}
			s.fx = effects{cleared: []clearedRow{row}, clearTicks: clearTicks}

			look := s.look(draw.Looks{})
			if len(look.Lift) == 0 || look.Lift[0] != draw.Cell {
				t.Fatalf("lift %v, want row 0 drawn one cell up", look.Lift)
			}
			r := draw.NewDry()
			r.Begin(nil, 1, 0, 0)
			top.Draw(r)
			_, lifted := draw.CellXY(draw.BoardX, draw.BoardY, vh, 0, 1)
			_, fallen := draw.CellXY(draw.BoardX, draw.BoardY, vh, 0, 0)
			var atLifted, atFallen int
			vs := r.Batch()
			for i := 0; i+3 < len(vs); i += 4 {
				tl, br := vs[i], vs[i+3]
				if tl.DstX != draw.BoardX || br.DstX-tl.DstX != draw.Cell || br.DstY-tl.DstY != draw.Cell {
					continue // not a whole cell in column 0
				}
				switch tl.DstY {
				case lifted:
					atLifted++
				case fallen:
					atFallen++
				}
			}
			if atLifted == 0 {
				t.Errorf("no cell drawn at the lifted place of the stack (y %v); %d at its new place", lifted, atFallen)
			}
		})
	}
}

// TestStateJSONKeys pins the names the GUI and browser tests read from
// the state file and window.kocka.state().
func TestStateJSONKeys(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "marathon")
	a.layout.scale = 2
	raw, err := json.Marshal(a.State())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"scene", "mode", "ticks", "hasPiece", "piece", "x", "y", "rot", "queue",
		"lines", "score", "level", "pieces", "over", "stateHash", "board", "layout"} {
		if _, ok := m[k]; !ok {
			t.Errorf("state has no %q: %s", k, raw)
		}
	}
	l, _ := m["layout"].(map[string]any)
	for _, k := range []string{"originX", "originY", "scale", "boardX", "boardY", "cell"} {
		if _, ok := l[k]; !ok {
			t.Errorf("layout has no %q: %s", k, raw)
		}
	}
}
