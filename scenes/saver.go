package scenes

import (
	"fmt"
	"sync"
)

// saver writes blobs to the store off the game loop: Update only hands
// over the bytes, so a slow disk (fsync) never costs a frame. The latest
// bytes for a name win; errors come back to be shown on screen.
type saver struct {
	store   Store
	mu      sync.Mutex
	pending map[string][]byte
	order   []string
	busy    sync.WaitGroup // one count per name waiting or being written
	wake    chan struct{}
	errs    chan error
}

func newSaver(s Store) *saver {
	sv := &saver{store: s, pending: map[string][]byte{}, wake: make(chan struct{}, 1), errs: make(chan error, 16)}
	go sv.loop()
	return sv
}

// save queues data for name.
func (sv *saver) save(name string, data []byte) {
	sv.mu.Lock()
	if _, queued := sv.pending[name]; !queued {
		sv.busy.Add(1)
		sv.order = append(sv.order, name)
	}
	sv.pending[name] = data
	sv.mu.Unlock()
	select {
	case sv.wake <- struct{}{}:
	default:
	}
}

// load returns bytes queued for name and not yet written.
func (sv *saver) load(name string) ([]byte, bool) {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	b, ok := sv.pending[name]
	return b, ok
}

func (sv *saver) loop() {
	for range sv.wake {
		for {
			sv.mu.Lock()
			if len(sv.order) == 0 {
				sv.mu.Unlock()
				break
			}
			name := sv.order[0]
			sv.order = sv.order[1:]
			data := sv.pending[name]
			delete(sv.pending, name)
			sv.mu.Unlock()
			if err := sv.store.Save(name, data); err != nil {
				select {
				case sv.errs <- fmt.Errorf("Could not save %s: %v", name, err):
				default: // the screen already shows plenty of errors
				}
			}
			sv.busy.Done()
		}
	}
}

// flush waits until everything queued is written.
func (sv *saver) flush() { sv.busy.Wait() }
