package engine

// SubRows is the fixed-point unit of gravity: one row is SubRows sub-rows.
const SubRows = 1 << 16

// MaxGravity is 20G: twenty rows per tick, the whole field at once.
const MaxGravity = 20 * SubRows

// gravityByLevel holds the guideline curve, seconds per row =
// (0.8 - (level-1)*0.007)^(level-1), turned into sub-rows per 60 Hz tick,
// rounded, and capped at 20G. It is a table of integers so that every
// platform falls at the same speed (gravity_test.go checks it against the
// formula). Index 0 is unused; levels past the table use its last entry.
var gravityByLevel = [...]int{0,
	1092, 1377, 1768, 2311, 3075, 4169, 5759, 8107, 11634, 17026,
	25416, 38709, 60169, 95483, 154742, 256187, 433425, 749597, MaxGravity, MaxGravity,
}

// GravityForLevel returns the falling speed at a level in sub-rows per tick.
func GravityForLevel(level int) int {
	if level < 1 {
		level = 1
	}
	if level >= len(gravityByLevel) {
		level = len(gravityByLevel) - 1
	}
	return gravityByLevel[level]
}
