package scenes

import (
	"fmt"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
)

// Action is something a player does in a game. Each game action has an
// engine button (engineButtons); pause, retry and hint are the scenes' own.
type Action uint8

// Actions.
const (
	ActLeft Action = iota
	ActRight
	ActSoftDrop
	ActHardDrop
	ActRotateCW
	ActRotateCCW
	ActRotate180
	ActHold
	ActPause
	ActRetry // restart the mode at once (play, pause, results)
	ActHint  // PC practice: show a perfect clear on the board
	NumActions
)

var actionNames = [NumActions]string{"left", "right", "softdrop", "harddrop", "cw", "ccw", "180", "hold", "pause", "retry", "hint"}

// actionTitles are the names shown in the settings.
var actionTitles = [NumActions]string{"Move left", "Move right", "Soft drop", "Hard drop",
	"Rotate right", "Rotate left", "Rotate 180", "Hold", "Pause", "Retry", "PC hint"}

func (a Action) String() string {
	if a < NumActions {
		return actionNames[a]
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// Title is the action's name for people.
func (a Action) Title() string { return actionTitles[a] }

// ActionSet is a set of actions, bit a = Action a.
type ActionSet uint16

// Has reports whether a is in the set.
func (s ActionSet) Has(a Action) bool { return s&(1<<a) != 0 }

// With returns the set with a added.
func (s ActionSet) With(a Action) ActionSet { return s | 1<<a }

// engineButtons is the engine button of each action; actions the engine
// does not see (pause, retry) have none.
var engineButtons = [NumActions]engine.Input{
	ActLeft:      engine.InLeft,
	ActRight:     engine.InRight,
	ActSoftDrop:  engine.InSoftDrop,
	ActHardDrop:  engine.InHardDrop,
	ActRotateCW:  engine.InRotateCW,
	ActRotateCCW: engine.InRotateCCW,
	ActRotate180: engine.InRotate180,
	ActHold:      engine.InHold,
	ActPause:     0,
	ActRetry:     0,
	ActHint:      0,
}

// EngineInput is the engine input of the game actions in the set.
func (s ActionSet) EngineInput() engine.Input {
	var in engine.Input
	for a := Action(0); a < NumActions; a++ {
		if s.Has(a) {
			in |= engineButtons[a]
		}
	}
	return in
}

// Menu buttons, pressed (or auto-repeated) this tick.
type MenuSet uint8

// Menu buttons.
const (
	MenuUp MenuSet = 1 << iota
	MenuDown
	MenuLeft
	MenuRight
	MenuConfirm
	MenuBack
)

// Frame is everything the player did during one tick, read once by the
// Reader and handed to the top scene. Tests build Frames by hand.
type Frame struct {
	Held    ActionSet // game actions held (keyboard bindings and gamepad)
	Pressed ActionSet // game actions pressed this tick
	Menu    MenuSet   // menu buttons pressed or auto-repeating
	// MenuHeld are the menu buttons held down this tick, so that a screen
	// can wait for a fresh press (the results after a game).
	MenuHeld MenuSet
	Keys     []ebiten.Key

	Click        bool // a mouse click or a touch began this tick, at (X, Y)
	PointerMoved bool // the mouse moved; (X, Y) is where it is
	X, Y         int  // logical screen coordinates
}
