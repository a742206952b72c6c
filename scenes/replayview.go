package scenes

import (
	"bytes"
	"fmt"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sprites"
)

// replaySpeeds are the playback speeds, in quarter ticks per tick: 0.25x
// to 8x.
var replaySpeeds = [...]int{1, 2, 4, 8, 16, 32}

const (
	normalSpeed = 2 // index of 1x in replaySpeeds
	// checkpointTicks is how far apart the viewer keeps snapshots of the
	// game (engine.Game.Clone), so a seek replays at most this many ticks.
	checkpointTicks = 600
	// seekStep is how far Left/Right and the << >> buttons jump.
	seekStep = 5 * 60
	// seekBudget is how long one tick may spend replaying towards a seek
	// target: a seek far into a game whose pieces come from a slow thrower
	// (no snapshots) runs over several frames instead of freezing one.
	seekBudget = 8 * time.Millisecond
)

// replayViewer plays a replay back: at 0.25x to 8x, paused, a tick at a
// time, and seeking anywhere. Engine games are deterministic, so a seek
// re-plays the inputs from the nearest snapshot before the target.
type replayViewer struct {
	*playScene
	rep     *engine.Replay
	factory engine.RandomizerFactory
	checks  []*engine.Game // checks[i]: the game at tick i*checkpointTicks; nil = not yet
	speed   int            // index in replaySpeeds
	paused  bool
	quarter int // quarter ticks owed at slow speeds
	target  int // the tick a seek is heading for, -1 = none
	entry   *ReplayEntry
	err     string // a failed export, or a replay that does not play back
}

// newReplayScene plays rep back in the viewer; m names it on screen.
func newReplayScene(c *Context, m *Mode, rep *engine.Replay) (*replayViewer, error) {
	f := withThrowers(c.ReplayFactory)
	g, err := rep.Start(f)
	if err != nil {
		return nil, err
	}
	v := &replayViewer{rep: rep, factory: f, speed: normalSpeed, target: -1}
	v.playScene = &playScene{mode: m, game: g, driver: &replayDriver{rep: rep}}
	v.subtitle = fmt.Sprintf("replay, seed %d", rep.Seed)
	v.keep()
	return v, nil
}

// newKeptReplayScene opens a game of the library.
func newKeptReplayScene(c *Context, e ReplayEntry) (*replayViewer, error) {
	rep, err := c.openReplay(e)
	if err != nil {
		return nil, err
	}
	m := replayMode(rep)
	m.Title = e.Title
	v, err := newReplayScene(c, m, rep)
	if err != nil {
		return nil, fmt.Errorf("the replay of %s does not play: %v", describeEntry(e), err)
	}
	v.entry = &e
	return v, nil
}

// Tick is the tick on screen; Len the replay's length in ticks.
func (v *replayViewer) Tick() int { return v.game.Ticks() }
func (v *replayViewer) Len() int  { return len(v.rep.Inputs) }

// keep takes a snapshot when the game stands on a checkpoint tick.
func (v *replayViewer) keep() {
	t := v.game.Ticks()
	if t%checkpointTicks != 0 {
		return
	}
	i := t / checkpointTicks
	for len(v.checks) <= i {
		v.checks = append(v.checks, nil)
	}
	if v.checks[i] == nil {
		if g, ok := v.game.Clone(); ok {
			v.checks[i] = g
		}
	}
}

// step plays one recorded tick; it reports false at the end.
func (v *replayViewer) step(c *Context, react bool) bool {
	d := v.driver.(*replayDriver)
	if v.done() {
		return false
	}
	in := d.Next(nil, v.game)
	for _, e := range v.game.Tick(in) {
		if react {
			v.react(c, e)
		}
	}
	v.keep()
	return true
}

// Seek moves to tick t (clamped to the replay): from the nearest snapshot
// at or before t, else from the start, then forward. Far seeks finish over
// the next ticks (seekBudget).
func (v *replayViewer) Seek(t int) {
	t = min(max(t, 0), v.Len())
	v.fx = effects{}
	v.quarter = 0
	if t < v.Tick() || t-v.Tick() > checkpointTicks {
		from := min(t/checkpointTicks, len(v.checks)-1)
		for from >= 0 && v.checks[from] == nil {
			from--
		}
		if from >= 0 && from*checkpointTicks > v.Tick() || t < v.Tick() {
			if from >= 0 {
				g, _ := v.checks[from].Clone()
				v.game = g
			} else {
				g, err := v.rep.Start(v.factory)
				if err != nil {
					v.err = err.Error()
					return
				}
				v.game = g
			}
			v.driver.(*replayDriver).i = v.game.Ticks()
		}
	}
	v.target = t
	v.seekOn(nil)
}

// seekOn replays towards the seek target for at most seekBudget.
func (v *replayViewer) seekOn(c *Context) {
	start := time.Now()
	for n := 0; v.target >= 0 && v.Tick() < v.target; n++ {
		if !v.step(c, false) {
			break
		}
		if n%64 == 63 && time.Since(start) > seekBudget {
			return
		}
	}
	v.target = -1
}

// Update implements Scene: the playback keys and buttons, then the ticks
// the speed asks for.
func (v *replayViewer) Update(c *Context) error {
	v.fx.step()
	if v.target >= 0 {
		v.seekOn(c)
		return nil
	}
	in := &c.In
	switch {
	case in.Menu&MenuBack != 0 || in.Pressed.Has(ActPause):
		v.leave(c)
		return nil
	case in.Menu&MenuConfirm != 0:
		v.playPause()
	case in.Menu&MenuUp != 0:
		v.speed = min(v.speed+1, len(replaySpeeds)-1)
	case in.Menu&MenuDown != 0:
		v.speed = max(v.speed-1, 0)
	case in.Menu&MenuLeft != 0:
		v.Seek(v.Tick() - seekStep)
	case in.Menu&MenuRight != 0:
		v.Seek(v.Tick() + seekStep)
	}
	for _, k := range in.Keys {
		switch k {
		case ebiten.KeyPeriod:
			v.paused = true
			v.step(c, true)
		case ebiten.KeyComma:
			v.paused = true
			v.Seek(v.Tick() - 1)
		case ebiten.KeyHome:
			v.Seek(0)
		case ebiten.KeyEnd:
			v.Seek(v.Len())
		case ebiten.KeyE:
			v.export(c)
		}
	}
	if in.Click {
		v.click(c, in.X, in.Y)
	}
	if v.paused || v.target >= 0 {
		return nil
	}
	v.quarter += replaySpeeds[v.speed]
	n := v.quarter / 4
	v.quarter %= 4
	v.quiet = v.speed > normalSpeed // fast playback would chatter
	for i := 0; i < n; i++ {
		if !v.step(c, true) {
			v.paused = true
			break
		}
	}
	return nil
}

// playPause pauses or plays on; play at the end starts again.
func (v *replayViewer) playPause() {
	if v.paused && v.done() {
		v.Seek(0)
		v.paused = false
		return
	}
	v.paused = !v.paused
}

// leave goes back to what opened the viewer (the browser, the results),
// or to the main menu when the replay was the first scene.
func (v *replayViewer) leave(c *Context) {
	if c.Stack.Len() > 1 {
		c.Stack.Pop()
		return
	}
	c.Stack.Reset(newMainMenu())
}

// export saves the replay file where the player can take it.
func (v *replayViewer) export(c *Context) {
	name := "kocka-replay-" + time.Now().Format("20060102-150405") + ".kreplay"
	if v.entry != nil {
		name = exportName(*v.entry)
	}
	exportReplay(c, name, v.rep)
}

// exportReplay writes rep through the platform's exporter and says where.
func exportReplay(c *Context, name string, rep *engine.Replay) {
	var buf bytes.Buffer
	if err := rep.Encode(&buf); err != nil {
		c.Notify("Could not export the replay: " + err.Error())
		return
	}
	if c.export == nil {
		c.Notify("Exporting needs a config folder.")
		return
	}
	where, err := c.export(name, buf.Bytes())
	if err != nil {
		c.Notify("Could not export the replay: " + err.Error())
		return
	}
	c.Notify("Replay saved to " + where)
}

// The control panel, in the left column where the call-outs go.
const (
	ctlX, ctlY, ctlW = 8, 100, 224
	ctlBtnY          = ctlY + 40
	ctlBtnW, ctlBtnH = 28, 18
)

// replayButtons are the panel's buttons, left to right, as data.
var replayButtons = [...]struct {
	label string
	do    func(v *replayViewer, c *Context)
}{
	{"|<", func(v *replayViewer, _ *Context) { v.Seek(0) }},
	{"<<", func(v *replayViewer, _ *Context) { v.Seek(v.Tick() - seekStep) }},
	{"<", func(v *replayViewer, _ *Context) { v.paused = true; v.Seek(v.Tick() - 1) }},
	{"||", func(v *replayViewer, _ *Context) { v.playPause() }},
	{">", func(v *replayViewer, c *Context) { v.paused = true; v.step(c, true) }},
	{">>", func(v *replayViewer, _ *Context) { v.Seek(v.Tick() + seekStep) }},
	{"-", func(v *replayViewer, _ *Context) { v.speed = max(v.speed-1, 0) }},
	{"+", func(v *replayViewer, _ *Context) { v.speed = min(v.speed+1, len(replaySpeeds)-1) }},
}

// click presses a panel button, or seeks on the progress bar.
func (v *replayViewer) click(c *Context, x, y int) {
	if y >= ctlY+20 && y < ctlY+34 && x >= ctlX && x < ctlX+ctlW {
		v.Seek((x - ctlX) * v.Len() / (ctlW - 1))
		return
	}
	if y >= ctlBtnY && y < ctlBtnY+ctlBtnH && x >= ctlX {
		if i := (x - ctlX) / ctlBtnW; i < len(replayButtons) {
			replayButtons[i].do(v, c)
		}
		return
	}
	if y >= ctlBtnY+ctlBtnH+4 && y < ctlBtnY+2*ctlBtnH+4 && x >= ctlX && x < ctlX+ctlW {
		v.export(c)
	}
}

// speedText is a speed as people write it.
func speedText(i int) string {
	switch q := replaySpeeds[i]; q {
	case 1:
		return "0.25x"
	case 2:
		return "0.5x"
	default:
		return fmt.Sprintf("%dx", q/4)
	}
}

// Draw implements Scene: the game, then the control panel over the
// call-out space.
func (v *replayViewer) Draw(r *draw.Renderer) {
	v.playScene.Draw(r)
	r.Panel(ctlX-4, ctlY-4, ctlW+8, 2*ctlBtnH+52, sprites.Panel, sprites.Shade(sprites.Frame, 180))
	state := speedText(v.speed)
	switch {
	case v.target >= 0:
		state = "seeking"
	case v.done():
		state = "end"
	case v.paused:
		state = "paused"
	}
	r.Text(FormatTicks(v.Tick())+" / "+FormatTicks(v.Len()), ctlX, ctlY, 1, sprites.Text)
	r.TextRight(state, ctlX+ctlW, ctlY, 1, sprites.Accent)
	r.Rect(ctlX, ctlY+24, ctlW, 6, sprites.Well)
	if n := v.Len(); n > 0 {
		r.Rect(ctlX, ctlY+24, float32(ctlW*v.Tick()/n), 6, sprites.Accent)
	}
	for i, b := range replayButtons {
		x := float32(ctlX + i*ctlBtnW)
		label := b.label
		if label == "||" && v.paused {
			label = "|>"
		}
		r.Panel(x, ctlBtnY, ctlBtnW-2, ctlBtnH, sprites.Shade(sprites.Panel, 140), sprites.Shade(sprites.Frame, 200))
		r.TextCenter(label, x+(ctlBtnW-2)/2, ctlBtnY+(ctlBtnH-sprites.GlyphH)/2, 1, sprites.Text)
	}
	ey := float32(ctlBtnY + ctlBtnH + 4)
	r.Panel(ctlX, ey, ctlW-2, ctlBtnH, sprites.Shade(sprites.Panel, 140), sprites.Shade(sprites.Frame, 200))
	r.TextCenter("Export (E)", ctlX+ctlW/2, ey+(ctlBtnH-sprites.GlyphH)/2, 1, sprites.Text)
	r.Text("Enter pause  . step  , back", ctlX, ey+ctlBtnH+4, 1, sprites.Dim)
	if v.err != "" {
		r.Text(v.err, ctlX, ey+ctlBtnH+16, 1, sprites.Danger)
	}
}
