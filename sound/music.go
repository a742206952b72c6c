package sound

import (
	"encoding/binary"
	"math"
)

// The music is an original loop, written here as data and rendered by the
// same oscillators as the effects: a bass line, chords and a lead over a
// i-VI-III-VII progression in A minor, 8 bars at 132 beats a minute
// (about 14.5 s), made to loop without a seam (every voice ends before the
// loop does, and the loop is a whole number of samples per beat).
const (
	musicBPM   = 132
	musicBars  = 8
	musicBeats = musicBars * 4
)

// musicNote is one note of the loop: at beat (in eighths), for len eighths,
// MIDI pitch, on an oscillator at a level.
type musicNote struct {
	at, len int
	pitch   int
	w       wave
	vol     float64
}

// chords are the bars' roots (MIDI) and chord tones, two bars each.
var musicChords = [4]struct {
	root  int
	tones [3]int
}{
	{45, [3]int{57, 60, 64}}, // A minor
	{41, [3]int{57, 60, 65}}, // F major
	{48, [3]int{55, 60, 64}}, // C major
	{43, [3]int{55, 59, 62}}, // G major
}

// musicLead is the melody, in eighths: pitch (0 = rest) and length.
var musicLead = [][2]int{
	{76, 2}, {72, 1}, {74, 1}, {76, 2}, {79, 2}, {77, 2}, {76, 1}, {74, 1}, {72, 4},
	{72, 2}, {69, 1}, {72, 1}, {77, 2}, {76, 2}, {74, 4}, {0, 4},
	{76, 2}, {79, 1}, {81, 1}, {79, 2}, {76, 2}, {74, 2}, {72, 1}, {74, 1}, {76, 4},
	{74, 2}, {71, 1}, {72, 1}, {74, 2}, {79, 2}, {74, 6}, {0, 2},
}

// musicScore lays the loop out as notes.
func musicScore() []musicNote {
	var out []musicNote
	for bar := 0; bar < musicBars; bar++ {
		ch := musicChords[bar/2%len(musicChords)]
		for e := 0; e < 8; e++ { // bass: root on the beat, octave on the off-beat
			p := ch.root
			if e%2 == 1 {
				p += 12
			}
			out = append(out, musicNote{at: bar*8 + e, len: 1, pitch: p, w: triangle, vol: 0.30})
		}
		for _, beat := range []int{0, 3, 6} { // chords: a syncopated stab
			for _, t := range ch.tones {
				out = append(out, musicNote{at: bar*8 + beat, len: 2, pitch: t, w: square, vol: 0.035})
			}
		}
	}
	at := 0
	for _, n := range musicLead {
		if n[0] != 0 {
			out = append(out, musicNote{at: at, len: n[1], pitch: n[0], w: triangle, vol: 0.16})
		}
		at += n[1]
	}
	return out
}

// MusicLoop renders the loop as 16-bit little-endian stereo PCM at
// sampleRate, ready to play with an infinite loop.
func MusicLoop(sampleRate int) []byte { return renderMusic(sampleRate, nil) }

// renderMusic is MusicLoop, calling yield (when not nil) after each note:
// in the browser, goroutines share one thread, and the game's frames must
// go on while the loop renders.
func renderMusic(sampleRate int, yield func()) []byte {
	eighth := sampleRate * 60 / musicBPM / 2
	total := eighth * musicBeats * 2
	samples := make([]float64, total)
	for _, n := range musicScore() {
		f := 440 * math.Pow(2, float64(n.pitch-69)/12)
		start, length := n.at*eighth, n.len*eighth
		phase := 0.0
		for i := 0; i < length && start+i < total; i++ {
			t := float64(i) / float64(length)
			phase += f / float64(sampleRate)
			phase -= math.Floor(phase)
			var v float64
			switch n.w {
			case square:
				v = 1
				if phase >= 0.5 {
					v = -1
				}
			case triangle:
				v = 4*math.Abs(phase-0.5) - 1
			default:
				v = math.Sin(2 * math.Pi * phase)
			}
			attack := min(1, float64(i)/(0.005*float64(sampleRate)))
			release := min(1, float64(length-i)/(0.01*float64(sampleRate)))
			samples[start+i] += v * n.vol * attack * release * (1 - 0.5*t)
		}
		if yield != nil {
			yield()
		}
	}
	out := make([]byte, total*4)
	for i, v := range samples {
		v = math.Max(-1, math.Min(1, v))
		x := uint16(int16(v * 32767))
		binary.LittleEndian.PutUint16(out[4*i:], x)
		binary.LittleEndian.PutUint16(out[4*i+2:], x)
	}
	return out
}
