package tbp

import (
	"bufio"
	"encoding/json"
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
