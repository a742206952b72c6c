package engine

import "fmt"

// Goal is what ends a game besides topping out.
type Goal uint8

// Game modes' goals.
const (
	GoalMarathon Goal = iota // clear MarathonLines lines (0 = endless)
	GoalSprint               // clear SprintLines lines as fast as possible
	GoalUltra                // score as much as possible in UltraTicks
	GoalNone                 // play until top-out
)

// Mode goals, in lines and ticks.
const (
	MarathonLines = 150
	SprintLines   = 40
	UltraTicks    = 2 * 60 * 60 // two minutes at 60 Hz
)

var goalNames = [...]string{"marathon", "sprint", "ultra", "endless"}

func (g Goal) String() string {
	if int(g) < len(goalNames) {
		return goalNames[g]
	}
	return fmt.Sprintf("Goal(%d)", uint8(g))
}

// ParseGoal reads a goal name.
func ParseGoal(s string) (Goal, error) {
	for i, n := range goalNames {
		if s == n {
			return Goal(i), nil
		}
	}
	return 0, fmt.Errorf("unknown mode %q (want marathon, sprint, ultra or endless)", s)
}

// Config holds the rules of one game. Times are in 60 Hz ticks.
type Config struct {
	Width         int // columns (guideline 10)
	VisibleHeight int // rows shown (guideline 20); the board has BufferRows more above

	Preview int  // pieces shown in the queue, 0..6
	Hold    bool // hold allowed
	Rot180  bool // half turns allowed (SRS+ kicks)

	Randomizer RandomizerKind
	Pieces     []Piece // the piece set the randomizer deals from (nil = all seven)

	Goal       Goal
	GoalLines  int // lines for marathon (0 = endless) and sprint
	StartLevel int // 1..

	// Handling, as a player sets it.
	DAS            int // ticks a direction is held before auto-repeat
	ARR            int // ticks between auto-repeat moves; 0 = straight to the wall
	SoftDropFactor int // soft drop = gravity x factor; 0 = straight to the floor
	// DCD (DAS cut delay, as in Jstris and TETR.IO) pauses a held
	// direction's charge and auto-repeat for this many ticks after a turn,
	// a hard drop or a spawn, so a piece that just appeared or turned does
	// not fly off at once; a new press of a direction ends the pause.
	// 0 (the default) is no pause.
	DCD int

	LockDelay  int // ticks a grounded piece waits before it locks (guideline 30)
	MaxResets  int // moves/turns that reset the lock delay per piece (guideline 15)
	GravityCap int // sub-rows per tick the gravity never exceeds (0 = MaxGravity)

	// FixedGravity, when not zero, replaces the level curve (sub-rows per
	// tick); use MaxGravity for 20G modes.
	FixedGravity int
	// NoGravity turns gravity off (pieces fall only by soft and hard drop),
	// for analysis and turn-based play.
	NoGravity bool
}

// BufferRows is how many rows the board keeps above the visible field.
const BufferRows = 20

// DefaultConfig is a guideline marathon with common handling settings.
func DefaultConfig() Config {
	return Config{
		Width:          10,
		VisibleHeight:  20,
		Preview:        5,
		Hold:           true,
		Randomizer:     Bag7,
		Goal:           GoalMarathon,
		GoalLines:      MarathonLines,
		StartLevel:     1,
		DAS:            10,
		ARR:            2,
		SoftDropFactor: 20,
		LockDelay:      30,
		MaxResets:      15,
	}
}

// ConfigFor returns the default configuration for a goal.
func ConfigFor(g Goal) Config {
	c := DefaultConfig()
	c.Goal = g
	switch g {
	case GoalSprint:
		c.GoalLines = SprintLines
	case GoalUltra, GoalNone:
		c.GoalLines = 0
	}
	return c
}

// Validate reports the first setting out of range.
func (c Config) Validate() error {
	switch {
	case c.Width < 4 || c.Width > MaxWidth:
		return fmt.Errorf("width %d out of range 4..%d", c.Width, MaxWidth)
	case c.VisibleHeight < 4 || c.VisibleHeight+BufferRows > 64:
		return fmt.Errorf("visible height %d out of range 4..%d", c.VisibleHeight, 64-BufferRows)
	case c.Preview < 0 || c.Preview > 6:
		return fmt.Errorf("preview %d out of range 0..6", c.Preview)
	case c.StartLevel < 1 || c.StartLevel > 30:
		return fmt.Errorf("start level %d out of range 1..30", c.StartLevel)
	case c.DAS < 0 || c.DAS > 60:
		return fmt.Errorf("DAS %d ticks out of range 0..60", c.DAS)
	case c.ARR < 0 || c.ARR > 30:
		return fmt.Errorf("ARR %d ticks out of range 0..30", c.ARR)
	case c.DCD < 0 || c.DCD > 20:
		return fmt.Errorf("DCD %d ticks out of range 0..20", c.DCD)
	case c.SoftDropFactor < 0 || c.SoftDropFactor > 100:
		return fmt.Errorf("soft drop factor %d out of range 0..100", c.SoftDropFactor)
	case c.LockDelay < 0 || c.LockDelay > 600:
		return fmt.Errorf("lock delay %d ticks out of range 0..600", c.LockDelay)
	case c.MaxResets < 0 || c.MaxResets > 1000:
		return fmt.Errorf("move resets %d out of range 0..1000", c.MaxResets)
	case c.GoalLines < 0:
		return fmt.Errorf("goal of %d lines is negative", c.GoalLines)
	case c.FixedGravity < 0 || c.FixedGravity > MaxGravity:
		return fmt.Errorf("fixed gravity %d out of range 0..%d", c.FixedGravity, MaxGravity)
	}
	for _, p := range c.Pieces {
		if !p.Valid() {
			return fmt.Errorf("piece set holds an invalid piece %v", p)
		}
	}
	return nil
}
