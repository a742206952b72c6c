package scenes

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
)

// KeyBindings maps each action to up to two keys; a zero Key slot is unused
// only if it is the second slot (ebiten.KeyA is 0, so unused slots hold
// NoKey).
type KeyBindings [NumActions][2]ebiten.Key

// NoKey marks an empty binding slot.
const NoKey ebiten.Key = -1

// DefaultKeys are the guideline defaults: arrows to move and soft drop, Up
// and X to turn right, Z to turn left, A for a half turn, Space to hard
// drop, C or Shift to hold, Esc to pause, R to retry, H for a PC hint.
func DefaultKeys() KeyBindings {
	return KeyBindings{
		ActLeft:      {ebiten.KeyArrowLeft, NoKey},
		ActRight:     {ebiten.KeyArrowRight, NoKey},
		ActSoftDrop:  {ebiten.KeyArrowDown, NoKey},
		ActHardDrop:  {ebiten.KeySpace, NoKey},
		ActRotateCW:  {ebiten.KeyArrowUp, ebiten.KeyX},
		ActRotateCCW: {ebiten.KeyZ, ebiten.KeyControlLeft},
		ActRotate180: {ebiten.KeyA, NoKey},
		ActHold:      {ebiten.KeyC, ebiten.KeyShiftLeft},
		ActPause:     {ebiten.KeyEscape, ebiten.KeyF1},
		ActRetry:     {ebiten.KeyR, NoKey},
		ActHint:      {ebiten.KeyH, NoKey},
	}
}

// laterActions are the actions added after the first settings files: a
// file without one gives it the first of these keys that the file's
// bindings leave free, so that the player's bindings load unchanged.
var laterActions = []struct {
	a         Action
	fallbacks []ebiten.Key
}{
	{ActRetry, []ebiten.Key{ebiten.KeyR, ebiten.KeyBackquote, ebiten.KeyF5, ebiten.KeyBackslash, ebiten.KeyF8}},
	{ActHint, []ebiten.Key{ebiten.KeyH, ebiten.KeyF6, ebiten.KeyF7, ebiten.KeyF9, ebiten.KeyF10}},
}

// Bound returns the action key k is bound to.
func (kb *KeyBindings) Bound(k ebiten.Key) (Action, bool) {
	for a := Action(0); a < NumActions; a++ {
		if kb[a][0] == k || kb[a][1] == k {
			return a, true
		}
	}
	return 0, false
}

// Bind puts key k in slot of action a. A key bound to another action is
// refused (never silently moved), so no key does two things.
func (kb *KeyBindings) Bind(a Action, slot int, k ebiten.Key) error {
	if a >= NumActions || slot < 0 || slot > 1 {
		return fmt.Errorf("no binding slot %d for %v", slot, a)
	}
	if other, ok := kb.Bound(k); ok && other != a {
		return fmt.Errorf("%s is already bound to %s", KeyName(k), other.Title())
	}
	if kb[a][1-slot] == k {
		return fmt.Errorf("%s is already bound to %s", KeyName(k), a.Title())
	}
	kb[a][slot] = k
	return nil
}

// Clear empties slot of action a; the first slot of every action must stay
// bound, so clearing it moves the second key up.
func (kb *KeyBindings) Clear(a Action, slot int) error {
	if slot == 0 {
		if kb[a][1] == NoKey {
			return fmt.Errorf("%s needs at least one key", a.Title())
		}
		kb[a][0], kb[a][1] = kb[a][1], NoKey
		return nil
	}
	kb[a][1] = NoKey
	return nil
}

// Validate checks that every action has a key and no key is bound twice.
func (kb *KeyBindings) Validate() error {
	seen := map[ebiten.Key]Action{}
	for a := Action(0); a < NumActions; a++ {
		if kb[a][0] == NoKey {
			return fmt.Errorf("%s has no key", a.Title())
		}
		for _, k := range kb[a] {
			if k == NoKey {
				continue
			}
			if k < 0 || k > ebiten.KeyMax {
				return fmt.Errorf("%s: key code %d out of range", a.Title(), int(k))
			}
			if o, dup := seen[k]; dup {
				return fmt.Errorf("%s is bound to both %s and %s", KeyName(k), o.Title(), a.Title())
			}
			seen[k] = a
		}
	}
	return nil
}

// MarshalJSON writes bindings as {"left": ["ArrowLeft"], ...}, actions
// in their order.
func (kb KeyBindings) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for a := Action(0); a < NumActions; a++ {
		keys := []string{}
		for _, k := range kb[a] {
			if k != NoKey {
				keys = append(keys, k.String())
			}
		}
		name, err := json.Marshal(a.String())
		if err != nil {
			return nil, err
		}
		list, err := json.Marshal(keys)
		if err != nil {
			return nil, err
		}
		if a > 0 {
			buf.WriteByte(',')
		}
		buf.Write(name)
		buf.WriteByte(':')
		buf.Write(list)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// bindingsFromNames reads the map form; unknown actions and keys are errors.
func bindingsFromNames(m map[string][]string) (KeyBindings, error) {
	kb := DefaultKeys()
	for name, keys := range m {
		a, ok := actionByName(name)
		if !ok {
			return kb, fmt.Errorf("unknown action %q", name)
		}
		if len(keys) == 0 || len(keys) > 2 {
			return kb, fmt.Errorf("action %s has %d keys, want 1 or 2", name, len(keys))
		}
		kb[a] = [2]ebiten.Key{NoKey, NoKey}
		for i, s := range keys {
			var k ebiten.Key
			if err := k.UnmarshalText([]byte(s)); err != nil {
				return kb, fmt.Errorf("action %s: unknown key %q", name, s)
			}
			kb[a][i] = k
		}
	}
	for _, la := range laterActions {
		if _, has := m[actionNames[la.a]]; has || len(m) == 0 {
			continue
		}
		// An older file: the action takes the first free key.
		kb[la.a] = [2]ebiten.Key{NoKey, NoKey}
		for _, k := range la.fallbacks {
			if _, used := kb.Bound(k); !used {
				kb[la.a][0] = k
				break
			}
		}
	}
	return kb, kb.Validate()
}

func actionByName(name string) (Action, bool) {
	for a := Action(0); a < NumActions; a++ {
		if actionNames[a] == name {
			return a, true
		}
	}
	return 0, false
}

// KeyName is a short name of k for the screen.
func KeyName(k ebiten.Key) string {
	if k == NoKey {
		return "-"
	}
	s := k.String()
	for _, p := range [...][2]string{{"Arrow", ""}, {"Digit", ""}, {"Control", "Ctrl "}, {"Shift", "Shift "}, {"Alt", "Alt "}} {
		if strings.HasPrefix(s, p[0]) && len(s) > len(p[0]) {
			s = p[1] + s[len(p[0]):]
		}
	}
	return strings.TrimSpace(s)
}
