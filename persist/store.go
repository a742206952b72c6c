package persist

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/kocka/kocka/internal/atomicfile"
)

// Store keeps named blobs: settings.json, scores.json, replays. The native
// game keeps them as files in the user's config folder; the browser build
// plugs in localStorage. Load of a missing blob returns an error matching
// fs.ErrNotExist. The game reads and writes a Store only through Blobs.
type Store interface {
	Load(name string) ([]byte, error)
	Save(name string, data []byte) error
}

// FileStore keeps each blob as a file in Dir, written atomically.
type FileStore struct{ Dir string }

// DefaultDir is os.UserConfigDir()/kocka.
func DefaultDir() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no config folder: %w", err)
	}
	return filepath.Join(d, "kocka"), nil
}

func (s FileStore) path(name string) (string, error) {
	if name == "" || strings.ContainsAny(name, `/\`) || name[0] == '.' {
		return "", fmt.Errorf("bad blob name %q", name)
	}
	return filepath.Join(s.Dir, name), nil
}

// Load reads a blob.
func (s FileStore) Load(name string) ([]byte, error) {
	p, err := s.path(name)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(p)
}

// Save writes a blob atomically (temporary file, sync, rename, folder
// sync), so a crash leaves the old file or the new one, never half of one;
// the previous version stays beside it as NAME.bak (see atomicfile).
func (s FileStore) Save(name string, data []byte) error {
	p, err := s.path(name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(p, data, 0o644)
}

// MemStore keeps blobs in memory: for tests, and as the fallback when no
// config folder exists (nothing is saved, and the player is told).
type MemStore struct {
	mu    sync.Mutex
	blobs map[string][]byte
	Fail  error // when set, Save returns it (tests of failing disks)
}

// Load returns a copy of a blob.
func (m *MemStore) Load(name string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.blobs[name]
	if !ok {
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}
	return append([]byte(nil), b...), nil
}

// Save stores a copy of data.
func (m *MemStore) Save(name string, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.Fail != nil {
		return m.Fail
	}
	if m.blobs == nil {
		m.blobs = map[string][]byte{}
	}
	m.blobs[name] = append([]byte(nil), data...)
	return nil
}

// Names lists the stored blobs, sorted.
func (m *MemStore) Names() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []string
	for n := range m.blobs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
