package soak

import (
	"fmt"

	"github.com/kocka/kocka/engine"
)

// checkedBag deals from the game's own randomizer and checks, for the 7-bag,
// that every aligned run of seven pieces holds each kind once. It is
// replayable under its own name, so replays rebuild the same deal.
type checkedBag struct {
	inner engine.Randomizer
	isBag bool
	run   [engine.L + 1]int
	dealt int
	err   string
}

const checkedBagName = "soak-checked"

func newCheckedBag(cfg engine.Config, seed uint64) *checkedBag {
	r, err := engine.NewRandomizer(cfg.Randomizer, seed, cfg.Pieces)
	if err != nil {
		panic(err) // the config was validated
	}
	return &checkedBag{inner: r, isBag: (cfg.Randomizer == engine.Bag7 || cfg.Randomizer == "") && len(cfg.Pieces) == 0}
}

func (c *checkedBag) Next(view *engine.Game) engine.Piece {
	p := c.inner.Next(view)
	c.run[p]++
	c.dealt++
	if c.isBag && c.dealt%7 == 0 {
		for _, k := range engine.Pieces {
			if c.run[k] != 1 && c.err == "" {
				c.err = fmt.Sprintf("the bag ending at piece %d dealt %v %d times", c.dealt, k, c.run[k])
			}
		}
		c.run = [engine.L + 1]int{}
	}
	return p
}

func (c *checkedBag) Fingerprint() uint64 { return c.inner.Fingerprint() }

func (c *checkedBag) ReplaySpec() (string, string) { return checkedBagName, "" }

// ReplayFactory rebuilds the checked bag when a soak replay is played
// (kocka replay uses it for the replays in failure dumps).
func ReplayFactory(name, _ string, cfg engine.Config, seed uint64) (engine.Randomizer, error) {
	if name != checkedBagName {
		return nil, fmt.Errorf("soak: unknown randomizer %q", name)
	}
	return newCheckedBag(cfg, seed), nil
}
