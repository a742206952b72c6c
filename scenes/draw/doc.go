// Package draw is how Kocka's window draws: a Renderer that batches every
// quad of a frame (minos, rectangles, letters) from one sprite atlas into
// one DrawTriangles call on a 640x360 logical screen scaled by a whole
// number, and the pieces of the play screen every scene shares: the board
// with its look (ghost, grid, danger, the line-clear lift), the hold box,
// the queue and the HUD's labels.
//
// It draws what it is given. It knows nothing of scenes, settings files or
// score tables; scenes draw from their own state.
package draw
