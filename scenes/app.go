package scenes

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/persist"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

// Options start the window in a given way; play.go fills them from flags.
type Options struct {
	Mode        string // "title" or a mode name
	Seed        uint64
	SeedSet     bool   // Seed was given; otherwise each game takes a new seed
	Personality string // the bot's personality for bot mode
	Thrower     string // versus: the thrower (ThrowerNames), overriding the saved one

	Screenshot string // save the screen to this PNG after Frames ticks, then quit
	Frames     int
	ShotDir    string // F12 saves screenshots here ("" = F12 does nothing)
	ExportDir  string // exported replays go here ("" = no export)
	StateFile  string // write the game state here as JSON for tests

	// Replay, when set, is played back instead of starting Mode;
	// ReplayFactory rebuilds randomizers that are not built in.
	Replay        *engine.Replay
	ReplayFactory engine.RandomizerFactory

	// OneTickPerFrame runs one tick per Update whatever the time (tests
	// with --fast); otherwise the App keeps 60 ticks per second of real
	// time (tickClock) and Ebitengine must call Update once per frame
	// (ebiten.SetTPS(ebiten.SyncWithFPS)).
	OneTickPerFrame bool

	Store persist.Store // where settings, scores and replays live
	Sound Sounder       // nil = silent
	Log   func(string)
}

// Sounder plays effects and music; it must never block.
type Sounder interface {
	Play(e sound.Effect)
	SetVolume(v float64)      // effects, 0..1; 0 mutes
	SetMusicVolume(v float64) // music, 0..1; 0 stops it
}

// silence is the Sounder without a sound device (--no-sound, tests): no
// effects and no music.
type silence struct{}

func (silence) Play(sound.Effect)      {}
func (silence) SetVolume(float64)      {}
func (silence) SetMusicVolume(float64) {}

// App is the whole game window: it implements ebiten.Game and owns the
// scene stack, the settings and the high scores. Step holds the logic and
// runs without a display; scenes see the App only through a Context.
type App struct {
	Stack    Stack
	Settings Settings
	Scores   Scores
	Ticks    int // ticks since start

	opts   Options
	sound  Sounder
	blobs  *persist.Blobs // the saved data; its memory is the truth
	ctx    *Context
	notice notice
	seeds  seeds
	volume float64 // the effects volume last given to sound, -1 = none yet
	music  float64 // the music volume last given to sound, -1 = none yet

	reader   Reader
	renderer *draw.Renderer
	layout   struct {
		scale  float32 // window pixels per logical pixel, 0 before the first Draw
		ox, oy int     // where logical (0, 0) is in the window
	}
	shot    bool // screenshot taken
	shotKey bool // F12 was pressed: save a screenshot at the next Draw
	focused bool // the window had the focus last tick
	showFPS bool // F3: frames and ticks per second in a corner
	clock   tickClock
	pending Frame      // input of frames in which no tick was due
	repeat  menuRepeat // held menu buttons, counted in ticks
	toast   toast
	shots   chan string // F12 results from the writer goroutines
	state   *stateWriter
	window  struct {
		scale      int
		fullscreen bool
	}
}

// NewApp loads the settings and scores and puts the first scene on the
// stack. A damaged settings or scores file is reported as a notice.
func NewApp(o Options) (*App, error) {
	a := &App{opts: o, sound: o.Sound, volume: -1, music: -1, shots: make(chan string, 8)}
	store := o.Store
	if store == nil {
		store = &persist.MemStore{}
	}
	a.blobs = persist.New(store)
	a.blobs.Check(replayExt, validReplay)
	if a.sound == nil {
		a.sound = silence{}
	}
	a.notice.log = o.Log
	a.seeds = seeds{first: o.Seed, firstSet: o.SeedSet, state: uint64(time.Now().UnixNano())}
	a.ctx = &Context{Stack: &a.Stack, Settings: &a.Settings, Scores: &a.Scores,
		Personality: o.Personality, Thrower: o.Thrower, ReplayFactory: o.ReplayFactory,
		blobs: a.blobs, sound: a.sound, notice: &a.notice, seeds: &a.seeds}
	if o.ExportDir != "" {
		a.ctx.export = exportToDir(o.ExportDir)
	}
	a.Settings = DefaultSettings()
	if n := a.blobs.LoadJSON(settingsFile, &a.Settings, func() { a.Settings = DefaultSettings() }); n != "" {
		a.Notify(n)
	}
	if n := a.blobs.LoadJSON(scoresFile, &a.Scores, func() { a.Scores = Scores{} }); n != "" {
		a.Notify(n)
	}
	a.ctx.loadReplayIndex()
	a.applySound()
	if o.StateFile != "" {
		a.state = newStateWriter(o.StateFile)
	}
	first, err := a.firstScene()
	if err != nil {
		return nil, err
	}
	a.Stack.Push(first)
	a.prepare()
	return a, nil
}

func (a *App) firstScene() (Scene, error) {
	if a.opts.Replay != nil {
		return newReplayScene(a.ctx, replayMode(a.opts.Replay), a.opts.Replay)
	}
	if a.opts.Mode == "" || a.opts.Mode == "title" {
		return newTitle(), nil
	}
	m, ok := ModeByName(a.opts.Mode)
	if !ok {
		return nil, fmt.Errorf("unknown mode %q (want title or one of %v)", a.opts.Mode, ModeNames())
	}
	return m.New(a.ctx, a.ctx.NewSeed())
}

// Blob names in the Store.
const (
	settingsFile = "settings.json"
	scoresFile   = "scores.json"
)

// Notify shows a message on screen for a few seconds (and logs it).
func (a *App) Notify(msg string) { a.notice.show(msg) }

// Notice is the message on screen, if any.
func (a *App) Notice() string { return a.notice.msg }

// SaveSettings stores the settings and applies them.
func (a *App) SaveSettings() {
	a.applySettings()
	a.ctx.SaveSettings()
}

// SaveScores stores the high-score table.
func (a *App) SaveScores() { a.ctx.SaveScores() }

// applySettings puts the sound and window settings into effect; it runs
// after every tick, so a change in a menu is heard and seen at once.
func (a *App) applySettings() {
	a.applySound()
	if a.window.scale != 0 {
		a.applyWindow()
	}
}

func (a *App) applySound() {
	v, m := float64(a.Settings.Volume)/10, float64(a.Settings.Music)/10
	if a.Settings.Mute {
		v, m = 0, 0
	}
	if v != a.volume {
		a.volume = v
		a.sound.SetVolume(v)
	}
	if m != a.music {
		a.music = m
		a.sound.SetMusicVolume(m)
	}
}

// Step runs one tick with the given input: the whole game logic, without
// touching the display.
func (a *App) Step(f Frame) error {
	a.ctx.In = f
	a.Ticks++
	if slices.Contains(f.Keys, ebiten.KeyF11) { // fullscreen, in any scene
		a.Settings.Fullscreen = !a.Settings.Fullscreen
		a.ctx.SaveSettings()
	}
	a.saveErrors()
	a.notice.step()
	a.toast.step()
	a.shotResults()
	if err := a.Stack.Update(a.ctx); err != nil {
		return err
	}
	a.applySettings()
	a.prepare()
	if a.state != nil {
		a.state.offer(a.State())
	}
	if a.ctx.quit || a.Stack.Len() == 0 {
		return ebiten.Termination
	}
	return nil
}

// preparer is a scene that copies what it draws from the Context (menu
// values, score tables) after each tick, since Draw gets no Context.
type preparer interface{ prepare(c *Context) }

// prepare lets the visible scenes copy what they will draw.
func (a *App) prepare() {
	for _, sc := range a.Stack.Visible() {
		if p, ok := sc.(preparer); ok {
			p.prepare(a.ctx)
		}
		if m, ok := sc.(menuScene); ok {
			m.menuOf().prepare(a.ctx)
		}
	}
}

// Update implements ebiten.Game.
func (a *App) Update() error {
	if a.shot {
		return ebiten.Termination
	}
	if a.window.scale == 0 { // first tick: the window exists now
		a.applyWindow()
	}
	if focused := ebiten.IsFocused(); a.focused && !focused {
		a.FocusLost()
	} else {
		a.focused = focused
	}
	f := a.reader.Read(&a.Settings.Keys, a.toLogical)
	if slices.Contains(f.Keys, ebiten.KeyF12) {
		a.shotKey = true
	}
	if slices.Contains(f.Keys, ebiten.KeyF3) {
		a.showFPS = !a.showFPS
	}
	return a.frame(f, time.Now())
}

// frame runs the ticks due in a frame drawn at now, with its input.
func (a *App) frame(f Frame, now time.Time) error {
	n := 1
	switch {
	case a.opts.Screenshot != "":
		// A screenshot run skips ahead: up to 60 ticks per frame until the
		// tick of the picture. Everything on screen is a function of ticks,
		// so the picture is the one the frame-by-frame run would take.
		n = min(60, max(1, a.opts.Frames-a.Ticks))
	case !a.opts.OneTickPerFrame:
		n = a.clock.due(now)
	}
	a.clock.count(n, now)
	mergeFrame(&a.pending, f)
	if n == 0 {
		return nil
	}
	f, a.pending = a.pending, Frame{}
	for i := 0; i < n; i++ {
		a.repeat.tick(&f)
		changes := a.Stack.Changes()
		if err := a.Step(f); err != nil {
			return err
		}
		if a.Stack.Changes() != changes {
			// A button held into a new screen (pushed, popped or swapped
			// in after a fade) does not repeat there until it is
			// released: Enter held a moment too long on the title must
			// not also choose the menu's first row.
			a.repeat.holdOff()
		}
		f.Pressed, f.Menu, f.Keys, f.Click = 0, 0, nil, false // presses count once
	}
	return nil
}

// applyWindow puts the window scale and fullscreen settings into effect
// when they change. The first call (the first tick, once the window exists)
// only notes how the window was opened, by flags or by these settings.
func (a *App) applyWindow() {
	s := a.Settings
	if a.window.scale == 0 {
		a.window.scale, a.window.fullscreen = s.Scale, ebiten.IsFullscreen()
		return
	}
	if s.Scale != a.window.scale {
		ebiten.SetWindowSize(ScreenW*s.Scale, ScreenH*s.Scale)
	}
	if s.Fullscreen != a.window.fullscreen {
		ebiten.SetFullscreen(s.Fullscreen)
	}
	a.window.scale, a.window.fullscreen = s.Scale, s.Fullscreen
}

func (a *App) toLogical(x, y int) (int, int) {
	l := a.layout
	if l.scale == 0 {
		return x, y
	}
	return int(math.Floor(float64(float32(x-l.ox) / l.scale))), int(math.Floor(float64(float32(y-l.oy) / l.scale)))
}

// FocusLost pauses a person's game when the window loses the focus (or
// the browser tab is hidden), so no piece falls unseen.
func (a *App) FocusLost() {
	a.focused = false
	if p, ok := a.Stack.Top().(pausable); ok && !a.Stack.Transitioning() {
		if play := p.playing(); play != nil && !play.done() && play.driver.Person() {
			a.Stack.Push(newPause(play))
		}
	}
}

// Layout implements ebiten.Game: the screen has the window's real pixels,
// and Draw fits the logical screen inside it (fit).
func (a *App) Layout(w, h int) (int, int) {
	s := ebiten.Monitor().DeviceScaleFactor()
	return int(float64(w) * s), int(float64(h) * s)
}

// Draw implements ebiten.Game.
func (a *App) Draw(screen *ebiten.Image) {
	if a.renderer == nil {
		a.renderer = draw.NewRenderer(sprites.NewAtlas())
	}
	w, h := screen.Bounds().Dx(), screen.Bounds().Dy()
	x0, x1 := a.portraitSpan(w, h)
	a.layout.scale, a.layout.ox, a.layout.oy = fit(w, h, x0, x1)
	screen.Fill(draw.Letterbox)
	r := a.renderer
	r.BeginScaled(screen, a.layout.scale, a.layout.ox, a.layout.oy)
	a.drawScenes(r)
	if a.showFPS {
		msg := fmt.Sprintf("%.0f fps %.0f ticks/s %d quads", ebiten.ActualFPS(), a.clock.rate, r.Batched())
		r.Rect(ScreenW-float32(sprites.TextWidth(msg))-8, ScreenH-18, float32(sprites.TextWidth(msg))+8, 18, draw.Alpha(sprites.Well, 0.8))
		r.TextRight(msg, ScreenW-4, ScreenH-17, 1, sprites.Good)
	}
	r.Flush()
	if a.shotKey {
		a.shotKey = false
		a.keyShot(screen)
	}
	if a.opts.Screenshot != "" && !a.shot && a.Ticks >= a.opts.Frames {
		a.shot = true
		if err := a.saveScreenshot(screen); err != nil && a.opts.Log != nil {
			a.opts.Log(err.Error())
		}
	}
}

// drawLogical draws the current frame with r at scale 1 (tests,
// benchmarks).
func (a *App) drawLogical(r *draw.Renderer, dst *ebiten.Image) {
	r.Begin(dst, 1, 0, 0)
	a.drawScenes(r)
	r.Flush()
}

// drawScenes draws the visible scenes, the fade and the notice. The
// renderer gets the player's looks and the clock, and nothing else.
func (a *App) drawScenes(r *draw.Renderer) {
	s := &a.Settings
	r.Looks, r.Tick = draw.Looks{Skin: s.Skin, Ghost: s.Ghost, Grid: s.Grid}, a.Ticks
	for _, sc := range a.Stack.Visible() {
		sc.Draw(r)
	}
	if d := a.Stack.Darkness(); d > 0 {
		r.Rect(0, 0, ScreenW, ScreenH, draw.Alpha(sprites.Background, d))
	}
	if n := a.notice; n.msg != "" {
		r.Notice(n.msg, min(1, float32(n.ticks)/30))
	}
	a.toast.draw(r)
}

// saveErrors shows the errors of background saves.
func (a *App) saveErrors() {
	for _, err := range a.blobs.Errors() {
		msg := err.Error()
		a.Notify(strings.ToUpper(msg[:1]) + msg[1:]) // a sentence on screen
	}
}

// FlushSaves waits for the background saves and shows their errors.
func (a *App) FlushSaves() {
	a.blobs.Flush()
	a.saveErrors()
}

// Close finishes the saves and the state file; call it after RunGame
// returns.
func (a *App) Close() {
	a.blobs.Close()
	if a.state != nil {
		a.state.flush(a.State())
		a.state.stop()
	}
}
