//go:build race

package gobai

// raceEnabled: the race detector slows the strategies' full check tenfold;
// `make unit` runs it without.
const raceEnabled = true
