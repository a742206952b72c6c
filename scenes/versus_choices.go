package scenes

import (
	"fmt"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/thrower"
)

// The thrower's modes: a person against the thrower, and a bot against it.
func init() {
	AddMode(Mode{Name: "versus", Title: "Versus the thrower",
		Help:  "The thrower picks every piece to beat you. How many lines can you survive?",
		Start: startVersus, Setup: func(m *Mode) Scene { return newVersusSetup(m) }})
	AddMode(Mode{Name: "botvs", Title: "Bot against thrower",
		Help:  "Watch a bot place what the thrower deals, until it loses or the boards repeat.",
		Start: startBotVersus, Setup: func(m *Mode) Scene { return newBotVersusSetup(m) }})
}

// versusChoice is one difficulty: a thrower and its depth.
type versusChoice struct {
	key, title, help string
	thrower          string // thrower.New name
	depth            int
}

// versusChoices are the difficulties, easiest first.
var versusChoices = []versusChoice{
	{"kind", "Kind", "Deals the piece that helps you most.", "kind", 1},
	{"random", "Random", "Every piece equally likely, without a bag.", "random", 0},
	{"bastet", "Bastet", "Bastet's chooser: nearly always the worst piece, sometimes the second to fourth worst.", "bastet", 0},
	{"hatetris", "HATETRIS", "The piece whose best landing is lowest, never leading back to a well it has seen.", "hatetris", 0},
	{"minimax1", "Minimax, depth 1", "The piece whose best placement scores lowest (Kravec).", "minimax", 1},
	{"minimax2", "Minimax, depth 2", "Looks a piece further: the worst piece whatever you do next.", "minimax", 2},
	{"sz", "S/Z", "Only S and Z, switching when the boards repeat: on an even width a sure loss, in the end.", "sz", 0},
}

// ThrowerNames are the throwers versus can be started against
// (--thrower, ?thrower=), easiest first.
func ThrowerNames() []string {
	out := make([]string, len(versusChoices))
	for i, ch := range versusChoices {
		out[i] = ch.key
	}
	return out
}

func versusChoiceByKey(key string) (*versusChoice, bool) {
	for i := range versusChoices {
		if versusChoices[i].key == key {
			return &versusChoices[i], true
		}
	}
	return nil, false
}

// scoreKey is the high-score table of a difficulty.
func (c *versusChoice) scoreKey() string { return "versus-" + c.key }

// newRandomizer builds the choice's thrower for a game of cfg from seed.
func (c *versusChoice) newRandomizer(cfg engine.Config, seed uint64) (*thrower.Replayable, error) {
	return thrower.NewRandomizer(c.thrower, thrower.Options{
		Preview: cfg.Preview > 0, Width: cfg.Width, Height: cfg.VisibleHeight, Seed: seed, Depth: c.depth,
	})
}

// VersusSettings are the choices of the two thrower screens, kept in
// their own blob so that the shared settings file does not change.
type VersusSettings struct {
	Thrower string `json:"thrower"` // versusChoices key, for versus
	Bot     struct {
		Thrower     string `json:"thrower"`
		Personality string `json:"personality"`
		Depth       int    `json:"depth"` // 1, or 2 with the next piece shown
		Speed       int    `json:"speed"` // index in botSpeeds
	} `json:"bot"`
}

const versusFile = "versus.json"

func defaultVersusSettings() VersusSettings {
	var v VersusSettings
	v.Thrower = "hatetris"
	v.Bot.Thrower, v.Bot.Personality, v.Bot.Depth, v.Bot.Speed = "minimax1", "kravec", 1, 4
	return v
}

// Validate checks the thrower settings.
func (v *VersusSettings) Validate() error {
	for _, k := range []string{v.Thrower, v.Bot.Thrower} {
		if _, ok := versusChoiceByKey(k); !ok {
			return fmt.Errorf("thrower %q unknown", k)
		}
	}
	if _, err := solver.PersonalityByName(v.Bot.Personality); err != nil {
		return err
	}
	if v.Bot.Depth < 1 || v.Bot.Depth > 2 {
		return fmt.Errorf("bot depth %d out of range 1..2", v.Bot.Depth)
	}
	if v.Bot.Speed < 0 || v.Bot.Speed >= len(botSpeeds) {
		return fmt.Errorf("bot speed %d out of range 0..%d", v.Bot.Speed, len(botSpeeds)-1)
	}
	return nil
}

// withThrowers extends a replay factory with the throwers, so that the
// window plays back versus games whatever factory it was given.
func withThrowers(f engine.RandomizerFactory) engine.RandomizerFactory {
	return func(name, opts string, cfg engine.Config, seed uint64) (engine.Randomizer, error) {
		if name == thrower.ReplayName || f == nil {
			return thrower.ReplayFactory(name, opts, cfg, seed)
		}
		return f(name, opts, cfg, seed)
	}
}
