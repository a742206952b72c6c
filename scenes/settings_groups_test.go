package scenes

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/sprites"
)

// TestSettingsGroups: the settings come in five groups, every ranged
// setting has a row in one, and a click on a tab shows its group.
func TestSettingsGroups(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	s := newSettingsScene(false)
	a.Stack.Push(s)
	want := map[int][]string{
		groupControls: {"Move left", "Hold", "Pause"},
		groupHandling: {"DAS", "ARR", "DCD", "Soft drop"},
		groupDisplay:  {"Skin", "Ghost piece", "Grid", "Window scale", "Fullscreen"},
		groupAudio:    {"Effects volume", "Music volume", "Mute"},
		groupGame:     {"Preview", "Reset to defaults"},
	}
	for g, labels := range want {
		var got []string
		for _, it := range s.rows[g] {
			got = append(got, it.label)
		}
		for _, l := range labels {
			if !slices.Contains(got, l) {
				t.Errorf("group %s has %v, no %q", groupNames[g], got, l)
			}
		}
	}
	for _, f := range settingRanges {
		if !s.find(f.title) {
			t.Errorf("setting %q has no row", f.title)
		}
	}
	step(t, a, Frame{Click: true, X: tabX + groupAudio*tabW + 5, Y: tabY + 4}, 1)
	if s.group != groupAudio || s.menu.items[1].label != "Effects volume" || s.menu.items[len(s.menu.items)-1].label != "Back" {
		t.Fatalf("a click on the Audio tab shows %s", groupNames[s.group])
	}
}

// TestMusicAndEffectsVolumes: the two volumes are apart, both reach the
// sound at once, Mute silences both, and both are saved.
func TestMusicAndEffectsVolumes(t *testing.T) {
	snd := &fakeSound{}
	store := &MemStore{}
	a, err := NewApp(Options{Store: store, Sound: snd})
	if err != nil {
		t.Fatal(err)
	}
	s := newSettingsScene(false)
	a.Stack.Push(s)
	s.find("Music volume")
	step(t, a, press(MenuLeft), 4)
	if snd.music != 0 || snd.volume != 0.7 || a.Settings.Music != 0 {
		t.Fatalf("music %v effects %v after four Lefts on the music", snd.music, snd.volume)
	}
	step(t, a, press(MenuRight), 9)
	s.find("Effects volume")
	step(t, a, press(MenuLeft), 2)
	if snd.music != 0.9 || snd.volume != 0.5 {
		t.Fatalf("music %v effects %v", snd.music, snd.volume)
	}
	s.find("Mute")
	step(t, a, press(MenuConfirm), 1)
	if snd.music != 0 || snd.volume != 0 {
		t.Fatalf("muted: music %v effects %v", snd.music, snd.volume)
	}
	step(t, a, press(MenuConfirm), 1)
	step(t, a, press(MenuBack), 1)
	a.FlushSaves()
	raw, _ := store.Get(settingsFile)
	var saved Settings
	if err := json.Unmarshal(raw, &saved); err != nil || saved.Music != 9 || saved.Volume != 5 {
		t.Fatalf("saved music %d effects %d (%v)", saved.Music, saved.Volume, err)
	}
	b, err := NewApp(Options{Store: store, Sound: &fakeSound{}})
	if err != nil {
		t.Fatal(err)
	}
	if b.Settings.Music != 9 || b.Settings.Volume != 5 {
		t.Fatalf("after a restart: music %d effects %d", b.Settings.Music, b.Settings.Volume)
	}
}

// TestDCDSettingReachesTheGame: DCD is set beside DAS and ARR and a new
// game plays with it.
func TestDCDSettingReachesTheGame(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	s := newSettingsScene(false)
	a.Stack.Push(s)
	if !s.find("DCD") {
		t.Fatal("no DCD row")
	}
	step(t, a, press(MenuRight), 3)
	m, _ := ModeByName("marathon")
	sc, err := m.New(a.ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := sc.(*playScene).game.Config().DCD; got != 3 || a.Settings.DCD != 3 {
		t.Fatalf("game DCD %d, settings %d", got, a.Settings.DCD)
	}
}

// TestSkinPreviewIsLive: the Display group draws a sample well in the
// chosen skin; another skin draws other pixels at once.
func TestSkinPreviewIsLive(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	s := newSettingsScene(false)
	a.Stack.Push(s)
	s.find("Skin")
	frame := func() []float32 {
		r := draw.NewDry()
		r.Begin(nil, 1, 0, 0)
		a.drawScenes(r)
		var uv []float32
		for _, v := range r.Batch() {
			if v.DstX >= 456 { // the preview's side
				uv = append(uv, v.SrcX, v.SrcY)
			}
		}
		return uv
	}
	before := frame()
	if len(before) < 4*40 {
		t.Fatalf("the preview drew %d vertices", len(before)/2)
	}
	step(t, a, press(MenuRight), 1)
	if a.Settings.Skin == sprites.SkinBevel {
		t.Fatal("the skin did not change")
	}
	if slices.Equal(before, frame()) {
		t.Fatal("the preview looks the same in another skin")
	}
}

// TestSettingsShowTheirValues: every row with a value shows it after a
// tick (the menu is prepared), and the state names the selected row.
func TestSettingsShowTheirValues(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	s := newSettingsScene(false)
	a.Stack.Push(s)
	for g := 0; g < numGroups; g++ {
		s.setGroup(g)
		step(t, a, Frame{}, 1)
		for i, it := range s.menu.items {
			if it.value != nil && (i >= len(s.menu.shown) || s.menu.shown[i].value == "") {
				t.Errorf("%s: row %q shows no value", groupNames[g], it.label)
			}
		}
	}
	if a.State().Selected != "Group" {
		t.Fatalf("selected %q", a.State().Selected)
	}
}
