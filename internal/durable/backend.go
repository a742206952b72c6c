package durable

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/kocka/kocka/internal/atomicfile"
)

// Dir keeps each blob as a file in one folder, through an atomicfile.FS.
type Dir struct {
	Path string
	FS   atomicfile.FS
}

// OpenDir returns the Dir at path on fsys (atomicfile.OS when nil) and
// removes the temporary files a killed run left there: those at least
// StaleTemp old, since a younger one may be a write another running copy
// of the game has under way. The folder is made on the first Write.
func OpenDir(path string, fsys atomicfile.FS) (*Dir, int, error) {
	if fsys == nil {
		fsys = atomicfile.OS
	}
	d := &Dir{Path: path, FS: fsys}
	n, err := atomicfile.CleanTemps(fsys, path, StaleTemp, time.Now())
	return d, n, err
}

// StaleTemp is the age from which a temporary file is a killed run's: a
// write takes milliseconds.
const StaleTemp = time.Minute

func (d *Dir) path(name string) (string, error) {
	if name == "" || strings.ContainsAny(name, `/\`) || name[0] == '.' {
		return "", fmt.Errorf("bad blob name %q", name)
	}
	return filepath.Join(d.Path, name), nil
}

// Read reads a blob of at most MaxBlob bytes.
func (d *Dir) Read(name string) ([]byte, error) {
	p, err := d.path(name)
	if err != nil {
		return nil, err
	}
	data, err := atomicfile.ReadLimit(d.FS, p, MaxBlob)
	if errors.Is(err, atomicfile.ErrTooLarge) {
		return nil, fmt.Errorf("%s: %w", name, ErrTooLarge)
	}
	return data, err
}

// Write replaces a blob in one rename; with keep, the old file becomes
// its backup once the new data is on disk (see atomicfile.WriteFS).
func (d *Dir) Write(name string, data []byte, keep bool) error {
	p, err := d.path(name)
	if err != nil {
		return err
	}
	if err := d.FS.MkdirAll(d.Path, 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFS(d.FS, p, data, 0o644, keep)
}

// Rename moves a blob to a new name.
func (d *Dir) Rename(from, to string) error {
	f, err := d.path(from)
	if err != nil {
		return err
	}
	t, err := d.path(to)
	if err != nil {
		return err
	}
	if err := d.FS.Rename(f, t); err != nil {
		return err
	}
	d.FS.SyncDir(d.Path)
	return nil
}

// KV is a store of whole values by key where each Set replaces a value in
// one step: the browser's localStorage, or memory.
type KV interface {
	Get(key string) ([]byte, error) // fs.ErrNotExist when absent
	Set(key string, data []byte) error
	Remove(key string) error
}

// KVBackend keeps blobs in a KV. A Rename is a Set then a Remove: a kill
// between them leaves both, which loses nothing.
type KVBackend struct{ KV KV }

func (k KVBackend) Read(name string) ([]byte, error) {
	data, err := k.KV.Get(name)
	if err == nil && len(data) > MaxBlob {
		return nil, fmt.Errorf("%s: %w", name, ErrTooLarge)
	}
	return data, err
}

// Write sets the backup first, then the blob: a failure between them
// leaves both holding the old version.
func (k KVBackend) Write(name string, data []byte, keep bool) error {
	if keep {
		old, err := k.KV.Get(name)
		if err != nil {
			return err
		}
		if err := k.KV.Set(BackupName(name), old); err != nil {
			return err
		}
	}
	return k.KV.Set(name, data)
}

func (k KVBackend) Rename(from, to string) error {
	data, err := k.KV.Get(from)
	if err != nil {
		return err
	}
	if err := k.KV.Set(to, data); err != nil {
		return err
	}
	return k.KV.Remove(from)
}

// Map is a KV in memory: for tests, and for a game with nowhere to save.
// Fail, when set, is returned by every Set (a full disk).
type Map struct {
	mu   sync.Mutex
	m    map[string][]byte
	Fail error
}

func (m *Map) Get(key string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.m[key]
	if !ok {
		return nil, fmt.Errorf("%s: %w", key, fs.ErrNotExist)
	}
	return append([]byte(nil), b...), nil
}

func (m *Map) Set(key string, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Fail != nil {
		return m.Fail
	}
	if m.m == nil {
		m.m = map[string][]byte{}
	}
	m.m[key] = append([]byte(nil), data...)
	return nil
}

func (m *Map) Remove(key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.m, key)
	return nil
}

// Keys lists the keys, for tests.
func (m *Map) Keys() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]string, 0, len(m.m))
	for k := range m.m {
		out = append(out, k)
	}
	return out
}
