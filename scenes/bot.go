package scenes

import (
	"fmt"
	"image/color"
	"slices"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/solver"
	"github.com/kocka/kocka/solver/pcplan"
	"github.com/kocka/kocka/sprites"
)

// botDriver lets the solver's driver play: the same inputs a person
// makes, one engine.Input per tick.
type botDriver struct {
	bot    *solver.Bot
	driver *solver.Driver
	exact  bool // the candidates' evaluations as numbers (Tab), not bars
}

// candidateKey toggles the candidates' exact evaluations.
const candidateKey = ebiten.KeyTab

func (d *botDriver) Next(_ *Frame, g *engine.Game) engine.Input { return d.driver.Next(g) }
func (d *botDriver) Person() bool                               { return false }
func (d *botDriver) Finished() bool                             { return false }
func (d *botDriver) Replay() *engine.Replay                     { return nil }

// botPCBudget caps the placements each perfect-clear solver call tries
// (the planner makes at most two calls a position), so that a frame never
// waits long for it: over five 3-minute
// marathons the slowest piece took 36 to 56 ms on a busy machine against
// 0.4 to 1.1 s without a cap, and 91 clears were made against 102
// (BenchmarkPlannerMarathon in solver/pcplan).
const botPCBudget = 8192

// startBot starts the bot on the game and speed of the bot settings; the
// --personality flag overrides the saved personality.
func startBot(c *Context, m *Mode, seed uint64) (Scene, error) {
	bs := c.Settings.Bot
	if c.Personality != "" {
		bs.Personality = c.Personality
	}
	cfg := solver.BotConfig{Personality: bs.Personality}
	if bs.PerfectClears {
		cfg.Override = &pcplan.Planner{MaxLines: 4, Budget: botPCBudget}
	}
	bot, err := solver.NewBot(cfg)
	if err != nil {
		return nil, err
	}
	goal, err := engine.ParseGoal(bs.Game)
	if err != nil {
		return nil, err
	}
	// The bot plays with the engine's default handling, not the player's.
	game, err := engine.NewGame(engine.ConfigFor(goal), seed)
	if err != nil {
		return nil, err
	}
	sp := botSpeeds[bs.Speed]
	d := &botDriver{bot: bot, driver: solver.NewDriver(bot, solver.DriverConfig{PiecesPerSecond: sp.pps})}
	s := newPlayScene(m, game, d)
	s.ticksPerUpdate, s.quiet = sp.ticks, true
	s.subtitle = fmt.Sprintf("%s, %s", bs.Personality, sp.title)
	if bs.PerfectClears {
		s.subtitle = fmt.Sprintf("%s + PC, %s", bs.Personality, sp.title)
	}
	if bs.Candidates {
		s.extra = func(r *draw.Renderer, s *playScene) { drawCandidates(r, s, d) }
		s.keys = func(c *Context) {
			if slices.Contains(c.In.Keys, candidateKey) {
				d.exact = !d.exact
			}
		}
	}
	return s, nil
}

// candidateColors mark the bot's best placements, best first.
var candidateColors = []color.RGBA{sprites.Accent, sprites.Good, {0x7c, 0xc8, 0xff, 0xff}, {0xff, 0x8a, 0xd8, 0xff}, sprites.Dim}

// drawCandidates outlines the placements bot d considered for the
// current piece, numbered best first, and lists them with a bar for how
// each compares with the best and the worst shown (Tab: the exact
// evaluations, which mean little without the weights).
func drawCandidates(r *draw.Renderer, s *playScene, d *botDriver) {
	if s.game.Over() {
		return
	}
	plan := d.driver.Plan()
	n := min(len(plan.Candidates), len(candidateColors))
	vh := s.game.VisibleHeight()
	x0 := float32(draw.RightColX + draw.PanelW + 52)
	r.Text("BOT SEES", x0, draw.BoardY, 1, sprites.Dim)
	if n > 0 {
		hint := "Tab: values"
		if d.exact {
			hint = "Tab: bars"
		}
		r.Text(hint, x0, float32(draw.BoardY+18+n*30), 1, sprites.Dim)
	}
	for i := n - 1; i >= 0; i-- {
		c := plan.Candidates[i]
		col := candidateColors[i]
		cells := c.Placement.Cells()
		in := func(x, y int8) bool {
			for _, o := range cells {
				if o.X == x && o.Y == y {
					return true
				}
			}
			return false
		}
		top := cells[0]
		for _, cell := range cells {
			if int(cell.Y) >= vh {
				continue
			}
			px, py := draw.CellXY(draw.BoardX, draw.BoardY, vh, int(cell.X), int(cell.Y))
			a := draw.Alpha(col, 0.9)
			if !in(cell.X, cell.Y+1) {
				r.Rect(px, py, draw.Cell, 1, a)
			}
			if !in(cell.X, cell.Y-1) {
				r.Rect(px, py+draw.Cell-1, draw.Cell, 1, a)
			}
			if !in(cell.X-1, cell.Y) {
				r.Rect(px, py, 1, draw.Cell, a)
			}
			if !in(cell.X+1, cell.Y) {
				r.Rect(px+draw.Cell-1, py, 1, draw.Cell, a)
			}
			if cell.Y > top.Y || cell.Y == top.Y && cell.X < top.X {
				top = cell
			}
		}
		if int(top.Y) < vh {
			px, py := draw.CellXY(draw.BoardX, draw.BoardY, vh, int(top.X), int(top.Y))
			r.Rect(px+4, py+1, 8, 14, draw.Alpha(sprites.Well, 0.8))
			r.Text(fmt.Sprint(i+1), px+5, py, 1, col)
		}
		y := float32(draw.BoardY + 18 + i*30)
		name := c.Placement.Piece.String() + " " + c.Placement.Rot.String()
		if c.Hold {
			name += " hold"
		}
		r.Text(fmt.Sprintf("%d %s", i+1, name), x0, y, 1, col)
		if d.exact {
			r.Text(fmt.Sprintf("%.2f", c.Score), x0+12, y+13, 1, sprites.Text)
			continue
		}
		best, worst := plan.Candidates[0].Score, plan.Candidates[n-1].Score
		frac := float32(1)
		if best > worst {
			frac = float32((c.Score - worst) / (best - worst))
		}
		r.Rect(x0+12, y+16, 60, 7, sprites.Shade(sprites.Frame, 120))
		r.Rect(x0+12, y+16, 6+54*frac, 7, col)
	}
}
