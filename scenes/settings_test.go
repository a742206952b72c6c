package scenes

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/sound"
	"github.com/kocka/kocka/sprites"
)

func TestBindRefusesConflicts(t *testing.T) {
	for _, tc := range []struct {
		name string
		act  Action
		slot int
		key  ebiten.Key
		err  string // "" = accepted
	}{
		{"free key", ActHardDrop, 1, ebiten.KeyJ, ""},
		{"own key again in the same slot", ActLeft, 0, ebiten.KeyArrowLeft, ""},
		{"key of another action", ActLeft, 0, ebiten.KeyZ, "already bound to Rotate left"},
		{"own other slot", ActRotateCW, 0, ebiten.KeyX, "already bound to Rotate right"},
		{"pause key", ActHold, 1, ebiten.KeyEscape, "already bound to Pause"},
		{"bad slot", ActHold, 2, ebiten.KeyJ, "no binding slot"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kb := DefaultKeys()
			before := kb
			err := kb.Bind(tc.act, tc.slot, tc.key)
			if tc.err == "" {
				if err != nil {
					t.Fatal(err)
				}
				if kb[tc.act][tc.slot] != tc.key {
					t.Fatal("key not bound")
				}
				if err := kb.Validate(); err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Fatalf("err %v, want %q", err, tc.err)
			}
			if kb != before {
				t.Fatal("a refused binding changed the bindings")
			}
		})
	}
}

func TestClearKeepsOneKey(t *testing.T) {
	kb := DefaultKeys()
	if err := kb.Clear(ActLeft, 0); err == nil {
		t.Fatal("cleared the only key of Move left")
	}
	if err := kb.Clear(ActHold, 0); err != nil || kb[ActHold] != [2]ebiten.Key{ebiten.KeyShiftLeft, NoKey} {
		t.Fatalf("clearing Hold's first key: %v, %v", err, kb[ActHold])
	}
}

func TestSettingsJSONRoundTrip(t *testing.T) {
	s := DefaultSettings()
	s.DAS, s.ARR, s.Skin, s.Mute = 7, 0, sprites.SkinNeon, true
	if err := s.Keys.Bind(ActHold, 1, ebiten.KeyV); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(&s)
	if err != nil {
		t.Fatal(err)
	}
	var got Settings
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if got != s {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, s)
	}
	if !bytes.Contains(b, []byte(`"hold":["C","V"]`)) || !bytes.Contains(b, []byte(`"skin":"neon"`)) {
		t.Errorf("keys and skin are not saved by name: %s", b)
	}
}

func TestSettingsPartialFileKeepsDefaults(t *testing.T) {
	var s Settings
	if err := json.Unmarshal([]byte(`{"das": 5, "keys": {"hold": ["V"]}}`), &s); err != nil {
		t.Fatal(err)
	}
	d := DefaultSettings()
	if s.DAS != 5 || s.ARR != d.ARR || s.Keys[ActHold][0] != ebiten.KeyV || s.Keys[ActLeft] != d.Keys[ActLeft] || !s.Ghost {
		t.Fatalf("partial file: %+v", s)
	}
}

func TestCorruptFilesAreKeptAside(t *testing.T) {
	for _, tc := range []struct {
		name, file, data string
	}{
		{"settings not JSON", settingsFile, `{"das": 5,`},
		{"settings out of range", settingsFile, `{"das": 500}`},
		{"settings unknown key", settingsFile, `{"keys": {"left": ["NoSuchKey"]}}`},
		{"settings key twice", settingsFile, `{"keys": {"left": ["Z"]}}`},
		{"scores not JSON", scoresFile, "\x00\x01garbage"},
		{"scores negative", scoresFile, `{"modes": {"marathon": [{"score": -5}]}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			store := &MemStore{}
			store.Put(tc.file, []byte(tc.data))
			a := newTestApp(t, store, "title")
			if !strings.Contains(a.Notice(), tc.file) || !strings.Contains(a.Notice(), ".damaged-") {
				t.Fatalf("notice %q does not report the damaged file", a.Notice())
			}
			if !keptSomewhere(store, tc.file, []byte(tc.data)) {
				t.Fatalf("the damaged bytes are gone: %v", store.Names())
			}
			if a.Settings != DefaultSettings() {
				t.Error("settings are not the defaults")
			}
			if len(a.Scores.Modes) != 0 {
				t.Error("scores are not empty")
			}
		})
	}
}

func TestUnbackedCorruptFileIsNotOverwritten(t *testing.T) {
	store := &MemStore{}
	store.Put(settingsFile, []byte("{broken"))
	store.SetFail(errors.New("disk full"))
	a := newTestApp(t, store, "title")
	if !strings.Contains(a.Notice(), "not saving over it") {
		t.Fatalf("notice %q", a.Notice())
	}
	store.SetFail(nil)
	a.Settings.DAS = 3
	a.SaveSettings()
	a.FlushSaves()
	if b, _ := store.Get(settingsFile); string(b) != "{broken" {
		t.Fatalf("the damaged file was overwritten with %q", b)
	}
}

func TestSaveFailureIsReported(t *testing.T) {
	store := &MemStore{}
	a := newTestApp(t, store, "title")
	store.SetFail(errors.New("read-only file system"))
	a.SaveSettings()
	a.FlushSaves()
	if !strings.Contains(a.Notice(), "read-only") {
		t.Fatalf("notice %q", a.Notice())
	}
}

func TestSettingsSceneRebinds(t *testing.T) {
	store := &MemStore{}
	a := newTestApp(t, store, "title")
	a.Stack.Push(newSettingsScene(false))
	s := a.Stack.Top().(*settingsScene)
	// Row 0 chooses the group, Controls first; row 1 is Move left. Enter
	// starts capturing; Z belongs to Rotate left.
	step(t, a, press(MenuDown), 1)
	step(t, a, press(MenuConfirm), 1)
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyZ}}, 1)
	if !strings.Contains(s.message, "Rotate left") || a.Settings.Keys[ActLeft][0] != ebiten.KeyArrowLeft {
		t.Fatalf("conflict: message %q, binding %v", s.message, a.Settings.Keys[ActLeft])
	}
	step(t, a, press(MenuConfirm), 1)
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyJ}}, 1)
	if a.Settings.Keys[ActLeft][0] != ebiten.KeyJ || s.message != "" {
		t.Fatalf("J not bound: %v (%q)", a.Settings.Keys[ActLeft], s.message)
	}
	// Right chooses the second slot; Escape cancels a capture.
	step(t, a, press(MenuRight), 1)
	step(t, a, press(MenuConfirm), 1)
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyEscape}}, 1)
	if s.capturing != 0 || a.Settings.Keys[ActLeft][1] != NoKey {
		t.Fatal("Escape did not cancel the capture")
	}
	// Adjust DAS: the first row of the next group, Handling.
	step(t, a, press(MenuUp), 1)
	step(t, a, press(MenuRight), 1)
	if s.group != groupHandling {
		t.Fatalf("Right on the group row shows %s", groupNames[s.group])
	}
	step(t, a, press(MenuDown), 1)
	step(t, a, press(MenuLeft), 2)
	if a.Settings.DAS != DefaultSettings().DAS-2 {
		t.Fatalf("DAS %d after two Lefts", a.Settings.DAS)
	}
	step(t, a, press(MenuBack), 1)
	if topName(a) != "title" {
		t.Fatalf("Back from settings: %q", topName(a))
	}
	a.FlushSaves()
	raw, err := store.Get(settingsFile)
	if err != nil {
		t.Fatal(err)
	}
	var saved Settings
	if err := json.Unmarshal(raw, &saved); err != nil || saved != a.Settings {
		t.Fatalf("saved settings %+v (%v)", saved, err)
	}
	// A new game uses the new handling.
	m, _ := ModeByName("marathon")
	sc, _ := m.New(a.ctx, 1)
	if got := sc.(*playScene).game.Config().DAS; got != a.Settings.DAS {
		t.Fatalf("new game DAS %d, settings %d", got, a.Settings.DAS)
	}
}

func TestScoresRanking(t *testing.T) {
	var s Scores
	add := func(score, ticks int, byTime bool) int {
		return s.Add("m", Result{Score: score, Ticks: ticks}, byTime)
	}
	for i, tc := range []struct {
		score, ticks, rank int
	}{
		{100, 0, 1}, {300, 0, 1}, {200, 0, 2}, {200, 0, 3}, // a tie ranks below the earlier result
		{50, 0, 5},
	} {
		if got := add(tc.score, tc.ticks, false); got != tc.rank {
			t.Fatalf("case %d: rank %d, want %d", i, got, tc.rank)
		}
	}
	for i := 0; i < 10; i++ {
		add(1000+i, 0, false)
	}
	if len(s.Modes["m"]) != TopScores {
		t.Fatalf("table holds %d", len(s.Modes["m"]))
	}
	if got := add(1, 0, false); got != 0 {
		t.Fatalf("a score below the table ranked %d", got)
	}
	var sprint Scores
	for _, tc := range []struct{ ticks, rank int }{{3000, 1}, {2000, 1}, {2500, 2}} {
		if got := sprint.Add("sprint", Result{Ticks: tc.ticks}, true); got != tc.rank {
			t.Fatalf("sprint %d ticks ranked %d, want %d", tc.ticks, got, tc.rank)
		}
	}
	if b, _ := sprint.Best("sprint"); b.Ticks != 2000 {
		t.Fatalf("personal best %d", b.Ticks)
	}
}

func TestFormatTicks(t *testing.T) {
	for _, tc := range []struct {
		t    int
		want string
	}{{0, "0:00.00"}, {59, "0:00.98"}, {60, "0:01.00"}, {3600, "1:00.00"}, {7261, "2:01.01"}} {
		if got := FormatTicks(tc.t); got != tc.want {
			t.Errorf("FormatTicks(%d) = %q, want %q", tc.t, got, tc.want)
		}
	}
}

// FuzzSettingsFile: any bytes in settings.json give valid settings and
// never lose the original.
func FuzzSettingsFile(f *testing.F) {
	good, _ := json.Marshal(DefaultSettings())
	for _, s := range [][]byte{good, []byte(`{"das": -1}`), []byte(`{"keys": {"left": []}}`), []byte("null"), nil} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 512 {
			return // the fuzzer's minimising grows with the square of the length
		}
		store := &MemStore{}
		store.Put(settingsFile, data)
		store.Put(scoresFile, data)
		a, err := NewApp(Options{Store: store})
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		if err := a.Settings.Validate(); err != nil {
			t.Fatalf("loaded invalid settings: %v", err)
		}
		if err := a.Scores.Validate(); err != nil {
			t.Fatalf("loaded invalid scores: %v", err)
		}
		a.FlushSaves()
		for _, name := range []string{settingsFile, scoresFile} {
			if !keptSomewhere(store, name, data) {
				t.Fatalf("%s: the original bytes are gone: %v", name, store.Names())
			}
		}
	})
}

// keptSomewhere reports whether blob name, or a damaged copy of it moved
// aside, holds data.
func keptSomewhere(store *MemStore, name string, data []byte) bool {
	for _, n := range store.Names() {
		if n != name && !strings.HasPrefix(n, name+".damaged-") {
			continue
		}
		if got, err := store.Get(n); err == nil && bytes.Equal(got, data) {
			return true
		}
	}
	return false
}

// fakeSound records what the app asks of the sound.
type fakeSound struct {
	volume, music float64
	played        []sound.Effect
}

func (f *fakeSound) Play(s sound.Effect)      { f.played = append(f.played, s) }
func (f *fakeSound) SetVolume(v float64)      { f.volume = v }
func (f *fakeSound) SetMusicVolume(v float64) { f.music = v }

func TestSettingsApplyAtOnce(t *testing.T) {
	snd := &fakeSound{}
	a, err := NewApp(Options{Store: &MemStore{}, Sound: snd})
	if err != nil {
		t.Fatal(err)
	}
	if snd.volume != 0.7 {
		t.Fatalf("start volume %v, want the default 7/10", snd.volume)
	}
	a.Stack.Push(newSettingsScene(false))
	s := a.Stack.Top().(*settingsScene)
	row := func(label string) {
		if !s.find(label) {
			t.Fatalf("no row %q", label)
		}
	}
	row("Effects volume")
	step(t, a, press(MenuLeft), 3)
	if snd.volume != 0.4 {
		t.Fatalf("volume %v after three Lefts, want 0.4", snd.volume)
	}
	row("Mute")
	step(t, a, press(MenuConfirm), 1)
	if snd.volume != 0 || !a.Settings.Mute {
		t.Fatalf("muted: volume %v", snd.volume)
	}
	row("Skin")
	step(t, a, press(MenuRight), 1)
	if a.Settings.Skin != sprites.SkinFlat {
		t.Fatalf("skin %v after Right", a.Settings.Skin)
	}
	row("Ghost piece")
	step(t, a, press(MenuConfirm), 1)
	if a.Settings.Ghost {
		t.Fatal("ghost still on")
	}
	row("Reset to defaults")
	step(t, a, press(MenuConfirm), 1)
	if a.Settings != DefaultSettings() || snd.volume != 0.7 || snd.music != 0.4 {
		t.Fatalf("after reset: %+v, volume %v, music %v", a.Settings, snd.volume, snd.music)
	}
	if len(snd.played) == 0 {
		t.Error("menu moves made no sound")
	}
}

// TestRotate180Setting: the rotate-180 key does nothing in a guideline
// game (the default), and turns the piece half way once "180 turns" is
// on in Settings > Handling, from the next game; the replay records it.
func TestRotate180Setting(t *testing.T) {
	for _, on := range []bool{false, true} {
		store := &MemStore{}
		a := newTestApp(t, store, "title")
		if on {
			a.Stack.Push(newSettingsScene(false))
			s := a.Stack.Top().(*settingsScene)
			if !s.find("180 turns") {
				t.Fatal("no row 180 turns")
			}
			step(t, a, press(MenuConfirm), 1)
			if !a.Settings.Rot180 {
				t.Fatal("the row did not turn 180 turns on")
			}
			step(t, a, press(MenuBack), 1) // leaving the settings saves them
			settle(t, a)
			a.FlushSaves()
		}
		b := newTestApp(t, store, "marathon")
		if on {
			// the setting came through the saved file
			if !b.Settings.Rot180 {
				t.Fatal("180 turns not saved")
			}
		}
		pastReady(t, b)
		play := b.Stack.Top().(*playScene)
		step(t, b, action(ActRotate180), 1)
		step(t, b, Frame{}, 1)
		p, _ := play.game.Current()
		want := engine.Rot0
		if on {
			want = engine.Rot2
		}
		if p.Rot != want {
			t.Errorf("180 turns %v: rotation %v after the 180 key, want %v", on, p.Rot, want)
		}
		if play.game.Config().Rot180 != on {
			t.Errorf("180 turns %v: the game's config has %v", on, play.game.Config().Rot180)
		}
	}
}
