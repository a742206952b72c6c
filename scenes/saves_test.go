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
