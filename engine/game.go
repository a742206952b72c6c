package engine

import "fmt"

// Stats counts what happened in a game.
type Stats struct {
	Pieces        int
	Holds         int
	CellsPlaced   int // 4 per locked piece
	CellsCleared  int // width per cleared row
	Clears        [5]int
	TSpins        [4]int // full T-spins by lines (0..3)
	MiniTSpins    [3]int // mini T-spins by lines (0..2)
	PerfectClears int
	MaxCombo      int
	MaxBackToBack int
	Attack        int // garbage rows sent under the guideline tables (Clear.Attack)
}

// Game is one game in progress. Create it with NewGame and advance it with
// Tick, once per 60th of a second.
type Game struct {
	cfg   Config
	kicks *KickTable
	seed  uint64
	board *Board
	rand  Randomizer

	queue    []Piece
	cur      Placed
	hasPiece bool
	hold     Piece
	holdUsed bool

	tick      int
	gravAcc   int
	lockTimer int
	resets    int
	lowest    int  // lowest row the current piece's bottom has reached
	lastRot   bool // the last successful move was a turn
	lastKick  int

	prev     Input
	dasDir   int // -1 left, +1 right, 0 none
	dasTimer int
	dcdWait  int // ticks the DAS charge still pauses (Config.DCD)

	score     int
	lines     int
	level     int
	b2b       int // length of the back-to-back chain (0 = none)
	combo     int // -1 = no combo running
	stats     Stats
	end       EndReason
	lastClear Clear

	events []Event
}

// NewGame starts a game with a built-in randomizer seeded by seed.
func NewGame(cfg Config, seed uint64) (*Game, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	r, err := NewRandomizer(cfg.Randomizer, seed, cfg.Pieces)
	if err != nil {
		return nil, err
	}
	return NewGameWith(cfg, seed, r)
}

// NewGameWith starts a game whose pieces come from r (an adversary, a fixed
// sequence). seed is recorded for replays.
func NewGameWith(cfg Config, seed uint64, r Randomizer) (*Game, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	g := &Game{
		cfg:   cfg,
		kicks: SRS,
		seed:  seed,
		board: NewBoard(cfg.Width, cfg.VisibleHeight+BufferRows),
		rand:  r,
		level: cfg.StartLevel,
		combo: -1,
	}
	if cfg.Rot180 {
		g.kicks = SRSPlus
	}
	g.spawnNext()
	return g, nil
}

// Accessors for drawing, the bot and tests.

func (g *Game) Config() Config          { return g.cfg }
func (g *Game) Seed() uint64            { return g.seed }
func (g *Game) Board() *Board           { return g.board }
func (g *Game) Kicks() *KickTable       { return g.kicks }
func (g *Game) Hold() Piece             { return g.hold }
func (g *Game) HoldUsed() bool          { return g.holdUsed }
func (g *Game) Score() int              { return g.score }
func (g *Game) Lines() int              { return g.lines }
func (g *Game) Level() int              { return g.level }
func (g *Game) Ticks() int              { return g.tick }
func (g *Game) Stats() Stats            { return g.stats }
func (g *Game) Combo() int              { return g.combo }
func (g *Game) BackToBack() int         { return g.b2b }
func (g *Game) LastClear() Clear        { return g.lastClear }
func (g *Game) End() EndReason          { return g.end }
func (g *Game) Over() bool              { return g.end != Playing }
func (g *Game) LockTimer() int          { return g.lockTimer }
func (g *Game) Resets() int             { return g.resets }
func (g *Game) Randomizer() Randomizer  { return g.rand }
func (g *Game) LastMoveWasTurn() bool   { return g.lastRot }
func (g *Game) PreviousInput() Input    { return g.prev }
func (g *Game) SpawnRow() int           { return g.cfg.VisibleHeight }
func (g *Game) VisibleHeight() int      { return g.cfg.VisibleHeight }
func (g *Game) Events() []Event         { return g.events }
func (g *Game) Current() (Placed, bool) { return g.cur, g.hasPiece }

// Queue returns the upcoming pieces, next first. Only the first
// Config.Preview are meant to be shown.
func (g *Game) Queue() []Piece { return g.queue }

// Gravity is the current falling speed in sub-rows per tick.
func (g *Game) Gravity() int {
	if g.cfg.NoGravity {
		return 0
	}
	grav := g.cfg.FixedGravity
	if grav == 0 {
		grav = GravityForLevel(g.level)
	}
	if g.cfg.GravityCap > 0 {
		grav = min(grav, g.cfg.GravityCap)
	}
	return grav
}

// Ghost is where the current piece would land.
func (g *Game) Ghost() Placed {
	return g.cur.Moved(0, -g.board.DropDistance(g.cur))
}

func (g *Game) emit(e Event) { g.events = append(g.events, e) }

// Tick advances the game by one 60th of a second with the buttons in held,
// and returns what happened (valid until the next Tick).
func (g *Game) Tick(held Input) []Event {
	g.events = g.events[:0]
	if g.end != Playing {
		return g.events
	}
	g.tick++
	pressed := held &^ g.prev
	g.prev = held

	if pressed.Has(InHold) {
		g.doHold()
	}
	moved := false
	if g.hasPiece {
		for _, t := range [...]struct {
			button Input
			turn   func(Rotation) Rotation
		}{{InRotateCW, Rotation.CW}, {InRotateCCW, Rotation.CCW}, {InRotate180, Rotation.Flip}} {
			if pressed.Has(t.button) && g.turn(t.turn(g.cur.Rot)) {
				moved = true
				g.cutDAS()
			}
		}
		if g.shift(held, pressed) {
			moved = true
		}
	}
	if g.hasPiece && pressed.Has(InHardDrop) {
		d := g.board.DropDistance(g.cur)
		if d > 0 {
			g.cur = g.cur.Moved(0, -d)
			g.lastRot = false
		}
		g.score += HardDropPoints * d
		g.emit(Event{Kind: EvHardDrop, Piece: g.cur, Rows: d})
		g.cutDAS()
		g.lock()
	} else if g.hasPiece {
		g.fall(held.Has(InSoftDrop))
		g.settle(moved)
	}
	if g.end == Playing && g.cfg.Goal == GoalUltra && g.tick >= UltraTicks {
		g.finish(TimeUp)
	}
	return g.events
}

// turn rotates the current piece, reports whether it turned, and applies
// the lock-delay reset rule.
func (g *Game) turn(to Rotation) bool {
	n, kick, ok := Rotate(g.board, g.kicks, g.cur, to)
	if !ok {
		return false
	}
	g.cur = n
	g.lastRot = true
	g.lastKick = kick
	g.emit(Event{Kind: EvRotate, Piece: n, Kick: kick})
	return true
}

// move shifts the current piece one column and reports whether it moved.
func (g *Game) move(dx int) bool {
	n := g.cur.Moved(dx, 0)
	if !g.board.Fits(n) {
		return false
	}
	g.cur = n
	g.lastRot = false
	g.emit(Event{Kind: EvMove, Piece: n})
	return true
}

// shift applies the sideways buttons with delayed auto shift: a press moves
// once, holding for DAS ticks starts auto-repeat, one move every ARR ticks
// (ARR 0: straight to the wall). The most recently pressed direction wins.
func (g *Game) shift(held, pressed Input) bool {
	switch {
	case pressed.Has(InRight):
		g.dasDir, g.dasTimer, g.dcdWait = 1, 0, 0
		return g.move(1)
	case pressed.Has(InLeft):
		g.dasDir, g.dasTimer, g.dcdWait = -1, 0, 0
		return g.move(-1)
	}
	// The held direction was released: fall back on the other if it is held.
	if g.dasDir == 1 && !held.Has(InRight) || g.dasDir == -1 && !held.Has(InLeft) {
		g.dasDir, g.dasTimer = 0, 0
		switch {
		case held.Has(InLeft):
			g.dasDir = -1
		case held.Has(InRight):
			g.dasDir = 1
		}
	}
	if g.dasDir == 0 {
		return false
	}
	if g.dcdWait > 0 { // DAS cut: the charge waits
		g.dcdWait--
		return false
	}
	g.dasTimer++
	if g.dasTimer < g.cfg.DAS {
		return false
	}
	if g.cfg.ARR == 0 {
		moved := false
		for g.move(g.dasDir) {
			moved = true
		}
		return moved
	}
	if (g.dasTimer-g.cfg.DAS)%g.cfg.ARR == 0 {
		return g.move(g.dasDir)
	}
	return false
}

// cutDAS starts the DAS cut delay after a turn, a hard drop or a spawn
// (Jstris, TETR.IO): a held direction's charge pauses for DCD ticks.
func (g *Game) cutDAS() {
	if g.cfg.DCD > 0 {
		g.dcdWait = g.cfg.DCD
	}
}

// fall applies gravity, or soft drop while it is held.
func (g *Game) fall(soft bool) {
	speed := g.Gravity()
	if soft {
		if g.cfg.SoftDropFactor == 0 {
			speed = MaxGravity * 4 // straight to the floor
		} else {
			speed = min(max(speed, GravityForLevel(1))*g.cfg.SoftDropFactor, MaxGravity)
		}
	}
	g.gravAcc += speed
	rows := g.gravAcc / SubRows
	g.gravAcc %= SubRows
	fell := 0
	for ; rows > 0; rows-- {
		n := g.cur.Moved(0, -1)
		if !g.board.Fits(n) {
			g.gravAcc = 0
			break
		}
		g.cur = n
		fell++
	}
	if fell > 0 {
		g.lastRot = false
		if soft {
			g.score += SoftDropPoints * fell
			g.emit(Event{Kind: EvSoftDrop, Piece: g.cur, Rows: fell})
		}
	}
}

// settle runs the lock delay (guideline: 30 ticks, move reset at most 15
// times per piece, the count cleared when the piece reaches a new lowest
// row). A grounded piece that moves or turns after its resets are spent
// locks at once.
func (g *Game) settle(moved bool) {
	if b := g.cur.Bottom(); b < g.lowest {
		g.lowest = b
		g.resets = 0
		g.lockTimer = 0
	}
	grounded := g.board.Grounded(g.cur)
	// Only moves made while the lock delay runs count as resets.
	if moved && (grounded || g.lockTimer > 0) {
		if g.resets < g.cfg.MaxResets {
			g.resets++
			g.lockTimer = 0
		} else if grounded {
			g.lock()
			return
		}
	}
	if !grounded {
		return
	}
	g.lockTimer++
	if g.lockTimer >= g.cfg.LockDelay {
		g.lock()
	}
}

func (g *Game) doHold() {
	if !g.cfg.Hold || g.holdUsed || !g.hasPiece {
		return
	}
	out := g.hold
	g.hold = g.cur.Piece
	g.stats.Holds++
	g.emit(Event{Kind: EvHold, Piece: Placed{Piece: out}})
	if out == None {
		g.spawnNext()
	} else {
		g.spawn(out)
	}
	g.holdUsed = true
}

// spawnNext takes the next piece from the queue, then refills the queue so
// that the preview always shows Config.Preview pieces.
func (g *Game) spawnNext() {
	if len(g.queue) == 0 {
		g.queue = append(g.queue, g.rand.Next(g))
	}
	p := g.queue[0]
	g.queue = append(g.queue[:0], g.queue[1:]...)
	g.spawn(p)
	for g.end == Playing && len(g.queue) < g.cfg.Preview {
		g.queue = append(g.queue, g.rand.Next(g))
	}
}

// spawn brings p in at the top; it drops one row at once if it can
// (guideline). A spawn that overlaps the stack is a block out.
func (g *Game) spawn(p Piece) {
	m := SpawnPosition(p, g.cfg.Width, g.cfg.VisibleHeight)
	g.hasPiece = false
	if !g.board.Fits(m) {
		g.cur = m
		g.finish(BlockOut)
		return
	}
	if g.board.Fits(m.Moved(0, -1)) {
		m = m.Moved(0, -1)
	}
	g.cur, g.hasPiece = m, true
	g.gravAcc, g.lockTimer, g.resets = 0, 0, 0
	g.lowest = m.Bottom()
	g.lastRot, g.lastKick = false, -1
	g.cutDAS()
	g.emit(Event{Kind: EvSpawn, Piece: m})
}

// rowsOf copies the rows in mask (bit y = row y), bottom first, up to
// MaxClear of them.
func (b *Board) rowsOf(mask uint64) (out [MaxClear]ClearedRow) {
	n := 0
	for y := 0; y < b.Height && mask != 0 && n < MaxClear; y++ {
		if mask&(1<<uint(y)) == 0 {
			continue
		}
		out[n].Y = y
		copy(out[n].Cells[:b.Width], b.kinds[y*b.Width:(y+1)*b.Width])
		n++
	}
	return out
}

// lock fixes the current piece, clears lines, scores, and spawns the next.
func (g *Game) lock() {
	m := g.cur
	g.hasPiece = false
	spin := DetectSpin(g.board, m, g.lastRot, g.lastKick)
	g.board.Place(m)
	g.stats.Pieces++
	g.stats.CellsPlaced += 4
	rows := g.board.FullRows()
	cleared := g.board.rowsOf(rows)
	n := g.board.ClearLines()
	g.stats.CellsCleared += n * g.cfg.Width

	c := Clear{Lines: n, Spin: spin, PerfectClear: n > 0 && g.board.Empty()}
	if n > 0 {
		g.combo++
		c.Combo = g.combo
		if c.Difficult() {
			c.BackToBack = g.b2b > 0
			g.b2b++
		} else {
			c.EndsChain = g.b2b > 0
			g.b2b = 0
		}
	} else {
		g.combo = -1
	}
	points := c.Points(g.level)
	g.score += points
	g.lines += n
	g.count(c)
	g.lastClear = c
	g.emit(Event{Kind: EvLock, Piece: m, Clear: c, Points: points, ClearedRows: rows, Cleared: cleared})

	if lvl := g.cfg.StartLevel + g.lines/10; lvl > g.level {
		g.level = lvl
		g.emit(Event{Kind: EvLevelUp, Level: lvl})
	}
	g.holdUsed = false
	if m.Bottom() >= g.cfg.VisibleHeight {
		g.finish(LockOut)
		return
	}
	if goal := g.cfg.GoalLines; goal > 0 && (g.cfg.Goal == GoalMarathon || g.cfg.Goal == GoalSprint) && g.lines >= goal {
		g.finish(GoalMet)
		return
	}
	g.spawnNext()
}

func (g *Game) count(c Clear) {
	s := &g.stats
	if c.Lines <= 4 {
		s.Clears[c.Lines]++
	}
	switch c.Spin {
	case SpinFull:
		s.TSpins[min(c.Lines, 3)]++
	case SpinMini:
		s.MiniTSpins[min(c.Lines, 2)]++
	}
	if c.PerfectClear {
		s.PerfectClears++
	}
	s.Attack += c.Attack()
	s.MaxCombo = max(s.MaxCombo, g.combo)
	s.MaxBackToBack = max(s.MaxBackToBack, g.b2b)
}

func (g *Game) finish(r EndReason) {
	g.end = r
	g.hasPiece = false
	g.emit(Event{Kind: EvGameOver, End: r})
}

// StateHash folds everything that decides the game's future into 64 bits:
// two games with the same hash play on identically. Replays and the
// browser build compare it.
func (g *Game) StateHash() uint64 {
	h := NewFNV1a()
	h.Int(g.board.Width)
	h.Int(g.board.Height)
	for y := 0; y < g.board.Height; y++ {
		for x := 0; x < g.board.Width; x++ {
			h.Byte(uint8(g.board.At(x, y)))
		}
	}
	for _, p := range g.queue {
		h.Byte(uint8(p))
	}
	h.Byte(0xFF)
	h.Bool(g.hasPiece)
	h.Byte(uint8(g.cur.Piece))
	h.Byte(uint8(g.cur.Rot))
	h.Int(g.cur.X)
	h.Int(g.cur.Y)
	h.Byte(uint8(g.hold))
	h.Bool(g.holdUsed)
	for _, v := range []int{g.tick, g.gravAcc, g.lockTimer, g.resets, g.lowest, g.lastKick,
		int(g.prev), g.dasDir, g.dasTimer, g.score, g.lines, g.level, g.b2b, g.combo, int(g.end)} {
		h.Int(v)
	}
	h.Bool(g.lastRot)
	if g.cfg.DCD > 0 { // only then can it be other than 0: old hashes stay
		h.Int(g.dcdWait)
	}
	h.Uint64(g.rand.Fingerprint())
	return h.Sum()
}

// String summarises the game for logs and failure dumps.
func (g *Game) String() string {
	return fmt.Sprintf("tick %d, score %d, lines %d, level %d, pieces %d, end %v, hash %016x\n%s",
		g.tick, g.score, g.lines, g.level, g.stats.Pieces, g.end, g.StateHash(), g.board)
}
