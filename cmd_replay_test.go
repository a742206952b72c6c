package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kocka/kocka/engine"
)

func TestReplayCommand(t *testing.T) {
	g, err := engine.NewGame(engine.DefaultConfig(), 11)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.NewRecorder(g)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 2000 && !g.Over(); i++ {
		in := engine.Input(0)
		if i%9 == 0 {
			in = engine.InHardDrop
		} else if i%4 == 1 {
			in = engine.InRight
		}
		rec.Tick(in)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "good.kreplay")
	f, err := os.Create(good)
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Replay().Encode(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	data, _ := os.ReadFile(good)
	bad := filepath.Join(dir, "bad.kreplay")
	os.WriteFile(bad, data[:len(data)/2], 0o644)

	cases := []struct {
		args []string
		want int
	}{
		{[]string{"verify", good}, 0},
		{[]string{"info", good}, 0},
		{[]string{"verify", bad}, 1},
		{[]string{"verify", filepath.Join(dir, "missing")}, 1},
		{[]string{"frobnicate", good}, 2},
		{[]string{}, 2},
	}
	for _, c := range cases {
		if got := runReplay(c.args); got != c.want {
			t.Errorf("kocka replay %v: exit %d, want %d", c.args, got, c.want)
		}
	}
}
