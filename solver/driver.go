package solver

import (
	"slices"

	"github.com/kocka/kocka/engine"
)

// DriverConfig sets how the bot plays a live game.
type DriverConfig struct {
	// PiecesPerSecond caps the speed: a piece is not dropped before
	// 60/PiecesPerSecond ticks have passed since it appeared. 0 plays as
	// fast as the inputs allow.
	PiecesPerSecond float64
}

// DriverStats counts what the driver did.
type DriverStats struct {
	Pieces int // pieces locked while driving
	Plans  int // plans made (one per piece, more after re-plans)
	// Replans counts the times the piece was not where the plan said
	// (gravity, lock delay, 20G) and a new way to a placement was found.
	Replans int
	// Mismatches counts the pieces that locked somewhere other than the
	// target while the driver still believed it reachable: a bug.
	Mismatches int
	// Impossible counts the pieces that locked elsewhere after gravity had
	// made every planned placement unreachable.
	Impossible int
	// Loops counts the replans that found the piece back where an earlier
	// one had, going round turn after turn (see replan).
	Loops int
}

// Driver turns plans into inputs, one engine.Input per tick, through the
// game's normal input path: a tap is a press and a release, so tapping the
// same key twice takes a released tick between; runs of shifts use DAS and
// ARR when that is faster, as a person would.
type Driver struct {
	bot   *Bot
	cfg   DriverConfig
	stats DriverStats

	active     bool // a plan is being carried out
	pieceNo    int  // engine Stats().Pieces when the plan was made
	needHold   bool
	target     engine.Placed
	targetSpin engine.Spin
	steps      []Move // own copy of the path
	step       int    // next step to do
	want       engine.Placed
	wantOK     bool            // want holds where the piece should be now
	hardDrop   bool            // every step is done: drop when the time has come
	impossible bool            // no planned placement is reachable any more
	started    int             // tick the piece appeared
	plan       Plan            // the last plan, for its candidates
	replanned  []engine.Placed // where the piece was at each replan, this piece

	das      engine.Input // key held for auto-shift, 0 when none
	dasStop  int          // X at which the auto-shift ends
	dasSteps int          // steps of the path the auto-shift covers
	dasIdle  int          // ticks the auto-shift has not moved the piece
	soft     bool         // soft drop held for a Down or Sonic step
	softY    int          // the row it is held down to
}

// NewDriver builds a driver for bot.
func NewDriver(bot *Bot, cfg DriverConfig) *Driver {
	return &Driver{bot: bot, cfg: cfg}
}

// Stats returns what the driver has counted so far.
func (d *Driver) Stats() DriverStats { return d.stats }

// Plan is the plan being carried out (or the last one).
func (d *Driver) Plan() Plan { return d.plan }

// Target is where the driver is taking the current piece.
func (d *Driver) Target() (engine.Placed, bool) { return d.target, d.active }

// Next returns the buttons to hold during the next tick of g. Call it once
// before every g.Tick.
func (d *Driver) Next(g *engine.Game) engine.Input {
	if g.Over() {
		return 0
	}
	d.checkLocks(g)
	cur, ok := g.Current()
	if !ok {
		return 0
	}
	if !d.active || g.Stats().Pieces != d.pieceNo {
		d.start(g)
	}
	prev := g.PreviousInput()
	if d.needHold {
		if prev.Has(engine.InHold) {
			return 0
		}
		d.needHold = false
		d.wantOK = false // the piece from hold spawns; checked next tick
		return engine.InHold
	}
	if d.is20G(g) && !g.Board().Grounded(cur) {
		// At 20G the piece reaches the floor on the tick after it spawns;
		// the 20G paths start there.
		return 0
	}
	if !d.wantOK {
		// A new piece. Soft drops are slow, so a placement that needs no
		// spin is reached by turning, shifting and hard dropping when it
		// can be; then make sure the path works under this game's gravity.
		d.want, d.wantOK = cur, true
		if d.targetSpin == engine.SpinNone && !d.impossible {
			if path, ok := routeFrom(g.Board(), g.Kicks(), cur, d.target, d.is20G(g)); ok {
				d.steps = append(d.steps[:0], path...)
				d.step = 0
			}
		}
		if !d.follow(g, cur) {
			d.replan(g, cur)
		}
	}
	if d.das != 0 {
		if in, going := d.continueDAS(g, cur); going {
			return in
		}
	}
	if d.soft {
		if in, going := d.continueSoft(cur); going {
			return in
		}
	}
	if cur != d.want && !d.follow(g, cur) {
		d.replan(g, cur)
	}
	return d.act(g, cur, prev)
}

// checkLocks compares the last tick's locks with the plan.
func (d *Driver) checkLocks(g *engine.Game) {
	for _, ev := range g.Events() {
		if ev.Kind != engine.EvLock || !d.active {
			continue
		}
		d.stats.Pieces++
		if ev.Piece.Cells() != d.target.Cells() {
			if d.impossible {
				d.stats.Impossible++
			} else {
				d.stats.Mismatches++
			}
		}
		d.active = false
	}
}

// start plans a new piece.
func (d *Driver) start(g *engine.Game) {
	d.plan = d.bot.Plan(g)
	d.stats.Plans++
	d.active = true
	d.pieceNo = g.Stats().Pieces
	d.started = g.Ticks()
	d.impossible = !d.plan.OK
	d.replanned = d.replanned[:0]
	d.needHold = d.plan.OK && d.plan.Hold
	d.setTarget(d.plan.Placement, d.plan.Path)
	d.wantOK = false
}

func (d *Driver) setTarget(p Placement, path []Move) {
	d.target, d.targetSpin = p.Placed, p.Spin
	d.steps = append(d.steps[:0], path...)
	// Soft drops at the end of a path only take the piece where a hard
	// drop takes it at once.
	for n := len(d.steps); n > 0 && (d.steps[n-1] == MoveSonic || d.steps[n-1] == MoveDown); n-- {
		d.steps = d.steps[:n-1]
	}
	d.step = 0
	d.hardDrop = false
	d.das, d.soft = 0, false
}

// follow accepts the piece where it is when the rest of the path still
// takes it to the target from there (gravity pulled it down a little).
func (d *Driver) follow(g *engine.Game, cur engine.Placed) bool {
	if d.impossible {
		return true // nothing to follow: the piece is dropped where it is
	}
	b := g.Board()
	rest := d.steps[d.step:]
	// Gravity may have made the path's next soft drops already.
	if cur.X == d.want.X && cur.Rot == d.want.Rot && cur.Y < d.want.Y {
		fell := d.want.Y - cur.Y
		for len(rest) > 0 && (rest[0] == MoveDown && fell > 0 || rest[0] == MoveSonic && b.Grounded(cur)) {
			if rest[0] == MoveDown {
				fell--
			}
			rest = rest[1:]
		}
	}
	end, ok := runPath(b, g.Kicks(), cur, rest, d.is20G(g))
	if !ok || end.Cells() != d.target.Cells() {
		// The path as it was, in case the skipped drops were still needed.
		end, ok = runPath(b, g.Kicks(), cur, d.steps[d.step:], d.is20G(g))
		if !ok || end.Cells() != d.target.Cells() {
			return false
		}
		rest = d.steps[d.step:]
	}
	d.step = len(d.steps) - len(rest)
	d.want = cur
	return true
}

// is20G says whether the driver plays by the 20G model: wait for the
// floor, then each step, with the piece falling to the floor after it.
func (d *Driver) is20G(g *engine.Game) bool { return FallsEveryTick(g) }

// replan finds a new way for the piece from where it is: the candidates of
// the last plan, best first, each reached by turning, shifting and dropping
// from here. If none is reachable, the piece is dropped where it is.
//
// A piece back where an earlier replan found it is going round in a loop:
// a turn's kick lifted it, gravity pulled it back before the rest of the
// path, and each turn spends a lock reset until the piece locks anywhere.
// From then on only routes without turns count.
func (d *Driver) replan(g *engine.Game, cur engine.Placed) {
	d.stats.Replans++
	looped := slices.Contains(d.replanned, cur)
	if looped {
		d.stats.Loops++
	}
	d.replanned = append(d.replanned, cur)
	b, kicks, g20 := g.Board(), g.Kicks(), d.is20G(g)
	for _, c := range d.plan.Candidates {
		if c.Placement.Piece != cur.Piece {
			continue
		}
		if path, ok := routeFrom(b, kicks, cur, c.Placement.Placed, g20); ok && !(looped && turns(path)) {
			p := c.Placement
			p.Spin = engine.SpinNone
			d.setTarget(p, path)
			d.want = cur
			return
		}
	}
	d.impossible = true
	d.steps = d.steps[:0]
	d.step = 0
	d.target = cur.Moved(0, -b.DropDistance(cur))
	d.want = cur
}

// act chooses the input for the next step of the path.
func (d *Driver) act(g *engine.Game, cur engine.Placed, prev engine.Input) engine.Input {
	b, kicks := g.Board(), g.Kicks()
	g20 := d.is20G(g)
	if d.step >= len(d.steps) || d.impossible {
		// Every step is done: hard drop, when the pace allows.
		if d.cfg.PiecesPerSecond > 0 && float64(g.Ticks()-d.started) < 60/d.cfg.PiecesPerSecond {
			return 0
		}
		if prev.Has(engine.InHardDrop) {
			return 0
		}
		return engine.InHardDrop
	}
	mv := d.steps[d.step]
	switch mv {
	case MoveDown, MoveSonic:
		next, ok := stepPath(b, kicks, cur, mv, g20)
		if !ok {
			d.replan(g, cur)
			return d.act(g, cur, prev)
		}
		d.step++
		if next == cur {
			return d.act(g, cur, prev)
		}
		// Hold soft drop until the piece is down there (continueSoft).
		d.soft, d.softY, d.want = true, next.Y, cur
		return engine.InSoftDrop
	case MoveLeft, MoveRight:
		key := keyOf[mv]
		run := 1
		for d.step+run < len(d.steps) && d.steps[d.step+run] == mv {
			run++
		}
		if run > 1 && d.dasFaster(g, cur, mv, run) {
			if prev.Has(key) {
				return 0 // release first, so that the press is seen
			}
			dx := 1
			if mv == MoveLeft {
				dx = -1
			}
			d.das, d.dasStop, d.dasSteps, d.dasIdle = key, cur.X+dx*run, run, 0
			d.want = cur
			return key
		}
	}
	key := keyOf[mv]
	if prev.Has(key) {
		return 0 // a tap needs a released tick before the next press
	}
	next, ok := stepPath(b, kicks, cur, mv, g20)
	if !ok {
		d.replan(g, cur)
		return d.act(g, cur, prev)
	}
	d.want = next
	d.step++
	return key
}

// dasFaster reports whether holding the key for auto-shift makes run moves
// in fewer ticks than tapping, and stops where the path wants.
func (d *Driver) dasFaster(g *engine.Game, cur engine.Placed, mv Move, run int) bool {
	cfg := g.Config()
	taps := 2*run - 1
	dx := 1
	if mv == MoveLeft {
		dx = -1
	}
	if cfg.ARR == 0 {
		// Auto-shift goes straight to the wall: use it only when the run
		// ends against something.
		end := cur.Moved(dx*run, 0)
		if g.Board().Fits(end.Moved(dx, 0)) {
			return false
		}
		return cfg.DAS+1 < taps
	}
	return cfg.DAS+(run-2)*cfg.ARR+1 < taps
}

// continueDAS keeps the auto-shift key held until the piece reaches the end
// of the run; it returns false once the run is over.
func (d *Driver) continueDAS(g *engine.Game, cur engine.Placed) (engine.Input, bool) {
	if cur.X == d.dasStop {
		d.das = 0
		d.step += d.dasSteps
		d.want = cur
		return 0, false
	}
	if cur.X == d.want.X {
		d.dasIdle++
	} else {
		d.dasIdle = 0
	}
	d.want = cur
	if d.dasIdle > g.Config().DAS+g.Config().ARR+2 {
		d.das = 0 // blocked: find another way
		d.replan(g, cur)
		return 0, false
	}
	return d.das, true
}

// continueSoft keeps soft drop held until the piece reaches the row a
// Down or Sonic step wants; it returns false once it is there (or below,
// when the drop was faster than a row a tick: follow then checks the rest).
func (d *Driver) continueSoft(cur engine.Placed) (engine.Input, bool) {
	if cur.Y > d.softY && cur.X == d.want.X && cur.Rot == d.want.Rot {
		d.want = cur
		return engine.InSoftDrop, true
	}
	d.soft = false
	if cur.Y == d.softY {
		d.want = cur
	}
	return 0, false
}

var keyOf = [...]engine.Input{
	MoveLeft: engine.InLeft, MoveRight: engine.InRight, MoveCW: engine.InRotateCW,
	MoveCCW: engine.InRotateCCW, Move180: engine.InRotate180,
	MoveDown: engine.InSoftDrop, MoveSonic: engine.InSoftDrop,
}

// stepPath does one move of a path the way the engine would, with 20G
// gravity pulling the piece to the floor after it when g20 is set.
func stepPath(b *engine.Board, kicks *engine.KickTable, m engine.Placed, mv Move, g20 bool) (engine.Placed, bool) {
	n := m
	switch mv {
	case MoveLeft, MoveRight:
		dx := 1
		if mv == MoveLeft {
			dx = -1
		}
		n = m.Moved(dx, 0)
		if !b.Fits(n) {
			return m, false
		}
	case MoveCW, MoveCCW, Move180:
		to := m.Rot.CW()
		switch mv {
		case MoveCCW:
			to = m.Rot.CCW()
		case Move180:
			to = m.Rot.Flip()
		}
		var ok bool
		if n, _, ok = engine.Rotate(b, kicks, m, to); !ok {
			return m, false
		}
	case MoveDown:
		n = m.Moved(0, -1)
		if !b.Fits(n) {
			return m, false
		}
	case MoveSonic:
		n = m.Moved(0, -b.DropDistance(m))
	}
	if g20 {
		n = n.Moved(0, -b.DropDistance(n))
	}
	return n, true
}

// runPath plays a path from m and drops the piece at the end; it reports
// where the piece lands and whether every move could be made.
func runPath(b *engine.Board, kicks *engine.KickTable, m engine.Placed, path []Move, g20 bool) (engine.Placed, bool) {
	for _, mv := range path {
		var ok bool
		if m, ok = stepPath(b, kicks, m, mv, g20); !ok {
			return m, false
		}
	}
	return m.Moved(0, -b.DropDistance(m)), true
}

// routeFrom looks for a simple way from m to the placement target: turn,
// shift, drop. It is how the driver recovers when gravity spoiled a plan.
func routeFrom(b *engine.Board, kicks *engine.KickTable, m, target engine.Placed, g20 bool) ([]Move, bool) {
	turns := [][]Move{{}, {MoveCW}, {MoveCCW}, {MoveCW, MoveCW}, {Move180}}
	want := target.Cells()
	for _, t := range turns {
		path := append([]Move(nil), t...)
		p, ok := runTurns(b, kicks, m, t, g20)
		if !ok {
			continue
		}
		// Shift until the piece is above the target's columns.
		for p.Rot == target.Rot && p.X != target.X {
			mv := MoveRight
			if target.X < p.X {
				mv = MoveLeft
			}
			var ok bool
			if p, ok = stepPath(b, kicks, p, mv, g20); !ok {
				break
			}
			path = append(path, mv)
		}
		if end := p.Moved(0, -b.DropDistance(p)); end.Cells() == want {
			return path, true
		}
	}
	return nil, false
}

// turns reports whether path turns the piece.
func turns(path []Move) bool {
	return slices.ContainsFunc(path, func(m Move) bool { return m == MoveCW || m == MoveCCW || m == Move180 })
}

func runTurns(b *engine.Board, kicks *engine.KickTable, m engine.Placed, turns []Move, g20 bool) (engine.Placed, bool) {
	for _, mv := range turns {
		if mv == Move180 && len(kicks.Kicks(m.Piece, m.Rot, m.Rot.Flip())) == 0 {
			return m, false
		}
		var ok bool
		if m, ok = stepPath(b, kicks, m, mv, g20); !ok {
			return m, false
		}
	}
	return m, true
}
