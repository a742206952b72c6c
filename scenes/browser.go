package scenes

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
)

// ReplayRandomizers rebuilds the randomizers outside the engine (the
// thrower's adversaries) when a replay is played back; nil knows only the
// engine's own.
var ReplayRandomizers engine.RandomizerFactory

// KeyCode is the KeyboardEvent.code of an Ebitengine key: the same name,
// except that letters are KeyA..KeyZ.
func KeyCode(k ebiten.Key) string {
	s := k.String()
	if len(s) == 1 && s[0] >= 'A' && s[0] <= 'Z' {
		return "Key" + s
	}
	return s
}

// PlayReplayText decodes a replay file and plays it through the engine,
// as `kocka replay verify` does natively. The result is what the page and
// the browser tests compare across builds.
func PlayReplayText(text string) map[string]any {
	rep, err := engine.DecodeReplay(strings.NewReader(text))
	if err != nil {
		return map[string]any{"ok": false, "error": err.Error()}
	}
	g, err := rep.PlayWith(ReplayRandomizers)
	if err != nil {
		return map[string]any{"ok": false, "error": err.Error()}
	}
	hash := fmt.Sprintf("%016x", g.StateHash())
	out := map[string]any{
		"ok":           g.StateHash() == rep.Hash,
		"stateHash":    hash,
		"recordedHash": fmt.Sprintf("%016x", rep.Hash),
		"ticks":        len(rep.Inputs),
		"lines":        g.Lines(),
		"score":        g.Score(),
		"end":          g.End().String(),
	}
	if g.StateHash() != rep.Hash {
		out["error"] = fmt.Sprintf("the replay ends at state %s, the recording says %016x", hash, rep.Hash)
	}
	return out
}

// ReplayOf is the replay of g, which was given inputs from its first tick
// on: what the browser hands out as window.kocka.replay(), for checking a
// game played in the page with the native `kocka replay verify`.
func ReplayOf(g *engine.Game, inputs []engine.Input) *engine.Replay {
	r := &engine.Replay{
		Config: g.Config(),
		Seed:   g.Seed(),
		Inputs: append([]engine.Input(nil), inputs...),
		Hash:   g.StateHash(),
		Score:  g.Score(),
		Lines:  g.Lines(),
		End:    g.End(),
	}
	switch rnd := g.Randomizer().(type) {
	case *engine.Sequence:
		var sb strings.Builder
		for _, p := range rnd.Pieces {
			sb.WriteString(p.String())
		}
		r.Randomizer, r.RandomizerOptions = engine.SequenceRandomizer, sb.String()
	case engine.ReplayableRandomizer:
		r.Randomizer, r.RandomizerOptions = rnd.ReplaySpec()
	}
	return r
}
