package scenes

import (
	"github.com/kocka/kocka/engine"
)

// Mode is one way to play, as listed in the main menu and accepted by
// --mode. The modes are a table: adding one (the thrower's versus mode)
// means adding a row here or calling AddMode from an init function.
type Mode struct {
	Name   string // --mode value and high-score key
	Title  string // menu label
	Help   string // one line under the menu
	ByTime bool   // high scores rank by time (races)
	Scored bool   // keeps a high-score table
	Hidden bool   // a --mode only: the menu reaches it through another row (Gobblet's sub-menu)
	// Start builds the scene that plays mode m from a seed.
	Start func(c *Context, m *Mode, seed uint64) (Scene, error)
	// Setup, when set, is the screen the menu opens to choose options
	// before Start (--mode starts at once with the saved options).
	Setup func(m *Mode) Scene
}

// New starts a game of the mode.
func (m *Mode) New(c *Context, seed uint64) (Scene, error) { return m.Start(c, m, seed) }

// Modes lists the modes in menu order.
var Modes = []Mode{
	{Name: "marathon", Title: "Marathon", Scored: true,
		Help:  "Clear 150 lines. The pieces fall faster every 10 lines.",
		Start: humanGame(engine.GoalMarathon)},
	{Name: "sprint", Title: "40-line Sprint", Scored: true, ByTime: true,
		Help:  "Clear 40 lines as fast as you can.",
		Start: humanGame(engine.GoalSprint)},
	{Name: "ultra", Title: "Ultra", Scored: true,
		Help:  "Score as much as you can in two minutes.",
		Start: humanGame(engine.GoalUltra)},
	{Name: "endless", Title: "Endless", Scored: true,
		Help:  "Marathon without a line goal: play until you top out.",
		Start: humanGame(engine.GoalNone)},
	{Name: "pc", Title: "PC practice",
		Help:  "Perfect clears of 4 lines: after each piece, can you still clear, and how likely?",
		Start: startPC, Setup: func(m *Mode) Scene { return newPCSetup(m) }},
	{Name: "bot", Title: "Watch the bot",
		Help:  "The bot plays: choose its personality and speed, and see what it considered.",
		Start: startBot, Setup: func(m *Mode) Scene { return newBotSetup(m) }},
}

// AddMode appends a mode to the menu and to --mode (for modes built in
// other files, such as versus the thrower).
func AddMode(m Mode) { Modes = append(Modes, m) }

// ModeByName finds a mode.
func ModeByName(name string) (*Mode, bool) {
	for i := range Modes {
		if Modes[i].Name == name {
			return &Modes[i], true
		}
	}
	return nil, false
}

// ModeNames lists the modes' names, for flag help and errors.
func ModeNames() []string {
	out := make([]string, len(Modes))
	for i, m := range Modes {
		out[i] = m.Name
	}
	return out
}

// humanGame starts a game of goal g played from the keyboard or gamepad.
func humanGame(g engine.Goal) func(c *Context, m *Mode, seed uint64) (Scene, error) {
	return func(c *Context, m *Mode, seed uint64) (Scene, error) {
		cfg := c.Settings.Apply(engine.ConfigFor(g))
		game, err := engine.NewGame(cfg, seed)
		if err != nil {
			return nil, err
		}
		return newPlayScene(m, game, humanDriver{}), nil
	}
}

// Driver produces the engine input for each tick: a person, the bot or a
// replay. What a driver is shows in its methods, which the scenes ask
// instead of its type.
type Driver interface {
	// Next is the input for the coming tick.
	Next(in *Frame, g *engine.Game) engine.Input
	// Person reports whether a person plays: the game pauses when the
	// window loses the focus, and a finished game goes in the high scores.
	Person() bool
	// Finished reports that the driver has no more input (a replay's
	// end, a cycle found), which ends the game.
	Finished() bool
	// Replay is the recording being played back, or nil.
	Replay() *engine.Replay
}

// humanDriver reads the held game actions. A key pressed and released
// within one tick (a quick tap, or a synthetic key event) still counts as
// held for that tick, so no tap is lost.
type humanDriver struct{}

func (humanDriver) Next(in *Frame, _ *engine.Game) engine.Input {
	return (in.Held | in.Pressed).EngineInput()
}

func (humanDriver) Person() bool           { return true }
func (humanDriver) Finished() bool         { return false }
func (humanDriver) Replay() *engine.Replay { return nil }
