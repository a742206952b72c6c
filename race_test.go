//go:build race

package main

// raceEnabled: the race detector slows training tenfold; the checks that
// retrain every weights file in docs run in full in `make unit`, without it.
const raceEnabled = true
