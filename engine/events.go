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
	EvLock                      // the piece locked (Piece, Clear, Points, ClearedRows, Cleared)
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
	// Cleared holds the first Clear.Lines entries: the rows a lock removed,
	// bottom first, as they were with the piece in them, so that a line-clear
	// animation needs no copy of the board from before the tick.
	Cleared [MaxClear]ClearedRow
	Level   int
	End     EndReason
}

// MaxClear is the most rows one lock can clear: a piece spans four rows.
const MaxClear = 4

// ClearedRow is one row a lock removed: where it was and what filled it.
type ClearedRow struct {
	Y     int
	Cells [MaxWidth]Piece // columns 0..Width-1; the rest are None
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
