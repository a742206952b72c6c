package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/soak"
	"github.com/kocka/kocka/solver/thrower"
)

func init() {
	register("replay", "check or describe a replay file: kocka replay verify|info FILE", runReplay)
}

func runReplay(args []string) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: kocka replay verify FILE   play it again and compare the final state hash")
		fmt.Fprintln(os.Stderr, "       kocka replay info FILE     print its settings and result")
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 2 || (fs.Arg(0) != "verify" && fs.Arg(0) != "info") {
		fs.Usage()
		return 2
	}
	f, err := os.Open(fs.Arg(1))
	if err != nil {
		fmt.Fprintln(os.Stderr, "kocka replay:", err)
		return 1
	}
	defer f.Close()
	r, err := engine.DecodeReplay(f)
	if err != nil {
		fmt.Fprintf(os.Stderr, "kocka replay: %s: %v\n", fs.Arg(1), err)
		return 1
	}
	fmt.Printf("mode %v, seed %d, %d ticks, score %d, lines %d, end %v, hash %016x\n",
		r.Config.Goal, r.Seed, len(r.Inputs), r.Score, r.Lines, r.End, r.Hash)
	if fs.Arg(0) == "info" {
		return 0
	}
	if err := r.VerifyWith(anyRandomizer); err != nil {
		fmt.Fprintln(os.Stderr, "kocka replay:", err)
		return 1
	}
	fmt.Println("verified: the replay reaches the recorded state")
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
