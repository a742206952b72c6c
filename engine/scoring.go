package engine

import "fmt"

// Spin is the T-spin kind of a lock.
type Spin uint8

// T-spin kinds.
const (
	SpinNone Spin = iota
	SpinMini
	SpinFull
)

var spinNames = [...]string{"none", "mini", "full"}

func (s Spin) String() string {
	if int(s) < len(spinNames) {
		return spinNames[s]
	}
	return fmt.Sprintf("Spin(%d)", uint8(s))
}

// actionPoints is the guideline scoring table, points at level 1 by spin
// kind and lines cleared; multiplied by the level.
var actionPoints = [3][5]int{
	SpinNone: {0, 100, 300, 500, 800},
	SpinMini: {100, 200, 400, 0, 0},
	SpinFull: {400, 800, 1200, 1600, 0},
}

// perfectClearPoints is the guideline perfect-clear bonus by lines cleared;
// a back-to-back tetris perfect clear scores perfectClearB2BTetris instead.
var perfectClearPoints = [5]int{0, 800, 1200, 1800, 2000}

const perfectClearB2BTetris = 3200

// Points for dropping, per row.
const (
	SoftDropPoints = 1
	HardDropPoints = 2
	ComboPoints    = 50 // x combo count x level
)

// Clear describes what one lock did.
type Clear struct {
	Lines        int  // rows removed
	Spin         Spin // T-spin kind
	BackToBack   bool // this clear continued a back-to-back chain
	EndsChain    bool // this clear ended a back-to-back chain: an easy clear after a difficult one
	Combo        int  // consecutive clearing locks before this one (0 for the first)
	PerfectClear bool // the board is empty afterwards
}

// Difficult reports whether the clear keeps or starts a back-to-back chain:
// a tetris, or any T-spin that clears lines (guideline).
func (c Clear) Difficult() bool {
	return c.Lines == 4 || (c.Lines > 0 && c.Spin != SpinNone)
}

// Name is the clear's call-out, such as "T-Spin Double" or "Tetris".
func (c Clear) Name() string {
	lines := [...]string{"", "Single", "Double", "Triple", "Tetris"}
	switch c.Spin {
	case SpinFull:
		if c.Lines == 0 {
			return "T-Spin"
		}
		return "T-Spin " + lines[min(c.Lines, 3)]
	case SpinMini:
		if c.Lines == 0 {
			return "Mini T-Spin"
		}
		return "Mini T-Spin " + lines[min(c.Lines, 3)]
	}
	if c.Lines == 0 || c.Lines > 4 {
		return ""
	}
	return lines[c.Lines]
}

// Points is the score of the clear at a level: the action's points, the
// back-to-back bonus (half as much again), the combo bonus and the
// perfect-clear bonus, all times the level.
func (c Clear) Points(level int) int {
	lines := min(c.Lines, 4)
	p := actionPoints[c.Spin][lines]
	if c.BackToBack && c.Difficult() {
		p = p * 3 / 2
	}
	if c.Lines > 0 {
		p += ComboPoints * c.Combo
	}
	if c.PerfectClear {
		if c.BackToBack && lines == 4 {
			p += perfectClearB2BTetris
		} else {
			p += perfectClearPoints[lines]
		}
	}
	return p * level
}
