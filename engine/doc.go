// Package engine holds Kocka's rules: the playfield, the seven pieces, SRS
// rotation with wall kicks, gravity, lock delay, hold, the preview queue, the
// randomizers, T-spin detection, scoring and the game modes' goals.
//
// The engine is pure: no drawing, no clock, no files and no global mutable
// state. Time advances only through Game.Tick, one call per 60th of a second,
// and every quantity is an integer, so the same seed and the same inputs give
// the same game natively, in the browser and in a replay.
//
// Coordinates: x grows to the right from 0, y grows upwards from 0 at the
// bottom row, as in the SRS tables.
package engine
