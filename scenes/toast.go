package scenes

import (
	"strings"

	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sprites"
)

// toastTicks is how long a toast stays (a second and a half).
const toastTicks = 90

// toast is a short confirmation at the foot of the screen ("Screenshot
// saved"), quieter than a notice, which is for problems.
type toast struct {
	msg   string
	ticks int
}

func (t *toast) show(msg string) { t.msg, t.ticks = msg, toastTicks }

func (t *toast) step() {
	if t.ticks > 0 {
		if t.ticks--; t.ticks == 0 {
			t.msg = ""
		}
	}
}

func (t *toast) draw(r *draw.Renderer) {
	if t.msg == "" {
		return
	}
	a := min(1, float32(t.ticks)/20)
	w := float32(sprites.TextWidth(t.msg) + 16)
	r.Panel(ScreenW/2-w/2, ScreenH-30, w, 22, draw.Alpha(sprites.Panel, 0.95*a), draw.Alpha(sprites.Good, a))
	r.TextCenter(t.msg, ScreenW/2, ScreenH-27, 1, draw.Alpha(sprites.Good, a))
}

// shotResults are the outcomes of F12 screenshots written off the game
// loop, shown by the next tick.
func (a *App) shotResults() {
	for {
		select {
		case msg := <-a.shots:
			if strings.HasPrefix(msg, shotFailed) {
				a.Notify(msg) // a problem: the notice, which stays longer
			} else {
				a.toast.show(msg)
			}
		default:
			return
		}
	}
}
