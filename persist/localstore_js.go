package persist

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall/js"
)

// LocalStore keeps blobs in the browser's localStorage, under keys
// Prefix+name, so the page keeps its settings, high scores and replays
// between visits. Damaged blobs are handled by the same code as native
// files: reported on screen, kept as name.bak, defaults used.
type LocalStore struct {
	Prefix string
	ls     js.Value
}

// OpenLocalStore opens localStorage. It fails when the browser refuses it
// (storage turned off, some private modes): the caller falls back to
// memory and says so.
func OpenLocalStore(prefix string) (s *LocalStore, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, fmt.Errorf("localStorage is not available: %v", r)
		}
	}()
	ls := js.Global().Get("localStorage") // a SecurityError when storage is off
	if !ls.Truthy() {
		return nil, errors.New("localStorage is not available in this browser")
	}
	s = &LocalStore{Prefix: prefix, ls: ls}
	// Some browsers hand out a localStorage that throws on every write.
	probe := prefix + ".probe"
	ls.Call("setItem", probe, "1")
	ls.Call("removeItem", probe)
	return s, nil
}

// Load reads a blob; a missing one is an error matching fs.ErrNotExist.
func (s *LocalStore) Load(name string) (data []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			data, err = nil, fmt.Errorf("reading %s from localStorage: %v", name, r)
		}
	}()
	v := s.ls.Call("getItem", s.Prefix+name)
	if v.IsNull() || v.IsUndefined() {
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}
	return decodeBlob(v.String()), nil
}

// Save writes a blob. localStorage replaces an item in one step, so a blob
// is never seen half-written; a full storage (QuotaExceededError) is an
// error and the old blob stays.
func (s *LocalStore) Save(name string, data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("saving %s to localStorage: %v", name, r)
		}
	}()
	s.ls.Call("setItem", s.Prefix+name, encodeBlob(data))
	return nil
}
