//go:build !race

package gobai

const raceEnabled = false
