package soak

import (
	"fmt"
	"math"

	"github.com/kocka/kocka/engine"
)

// model is a second implementation of the rules, written from the
// guideline and Kocka's documented handling, that predicts every tick of a
// game from its inputs: where the piece is, the lock delay and its resets,
// hold, the stack, and the score, lines, level, back-to-back and combo
// counts. The soak compares it with the engine after every tick.
//
// It shares only data with the engine: the piece shapes (Placed.Cells), the
// kick table's offsets, and the pieces the randomizer deals (read from the
// queue before the tick, since the bag is checked on its own). Collision,
// line clears, gravity, DAS/ARR, lock delay, spin detection and scoring are
// its own.
type model struct {
	cfg   engine.Config
	kicks *engine.KickTable
	w, h  int
	rows  []uint16 // the stack, bottom first

	cur      engine.Placed
	has      bool
	hold     engine.Piece
	holdUsed bool

	gravAcc   int // sub-rows of gravity not yet fallen
	lockTimer int
	resets    int
	lowest    int  // the lowest bottom row the piece has reached
	lastTurn  bool // the last move that changed the piece was a turn
	lastKick  int  // the kick test the last turn used

	prev     engine.Input
	dasDir   int
	dasTimer int

	tick                            int
	score, lines, level, b2b, combo int
	end                             engine.EndReason

	// For one tick: the queue before it and how much of it was dealt; the
	// pieces the engine spawned and its piece afterwards, for deals the
	// queue did not show (with no preview, or past it); the clears made.
	queue   []engine.Piece
	dealt   int
	spawned []engine.Piece
	nspawn  int
	after   engine.Placed
	clears  []lockOutcome
}

// lockOutcome is what one lock scored.
type lockOutcome struct {
	clear  engine.Clear
	points int
}

// Guideline numbers, written out here rather than read from the engine.
const (
	subRows      = 1 << 16 // gravity is counted in 1/65536 rows
	twentyG      = 20 * subRows
	softPerRow   = 1
	hardPerRow   = 2
	comboPerStep = 50
	ultraTicks   = 2 * 60 * 60
	bufferRows   = 20 // hidden rows above the visible field
)

// gravityAt is the guideline curve: a row takes (0.8-(level-1)*0.007)^(level-1)
// seconds, at 60 ticks a second, in sub-rows per tick, rounded, capped at
// 20G, the same from level 20 on.
func gravityAt(level int) int {
	level = min(max(level, 1), 20)
	secs := math.Pow(0.8-float64(level-1)*0.007, float64(level-1))
	return min(int(math.Round(subRows/(secs*60))), twentyG)
}

// Guideline points at level 1, by T-spin kind (none, mini, full) and lines.
var linePoints = [3][5]int{
	{0, 100, 300, 500, 800},
	{100, 200, 400, 0, 0},
	{400, 800, 1200, 1600, 0},
}

// Guideline perfect-clear bonus by lines; a back-to-back tetris one is 3200.
var pcPoints = [5]int{0, 800, 1200, 1800, 2000}

// spawnWidth is the columns each piece spans as it spawns (it enters
// centred, rounded to the left).
var spawnWidth = map[engine.Piece]int{engine.I: 4, engine.O: 2, engine.T: 3, engine.S: 3, engine.Z: 3, engine.J: 3, engine.L: 3}

// newModel starts a model of a game that has just been created with cfg
// and whose first piece is first (its kind is the randomizer's).
func newModel(cfg engine.Config, first engine.Piece) *model {
	kicks := engine.SRS // guideline SRS; half turns need SRS+'s table
	if cfg.Rot180 {
		kicks = engine.SRSPlus
	}
	m := &model{
		cfg: cfg, kicks: kicks,
		w: cfg.Width, h: cfg.VisibleHeight + bufferRows,
		level: cfg.StartLevel, combo: -1,
	}
	m.rows = make([]uint16, m.h)
	m.spawn(first)
	return m
}

func (m *model) fits(p engine.Placed) bool {
	for _, c := range p.Cells() {
		x, y := int(c.X), int(c.Y)
		if x < 0 || x >= m.w || y < 0 {
			return false
		}
		if y < m.h && m.rows[y]>>uint(x)&1 != 0 {
			return false
		}
	}
	return true
}

// filled counts walls and floor as filled, for the T-spin corners.
func (m *model) filled(x, y int) bool {
	if x < 0 || x >= m.w || y < 0 {
		return true
	}
	return y < m.h && m.rows[y]>>uint(x)&1 != 0
}

func bottom(p engine.Placed) int {
	b := math.MaxInt
	for _, c := range p.Cells() {
		b = min(b, int(c.Y))
	}
	return b
}

func moved(p engine.Placed, dx, dy int) engine.Placed {
	p.X += dx
	p.Y += dy
	return p
}

// step predicts one tick with the buttons held. queue is the engine's
// queue before the tick; spawned are the kinds the engine spawned during
// it and after its piece after it, which are used only for deals that
// queue did not show.
func (m *model) step(held engine.Input, queue, spawned []engine.Piece, after engine.Placed) {
	m.queue, m.dealt, m.spawned, m.nspawn, m.after, m.clears = queue, 0, spawned, 0, after, m.clears[:0]
	if m.end != engine.Playing {
		return
	}
	m.tick++
	pressed := held &^ m.prev
	m.prev = held

	if pressed&engine.InHold != 0 && m.cfg.Hold && !m.holdUsed && m.has {
		out := m.hold
		m.hold = m.cur.Piece
		if out == engine.None {
			m.spawnNext()
		} else {
			m.spawn(out)
		}
		m.holdUsed = true
	}
	turned := false
	if m.has {
		// Turns in a fixed order: clockwise, counter-clockwise, half.
		for _, t := range [3]struct {
			button  engine.Input
			quarter int
		}{{engine.InRotateCW, 1}, {engine.InRotateCCW, 3}, {engine.InRotate180, 2}} {
			if pressed&t.button != 0 && m.turn(engine.Rotation((int(m.cur.Rot)+t.quarter)%4)) {
				turned = true
			}
		}
		if m.shift(held, pressed) {
			turned = true
		}
	}
	switch {
	case m.has && pressed&engine.InHardDrop != 0:
		d := 0
		for m.fits(moved(m.cur, 0, -(d + 1))) {
			d++
		}
		if d > 0 {
			m.cur = moved(m.cur, 0, -d)
			m.lastTurn = false
		}
		m.score += hardPerRow * d
		m.lock()
	case m.has:
		m.fall(held&engine.InSoftDrop != 0)
		m.settle(turned)
	}
	if m.end == engine.Playing && m.cfg.Goal == engine.GoalUltra && m.tick >= ultraTicks {
		m.end, m.has = engine.TimeUp, false
	}
}

// turn tries the kick table's offsets in order; the first that fits wins.
func (m *model) turn(to engine.Rotation) bool {
	for i, k := range m.kicks.Kicks(m.cur.Piece, m.cur.Rot, to) {
		n := engine.Placed{Piece: m.cur.Piece, Rot: to, X: m.cur.X + int(k.X), Y: m.cur.Y + int(k.Y)}
		if m.fits(n) {
			m.cur, m.lastTurn, m.lastKick = n, true, i
			return true
		}
	}
	return false
}

func (m *model) move(dx int) bool {
	n := moved(m.cur, dx, 0)
	if !m.fits(n) {
		return false
	}
	m.cur, m.lastTurn = n, false
	return true
}

// shift is delayed auto shift: a press moves once at once; held for DAS
// ticks, the piece repeats a move every ARR ticks (ARR 0: to the wall). The
// direction pressed last wins; releasing it hands over to the other if it
// is still held, which then waits its own DAS.
func (m *model) shift(held, pressed engine.Input) bool {
	if pressed&engine.InRight != 0 {
		m.dasDir, m.dasTimer = 1, 0
		return m.move(1)
	}
	if pressed&engine.InLeft != 0 {
		m.dasDir, m.dasTimer = -1, 0
		return m.move(-1)
	}
	right, left := held&engine.InRight != 0, held&engine.InLeft != 0
	if m.dasDir == 1 && !right || m.dasDir == -1 && !left {
		m.dasDir, m.dasTimer = 0, 0
		if left {
			m.dasDir = -1
		} else if right {
			m.dasDir = 1
		}
	}
	if m.dasDir == 0 {
		return false
	}
	m.dasTimer++
	switch {
	case m.dasTimer < m.cfg.DAS:
		return false
	case m.cfg.ARR == 0:
		went := false
		for m.move(m.dasDir) {
			went = true
		}
		return went
	case (m.dasTimer-m.cfg.DAS)%m.cfg.ARR == 0:
		return m.move(m.dasDir)
	}
	return false
}

// fall applies gravity (the level's, a fixed one, capped, or none), or the
// soft drop: gravity times the factor, at least level 1's times it, at most
// 20G; factor 0 drops to the floor at once.
func (m *model) fall(soft bool) {
	speed := 0
	if !m.cfg.NoGravity {
		speed = gravityAt(m.level)
		if m.cfg.FixedGravity != 0 {
			speed = m.cfg.FixedGravity
		}
		if m.cfg.GravityCap > 0 {
			speed = min(speed, m.cfg.GravityCap)
		}
	}
	if soft {
		if m.cfg.SoftDropFactor == 0 {
			speed = 4 * twentyG
		} else {
			speed = min(max(speed, gravityAt(1))*m.cfg.SoftDropFactor, twentyG)
		}
	}
	m.gravAcc += speed
	rows := m.gravAcc / subRows
	m.gravAcc %= subRows
	fell := 0
	for ; rows > 0; rows-- {
		if !m.fits(moved(m.cur, 0, -1)) {
			m.gravAcc = 0 // landed: the fraction is dropped
			break
		}
		m.cur = moved(m.cur, 0, -1)
		fell++
	}
	if fell > 0 {
		m.lastTurn = false
		if soft {
			m.score += softPerRow * fell
		}
	}
}

// settle is the lock delay (guideline): a grounded piece locks after
// LockDelay ticks; a move or turn while the delay runs restarts it, at most
// MaxResets times per piece; reaching a new lowest row gives the resets
// back; a grounded piece that moves after its resets are spent locks.
func (m *model) settle(changed bool) {
	if b := bottom(m.cur); b < m.lowest {
		m.lowest, m.resets, m.lockTimer = b, 0, 0
	}
	grounded := !m.fits(moved(m.cur, 0, -1))
	if changed && (grounded || m.lockTimer > 0) {
		if m.resets < m.cfg.MaxResets {
			m.resets++
			m.lockTimer = 0
		} else if grounded {
			m.lock()
			return
		}
	}
	if !grounded {
		return
	}
	m.lockTimer++
	if m.lockTimer >= m.cfg.LockDelay {
		m.lock()
	}
}

// spin is the guideline's three-corner rule: a T whose last move was a
// turn, with three of the four corners of its 3x3 box filled, is a T-spin;
// a mini unless both corners on the side it points to are filled or the
// turn took the fifth kick test.
func (m *model) spin() engine.Spin {
	p := m.cur
	if p.Piece != engine.T || !m.lastTurn {
		return engine.SpinNone
	}
	corner := func(dx, dy int) bool { return m.filled(p.X+dx, p.Y+dy) }
	n := 0
	for _, c := range [4][2]int{{0, 0}, {2, 0}, {0, 2}, {2, 2}} {
		if corner(c[0], c[1]) {
			n++
		}
	}
	if n < 3 {
		return engine.SpinNone
	}
	// The front corners: up, right, down, left.
	front := [4][2][2]int{{{0, 2}, {2, 2}}, {{2, 2}, {2, 0}}, {{0, 0}, {2, 0}}, {{0, 0}, {0, 2}}}[p.Rot&3]
	if corner(front[0][0], front[0][1]) && corner(front[1][0], front[1][1]) || m.lastKick == 4 {
		return engine.SpinFull
	}
	return engine.SpinMini
}

// lock fixes the piece, clears full rows, scores (guideline: line and
// T-spin points, half again for a back-to-back difficult clear, 50 per
// combo step, the perfect-clear bonus, all times the level), and deals the
// next piece.
func (m *model) lock() {
	p := m.cur
	m.has = false
	spin := m.spin()
	for _, c := range p.Cells() {
		if y := int(c.Y); y < m.h {
			m.rows[y] |= 1 << uint(c.X)
		}
	}
	full := uint16(1)<<uint(m.w) - 1
	kept := m.rows[:0]
	n := 0
	for _, r := range m.rows {
		if r == full {
			n++
		} else {
			kept = append(kept, r)
		}
	}
	for len(kept) < m.h {
		kept = append(kept, 0)
	}
	m.rows = kept
	empty := true
	for _, r := range m.rows {
		empty = empty && r == 0
	}
	c := engine.Clear{Lines: n, Spin: spin, PerfectClear: n > 0 && empty}
	difficult := n == 4 || n > 0 && spin != engine.SpinNone
	if n > 0 {
		m.combo++
		c.Combo = m.combo
		if difficult {
			c.BackToBack = m.b2b > 0
			m.b2b++
		} else {
			c.EndsChain = m.b2b > 0 // an easy clear after a difficult one
			m.b2b = 0
		}
	} else {
		m.combo = -1
	}
	pts := linePoints[spin][min(n, 4)]
	if c.BackToBack {
		pts = pts * 3 / 2
	}
	if n > 0 {
		pts += comboPerStep * c.Combo
	}
	if c.PerfectClear {
		if c.BackToBack && n == 4 {
			pts += 3200
		} else {
			pts += pcPoints[min(n, 4)]
		}
	}
	pts *= m.level
	m.score += pts
	m.lines += n
	m.level = max(m.level, m.cfg.StartLevel+m.lines/10)
	m.clears = append(m.clears, lockOutcome{c, pts})
	m.holdUsed = false
	switch {
	case bottom(p) >= m.cfg.VisibleHeight:
		m.end = engine.LockOut
	case m.cfg.GoalLines > 0 && (m.cfg.Goal == engine.GoalMarathon || m.cfg.Goal == engine.GoalSprint) && m.lines >= m.cfg.GoalLines:
		m.end = engine.GoalMet
	default:
		m.spawnNext()
	}
}

// spawnNext deals the next piece: the queue's front, or, past what the
// queue showed before the tick, the piece the engine ended up with.
func (m *model) spawnNext() {
	p := m.after.Piece
	switch {
	case m.dealt < len(m.queue):
		p = m.queue[m.dealt]
	case m.nspawn < len(m.spawned):
		p = m.spawned[m.nspawn]
	}
	m.dealt++
	m.spawn(p)
}

// spawn brings p in centred in orientation 0 with its lowest cells on the
// first row above the visible field, then one row lower if it fits there
// (guideline). A spawn into the stack is a block out.
func (m *model) spawn(p engine.Piece) {
	s := engine.Placed{Piece: p, X: (m.w - spawnWidth[p]) / 2}
	s.Y = m.cfg.VisibleHeight - bottom(s)
	m.has = false
	m.cur = s
	m.nspawn++
	if !m.fits(s) {
		m.end = engine.BlockOut
		return
	}
	if m.fits(moved(s, 0, -1)) {
		s = moved(s, 0, -1)
	}
	m.cur, m.has = s, true
	m.gravAcc, m.lockTimer, m.resets = 0, 0, 0
	m.lowest = bottom(s)
	m.lastTurn, m.lastKick = false, -1
}

// diff returns how the engine's state after a tick differs from the
// prediction, or "".
func (m *model) diff(o *observation) string {
	type pair struct {
		what      string
		got, want int
	}
	for _, c := range []pair{
		{"score", o.score, m.score}, {"lines", o.lines, m.lines}, {"level", o.level, m.level},
		{"back-to-back chain", o.b2b, m.b2b}, {"combo", o.combo, m.combo},
		{"lock timer", o.lockTimer, m.lockTimer}, {"lock resets", o.resets, m.resets},
	} {
		if c.got != c.want {
			return fmt.Sprintf("%s is %d, the model says %d", c.what, c.got, c.want)
		}
	}
	switch {
	case o.end != m.end:
		return fmt.Sprintf("the game is %v, the model says %v", o.end, m.end)
	case o.has != m.has || m.has && o.cur != m.cur:
		return fmt.Sprintf("the piece is %s, the model says %s", piece(o.has, o.cur), piece(m.has, m.cur))
	case o.hold != m.hold || o.holdUsed != m.holdUsed:
		return fmt.Sprintf("hold is %v (used %v), the model says %v (used %v)", o.hold, o.holdUsed, m.hold, m.holdUsed)
	case len(o.clears) != len(m.clears):
		return fmt.Sprintf("%d locks this tick, the model says %d", len(o.clears), len(m.clears))
	}
	for i, c := range o.clears {
		if c != m.clears[i] {
			return fmt.Sprintf("a lock scored %+v for %d points, the model says %+v for %d", c.clear, c.points, m.clears[i].clear, m.clears[i].points)
		}
	}
	for y, r := range m.rows {
		if got := o.rows[y]; got != r {
			return fmt.Sprintf("stack row %d is %010b, the model says %010b", y, got, r)
		}
	}
	return ""
}

func piece(has bool, p engine.Placed) string {
	if !has {
		return "none"
	}
	return fmt.Sprintf("%v %v at (%d,%d)", p.Piece, p.Rot, p.X, p.Y)
}

// observation is what the model checks of the engine after a tick.
type observation struct {
	cur                             engine.Placed
	has                             bool
	hold                            engine.Piece
	holdUsed                        bool
	score, lines, level, b2b, combo int
	lockTimer, resets               int
	end                             engine.EndReason
	rows                            []uint16
	clears                          []lockOutcome
}

func observe(g *engine.Game, o *observation) {
	o.cur, o.has = g.Current()
	o.hold, o.holdUsed = g.Hold(), g.HoldUsed()
	o.score, o.lines, o.level, o.b2b, o.combo = g.Score(), g.Lines(), g.Level(), g.BackToBack(), g.Combo()
	o.lockTimer, o.resets = g.LockTimer(), g.Resets()
	o.end = g.End()
	o.rows = g.Board().Rows()
	o.clears = o.clears[:0]
	for _, e := range g.Events() {
		if e.Kind == engine.EvLock {
			o.clears = append(o.clears, lockOutcome{e.Clear, e.Points})
		}
	}
}
