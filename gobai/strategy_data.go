package gobai

import (
	_ "embed"
	"sync"

	"github.com/kocka/kocka/solver/prove/gobblet"
)

// The proven drawing strategies of Gobblet AB, made by mkstrategy from the
// certificates of `kocka prove gobblet --variant ab` (docs/gobblet.md, In
// the game, has the commands and sizes).
var (
	//go:embed ab-attacker.strategy
	abAttackerFirst []byte
	//go:embed ab-drawing.strategy
	abDrawingFirst []byte
)

var (
	strategyOnce [2]sync.Once
	strategies   [2]*Strategy
	strategyErr  [2]error
)

// ABStrategy is the embedded strategy of AB with first (gobblet.Drawing
// or gobblet.Attacker) moving first, decoded on first use.
func ABStrategy(first int) (*Strategy, error) {
	strategyOnce[first].Do(func() {
		data := abAttackerFirst
		if first == gobblet.Drawing {
			data = abDrawingFirst
		}
		strategies[first], strategyErr[first] = LoadStrategy(data)
		if strategyErr[first] == nil && strategies[first].R.First != first {
			strategies[first], strategyErr[first] = nil, errStrategyFirst
		}
	})
	return strategies[first], strategyErr[first]
}
