package sound

import (
	"testing"
	"time"
)

// TestAudioNeverBlocks plays every effect many times: playing is a rewind
// and a start of a ready player, so even before (or without) a sound device
// it returns at once.
func TestAudioNeverBlocks(t *testing.T) {
	au := NewAudio()
	au.SetVolume(0.5)
	start := time.Now()
	for i := 0; i < 20; i++ {
		for s := Effect(0); s < NumEffects; s++ {
			au.Play(s)
		}
	}
	if d := time.Since(start); d > 200*time.Millisecond {
		t.Fatalf("260 plays took %v", d)
	}
	// Turning the music on renders it in the background: the call
	// returns at once, and 0 turns it off again. (One audio context per
	// process, so this shares the test.)
	start = time.Now()
	au.SetMusicVolume(0.5)
	au.SetMusicVolume(0)
	au.SetMusicVolume(0.3)
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Fatalf("setting the music volume took %v", d)
	}
}
