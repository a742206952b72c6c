//go:build js

package gobai

import "time"

// yieldSlice is how long a search runs before it lets the page draw.
const yieldSlice = 8 * time.Millisecond

// lastYield is when the running search last let the page draw. The
// browser's Go runs one goroutine at a time, so one variable serves all.
var lastYield time.Time

// In the browser goroutines are cooperative: only a goroutine that blocks
// hands control back to the page's event loop. The search calls yield
// every YieldEvery nodes; once it has run for yieldSlice it sleeps a
// moment, and the page draws a frame before it goes on.
func yield() {
	if time.Since(lastYield) < yieldSlice {
		return
	}
	time.Sleep(time.Millisecond)
	lastYield = time.Now()
}
