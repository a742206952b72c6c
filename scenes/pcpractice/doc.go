// Package pcpractice is the logic of the game's "PC practice" mode, apart
// from drawing and input so that it is tested without a display: the
// starting fields, the state of the 7-bag as a solution-finder pattern,
// the verdict after each piece (is a 4-line perfect clear still possible
// with the pieces shown, and how likely over the pieces not yet seen) and
// a solution to show as a hint, all answered by package solver/pc.
//
// The searches run off the game loop (Worker): natively in a goroutine,
// and in the browser (GOOS=js, one thread) in slices of a few
// milliseconds per frame, so the page keeps drawing while it thinks.
package pcpractice
