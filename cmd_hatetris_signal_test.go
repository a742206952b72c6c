//go:build unix

package main

import (
	"bytes"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// TestHatetrisRecordSignal: an interrupt stops a record search after the
// piece in progress and saves it to STATE.beam (so a pod that Kubernetes
// stops goes on from there), and the run is not counted.
func TestHatetrisRecordSignal(t *testing.T) {
	// The test catches the signal too, so that one sent before the
	// command listens does not end the test binary.
	mine := make(chan os.Signal, 16)
	signal.Notify(mine, os.Interrupt)
	defer signal.Stop(mine)
	dir := t.TempDir()
	state := filepath.Join(dir, "state.json")
	var stdout, errs bytes.Buffer
	done := make(chan int)
	go func() {
		done <- hatetrisCommands.Run([]string{"record", "--hours", "1", "--start-width", "8192", "--max-width", "8192",
			"--quiescence", "1", "--state", state, "--mem", "512", "--cache", "16", "--checkpoint-every", "1h", "--quiet"}, nil, &stdout, &errs)
	}()
	var code int
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
wait:
	for {
		select {
		case code = <-done:
			break wait
		case <-tick.C:
			syscall.Kill(os.Getpid(), syscall.SIGINT)
		}
	}
	if code != 1 || !strings.Contains(errs.String(), "stopped by a signal during the search of width 8192; it is saved in "+state+".beam") {
		t.Fatalf("exit %d, %q", code, errs.String())
	}
	ev, _ := hatetris.EvalByName("eltetris")
	f, err := os.Open(state + ".beam")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	key := "eval=eltetris weights= line-weight=1000 net-weight=0 quiescence=1"
	b, _, err := hatetris.ReadCheckpoint(f, hatetris.BeamConfig{Width: 8192, Eval: ev, LineWeight: 1000, Quiescence: 1, CacheBytes: 1 << 20}, key)
	if err != nil || b.Depth < 1 {
		t.Fatalf("the saved search: %v", err)
	}
	if _, err := os.Stat(state); !os.IsNotExist(err) {
		t.Errorf("a stopped search was counted in the state: %v", err)
	}
}
