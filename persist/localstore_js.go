package persist

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall/js"

	"github.com/kocka/kocka/internal/durable"
)

// localStorage keeps blobs in the browser's localStorage, under keys
// prefix+name, so the page keeps its settings, high scores and replays
// between visits. Each setItem replaces an item in one step; a full
// storage (QuotaExceededError) is an error and the old item stays.
type localStorage struct {
	prefix string
	ls     js.Value
}

// OpenLocalStore opens localStorage as a Store with the same rules as the
// native files (backups, damaged blobs moved aside). It fails when the
// browser refuses it (storage turned off, some private modes): the caller
// falls back to memory and says so.
func OpenLocalStore(prefix string) (s Store, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, fmt.Errorf("localStorage is not available: %v", r)
		}
	}()
	ls := js.Global().Get("localStorage") // a SecurityError when storage is off
	if !ls.Truthy() {
		return nil, errors.New("localStorage is not available in this browser")
	}
	// Some browsers hand out a localStorage that throws on every write.
	probe := prefix + ".probe"
	ls.Call("setItem", probe, "1")
	ls.Call("removeItem", probe)
	return durable.New(durable.KVBackend{KV: &localStorage{prefix: prefix, ls: ls}}, nil), nil
}

func (s *localStorage) Get(name string) (data []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			data, err = nil, fmt.Errorf("reading %s from localStorage: %v", name, r)
		}
	}()
	v := s.ls.Call("getItem", s.prefix+name)
	if v.IsNull() || v.IsUndefined() {
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}
	return decodeBlob(v.String()), nil
}

func (s *localStorage) Set(name string, data []byte) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("saving %s to localStorage: %v", name, r)
		}
	}()
	s.ls.Call("setItem", s.prefix+name, encodeBlob(data))
	return nil
}

func (s *localStorage) Remove(name string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("removing %s from localStorage: %v", name, r)
		}
	}()
	s.ls.Call("removeItem", s.prefix+name)
	return nil
}
