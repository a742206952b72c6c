package scenes

import (
	"bytes"
	"strings"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/persist"
	"github.com/kocka/kocka/sound"
)

// Context is all a scene gets of the App while it updates: this tick's
// input, the scene stack, the player's settings and scores and the other
// saved data, sound, messages on screen and seeds for new games. Drawing
// gets none of it (Scene.Draw has only the renderer); a scene draws from
// what it kept while updating.
type Context struct {
	In       Frame
	Stack    *Stack
	Settings *Settings // changes to sound and window settings apply after the tick
	Scores   *Scores

	// Personality overrides the bot's saved personality (--personality).
	Personality string
	// Thrower overrides the saved thrower of versus (--thrower, ?thrower=)
	// until the player chooses one on the difficulty screen.
	Thrower string
	// ReplayFactory rebuilds randomizers that are not built in.
	ReplayFactory engine.RandomizerFactory

	blobs  *persist.Blobs
	sound  Sounder
	notice *notice
	seeds  *seeds
	quit   bool

	replays *ReplayIndex // the replay library's index, read by NewApp
	// export saves a replay file where the player can take it (the
	// config folder's replays/, a download in the browser) and says where.
	export func(name string, data []byte) (string, error)
	// pickReplay asks the page for a replay file to watch (the browser's
	// file picker); nil natively, where --replay FILE does it.
	pickReplay func() bool
}

// Play plays a sound effect.
func (c *Context) Play(e sound.Effect) { c.sound.Play(e) }

// Notify shows a message on screen for a few seconds (and logs it).
func (c *Context) Notify(msg string) { c.notice.show(msg) }

// NewSeed returns the seed for the next game.
func (c *Context) NewSeed() uint64 { return c.seeds.next() }

// Quit ends the program after this tick.
func (c *Context) Quit() { c.quit = true }

// SaveSettings stores the settings.
func (c *Context) SaveSettings() { c.saveJSON(settingsFile, c.Settings) }

// SaveScores stores the high-score tables.
func (c *Context) SaveScores() { c.saveJSON(scoresFile, c.Scores) }

func (c *Context) saveJSON(name string, v any) {
	if err := c.blobs.SaveJSON(name, v); err != nil {
		c.Notify(err.Error())
	}
}

// versusSettings reads the thrower settings (defaults when there are none
// or they are damaged; a damaged blob is kept aside, and reported once).
func (c *Context) versusSettings() VersusSettings {
	v := defaultVersusSettings()
	if n := c.blobs.LoadJSON(versusFile, &v, func() { v = defaultVersusSettings() }); n != "" {
		c.Notify(n)
	}
	return v
}

func (c *Context) saveVersusSettings(v VersusSettings) { c.saveJSON(versusFile, &v) }

// saveReplay keeps rep as the last replay of mode, if it is no longer
// than the library keeps (keepReplay says so on screen when it is not).
func (c *Context) saveReplay(mode string, rep *engine.Replay) {
	var buf bytes.Buffer
	if err := rep.Encode(&buf); err != nil {
		c.Notify("Could not encode the replay: " + err.Error())
		return
	}
	if buf.Len() > MaxKeptReplayBytes {
		return
	}
	c.blobs.Save(replayName(mode), buf.Bytes())
}

// loadReplay reads the last replay of a mode.
func (c *Context) loadReplay(mode string) (*engine.Replay, error) {
	raw, err := c.blobs.Load(replayName(mode))
	if err != nil {
		return nil, err
	}
	return engine.DecodeReplay(bytes.NewReader(raw))
}

// notice is the message on screen, if any.
type notice struct {
	msg   string
	ticks int
	log   func(string)
}

// noticeTicks is how long a message stays; a newer one within its first
// noticeJoin ticks is added to it rather than replacing it, so that
// messages of one moment (the notices of several damaged files at start,
// a batch of save errors) are all seen, up to noticeMax bytes.
const (
	noticeTicks = 6 * 60
	noticeJoin  = 60
	noticeMax   = 1000
)

func (n *notice) show(msg string) {
	if n.log != nil {
		n.log(msg)
	}
	switch {
	case n.msg != "" && strings.Contains(n.msg, msg):
		// Already on screen: shown for longer.
	case n.msg != "" && n.ticks > noticeTicks-noticeJoin && len(n.msg)+1+len(msg) <= noticeMax:
		n.msg += " " + msg
	default:
		n.msg = msg
	}
	n.ticks = noticeTicks
}

// step counts the message down.
func (n *notice) step() {
	if n.ticks > 0 {
		n.ticks--
		if n.ticks == 0 {
			n.msg = ""
		}
	}
}

// seeds are the games' seeds: the --seed flag for the first game, then
// fresh ones.
type seeds struct {
	first    uint64
	firstSet bool
	state    uint64
}

func (s *seeds) next() uint64 {
	if s.firstSet {
		s.firstSet = false
		return s.first
	}
	s.state = s.state*6364136223846793005 + 1442695040888963407
	return s.state >> 16
}
