//go:build gui

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes"
)

// replayLibrary writes a replay library into the config folder cfg as the
// game keeps it (scenes/replaylib.go): the index and one file per game.
func replayLibrary(t *testing.T, cfg string) int {
	t.Helper()
	if err := os.MkdirAll(cfg, 0o755); err != nil {
		t.Fatal(err)
	}
	var games []*engine.Replay
	for _, name := range []string{"marathon.kreplay", "arr0-180.kreplay", "uniform-nohold.kreplay"} {
		f, err := os.Open(filepath.Join("engine", "testdata", "replays", name))
		if err != nil {
			t.Fatal(err)
		}
		rep, err := engine.DecodeReplay(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, rep)
	}
	file, _ := botReplay(t, 900)
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	bot, err := engine.DecodeReplay(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	games = append(games, bot)
	kinds := []struct{ mode, title string }{{"marathon", "Marathon"}, {"sprint", "40-line Sprint"}, {"endless", "Endless"}, {"bot", "Watch the bot"}}
	x := scenes.ReplayIndex{Best: map[string]scenes.ReplayEntry{}}
	day := time.Date(2026, 11, 23, 20, 5, 0, 0, time.Local)
	for i := 0; i < 12; i++ {
		rep, k := games[i%len(games)], kinds[i%len(kinds)]
		blob := fmt.Sprintf("replay-%02d.kreplay", i)
		out, err := os.Create(filepath.Join(cfg, blob))
		if err != nil {
			t.Fatal(err)
		}
		if err := rep.Encode(out); err != nil {
			t.Fatal(err)
		}
		out.Close()
		e := scenes.ReplayEntry{Seq: i, Blob: blob, Date: day.Add(time.Duration(i) * 7 * time.Minute).Format(time.RFC3339),
			Mode: k.mode, Title: k.title, End: rep.End.String(), Score: rep.Score, Lines: rep.Lines, Ticks: len(rep.Inputs),
			Person: k.mode != "bot"}
		x.Recent = append([]scenes.ReplayEntry{e}, x.Recent...)
		if k.mode == "marathon" && i == 4 {
			e.PB = true
			x.Best[k.mode] = e
		}
	}
	x.Next = 12
	raw, err := json.MarshalIndent(&x, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg, "replays.json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	return len(x.Entries())
}

// startReplayWindow opens the window at 1280x720 on the config folder cfg.
func startReplayWindow(t *testing.T, cfg string) *driver {
	t.Helper()
	d := &driver{t: t, stateFile: filepath.Join(t.TempDir(), "state.json"), cfg: cfg, done: make(chan struct{})}
	d.cmd = exec.Command(kockaBin(t), "--no-sound", "--config-dir", cfg, "--state-file", d.stateFile, "--width", "1280", "--height", "720")
	d.cmd.Stderr = os.Stderr
	if err := d.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { d.err = d.cmd.Wait(); close(d.done) }()
	t.Cleanup(func() {
		d.cmd.Process.Kill()
		<-d.done
	})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "xdotool", "search", "--sync", "--name", "^Kocka$").Output()
	if err != nil {
		t.Fatalf("xdotool search: %v", err)
	}
	d.win = strings.Fields(string(out))[0]
	return d
}

// TestGUIReplayBrowser opens the replay browser from the main menu on a
// library of kept games, watches one at 2x, seeks to its end (the recorded
// state), and goes back. The screenshot of the browser is docs/screenshot-replays.png.
func TestGUIReplayBrowser(t *testing.T) {
	cfg := filepath.Join(t.TempDir(), "cfg")
	n := replayLibrary(t, cfg)
	d := startReplayWindow(t, cfg)
	d.wait("the title", func(s scenes.State) bool { return s.Scene == "title" && !s.Fading })
	d.press("Return", "the main menu", func(s scenes.State) bool { return s.Scene == "menu" })
	for i := 0; i < 20; i++ {
		st := d.wait("the menu", func(s scenes.State) bool { return s.Scene == "menu" })
		if st.Selected == "Replays" {
			break
		}
		d.press("Down", "the next row", func(s scenes.State) bool { return s.Selected != st.Selected })
	}
	d.press("Return", "the replay browser", func(s scenes.State) bool { return s.Scene == "replays" })
	time.Sleep(300 * time.Millisecond) // the fade in
	img := d.screenshot()
	if w := img.Bounds().Dx(); w != 1280 {
		t.Fatalf("screenshot %d pixels wide", w)
	}
	// Twelve rows and the best: the list's rows are drawn (many pixels
	// differ from the background in the list's area).
	bg := img.RGBAAt(2, 2)
	drawn := 0
	for y := 116; y < 116+2*16*n; y += 2 {
		for x := 40; x < 1240; x += 4 {
			if img.RGBAAt(x, y) != bg {
				drawn++
			}
		}
	}
	if drawn < 2000 {
		t.Fatalf("the list looks empty: %d pixels drawn", drawn)
	}
	st := d.press("Return", "the newest game in the viewer", func(s scenes.State) bool { return s.Scene == "play" && s.Mode == "replay" && s.Ticks > 0 })
	d.press("Up", "2x", func(s scenes.State) bool { return s.Ticks > st.Ticks })
	st2 := d.press("End", "a seek to the end", func(s scenes.State) bool { return s.ReplayDone })
	if st2.StateHash != st2.ReplayHash {
		t.Fatalf("the seek ended at %s, the recording at %s", st2.StateHash, st2.ReplayHash)
	}
	d.press("Escape", "back to the browser", func(s scenes.State) bool { return s.Scene == "replays" })
}
