// Package sprites makes Kocka's pictures and sounds in code: the piece
// palette, the mino skins, the text glyphs and the sound effects. Nothing is
// downloaded or read from disk at run time.
//
// Everything here is plain image.RGBA and PCM bytes, so it is tested without
// a display; package scenes turns the atlas into one GPU image and draws
// every mino and letter of a frame from it in a few batched calls.
package sprites
