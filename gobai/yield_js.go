//go:build js

package gobai

import "time"

// In the browser goroutines are cooperative: only a goroutine that blocks
// hands control back to the page's event loop, so the search sleeps a
// moment now and then (YieldEvery nodes, a few milliseconds of work) and
// the frames go on while it thinks.
func yield() { time.Sleep(time.Millisecond) }
