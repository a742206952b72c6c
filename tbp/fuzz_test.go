package tbp

import (
	"bufio"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// FuzzSession feeds arbitrary lines to a session after a valid start: the
// bot must never panic, must answer only with JSON lines, and must still
// answer a suggest after a new start.
func FuzzSession(f *testing.F) {
	f.Add(`{"type":"play","move":{"location":{"type":"O","orientation":"north","x":4,"y":0},"spin":"none"}}`)
	f.Add(`{"type":"new_piece","piece":"L"}`)
	f.Add(`{"type":"start","queue":[],"board":[]}`)
	f.Add(`{"type":"play","move":{"location":{"type":"I","orientation":"west","x":-5,"y":99}}}`)
	f.Add(`{"type":"rules","randomizer":"classic"}`)
	f.Add("{\"type\":\"stop\"}")
	// The two starts are parsed once, through the protocol's own parser,
	// and each input gets fresh copies: a 40-row board in JSON costs more
	// than the rest of a run.
	start := mustStart(f, `{"type":"start","hold":null,"queue":["O","T","I","L","J"],"combo":0,"back_to_back":false,"board":`+emptyBoardJSON()+`}`)
	restart := mustStart(f, `{"type":"start","hold":null,"queue":["T"],"combo":0,"back_to_back":false,"board":`+emptyBoardJSON()+`}`)
	var out strings.Builder
	f.Fuzz(func(t *testing.T, line string) {
		if len(line) > 512 {
			return // the fuzzer's minimising grows with the square of the length
		}
		line = strings.ReplaceAll(line, "\n", " ")
		var msg struct{ Type string }
		if json.Unmarshal([]byte(line), &msg) == nil && msg.Type == "quit" {
			return // a quit ends the session, as it should
		}
		out.Reset()
		s := NewSession(Info{Name: "k"}, dropPlanner, &out)
		s.state = start.clone()
		if err := s.Run(strings.NewReader(line)); err != nil {
			t.Fatal(err)
		}
		s.state = restart.clone()
		if err := s.Run(strings.NewReader(`{"type":"suggest"}`)); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(strings.NewReader(out.String()))
		last := ""
		for sc.Scan() {
			var m struct{ Type string }
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Fatalf("not JSON: %q", sc.Text())
			}
			last = m.Type
		}
		if last != "suggestion" {
			t.Fatalf("the session stopped answering after %q:\n%s", line, out.String())
		}
	})
}

func mustStart(f *testing.F, line string) *State {
	var m message
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		f.Fatal(err)
	}
	st, err := parseStart(&m)
	if err != nil {
		f.Fatal(err)
	}
	return st
}

func (s *State) clone() *State {
	c := *s
	c.Board = s.Board.Clone()
	c.Queue = slices.Clone(s.Queue)
	return &c
}
