package main

import (
	"bytes"
	"testing"

	"github.com/kocka/kocka/engine"
)

// The recorded game must be worth playing back: it clears lines, reaches
// its goal, and its replay verifies natively after a round trip through
// the file format.
func TestRecordSprint(t *testing.T) {
	rep, err := Record(engine.ConfigFor(engine.GoalSprint), 7, 60*60*3)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Lines < engine.SprintLines || rep.End == engine.Playing {
		t.Fatalf("greedy sprint: %d lines, end %v; want the 40 lines done", rep.Lines, rep.End)
	}
	var buf bytes.Buffer
	if err := rep.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := engine.DecodeReplay(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if err := back.Verify(); err != nil {
		t.Fatal(err)
	}
}
