package engine

// EventKind says what happened during a tick.
type EventKind uint8

// Events, in the order they can happen within a tick.
const (
	EvSpawn    EventKind = iota // a piece entered (Piece)
	EvHold                      // the current piece went to hold (Piece = what came out)
	EvMove                      // a sideways move (Piece after it)
	EvRotate                    // a turn (Piece after it, Kick = test used)
	EvSoftDrop                  // the piece fell by soft drop (Rows)
	EvHardDrop                  // hard drop (Rows fallen)
	EvLock                      // the piece locked (Piece, Clear, Points, ClearedRows)
	EvLevelUp                   // a new level (Level)
	EvGameOver                  // the game ended (End)
)

var eventNames = [...]string{"spawn", "hold", "move", "rotate", "softdrop", "harddrop", "lock", "levelup", "gameover"}

func (k EventKind) String() string { return eventNames[k] }

// Event is one thing that happened; the fields that do not apply are zero.
type Event struct {
	Kind        EventKind
	Piece       Placed
	Kick        int
	Rows        int
	Clear       Clear
	Points      int
	ClearedRows uint64 // bit y = row y was cleared (before the rows fell)
	Level       int
	End         EndReason
}

// EndReason says why a game ended.
type EndReason uint8

// Reasons a game ends.
const (
	Playing  EndReason = iota
	BlockOut           // a new piece overlapped the stack where it spawns
	LockOut            // a piece locked wholly above the visible field
	GoalMet            // the mode's line goal was reached
	TimeUp             // the mode's time ran out (ultra)
)

var endNames = [...]string{"playing", "block out", "lock out", "goal reached", "time up"}

func (r EndReason) String() string { return endNames[r] }

// TopOut reports whether the game was lost rather than finished.
func (r EndReason) TopOut() bool { return r == BlockOut || r == LockOut }
