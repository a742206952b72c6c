//go:build js

package hatetris

// LearnedWeights is empty in the browser build: "learned" is refused
// there (the record search is a command-line tool).
var LearnedWeights []byte
