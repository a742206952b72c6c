package sound

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Effect is a sound effect.
type Effect uint8

// The effects.
const (
	Move Effect = iota
	Rotate
	Hold
	HardDrop
	Lock
	Clear
	Tetris
	TSpin
	Perfect
	LevelUp
	TopOut
	MenuMove
	MenuSelect
	NumEffects
)

var soundNames = [NumEffects]string{"move", "rotate", "hold", "harddrop", "lock", "clear",
	"tetris", "tspin", "perfect", "levelup", "topout", "menumove", "menuselect"}

func (s Effect) String() string {
	if s < NumEffects {
		return soundNames[s]
	}
	return fmt.Sprintf("Effect(%d)", uint8(s))
}

// wave is an oscillator shape.
type wave uint8

const (
	sine wave = iota
	square
	triangle
	noise
)

// note is one voice of an effect: a tone gliding from f0 to f1 Hz, starting
// at ms and lasting for dur ms, with a quick attack and an exponential decay.
type note struct {
	w       wave
	f0, f1  float64
	ms, dur int
	vol     float64
}

// recipes holds every effect as data: short, bright, and distinct enough to
// tell apart without looking.
var recipes = [NumEffects][]note{
	Move:     {{square, 880, 880, 0, 25, 0.10}},
	Rotate:   {{triangle, 660, 990, 0, 45, 0.22}},
	Hold:     {{triangle, 520, 390, 0, 70, 0.22}, {triangle, 780, 585, 30, 60, 0.12}},
	HardDrop: {{noise, 0, 0, 0, 60, 0.18}, {sine, 180, 60, 0, 90, 0.45}},
	Lock:     {{sine, 220, 150, 0, 70, 0.35}, {noise, 0, 0, 0, 25, 0.06}},
	Clear:    {{square, 523, 523, 0, 80, 0.10}, {square, 659, 659, 60, 80, 0.10}, {square, 784, 784, 120, 140, 0.10}},
	Tetris: {{square, 523, 523, 0, 90, 0.11}, {square, 659, 659, 70, 90, 0.11}, {square, 784, 784, 140, 90, 0.11},
		{square, 1047, 1047, 210, 260, 0.12}, {triangle, 262, 262, 210, 300, 0.25}},
	TSpin: {{triangle, 440, 880, 0, 120, 0.25}, {square, 880, 880, 110, 90, 0.09}, {square, 1175, 1175, 190, 200, 0.09}},
	Perfect: {{triangle, 523, 523, 0, 120, 0.2}, {triangle, 659, 659, 100, 120, 0.2}, {triangle, 784, 784, 200, 120, 0.2},
		{triangle, 1047, 1047, 300, 120, 0.2}, {square, 1319, 1319, 400, 400, 0.1}},
	LevelUp:    {{square, 392, 392, 0, 90, 0.1}, {square, 523, 523, 80, 90, 0.1}, {square, 659, 659, 160, 90, 0.1}, {square, 784, 784, 240, 220, 0.1}},
	TopOut:     {{square, 392, 98, 0, 900, 0.14}, {noise, 0, 0, 0, 400, 0.08}},
	MenuMove:   {{triangle, 1200, 1200, 0, 30, 0.15}},
	MenuSelect: {{triangle, 800, 1600, 0, 90, 0.2}},
}

// Synth renders effect s as 16-bit little-endian stereo PCM at sampleRate,
// the format Ebitengine's audio players take.
func Synth(s Effect, sampleRate int) []byte {
	notes := recipes[s]
	end := 0
	for _, n := range notes {
		end = max(end, n.ms+n.dur)
	}
	samples := make([]float64, end*sampleRate/1000+1)
	seed := uint32(0x9e3779b9) ^ uint32(s)
	for _, n := range notes {
		start := n.ms * sampleRate / 1000
		length := n.dur * sampleRate / 1000
		phase := 0.0
		for i := 0; i < length && start+i < len(samples); i++ {
			t := float64(i) / float64(length)
			f := n.f0 + (n.f1-n.f0)*t
			phase += f / float64(sampleRate)
			phase -= math.Floor(phase)
			var v float64
			switch n.w {
			case sine:
				v = math.Sin(2 * math.Pi * phase)
			case square:
				v = 1
				if phase >= 0.5 {
					v = -1
				}
			case triangle:
				v = 4*math.Abs(phase-0.5) - 1
			case noise:
				seed ^= seed << 13 // xorshift: deterministic noise
				seed ^= seed >> 17
				seed ^= seed << 5
				v = float64(seed)/float64(math.MaxUint32)*2 - 1
			}
			attack := min(1, float64(i)/(0.004*float64(sampleRate)))
			samples[start+i] += v * n.vol * attack * math.Exp(-4*t) * (1 - t*t)
		}
	}
	out := make([]byte, len(samples)*4)
	for i, v := range samples {
		v = math.Max(-1, math.Min(1, v))
		x := uint16(int16(v * 32767))
		binary.LittleEndian.PutUint16(out[4*i:], x)
		binary.LittleEndian.PutUint16(out[4*i+2:], x)
	}
	return out
}
