package thrower

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// ReplayName is the randomizer name a replay records for a game whose
// pieces a thrower chose; ReplayFactory rebuilds it.
const ReplayName = "thrower"

// Replayable is the Randomizer adapter of a thrower built by New: it
// remembers the name and options, so that a recorded game names its piece
// source (engine.ReplayableRandomizer) and ReplayFactory rebuilds the same
// thrower, which deals the same pieces to the same inputs.
type Replayable struct {
	Randomizer
	Name    string
	Options Options
}

// NewRandomizer builds thrower name with options o behind the engine's
// randomizer hook, ready to be recorded.
func NewRandomizer(name string, o Options) (*Replayable, error) {
	t, err := New(name, o)
	if err != nil {
		return nil, err
	}
	return &Replayable{Randomizer: Randomizer{T: t}, Name: name, Options: o}, nil
}

// ReplaySpec implements engine.ReplayableRandomizer.
func (r *Replayable) ReplaySpec() (name, options string) {
	return ReplayName, FormatSpec(r.Name, r.Options)
}

// MaxReplayDepth is the deepest minimax a replay may ask for: the deepest
// the game offers (minimax2 in the versus menu). A replay file is input
// from outside, and each level deeper multiplies the work of every piece
// it deals: with the next piece shown, depth 2 takes about 0.1 s a piece,
// depth 3 seconds, depth 4 minutes.
const MaxReplayDepth = 2

// ReplayFactory rebuilds a thrower from a replay (engine.RandomizerFactory).
// The options string carries everything the thrower depends on, its seed
// included, so the game's config and seed are not consulted.
func ReplayFactory(name, options string, _ engine.Config, _ uint64) (engine.Randomizer, error) {
	if name != ReplayName {
		return nil, fmt.Errorf("thrower: unknown randomizer %q", name)
	}
	tn, o, err := ParseSpec(options)
	if err != nil {
		return nil, err
	}
	return NewRandomizer(tn, o)
}

// FormatSpec writes a thrower's name and options as space-separated
// key=value pairs, with the keys of the analysis grid files:
// "thrower=minimax pieces=all preview=off width=10 height=20 seed=0
// depth=2 function=kravec model=full".
func FormatSpec(name string, o Options) string {
	return fmt.Sprintf("thrower=%s pieces=%s preview=%s width=%d height=%d seed=%d depth=%d function=%s model=%s",
		name, PiecesString(o.Pieces), onOff(o.Preview), o.Width, o.Height, o.Seed, o.Depth, o.Personality, o.Model)
}

// ParseSpec reads what FormatSpec writes. Every key must be known and the
// thrower named; missing keys keep the zero Options.
func ParseSpec(s string) (name string, o Options, err error) {
	for _, f := range strings.Fields(s) {
		k, v, ok := strings.Cut(f, "=")
		if !ok {
			return "", Options{}, fmt.Errorf("thrower spec: %q is not key=value", f)
		}
		if err := setOption(&name, &o, k, v); err != nil {
			return "", Options{}, fmt.Errorf("thrower spec: %w", err)
		}
	}
	if name == "" {
		return "", Options{}, fmt.Errorf("thrower spec %q: no thrower= name", s)
	}
	return name, o, nil
}

func setOption(name *string, o *Options, k, v string) error {
	atoi := func() (int, error) {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1<<16 {
			return 0, fmt.Errorf("%s: %q is not a small number", k, v)
		}
		return n, nil
	}
	var err error
	switch k {
	case "thrower":
		*name = v
	case "pieces":
		o.Pieces, err = ParsePieces(v)
	case "preview":
		o.Preview, err = ParsePreview(v)
	case "width":
		if o.Width, err = atoi(); err == nil && o.Width != 0 && (o.Width < 4 || o.Width > engine.MaxWidth) {
			err = fmt.Errorf("width %d out of range 4..%d", o.Width, engine.MaxWidth)
		}
	case "height":
		if o.Height, err = atoi(); err == nil && o.Height != 0 && (o.Height < 4 || o.Height+engine.BufferRows > 64) {
			err = fmt.Errorf("height %d out of range 4..%d", o.Height, 64-engine.BufferRows)
		}
	case "seed":
		o.Seed, err = strconv.ParseUint(v, 10, 64)
	case "depth":
		// A replay file is untrusted: a deep search would hang the game.
		if o.Depth, err = atoi(); err == nil && o.Depth > MaxReplayDepth {
			err = fmt.Errorf("depth %d: more than %d", o.Depth, MaxReplayDepth)
		}
	case "function":
		o.Personality = v
	case "model":
		o.Model, err = solver.ParseMode(v)
	default:
		return fmt.Errorf("unknown key %q", k)
	}
	return err
}
