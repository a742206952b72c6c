package scenes

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"syscall/js"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
)

// Browser is the App as the web page runs it: it installs window.kocka for
// the page and the browser tests, and runs the page's requests (pause when
// the tab is hidden) at the start of a tick, on the game's own goroutine,
// so JavaScript never changes the scene stack in the middle of a tick.
//
// window.kocka has:
//   - state(): the State of the last tick, plus notice (the message on
//     screen, if any) and appTicks (ticks since the start, in any scene);
//   - keys(): the KeyboardEvent.code of the first key bound to each action,
//     which the touch controls press;
//   - pause(): pause the game at the next tick, if one is being played;
//   - playReplay(text): play a replay file's content through the engine
//     and return its final state hash and whether it matches the recording,
//     then show it on screen as the Replays menu does;
//   - rejectReplay(reason): say on screen that a replay file the page
//     would not read (too large) cannot be played;
//   - replay(): a Promise of the replay file of the game on screen (null if
//     none), taken between two ticks.
//
// It calls the page's kockaDownload(name, text) to export a replay,
// kockaPickReplay() to ask for one to import, kockaControls(kind) to
// switch the touch controls between the pieces and a board game, and
// kockaTakeTaps() at each tick for the touches too quick for Ebitengine
// (kocka.js).
type Browser struct {
	*App

	pauseWanted atomic.Bool

	mu    sync.Mutex
	state []byte // JSON of the last tick's state
	keys  map[string]any
	bound KeyBindings // the bindings keys was made from

	replayWanted []js.Value     // resolve functions of replay() promises
	showReplay   *engine.Replay // to be shown from the next tick
	noticeWanted string         // a message for the screen from the page (a bad file)

	ready    bool   // kocka-ready was sent
	controls string // the on-screen controls last asked of the page
}

// NewBrowser wraps a and installs window.kocka.
func NewBrowser(a *App) *Browser {
	b := &Browser{App: a}
	b.snapshot()
	k := js.Global().Get("Object").New()
	b.export(k, "state", func([]js.Value) any {
		b.mu.Lock()
		s := string(b.state)
		b.mu.Unlock()
		return js.Global().Get("JSON").Call("parse", s)
	})
	b.export(k, "keys", func([]js.Value) any {
		b.mu.Lock()
		defer b.mu.Unlock()
		return js.ValueOf(b.keys)
	})
	b.export(k, "pause", func([]js.Value) any {
		b.pauseWanted.Store(true)
		return nil
	})
	b.export(k, "playReplay", func(args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return js.ValueOf(map[string]any{"ok": false, "error": "playReplay wants the replay file's text"})
		}
		res, rep := PlayReplayText(args[0].String(), b.opts.ReplayFactory)
		b.mu.Lock()
		if rep != nil {
			b.showReplay = rep
		} else {
			b.noticeWanted = fmt.Sprintf("That replay file cannot be played: %v", res["error"])
		}
		b.mu.Unlock()
		return js.ValueOf(res)
	})
	b.export(k, "rejectReplay", func(args []js.Value) any {
		reason := "the page could not read it"
		if len(args) == 1 && args[0].Type() == js.TypeString {
			reason = args[0].String()
		}
		b.mu.Lock()
		b.noticeWanted = "That replay file cannot be played: " + reason
		b.mu.Unlock()
		return js.ValueOf(map[string]any{"ok": false, "error": reason})
	})
	b.export(k, "replay", func([]js.Value) any {
		executor := js.FuncOf(func(_ js.Value, args []js.Value) any {
			b.mu.Lock()
			b.replayWanted = append(b.replayWanted, args[0])
			b.mu.Unlock()
			return nil
		})
		defer executor.Release() // the Promise runs it before New returns
		return js.Global().Get("Promise").New(executor)
	})
	js.Global().Set("kocka", k)
	// Replay files go out as downloads and come in through the page's file
	// picker or a drop on the page (kocka.js).
	b.ctx.export = func(name string, data []byte) (string, error) {
		f := js.Global().Get("kockaDownload")
		if f.Type() != js.TypeFunction {
			return "", errors.New("this page cannot download files")
		}
		f.Invoke(name, string(data))
		return "your downloads as " + name, nil
	}
	b.ctx.pickReplay = func() bool {
		f := js.Global().Get("kockaPickReplay")
		if f.Type() != js.TypeFunction {
			return false
		}
		f.Invoke()
		return true
	}
	return b
}

// export sets obj[name] to f; the function lives as long as the program.
func (b *Browser) export(obj js.Value, name string, f func([]js.Value) any) {
	obj.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any { return f(args) }))
}

// Update implements ebiten.Game.
func (b *Browser) Update() error {
	if b.pauseWanted.Swap(false) {
		b.pauseGame()
	}
	b.mu.Lock()
	wanted, show, note := b.replayWanted, b.showReplay, b.noticeWanted
	b.replayWanted, b.showReplay, b.noticeWanted = nil, nil, ""
	b.mu.Unlock()
	if note != "" {
		b.Notify(note)
	}
	if show != nil {
		// As the Replays menu does: the replay replaces whatever is on screen.
		if sc, err := newReplayScene(b.ctx, replayMode(show), show); err == nil {
			b.Stack.Reset(sc)
		} else {
			b.Notify(err.Error())
		}
	}
	if len(wanted) > 0 {
		text := b.replayText()
		for _, resolve := range wanted {
			resolve.Invoke(text)
		}
	}
	b.takeTaps()
	err := b.App.Update()
	b.snapshot()
	return err
}

// Draw implements ebiten.Game; the first frame tells the page the game is
// up, so it can drop the loading screen.
func (b *Browser) Draw(screen *ebiten.Image) {
	b.App.Draw(screen)
	if !b.ready {
		b.ready = true
		ev := js.Global().Get("Event").New("kocka-ready")
		js.Global().Call("dispatchEvent", ev)
	}
}

// takeTaps hands the reader the touches on the canvas that began and ended
// since the last tick (kocka.js keeps them), which Ebitengine never saw.
func (b *Browser) takeTaps() {
	f := js.Global().Get("kockaTakeTaps")
	if f.Type() != js.TypeFunction {
		return
	}
	xy := f.Invoke()
	for i := 0; i+1 < xy.Length(); i += 2 {
		b.reader.queueTap(xy.Index(i).Int(), xy.Index(i+1).Int())
	}
}

// pauseGame opens the pause menu over a game being played; anything else
// (menus, a pause already open, results) is left alone.
func (b *Browser) pauseGame() {
	if p, ok := b.Stack.Top().(pausable); ok && !p.playing().done() {
		b.Stack.Push(newPause(p.playing()))
	}
}

// replayText is the replay file of the game on the stack, or null.
func (b *Browser) replayText() any {
	for i := len(b.Stack.scenes) - 1; i >= 0; i-- {
		r, ok := b.Stack.scenes[i].(recordedScene)
		if !ok {
			continue
		}
		rec := r.recorder()
		if rec == nil {
			return js.Null()
		}
		var buf bytes.Buffer
		if err := rec.Replay().Encode(&buf); err != nil {
			return js.Null()
		}
		return buf.String()
	}
	return js.Null()
}

// snapshot keeps what window.kocka reads between ticks.
// setControls tells the page which on-screen controls the scene wants
// (kocka.js's kockaControls): "board" for a Gobblet game, where the board
// is tapped and the buttons are hint, undo and the menu, "pc" for PC
// practice (the pieces and a hint), "watch" while the bot plays (only the
// menu button), and "pieces" for everything else. It calls only when the answer changes.
func (b *Browser) setControls(st State) {
	kind := "pieces"
	switch {
	case st.Gobblet != nil:
		kind = "board"
	case st.PC != nil:
		kind = "pc" // the pieces and the hint
	case st.Watching:
		kind = "watch" // the bot plays: only the menu
	}
	if kind == b.controls {
		return
	}
	b.controls = kind
	if f := js.Global().Get("kockaControls"); f.Type() == js.TypeFunction {
		f.Invoke(kind)
	}
}

func (b *Browser) snapshot() {
	st := b.App.State()
	raw, err := json.Marshal(struct {
		State
		Notice   string `json:"notice,omitempty"`
		AppTicks int    `json:"appTicks"` // ticks since the program started, in any scene
	}{st, b.App.Notice(), b.App.Ticks})
	if err != nil {
		raw, _ = json.Marshal(map[string]string{"error": err.Error()})
	}
	b.setControls(st)
	b.mu.Lock()
	defer b.mu.Unlock()
	b.state = raw
	if b.keys == nil || b.bound != b.Settings.Keys {
		b.bound = b.Settings.Keys
		b.keys = map[string]any{}
		for a := Action(0); a < NumActions; a++ {
			b.keys[a.String()] = KeyCode(b.bound[a][0])
		}
	}
}
