// Command kocka is a falling-block game, bot and analysis workbench.
//
// With no command it opens the game window (play.go, with its flags); the
// commands are headless tools, one per cmd_*.go file, all listed in the
// table below, which is also where every help text comes from.
package main

import (
	"io"
	"os"

	"github.com/kocka/kocka/internal/cli"
)

// program is kocka's command line: the window and the table of commands.
// (A function, not a variable: the window's -h prints this table.)
func program() *cli.Program {
	return &cli.Program{
		Name:    "kocka",
		Usage:   playUsage,
		Default: play,
		Commands: []cli.Command{
			{Name: "analyze", Summary: "placer against thrower over a grid: loss, cycle or move limit", Run: runAnalyze},
			{Name: "bench", Summary: "play fixed-seed bot games and compare personalities", Run: runBench},
			{Name: "fumen", Summary: "read or write fumen v115 strings: kocka fumen decode STRING | encode --field-file F", Run: fumenCommands.Run},
			{Name: "hatetris", Summary: "HATETRIS rules: play back or write replays, and Kocka's placer against its enemy", Run: hatetrisCommands.Run},
			{Name: "movegen", Summary: "list every placement of a piece on a board (JSON lines or ASCII)", Run: runMovegen},
			{Name: "pc", Summary: "perfect clears as solution-finder computes them: percent, path, solve, enumerate, merge", Run: runPC},
			{Name: "prove", Summary: "solve or prove small games: kocka prove gobblers|gobblet|tetris|tictactoe|check FILE", Run: func(args []string, _ io.Reader, stdout, stderr io.Writer) int {
				return runProve(args, stdout, stderr)
			}},
			{Name: "replay", Summary: "check or describe a replay file: kocka replay verify|info FILE", Run: replayCommands.Run},
			{Name: "soak", Summary: "let the bot play games back to back, each tick checked against a second model of the rules", Run: runSoak},
			{Name: "tbp", Summary: "run the bot as a Tetris Bot Protocol engine on stdin/stdout", Run: runTBP},
			{Name: "tune", Summary: "tune a weight set by the cross-entropy method", Run: runTune},
		},
	}
}

func main() {
	os.Exit(program().Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
