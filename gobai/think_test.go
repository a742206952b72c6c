package gobai

import (
	"testing"
	"time"

	"github.com/kocka/kocka/solver/prove/gobblet"
)

func waitResult(t *testing.T, th *Thinker) (gobblet.Move, bool) {
	t.Helper()
	for i := 0; i < 2000; i++ {
		if ready, m, ok, err := th.Result(); ready {
			if err != nil {
				t.Fatal(err)
			}
			return m, ok
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("no answer in 2 s")
	return gobblet.Move{}, false
}

func TestThinkerDropsStaleAnswers(t *testing.T) {
	var th Thinker
	release := make(chan struct{})
	th.Start(func(func() bool) (gobblet.Move, bool, error) {
		<-release
		return gobblet.Move{To: 1}, true, nil
	})
	if !th.Busy() {
		t.Fatal("not busy after Start")
	}
	th.Start(func(func() bool) (gobblet.Move, bool, error) { return gobblet.Move{To: 2}, true, nil })
	close(release)
	if m, ok := waitResult(t, &th); !ok || m.To != 2 {
		t.Fatalf("got %v, want the second position's answer", m)
	}
	stopped := make(chan bool)
	th.Start(func(stop func() bool) (gobblet.Move, bool, error) {
		for !stop() {
			time.Sleep(time.Millisecond)
		}
		stopped <- true
		return gobblet.Move{To: 3}, true, nil
	})
	th.Cancel()
	<-stopped // the work saw the cancel
	time.Sleep(20 * time.Millisecond)
	if ready, _, _, _ := th.Result(); ready || th.Busy() {
		t.Fatal("a cancelled answer came through")
	}
}
