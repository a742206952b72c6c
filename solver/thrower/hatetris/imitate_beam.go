package hatetris

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sync"
)

// BeamChoiceConfig is how BeamChoicesOf builds its rivals.
type BeamChoiceConfig struct {
	// Rank is the evaluation the beam ranks wells by (a weight set with
	// a network); Base the set the network to be trained adds to (board
	// features only), as for NetChoicesOf.
	Rank, Base            EvalWeights
	LineWeight, NetWeight float64
	// Quiescence is Rank's lookahead, as in the search.
	Quiescence int
	// Width is the beam's width, the game's own well included; Rivals
	// how many of the beam's best wells each choice sets against it.
	Width, Rivals int
	// MaxWells bounds the wells of all the choices together.
	MaxWells int
	// OnlyCut keeps only the choices of the pieces where the game's well
	// is cut (Width wells rank above it), as learning as search
	// optimization updates only when the beam loses the reference.
	OnlyCut bool
	// Workers rate the wells in parallel (at least 1); the choices do
	// not depend on how many.
	Workers int
}

// BeamChoiceStats count the pieces BeamChoicesOf played and those where
// the game's well was cut; of the Width wells that ranked above it at
// those pieces, MoreLines had cleared more lines than it and FewerLines
// fewer.
type BeamChoiceStats struct {
	Pieces, Cut           int
	MoreLines, FewerLines int
}

// Bounds of BeamChoiceConfig.
const (
	MaxBeamChoiceWidth  = 1 << 16
	MaxBeamChoiceRivals = 255
)

// BeamChoicesOf plays a recorded game with a beam search beside it and
// returns, for every piece (with OnlyCut, every piece where the game's
// well is cut), a choice between the well the player made and
// the best wells of the beam (Rivals of them, ranked as the search ranks
// them: lines x LineWeight + Rank's value with quiescence), the player's
// well chosen. The choices of NetChoicesOf set a landing against its
// siblings only; the search, though, ranks wells of every line of play
// against each other, lines cleared included, and its games end when the
// beam fills with wells of a line of play that is lost a hundred pieces
// later. These choices teach the network to rank the player's line of
// play above the others the beam would keep (the "early update" of
// learning as search optimization, with a beam made once by a fixed
// network rather than by the one being trained).
//
// The beam holds the player's well and the Width - 1 best other wells;
// each piece it is made again from the player's landings and every
// child of the other wells, transpositions (the same well and lines)
// merged. The player's wells get the pieces the game gave them; the
// other wells the enemy's first choice (WorstPiece, the loop rule aside,
// as the quiescence asks it). A base is the set's value of the well plus
// LineWeight x the lines it cleared since the player's well before the
// piece, over NetWeight: the network learns what the set misses. The
// stats count the pieces and those where the game's well was cut.
func BeamChoicesOf(moves []Move, cfg BeamChoiceConfig) (choices []NetChoice, stats BeamChoiceStats, err error) {
	switch {
	case cfg.Base.Net != nil || cfg.Base.EnemyPeak != 0:
		return nil, stats, fmt.Errorf("hatetris: base set %q weighs a network or the enemy's next piece; a network trained on choices adds to a set of board features only", cfg.Base.Name)
	case !(cfg.NetWeight > 0) || math.IsInf(cfg.NetWeight, 0) || math.IsNaN(cfg.LineWeight) || math.IsInf(cfg.LineWeight, 0):
		return nil, stats, fmt.Errorf("hatetris: line weight %g and net weight %g: want finite numbers, the net weight above 0", cfg.LineWeight, cfg.NetWeight)
	case cfg.Width < 2 || cfg.Width > MaxBeamChoiceWidth:
		return nil, stats, fmt.Errorf("hatetris: beam width %d out of range 2..%d", cfg.Width, MaxBeamChoiceWidth)
	case cfg.Rivals < 1 || cfg.Rivals > MaxBeamChoiceRivals:
		return nil, stats, fmt.Errorf("hatetris: %d rivals out of range 1..%d", cfg.Rivals, MaxBeamChoiceRivals)
	case cfg.Quiescence < 0 || cfg.Quiescence > MaxQuiescence:
		return nil, stats, fmt.Errorf("hatetris: quiescence %d out of range 0..%d", cfg.Quiescence, MaxQuiescence)
	}
	type well struct {
		bits  Bits
		lines int32 // cleared since the game began
	}
	type rated struct {
		well
		value float64
	}
	// Rating is most of the work: the workers rate stripes of the
	// candidates, each with an evaluator of its own and the cache shared.
	workers := max(1, min(cfg.Workers, 64))
	cache := NewEnemyCache(64 << 20)
	evs := make([]Evaluator, workers)
	for i := range evs {
		evs[i] = Evaluator{W: cfg.Rank, LineWeight: cfg.LineWeight, NetWeight: cfg.NetWeight, Quiescence: cfg.Quiescence, Cache: cache}
	}
	rateAll := func(cs []rated) {
		var wg sync.WaitGroup
		for i := range evs {
			wg.Add(1)
			go func(ev *Evaluator) {
				defer wg.Done()
				for k := i; k < len(cs); k += len(evs) {
					cs[k].value = float64(cs[k].lines)*cfg.LineWeight + ev.Value(&cs[k].bits)
				}
			}(&evs[i])
		}
		wg.Wait()
	}
	var (
		out    []NetChoice
		others []well // the beam's wells but the player's
		cands  []rated
		gen    Gen
		buf    []Child
		lines  int32 // the player's
		total  int
	)
	err = walkPieces(moves, func(landings []Child, chosen int) error {
		// The game's well first, then the other landings, then the
		// children of the beam's other wells.
		cands = append(cands[:0], rated{well: well{landings[chosen].Well, lines + int32(landings[chosen].Lines)}})
		for k := range landings {
			if k != chosen {
				cands = append(cands, rated{well: well{landings[k].Well, lines + int32(landings[k].Lines)}})
			}
		}
		for _, o := range others {
			gen.Reset(&o.bits)
			buf = gen.Children(WorstPiece(&gen), buf[:0])
			for _, c := range buf {
				if !c.Over {
					cands = append(cands, rated{well: well{c.Well, o.lines + int32(c.Lines)}})
				}
			}
		}
		rateAll(cands)
		player, playerValue := cands[0].well, cands[0].value
		rest := cands[1:]
		stats.Pieces++
		before := lines
		lines = player.lines
		// Best first; of equal values, the order they were made in (the
		// sort is stable), so that the choices are the same every run.
		slices.SortStableFunc(rest, func(x, y rated) int { return cmp.Compare(y.value, x.value) })
		seen := map[well]bool{player: true}
		others = others[:0]
		above := 0 // distinct wells ranked above the game's, counted up to Width
		more, fewer := 0, 0
		for _, c := range rest {
			if len(others) == cfg.Width-1 && (c.value <= playerValue || above == cfg.Width) {
				break
			}
			if seen[c.well] {
				continue
			}
			seen[c.well] = true
			if c.value > playerValue {
				above++
				if c.lines > player.lines {
					more++
				} else if c.lines < player.lines {
					fewer++
				}
			}
			if len(others) < cfg.Width-1 {
				others = append(others, c.well)
			}
		}
		// The game's well is cut when Width wells rank above it: a beam
		// of that width would not have kept it.
		cut := above == cfg.Width
		if cut {
			stats.Cut++
			stats.MoreLines += more
			stats.FewerLines += fewer
		}
		rivals := others[:min(len(others), cfg.Rivals)]
		if len(rivals) == 0 || cfg.OnlyCut && !cut {
			return nil
		}
		if total += 1 + len(rivals); total > cfg.MaxWells {
			return fmt.Errorf("hatetris: more than %d wells to train on", cfg.MaxWells)
		}
		c := NetChoice{Wells: make([]Bits, 0, 1+len(rivals)), Base: make([]float64, 0, 1+len(rivals))}
		for _, w := range append([]well{player}, rivals...) {
			c.Wells = append(c.Wells, w.bits)
			c.Base = append(c.Base, (cfg.LineWeight*float64(w.lines-before)+cfg.Base.boardScore(&w.bits))/cfg.NetWeight)
		}
		out = append(out, c)
		return nil
	})
	if err != nil {
		return nil, stats, err
	}
	return out, stats, nil
}
