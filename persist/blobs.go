package persist

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sync"
)

// Blobs is the game's saved data as the game sees it. The latest bytes of
// every blob read or saved this session are kept in memory, and memory is
// the truth: Load never reads back a file the game wrote, so no reader can
// see a copy older than the last Save, whatever the disk is doing. Save
// takes the bytes at once and a background writer puts them in the Store,
// so a slow disk (fsync) never costs a frame; the latest bytes for a name
// win, and write errors come back through Errors to be shown on screen.
type Blobs struct {
	store Store

	mu      sync.Mutex
	mem     map[string]entry // what the game sees, under mu
	locked  map[string]bool  // blobs that must not be overwritten this session
	pending map[string][]byte
	order   []string
	busy    sync.WaitGroup // one count per name waiting or being written
	wake    chan struct{}
	errs    chan error
}

// entry is a blob in memory; absent means the game sees no blob (none in
// the store, or a damaged one set aside).
type entry struct {
	data   []byte
	absent bool
}

// New puts s behind a Blobs and starts its writer.
func New(s Store) *Blobs {
	b := &Blobs{
		store:   s,
		mem:     map[string]entry{},
		locked:  map[string]bool{},
		pending: map[string][]byte{},
		wake:    make(chan struct{}, 1),
		errs:    make(chan error, 16),
	}
	go b.loop()
	return b
}

// Load returns a copy of blob name: from memory if the game has seen it,
// else from the store (and then kept). A missing blob is an error matching
// fs.ErrNotExist.
func (b *Blobs) Load(name string) ([]byte, error) {
	b.mu.Lock()
	e, ok := b.mem[name]
	b.mu.Unlock()
	if !ok {
		data, err := b.store.Load(name)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			e = entry{absent: true}
		case err != nil:
			return nil, err
		default:
			e = entry{data: data}
		}
		b.mu.Lock()
		if cur, saved := b.mem[name]; saved { // a Save came first: it wins
			e = cur
		} else {
			b.mem[name] = e
		}
		b.mu.Unlock()
	}
	if e.absent {
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}
	return append([]byte(nil), e.data...), nil
}

// Save makes data the content of blob name now, and queues it for the
// store. A locked blob is left as it is.
func (b *Blobs) Save(name string, data []byte) {
	data = append([]byte(nil), data...)
	b.mu.Lock()
	if b.locked[name] {
		b.mu.Unlock()
		return
	}
	b.mem[name] = entry{data: data}
	if _, queued := b.pending[name]; !queued {
		b.busy.Add(1)
		b.order = append(b.order, name)
	}
	b.pending[name] = data
	b.mu.Unlock()
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// SaveJSON saves v as indented JSON.
func (b *Blobs) SaveJSON(name string, v any) error {
	raw, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("could not save %s: %w", name, err)
	}
	b.Save(name, raw)
	return nil
}

// Validator is implemented by saved data that can check itself after
// decoding.
type Validator interface{ Validate() error }

// LoadJSON decodes blob name into v. A missing blob leaves v as it is
// (defaults) and reports nothing. A blob that cannot be read, decoded or
// validated (see Validator) is set aside: its bytes are copied to
// name.bak, defaults() resets v, the game sees no blob from then on, and
// the returned notice says what happened. If the copy fails too, or the
// blob cannot be read, the blob is locked: Save will not overwrite it this
// session, so nothing is silently lost.
func (b *Blobs) LoadJSON(name string, v any, defaults func()) (notice string) {
	raw, err := b.Load(name)
	if errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	if err != nil {
		b.lock(name)
		return fmt.Sprintf("Could not read %s (%v); using defaults, and not saving over it.", name, err)
	}
	err = json.Unmarshal(raw, v)
	if err == nil {
		if val, ok := v.(Validator); ok {
			err = val.Validate()
		}
	}
	if err == nil {
		return ""
	}
	defaults()
	b.mu.Lock()
	b.mem[name] = entry{absent: true}
	b.mu.Unlock()
	// The copy is written at once, not queued: whether it worked decides
	// whether the blob may be overwritten.
	if berr := b.store.Save(name+".bak", raw); berr != nil {
		b.lock(name)
		return fmt.Sprintf("%s is damaged (%v) and could not be kept aside (%v); using defaults, and not saving over it.", name, err, berr)
	}
	b.mu.Lock()
	b.mem[name+".bak"] = entry{data: raw}
	b.mu.Unlock()
	return fmt.Sprintf("%s was damaged (%v); kept it as %s.bak and used defaults.", name, err, name)
}

func (b *Blobs) lock(name string) {
	b.mu.Lock()
	b.locked[name] = true
	b.mu.Unlock()
}

// Errors returns the write errors since the last call, without waiting.
func (b *Blobs) Errors() []error {
	var out []error
	for {
		select {
		case err := <-b.errs:
			out = append(out, err)
		default:
			return out
		}
	}
}

// Flush waits until everything saved is in the store.
func (b *Blobs) Flush() { b.busy.Wait() }

func (b *Blobs) loop() {
	for range b.wake {
		for {
			b.mu.Lock()
			if len(b.order) == 0 {
				b.mu.Unlock()
				break
			}
			name := b.order[0]
			b.order = b.order[1:]
			data := b.pending[name]
			delete(b.pending, name)
			b.mu.Unlock()
			if err := b.store.Save(name, data); err != nil {
				select {
				case b.errs <- fmt.Errorf("Could not save %s: %v", name, err):
				default: // the screen already shows plenty of errors
				}
			}
			b.busy.Done()
		}
	}
}
