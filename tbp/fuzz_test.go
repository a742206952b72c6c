package tbp

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"
)

// FuzzSession feeds arbitrary lines to a session after a valid start: the
// bot must never panic, must answer only with JSON lines, and must still
// answer a suggest afterwards.
func FuzzSession(f *testing.F) {
	f.Add(`{"type":"play","move":{"location":{"type":"O","orientation":"north","x":4,"y":0},"spin":"none"}}`)
	f.Add(`{"type":"new_piece","piece":"L"}`)
	f.Add(`{"type":"start","queue":[],"board":[]}`)
	f.Add(`{"type":"play","move":{"location":{"type":"I","orientation":"west","x":-5,"y":99}}}`)
	f.Add(`{"type":"rules","randomizer":"classic"}`)
	f.Add("{\"type\":\"stop\"}")
	f.Fuzz(func(t *testing.T, line string) {
		line = strings.ReplaceAll(line, "\n", " ")
		var msg struct{ Type string }
		if json.Unmarshal([]byte(line), &msg) == nil && msg.Type == "quit" {
			return // a quit ends the session, as it should
		}
		in := strings.Join([]string{
			`{"type":"start","hold":null,"queue":["O","T","I","L","J"],"combo":0,"back_to_back":false,"board":` + emptyBoardJSON() + `}`,
			line,
			`{"type":"start","hold":null,"queue":["T"],"combo":0,"back_to_back":false,"board":` + emptyBoardJSON() + `}`,
			`{"type":"suggest"}`,
		}, "\n")
		var out strings.Builder
		if err := NewSession(Info{Name: "k"}, dropPlanner, &out).Run(strings.NewReader(in)); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(strings.NewReader(out.String()))
		last := ""
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
				t.Fatalf("not JSON: %q", sc.Text())
			}
			last, _ = m["type"].(string)
		}
		if last != "suggestion" {
			t.Fatalf("the session stopped answering after %q:\n%s", line, out.String())
		}
	})
}
