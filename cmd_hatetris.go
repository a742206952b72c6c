package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kocka/kocka/solver/thrower/hatetris"
)

func init() {
	register("hatetris", "HATETRIS rules: play back or write replays, and Kocka's placer against its enemy", func(args []string) int {
		return runHatetris(args, os.Stdout, os.Stderr)
	})
}

// runHatetris is kocka hatetris SUBCOMMAND.
func runHatetris(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: kocka hatetris play --replay STRING | --replay-file F | --bot [flags]")
		return 2
	}
	switch args[0] {
	case "play":
		return runHatetrisPlay(args[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "kocka hatetris: unknown subcommand %q (want play)\n", args[0])
	return 2
}

// runHatetrisPlay plays a replay, or lets Kocka's placer play, and prints
// {"lines":N,"moves":M,"game_over":true|false}; a game played by the bot
// is followed by its replay on the next line.
func runHatetrisPlay(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hatetris play", flag.ContinueOnError)
	fs.SetOutput(stderr)
	replay := fs.String("replay", "", "a replay in the game's own encoding (Base2048, hex or raw LRDU)")
	replayFile := fs.String("replay-file", "", "a file holding a replay")
	mild := fs.Bool("mild", false, "play against HATETRIS Mild (no rule against repeated wells)")
	bot := fs.Bool("bot", false, "let Kocka's placer play (beam search) and print its replay")
	beam := fs.Int("beam", 64, "bot: beam width")
	personality := fs.String("personality", "eltetris", "bot: the evaluation of wells")
	maxPieces := fs.Int("max-pieces", 2000, "bot: stop after this many pieces")
	hex := fs.Bool("hex", false, "bot: write the replay in the old hex encoding instead of Base2048")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kocka hatetris play: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	sources := 0
	for _, set := range []bool{*replay != "", *replayFile != "", *bot} {
		if set {
			sources++
		}
	}
	if sources != 1 {
		fmt.Fprintln(stderr, "kocka hatetris play: give exactly one of --replay, --replay-file and --bot")
		return 2
	}
	if *bot {
		if *mild {
			fmt.Fprintln(stderr, "kocka hatetris play: the bot plays HATETRIS only (no --mild)")
			return 2
		}
		return hatetrisBot(*beam, *personality, *maxPieces, *hex, stdout, stderr)
	}
	text := *replay
	if *replayFile != "" {
		data, err := os.ReadFile(*replayFile)
		if err != nil {
			fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
			return 1
		}
		text = string(data)
	}
	moves, err := hatetris.DecodeReplay(text)
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
		return 1
	}
	g, err := hatetris.NewGame(hatetris.Standard, hatetris.NewEnemy(*mild))
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
		return 1
	}
	n := g.Play(moves)
	printHatetrisResult(stdout, g.Score(), n, g.Over())
	return 0
}

func printHatetrisResult(w io.Writer, lines, moves int, over bool) {
	fmt.Fprintf(w, "{\"lines\":%d,\"moves\":%d,\"game_over\":%t}\n", lines, moves, over)
}

// hatetrisBot plays one game with the beam search and prints its result
// and replay, checked by playing the replay through the rules.
func hatetrisBot(width int, personality string, maxPieces int, hex bool, stdout, stderr io.Writer) int {
	if width < 1 || maxPieces < 1 {
		fmt.Fprintln(stderr, "kocka hatetris play: --beam and --max-pieces must be at least 1")
		return 2
	}
	eval, err := hatetris.PersonalityEval(hatetris.Standard, personality)
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
		return 2
	}
	b := hatetris.NewBeam(hatetris.Standard, width, eval)
	for b.Depth < maxPieces && b.Step() {
	}
	moves, err := b.Moves(b.Best())
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris play: %v\n", err)
		return 1
	}
	g, _ := hatetris.NewGame(hatetris.Standard, hatetris.NewEnemy(false))
	n := g.Play(moves)
	if g.Score() != b.Best().Score {
		fmt.Fprintf(stderr, "kocka hatetris play: the replay scores %d lines, the search said %d\n", g.Score(), b.Best().Score)
		return 1
	}
	printHatetrisResult(stdout, g.Score(), n, g.Over())
	if hex {
		fmt.Fprintln(stdout, strings.TrimSpace(hatetris.EncodeHex(g.Moves())))
	} else {
		fmt.Fprintln(stdout, hatetris.EncodeReplay(g.Moves()))
	}
	return 0
}
