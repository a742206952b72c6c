package scenes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/scenes/draw"
)

// GameView is a scene that shows a game: play, pause (through the scene
// below) and results. The state file and the browser's window.kocka.state()
// read the game through it.
type GameView interface {
	Game() *engine.Game
	ModeName() string
	// BoardOrigin is the logical position of the top-left corner of the
	// visible field.
	BoardOrigin() (x, y int)
}

// State is what tests see of the running game.
type State struct {
	Scene    string `json:"scene"`
	Fading   bool   `json:"fading,omitempty"`   // a transition is darkening the screen
	Selected string `json:"selected,omitempty"` // the highlighted row of the top scene's menu
	Toast    string `json:"toast,omitempty"`    // a short confirmation on screen ("Screenshot saved: ...")
	// FPS and TickRate are the frames drawn and the game ticks run in the
	// last second (F3 shows them); 0 before the first second.
	FPS      float64 `json:"fps,omitempty"`
	TickRate float64 `json:"tickRate,omitempty"`
	Mode     string  `json:"mode,omitempty"`
	Thrower  string  `json:"thrower,omitempty"` // versus: the thrower dealing the pieces
	// PC is PC practice's panel: the field, the verdict, the chance.
	PC    *PCState `json:"pc,omitempty"`
	Ticks int      `json:"ticks"` // game ticks
	// Countdown is the ticks of READY left before the game starts (0 once
	// it has started): keys move no piece until then.
	Countdown int `json:"countdown"`

	HasPiece bool   `json:"hasPiece"`
	Piece    string `json:"piece,omitempty"`
	X        int    `json:"x"`
	Y        int    `json:"y"`
	Rot      string `json:"rot,omitempty"`
	Hold     string `json:"hold,omitempty"`
	Queue    string `json:"queue,omitempty"`

	Lines     int    `json:"lines"`
	Score     int    `json:"score"`
	Level     int    `json:"level"`
	Pieces    int    `json:"pieces"`
	Over      bool   `json:"over"`
	End       string `json:"end,omitempty"`
	StateHash string `json:"stateHash,omitempty"`

	// ReplayHash is the final hash a replay being played back recorded;
	// ReplayDone says every recorded input has been played.
	ReplayHash string `json:"replayHash,omitempty"`
	ReplayDone bool   `json:"replayDone,omitempty"`

	// Board is the visible field, top row first, '.' for empty cells.
	Board []string `json:"board,omitempty"`
	// Layout places the field on the window, in window pixels.
	Layout *Layout `json:"layout,omitempty"`
	// Watching says the bot plays the game on screen (not a person, not a
	// replay) and no menu or result is over it: the page then offers only
	// the menu button.
	Watching bool `json:"watching,omitempty"`
	// Gobblet is the Gobblet game on the stack, if any.
	Gobblet *GobbletState `json:"gobblet,omitempty"`
}

// Layout is where the visible field is drawn on the window.
type Layout struct {
	OriginX int     `json:"originX"` // where logical (0, 0) is on the window
	OriginY int     `json:"originY"`
	Scale   int     `json:"scale"`  // window pixels per logical pixel, rounded
	Zoom    float64 `json:"zoom"`   // window pixels per logical pixel, exactly
	X       int     `json:"boardX"` // top-left corner of the visible field
	Y       int     `json:"boardY"`
	Cell    int     `json:"cell"` // side of a cell in window pixels
}

// sceneName names a scene for the state file.
func sceneName(s Scene) string {
	if n, ok := s.(Named); ok {
		return n.Name()
	}
	return fmt.Sprintf("%T", s)
}

// State describes the top scene and the game on the stack, if any.
func (a *App) State() State {
	var st State
	if top := a.Stack.Top(); top != nil {
		st.Scene = sceneName(top)
	}
	st.Fading = a.Stack.Transitioning()
	st.Toast = a.toast.msg
	st.FPS, st.TickRate = math.Round(ebiten.ActualFPS()*10)/10, math.Round(a.clock.rate*10)/10
	if m, ok := a.Stack.Top().(menuScene); ok {
		if mm := m.menuOf(); len(mm.items) > 0 {
			st.Selected = mm.items[mm.sel].label
		}
	}
	var view GameView
	for i := len(a.Stack.scenes) - 1; i >= 0 && view == nil; i-- {
		view, _ = a.Stack.scenes[i].(GameView)
	}
	if st.Gobblet = a.gobbletState(); st.Gobblet != nil {
		st.Mode = st.Gobblet.Mode
	}
	if view == nil || view.Game() == nil {
		return st
	}
	g := view.Game()
	st.Mode = view.ModeName()
	if v, ok := view.(interface{ throwerName() string }); ok {
		st.Thrower = v.throwerName()
	}
	if v, ok := view.(interface{ pcState() *PCState }); ok {
		st.PC = v.pcState()
	}
	st.Ticks = g.Ticks()
	if p, ok := view.(pausable); ok {
		st.Countdown = p.playing().countdown
	}
	if p, ok := g.Current(); ok {
		st.HasPiece, st.Piece, st.X, st.Y, st.Rot = true, p.Piece.String(), p.X, p.Y, p.Rot.String()
	}
	if h := g.Hold(); h != engine.None {
		st.Hold = h.String()
	}
	for i, p := range g.Queue() {
		if i >= g.Config().Preview {
			break
		}
		st.Queue += p.String()
	}
	st.Lines, st.Score, st.Level, st.Pieces = g.Lines(), g.Score(), g.Level(), g.Stats().Pieces
	st.Over = g.Over()
	if st.Over {
		st.End = g.End().String()
	}
	st.StateHash = fmt.Sprintf("%016x", g.StateHash())
	if p, ok := view.(interface{ driverOf() Driver }); ok {
		d := p.driverOf()
		if d.Replay() != nil {
			st.ReplayHash, st.ReplayDone = fmt.Sprintf("%016x", d.Replay().Hash), d.Finished()
		}
		top, _ := a.Stack.Top().(GameView)
		st.Watching = !d.Person() && d.Replay() == nil && top == view
	}
	b := g.Board()
	for y := g.VisibleHeight() - 1; y >= 0; y-- {
		row := make([]byte, b.Width)
		for x := range row {
			row[x] = b.At(x, y).String()[0]
		}
		st.Board = append(st.Board, string(row))
	}
	if s := a.layout.scale; s > 0 {
		bx, by := view.BoardOrigin()
		px := func(o, v int) int { return o + int(float32(v)*s+0.5) } // as the renderer rounds
		st.Layout = &Layout{OriginX: a.layout.ox, OriginY: a.layout.oy, Scale: int(s + 0.5), Zoom: float64(s),
			X: px(a.layout.ox, bx), Y: px(a.layout.oy, by), Cell: int(draw.Cell*s + 0.5)}
	}
	return st
}

// stateWriter writes the state file off the game loop: Update hands it the
// latest state and never waits for the disk.
type stateWriter struct {
	path    string
	ch      chan stateItem
	last    []byte // last state offered, ticks cleared, to skip unchanged ones
	seq     int    // sequence of the last state offered or flushed
	written int    // sequence of the state on disk, under mu
	wg      sync.WaitGroup
	mu      sync.Mutex // serialises writes
}

type stateItem struct {
	seq int
	b   []byte
}

func newStateWriter(path string) *stateWriter {
	w := &stateWriter{path: path, ch: make(chan stateItem, 1)}
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		for it := range w.ch {
			w.write(it)
		}
	}()
	return w
}

// offer queues st if it differs from the last one in more than the clock,
// replacing any state not yet written.
func (w *stateWriter) offer(st State) {
	key := st
	key.Ticks = 0
	kb, _ := json.Marshal(key)
	if bytes.Equal(kb, w.last) {
		return
	}
	w.last = kb
	b, _ := json.Marshal(st)
	w.seq++
	it := stateItem{w.seq, b}
	for {
		select {
		case w.ch <- it:
			return
		default:
			select { // drop the stale state waiting in the channel
			case <-w.ch:
			default:
			}
		}
	}
}

// flush writes st now (at exit and with a screenshot, so the file matches
// the picture).
func (w *stateWriter) flush(st State) {
	b, _ := json.Marshal(st)
	w.seq++
	w.write(stateItem{w.seq, b})
}

func (w *stateWriter) stop() {
	close(w.ch)
	w.wg.Wait()
}

// write puts a state on disk unless a newer one is there already.
func (w *stateWriter) write(it stateItem) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if it.seq <= w.written {
		return
	}
	w.written = it.seq
	// Readers see the old file or the new, never half; two games writing
	// one path each use a temporary file of their own.
	atomicfile.Replace(atomicfile.OS, w.path, append(it.b, '\n'), 0o644)
}
