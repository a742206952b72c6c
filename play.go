package main

import (
	"fmt"
	"os"
)

// play opens the game window. The scene stack replaces this in scenes/.
func play(args []string) int {
	fmt.Fprintln(os.Stderr, "kocka: the game window is not built yet")
	return 1
}
