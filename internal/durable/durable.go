// Package durable keeps a program's small saved files (settings, high
// scores, replays) so that none is ever lost:
//
//   - every write replaces a blob whole, in one step (a temporary file and a
//     rename on disk; one setItem in localStorage);
//   - before a good blob is replaced, it is kept as NAME.bak, and the
//     backup is only ever replaced by another good version ("good": it
//     passed the check the caller gave; without one, any bytes that read);
//   - a damaged blob (it does not decode, or it is too large) is moved
//     aside once, under a name of its own (NAME.damaged-20261123T101500),
//     never over a backup; the backup, if good, is used in its place;
//   - a blob that cannot even be read (a folder in the way, no permission)
//     is left alone: it is reported, and not written over this session.
//
// The caller keeps its state in memory and treats it as the truth: a Store
// is written behind it and never read back after a Save.
package durable

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"strconv"
	"sync"
	"time"
)

// MaxBlob is the largest blob a Store reads. A larger one is treated as
// damaged: moved aside unread.
const MaxBlob = 16 << 20

// ErrTooLarge marks a blob over MaxBlob.
var ErrTooLarge = errors.New("larger than 16 MiB")

// Backend holds blobs by name. Write and Rename are atomic (a reader sees
// the old blob or the new one); Write with keep also makes BackupName(name)
// a copy of the blob it replaces, only once the new data is safe.
type Backend interface {
	Read(name string) ([]byte, error) // fs.ErrNotExist when absent, ErrTooLarge over MaxBlob
	Write(name string, data []byte, keep bool) error
	Rename(from, to string) error
}

// Validator says whether a blob's bytes can be used (they decode and make
// sense). nil accepts any bytes.
type Validator func(data []byte) error

// BackupName is where a blob's previous good version is kept.
func BackupName(name string) string { return name + ".bak" }

// Store applies the rules in the package comment over a Backend.
type Store struct {
	b   Backend
	now func() time.Time

	mu    sync.Mutex
	blobs map[string]*blob
}

type blob struct {
	valid  Validator
	known  bool   // the backend's copy is one this Store read as good or wrote
	sum    uint64 // and this is its hash
	locked error  // why the blob must not be written over
}

// New returns a Store over b. now stamps the names of damaged copies; nil
// means time.Now.
func New(b Backend, now func() time.Time) *Store {
	if now == nil {
		now = time.Now
	}
	return &Store{b: b, now: now, blobs: map[string]*blob{}}
}

// Loaded is what Load found.
type Loaded struct {
	Name    string
	Data    []byte // the contents to use; nil: none, use the defaults
	From    string // the blob Data came from: Name or its backup; "" if none
	Problem error  // what was wrong with the main blob, nil if nothing
	Damaged string // where the damaged main blob was moved, or ""
	Locked  bool   // the main blob is left as it is and Save will not replace it
}

// Restored reports that Data is not the main blob's: the caller should
// Save what it now uses, so the main blob is whole again at once.
func (l Loaded) Restored() bool { return l.Problem != nil && !l.Locked }

// Notice is a sentence for the player about what happened, "" when the
// main blob was fine or simply absent.
func (l Loaded) Notice() string {
	if l.Problem == nil {
		return ""
	}
	use := "using the defaults"
	if l.From != "" && l.From != l.Name {
		use = "restored the previous version (" + l.From + ")"
	}
	switch {
	case l.Locked:
		return fmt.Sprintf("Could not read %s (%v); %s, and not saving over it.", l.Name, l.Problem, use)
	case l.Damaged != "":
		return fmt.Sprintf("%s was damaged (%v): moved it to %s; %s.", l.Name, l.Problem, l.Damaged, use)
	default:
		return fmt.Sprintf("%s was missing: %s.", l.Name, use)
	}
}

func sum(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

func (s *Store) entry(name string) *blob {
	e := s.blobs[name]
	if e == nil {
		e = &blob{}
		s.blobs[name] = e
	}
	return e
}

// check reads blob name and says whether it is usable; notFound and other
// read errors come back as they are.
func check(b Backend, name string, valid Validator) ([]byte, error, error) {
	data, err := b.Read(name)
	if err != nil {
		if errors.Is(err, ErrTooLarge) {
			return nil, nil, err // damaged, not unreadable
		}
		return nil, err, nil
	}
	if valid != nil {
		if verr := valid(data); verr != nil {
			return data, nil, verr
		}
	}
	return data, nil, nil
}

// Load reads blob name, remembers valid for later Saves, and applies the
// rules: a good main blob is used; a damaged one is moved aside and its
// backup used if good; an unreadable one is left alone and locked. A
// missing main blob with a good backup (a run killed while moving a
// damaged blob aside) is restored from the backup.
func (s *Store) Load(name string, valid Validator) Loaded {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entry(name)
	e.valid = valid
	l := Loaded{Name: name}
	data, readErr, bad := check(s.b, name, valid)
	switch {
	case readErr == nil && bad == nil:
		e.known, e.sum = true, sum(data)
		l.Data, l.From = data, name
		return l
	case readErr != nil && errors.Is(readErr, fs.ErrNotExist):
		l.Problem = readErr
	case readErr != nil:
		l.Problem, l.Locked = readErr, true
		e.locked = readErr
	default:
		l.Problem = bad
		aside, err := s.moveAside(name)
		if err != nil {
			l.Locked = true
			e.locked = fmt.Errorf("damaged, and it could not be moved aside: %w", err)
			l.Problem = fmt.Errorf("%v; could not move it aside: %w", bad, err)
		} else {
			l.Damaged = aside
		}
	}
	bak := BackupName(name)
	if bdata, rerr, berr := check(s.b, bak, valid); rerr == nil && berr == nil {
		l.Data, l.From = bdata, bak
	}
	if l.From == "" && errors.Is(l.Problem, fs.ErrNotExist) {
		l.Problem = nil // nothing saved yet: not news
	}
	return l
}

// moveAside renames a damaged blob to a name of its own.
func (s *Store) moveAside(name string) (string, error) {
	stamp := name + ".damaged-" + s.now().UTC().Format("20060102T150405")
	to := stamp
	for i := 2; ; i++ {
		if _, err := s.b.Read(to); errors.Is(err, fs.ErrNotExist) {
			break
		} else if err != nil && !errors.Is(err, ErrTooLarge) {
			return "", err
		}
		if i > 1000 {
			return "", fmt.Errorf("too many damaged copies of %s", name)
		}
		to = stamp + "-" + strconv.Itoa(i)
	}
	return to, s.b.Rename(name, to)
}

// Save replaces blob name with data. The version it replaces becomes the
// backup if it is good (one this Store read or wrote, or one that passes
// the validator given to Load); if it is damaged it is moved aside instead.
// Save refuses data the validator rejects, and any blob Load locked.
func (s *Store) Save(name string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entry(name)
	if e.locked != nil {
		return fmt.Errorf("not saving over %s: %w", name, e.locked)
	}
	if e.valid != nil {
		if err := e.valid(data); err != nil {
			return fmt.Errorf("not saving %s: it would not load back: %w", name, err)
		}
	}
	cur, readErr, bad := check(s.b, name, nil)
	if readErr == nil && bad == nil && e.valid != nil && !(e.known && e.sum == sum(cur)) {
		bad = e.valid(cur)
	}
	keep := false
	switch {
	case readErr != nil && errors.Is(readErr, fs.ErrNotExist):
	case readErr != nil:
		return fmt.Errorf("not saving over %s: %w", name, readErr)
	case bad != nil:
		if _, err := s.moveAside(name); err != nil {
			return fmt.Errorf("%s is damaged and could not be moved aside: %w", name, err)
		}
	case bytes.Equal(cur, data):
		e.known, e.sum = true, sum(data)
		return nil // keep the backup one version back
	default:
		keep = true
	}
	if err := s.b.Write(name, data, keep); err != nil {
		return err
	}
	e.known, e.sum = true, sum(data)
	return nil
}
