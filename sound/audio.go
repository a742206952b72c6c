package sound

import (
	"bytes"
	"runtime"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/audio"
)

// sampleRate of the synthesized effects and of the audio context.
const sampleRate = 44100

// Audio plays the effects and the music through Ebitengine. Every effect is
// rendered to PCM once at start, and each has one player that is rewound
// and replayed, so playing a sound never allocates or waits on the game
// loop. The music is rendered in the background the first time its volume
// is above 0, and loops for ever; volume 0 pauses it.
type Audio struct {
	ctx     *audio.Context
	players [NumEffects]*audio.Player
	volume  float64

	mu        sync.Mutex
	music     *audio.Player // nil until rendered
	musicVol  float64
	rendering bool
}

// NewAudio opens the audio context and renders the effects.
func NewAudio() *Audio {
	au := &Audio{ctx: audio.NewContext(sampleRate), volume: 1}
	for s := Effect(0); s < NumEffects; s++ {
		au.players[s] = au.ctx.NewPlayerFromBytes(Synth(s, sampleRate))
	}
	return au
}

// Play starts effect s from its beginning.
func (au *Audio) Play(s Effect) {
	if au.volume <= 0 || s >= NumEffects {
		return
	}
	p := au.players[s]
	p.Rewind()
	p.Play()
}

// SetVolume sets the volume of every effect, 0..1.
func (au *Audio) SetVolume(v float64) {
	au.volume = v
	for _, p := range au.players {
		p.SetVolume(v)
	}
}

// SetMusicVolume sets the music's volume, 0..1; 0 stops it. It never
// waits: the first time, the loop is rendered on another goroutine and
// starts when ready.
func (au *Audio) SetMusicVolume(v float64) {
	au.mu.Lock()
	defer au.mu.Unlock()
	au.musicVol = v
	switch {
	case au.music != nil:
		au.applyMusic()
	case v > 0 && !au.rendering:
		au.rendering = true
		go au.renderMusic()
	}
}

func (au *Audio) renderMusic() {
	pcm := renderMusic(sampleRate, runtime.Gosched)
	p, err := au.ctx.NewPlayer(audio.NewInfiniteLoop(bytes.NewReader(pcm), int64(len(pcm))))
	if err != nil {
		return // no music; the effects go on
	}
	au.mu.Lock()
	defer au.mu.Unlock()
	au.music = p
	au.applyMusic()
}

// applyMusic puts musicVol into effect; au.mu is held.
func (au *Audio) applyMusic() {
	au.music.SetVolume(au.musicVol)
	if au.musicVol > 0 {
		au.music.Play()
	} else {
		au.music.Pause()
	}
}
