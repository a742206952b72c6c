package sound

import (
	"github.com/hajimehoshi/ebiten/v2/audio"
)

// sampleRate of the synthesized effects and of the audio context.
const sampleRate = 44100

// Audio plays the effects through Ebitengine. Every effect is rendered to
// PCM once at start, and each has one player that is rewound and replayed,
// so playing a sound never allocates or waits on the game loop.
type Audio struct {
	ctx     *audio.Context
	players [NumEffects]*audio.Player
	volume  float64
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
