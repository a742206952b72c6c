package engine_test

import (
	"slices"
	"testing"

	"github.com/kocka/kocka/engine"
)

// TestDASCutDelay holds right with DAS 10 and ARR 2 and, on tick 12, turns,
// hard drops or holds (a spawn). With DCD 0 the auto-repeat goes on as
// before DCD existed; with DCD n it pauses for n ticks (the tick of the cut
// is the first), as Jstris and TETR.IO do. A new press ends the pause.
func TestDASCutDelay(t *testing.T) {
	cases := []struct {
		name string
		dcd  int
		cut  engine.Input // pressed on tick 12 while right is held
		want []int        // ticks the piece moved on, of 22
	}{
		{"no DCD, turn", 0, engine.InRotateCW, []int{1, 11, 13, 15, 17, 19, 21}},
		{"no DCD, hard drop", 0, engine.InHardDrop, []int{1, 11, 13, 15, 17, 19, 21}},
		{"no DCD, hold", 0, engine.InHold, []int{1, 11, 13, 15, 17, 19, 21}},
		{"DCD 4, turn", 4, engine.InRotateCW, []int{1, 11, 17, 19, 21}},
		{"DCD 4, hard drop", 4, engine.InHardDrop, []int{1, 11, 17, 19, 21}},
		{"DCD 4, hold (spawn)", 4, engine.InHold, []int{1, 11, 17, 19, 21}},
		{"DCD 1, turn", 1, engine.InRotateCW, []int{1, 11, 14, 16, 18, 20, 22}},
		{"DCD 6, re-press right on tick 14", 6, engine.InRotateCW, []int{1, 11, 14}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := still()
			cfg.Width = 16
			cfg.DAS, cfg.ARR, cfg.DCD = 10, 2, c.dcd
			g := newSeqGame(t, cfg, engine.T, engine.T, engine.T)
			var got []int
			for tick := 1; tick <= 22; tick++ {
				in := engine.InRight
				if tick == 12 {
					in |= c.cut
				}
				if c.name == "DCD 6, re-press right on tick 14" && tick == 13 {
					in = 0 // released for a tick, pressed again on 14
				}
				if len(eventsOf(g.Tick(in), engine.EvMove)) > 0 {
					got = append(got, tick)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("moved on ticks %v, want %v", got, c.want)
			}
		})
	}
}
