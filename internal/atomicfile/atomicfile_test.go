package atomicfile_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/kocka/kocka/internal/atomicfile"
)

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestWriteKeepsBackup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.json")
	steps := []struct {
		write, want, wantBak string // wantBak "" = no backup yet
	}{
		{"one", "one", ""},
		{"two", "two", "one"},
		{"three", "three", "two"},
	}
	for _, s := range steps {
		if err := atomicfile.WriteFile(path, []byte(s.write), 0o600); err != nil {
			t.Fatalf("write %q: %v", s.write, err)
		}
		if got := read(t, path); got != s.want {
			t.Errorf("after writing %q the file holds %q", s.write, got)
		}
		bak := atomicfile.BackupPath(path)
		if s.wantBak == "" {
			if _, err := os.Stat(bak); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("after the first write a backup exists (%v)", err)
			}
		} else if got := read(t, bak); got != s.wantBak {
			t.Errorf("after writing %q the backup holds %q, want %q", s.write, got, s.wantBak)
		}
	}
	if runtime.GOOS != "windows" {
		info, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if perm := info.Mode().Perm(); perm != 0o600 {
			t.Errorf("permissions %v, want 0600", perm)
		}
	}
}

func TestFailedWriteLeavesFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "scores.json")
	if err := atomicfile.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := atomicfile.Write(path, 0o644, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v, want one wrapping %v", err, boom)
	}
	if got := read(t, path); got != "old" {
		t.Errorf("a failed write changed the file to %q", got)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("a failed write left files behind: %v", names)
	}
}

func TestWriteIntoMissingDir(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "file")
	if err := atomicfile.WriteFile(path, []byte("x"), 0o644); err == nil {
		t.Fatal("writing into a missing directory succeeded")
	}
}

// TestWriteFileKeepsTheBackup: the version a write replaces is the backup.
func TestWriteFileKeepsTheBackup(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hs.json")
	for _, s := range []string{"first", "second"} {
		if err := atomicfile.WriteFile(path, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for p, want := range map[string]string{path: "second", atomicfile.BackupPath(path): "first"} {
		if data, err := atomicfile.ReadLimit(atomicfile.OS, p, 1<<10); err != nil || string(data) != want {
			t.Fatalf("%s holds %q, %v; want %q", p, data, err, want)
		}
	}
}
