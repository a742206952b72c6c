package scenes

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kocka/kocka/persist"
)

// launchIn starts the game on the settings folder dir, as a new run would.
func launchIn(t *testing.T, dir string) *App {
	t.Helper()
	s, err := persist.OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewApp(Options{Store: s})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.Close)
	return a
}

// The review's case, on real files: a setting changed twice, settings.json
// damaged between runs, then two more runs. The banner shows once, the
// last good settings come back, the damaged bytes are kept under their own
// name, and no backup is ever overwritten with them.
func TestDamagedSettingsFileOnDisk(t *testing.T) {
	dir := t.TempDir()
	a := launchIn(t, dir)
	a.Settings.DAS = 9
	a.SaveSettings()
	a.FlushSaves() // on disk before the next change, as a player's edits are
	a.Settings.DAS = 8
	a.SaveSettings()
	a.Close()
	path := filepath.Join(dir, settingsFile)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, raw[:len(raw)/2], 0o644); err != nil { // truncated
		t.Fatal(err)
	}

	b := launchIn(t, dir)
	if !strings.Contains(b.Notice(), "damaged") || b.Settings.DAS != 9 {
		t.Fatalf("damaged launch: DAS %d, notice %q; want the backup's DAS 9", b.Settings.DAS, b.Notice())
	}
	b.Close()
	for run := 0; run < 2; run++ {
		c := launchIn(t, dir)
		if c.Notice() != "" || c.Settings.DAS != 9 {
			t.Fatalf("run %d after: DAS %d, notice %q", run, c.Settings.DAS, c.Notice())
		}
		c.Close()
	}
	matches, _ := filepath.Glob(path + ".damaged-*")
	if len(matches) != 1 {
		t.Fatalf("damaged copies %v, want one", matches)
	}
	if got, _ := os.ReadFile(matches[0]); string(got) != string(raw[:len(raw)/2]) {
		t.Errorf("damaged copy %q", got)
	}
	if bak, _ := os.ReadFile(path + ".bak"); !strings.Contains(string(bak), `"das": 9`) {
		t.Errorf("backup %s, want the DAS 9 version", bak)
	}
}

// TestEveryDamagedFileIsReported: when several saved files are damaged at
// once, the notice on screen names each of them, with where its damaged
// bytes went. (Each notice used to replace the one before it in the same
// tick, so the player never saw the first.)
func TestEveryDamagedFileIsReported(t *testing.T) {
	damaged := map[string]string{
		settingsFile:    `{"das": 500}`,
		scoresFile:      "\x00garbage",
		replayIndexFile: `{"next": -1`,
	}
	for _, c := range [][]string{
		{settingsFile, scoresFile},
		{settingsFile, replayIndexFile},
		{settingsFile, scoresFile, replayIndexFile},
	} {
		t.Run(strings.Join(c, "+"), func(t *testing.T) {
			store := &MemStore{}
			for _, name := range c {
				store.Put(name, []byte(damaged[name]))
			}
			a := newTestApp(t, store, "title")
			step(t, a, Frame{}, 1) // the notice lasts past the first tick
			for _, name := range c {
				if !strings.Contains(a.Notice(), name+".damaged-") {
					t.Errorf("notice %q does not report %s", a.Notice(), name)
				}
			}
		})
	}
}

// TestNoticesOfOneMomentAreJoined: a message replaces an older one, but
// not one that appeared less than a second ago; the same message twice
// shows once.
func TestNoticesOfOneMomentAreJoined(t *testing.T) {
	var n notice
	n.show("first.")
	n.show("second.")
	n.show("second.")
	if n.msg != "first. second." {
		t.Fatalf("same moment: %q", n.msg)
	}
	for i := 0; i < noticeJoin; i++ {
		n.step()
	}
	n.show("third.")
	if n.msg != "third." {
		t.Fatalf("a second later: %q", n.msg)
	}
}
