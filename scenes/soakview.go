package scenes

import (
	"fmt"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sprites"
)

// SoakStepper advances a soak by one tick: the game it is playing (nil
// between games), whether the soak is over, and an error if a rule broke.
type SoakStepper func() (g *engine.Game, done bool, err error)

// SoakView is the window of `kocka soak --window`: it steps the soak as fast
// as a frame's time allows and draws the game being played with the same
// board, hold and queue drawing as the play scenes, so drawing is soaked
// along with the rules.
type SoakView struct {
	step     SoakStepper
	status   func() string
	budget   time.Duration
	game     *engine.Game
	err      error
	done     bool
	renderer *draw.Renderer
	looks    draw.Looks
	ticks    int
}

// NewSoakView makes the window; status gives the progress line drawn under
// the board.
func NewSoakView(step SoakStepper, status func() string) *SoakView {
	return &SoakView{step: step, status: status, budget: 12 * time.Millisecond, looks: draw.Looks{Skin: DefaultSettings().Skin, Ghost: true}}
}

// Err is the soak's failure, if any, after the window closed.
func (v *SoakView) Err() error { return v.err }

// Update runs soak ticks for most of a frame.
func (v *SoakView) Update() error {
	if v.done {
		return ebiten.Termination
	}
	deadline := time.Now().Add(v.budget)
	for time.Now().Before(deadline) {
		g, done, err := v.step()
		if g != nil {
			v.game = g
		}
		v.ticks++
		if err != nil || done {
			v.err, v.done = err, true
			return ebiten.Termination
		}
	}
	return nil
}

// Layout keeps the logical screen, integer scaled as in the game.
func (v *SoakView) Layout(w, h int) (int, int) { return w, h }

// Draw draws the current game and the soak's progress.
func (v *SoakView) Draw(screen *ebiten.Image) {
	if v.renderer == nil {
		v.renderer = draw.NewRenderer(sprites.NewAtlas())
	}
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	scale := max(1, min(w/ScreenW, h/ScreenH))
	screen.Fill(draw.Letterbox)
	r := v.renderer
	r.Begin(screen, scale, (w-ScreenW*scale)/2, (h-ScreenH*scale)/2)
	r.Looks, r.Tick = v.looks, v.ticks
	r.Rect(0, 0, ScreenW, ScreenH, sprites.Background)
	r.Text("SOAK", draw.LeftColR-draw.PanelW, 8, 1, sprites.Dim)
	if g := v.game; g != nil {
		draw.Board(r, g, draw.BoardLook{X: draw.BoardX, Y: draw.BoardY, Ghost: v.looks.Ghost})
		draw.Hold(r, g)
		draw.Queue(r, g)
		y := float32(draw.BoardY + 140)
		y = draw.Stat(r, "SCORE", fmt.Sprint(g.Score()), y, true)
		y = draw.Stat(r, "LINES", fmt.Sprint(g.Lines()), y, false)
		draw.Stat(r, "LEVEL", fmt.Sprint(g.Level()), y, false)
	}
	if v.status != nil {
		r.Text(v.status(), 8, ScreenH-14, 1, sprites.Dim)
	}
	r.Flush()
}
