package pcpractice

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"
)

// Worker runs one search at a time off the game loop and hands its answer
// to Poll, which Update calls every tick. Starting a search cancels the
// one before (its answer, if it still comes, is dropped), so the panel
// only ever shows the answer for the field on screen.
//
// Natively the search is a goroutine. In the browser (GOOS=js) there is
// one thread and Go returns to the page only when every goroutine waits,
// so the search waits, at each context check of package pc, once it has
// run for Slice since the last frame, until Poll lets it go on: the page
// draws every frame and the search gets Slice of each.
type Worker[T any] struct {
	cancel context.CancelFunc
	gen    int
	busy   bool
	out    chan result[T]
	slicer *slicer // nil natively
}

type result[T any] struct {
	gen int
	v   T
	err error
}

// Slice is the search time per frame in the browser: about half of a
// frame at 60 frames a second. The game's clock does not depend on it (it
// catches up when frames come late), only the frame rate does.
const Slice = 8 * time.Millisecond

// sliced reports whether searches run in slices (the browser build).
var sliced = runtime.GOOS == "js"

// NewWorker returns an idle worker.
func NewWorker[T any]() *Worker[T] {
	w := &Worker[T]{out: make(chan result[T], 4)}
	if sliced {
		w.slicer = &slicer{resume: make(chan struct{}, 1)}
	}
	return w
}

// Workers is the goroutines a search should use: natively all cores but
// one, left to the game; one in the browser.
func Workers() int {
	if sliced {
		return 1
	}
	return max(1, runtime.GOMAXPROCS(0)-1)
}

// Start cancels the running search and starts job.
func (w *Worker[T]) Start(job func(ctx context.Context) (T, error)) {
	w.Cancel()
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel, w.busy = cancel, true
	w.gen++
	gen := w.gen
	var jctx context.Context = ctx
	if w.slicer != nil {
		w.slicer.begin()
		jctx = slicedContext{ctx, w.slicer}
	}
	go func() {
		v, err := job(jctx)
		select {
		case w.out <- result[T]{gen, v, err}:
		case <-ctx.Done():
		}
	}()
}

// Cancel stops the running search, if any; its answer never arrives.
func (w *Worker[T]) Cancel() {
	if w.cancel != nil {
		w.cancel()
		w.cancel = nil
	}
	w.busy = false
	w.gen++
}

// Searches counts the searches started or cancelled, so that a test can
// tell that Cancel was called.
func (w *Worker[T]) Searches() int { return w.gen }

// Busy reports whether a search is running.
func (w *Worker[T]) Busy() bool { return w.busy }

// Poll returns the running search's answer once it is ready (ok true,
// once); in the browser it also gives the search its next slice.
func (w *Worker[T]) Poll() (v T, err error, ok bool) {
	for {
		select {
		case r := <-w.out:
			if r.gen != w.gen {
				continue // a cancelled search's answer
			}
			w.busy = false
			w.cancel = nil
			return r.v, r.err, true
		default:
			if w.slicer != nil && w.busy {
				w.slicer.grant()
			}
			return v, nil, false
		}
	}
}

// Wait blocks until the running search answers, granting it slices; for
// tests and tools, never for the game loop.
func (w *Worker[T]) Wait() (T, error) {
	for {
		if v, err, ok := w.Poll(); ok || !w.busy {
			return v, err
		}
		time.Sleep(time.Millisecond)
	}
}

// slicer makes a search wait for the next frame once it has run for Slice.
type slicer struct {
	start   atomic.Int64 // when the current slice began, in ns since epoch
	waiting atomic.Bool  // the search waits for grant
	resume  chan struct{}
}

func (s *slicer) begin() { s.start.Store(time.Now().UnixNano()) }

// grant lets a waiting search run one more slice (one per frame: a
// search still running its slice gets none).
func (s *slicer) grant() {
	if !s.waiting.Load() {
		return
	}
	select {
	case s.resume <- struct{}{}:
	default:
	}
}

// pause waits for the next frame if the slice is used up.
func (s *slicer) pause(done <-chan struct{}) {
	if time.Now().UnixNano()-s.start.Load() < int64(Slice) {
		return
	}
	s.waiting.Store(true)
	select {
	case <-s.resume:
	case <-done:
	}
	s.waiting.Store(false)
	s.begin()
}

// slicedContext is the search's context in the browser: package pc checks
// Err often, so Err is where the search gives the page its frames back.
type slicedContext struct {
	context.Context
	s *slicer
}

func (c slicedContext) Err() error {
	c.s.pause(c.Done())
	return c.Context.Err()
}
