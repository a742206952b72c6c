package persist

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kocka/kocka/internal/durable"
)

func TestFileStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "kocka")
	s, err := OpenFileStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if l := s.Load("settings.json", nil); l.Data != nil || l.Problem != nil {
		t.Fatalf("missing file: %+v", l)
	}
	for _, data := range []string{"first", "second"} {
		if err := s.Save("settings.json", []byte(data)); err != nil {
			t.Fatal(err)
		}
	}
	if l := s.Load("settings.json", nil); string(l.Data) != "second" {
		t.Fatalf("load %+v", l)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	// The previous version is kept as .bak; nothing else is left behind.
	if strings.Join(names, " ") != "settings.json settings.json.bak" {
		t.Fatalf("files after two saves: %v", names)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "settings.json.bak")); string(b) != "first" {
		t.Fatalf("backup holds %q, want the previous version", b)
	}
	for _, bad := range []string{"", "../x", "a/b", ".hidden"} {
		if err := s.Save(bad, nil); err == nil {
			t.Errorf("Save(%q) accepted", bad)
		}
	}
}

// A killed run's temporary files are gone when the store opens again
// (once they are old enough not to be another copy's write in progress).
func TestOpenFileStoreCleansTemps(t *testing.T) {
	dir := t.TempDir()
	tmp := filepath.Join(dir, ".scores.json.tmp123")
	if err := os.WriteFile(tmp, []byte("half"), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * durable.StaleTemp)
	if err := os.Chtimes(tmp, old, old); err != nil {
		t.Fatal(err)
	}
	s, err := OpenFileStore(dir)
	if err != nil || s.Cleaned != 1 {
		t.Fatalf("cleaned %v, %v", s, err)
	}
	if _, err := os.Stat(filepath.Join(dir, ".scores.json.tmp123")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("temporary file still there: %v", err)
	}
}
