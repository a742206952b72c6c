package persist

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFileStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "kocka")
	s := FileStore{Dir: dir}
	if _, err := s.Load("settings.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
	for _, data := range []string{"first", "second"} {
		if err := s.Save("settings.json", []byte(data)); err != nil {
			t.Fatal(err)
		}
		if b, err := s.Load("settings.json"); err != nil || string(b) != data {
			t.Fatalf("load %q, %v", b, err)
		}
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
