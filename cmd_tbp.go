package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/pcplan"
	"github.com/kocka/kocka/tbp"
)

// maxSuggestions caps the moves in one suggestion message.
const maxSuggestions = 8

func runTBP(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka tbp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	personality := fs.String("personality", "kocka", "the bot's weight set")
	depth := fs.Int("depth", 2, "placements looked ahead")
	width := fs.Int("beam", 64, "beam width")
	perfect := fs.Bool("pc", false, "play a perfect clear whenever the pieces in view make one (solver/pcplan)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: kocka tbp [flags]\n"+
			"the bot as a Tetris Bot Protocol engine: JSON messages on stdin, answers on stdout.\n"+
			"A message over %s, malformed, or a play off the board or on the stack gets an\n"+
			"error message back, changes nothing, and the session goes on.\n", bounded.Size(tbp.MaxLine))
		fs.PrintDefaults()
	}
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "kocka tbp: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	botCfg := solver.BotConfig{Personality: *personality, Depth: *depth, Width: *width}
	if *perfect {
		botCfg.Override = pcplan.New(4)
	}
	bot, err := solver.NewBot(botCfg)
	if err != nil {
		fmt.Fprintln(stderr, "kocka tbp:", err)
		return 2
	}
	planner := func(s tbp.State) ([]tbp.Suggestion, error) {
		if len(s.Queue) == 0 {
			return nil, fmt.Errorf("no piece to place")
		}
		b2b := 0
		if s.BackToBack {
			b2b = 1
		}
		st := solver.State{
			Board: s.Board, Current: s.Queue[0], Hold: s.Hold, CanHold: true, HoldRule: true,
			Queue: s.Queue[1:], B2B: b2b, Combo: s.Combo - 1,
			SpawnRow: 20, Visible: 20, Kicks: engine.SRS, Mode: solver.ModeFull,
		}
		plan := bot.PlanState(&st)
		var out []tbp.Suggestion
		for _, c := range plan.Candidates {
			if len(out) == maxSuggestions {
				break
			}
			out = append(out, tbp.Suggestion{Placed: c.Placement.Placed, Spin: c.Placement.Spin})
		}
		return out, nil
	}
	s := tbp.NewSession(tbp.Info{Name: "Kocka", Version: "1", Author: "the Kocka authors"}, planner, stdout)
	if err := s.Run(stdin); err != nil {
		fmt.Fprintln(stderr, "kocka tbp:", err)
		return 1
	}
	return 0
}
