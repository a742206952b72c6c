// Package sound makes Kocka's sound effects and plays them. Every effect is
// a recipe of a few synthesized notes (Synth renders it to PCM, with no
// display and no device, so it is tested anywhere); Audio plays them
// through Ebitengine without ever blocking a tick.
package sound
