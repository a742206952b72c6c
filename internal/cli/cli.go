// Package cli is the shape of Kocka's command line: a program is a default
// action (the game window) and a table of commands, a command may be a group
// of sub-commands, and every help text (kocka help, kocka -h, kocka COMMAND
// -h, kocka COMMAND SUB -h) is printed by this package from that table.
//
// It also holds what every command needs around its work: a check that an
// output file can be written before the work starts (CheckWritable), a
// quoting that never repeats a whole line in an error (Quote), and
// progress lines that redraw in place only on a terminal (Progress).
// Capped reads of inputs are in internal/bounded.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// RunFunc runs a command with its arguments (those after its name) and
// returns the exit code: 0 done, 1 failed, 2 bad usage.
type RunFunc func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// Command is one entry of a command table.
type Command struct {
	Name    string
	Summary string // one line, shown in the list of commands
	Run     RunFunc
}

// IsHelp reports whether arg asks for help.
func IsHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// Program is the whole binary: Default runs when the first argument names
// no command (kocka's game window), Usage describes it with its flags.
type Program struct {
	Name     string
	Usage    func(w io.Writer) // the default action's usage and flags
	Default  RunFunc
	Commands []Command
}

// Lookup finds a command by name.
func (p *Program) Lookup(name string) (Command, bool) {
	for _, c := range p.Commands {
		if c.Name == name {
			return c, true
		}
	}
	return Command{}, false
}

// Help prints the default action's usage, then the commands.
func (p *Program) Help(w io.Writer) {
	p.Usage(w)
	fmt.Fprintf(w, "\nusage: %s COMMAND [flags]   run a headless tool:\n", p.Name)
	printList(w, p.Commands)
	fmt.Fprintf(w, "\n%s help COMMAND or %s COMMAND -h prints a command's flags.\n", p.Name, p.Name)
}

// Run dispatches args (without the program name).
func (p *Program) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if IsHelp(args[0]) {
			if len(args) == 1 || IsHelp(args[1]) {
				p.Help(stdout)
				return 0
			}
			c, ok := p.Lookup(args[1])
			if !ok {
				fmt.Fprintf(stderr, "%s help: unknown command %s\n", p.Name, Quote(args[1]))
				p.Help(stderr)
				return 2
			}
			return c.Run(append(args[2:len(args):len(args)], "-h"), stdin, stdout, stderr)
		}
		if c, ok := p.Lookup(args[0]); ok {
			return c.Run(args[1:], stdin, stdout, stderr)
		}
	}
	return p.Default(args, stdin, stdout, stderr)
}

func printList(w io.Writer, cs []Command) {
	width := 0
	for _, c := range cs {
		width = max(width, len(c.Name))
	}
	for _, c := range cs {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.Name, c.Summary)
	}
}

// Group is a command made of sub-commands (kocka hatetris play|record).
// Its Run prints the list on -h, help or no argument, and runs
// "help SUB" as "SUB -h".
type Group struct {
	Name     string // the full name, "kocka hatetris"
	Commands []Command
}

// Help prints the sub-commands.
func (g *Group) Help(w io.Writer) {
	fmt.Fprintf(w, "usage: %s SUBCOMMAND [flags]\n", g.Name)
	printList(w, g.Commands)
	fmt.Fprintf(w, "\n%s SUBCOMMAND -h prints a sub-command's flags.\n", g.Name)
}

// Run dispatches args to a sub-command.
func (g *Group) Run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		g.Help(stderr)
		return 2
	}
	if IsHelp(args[0]) {
		if len(args) == 1 || IsHelp(args[1]) {
			g.Help(stdout)
			return 0
		}
		args = append([]string{args[1]}, append(args[2:len(args):len(args)], "-h")...)
	}
	for _, c := range g.Commands {
		if c.Name == args[0] {
			return c.Run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "%s: unknown subcommand %s\n", g.Name, Quote(args[0]))
	g.Help(stderr)
	return 2
}

// Parse parses flags. Asked for help (-h), it prints fs.Usage to stdout
// and returns 0, false; on a bad flag it prints the error and the usage to
// stderr and returns 2, false. Usage functions must write to fs.Output().
func Parse(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (code int, ok bool) {
	usage := fs.Usage
	if usage == nil {
		usage = func() { DefaultUsage(fs) }
	}
	fs.Usage = func() {} // flag would print it on every error, to one writer
	fs.SetOutput(stderr)
	err := fs.Parse(args)
	fs.Usage = usage
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		usage()
		fs.SetOutput(stderr)
		return 0, false
	case err != nil:
		usage()
		return 2, false
	}
	return 0, true
}

// DefaultUsage is the usage of a flag set without one of its own.
func DefaultUsage(fs *flag.FlagSet) {
	fmt.Fprintf(fs.Output(), "usage: %s [flags]\n", fs.Name())
	fs.PrintDefaults()
}

// maxQuoted is how much of an input an error message repeats.
const maxQuoted = 40

// Quote quotes s for an error message, cut to its first 40 characters with
// the length of the rest, so that a 10 MB line does not come back whole.
func Quote(s string) string {
	r := []rune(s[:min(len(s), 4*maxQuoted)])
	if len(r) <= maxQuoted && len(s) <= 4*maxQuoted {
		return fmt.Sprintf("%q", s)
	}
	cut := string(r[:min(len(r), maxQuoted)])
	return fmt.Sprintf("%q… (%d bytes in all)", cut, len(s))
}

// Lines splits text into lines, dropping a "\r" before each "\n" and the
// empty lines at the end.
func Lines(text string) []string {
	rows := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for len(rows) > 0 && strings.TrimSpace(rows[len(rows)-1]) == "" {
		rows = rows[:len(rows)-1]
	}
	return rows
}
