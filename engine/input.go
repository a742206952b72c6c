package engine

import "strings"

// Input is the set of buttons held during one tick. The engine sees presses
// and releases by comparing with the previous tick, so a person, the bot
// and a replay all drive the game the same way: one Input per tick.
type Input uint8

// Buttons.
const (
	InLeft Input = 1 << iota
	InRight
	InSoftDrop
	InHardDrop
	InRotateCW
	InRotateCCW
	InRotate180
	InHold
)

var inputNames = [8]string{"left", "right", "soft", "hard", "cw", "ccw", "180", "hold"}

// Has reports whether every button of b is held.
func (in Input) Has(b Input) bool { return in&b == b && b != 0 }

func (in Input) String() string {
	var parts []string
	for i, n := range inputNames {
		if in&(1<<uint(i)) != 0 {
			parts = append(parts, n)
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "+")
}
