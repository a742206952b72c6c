package main

import (
	"os"
	"syscall/js"
)

// In the browser there is no command line: the page's URL gives the flags.
// Flags set by the loader (go.argv) come first, so the URL can override them.
func init() {
	loc := js.Global().Get("location")
	if !loc.Truthy() {
		return
	}
	os.Args = append(os.Args, argsFromQuery(loc.Get("search").String())...)
}
