package persist

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"sync"

	"github.com/kocka/kocka/internal/durable"
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
	checks  []check          // validators of blobs by name (Check)
	closed  bool             // Close was called: Save writes at once
	pending map[string][]byte
	order   []string
	busy    sync.WaitGroup // one count per name waiting or being written
	wake    chan struct{}
	errs    chan error
}

// check is a validator for the blobs whose names end in suffix.
type check struct {
	suffix string
	valid  durable.Validator
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
// fs.ErrNotExist; so is one the store found too damaged to use (it is
// moved aside, see Store, and the error says so the first time). An
// unreadable blob is an error, and locked.
func (b *Blobs) Load(name string) ([]byte, error) {
	e, l, fresh := b.fetch(name, nil)
	if fresh && l.Locked {
		return nil, fmt.Errorf("could not read %s: %w", name, l.Problem)
	}
	if e.absent && fresh && l.Damaged != "" {
		return nil, fmt.Errorf("%s was damaged (%v), moved to %s, and has no good backup: %w", name, l.Problem, l.Damaged, fs.ErrNotExist)
	}
	if fresh && l.Damaged != "" {
		// The backup is returned without an error: the player must still
		// learn that the blob was damaged and where it went.
		b.report(fmt.Errorf("%s was damaged (%v): moved it to %s; using its previous version (%s)", name, l.Problem, l.Damaged, l.From))
	}
	if e.absent {
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}
	return append([]byte(nil), e.data...), nil
}

// Check makes the blobs whose names end in suffix pass valid: a damaged
// one is set aside when it is loaded (its backup used if good), and also
// before the first Save of its name this session, so that a damaged file
// never becomes the backup of a good one. Call it before any Load or Save
// of such blobs.
func (b *Blobs) Check(suffix string, valid durable.Validator) {
	b.mu.Lock()
	b.checks = append(b.checks, check{suffix, valid})
	b.mu.Unlock()
}

// validFor returns the Check validator of blob name, or nil. Under mu.
func (b *Blobs) validFor(name string) durable.Validator {
	for _, c := range b.checks {
		if strings.HasSuffix(name, c.suffix) {
			return c.valid
		}
	}
	return nil
}

// fetch returns what the game sees of blob name, reading the store the
// first time (fresh), when l says what the store found; valid nil means
// the Check validator of the name, if any.
func (b *Blobs) fetch(name string, valid durable.Validator) (e entry, l durable.Loaded, fresh bool) {
	b.mu.Lock()
	e, ok := b.mem[name]
	if valid == nil {
		valid = b.validFor(name)
	}
	b.mu.Unlock()
	if ok {
		return e, l, false
	}
	l = b.store.Load(name, valid)
	e = entry{data: l.Data, absent: l.Data == nil}
	b.mu.Lock()
	defer b.mu.Unlock()
	if cur, saved := b.mem[name]; saved { // a Save came first: it wins
		return cur, durable.Loaded{}, false
	}
	b.mem[name] = e
	if l.Locked {
		b.locked[name] = true
	}
	return e, l, true
}

// Save makes data the content of blob name now, and queues it for the
// store. A locked blob is left as it is.
func (b *Blobs) Save(name string, data []byte) {
	data = append([]byte(nil), data...)
	b.mu.Lock()
	_, seen := b.mem[name]
	checked := b.validFor(name) != nil
	b.mu.Unlock()
	if checked && !seen {
		// The store learns the validator and sets a damaged file aside
		// now, before this Save could keep it as the backup; the player
		// is told, as a Load would tell.
		if _, l, fresh := b.fetch(name, nil); fresh {
			switch {
			case l.Locked:
				b.report(fmt.Errorf("not saving over %s (%v): it is left as it is", name, l.Problem))
			case l.Damaged != "":
				b.report(fmt.Errorf("%s was damaged (%v): moved it to %s before saving the new version", name, l.Problem, l.Damaged))
			}
		}
	}
	b.mu.Lock()
	if b.locked[name] {
		b.mu.Unlock()
		return
	}
	b.mem[name] = entry{data: data}
	if b.closed { // no writer any more: write here
		b.mu.Unlock()
		b.write(name, data)
		return
	}
	if _, queued := b.pending[name]; !queued {
		b.busy.Add(1)
		b.order = append(b.order, name)
	}
	b.pending[name] = data
	select { // under mu, so that Close cannot close wake in between
	case b.wake <- struct{}{}:
	default:
	}
	b.mu.Unlock()
}

// Close writes what is pending and stops the background writer. A Save
// after Close is written at once, by the caller.
func (b *Blobs) Close() {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return
	}
	b.closed = true
	b.mu.Unlock()
	b.Flush()
	b.mu.Lock()
	close(b.wake)
	b.mu.Unlock()
}

// write puts one blob in the store; an error comes back through Errors.
func (b *Blobs) write(name string, data []byte) {
	if err := b.store.Save(name, data); err != nil {
		b.report(fmt.Errorf("could not save %s: %w", name, err))
	}
}

// report queues err for Errors, without waiting.
func (b *Blobs) report(err error) {
	select {
	case b.errs <- err:
	default: // the screen already shows plenty of errors
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
// (defaults) and reports nothing. Otherwise the store's rules apply (see
// Store): a blob that does not decode or validate (see Validator) is moved
// aside and its backup used if good, else defaults() resets v; and then
// the main blob is saved at once with what the game now uses, so the
// returned notice is shown once. An unreadable blob is locked: Save will
// not overwrite it this session, so nothing is silently lost.
func (b *Blobs) LoadJSON(name string, v any, defaults func()) (notice string) {
	valid := func(raw []byte) error {
		fresh := reflect.New(reflect.TypeOf(v).Elem()).Interface()
		if err := json.Unmarshal(raw, fresh); err != nil {
			return err
		}
		if val, ok := fresh.(Validator); ok {
			return val.Validate()
		}
		return nil
	}
	e, l, fresh := b.fetch(name, valid)
	if e.absent {
		defaults()
	} else if err := json.Unmarshal(e.data, v); err != nil {
		// Only bytes this session saved from a valid value get here.
		defaults()
	}
	if !fresh {
		return ""
	}
	if l.Restored() {
		if err := b.SaveJSON(name, v); err != nil {
			return l.Notice() + " " + err.Error()
		}
	}
	return l.Notice()
}

// Errors returns, without waiting, what went wrong since the last call:
// failed writes, and damaged or unreadable blobs that Load returned the
// backup of or Save found in its way (LoadJSON returns those as its
// notice instead).
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
			b.write(name, data)
			b.busy.Done()
		}
	}
}
