// Package prove solves finite two-player games given through the Game
// interface.
//
//   - Retrograde enumerates the states reachable from the start (canonical
//     forms under the game's symmetries) and decides them from the ends
//     backwards: the value for the side to move (2-bit packed) and the
//     distance to the end.
//   - Prove (depth first, with a transposition table) and Grow (breadth
//     first, Bureš's Algorithm 1 with the strategy repaired where it fails)
//     prove that one player, the drawing player, avoids losing: one chosen
//     move at the drawing player's states, every move at the other's.
//     Either returns a certificate: the states of the proof, or, when the
//     drawing player cannot avoid losing, a ranked win certificate for the
//     other side.
//   - Check verifies a certificate from the rules alone, without the search
//     that made it; certificates and search checkpoints are files with a
//     CRC-32.
//   - DFPN looks for the attacker's forced win by depth-first proof-number
//     search with a transposition table, and hands a disproof to Grow.
//   - ShortestWin finds the shortest forced win by a deepening bounded
//     search.
//
// A position that can repeat forever is a draw unless one side can force
// the play out of the cycle into a win: retrograde analysis leaves exactly
// those states undecided, and the proofs are of a safety property (the
// drawing player never reaches a lost position), so a strategy that cycles
// forever counts as not losing.
//
// The package is pure Go with the standard library only; the games live in
// sub-packages: tictactoe, gobblet (Gobblet and Gobblet Gobblers) and well
// (a small Tetris well, the placer against the thrower). Package gobblers
// solves Gobblet Gobblers whole with its own dense table and unmove
// generator, for a game too large for Retrograde's edge lists.
package prove
