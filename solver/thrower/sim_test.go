package thrower

import (
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// TestSZBeatsAStrongPlacer: the S/Z algorithm (Kravec, theorem 4.2) makes
// a strong placer lose on even widths.
func TestSZBeatsAStrongPlacer(t *testing.T) {
	for _, w := range []int{4, 6} {
		for _, m := range []solver.Mode{solver.ModeFull, solver.ModeDrop} {
			o, err := Match{Thrower: "sz", Width: w, Height: 20, Function: "kocka", Depth: 2,
				Preview: true, Model: m, MoveLimit: 5000}.Run()
			if err != nil {
				t.Fatal(err)
			}
			if o.Result != ResultLoss {
				t.Errorf("width %d, %v: %s at move %d, want a loss", w, m, o.Result, o.Move)
			}
		}
	}
}

// TestLoneO: O pieces alone can never complete a row of odd width (each
// fills two columns of a row at a time), so every placer loses; on an even
// width a placer that keeps the stack flat survives, and the play cycles.
// (On width 8 the greedy kravec placer leaves one-wide columns at the
// walls and loses; looking one piece further it survives.)
func TestLoneO(t *testing.T) {
	tests := []struct {
		width, depth int
		want         string
	}{
		{5, 1, ResultLoss}, {7, 1, ResultLoss}, {9, 1, ResultLoss}, {11, 1, ResultLoss},
		{5, 2, ResultLoss}, {9, 2, ResultLoss},
		{4, 1, ResultCycle}, {10, 1, ResultCycle}, {8, 2, ResultCycle}, {10, 2, ResultCycle},
	}
	for _, tc := range tests {
		for _, model := range []solver.Mode{solver.ModeDrop, solver.ModeFull} {
			o, err := Match{Thrower: "minimax", Pieces: []engine.Piece{engine.O}, Width: tc.width, Height: 20,
				Function: "kravec", Depth: tc.depth, Model: model, MoveLimit: 2000}.Run()
			if err != nil {
				t.Fatal(err)
			}
			if o.Result != tc.want {
				t.Errorf("O on width %d, depth %d, %v: %s at move %d, want %s", tc.width, tc.depth, model, o.Result, o.Move, tc.want)
			}
			if tc.width%2 == 1 && (o.Lines != 0 || o.Move != tc.width/2*10) {
				// 20 rows of odd width w: the O pieces fill (w-1)*20 cells,
				// (w-1)*5 = w/2*10 pieces, before none fits, and clear nothing.
				t.Errorf("O on width %d: %d lines, lost at move %d, want 0 lines and move %d", tc.width, o.Lines, o.Move, tc.width/2*10)
			}
		}
	}
}

func TestMatchCycleReport(t *testing.T) {
	o, err := Match{Thrower: "minimax", Pieces: []engine.Piece{engine.O}, Width: 10, Height: 20,
		Function: "kravec", Depth: 1, Model: solver.ModeFull}.Run()
	if err != nil {
		t.Fatal(err)
	}
	c := o.Cycle
	if o.Result != ResultCycle || c.Length < 1 || c.Move != o.Move || c.Start != c.Move-c.Length {
		t.Fatalf("outcome %+v", o)
	}
	if c.LowRow < 0 || c.HighRow < c.LowRow || c.HighRow >= 20 {
		t.Errorf("band %d-%d", c.LowRow, c.HighRow)
	}
}

func TestMatchLimitAndErrors(t *testing.T) {
	o, err := Match{Thrower: "random", Width: 10, Height: 20, Function: "dellacherie", Depth: 1, MoveLimit: 50, Seed: 1}.Run()
	if err != nil || o.Result != ResultLimit || o.Move != 50 {
		t.Errorf("random for 50 moves: %+v, %v", o, err)
	}
	for _, m := range []Match{
		{Thrower: "nonesuch", Width: 10, Height: 20, Function: "kravec"},
		{Thrower: "minimax", Width: 10, Height: 20, Function: "nonesuch"},
		{Thrower: "minimax", Width: 3, Height: 20, Function: "kravec"},
	} {
		if _, err := m.Run(); err == nil {
			t.Errorf("%+v ran", m)
		}
	}
}

func TestParseMatches(t *testing.T) {
	base := Match{Thrower: "minimax", Width: 10, Height: 20, Function: "kravec", Depth: 1, MoveLimit: 100}
	tests := []struct {
		in      string
		n       int
		wantErr bool
	}{
		{"", 0, false},
		{"# a comment\n\nthrower=sz pieces=SZ width=6\n", 1, false},
		{"pieces=IL depth=2 preview=on model=drop limit=50 seed=3 thrower-depth=1 function=kravec1 height=16\npieces=O", 2, false},
		{"width=ten", 0, true},
		{"color=red", 0, true},
		{"pieces=X", 0, true},
		{"preview=maybe", 0, true},
		{"model=fast", 0, true},
		{"thrower", 0, true},
	}
	for _, tc := range tests {
		ms, err := ParseMatches(strings.NewReader(tc.in), base)
		if (err != nil) != tc.wantErr || len(ms) != tc.n {
			t.Errorf("%q: %d matches, error %v", tc.in, len(ms), err)
		}
	}
	ms, _ := ParseMatches(strings.NewReader("pieces=IL depth=2 preview=on model=drop"), base)
	m := ms[0]
	if PiecesString(m.Pieces) != "IL" || m.Depth != 2 || !m.Preview || m.Model != solver.ModeDrop || m.Width != 10 {
		t.Errorf("parsed %+v", m)
	}
}

func FuzzParseMatches(f *testing.F) {
	f.Add("thrower=sz pieces=SZ width=6")
	f.Add("pieces=IL depth=2 preview=on model=drop limit=50")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 256 {
			return // minimising a long input takes quadratic time: docs/benchmarks.md, Fuzzing
		}
		ms, err := ParseMatches(strings.NewReader(s), Match{})
		if err != nil && ms != nil {
			t.Fatal("matches returned with an error")
		}
	})
}

func TestGridAndWriters(t *testing.T) {
	ms, err := PresetMatches("thesis")
	if err != nil {
		t.Fatal(err)
	}
	// 7 pieces x 3 widths x 2 functions x 2 depths x 2 models, 6 pairs x 2
	// previews x 2 models, 4 even widths.
	if want := 7*3*2*2*2 + 6*2*2 + 4; len(ms) != want {
		t.Errorf("thesis preset has %d matches, want %d", len(ms), want)
	}
	if _, err := PresetMatches("nonesuch"); err == nil {
		t.Error("unknown preset accepted")
	}
	rows := RunAll([]Match{
		{Thrower: "minimax", Pieces: []engine.Piece{engine.O}, Width: 9, Height: 20, Function: "kravec", Depth: 1},
		{Thrower: "minimax", Pieces: []engine.Piece{engine.O}, Width: 10, Height: 20, Function: "kravec", Depth: 1},
	}, 2, nil)
	var sb strings.Builder
	if err := WriteJSON(&sb, rows); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(sb.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"result":"loss"`) || !strings.Contains(lines[1], `"result":"cycle"`) {
		t.Errorf("JSON rows out of order or wrong:\n%s", sb.String())
	}
	for _, key := range []string{"thrower", "pieces", "width", "height", "function", "depth", "preview", "model", "result", "move", "cycle_length", "time"} {
		if !strings.Contains(lines[0], `"`+key+`":`) {
			t.Errorf("JSON row lacks %q: %s", key, lines[0])
		}
	}
	sb.Reset()
	WriteMarkdown(&sb, rows)
	if got := strings.Count(sb.String(), "\n"); got != 4 {
		t.Errorf("Markdown table has %d lines, want 4", got)
	}
}

// TestParseMatchesBounds: a grid file is held to the bounds of the flags
// (depth=9999 used to run until killed at 444 MB).
func TestParseMatchesBounds(t *testing.T) {
	base := Match{Thrower: "minimax", Width: 10, Height: 20, Function: "kravec", Depth: 1, MoveLimit: 100}
	for _, line := range []string{
		"depth=9999", "depth=0", "depth=5", "thrower-depth=9", "thrower-depth=-1", "limit=0", "limit=-1",
		"limit=1000000000", "width=99", "width=3", "height=0", "height=100", "thrower=nobody", "function=nobody",
	} {
		if ms, err := ParseMatches(strings.NewReader(line), base); err == nil {
			t.Errorf("%q accepted: %+v", line, ms)
		} else if !strings.Contains(err.Error(), "line 1") {
			t.Errorf("%q: error %q does not name the line", line, err)
		}
	}
	long := strings.Repeat("# comment ", 10<<10)
	if _, err := ParseMatches(strings.NewReader(long), base); err == nil || !strings.Contains(err.Error(), "longer than") {
		t.Errorf("a 100 KiB line: error %v", err)
	}
	many := strings.Repeat("pieces=O\n", MaxMatches)
	if ms, err := ParseMatches(strings.NewReader(many), base); err != nil || len(ms) != MaxMatches {
		t.Errorf("%d matches: %d read, error %v", MaxMatches, len(ms), err)
	}
	if _, err := ParseMatches(strings.NewReader(many+"pieces=O\n"), base); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("%d matches: error %v", MaxMatches+1, err)
	}
	huge := Grid{Throwers: make([]string, 1000), PieceSets: make([][]engine.Piece, 1000), Widths: make([]int, 1000),
		Heights: []int{20}, Functions: []string{"kravec"}, Depths: []int{1}, Previews: []bool{false}, Models: []solver.Mode{0}}
	if n := huge.Count(); n != MaxMatches+1 {
		t.Errorf("Count of a 10^9 grid = %d, want MaxMatches+1", n)
	}
	if ms := huge.Matches(); ms != nil {
		t.Errorf("a 10^9 grid expanded to %d matches", len(ms))
	}
}
