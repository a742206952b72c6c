package scenes

import "github.com/kocka/kocka/scenes/draw"

// Scene is one screen of the game. Only the top scene of the stack is
// updated; Draw draws it (and any scenes it overlays).
type Scene interface {
	// Update runs one tick with the frame's input (c.In).
	Update(c *Context) error
	// Draw draws the scene; it must not change state.
	Draw(r *draw.Renderer)
}

// Overlay is a scene drawn over the scene below it (pause over play),
// rather than instead of it.
type Overlay interface {
	Scene
	Overlay()
}

// Named scenes report a short name for the state file and tests.
type Named interface{ Name() string }

// fadeTicks is the length of each half of a transition (out, then in).
const fadeTicks = 8

type stackOp uint8

const (
	opNone stackOp = iota
	opReplace
	opReset
)

// Stack is the scene stack. Push and Pop act at once (pause in and out
// must feel instant); Replace and Reset fade the screen out, swap, and
// fade back in, during which no scene is updated.
type Stack struct {
	scenes []Scene
	op     stackOp
	next   Scene
	fade   int // ticks into the transition: 0..2*fadeTicks, 0 = none
	// changes counts the changes of the top scene (push, pop, swap).
	changes uint64
}

// Changes counts the times the top scene has changed, so that a caller
// can tell a tick that brought a new screen.
func (s *Stack) Changes() uint64 { return s.changes }

// Top is the scene receiving input, or nil.
func (s *Stack) Top() Scene {
	if len(s.scenes) == 0 {
		return nil
	}
	return s.scenes[len(s.scenes)-1]
}

// Len is the number of scenes.
func (s *Stack) Len() int { return len(s.scenes) }

// Push puts sc on top at once.
func (s *Stack) Push(sc Scene) {
	s.scenes = append(s.scenes, sc)
	s.changes++
}

// leaver is a scene with work to stop when it leaves the stack (PC
// practice's search, which in the browser would otherwise wait for a
// frame that never comes, holding its memory).
type leaver interface{ leave() }

// Pop removes the top scene at once.
func (s *Stack) Pop() {
	if len(s.scenes) > 0 {
		if l, ok := s.scenes[len(s.scenes)-1].(leaver); ok {
			l.leave()
		}
		s.scenes[len(s.scenes)-1] = nil
		s.scenes = s.scenes[:len(s.scenes)-1]
		s.changes++
	}
}

// Replace swaps the top scene for sc with a fade.
func (s *Stack) Replace(sc Scene) { s.begin(opReplace, sc) }

// Reset clears the stack down to sc alone with a fade (quit to menu).
func (s *Stack) Reset(sc Scene) { s.begin(opReset, sc) }

func (s *Stack) begin(op stackOp, sc Scene) {
	if len(s.scenes) == 0 {
		s.Push(sc)
		return
	}
	if s.op != opNone { // a second change during a fade wins
		s.op, s.next = op, sc
		return
	}
	s.op, s.next, s.fade = op, sc, 1
}

// Transitioning reports whether a fade is under way.
func (s *Stack) Transitioning() bool { return s.fade > 0 }

// Update advances a transition or updates the top scene.
func (s *Stack) Update(c *Context) error {
	if s.fade > 0 {
		s.fade++
		if s.fade == fadeTicks+1 {
			s.swap()
		}
		if s.fade > 2*fadeTicks {
			s.fade = 0
		}
		return nil
	}
	if top := s.Top(); top != nil {
		return top.Update(c)
	}
	return nil
}

func (s *Stack) swap() {
	switch s.op {
	case opReplace:
		s.Pop()
	case opReset:
		for len(s.scenes) > 0 {
			s.Pop()
		}
	}
	s.Push(s.next)
	s.op, s.next = opNone, nil
}

// Visible returns the scenes to draw, bottom first: the top scene and the
// scenes below it down to the first that is not an overlay.
func (s *Stack) Visible() []Scene {
	i := len(s.scenes) - 1
	for i > 0 {
		if _, ok := s.scenes[i].(Overlay); !ok {
			break
		}
		i--
	}
	return s.scenes[max(i, 0):]
}

// Darkness is how dark the transition makes the screen, 0..1.
func (s *Stack) Darkness() float32 {
	if s.fade == 0 {
		return 0
	}
	if s.fade <= fadeTicks {
		return float32(s.fade) / fadeTicks
	}
	return float32(2*fadeTicks-s.fade+1) / fadeTicks
}

// menuScene is a scene run by a menu; the App prepares the menu's values
// before each draw, and the state file names its selected row.
type menuScene interface{ menuOf() *menu }

// pausable is a scene playing a game that the pause menu can cover.
type pausable interface{ playing() *playScene }
