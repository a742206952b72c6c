package engine

// Attack tables: the rows of garbage a clear sends in a guideline
// multiplayer game. The base table and the back-to-back bonus are the
// "general garbage system in guideline games" of the Tetris wiki (Garbage);
// the combo table is its "Guideline Standard" column (Tetris Online Japan
// onwards; Combo); a perfect clear sends 10 rows as in Puyo Puyo Tetris.
// Mini T-spins send what the same clear without a spin sends.
var (
	attackLines = [3][5]int{
		SpinNone: {0, 0, 1, 2, 4},
		SpinMini: {0, 0, 1, 0, 0},
		SpinFull: {0, 2, 4, 6, 0},
	}
	// attackCombo is indexed by Clear.Combo; longer combos send the last.
	attackCombo = [...]int{0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5}
)

const (
	attackBackToBack   = 1
	attackPerfectClear = 10
)

// Attack is the number of garbage rows the clear sends under the tables
// above: the clear's own rows, +1 for a back-to-back difficult clear, the
// combo bonus, and 10 for a perfect clear. A lock that clears nothing sends
// nothing.
func (c Clear) Attack() int {
	if c.Lines <= 0 {
		return 0
	}
	a := attackLines[c.Spin][min(c.Lines, 4)]
	if c.BackToBack && c.Difficult() {
		a += attackBackToBack
	}
	a += attackCombo[min(max(c.Combo, 0), len(attackCombo)-1)]
	if c.PerfectClear {
		a += attackPerfectClear
	}
	return a
}
