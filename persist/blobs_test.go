package persist

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// slowStore is a MemStore whose writes wait until released, as a disk
// in the middle of an fsync does.
type slowStore struct {
	MemStore
	started chan string
	release chan struct{}
}

func newSlowStore() *slowStore {
	return &slowStore{started: make(chan string, 16), release: make(chan struct{})}
}

func (s *slowStore) Save(name string, data []byte) error {
	s.started <- name
	<-s.release
	return s.MemStore.Save(name, data)
}

// TestLoadAfterSaveSeesNewBytes: while the writer is still putting a blob
// on a slow disk, Load returns the bytes just saved, never the copy on the
// disk. (The old saver forgot the bytes when it began writing them, so a
// reader in that window read the old file.)
func TestLoadAfterSaveSeesNewBytes(t *testing.T) {
	s := newSlowStore()
	s.MemStore.Put("versus.json", []byte("old"))
	b := New(s)
	if got, err := b.Load("versus.json"); err != nil || string(got) != "old" {
		t.Fatalf("first load %q, %v", got, err)
	}
	b.Save("versus.json", []byte("new"))
	<-s.started // the writer has taken the bytes and is writing them
	if got, err := b.Load("versus.json"); err != nil || string(got) != "new" {
		t.Fatalf("load during the write: %q, %v; want new", got, err)
	}
	close(s.release)
	b.Flush()
	if got, _ := s.MemStore.Get("versus.json"); string(got) != "new" {
		t.Fatalf("store holds %q after flush", got)
	}
	if got, _ := b.Load("versus.json"); string(got) != "new" {
		t.Fatalf("load after the write: %q", got)
	}
}

// TestSaveLatestWins: many saves of one name while the disk is busy end
// with the last bytes, in memory and in the store.
func TestSaveLatestWins(t *testing.T) {
	s := newSlowStore()
	b := New(s)
	b.Save("a", []byte("0"))
	<-s.started
	for i := 1; i <= 20; i++ {
		b.Save("a", []byte(fmt.Sprint(i)))
		if got, _ := b.Load("a"); string(got) != fmt.Sprint(i) {
			t.Fatalf("after save %d load %q", i, got)
		}
	}
	close(s.release)
	b.Flush()
	if got, _ := s.MemStore.Get("a"); string(got) != "20" {
		t.Fatalf("store holds %q, want 20", got)
	}
}

// TestSaveCopiesTheBytes: the caller may reuse its buffer.
func TestSaveCopiesTheBytes(t *testing.T) {
	b := New(&MemStore{})
	buf := []byte("abc")
	b.Save("x", buf)
	buf[0] = 'z'
	got, _ := b.Load("x")
	got[1] = 'z'
	if again, _ := b.Load("x"); string(again) != "abc" {
		t.Fatalf("memory changed through a caller's slice: %q", again)
	}
}

// TestConcurrentLoadsAndSaves runs under -race.
func TestConcurrentLoadsAndSaves(t *testing.T) {
	b := New(&MemStore{})
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				name := fmt.Sprintf("blob%d", i%3)
				b.Save(name, []byte(fmt.Sprint(g, i)))
				if _, err := b.Load(name); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	b.Flush()
}

type config struct {
	N int `json:"n"`
}

func (c *config) Validate() error {
	if c.N < 0 {
		return errors.New("n is negative")
	}
	return nil
}

func TestLoadJSON(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		want       int
		damaged    bool
	}{
		{"good", `{"n": 3}`, 3, false},
		{"not JSON", `{"n": `, 7, true},
		{"invalid", `{"n": -1}`, 7, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &MemStore{}
			s.Put("c.json", []byte(tc.data))
			b := New(s)
			c := config{N: 7}
			notice := b.LoadJSON("c.json", &c, func() { c = config{N: 7} })
			if c.N != tc.want || (notice != "") != tc.damaged {
				t.Fatalf("got %d, notice %q", c.N, notice)
			}
			if !tc.damaged {
				return
			}
			// Moved aside once under its own name, and the main blob
			// rewritten at once with the defaults the game now uses.
			b.Flush()
			var aside []string
			for _, n := range s.Names() {
				if strings.HasPrefix(n, "c.json.damaged-") {
					aside = append(aside, n)
				}
			}
			if len(aside) != 1 {
				t.Fatalf("blobs %v: want one damaged copy", s.Names())
			}
			if got, _ := s.Get(aside[0]); string(got) != tc.data {
				t.Fatalf("damaged copy %q", got)
			}
			var now config
			if got, err := s.Get("c.json"); err != nil || json.Unmarshal(got, &now) != nil || now.N != 7 {
				t.Fatalf("main blob %q, %v: want the defaults", got, err)
			}
			if again := b.LoadJSON("c.json", &c, func() {}); again != "" {
				t.Fatalf("second notice %q", again)
			}
			// The next run is told nothing.
			if again := New(s).LoadJSON("c.json", &c, func() {}); again != "" || c.N != 7 {
				t.Fatalf("next run: notice %q, %d", again, c.N)
			}
		})
	}
}

// TestDamagedUnbackedBlobIsLocked: when the copy aside fails, the damaged
// blob is never overwritten.
func TestDamagedUnbackedBlobIsLocked(t *testing.T) {
	s := &MemStore{}
	s.Put("c.json", []byte("{broken"))
	s.SetFail(errors.New("disk full"))
	b := New(s)
	var c config
	if n := b.LoadJSON("c.json", &c, func() {}); !strings.Contains(n, "not saving over it") {
		t.Fatalf("notice %q", n)
	}
	s.SetFail(nil)
	if err := b.SaveJSON("c.json", config{N: 1}); err != nil {
		t.Fatal(err)
	}
	b.Flush()
	if got, _ := s.Get("c.json"); string(got) != "{broken" {
		t.Fatalf("overwritten with %q", got)
	}
}

func TestWriteErrorsAreReported(t *testing.T) {
	s := &MemStore{}
	s.SetFail(errors.New("read-only file system"))
	b := New(s)
	b.Save("x", []byte("1"))
	b.Flush()
	errs := b.Errors()
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "read-only") {
		t.Fatalf("errors %v", errs)
	}
	if got, _ := b.Load("x"); string(got) != "1" {
		t.Fatalf("memory lost the bytes after a failed write: %q", got)
	}
}

// TestCloseStopsTheWriter: Close writes what is pending and ends the
// writer goroutine (a game made and dropped in a loop must not leave one
// behind each time); a later Save is written at once.
func TestCloseStopsTheWriter(t *testing.T) {
	before := runtime.NumGoroutine()
	s := &MemStore{}
	for i := 0; i < 50; i++ {
		b := New(s)
		b.Save("x", []byte{byte(i)})
		b.Close()
		b.Close() // twice is harmless
	}
	for i := 0; i < 100 && runtime.NumGoroutine() > before; i++ {
		time.Sleep(time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Fatalf("%d goroutines after 50 closed Blobs, %d before", n, before)
	}
	b := New(s)
	b.Close()
	b.Save("x", []byte("after"))
	if got, _ := s.Get("x"); string(got) != "after" {
		t.Fatalf("a Save after Close left %q", got)
	}
}

// TestCheckedBlobKeepsItsGoodBackup: a checked blob found damaged, by a
// Load or by the first Save of its name this session, is set aside and
// never becomes the backup; a good backup survives. (Unchecked, the first
// Save took the damaged file for good and kept it over the backup.)
func TestCheckedBlobKeepsItsGoodBackup(t *testing.T) {
	valid := goodHeader
	for _, c := range []struct {
		name    string
		check   bool
		load    bool
		wantBak string
	}{
		{"checked, saved without a load", true, false, "GOOD old"},
		{"checked, loaded then saved", true, true, "GOOD old"},
		{"unchecked name, saved without a load", false, false, "cut"},
	} {
		s := &MemStore{}
		s.Put("r.kreplay", []byte("cut"))
		s.Put("r.kreplay.bak", []byte("GOOD old"))
		b := New(s)
		if c.check {
			b.Check(".kreplay", valid)
		}
		if c.load {
			got, err := b.Load("r.kreplay")
			if err != nil || string(got) != "GOOD old" {
				t.Fatalf("%s: load %q, %v; want the backup", c.name, got, err)
			}
		}
		b.Save("r.kreplay", []byte("GOOD new"))
		b.Flush()
		if got, _ := s.Get("r.kreplay"); string(got) != "GOOD new" {
			t.Fatalf("%s: main %q", c.name, got)
		}
		if got, _ := s.Get("r.kreplay.bak"); string(got) != c.wantBak {
			t.Errorf("%s: backup %q, want %q", c.name, got, c.wantBak)
		}
		aside := 0
		for _, n := range s.Names() {
			if strings.Contains(n, ".damaged-") {
				aside++
			}
		}
		if want := map[bool]int{true: 1, false: 0}[c.check]; aside != want {
			t.Errorf("%s: %d damaged copies set aside, want %d (%v)", c.name, aside, want, s.Names())
		}
	}
}

// TestCheckRefusesToSaveInvalidData: the store will not write a checked
// blob that would not load back.
func TestCheckRefusesToSaveInvalidData(t *testing.T) {
	s := &MemStore{}
	b := New(s)
	b.Check(".kreplay", func(data []byte) error {
		if len(data) == 0 {
			return errors.New("empty")
		}
		return nil
	})
	b.Save("x.kreplay", nil)
	b.Flush()
	if errs := b.Errors(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "would not load back") {
		t.Fatalf("errors %v", errs)
	}
	if _, err := s.Get("x.kreplay"); err == nil {
		t.Fatal("an empty checked blob was written")
	}
}

// TestDamagedCheckedBlobIsReported: a checked blob found damaged or
// unreadable where no LoadJSON notice can tell the player (a Load that
// returns the backup, the first Save over it) comes back through Errors,
// naming the blob and where it went. (Before, the damaged file was moved
// aside, or the save skipped, in silence.)
func TestDamagedCheckedBlobIsReported(t *testing.T) {
	valid := goodHeader
	for _, c := range []struct {
		name     string
		backup   string // "" = none
		failMove bool   // the store cannot move the damaged blob aside
		load     bool   // Load first, else Save at once
		want     []string
	}{
		{"load, good backup", "GOOD old", false, true, []string{"r.kreplay was damaged", "r.kreplay.damaged-", "previous version (r.kreplay.bak)"}},
		{"save, good backup", "GOOD old", false, false, []string{"r.kreplay was damaged", "r.kreplay.damaged-", "before saving"}},
		{"save, no backup", "", false, false, []string{"r.kreplay was damaged", "r.kreplay.damaged-", "before saving"}},
		{"save, cannot move aside", "", true, false, []string{"not saving over r.kreplay", "disk full"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := &MemStore{}
			s.Put("r.kreplay", []byte("cut"))
			if c.backup != "" {
				s.Put("r.kreplay.bak", []byte(c.backup))
			}
			if c.failMove {
				s.SetFail(errors.New("disk full"))
			}
			b := New(s)
			b.Check(".kreplay", valid)
			if c.load {
				if got, err := b.Load("r.kreplay"); err != nil || string(got) != c.backup {
					t.Fatalf("load %q, %v; want the backup", got, err)
				}
			} else {
				b.Save("r.kreplay", []byte("GOOD new"))
			}
			b.Flush()
			errs := b.Errors()
			if len(errs) != 1 {
				t.Fatalf("errors %v, want one", errs)
			}
			for _, w := range c.want {
				if !strings.Contains(errs[0].Error(), w) {
					t.Errorf("error %q does not say %q", errs[0], w)
				}
			}
			if c.failMove {
				if got, _ := s.Get("r.kreplay"); string(got) != "cut" {
					t.Errorf("the unmovable blob was overwritten with %q", got)
				}
			}
		})
	}
}

// goodHeader is the tests' blob check: a good blob starts with GOOD.
func goodHeader(data []byte) error {
	if !strings.HasPrefix(string(data), "GOOD") {
		return errors.New("no GOOD header")
	}
	return nil
}
