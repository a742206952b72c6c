package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// movegen runs the command in-process with stdin and returns its exit code,
// stdout and stderr.
func movegen(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := runMovegen(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

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

func TestMovegenJSONLines(t *testing.T) {
	tests := []struct {
		line  string
		count int    // placements wanted; -1: an error line; -2: any number
		has   string // a substring the output line must hold
	}{
		{`{"field":[],"piece":"T"}`, 34, `{"piece":"T","rotation":"0","cells":[[0,0],[1,0],[1,1],[2,0]],"spin":"none"}`},
		{`not json`, -1, `{"error":"bad JSON: `},
		{`{"field":[],"piece":"O"}`, 9, `{"placements":[{"piece":"O","rotation":"0","cells":[[0,0],[0,1],[1,0],[1,1]],"spin":"none"},`},
		{`{"field":[],"piece":"X"}`, -1, `{"error":"unknown piece \"X\" (want one of I O T S Z J L)"}`},
		{`{"field":[],"piece":"I"}`, 17, `{"piece":"I","rotation":"R","cells":[[9,0],[9,1],[9,2],[9,3]],"spin":"none"}`},
		{`{"field":["........."],"piece":"T"}`, -1, `{"error":"field row 1 is 9 characters wide, want 10"}`},
		{`{"field":["...#......","###...####","####.#####"],"piece":"T"}`, -2, `{"piece":"T","rotation":"2","cells":[[3,1],[4,0],[4,1],[5,1]],"spin":"full"}`},
		{`{"field":[` + strings.Repeat(`"..........",`, 40) + `".........."],"piece":"T"}`, -1, `{"error":"field has 41 rows, more than 40"}`},
		{`{"piece":"T"}`, -1, `{"error":"missing \"field\""}`},
		{`{"field":["__________","x_x_x_x_x_"]}`, -1, `{"error":"missing \"piece\""}`},
		{``, -1, `{"error":"empty line, want a JSON request"}`},
		{`{"field":["##########","##########"],"piece":"s"}`, 17, `"piece":"S"`},
		{`{"field":[` + strings.Repeat(`"##########",`, 39) + `"##########"],"piece":"T"}`, 0, `{"placements":[]}`},
	}
	var in strings.Builder
	for _, tt := range tests {
		in.WriteString(tt.line + "\n")
	}
	code, out, errOut := movegen(t, in.String(), "--jsonl")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(out, "\n")
	if len(lines) != len(tests)+1 || lines[len(tests)] != "" {
		t.Fatalf("%d output lines for %d requests:\n%s", len(lines)-1, len(tests), out)
	}
	for i, tt := range tests {
		line := lines[i]
		var a answer
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Errorf("line %d: not JSON: %v: %s", i+1, err, line)
			continue
		}
		if !strings.Contains(line, tt.has) {
			t.Errorf("line %d: %s\nlacks %s", i+1, line, tt.has)
		}
		switch {
		case tt.count == -2:
			if a.Placements == nil || a.Error != nil {
				t.Errorf("line %d: %s", i+1, line)
			}
		case tt.count < 0:
			if a.Error == nil || a.Placements != nil {
				t.Errorf("line %d: want an error line, got %s", i+1, line)
			}
		default:
			if a.Placements == nil || len(*a.Placements) != tt.count || a.Error != nil {
				t.Errorf("line %d: want %d placements, got %s", i+1, tt.count, line)
			}
		}
	}
}

// TestMovegenExactOutput pins the whole line for an O on a flat stack one
// row high: nine placements in the order of their cells.
func TestMovegenExactOutput(t *testing.T) {
	var want strings.Builder
	want.WriteString(`{"placements":[`)
	for x := range 9 {
		if x > 0 {
			want.WriteString(",")
		}
		fmt.Fprintf(&want, `{"piece":"O","rotation":"0","cells":[[%d,1],[%d,2],[%d,1],[%d,2]],"spin":"none"}`, x, x, x+1, x+1)
	}
	want.WriteString("]}\n")
	// No newline after the last request: it is still answered.
	_, out, _ := movegen(t, `{"field":["XXXXXXXXXX"],"piece":"O"}`, "--jsonl")
	if out != want.String() {
		t.Errorf("got  %s\nwant %s", out, want.String())
	}
}

// TestMovegenOrder checks the documented order: by cells, then spin.
func TestMovegenOrder(t *testing.T) {
	_, out, _ := movegen(t, `{"field":["...#......","###...####","####.#####"],"piece":"T"}`+"\n", "--jsonl")
	var a answer
	if err := json.Unmarshal([]byte(out), &a); err != nil || a.Placements == nil {
		t.Fatalf("%v: %s", err, out)
	}
	ps := *a.Placements
	spins := map[string]int{"none": 0, "mini": 1, "full": 2}
	for i := 1; i < len(ps); i++ {
		p, q := ps[i-1], ps[i]
		if fmt.Sprint(p.Cells) == fmt.Sprint(q.Cells) {
			if spins[p.Spin] >= spins[q.Spin] {
				t.Errorf("placements %d and %d: spin %s before %s on the same cells", i-1, i, p.Spin, q.Spin)
			}
			continue
		}
		if less := lessCells(p.Cells, q.Cells); !less {
			t.Errorf("placements %d and %d out of order: %v then %v", i-1, i, p.Cells, q.Cells)
		}
	}
}

func lessCells(a, b [][2]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i][0] < b[i][0] || a[i][0] == b[i][0] && a[i][1] < b[i][1]
		}
	}
	return false
}

func TestMovegenFieldFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "field.txt")
	if err := os.WriteFile(path, []byte("...#......\r\n###...####\n####.#####\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := movegen(t, "", "--field-file", path, "--piece", "T")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"placements of T (full, SRS)\n",
		"T rotation 2 spin full at x=3 y=0\npath: ",
		"|...#......|\n|###TTT####|\n|####T#####|\n+----------+\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestMovegenBadUse(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("....\n"), 0o644)
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{nil, 2, "give either --jsonl or --field-file"},
		{[]string{"--jsonl", "--field-file", "x"}, 2, "give either"},
		{[]string{"--jsonl", "--piece", "T"}, 2, "--piece goes with --field-file"},
		{[]string{"--field-file", bad, "--piece", "Q"}, 2, "unknown piece"},
		{[]string{"--field-file", filepath.Join(dir, "missing"), "--piece", "T"}, 1, "no such file"},
		{[]string{"--field-file", bad, "--piece", "T"}, 1, "field row 1 is 4 characters wide"},
		{[]string{"--jsonl", "--mode", "fast"}, 2, "unknown movegen mode"},
		{[]string{"--jsonl", "extra"}, 2, "unexpected argument"},
		{[]string{"--bogus"}, 2, "flag provided but not defined"},
	}
	for _, tt := range tests {
		code, _, errOut := movegen(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d with %q", tt.args, code, errOut, tt.code, tt.msg)
		}
	}
}

// TestMovegenModes: the extra flags reach the search.
func TestMovegenModes(t *testing.T) {
	// A T-spin-double slot: the full search turns into it, the drop model
	// cannot reach it.
	line := `{"field":["...#......","###...####","####.#####"],"piece":"T"}` + "\n"
	for _, tt := range []struct {
		args []string
		spin bool
	}{
		{[]string{"--jsonl"}, true},
		{[]string{"--jsonl", "--mode", "drop"}, false},
	} {
		_, out, _ := movegen(t, line, tt.args...)
		if got := strings.Contains(out, `"spin":"full"`); got != tt.spin {
			t.Errorf("%v: full spin found %v, want %v: %s", tt.args, got, tt.spin, out)
		}
	}
	// An L upright in column 2 under the overhang at (3, 2): only a 180
	// turn with its kicks gets it there.
	tuck := `{"field":["#.........","#..#......","##.##.....","##..######",".#########"],"piece":"L"}` + "\n"
	const only180 = `"cells":[[2,1],[2,2],[2,3],[3,1]]`
	for _, tt := range []struct {
		args  []string
		found bool
	}{
		{[]string{"--jsonl"}, false},
		{[]string{"--jsonl", "--180"}, true},
	} {
		_, out, _ := movegen(t, tuck, tt.args...)
		if got := strings.Contains(out, only180); got != tt.found {
			t.Errorf("%v: the 180 tuck found %v, want %v: %s", tt.args, got, tt.found, out)
		}
	}
	_, out, _ := movegen(t, `{"field":[],"piece":"T"}`+"\n", "--jsonl", "--mode", "20g")
	if n := strings.Count(out, `"piece":"T"`); n != 34 {
		t.Errorf("20g on an empty board: %d placements, want 34", n)
	}
}

// TestMovegenPipes talks to the command through pipes, a line at a time:
// each answer must come before the next request is sent, as a program
// driving the tool interactively needs.
func TestMovegenPipes(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		code := runMovegen([]string{"--jsonl"}, inR, outW, io.Discard)
		outW.Close()
		done <- code
	}()
	answers := bufio.NewReader(outR)
	for _, tt := range []struct{ line, want string }{
		{`{"field":[],"piece":"O"}`, `"piece":"O"`},
		{`oops`, `{"error":"bad JSON`},
		{`{"field":["XXXXXXXXX."],"piece":"I"}`, `{"piece":"I","rotation":"R","cells":[[9,0],[9,1],[9,2],[9,3]],"spin":"none"}`},
	} {
		if _, err := io.WriteString(inW, tt.line+"\n"); err != nil {
			t.Fatal(err)
		}
		got, err := answers.ReadString('\n')
		if err != nil {
			t.Fatalf("after %q: %v", tt.line, err)
		}
		if !strings.Contains(got, tt.want) {
			t.Errorf("%q: answer %s lacks %s", tt.line, got, tt.want)
		}
	}
	inW.Close()
	if rest, _ := io.ReadAll(answers); len(rest) != 0 {
		t.Errorf("extra output after the last answer: %q", rest)
	}
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
}
