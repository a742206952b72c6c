// Package sound makes Kocka's sound effects and music and plays them.
// Every effect is a recipe of a few synthesized notes, and the music an
// original loop written as notes (Synth and MusicLoop render them to PCM,
// with no display and no device, so they are tested anywhere); Audio plays
// them through Ebitengine without ever blocking a tick.
package sound
