package solver

import (
	"fmt"

	"github.com/kocka/kocka/engine"
)

// Candidate is one placement of the current piece the bot considered.
type Candidate struct {
	Placement Placement
	Hold      bool    // the piece that comes out of hold is placed
	Score     float64 // best evaluation found on a line of play starting here
	Depth     int     // how many placements that line of play looked ahead
}

// Plan is what the bot decides for the current piece.
type Plan struct {
	OK         bool // false when no placement exists (the game is lost)
	Hold       bool // press hold first; Placement is then of the piece from hold
	Placement  Placement
	Path       []Move      // the inputs from spawn: Placement.Path
	Score      float64     // the chosen line of play's evaluation
	Candidates []Candidate // everything considered, best first
}

// BotConfig sets up a bot.
type BotConfig struct {
	Personality string   // a weight set's name (default "kocka")
	Weights     *Weights // used instead of Personality when set (the tuner)
	Depth       int      // placements looked ahead, current piece included (default 1)
	Width       int      // positions kept per depth of the beam (default 64)
	Mode        Mode     // placement search; ModeFull becomes Mode20G in 20G games
	// Override, when set, is asked first for every piece; a plan it
	// returns is played instead of the search's (the perfect-clear
	// planner in solver/pcplan takes over when it sees a clear).
	Override Override
}

// Override is a specialist that may take a decision before the search.
// Its plan must hold a placement the movegen reaches on st.Board, with its
// path; the bot does not check it.
type Override interface {
	Override(st *State) (Plan, bool)
}

// Bot plans placements. A Bot reuses its buffers between plans and is not
// safe for concurrent use; give each goroutine its own.
type Bot struct {
	cfg   BotConfig
	w     Weights
	wDrop *Weights // w for ModeDrop, the classic model
	s     searcher
}

// MaxBotDepth and MaxBotWidth bound a bot's search: a plan costs about
// depth x width x the placements of a piece (up to a few hundred), so
// these keep one plan to seconds and its beam to megabytes, whatever a
// caller (a TBP front end, a flag) asks for.
const (
	MaxBotDepth = 16
	MaxBotWidth = 1 << 16
)

// NewBot builds a bot.
func NewBot(cfg BotConfig) (*Bot, error) {
	if cfg.Depth < 0 || cfg.Depth > MaxBotDepth || cfg.Width < 0 || cfg.Width > MaxBotWidth {
		return nil, fmt.Errorf("bot: depth %d (0 to %d) or width %d (0 to %d) out of range", cfg.Depth, MaxBotDepth, cfg.Width, MaxBotWidth)
	}
	if cfg.Depth == 0 {
		cfg.Depth = 1
	}
	if cfg.Width == 0 {
		cfg.Width = 64
	}
	b := &Bot{cfg: cfg}
	switch {
	case cfg.Weights != nil:
		b.w = *cfg.Weights
	default:
		if cfg.Personality == "" {
			cfg.Personality = "kocka"
		}
		w, err := PersonalityByName(cfg.Personality)
		if err != nil {
			return nil, err
		}
		b.w = *w
	}
	b.cfg = cfg
	b.wDrop = b.w.classic()
	return b, nil
}

// Config returns the bot's configuration.
func (b *Bot) Config() BotConfig { return b.cfg }

// Weights returns the weight set the bot plays with.
func (b *Bot) Weights() *Weights { return &b.w }

// ModeFor is the placement search the bot uses in game g: its configured
// mode, except that a full search becomes the 20G search once gravity pulls
// the piece down a row or more every tick (FallsEveryTick): then the driver
// waits for the floor before each step, which is exactly the 20G model.
func (b *Bot) ModeFor(g *engine.Game) Mode {
	if b.cfg.Mode == ModeFull && FallsEveryTick(g) {
		return Mode20G
	}
	return b.cfg.Mode
}

// FallsEveryTick reports whether g's gravity is one row per tick or more
// (level 14 and up on the guideline curve). A plan that moves the piece in
// the air cannot be trusted there: each move is followed by a fall.
func FallsEveryTick(g *engine.Game) bool { return g.Gravity() >= engine.SubRows }

// Plan decides where the current piece of g goes, planning from where the
// piece spawns. The plan's slices are valid until the next call.
func (b *Bot) Plan(g *engine.Game) Plan {
	st := StateOf(g, b.ModeFor(g))
	return b.PlanState(&st)
}

// PlanState decides where st's current piece goes.
func (b *Bot) PlanState(st *State) Plan {
	if b.cfg.Override != nil {
		if p, ok := b.cfg.Override.Override(st); ok {
			return p
		}
	}
	w := &b.w
	if st.Mode == ModeDrop {
		// The literature's model: nothing spins and only lines count.
		w = b.wDrop
	}
	cands := b.s.search(st, w, b.cfg.Depth, b.cfg.Width)
	if len(cands) == 0 {
		return Plan{}
	}
	best := cands[0]
	return Plan{
		OK:         true,
		Hold:       best.Hold,
		Placement:  best.Placement,
		Path:       best.Placement.Path,
		Score:      best.Score,
		Candidates: cands,
	}
}
