package scenes

import "time"

// tickClock turns real time into game ticks, 60 a second however many
// frames are drawn. Ebitengine would run at most five updates in a frame
// to catch up, so below 12 frames a second the game slowed down (a
// loaded page ran 8 to 44 ticks a second); the App runs one Update per
// frame (ebiten.SyncWithFPS) and asks the clock how many ticks are due.
type tickClock struct {
	last  time.Time
	carry int64 // real time not yet run, in ns*60 (one tick = 1e9); negative: ran ahead by less than half a tick

	// The ticks run in the last whole second, for F3.
	since   time.Time
	counted int
	rate    float64
}

// maxTicksPerFrame bounds the catch-up of one frame to half a
// second of game time: a frame slower than that (a hidden tab, a stall)
// makes the game slow down rather than run a burst that would slow the
// next frame further.
const maxTicksPerFrame = 30

// due reports how many ticks to run in a frame drawn at now: the real time
// since the last frame, in ticks, rounded to the nearest with the rest
// kept, so that the count never drifts from real time.
func (c *tickClock) due(now time.Time) int {
	if c.last.IsZero() {
		c.last, c.since = now, now
		return 1
	}
	d := now.Sub(c.last)
	c.last = now
	if d < 0 {
		d = 0
	}
	const tick = int64(time.Second)
	c.carry = min(c.carry+int64(d)*60, maxTicksPerFrame*tick)
	n := (c.carry + tick/2) / tick
	if n < 0 {
		n = 0
	}
	c.carry -= n * tick
	return int(n)
}

// count notes n ticks run at now, for the rate.
func (c *tickClock) count(n int, now time.Time) {
	if c.since.IsZero() {
		c.since = now
	}
	c.counted += n
	if el := now.Sub(c.since); el >= time.Second {
		c.rate = float64(c.counted) / el.Seconds()
		c.counted, c.since = 0, now
	}
}

// TickRate is the game ticks run in the last whole second (60 when the
// game keeps time).
func (a *App) TickRate() float64 { return a.clock.rate }

// mergeFrame adds the presses of a frame in which no tick ran to the next
// one, so that no tap is lost when frames come faster than ticks.
func mergeFrame(pending *Frame, f Frame) {
	pending.Pressed |= f.Pressed
	pending.Menu |= f.Menu
	pending.Keys = append(pending.Keys, f.Keys...)
	pending.Click = pending.Click || f.Click
	pending.PointerMoved = pending.PointerMoved || f.PointerMoved
	pending.Held, pending.MenuHeld, pending.X, pending.Y = f.Held, f.MenuHeld, f.X, f.Y
}
