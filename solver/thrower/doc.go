// Package thrower is the second player of Tetris seen as a two-player game:
// the thrower chooses each piece, the placer puts it where it likes, and the
// thrower wins when the placer tops out.
//
// It holds the throwers (minimax after Kravec, the HATETRIS enemy applied to
// guideline rules, a Bastet-like one, the S/Z algorithm of Brzustowski and
// Burgiel, a kind one and a random one), all behind the engine's randomizer
// hook; the cycle detector that tells when the placer has survived for
// good, with the position key it compares (PositionKey, GameKey); the
// placer-against-thrower simulations behind kocka analyze; and Ahead, which
// works out a stateless thrower's next choice in the background while the
// placer is still moving (the window's bot against the thrower).
package thrower
