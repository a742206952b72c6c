package sound

import (
	"bytes"
	"encoding/binary"
	"testing"
)

func TestSynth(t *testing.T) {
	const rate = 44100
	for s := Effect(0); s < NumEffects; s++ {
		pcm := Synth(s, rate)
		if len(pcm)%4 != 0 {
			t.Fatalf("%v: %d bytes is not whole stereo frames", s, len(pcm))
		}
		frames := len(pcm) / 4
		if frames < rate/100 || frames > rate*2 {
			t.Errorf("%v: %d frames, want between 10 ms and 2 s", s, frames)
		}
		peak := 0
		for i := 0; i < len(pcm); i += 4 {
			l := int(int16(binary.LittleEndian.Uint16(pcm[i:])))
			r := int(int16(binary.LittleEndian.Uint16(pcm[i+2:])))
			if l != r {
				t.Fatalf("%v: channels differ at frame %d", s, i/4)
			}
			peak = max(peak, l, -l)
		}
		if peak < 1000 {
			t.Errorf("%v: peak %d, effectively silent", s, peak)
		}
		if !bytes.Equal(pcm, Synth(s, rate)) {
			t.Errorf("%v: two renderings differ", s)
		}
	}
}

func BenchmarkSynthAll(b *testing.B) {
	for b.Loop() {
		for s := Effect(0); s < NumEffects; s++ {
			Synth(s, 44100)
		}
	}
}
