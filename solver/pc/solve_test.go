package pc

import (
	"testing"

	"github.com/kocka/kocka/engine"
)

func TestSolveReplays(t *testing.T) {
	tests := []struct {
		field, queue string
		hold         bool
		drop         Drop
		ok           bool
	}{
		{"v115@9gD8FeD8FeD8FeD8PeAgH", "TILJSZO", true, SoftDrop, true},
		{"v115@9gD8FeD8FeD8FeD8PeAgH", "IIIIII", false, SoftDrop, true},
		{"v115@9gD8FeD8FeD8FeD8PeAgH", "SSSSSSS", true, SoftDrop, false},
		{"m115@EhC8HeD8DeF8EeC8JeAgH", "TIJLSZO", true, SoftDrop, true},
		{"m115@EhC8HeD8DeF8EeC8JeAgH", "TIJLSZO", true, HardDrop, false}, // solution-finder: 0% with -d hard
		{"d115@9gA8IeD8FeE8EeF8NeAgWBAUAAAA", "ZSLJTIO", true, SoftDrop180, true},
		{"v115@vhAAgH", "TILJSZOIOTS", true, SoftDrop, true},
	}
	for _, tc := range tests {
		f, err := ParseFumen(tc.field, 4)
		if err != nil {
			t.Fatal(err)
		}
		var q []engine.Piece
		for _, r := range tc.queue {
			p, _ := engine.ParsePiece(string(r))
			q = append(q, p)
		}
		r := Rules{Hold: tc.hold, Drop: tc.drop}
		sol, ok, err := Solve(f, q, r)
		if err != nil || ok != tc.ok {
			t.Errorf("%s %s %v: ok %v err %v, want ok %v", tc.field, tc.queue, tc.drop, ok, err, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if err := sol.Replay(f, r); err != nil {
			t.Errorf("%s %s: %v", tc.field, tc.queue, err)
		}
		if _, err := sol.Fumen(f); err != nil {
			t.Errorf("%s %s: fumen: %v", tc.field, tc.queue, err)
		}
	}
}
