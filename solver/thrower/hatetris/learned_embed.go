//go:build !js

package hatetris

import _ "embed"

// LearnedWeights is the built-in network of the "learned" evaluation: the
// weights file made by the commands in docs/hatetris.md. The browser build
// leaves it out (learned_js.go): 354 KB it has no use for.
//
//go:embed learned.net
var LearnedWeights []byte
