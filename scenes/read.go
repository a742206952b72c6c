package scenes

import (
	"image"
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// padBindings is the standard gamepad layout: the d-pad moves, soft drops
// and (up) hard drops; the bottom face button turns right, the right one
// turns left, the top one turns half; the shoulders hold; Start pauses.
var padBindings = [...]struct {
	b ebiten.StandardGamepadButton
	a Action
}{
	{ebiten.StandardGamepadButtonLeftLeft, ActLeft},
	{ebiten.StandardGamepadButtonLeftRight, ActRight},
	{ebiten.StandardGamepadButtonLeftBottom, ActSoftDrop},
	{ebiten.StandardGamepadButtonLeftTop, ActHardDrop},
	{ebiten.StandardGamepadButtonRightBottom, ActRotateCW},
	{ebiten.StandardGamepadButtonRightRight, ActRotateCCW},
	{ebiten.StandardGamepadButtonRightTop, ActRotate180},
	{ebiten.StandardGamepadButtonFrontTopLeft, ActHold},
	{ebiten.StandardGamepadButtonFrontTopRight, ActHold},
	{ebiten.StandardGamepadButtonCenterRight, ActPause},
	{ebiten.StandardGamepadButtonCenterLeft, ActRetry},
}

// Menu keys are fixed, so a bad rebinding can never lock a player out of
// the menus.
var menuKeys = [...]struct {
	k ebiten.Key
	m MenuSet
}{
	{ebiten.KeyArrowUp, MenuUp}, {ebiten.KeyArrowDown, MenuDown},
	{ebiten.KeyArrowLeft, MenuLeft}, {ebiten.KeyArrowRight, MenuRight},
	{ebiten.KeyEnter, MenuConfirm}, {ebiten.KeyNumpadEnter, MenuConfirm}, {ebiten.KeySpace, MenuConfirm},
	{ebiten.KeyEscape, MenuBack}, {ebiten.KeyBackspace, MenuBack},
}

var menuPad = [...]struct {
	b ebiten.StandardGamepadButton
	m MenuSet
}{
	{ebiten.StandardGamepadButtonLeftTop, MenuUp}, {ebiten.StandardGamepadButtonLeftBottom, MenuDown},
	{ebiten.StandardGamepadButtonLeftLeft, MenuLeft}, {ebiten.StandardGamepadButtonLeftRight, MenuRight},
	{ebiten.StandardGamepadButtonRightBottom, MenuConfirm}, {ebiten.StandardGamepadButtonCenterRight, MenuConfirm},
	{ebiten.StandardGamepadButtonRightRight, MenuBack},
}

// repeats reports whether a button held for d ticks fires this tick: on the
// press, then after 18 ticks every 4.
func repeats(d int) bool { return d == 1 || d >= 18 && (d-18)%4 == 0 }

// menuRepeat counts, in game ticks, how long each menu button has been
// held, and adds the repeats of held buttons to a tick's Menu.
type menuRepeat [8]int

// tick updates the counts from f.MenuHeld and adds the buttons that repeat
// this tick to f.Menu (the press itself comes from the Reader).
func (m *menuRepeat) tick(f *Frame) {
	for i := range m {
		b := MenuSet(1) << i
		if f.MenuHeld&b == 0 {
			m[i] = 0
			continue
		}
		m[i]++
		if m[i] > 1 && repeats(m[i]) {
			f.Menu |= b
		}
	}
}

// holdOff stops the buttons held now from repeating until they are
// released (tick sets a released button's count back to 0).
func (m *menuRepeat) holdOff() {
	for i := range m {
		if m[i] > 0 {
			m[i] = math.MinInt32
		}
	}
}

// Reader turns Ebitengine's input state into Frames. It is the only code
// that reads the keyboard, gamepads, mouse and touches.
type Reader struct {
	pads    []ebiten.GamepadID
	touches []ebiten.TouchID
	mx, my  int
	taps    []image.Point // presses Ebitengine missed, in window pixels (queueTap)
}

// maxQueuedTaps bounds the taps waiting for a tick: more than this many
// between two ticks is not a person tapping.
const maxQueuedTaps = 8

// queueTap adds a press that began and ended between two ticks, which
// Ebitengine's per-tick input state never showed; Read plays it as a
// click at a tick with no click of its own, one a tick.
func (r *Reader) queueTap(x, y int) {
	if len(r.taps) < maxQueuedTaps {
		r.taps = append(r.taps, image.Point{x, y})
	}
}

// Read returns this tick's Frame. toLogical maps window pixels to logical
// screen coordinates.
func (r *Reader) Read(kb *KeyBindings, toLogical func(x, y int) (int, int)) Frame {
	var f Frame
	for a := Action(0); a < NumActions; a++ {
		for _, k := range kb[a] {
			if k == NoKey {
				continue
			}
			if ebiten.IsKeyPressed(k) {
				f.Held = f.Held.With(a)
			}
			if inpututil.IsKeyJustPressed(k) {
				f.Pressed = f.Pressed.With(a)
			}
		}
	}
	// Menu buttons: the press here; the repeats of a held button are
	// counted in game ticks by menuRepeat, since a frame may run any
	// number of ticks (and Ebitengine counts durations in frames).
	for _, mk := range menuKeys {
		if inpututil.IsKeyJustPressed(mk.k) {
			f.Menu |= mk.m
		}
		if ebiten.IsKeyPressed(mk.k) {
			f.MenuHeld |= mk.m
		}
	}
	f.Keys = inpututil.AppendJustPressedKeys(f.Keys)

	r.pads = ebiten.AppendGamepadIDs(r.pads[:0])
	for _, id := range r.pads {
		if !ebiten.IsStandardGamepadLayoutAvailable(id) {
			continue
		}
		for _, pb := range padBindings {
			if ebiten.IsStandardGamepadButtonPressed(id, pb.b) {
				f.Held = f.Held.With(pb.a)
			}
			if inpututil.IsStandardGamepadButtonJustPressed(id, pb.b) {
				f.Pressed = f.Pressed.With(pb.a)
			}
		}
		for _, mp := range menuPad {
			if inpututil.IsStandardGamepadButtonJustPressed(id, mp.b) {
				f.Menu |= mp.m
			}
			if ebiten.IsStandardGamepadButtonPressed(id, mp.b) {
				f.MenuHeld |= mp.m
			}
		}
	}

	mx, my := ebiten.CursorPosition()
	f.X, f.Y = toLogical(mx, my)
	if mx != r.mx || my != r.my {
		f.PointerMoved = true
		r.mx, r.my = mx, my
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		f.Click = true
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonRight) {
		f.Menu |= MenuBack
	}
	r.touches = inpututil.AppendJustPressedTouchIDs(r.touches[:0])
	if len(r.touches) > 0 {
		tx, ty := ebiten.TouchPosition(r.touches[0])
		f.X, f.Y = toLogical(tx, ty)
		f.Click, f.PointerMoved = true, true
	}
	if !f.Click && len(r.taps) > 0 {
		t := r.taps[0]
		r.taps = append(r.taps[:0], r.taps[1:]...)
		f.X, f.Y = toLogical(t.X, t.Y)
		f.Click, f.PointerMoved = true, true
	}
	return f
}
