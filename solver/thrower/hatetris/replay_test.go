package hatetris

import (
	"bufio"
	"github.com/kocka/kocka/engine"
	"os"
	"strconv"
	"strings"
	"testing"
)

type knownReplay struct {
	name, encoding, replay string
	lines                  int
}

func loadReplays(t testing.TB) []knownReplay {
	t.Helper()
	f, err := os.Open("testdata/replays.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []knownReplay
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) != 4 {
			t.Fatalf("bad fixture line %q", line)
		}
		n, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, knownReplay{name: fields[0], lines: n, encoding: fields[2], replay: fields[3]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestKnownReplays plays the published replays and checks the lines the
// original game gives them.
func TestKnownReplays(t *testing.T) {
	for _, kr := range loadReplays(t) {
		t.Run(kr.name+"/"+kr.encoding, func(t *testing.T) {
			moves, err := DecodeReplay(kr.replay)
			if err != nil {
				t.Fatal(err)
			}
			g, err := NewGame(Standard, NewEnemy(false))
			if err != nil {
				t.Fatal(err)
			}
			g.Play(moves)
			if g.Score() != kr.lines || !g.Over() {
				t.Errorf("lines %d, over %v after %d of %d moves; want %d lines and game over\n%s",
					g.Score(), g.Over(), len(g.Moves()), len(moves), kr.lines, g.Well().String(Standard))
			}
			// Writing the moves taken and reading them back replays the same.
			again, err := DecodeReplay(EncodeReplay(g.Moves()))
			if err != nil {
				t.Fatal(err)
			}
			g2, _ := NewGame(Standard, NewEnemy(false))
			g2.Play(again)
			if g2.Score() != kr.lines || !g2.Over() {
				t.Errorf("re-encoded replay: lines %d, over %v", g2.Score(), g2.Over())
			}
			if kr.encoding == "base2048" && EncodeReplay(moves) != kr.replay {
				t.Errorf("Base2048 encoding does not round-trip")
			}
			if kr.encoding == "base65536" && EncodeBase65536Replay(moves) != kr.replay {
				t.Errorf("Base65536 encoding does not round-trip")
			}
		})
	}
}

func TestCodecVectors(t *testing.T) {
	// From the original's codec tests.
	want := "DDDRUD"
	for _, s := range []string{"A9E", " A9E", "ਹԇ", " ਹԇ ", "DDDRUD"} {
		moves, err := DecodeReplay(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if got := MovesString(moves); got != want {
			t.Errorf("%q decodes to %s, want %s", s, got, want)
		}
	}
	moves, _ := ParseMoves(want)
	if got := EncodeReplay(moves); got != "ਹԇ" {
		t.Errorf("EncodeReplay(%s) = %q, want %q", want, got, "ਹԇ")
	}
	if got := EncodeHex(moves); got != "A9E" {
		t.Errorf("EncodeHex(%s) = %q, want A9E", want, got)
	}
	odd, _ := ParseMoves("LLLLRRRRD")
	if got := EncodeHex(odd); got != "0055 A" {
		t.Errorf("EncodeHex(odd) = %q, want %q", got, "0055 A")
	}
}

func TestBase2048RoundTrip(t *testing.T) {
	for n := 0; n < 40; n++ {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i*37 + n)
		}
		got, err := DecodeBase2048(EncodeBase2048(data))
		if err != nil || string(got) != string(data) {
			t.Fatalf("%d bytes: got %v, %v", n, got, err)
		}
	}
	for _, bad := range []string{"!", "0A", "௨x"} {
		if _, err := DecodeBase2048(bad); err == nil {
			t.Errorf("DecodeBase2048(%q) accepted", bad)
		}
	}
}

func FuzzDecodeReplay(f *testing.F) {
	f.Add("A9E")
	f.Add("ਹԇ")
	f.Add("LRDU")
	f.Add("௨ටໃݹ௨ටໃݹठ")
	f.Add("𤺤ᗐ")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 256 {
			return // minimising a long input takes quadratic time: docs/benchmarks.md, Fuzzing
		}
		moves, err := DecodeReplay(s)
		if err != nil {
			return
		}
		for _, m := range moves {
			if _, err := moveCode(m); err != nil {
				t.Fatalf("decoded a non-move %q", byte(m))
			}
		}
		// Whatever decodes re-encodes to something that decodes the same.
		// (Through the Base2048 decoder: a short Base2048 string of the
		// characters 8 9 A-F also reads as hex, in the original too.)
		again, err := DecodeBase2048Replay(EncodeReplay(moves))
		if err != nil || MovesString(again) != MovesString(moves) && MovesString(again) != MovesString(moves)+"L" {
			t.Fatalf("round trip: %v, %q vs %q", err, MovesString(again), MovesString(moves))
		}
	})
}

// TestLoopRuleFires replays knewjade's "loop basis", a game in which the
// rule against repeated wells changes the enemy's choice: against HATETRIS
// Mild (no such rule) the same moves go elsewhere.
func TestLoopRuleFires(t *testing.T) {
	var basis knownReplay
	for _, kr := range loadReplays(t) {
		if kr.name == "knewjade loop basis" {
			basis = kr
		}
	}
	moves, err := DecodeReplay(basis.replay)
	if err != nil {
		t.Fatal(err)
	}
	g, _ := NewGame(Standard, NewEnemy(true))
	g.Play(moves)
	if g.Score() == basis.lines && g.Over() {
		t.Errorf("HATETRIS Mild replays the loop basis exactly like HATETRIS (%d lines)", g.Score())
	}
}

func TestSpawnAndFirstMoves(t *testing.T) {
	// From the original's game tests: the first piece is an S at x 3;
	// L, R, D, U move it to (2,0), (3,0), (3,1), then turn it.
	g, _ := NewGame(Standard, NewEnemy(false))
	want := []Piece{{engine.S, 2, 0, 0}, {engine.S, 3, 0, 0}, {engine.S, 3, 1, 0}, {engine.S, 3, 1, 1}}
	if p := g.Piece(); p != (Piece{engine.S, 3, 0, 0}) {
		t.Fatalf("first piece %+v", p)
	}
	for i, m := range []Move{Left, Right, Down, Up} {
		g.Apply(m)
		if g.Piece() != want[i] {
			t.Errorf("after %c: %+v, want %+v", m, g.Piece(), want[i])
		}
	}
}

func TestWellsAreSeenOnce(t *testing.T) {
	// Every landing the search reports is distinct: the original expands
	// each position once.
	s := NewSearch(Standard)
	var w Well
	for _, id := range pieceOrder {
		seen := map[Piece]bool{}
		for _, l := range s.Landings(&w, id) {
			if seen[l.At] {
				t.Errorf("%v lands twice at %+v", id, l.At)
			}
			seen[l.At] = true
		}
		if len(seen) == 0 {
			t.Errorf("%v cannot land in an empty well", id)
		}
	}
}
