package scenes

import (
	"image/color"
	"slices"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sprites"
)

// Effect lengths in ticks.
const (
	lockFlashTicks  = 10
	trailTicks      = 9
	clearTicks      = 22
	calloutTicks    = 110
	spawnFlashTicks = 6
	bumpTicks       = 6
	endDelayTicks   = 100 // the finished board stays this long before the results
	// resultsGuardTicks: after a game ends, keys are ignored this long
	// (a player mashing hard drop through a top-out must not pick a row
	// of the results), and the results then wait for a fresh press.
	resultsGuardTicks = 30
)

// clearedRow is a row that was just removed, kept for its animation.
type clearedRow struct {
	y     int
	cells []engine.Piece
}

// callout is a message beside the board ("T-SPIN DOUBLE").
type callout struct {
	lines []string
	color color.RGBA
	ticks int
	combo bool // a COMBO call-out, which goes when the combo ends
}

// effects are the animations the scene runs in reaction to engine events;
// they never change the game.
type effects struct {
	lockCells  [4]engine.Cell
	lockPiece  engine.Piece
	lockTicks  int
	cleared    []clearedRow
	clearTicks int
	callouts   []callout
	spawnTicks int
	bumpTicks  int
	liftBuf    []float32

	trail      engine.Placed // where the last hard drop landed
	trailRows  int           // how far it fell
	trailTicks int
}

func (fx *effects) step() {
	for _, t := range []*int{&fx.lockTicks, &fx.clearTicks, &fx.spawnTicks, &fx.bumpTicks, &fx.trailTicks} {
		if *t > 0 {
			*t--
		}
	}
	kept := fx.callouts[:0]
	for _, c := range fx.callouts {
		if c.ticks--; c.ticks > 0 {
			kept = append(kept, c)
		}
	}
	fx.callouts = kept
}

// endCombo takes the COMBO call-outs down when a lock clears nothing, so
// the call-out never shows a combo the HUD has already reset.
func (fx *effects) endCombo() {
	fx.callouts = slices.DeleteFunc(fx.callouts, func(c callout) bool { return c.combo })
}

func (fx *effects) say(c color.RGBA, lines ...string) {
	fx.callouts = append(fx.callouts, callout{lines: lines, color: c, ticks: calloutTicks})
	if len(fx.callouts) > 3 {
		fx.callouts = fx.callouts[len(fx.callouts)-3:]
	}
}

// drawEffects draws the effects over the board drawn in look.
func (s *playScene) drawEffects(r *draw.Renderer, look draw.BoardLook) {
	vh := s.game.VisibleHeight()
	fx := &s.fx
	if fx.trailTicks > 0 {
		// A streak above each column of the dropped piece, fading out.
		a := float32(fx.trailTicks) / trailTicks
		col := sprites.PieceColors[fx.trail.Piece]
		var top [engine.MaxWidth]int8 // highest cell per column, -1 = none
		for i := range top {
			top[i] = -1
		}
		for _, c := range fx.trail.Cells() {
			if c.X >= 0 && int(c.X) < len(top) {
				top[c.X] = max(top[c.X], c.Y)
			}
		}
		for x, y := range top {
			if y < 0 || int(y) >= vh {
				continue
			}
			_, py := draw.CellXY(look.X, look.Y, vh, int(x), int(y))
			h := float32(min(fx.trailRows, vh-1-int(y)) * draw.Cell)
			px := float32(look.X + int(x)*draw.Cell)
			for i := float32(0); i < 4; i++ { // brighter near the piece
				seg := h / 4
				r.Rect(px+2, py-seg*(i+1), draw.Cell-4, seg, draw.Alpha(col, a*0.22*(1-i/4)))
			}
		}
	}
	if fx.lockTicks > 0 {
		a := float32(fx.lockTicks) / lockFlashTicks
		for _, c := range fx.lockCells {
			if int(c.Y) < vh {
				px, py := draw.CellXY(look.X, look.Y, vh, int(c.X), int(c.Y))
				r.Rect(px, py, draw.Cell, draw.Cell, draw.Alpha(draw.White, a*0.7))
			}
		}
	}
	if fx.clearTicks > 0 {
		hold, drop := clearProgress(fx.clearTicks)
		for _, row := range fx.cleared {
			if row.y >= vh {
				continue
			}
			_, py := draw.CellXY(look.X, look.Y, vh, 0, row.y)
			// The cleared row shows and flashes white, then its minos
			// shrink away from the middle outwards as the stack above
			// drops into the gap.
			for x, p := range row.cells {
				if p == engine.None {
					continue
				}
				d := x - len(row.cells)/2
				if d < 0 {
					d = -d - 1
				}
				k := min(1, (1-drop)*1.6-float32(d)*0.08)
				if k <= 0 {
					continue
				}
				sz := draw.Cell * k
				px := float32(look.X+x*draw.Cell) + (draw.Cell-sz)/2
				r.Mino(p, px, py+(draw.Cell-sz)/2, sz, draw.Alpha(draw.White, k))
			}
			if hold > 0 {
				r.Rect(float32(look.X), py, float32(len(row.cells)*draw.Cell), draw.Cell, draw.Alpha(draw.White, hold*0.85))
			}
		}
	}
}

// clearProgress splits the line-clear animation: hold goes 1 -> 0 while
// the cleared rows flash, then drop goes 0 -> 1 while the stack falls.
func clearProgress(ticks int) (hold, drop float32) {
	const flash = 8
	done := clearTicks - ticks
	if done < flash {
		return 1 - float32(done)/flash, 0
	}
	return 0, float32(done-flash+1) / float32(clearTicks-flash)
}

// lift is how far each row of the collapsed board is drawn above its place
// during a line clear: the rows that were above a cleared row start where
// they were and fall, faster and faster, into place.
func (fx *effects) lift(height int, drop float32) []float32 {
	if cap(fx.liftBuf) < height {
		fx.liftBuf = make([]float32, height)
	}
	out := fx.liftBuf[:height]
	cleared := func(y int) bool {
		for _, r := range fx.cleared {
			if r.y == y {
				return true
			}
		}
		return false
	}
	f := 1 - drop*drop
	o := 0 // the row's index before the clear
	for y := 0; y < height; y++ {
		for cleared(o) {
			o++
		}
		out[y] = float32((o-y)*draw.Cell) * f
		o++
	}
	return out
}
