package scenes

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/scenes/draw"
)

// TestFit: the picture fills any window at the largest scale that keeps a
// cell whole, centred; whole-number windows keep whole-number scales.
func TestFit(t *testing.T) {
	cases := []struct {
		name       string
		w, h       int
		x0, x1     int
		cell       int // window pixels per cell
		ox, oy     int
		minBoardPx int // the board's width in window pixels at least
	}{
		{"640x360", 640, 360, 0, ScreenW, 16, 0, 0, 160},
		{"1280x720", 1280, 720, 0, ScreenW, 32, 0, 0, 320},
		{"1920x1080", 1920, 1080, 0, ScreenW, 48, 0, 0, 480},
		{"laptop page 1366x657", 1366, 657, 0, ScreenW, 29, (1366 - 1160) / 2, (657 - 652) / 2, 290},
		{"wide 2560x1080", 2560, 1080, 0, ScreenW, 48, 320, 0, 480},
		{"phone upright, play area", 390, 480, 142, 532, 16, -142, (480 - 360) / 2, 160},
		{"phone upright, canvas above the buttons", 390, 367, 142, 532, 16, -142, (367 - 360) / 2, 160},
		{"small phone upright", 360, 339, 142, 532, 14, (360-341)/2 - 124, (339 - 315) / 2, 140},
	}
	for _, c := range cases {
		s, ox, oy := fit(c.w, c.h, c.x0, c.x1)
		cell := s * draw.Cell
		if cell != float32(c.cell) || ox != c.ox || oy != c.oy {
			t.Errorf("%s: cell %v at (%d, %d), want %d at (%d, %d)", c.name, cell, ox, oy, c.cell, c.ox, c.oy)
		}
		if bw := int(cell) * 10; bw < c.minBoardPx {
			t.Errorf("%s: the board is %d pixels wide", c.name, bw)
		}
		if right := ox + int(float32(c.x1)*s); right > c.w || ox+int(float32(c.x0)*s) < 0 || oy+int(ScreenH*s) > c.h {
			t.Errorf("%s: the picture leaves the window", c.name)
		}
	}
}

// TestLaptopPageLayout draws a game in a 1366x657 page: the state's
// layout reports the fitted cells, every cell edge of the board falls on
// a whole pixel, and a click maps back to the logical screen.
func TestLaptopPageLayout(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "marathon")
	x0, x1 := a.portraitSpan(1366, 657)
	a.layout.scale, a.layout.ox, a.layout.oy = fit(1366, 657, x0, x1)
	st := a.State()
	if l := st.Layout; l == nil || l.Cell != 29 || l.Scale != 2 || l.X != 103+435 {
		t.Fatalf("layout %+v", st.Layout)
	}
	r := draw.NewDry()
	r.BeginScaled(nil, a.layout.scale, a.layout.ox, a.layout.oy)
	a.drawScenes(r)
	for i, v := range r.Batch() {
		if v.DstX != float32(int(v.DstX)) || v.DstY != float32(int(v.DstY)) {
			t.Fatalf("vertex %d at (%v, %v): not a whole pixel", i, v.DstX, v.DstY)
		}
	}
	if x, y := a.toLogical(103+581, 2+327); x != 320 || y != 180 {
		t.Fatalf("the window's middle maps to (%d, %d)", x, y)
	}
}

// TestPortraitShowsThePlayArea: an upright phone shows the play area of
// a game across its width, and the whole screen for other scenes.
func TestPortraitShowsThePlayArea(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "marathon")
	if x0, x1 := a.portraitSpan(390, 367); x1-x0 > 390 || x0 > draw.LeftColR-draw.PanelW || x1 < draw.RightColX+draw.PanelW {
		t.Fatalf("portrait play shows columns %d..%d", x0, x1)
	}
	if x0, x1 := a.portraitSpan(1366, 657); x0 != 0 || x1 != ScreenW {
		t.Fatalf("landscape shows columns %d..%d", x0, x1)
	}
	a.Stack.Push(newSettingsScene(false))
	if x0, x1 := a.portraitSpan(390, 480); x0 != 0 || x1 != ScreenW {
		t.Fatalf("portrait settings show columns %d..%d", x0, x1)
	}
}

// TestFullscreenFromPauseAndF11: the pause menu's Fullscreen row and F11
// both turn fullscreen on and off, and the choice is saved.
func TestFullscreenFromPauseAndF11(t *testing.T) {
	store := &MemStore{}
	a := newTestApp(t, store, "marathon")
	step(t, a, action(ActPause), 1)
	p := a.Stack.Top().(*pauseScene)
	for p.menu.items[p.menu.sel].label != "Fullscreen" {
		step(t, a, press(MenuDown), 1)
	}
	step(t, a, press(MenuConfirm), 1)
	if !a.Settings.Fullscreen || topName(a) != "pause" {
		t.Fatalf("fullscreen %v, scene %q after the pause menu's row", a.Settings.Fullscreen, topName(a))
	}
	a.FlushSaves()
	if raw, _ := store.Get(settingsFile); !strings.Contains(string(raw), `"fullscreen": true`) {
		t.Fatalf("not saved: %s", raw)
	}
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyF11}}, 1)
	if a.Settings.Fullscreen {
		t.Fatal("F11 did not leave fullscreen")
	}
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyF11}}, 1)
	if !a.Settings.Fullscreen {
		t.Fatal("F11 did not enter fullscreen")
	}
}

// TestPortraitGobblet: an upright phone shows a Gobblet game's board and
// both stacks, with their counts, larger than the whole screen would.
func TestPortraitGobblet(t *testing.T) {
	for _, mode := range []string{"gobblers", "gobblet", "gobblet-ab"} {
		a := newTestApp(t, &MemStore{}, mode)
		s := a.Stack.Top().(*gobbletScene)
		g := s.geom()
		x0, x1 := a.portraitSpan(390, 760)
		if x1-x0 >= ScreenW {
			t.Errorf("%s: portrait shows columns %d..%d, no closer than the whole screen", mode, x0, x1)
		}
		const label = 24 // "x3" beside a stack
		for c := 0; c < 2; c++ {
			sx, _ := g.reserve(c, 0)
			if int(sx)-label < x0 || int(sx+g.slot)+label > x1 {
				t.Errorf("%s: colour %d's stacks at %v..%v (and counts) outside columns %d..%d", mode, c, sx, sx+g.slot, x0, x1)
			}
		}
	}
}

// TestPortraitPCPanel: PC practice's panel values end inside the columns
// an upright phone shows of a play scene.
func TestPortraitPCPanel(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "pc")
	if _, ok := a.Stack.Top().(*pcScene); !ok {
		t.Fatalf("--mode pc opened %q", topName(a))
	}
	if _, x1 := a.portraitSpan(390, 480); panelR > x1 {
		t.Fatalf("the panel's values end at column %d, the phone shows to %d", panelR, x1)
	}
}

// TestPortraitVersusPanels: against a thrower, an upright phone shows the
// dealt piece's box and the whole of the thrower's panel, for a person and
// for the bot, with and without the next piece shown.
func TestPortraitVersusPanels(t *testing.T) {
	for _, mode := range []string{"versus", "botvs", "botvs-depth2"} {
		a := newTestApp(t, &MemStore{}, strings.TrimSuffix(mode, "-depth2"))
		if strings.HasSuffix(mode, "-depth2") { // the bot looks at the next piece: NOW beside DEALT
			v := a.ctx.versusSettings()
			v.Bot.Depth = 2
			a.ctx.saveVersusSettings(v)
			m, _ := ModeByName("botvs")
			sc, err := startBotVersus(a.ctx, m, 42)
			if err != nil {
				t.Fatal(err)
			}
			a.Stack.Reset(sc)
			step(t, a, Frame{}, 60) // past the fade
		}
		s, ok := a.Stack.Top().(*versusScene)
		if !ok {
			t.Fatalf("--mode %s opened %q", mode, topName(a))
		}
		x0, x1 := a.portraitSpan(390, 367)
		if x1 < draw.RightColX+whyW || x1 > ScreenW {
			t.Errorf("%s: the thrower's panel ends at column %d, the phone shows to %d", mode, draw.RightColX+whyW, x1)
		}
		if dealt := draw.LeftColR - draw.PanelW; x0 > dealt {
			t.Errorf("%s: the dealt box starts at column %d, the phone shows from %d", mode, dealt, x0)
		}
		if (s.game.Config().Preview > 0) != (mode == "botvs-depth2") {
			t.Errorf("%s: preview %d", mode, s.game.Config().Preview)
		}
		if s.game.Config().Preview > 0 {
			if now := draw.LeftColR - 2*draw.PanelW - 6; x0 > now {
				t.Errorf("%s: the NOW box starts at column %d, the phone shows from %d", mode, now, x0)
			}
		}
	}
}
