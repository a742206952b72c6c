package atomicfile_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

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

// TestCleanTempsRemovesOnlyItsOwn: a start-up clean removes the stale
// temporary files the writers here make, and nothing else, whatever folder
// --config-dir names. (It used to remove every old hidden file with
// ".tmp" in its name, such as a player's ".env.tmpl".)
func TestCleanTempsRemovesOnlyItsOwn(t *testing.T) {
	dir := t.TempDir()
	// A saved file beside them, which must survive every clean.
	if err := atomicfile.WriteFile(filepath.Join(dir, "s.json"), []byte("1"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		remove bool
	}{
		{".settings.json.tmp123", true},
		{".scores.json.tmp-link1-x", true},
		{".a.tmp.tmp42", true},
		{".env.tmpl", false},
		{".notes.tmp", false},
		{".x.tmp12a", false},
		{".x.tmp-link1", false},
		{".x.tmp-link-abc", false},
		{".tmp123", false},
		{"x.tmp123", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name)
			if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			n, err := atomicfile.CleanTemps(atomicfile.OS, dir, 0, time.Now().Add(time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			_, statErr := os.Stat(path)
			if removed := errors.Is(statErr, os.ErrNotExist); removed != c.remove || n != map[bool]int{true: 1, false: 0}[c.remove] {
				t.Errorf("removed %v (%d files), want %v", removed, n, c.remove)
			}
			os.Remove(path)
		})
	}
	if got := read(t, filepath.Join(dir, "s.json")); got != "1" {
		t.Errorf("s.json holds %q", got)
	}
}

// TestWriterTempNamesAreCleaned: the temporary names CreateTemp and Backup
// really use are the ones CleanTemps recognises (a killed write's file is
// not left forever).
func TestWriterTempNamesAreCleaned(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.json")
	seen := &recordFS{FS: atomicfile.OS}
	for _, v := range []string{"1", "2"} {
		if err := atomicfile.WriteFS(seen, path, []byte(v), 0o644, true); err != nil {
			t.Fatal(err)
		}
	}
	if len(seen.temps) < 3 {
		t.Fatalf("temporary names %v, want two writes and a link", seen.temps)
	}
	for _, tmp := range seen.temps {
		if err := os.WriteFile(filepath.Join(dir, tmp), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	n, err := atomicfile.CleanTemps(atomicfile.OS, dir, 0, time.Now().Add(time.Hour))
	if err != nil || n != len(seen.temps) {
		t.Fatalf("removed %d of %v, %v", n, seen.temps, err)
	}
}

// recordFS notes the names of the temporary files and links made on it.
type recordFS struct {
	atomicfile.FS
	temps []string
}

func (r *recordFS) CreateTemp(dir, pattern string) (atomicfile.File, error) {
	f, err := r.FS.CreateTemp(dir, pattern)
	if err == nil {
		r.temps = append(r.temps, filepath.Base(f.Name()))
	}
	return f, err
}

func (r *recordFS) Link(oldname, newname string) error {
	r.temps = append(r.temps, filepath.Base(newname))
	return r.FS.Link(oldname, newname)
}
