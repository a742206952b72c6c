package sound

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// TestMusicLoop checks the loop's length (8 bars at 132 bpm), that it is
// stereo, audible, the same every time, and joins without a click: the
// first and last samples are near silence, as every note ends inside it.
func TestMusicLoop(t *testing.T) {
	const rate = 44100
	pcm := MusicLoop(rate)
	frames := len(pcm) / 4
	want := rate * 60 / musicBPM / 2 * musicBeats * 2
	if len(pcm)%4 != 0 || frames != want {
		t.Fatalf("%d bytes, want %d stereo frames", len(pcm), want)
	}
	if secs := float64(frames) / rate; secs < 14 || secs > 15 {
		t.Fatalf("the loop lasts %.1f s", secs)
	}
	peak := 0
	for i := 0; i < len(pcm); i += 4 {
		l := int(int16(binary.LittleEndian.Uint16(pcm[i:])))
		r := int(int16(binary.LittleEndian.Uint16(pcm[i+2:])))
		if l != r {
			t.Fatalf("channels differ at frame %d", i/4)
		}
		peak = max(peak, l, -l)
	}
	if peak < 4000 || peak >= 32767 {
		t.Fatalf("peak %d: silent or clipping", peak)
	}
	first := int(int16(binary.LittleEndian.Uint16(pcm[0:])))
	last := int(int16(binary.LittleEndian.Uint16(pcm[len(pcm)-4:])))
	if first > 200 || first < -200 || last > 200 || last < -200 {
		t.Fatalf("the loop's ends are %d and %d: it would click", first, last)
	}
	if !bytes.Equal(pcm, MusicLoop(rate)) {
		t.Fatal("two renderings differ")
	}
	yields := 0
	if !bytes.Equal(pcm, renderMusic(rate, func() { yields++ })) || yields < 100 {
		t.Fatalf("rendering with %d yields gives another loop", yields)
	}
}

// BenchmarkMusicLoop renders the whole loop (done once, in the background,
// when the music is first turned up).
func BenchmarkMusicLoop(b *testing.B) {
	for b.Loop() {
		MusicLoop(44100)
	}
}
