package main

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver/thrower"
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

	// A game against the HATETRIS-style thrower: its replay names the thrower.
	vcfg := engine.ConfigFor(engine.GoalNone)
	vcfg.Preview, vcfg.Hold = 0, false
	vr, err := thrower.NewRandomizer("hatetris", thrower.Options{Width: 10, Height: 20})
	if err != nil {
		t.Fatal(err)
	}
	vg, err := engine.NewGameWith(vcfg, 1, vr)
	if err != nil {
		t.Fatal(err)
	}
	vrec, err := engine.NewRecorder(vg)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 600 && !vg.Over(); i++ {
		in := engine.Input(0)
		if i%20 == 0 {
			in = engine.InHardDrop
		}
		vrec.Tick(in)
	}
	if got := vrec.Replay().Randomizer; got != thrower.ReplayName {
		t.Fatalf("versus replay names randomizer %q, want %q", got, thrower.ReplayName)
	}
	versus := filepath.Join(dir, "versus.kreplay")
	vf, _ := os.Create(versus)
	if err := vrec.Replay().Encode(vf); err != nil {
		t.Fatal(err)
	}
	vf.Close()

	cases := []struct {
		args []string
		want int
	}{
		{[]string{"verify", good}, 0},
		{[]string{"info", good}, 0},
		{[]string{"verify", versus}, 0},
		{[]string{"verify", bad}, 1},
		{[]string{"verify", filepath.Join(dir, "missing")}, 1},
		{[]string{"frobnicate", good}, 2},
		{[]string{}, 2},
	}
	for _, c := range cases {
		if got := replayCommands.Run(c.args, nil, io.Discard, io.Discard); got != c.want {
			t.Errorf("kocka replay %v: exit %d, want %d", c.args, got, c.want)
		}
	}
}
