// Package prove solves finite two-player games given through the Game
// interface: retrograde analysis gives the exact value of every reachable
// state, and a depth-first AND/OR proof search proves that one player (the
// drawing player) can avoid losing, writing a certificate that Check verifies
// without the search.
//
// Values are for the side to move. A position that can repeat forever is a
// draw unless one side can force the play out of the cycle into a win:
// retrograde analysis leaves exactly those states undecided, and the proof
// search proves a safety property (the drawing player never reaches a lost
// position), so a strategy that cycles forever counts as not losing.
//
// The package is pure Go with the standard library only; the games live in
// sub-packages (tictactoe, gobblers, gobblet).
package prove
