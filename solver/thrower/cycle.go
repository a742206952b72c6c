package thrower

import "github.com/kocka/kocka/engine"

// Cycle is what a CycleDetector reports once the game has come back to a
// state it was in before.
type Cycle struct {
	Move   int // the move after which the repeat was seen (moves count from 1)
	Start  int // the earlier move whose state came back (Move - Length)
	Length int // moves per cycle, the smallest period
	// LowRow..HighRow is the band of rows (y = 0 at the bottom) in which some
	// cell changes during the cycle; below and above it the well stays as it
	// is forever. Both are -1 when no cell changes (only the hidden state
	// cycles).
	LowRow, HighRow int
}

// CycleDetector finds the first repeat of a deterministic game's state
// without keeping the history, after Brent: it remembers the state at moves
// C, 2C, 4C, 8C, ... and compares every new state with the remembered one.
// Each move costs O(width x height) time and the detector holds two boards'
// worth of memory. If the play is periodic with period L from move P on
// (the placer survives forever), the repeat is seen L moves after the first
// save point s = C*2^i with s >= P and s >= L, and the reported length is
// exactly L: a remembered state on the cycle first comes back one period
// later.
//
// A state is the board plus a key that stands for everything else the
// future depends on (the pieces already known, the thrower's own state):
// two equal boards with different keys are not a repeat.
type CycleDetector struct {
	c         int
	move      int
	nextSave  int
	saved     []uint16 // board rows at the remembered move
	savedKey  uint64
	savedMove int
	changed   []uint16 // per row: cells that differed from saved since then
	found     bool
	cycle     Cycle
}

// NewCycleDetector returns a detector that first remembers the state after
// move c (c < 1 counts as 1). A larger c skips the opening, where the board
// never repeats, and costs nothing else.
func NewCycleDetector(c int) *CycleDetector {
	if c < 1 {
		c = 1
	}
	return &CycleDetector{c: c, nextSave: c, savedMove: -1}
}

// Observe records the state after one more move and reports whether a
// cycle has been found (now or earlier). Once found, the result stays.
func (d *CycleDetector) Observe(b *engine.Board, key uint64) bool {
	if d.found {
		return true
	}
	d.move++
	rows := b.Rows()
	if d.savedMove >= 0 && key == d.savedKey && len(rows) == len(d.saved) {
		same := true
		for y, r := range rows {
			diff := r ^ d.saved[y]
			d.changed[y] |= diff
			if diff != 0 {
				same = false
			}
		}
		if same {
			d.found = true
			d.cycle = Cycle{Move: d.move, Start: d.savedMove, Length: d.move - d.savedMove, LowRow: -1, HighRow: -1}
			for y, m := range d.changed {
				if m != 0 {
					if d.cycle.LowRow < 0 {
						d.cycle.LowRow = y
					}
					d.cycle.HighRow = y
				}
			}
			return true
		}
	} else if d.savedMove >= 0 {
		// A different key or size: the state differs; the rows still count
		// as changed where they differ.
		for y := 0; y < min(len(rows), len(d.saved)); y++ {
			d.changed[y] |= rows[y] ^ d.saved[y]
		}
	}
	if d.move == d.nextSave {
		d.saved = append(d.saved[:0], rows...)
		if cap(d.changed) < len(rows) {
			d.changed = make([]uint16, len(rows))
		}
		d.changed = d.changed[:len(rows)]
		clear(d.changed)
		d.savedKey = key
		d.savedMove = d.move
		d.nextSave *= 2
	}
	return false
}

// Found reports whether a cycle has been seen.
func (d *CycleDetector) Found() bool { return d.found }

// Cycle returns the cycle found (the zero Cycle before one is).
func (d *CycleDetector) Cycle() Cycle { return d.cycle }

// Moves is how many states have been observed.
func (d *CycleDetector) Moves() int { return d.move }

// Remembered is the move whose state is being compared against (-1 before
// the first save); for display.
func (d *CycleDetector) Remembered() int { return d.savedMove }
