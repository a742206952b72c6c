// Package persist keeps Kocka's saved data: settings, high scores and the
// last replays, as named blobs in a Store (atomically written files in the
// user's config folder natively, localStorage in the browser, memory in
// tests).
//
// The game goes through Blobs, whose in-memory copy is the truth: a save
// changes memory at once and is written in the background, so saving never
// blocks a tick and a reader never sees an older copy. A damaged blob is
// moved aside once as NAME.damaged-TIME and replaced by its backup
// (NAME.bak, only ever a version that passed the blob's check: every blob
// the game saves has one; for a blob saved with none, any bytes that read
// count as good) or the defaults; one that cannot be
// read or moved aside is never overwritten. The rules are internal/durable's.
package persist
