// Package sprites makes Kocka's pictures in code: the piece palette, the
// mino skins and the text glyphs (the sound effects are package sound).
// Nothing is downloaded or read from disk at run time.
//
// Everything here is plain image.RGBA, so it is tested without
// a display; package scenes turns the atlas into one GPU image and draws
// every mino and letter of a frame from it in a few batched calls.
package sprites
