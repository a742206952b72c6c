package scenes

import (
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
)

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
// as `kocka replay verify` does natively; factory rebuilds randomizers the
// engine does not know (nil: only its own). The result is what the page
// and the browser tests compare across builds; the decoded replay is nil
// when the text is not one.
func PlayReplayText(text string, factory engine.RandomizerFactory) (map[string]any, *engine.Replay) {
	rep, err := engine.DecodeReplay(strings.NewReader(text))
	if err != nil {
		return map[string]any{"ok": false, "error": err.Error()}, nil
	}
	g, err := rep.PlayWith(withThrowers(factory))
	if err != nil {
		return map[string]any{"ok": false, "error": err.Error()}, rep
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
	return out, rep
}
