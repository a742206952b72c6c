// Command kocka is a falling-block game, bot and analysis workbench.
//
// With no sub-command it opens the game window (see play.go for its flags).
// The sub-commands are headless tools; each lives in its own cmd_*.go file
// and registers itself in commands.
package main

import (
	"fmt"
	"os"
	"sort"
)

// command is one sub-command: kocka NAME [flags].
type command struct {
	summary string
	run     func(args []string) int // returns the exit code
}

// commands is filled by the init functions of the cmd_*.go files.
var commands = map[string]command{}

func register(name, summary string, run func([]string) int) {
	if _, dup := commands[name]; dup {
		panic("kocka: command registered twice: " + name)
	}
	commands[name] = command{summary, run}
}

func main() {
	if len(os.Args) > 1 {
		switch name := os.Args[1]; name {
		case "help", "-h", "-help", "--help":
			usage()
			os.Exit(0)
		default:
			if c, ok := commands[name]; ok {
				os.Exit(c.run(os.Args[2:]))
			}
		}
	}
	os.Exit(play(os.Args[1:]))
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: kocka [flags]            open the game window (kocka -h for its flags)")
	fmt.Fprintln(os.Stderr, "       kocka COMMAND [flags]    run a headless tool:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(os.Stderr, "  %-10s %s\n", n, commands[n].summary)
	}
}
