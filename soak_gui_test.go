//go:build gui

package main

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// kocka soak --window plays in a real window under the display and passes
// its checks; a bad flag still fails before any window opens.
func TestGUISoakWindow(t *testing.T) {
	bin := kockaBin(t)
	out, err := exec.Command(bin, "soak", "--window", "--duration", "4s", "--progress", "2s", "--fail-dir", t.TempDir()).CombinedOutput()
	if err != nil {
		t.Fatalf("kocka soak --window: %v\n%s", err, out)
	}
	var games, pieces, lines int
	i := strings.Index(string(out), "soak passed in the window:")
	if i < 0 {
		t.Fatalf("no pass line:\n%s", out)
	}
	if _, err := fmt.Sscanf(string(out[i:]), "soak passed in the window: %d games, %d pieces, %d lines", &games, &pieces, &lines); err != nil || pieces == 0 || lines == 0 {
		t.Fatalf("the bot did not play in the window (%v):\n%s", err, out)
	}
	cmd := exec.Command(bin, "soak", "--window", "--mode", "nonsense")
	if err := cmd.Run(); err == nil || cmd.ProcessState.ExitCode() != 2 {
		t.Fatalf("bad mode: %v, want exit 2", err)
	}
}
