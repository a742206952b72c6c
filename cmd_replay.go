package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/soak"
	"github.com/kocka/kocka/solver/thrower"
)

// replayCommands are kocka replay's sub-commands.
var replayCommands = &cli.Group{Name: "kocka replay", Commands: []cli.Command{
	{Name: "verify", Summary: "play FILE again and compare the final state hash", Run: func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return runReplay("verify", args, stdout, stderr)
	}},
	{Name: "info", Summary: "print the settings and result of FILE", Run: func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
		return runReplay("info", args, stdout, stderr)
	}},
}}

// runReplay is kocka replay verify|info FILE.
func runReplay(action string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka replay "+action, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: kocka replay %s FILE\n(a replay file is at most %s)\n", action, bounded.Size(engine.MaxReplayBytes))
	}
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	f, err := os.Open(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(stderr, "kocka replay:", err)
		return 1
	}
	defer f.Close()
	r, err := engine.DecodeReplay(f)
	if err != nil {
		fmt.Fprintf(stderr, "kocka replay: %s: %v\n", fs.Arg(0), err)
		return 1
	}
	fmt.Fprintf(stdout, "mode %v, seed %d, %d ticks, score %d, lines %d, end %v, hash %016x\n",
		r.Config.Goal, r.Seed, len(r.Inputs), r.Score, r.Lines, r.End, r.Hash)
	if action == "info" {
		return 0
	}
	if err := r.VerifyWith(anyRandomizer); err != nil {
		fmt.Fprintln(stderr, "kocka replay:", err)
		return 1
	}
	fmt.Fprintln(stdout, "verified: the replay reaches the recorded state")
	return 0
}

// anyRandomizer rebuilds the piece sources outside the engine that replays
// can name: the soak's checked bag and the throwers (versus games).
func anyRandomizer(name, options string, cfg engine.Config, seed uint64) (engine.Randomizer, error) {
	if r, err := soak.ReplayFactory(name, options, cfg, seed); err == nil {
		return r, nil
	}
	return thrower.ReplayFactory(name, options, cfg, seed)
}
