package movegenjson

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/kocka/kocka/solver"
)

// answer is one output line, decoded.
type answer struct {
	Placements *[]struct {
		Piece    string   `json:"piece"`
		Rotation string   `json:"rotation"`
		Cells    [][2]int `json:"cells"`
		Spin     string   `json:"spin"`
	} `json:"placements"`
	Error *string `json:"error"`
}

// FuzzAnswer: any input line gets exactly one line of JSON back,
// either placements or an error, and never a panic.
func FuzzAnswer(f *testing.F) {
	f.Add([]byte(`{"field":["...#......","###...####","####.#####"],"piece":"T"}`))
	f.Add([]byte(`{"field":[],"piece":"I"}`))
	f.Add([]byte(`{"field":["ééééééééé."],"piece":"Z"}`))
	f.Add([]byte(`{"field":null,"piece":""}`))
	f.Add([]byte(`[1,2,3]`))
	var g solver.Generator
	f.Fuzz(func(t *testing.T, line []byte) {
		if len(line) > 512 || bytes.ContainsRune(line, '\n') {
			return // the fuzzer's minimising grows with the square of the length
		}
		out := Answer(nil, &g, line, solver.Options{})
		if bytes.ContainsRune(out, '\n') {
			t.Fatalf("answer holds a newline: %s", out)
		}
		var a answer
		if err := json.Unmarshal(out, &a); err != nil {
			t.Fatalf("answer is not JSON: %v: %s", err, out)
		}
		if (a.Error == nil) == (a.Placements == nil) {
			t.Fatalf("answer is neither placements nor an error: %s", out)
		}
	})
}
