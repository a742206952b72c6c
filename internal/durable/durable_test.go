package durable

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kocka/kocka/internal/atomicfile"
)

// valid accepts a JSON object with a "v" field, the shape of the blobs in
// these tests.
func valid(b []byte) error {
	var x struct{ V *int }
	if err := json.Unmarshal(b, &x); err != nil {
		return err
	}
	if x.V == nil {
		return errors.New("no version")
	}
	return nil
}

func version(n int) []byte { return []byte(fmt.Sprintf(`{"v":%d}`, n)) }

var clock = func() time.Time { return time.Date(2026, 11, 23, 10, 15, 0, 0, time.UTC) }

// backends opens the same blobs again, as a new run of the program would.
type reopen func(t *testing.T) Backend

func dirBackend(t *testing.T) reopen {
	dir := t.TempDir()
	return func(t *testing.T) Backend {
		d, _, err := OpenDir(dir, nil)
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
}

func mapBackend(t *testing.T) reopen {
	m := &Map{}
	return func(*testing.T) Backend { return KVBackend{m} }
}

var kinds = []struct {
	name string
	new  func(t *testing.T) reopen
}{{"files", dirBackend}, {"localStorage", mapBackend}}

func mustRead(t *testing.T, b Backend, name string) []byte {
	t.Helper()
	data, err := b.Read(name)
	if err != nil {
		t.Fatalf("read %s: %v", name, err)
	}
	return data
}

func names(t *testing.T, b Backend) []string {
	t.Helper()
	switch b := b.(type) {
	case *Dir:
		es, err := os.ReadDir(b.Path)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range es {
			out = append(out, e.Name())
		}
		return out
	case KVBackend:
		out := b.KV.(*Map).Keys()
		sort.Strings(out)
		return out
	}
	t.Fatalf("unknown backend %T", b)
	return nil
}

// launch is one run of a program: load the blob, use what came back (or
// the defaults), save it at once if it was restored, then save each of
// edits.
func launch(t *testing.T, b Backend, edits ...[]byte) Loaded {
	t.Helper()
	s := New(b, clock)
	l := s.Load("settings.json", valid)
	if l.Restored() {
		use := l.Data
		if use == nil {
			use = version(0)
		}
		if err := s.Save("settings.json", use); err != nil {
			t.Fatalf("saving the restored blob: %v", err)
		}
	}
	for _, e := range edits {
		if err := s.Save("settings.json", e); err != nil {
			t.Fatalf("save %s: %v", e, err)
		}
	}
	return l
}

// The review's case: a good file and backup, the file damaged between two
// runs, then two more runs. The damaged bytes are kept once, under their
// own name, the last good version comes back, and the banner shows once.
func TestDamagedFileKeptOnceAndGoodBackupRestored(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			open := k.new(t)
			launch(t, open(t), version(1), version(2)) // settings.json = 2, .bak = 1
			b := open(t)
			if err := b.Write("settings.json", []byte(`{"v":`), false); err != nil { // truncated
				t.Fatal(err)
			}
			l := launch(t, open(t))
			if l.Notice() == "" || l.Damaged == "" || l.From != "settings.json.bak" || !bytes.Equal(l.Data, version(1)) {
				t.Fatalf("damaged launch: %+v notice %q", l, l.Notice())
			}
			if !strings.Contains(l.Notice(), "settings.json.damaged-20261123T101500") {
				t.Errorf("notice %q does not say where the damaged copy went", l.Notice())
			}
			for run := 0; run < 2; run++ {
				l := launch(t, open(t), version(3+run))
				if l.Notice() != "" {
					t.Errorf("run %d after the damage still says %q", run, l.Notice())
				}
			}
			b = open(t)
			if got := mustRead(t, b, "settings.json.damaged-20261123T101500"); string(got) != `{"v":` {
				t.Errorf("damaged copy holds %q", got)
			}
			if got := mustRead(t, b, "settings.json"); !bytes.Equal(got, version(4)) {
				t.Errorf("main holds %s", got)
			}
			if got := mustRead(t, b, "settings.json.bak"); !bytes.Equal(got, version(3)) {
				t.Errorf("backup holds %s", got)
			}
			if n := names(t, b); len(n) != 3 {
				t.Errorf("files %v, want main, backup and one damaged copy", n)
			}
		})
	}
}

// Every kind of damage: the bytes are moved aside untouched, the backup is
// left as it was and used.
func TestDamageKinds(t *testing.T) {
	for _, k := range kinds {
		for _, c := range []struct {
			name string
			data []byte
		}{
			{"truncated", []byte(`{"v":1`)},
			{"empty", nil},
			{"garbage", []byte{0xff, 0, 0x13, 'x'}},
			{"wrong shape", []byte(`{"w":1}`)},
			{"too large", bytes.Repeat([]byte{' '}, MaxBlob+1)},
		} {
			t.Run(k.name+"/"+c.name, func(t *testing.T) {
				open := k.new(t)
				launch(t, open(t), version(1), version(2))
				if err := open(t).Write("settings.json", c.data, false); err != nil {
					t.Fatal(err)
				}
				l := launch(t, open(t))
				if l.Damaged == "" || l.Locked || !bytes.Equal(l.Data, version(1)) {
					t.Fatalf("got %+v", l)
				}
				b := open(t)
				if len(c.data) <= MaxBlob {
					if got := mustRead(t, b, l.Damaged); !bytes.Equal(got, c.data) {
						t.Errorf("damaged copy differs")
					}
				} else if _, err := b.Read(l.Damaged); !errors.Is(err, ErrTooLarge) {
					t.Errorf("damaged copy: %v, want it kept whole (too large to read)", err)
				}
				if got := mustRead(t, b, "settings.json.bak"); !bytes.Equal(got, version(1)) {
					t.Errorf("backup now %s", got)
				}
				if got := mustRead(t, b, "settings.json"); !bytes.Equal(got, version(1)) {
					t.Errorf("main not rewritten at once: %s", got)
				}
			})
		}
	}
}

// A damaged blob with no backup: defaults, and the damage kept.
func TestDamagedWithoutBackup(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			open := k.new(t)
			open(t).Write("scores.json", []byte("{"), false)
			s := New(open(t), clock)
			l := s.Load("scores.json", valid)
			if l.Data != nil || l.Damaged == "" || !strings.Contains(l.Notice(), "using the defaults") {
				t.Fatalf("got %+v %q", l, l.Notice())
			}
			// Two saves in one run: the damaged bytes must survive both.
			for i := 1; i <= 2; i++ {
				if err := s.Save("scores.json", version(i)); err != nil {
					t.Fatal(err)
				}
			}
			b := open(t)
			if got := mustRead(t, b, l.Damaged); string(got) != "{" {
				t.Errorf("damaged copy %q", got)
			}
			if got := mustRead(t, b, "scores.json.bak"); !bytes.Equal(got, version(1)) {
				t.Errorf("backup %s", got)
			}
		})
	}
}

// A blob damaged by someone else while the program runs is not taken as
// the backup at the next save.
func TestDamageDuringRunNotBackedUp(t *testing.T) {
	for _, k := range kinds {
		t.Run(k.name, func(t *testing.T) {
			open := k.new(t)
			b := open(t)
			s := New(b, clock)
			s.Load("settings.json", valid)
			s.Save("settings.json", version(1))
			s.Save("settings.json", version(2))
			b.Write("settings.json", []byte("trash"), false)
			if err := s.Save("settings.json", version(3)); err != nil {
				t.Fatal(err)
			}
			if got := mustRead(t, b, "settings.json.bak"); !bytes.Equal(got, version(1)) {
				t.Errorf("backup %s, want the last good version", got)
			}
			if got := mustRead(t, b, "settings.json.damaged-20261123T101500"); string(got) != "trash" {
				t.Errorf("damaged copy %q", got)
			}
		})
	}
}

func TestSaveRefusesWhatWouldNotLoad(t *testing.T) {
	s := New(KVBackend{&Map{}}, clock)
	s.Load("settings.json", valid)
	if err := s.Save("settings.json", []byte("{")); err == nil {
		t.Fatal("saved a blob its own validator rejects")
	}
}

func TestMissingMainRestoredFromBackup(t *testing.T) {
	open := dirBackend(t)
	launch(t, open(t), version(1), version(2))
	os.Remove(filepath.Join(open(t).(*Dir).Path, "settings.json"))
	l := launch(t, open(t))
	if !bytes.Equal(l.Data, version(1)) || !strings.Contains(l.Notice(), "missing") {
		t.Fatalf("got %+v %q", l, l.Notice())
	}
	if got := mustRead(t, open(t), "settings.json"); !bytes.Equal(got, version(1)) {
		t.Errorf("main %s", got)
	}
}

// faultFS fails one call (a full disk, a read-only folder) or "kills" the
// program at a call: that call and every later one fail, as nothing runs
// after a kill -9, not even clean-up.
type faultFS struct {
	atomicfile.FS
	calls  int
	killAt int // -1: never
	failAt int // -1: never
	fail   error
	failOp string // if set, only calls of this operation count for failAt
	opened string // if set, Open of this base name fails with fail
	ops    []string
}

var errKilled = errors.New("killed")

func newFault() *faultFS { return &faultFS{FS: atomicfile.OS, killAt: -1, failAt: -1} }

func (f *faultFS) step(op string) error {
	f.ops = append(f.ops, op)
	n := f.calls
	f.calls++
	if f.killAt >= 0 && n >= f.killAt {
		return errKilled
	}
	if f.failOp != "" {
		if op == f.failOp {
			return f.fail
		}
		return nil
	}
	if n == f.failAt {
		return f.fail
	}
	return nil
}

func (f *faultFS) killed() bool { return f.killAt >= 0 && f.calls > f.killAt }

func (f *faultFS) CreateTemp(dir, pattern string) (atomicfile.File, error) {
	if err := f.step("create"); err != nil {
		return nil, err
	}
	file, err := f.FS.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	return &faultFile{file, f}, nil
}

func (f *faultFS) Open(name string) (fs.File, error) {
	if f.opened != "" && filepath.Base(name) == f.opened {
		return nil, f.fail
	}
	if err := f.step("open"); err != nil {
		return nil, err
	}
	return f.FS.Open(name)
}

func (f *faultFS) Rename(a, b string) error {
	if err := f.step("rename"); err != nil {
		return err
	}
	return f.FS.Rename(a, b)
}

func (f *faultFS) Remove(name string) error {
	if err := f.step("remove"); err != nil {
		return err
	}
	return f.FS.Remove(name)
}

func (f *faultFS) Link(a, b string) error {
	if err := f.step("link"); err != nil {
		return err
	}
	return f.FS.Link(a, b)
}

func (f *faultFS) MkdirAll(p string, m fs.FileMode) error {
	if err := f.step("mkdir"); err != nil {
		return err
	}
	return f.FS.MkdirAll(p, m)
}

func (f *faultFS) SyncDir(dir string) error {
	if err := f.step("syncdir"); err != nil {
		return err
	}
	return f.FS.SyncDir(dir)
}

type faultFile struct {
	atomicfile.File
	f *faultFS
}

func (w *faultFile) Write(p []byte) (int, error) {
	if err := w.f.step("write"); err != nil {
		// A kill or a full disk can leave part of the data behind.
		w.File.Write(p[:len(p)/2])
		return len(p) / 2, err
	}
	return w.File.Write(p)
}

func (w *faultFile) Sync() error {
	if err := w.f.step("sync"); err != nil {
		return err
	}
	return w.File.Sync()
}

func (w *faultFile) Close() error {
	if err := w.f.step("close"); err != nil {
		w.File.Close() // the kernel closes a dead process's files
		return err
	}
	return w.File.Close()
}

func (w *faultFile) Chmod(m fs.FileMode) error {
	if err := w.f.step("chmod"); err != nil {
		return err
	}
	return w.File.Chmod(m)
}

// A run killed at every step of loading and saving, in turn: the next run
// always finds a good version (the old or the new), a good backup where
// there was one, every damaged byte kept somewhere, and no temporary file.
func TestKilledAtEveryStep(t *testing.T) {
	for _, start := range []struct {
		name    string
		main    []byte
		damaged bool
	}{{"good file", version(2), false}, {"damaged file", []byte(`{"v"`), true}} {
		t.Run(start.name, func(t *testing.T) {
			completed := false
			for k := 0; !completed; k++ {
				if k > 200 {
					t.Fatal("the save never completed")
				}
				dir := t.TempDir()
				seed := &Dir{Path: dir, FS: atomicfile.OS}
				if err := seed.Write("settings.json", version(1), false); err != nil {
					t.Fatal(err)
				}
				if err := seed.Write("settings.json", start.main, true); err != nil {
					t.Fatal(err)
				}
				f := newFault()
				f.killAt = k
				s := New(&Dir{Path: dir, FS: f}, clock)
				l := s.Load("settings.json", valid)
				if l.Restored() {
					s.Save("settings.json", l.Data)
				}
				s.Save("settings.json", version(3))
				completed = !f.killed()

				// The next start comes later than StaleTemp.
				ageTemps(t, dir)
				d, _, err := OpenDir(dir, nil)
				if err != nil {
					t.Fatal(err)
				}
				after := New(d, clock).Load("settings.json", valid)
				got := string(after.Data)
				if after.Locked || after.Problem != nil && !errors.Is(after.Problem, fs.ErrNotExist) && after.Damaged == "" {
					t.Errorf("kill at step %d (%v): next run found %v", k, f.ops, after.Notice())
				}
				okVersions := []string{string(version(1)), string(start.main), string(version(3))}
				if !slices.Contains(okVersions, got) || valid(after.Data) != nil {
					t.Errorf("kill at step %d (%v): next run uses %q", k, f.ops, got)
				}
				bak, err := d.Read("settings.json.bak")
				if err != nil || valid(bak) != nil {
					t.Errorf("kill at step %d (%v): backup %q, %v", k, f.ops, bak, err)
				}
				var files []string
				for _, n := range names(t, d) {
					files = append(files, n)
					if strings.HasPrefix(n, ".") {
						t.Errorf("kill at step %d: temporary %s left after the next start", k, n)
					}
				}
				if start.damaged {
					kept := false
					for _, n := range files {
						if b, _ := d.Read(n); bytes.Equal(b, start.main) {
							kept = true
						}
					}
					if !kept {
						t.Errorf("kill at step %d (%v): the damaged bytes are gone: %v", k, f.ops, files)
					}
				}
				if completed {
					if got != string(version(3)) {
						t.Errorf("an uninterrupted run saved %q", got)
					}
					t.Logf("the run takes %d steps: %v", k, f.ops)
					if k < 10 {
						t.Errorf("only %d steps were interrupted", k)
					}
				}
			}
		})
	}
}

// A save that fails (full disk, read-only folder, a folder in the way)
// says so and leaves the file and its backup as they were, with no
// temporary file behind.
func TestSaveFailures(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(f *faultFS, dir string)
	}{
		{"full disk on write", func(f *faultFS, _ string) { f.failOp, f.fail = "write", syscall.ENOSPC }},
		{"full disk on sync", func(f *faultFS, _ string) { f.failOp, f.fail = "sync", syscall.ENOSPC }},
		{"read-only folder", func(f *faultFS, _ string) { f.failOp, f.fail = "create", syscall.EROFS }},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			good := &Dir{Path: dir, FS: atomicfile.OS}
			s0 := New(good, clock)
			s0.Save("settings.json", version(1))
			s0.Save("settings.json", version(2))
			f := newFault()
			c.setup(f, dir)
			s := New(&Dir{Path: dir, FS: f}, clock)
			if l := s.Load("settings.json", valid); l.Problem != nil {
				t.Fatalf("load: %v", l.Notice())
			}
			if err := s.Save("settings.json", version(3)); err == nil {
				t.Fatal("save reported no error")
			}
			if got := mustRead(t, good, "settings.json"); !bytes.Equal(got, version(2)) {
				t.Errorf("main %s", got)
			}
			if got := mustRead(t, good, "settings.json.bak"); !bytes.Equal(got, version(1)) {
				t.Errorf("backup %s", got)
			}
			for _, n := range names(t, good) {
				if strings.HasPrefix(n, ".") {
					t.Errorf("temporary %s left behind", n)
				}
			}
		})
	}
}

// A blob that cannot be read (a folder in its place, no permission) is
// left alone: the backup is used in memory and nothing is written over it.
func TestUnreadableIsLocked(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, dir string, f *faultFS)
	}{
		{"folder in the way", func(t *testing.T, dir string, _ *faultFS) {
			os.Remove(filepath.Join(dir, "settings.json"))
			if err := os.Mkdir(filepath.Join(dir, "settings.json"), 0o755); err != nil {
				t.Fatal(err)
			}
		}},
		{"permission denied", func(_ *testing.T, _ string, f *faultFS) {
			f.opened, f.fail = "settings.json", fs.ErrPermission
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			s0 := New(&Dir{Path: dir, FS: atomicfile.OS}, clock)
			s0.Save("settings.json", version(1))
			s0.Save("settings.json", version(2))
			f := newFault()
			c.setup(t, dir, f)
			s := New(&Dir{Path: dir, FS: f}, clock)
			l := s.Load("settings.json", valid)
			if !l.Locked || !bytes.Equal(l.Data, version(1)) || !strings.Contains(l.Notice(), "not saving over it") {
				t.Fatalf("got %+v %q", l, l.Notice())
			}
			if err := s.Save("settings.json", version(3)); err == nil {
				t.Error("saved over a blob it could not read")
			}
			if got := mustRead(t, &Dir{Path: dir, FS: atomicfile.OS}, "settings.json.bak"); !bytes.Equal(got, version(1)) {
				t.Errorf("backup %s", got)
			}
		})
	}
}

// ageTemps makes the temporary files in dir older than StaleTemp.
func ageTemps(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * StaleTemp)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			if err := os.Chtimes(filepath.Join(dir, e.Name()), old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestOpenDirCleansTemps: the temporary files of a killed run go; a
// fresh one (another running copy's write) and the rest stay.
func TestOpenDirCleansTemps(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-2 * StaleTemp)
	for _, n := range []string{".settings.json.tmp123", ".scores.json.tmp-link1-x", ".versus.json.tmp9", "keep.json", ".hidden"} {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if n != ".versus.json.tmp9" {
			if err := os.Chtimes(p, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	_, n, err := OpenDir(dir, nil)
	if err != nil || n != 2 {
		t.Fatalf("removed %d, %v", n, err)
	}
	got := names(t, &Dir{Path: dir})
	if !slices.Equal(got, []string{".hidden", ".versus.json.tmp9", "keep.json"}) {
		t.Errorf("left %v", got)
	}
}

// Where hard links fail, the backup is a copy, made the same safe way.
func TestBackupWithoutLinks(t *testing.T) {
	dir := t.TempDir()
	f := newFault()
	f.failOp, f.fail = "link", syscall.EPERM
	s := New(&Dir{Path: dir, FS: f}, clock)
	s.Load("settings.json", valid)
	for i := 1; i <= 3; i++ {
		if err := s.Save("settings.json", version(i)); err != nil {
			t.Fatal(err)
		}
	}
	good := &Dir{Path: dir, FS: atomicfile.OS}
	if got := mustRead(t, good, "settings.json.bak"); !bytes.Equal(got, version(2)) {
		t.Errorf("backup %s", got)
	}
	if n := names(t, good); len(n) != 2 {
		t.Errorf("files %v", n)
	}
}

func TestMapFailingSet(t *testing.T) {
	m := &Map{}
	s := New(KVBackend{m}, clock)
	s.Load("settings.json", valid)
	s.Save("settings.json", version(1))
	m.Fail = errors.New("QuotaExceededError")
	if err := s.Save("settings.json", version(2)); err == nil {
		t.Fatal("no error from a full localStorage")
	}
	if got, _ := m.Get("settings.json"); !bytes.Equal(got, version(1)) {
		t.Errorf("main %s", got)
	}
}
