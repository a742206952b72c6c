// Package persist keeps Kocka's saved data: settings, high scores and the
// last replays, as named blobs in a Store (atomically written files in the
// user's config folder natively, localStorage in the browser, memory in
// tests).
//
// The game goes through Blobs, whose in-memory copy is the truth: a save
// changes memory at once and is written in the background, so saving never
// blocks a tick and a reader never sees an older copy. A damaged blob is
// reported, kept aside as NAME.bak, and replaced by the defaults; if it
// cannot be kept aside it is never overwritten.
package persist
