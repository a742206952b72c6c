//go:build !js

package gobai

// Natively the thinking goroutine has a core of its own: no need to yield.
func yield() {}
