package persist

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/kocka/kocka/internal/durable"
)

// Store keeps named blobs (settings.json, scores.json, replays) by the
// rules of internal/durable: each write whole or not at all, the previous
// good version as NAME.bak, a damaged blob moved aside once as
// NAME.damaged-TIME, an unreadable one never written over. The native game
// keeps them as files in the user's config folder, the browser in
// localStorage, tests in memory. The game reads and writes a Store only
// through Blobs.
type Store interface {
	// Load reads blob name; valid says whether its bytes can be used.
	Load(name string, valid durable.Validator) durable.Loaded
	Save(name string, data []byte) error
}

// DefaultDir is os.UserConfigDir()/kocka.
func DefaultDir() (string, error) {
	d, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no config folder: %w", err)
	}
	return filepath.Join(d, "kocka"), nil
}

// FileStore keeps each blob as a file in one folder.
type FileStore struct {
	*durable.Store
	Dir string
	// Cleaned is how many temporary files a killed run had left there.
	Cleaned int
}

// OpenFileStore opens the folder dir (made at the first save) and removes
// the temporary files a killed run left in it.
func OpenFileStore(dir string) (*FileStore, error) {
	d, n, err := durable.OpenDir(dir, nil)
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", dir, err)
	}
	return &FileStore{Store: durable.New(d, nil), Dir: dir, Cleaned: n}, nil
}

// MemStore keeps blobs in memory, by the same rules: for tests, and as the
// fallback when no config folder exists (nothing is saved, and the player
// is told). The zero value is ready to use.
type MemStore struct {
	mu   sync.Mutex
	fail error
	kv   durable.Map
	once sync.Once
	s    *durable.Store
}

// SetFail makes every later write fail with err (a full or read-only
// disk); nil makes writes work again.
func (m *MemStore) SetFail(err error) {
	m.mu.Lock()
	m.fail = err
	m.mu.Unlock()
}

func (m *MemStore) store() *durable.Store {
	m.once.Do(func() { m.s = durable.New(durable.KVBackend{KV: memKV{m}}, nil) })
	return m.s
}

// Load reads blob name by the rules of Store.
func (m *MemStore) Load(name string, valid durable.Validator) durable.Loaded {
	return m.store().Load(name, valid)
}

// Save writes blob name by the rules of Store.
func (m *MemStore) Save(name string, data []byte) error { return m.store().Save(name, data) }

// Put sets a blob's bytes directly, as another program (or a damaged disk)
// would: for tests.
func (m *MemStore) Put(name string, data []byte) { m.kv.Set(name, data) }

// Get returns a blob's bytes as they are kept, for tests.
func (m *MemStore) Get(name string) ([]byte, error) { return m.kv.Get(name) }

// Names lists the stored blobs, sorted.
func (m *MemStore) Names() []string {
	out := m.kv.Keys()
	sort.Strings(out)
	return out
}

// memKV is a MemStore's map with its write failure.
type memKV struct{ m *MemStore }

func (k memKV) Get(key string) ([]byte, error) { return k.m.kv.Get(key) }
func (k memKV) Remove(key string) error        { return k.m.kv.Remove(key) }
func (k memKV) Set(key string, data []byte) error {
	k.m.mu.Lock()
	err := k.m.fail
	k.m.mu.Unlock()
	if err != nil {
		return err
	}
	return k.m.kv.Set(key, data)
}
