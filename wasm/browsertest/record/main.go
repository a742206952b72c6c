// Command record plays a game natively and writes its replay, for the
// browser tests: the page plays the same file back in WebAssembly and must
// reach the same final state hash.
//
//	go run ./wasm/browsertest/record -out sprint.kreplay -goal sprint -seed 7
//
// The player is a small greedy placer (it is not the bot: it needs nothing
// outside the engine), driven closed-loop by taps, so the game has line
// clears, holds, turns with kicks and a goal that ends it. It prints the
// replay's summary as one JSON line.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/kocka/kocka/engine"
)

func main() { os.Exit(run(os.Args[1:])) }

func run(args []string) int {
	fs := flag.NewFlagSet("record", flag.ContinueOnError)
	out := fs.String("out", "", "replay file to write (required)")
	goal := fs.String("goal", "sprint", "marathon, sprint, ultra or none")
	seed := fs.Uint64("seed", 7, "game seed")
	maxTicks := fs.Int("ticks", 60*60*3, "stop after this many ticks if the game has not ended")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *out == "" || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: record -out FILE [-goal G] [-seed N] [-ticks N]")
		return 2
	}
	g, err := engine.ParseGoal(*goal)
	if err != nil {
		fmt.Fprintln(os.Stderr, "record:", err)
		return 2
	}
	rep, err := Record(engine.ConfigFor(g), *seed, *maxTicks)
	if err != nil {
		fmt.Fprintln(os.Stderr, "record:", err)
		return 1
	}
	var buf bytes.Buffer
	if err := rep.Encode(&buf); err != nil {
		fmt.Fprintln(os.Stderr, "record:", err)
		return 1
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "record:", err)
		return 1
	}
	summary, _ := json.Marshal(map[string]any{
		"file": *out, "stateHash": fmt.Sprintf("%016x", rep.Hash), "ticks": len(rep.Inputs),
		"lines": rep.Lines, "score": rep.Score, "end": rep.End.String(),
	})
	fmt.Println(string(summary))
	return 0
}

// Record plays one game with the greedy placer until it ends or maxTicks
// pass, and returns its replay.
func Record(cfg engine.Config, seed uint64, maxTicks int) (*engine.Replay, error) {
	g, err := engine.NewGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	rec, err := engine.NewRecorder(g)
	if err != nil {
		return nil, err
	}
	p := &placer{}
	for t := 0; t < maxTicks && !g.Over(); t++ {
		rec.Tick(p.next(g))
	}
	return rec.Replay(), nil
}

// placer picks, for each new piece, the landing spot that a classic
// four-term evaluation likes best, then taps its way there: turns, then
// shifts, then a hard drop. A button is never held two ticks in a row, so
// every tap is a fresh press for the engine.
type placer struct {
	pieces int           // pieces seen so far, to notice a new one
	target engine.Placed // where the current piece should land
	wait   int           // ticks to let gravity act before moving
	prev   engine.Input  // last tick's buttons
	held   bool          // a hold was tried for this piece
}

func (p *placer) next(g *engine.Game) engine.Input {
	cur, ok := g.Current()
	if !ok {
		return p.tap(0)
	}
	if n := g.Stats().Pieces; n != p.pieces || (p.target.Piece != cur.Piece) {
		p.pieces = n
		// Hold every S and Z once, when the hold is free: the replay then
		// covers holds, and the greedy spot for the held piece changes.
		if !p.held && !g.HoldUsed() && cfgHold(g) && (cur.Piece == engine.S || cur.Piece == engine.Z) && n%3 == 0 {
			p.held = true
			return p.tap(engine.InHold)
		}
		p.held = false
		p.target = best(g.Board(), cur)
		p.wait = n % 4 // a little gravity, differently per piece
	}
	if p.wait > 0 {
		p.wait--
		return p.tap(0)
	}
	switch {
	case cur.Rot != p.target.Rot:
		if (p.target.Rot-cur.Rot)&3 == 3 {
			return p.tap(engine.InRotateCCW)
		}
		return p.tap(engine.InRotateCW)
	case cur.X > p.target.X:
		return p.tap(engine.InLeft)
	case cur.X < p.target.X:
		return p.tap(engine.InRight)
	default:
		return p.tap(engine.InHardDrop)
	}
}

func cfgHold(g *engine.Game) bool { return g.Config().Hold }

// tap returns in unless it was held last tick, in which case it releases
// for one tick first.
func (p *placer) tap(in engine.Input) engine.Input {
	if in != 0 && p.prev&in != 0 {
		in = 0
	}
	p.prev = in
	return in
}

// best is the landing spot with the highest evaluation, found by dropping
// the piece straight down in every rotation and column. Reachability is not
// checked: the taps stop wherever the piece gets stuck and drop there.
func best(b *engine.Board, cur engine.Placed) engine.Placed {
	bestScore, bestAt := -1e18, cur
	for r := engine.Rotation(0); r < 4; r++ {
		for x := -3; x < b.Width+3; x++ {
			m := engine.Placed{Piece: cur.Piece, Rot: r, X: x, Y: cur.Y}
			if !b.Fits(m) {
				continue
			}
			m.Y -= b.DropDistance(m)
			after := b.Clone()
			after.Place(m)
			lines := after.ClearLines()
			if s := evaluate(after, lines); s > bestScore {
				bestScore, bestAt = s, m
			}
		}
	}
	return bestAt
}

// evaluate weighs aggregate height, cleared lines, holes and bumpiness
// with the well-known weights of Yiyuan Lee's genetic search.
func evaluate(b *engine.Board, lines int) float64 {
	agg, bump, holes, last := 0, 0, 0, -1
	for x := 0; x < b.Width; x++ {
		h := b.ColumnHeight(x)
		agg += h
		if last >= 0 {
			bump += abs(h - last)
		}
		last = h
		for y := 0; y < h; y++ {
			if !b.Filled(x, y) {
				holes++
			}
		}
	}
	return -0.510066*float64(agg) + 0.760666*float64(lines) - 0.35663*float64(holes) - 0.184483*float64(bump)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
