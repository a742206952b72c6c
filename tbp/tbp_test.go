package tbp

import (
	"bufio"
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
)

// TBP's piece cells relative to the centre in the north orientation; the
// other orientations turn them clockwise about the centre, (x, y) -> (y, -x).
var tbpNorth = map[engine.Piece][4][2]int{
	engine.I: {{-1, 0}, {0, 0}, {1, 0}, {2, 0}},
	engine.O: {{0, 0}, {1, 0}, {0, 1}, {1, 1}},
	engine.T: {{-1, 0}, {0, 0}, {1, 0}, {0, 1}},
	engine.S: {{-1, 0}, {0, 0}, {0, 1}, {1, 1}},
	engine.Z: {{-1, 1}, {0, 1}, {0, 0}, {1, 0}},
	engine.J: {{-1, 1}, {-1, 0}, {0, 0}, {1, 0}},
	engine.L: {{1, 1}, {-1, 0}, {0, 0}, {1, 0}},
}

func TestCentresMatchTBPCells(t *testing.T) {
	for p, north := range tbpNorth {
		offs := north
		for r := 0; r < 4; r++ {
			loc := location{Type: p.String(), Orientation: orientations[r], X: 5, Y: 10}
			sg, err := fromMove(move{Location: loc})
			if err != nil {
				t.Fatal(err)
			}
			want := map[engine.Cell]bool{}
			for _, o := range offs {
				want[engine.Cell{X: int8(5 + o[0]), Y: int8(10 + o[1])}] = true
			}
			for _, c := range sg.Placed.Cells() {
				if !want[c] {
					t.Errorf("%v %s: cell %v not in TBP's %v", p, orientations[r], c, want)
				}
			}
			if back := toMove(sg); back.Location != loc {
				t.Errorf("%v %s: round trip gave %+v", p, orientations[r], back.Location)
			}
			for i, o := range offs {
				offs[i] = [2]int{o[1], -o[0]}
			}
		}
	}
}

// dropPlanner suggests the current piece dropped straight down from spawn.
func dropPlanner(s State) ([]Suggestion, error) {
	m := engine.SpawnPosition(s.Queue[0], Width, 20)
	m = m.Moved(0, -s.Board.DropDistance(m))
	return []Suggestion{{Placed: m}}, nil
}

func emptyBoardJSON() string {
	row := `[null,null,null,null,null,null,null,null,null,null]`
	rows := make([]string, Height)
	for i := range rows {
		rows[i] = row
	}
	rows[0] = `["G","G","G","G",null,null,"G","G","G","G"]`
	return "[" + strings.Join(rows, ",") + "]"
}

func TestScriptedSession(t *testing.T) {
	in := strings.Join([]string{
		`{"type":"rules","randomizer":"seven_bag"}`,
		`{"type":"suggest"}`, // before start: error, keeps running
		`this is not json`,
		`{"type":"start","hold":null,"queue":["O","T","I"],"combo":0,"back_to_back":false,"board":` + emptyBoardJSON() + `}`,
		`{"type":"suggest"}`,
		`{"type":"play","move":{"location":{"type":"O","orientation":"north","x":4,"y":0},"spin":"none"}}`,
		`{"type":"new_piece","piece":"L"}`,
		`{"type":"dance"}`,
		`{"type":"play","move":{"location":{"type":"Q","orientation":"north","x":4,"y":0},"spin":"none"}}`,
		`{"type":"suggest"}`,
		`{"type":"quit"}`,
		`{"type":"suggest"}`, // after quit: never read
	}, "\n")
	var out strings.Builder
	s := NewSession(Info{Name: "Kocka", Version: "test", Author: "kocka"}, dropPlanner, &out)
	if err := s.Run(strings.NewReader(in)); err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("bot wrote a line that is not JSON: %q", sc.Text())
		}
		got = append(got, m)
	}
	wantTypes := []string{"info", "ready", "error", "error", "suggestion", "error", "error", "suggestion"}
	if len(got) != len(wantTypes) {
		t.Fatalf("bot wrote %d messages, want %d:\n%s", len(got), len(wantTypes), out.String())
	}
	for i, w := range wantTypes {
		if got[i]["type"] != w {
			t.Errorf("message %d is %v, want %s:\n%s", i, got[i]["type"], w, out.String())
		}
	}
	// The first suggestion drops the O into the gap in row 0: centre (4, 0).
	first := got[4]["moves"].([]any)[0].(map[string]any)["location"].(map[string]any)
	if first["type"] != "O" || first["x"] != 4.0 || first["y"] != 0.0 || first["orientation"] != "north" {
		t.Errorf("first suggestion %v", first)
	}
	// The O cleared row 0 and its top half fell into row 0; the T comes
	// next and lands on it, centre row 1.
	second := got[7]["moves"].([]any)[0].(map[string]any)["location"].(map[string]any)
	if second["type"] != "T" || second["y"] != 1.0 {
		t.Errorf("second suggestion %v", second)
	}
}

func TestPlayUsesHold(t *testing.T) {
	st := &State{Board: engine.NewBoard(Width, Height), Queue: []engine.Piece{engine.T, engine.I, engine.O}}
	// Playing the I means the T went to hold.
	i := engine.Placed{Piece: engine.I, Rot: engine.Rot0, X: 0, Y: -2}
	if err := st.Play(Suggestion{Placed: i}); err != nil {
		t.Fatal(err)
	}
	if st.Hold != engine.T || len(st.Queue) != 1 || st.Queue[0] != engine.O {
		t.Fatalf("hold %v queue %v", st.Hold, st.Queue)
	}
	if err := st.Play(Suggestion{Placed: engine.Placed{Piece: engine.S}}); err == nil {
		t.Fatal("playing a piece that is neither current nor held was accepted")
	}
}

// TestRejectedPlayChangesNothing: a play that overlaps the stack is an
// error and leaves the queue, the hold and the board as they were (the
// queue used to lose its piece before the overlap was found).
func TestRejectedPlayChangesNothing(t *testing.T) {
	board := engine.NewBoard(Width, Height)
	board.SetRows([]uint16{0x3FF &^ 1}, engine.Z) // row 0 full but column 0
	tests := []struct {
		name  string
		hold  engine.Piece
		queue []engine.Piece
		move  engine.Placed
	}{
		{"current piece overlaps", engine.None, []engine.Piece{engine.O, engine.T}, engine.Placed{Piece: engine.O, X: 3, Y: 0}},
		{"hold then overlap", engine.None, []engine.Piece{engine.T, engine.O}, engine.Placed{Piece: engine.O, X: 3, Y: 0}},
		{"held piece overlaps", engine.L, []engine.Piece{engine.T, engine.O}, engine.Placed{Piece: engine.L, X: 3, Y: 0}},
		{"above the board", engine.None, []engine.Piece{engine.T}, engine.Placed{Piece: engine.T, X: 3, Y: Height - 2}},
	}
	for _, tc := range tests {
		if tc.move.Y == 0 {
			tc.move.Y -= tc.move.Bottom() // lowest cell in row 0, on the stack
		}
		st := &State{Board: board.Clone(), Hold: tc.hold, Queue: append([]engine.Piece(nil), tc.queue...)}
		if err := st.Play(Suggestion{Placed: tc.move}); err == nil {
			t.Errorf("%s: accepted", tc.name)
			continue
		}
		if st.Hold != tc.hold || !slices.Equal(st.Queue, tc.queue) || st.Board.String() != board.String() {
			t.Errorf("%s: rejected play changed the state: hold %v queue %v, want %v %v", tc.name, st.Hold, st.Queue, tc.hold, tc.queue)
		}
	}
}

// TestMoveCoordinatesAreRangeChecked: positions off the board are errors,
// not cut to 8 bits (y=256 was y=0, x=-2^63 placed three cells, y=39 lost
// the T's top cell).
func TestMoveCoordinatesAreRangeChecked(t *testing.T) {
	for _, loc := range []location{
		{Type: "T", Orientation: "north", X: 4, Y: 256},
		{Type: "T", Orientation: "north", X: math.MinInt64, Y: 1},
		{Type: "T", Orientation: "north", X: 4, Y: 39},
		{Type: "I", Orientation: "north", X: 9, Y: 5},
		{Type: "T", Orientation: "north", X: 4, Y: -1},
		{Type: "T", Orientation: "east", X: 4, Y: math.MaxInt64},
	} {
		if sg, err := fromMove(move{Location: loc}); err == nil {
			t.Errorf("%+v accepted as %+v", loc, sg.Placed)
		}
	}
	// The far corners that are on the board are accepted.
	for _, loc := range []location{
		{Type: "T", Orientation: "north", X: 1, Y: 0},
		{Type: "T", Orientation: "south", X: 8, Y: 39},
		{Type: "I", Orientation: "east", X: 9, Y: 38},
	} {
		if _, err := fromMove(move{Location: loc}); err != nil {
			t.Errorf("%+v rejected: %v", loc, err)
		}
	}
	// Through a session: y=256 is an error message, and the queue keeps its T.
	in := `{"type":"start","hold":null,"queue":["T"],"combo":0,"back_to_back":false,"board":` + emptyBoardJSON() + `}` + "\n" +
		`{"type":"play","move":{"location":{"type":"T","orientation":"north","x":4,"y":256},"spin":"none"}}` + "\n" +
		`{"type":"suggest"}` + "\n"
	msgs := runSession(t, in)
	if len(msgs) != 3 || msgs[1]["type"] != "error" || msgs[2]["type"] != "suggestion" {
		t.Errorf("messages %v, want info, error, suggestion", msgs)
	}
}

// TestOverlongLineIsAnErrorAndTheSessionGoesOn: a line over MaxLine gets
// an error message and the next message is answered (it used to end the
// session with "token too long").
func TestOverlongLineIsAnErrorAndTheSessionGoesOn(t *testing.T) {
	long := strings.Repeat("x", 5<<20) // over MaxLine, and over the old scanner's 4 MiB
	in := `{"type":"rules"}` + "\n" +
		`{"type":"new_piece","piece":"` + long + `"}` + "\n" +
		`{"type":"rules"}` + "\n"
	msgs := runSession(t, in)
	var types []any
	for _, m := range msgs {
		types = append(types, m["type"])
	}
	if len(msgs) != 4 || msgs[2]["type"] != "error" || msgs[3]["type"] != "ready" {
		t.Fatalf("message types %v, want info, ready, error, ready", types)
	}
	if r, _ := msgs[2]["reason"].(string); len(r) > 200 {
		t.Errorf("the error repeats the line: %d bytes", len(r))
	}
}

func runSession(t *testing.T, in string) []map[string]any {
	t.Helper()
	var out strings.Builder
	if err := NewSession(Info{Name: "k"}, dropPlanner, &out).Run(strings.NewReader(in)); err != nil {
		t.Fatalf("session ended with %v", err)
	}
	var msgs []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not JSON: %q", line)
		}
		msgs = append(msgs, m)
	}
	return msgs
}

// TestQueueIsCapped: new_piece past MaxQueue is an error, not an ever
// longer queue.
func TestQueueIsCapped(t *testing.T) {
	var in strings.Builder
	in.WriteString(`{"type":"start","hold":null,"queue":["T"],"combo":0,"back_to_back":false,"board":` + emptyBoardJSON() + "}\n")
	for range MaxQueue + 5 {
		in.WriteString(`{"type":"new_piece","piece":"I"}` + "\n")
	}
	msgs := runSession(t, in.String())
	if len(msgs) != 1+6 || msgs[len(msgs)-1]["type"] != "error" {
		t.Errorf("%d messages, want info and 6 errors", len(msgs))
	}
}

// TestStartQueueIsCapped: a start message may name at most MaxQueue
// pieces; one more is an error, and the session has not started.
func TestStartQueueIsCapped(t *testing.T) {
	for _, c := range []struct {
		pieces int
		want   string // the answer to the suggest after the start
	}{
		{MaxQueue, "suggestion"},
		{MaxQueue + 1, "error"},
	} {
		queue := `"T"` + strings.Repeat(`,"I"`, c.pieces-1)
		in := `{"type":"start","hold":null,"queue":[` + queue + `],"combo":0,"back_to_back":false,"board":` + emptyBoardJSON() + "}\n" +
			`{"type":"suggest"}` + "\n"
		msgs := runSession(t, in)
		if got := msgs[len(msgs)-1]["type"]; got != c.want {
			t.Errorf("%d pieces: messages %v, want the last a %s", c.pieces, msgs, c.want)
		}
	}
}
