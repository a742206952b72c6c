//go:build !unix

package hatetris

// cpuSeconds is not measured here (the browser build); runs record 0.
func cpuSeconds() float64 { return 0 }
