package thrower

import (
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
)

// TestExplain asks every thrower for a piece on a mid-game board and
// checks that its explanation names that piece and, for the throwers that
// score, gives every piece kind a score that justifies the choice.
func TestExplain(t *testing.T) {
	b := midGame(t)
	for _, name := range Names() {
		t.Run(name, func(t *testing.T) {
			th, err := New(name, Options{Seed: 3, Depth: 1})
			if err != nil {
				t.Fatal(err)
			}
			p := th.Next(View{Board: b, Height: 20})
			ex := Randomizer{T: th}.Explain()
			if ex.Rule == "" {
				t.Error("no rule")
			}
			scoring := map[string]bool{"minimax": true, "kind": true, "hatetris": true, "bastet": true}[name]
			if name != "random" && ex.Chosen != p {
				t.Fatalf("dealt %v, explanation says %v", p, ex.Chosen)
			}
			if !scoring {
				if len(ex.Scores) != 0 {
					t.Fatalf("%d scores from a thrower that does not score", len(ex.Scores))
				}
				return
			}
			if len(ex.Scores) != len(engine.Pieces) {
				t.Fatalf("%d scores, want one per piece kind", len(ex.Scores))
			}
			var chosen PieceScore
			for _, s := range ex.Scores {
				if s.Text == "" {
					t.Errorf("%v has no text", s.Piece)
				}
				if s.Piece == p {
					chosen = s
				}
			}
			if chosen.Bound {
				t.Errorf("the chosen piece's value is only a bound")
			}
			for _, s := range ex.Scores {
				switch name {
				case "kind":
					if s.Value > chosen.Value {
						t.Errorf("kind dealt %v (%v) but %v scores higher (%v)", p, chosen.Value, s.Piece, s.Value)
					}
				case "minimax", "hatetris":
					// HATETRIS first avoids wells seen before; on a fresh
					// board none is, so the lowest wins here too.
					if s.Value < chosen.Value {
						t.Errorf("%s dealt %v (%v) but %v scores lower (%v)", name, p, chosen.Value, s.Piece, s.Value)
					}
				}
			}
		})
	}
}

func TestExplainBoundsAndWords(t *testing.T) {
	sc, chosen := choiceScores([]Choice{{engine.S, 3}, {engine.Z, 1}, {engine.O, 2}, {engine.I, Lost}}, true)
	if chosen != engine.I {
		t.Fatalf("chosen %v", chosen)
	}
	want := []struct {
		bound bool
		text  string
	}{{false, "3.0"}, {false, "1.0"}, {true, ">=2.0"}, {false, "tops out"}}
	for i, w := range want {
		if sc[i].Bound != w.bound || sc[i].Text != w.text {
			t.Errorf("score %d: %+v, want bound %v text %q", i, sc[i], w.bound, w.text)
		}
	}
	z, _ := NewSZ(Options{})
	z.Next(View{Board: emptyBoard(), Height: 20})
	if ex := z.Explain(); ex.Chosen != engine.S || !strings.Contains(ex.Rule, "S until") {
		t.Errorf("S/Z explanation %+v", ex)
	}
}
