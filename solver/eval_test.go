package solver

import (
	"math"
	"testing"

	"github.com/kocka/kocka/engine"
)

func TestPersonalities(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range Personalities() {
		if seen[w.Name] {
			t.Errorf("personality %q listed twice", w.Name)
		}
		seen[w.Name] = true
		got, err := PersonalityByName(w.Name)
		if err != nil || got.Name != w.Name || got.Base != w.Base {
			t.Errorf("PersonalityByName(%q) = %v, %v", w.Name, got, err)
		}
	}
	for _, name := range []string{"dellacherie", "eltetris", "eltetris-eroded", "bcts", "kravec", "kravec1", "kocka"} {
		if !seen[name] {
			t.Errorf("personality %q missing", name)
		}
	}
	if _, err := PersonalityByName("nobody"); err == nil {
		t.Error("PersonalityByName(nobody) gave no error")
	}
	// The published numbers, to the last digit, on exactly the published
	// features.
	for name, want := range map[string]Vector{
		"eltetris": { // El-Tetris's eltetris.js, evaluateBoard
			FLandingHeight: -4.500158825082766, FLinesCleared: 3.4181268101392694,
			FRowTransitions: -3.2178882868487753, FColumnTransitionsOpen: -9.348695305445199,
			FHoles: -7.899265427351652, FWells: -3.3855972247263626,
		},
		"dellacherie": { // Fahey's PrivateStrategyEvaluate
			FLandingHeight: -1, FErodedCells: 1, FRowTransitions: -1, FColumnTransitions: -1,
			FHoles: -4, FWells: -1,
		},
		"bcts": { // Thiery and Scherrer 2009, table of BCTS weights; hole depth as MDPTetris counts it
			FLandingHeight: -12.63, FErodedCells: 6.60, FRowTransitions: -9.22, FColumnTransitions: -19.77,
			FHoles: -13.08, FWells: -10.49, FHoleDepthRuns: -1.61, FRowsWithHoles: -24.04,
		},
	} {
		w, _ := PersonalityByName(name)
		if w.Base != want || w.Tall != (Vector{}) {
			t.Errorf("%s weights %v, want %v", name, w.Base, want)
		}
	}
	if w, _ := PersonalityByName("dellacherie"); w.TieBreak != TieBreakDellacherie {
		t.Errorf("dellacherie breaks ties by %q", w.TieBreak)
	}
	// Kravec's function is a cost: lower is better, so the weights here are negated.
	kr, _ := PersonalityByName("kravec")
	if kr.Base[FMaxHeight] != -30 || kr.Base[FSmallHoles] != -12.5 {
		t.Errorf("kravec weights %v", kr.Base)
	}
	// Changing a returned copy must not change the table.
	ps := Personalities()
	ps[0].Base[FHoles] = 1234
	if p, _ := PersonalityByName(ps[0].Name); p.Base[FHoles] == 1234 {
		t.Error("Personalities returned the table itself")
	}
}

func TestFeatureNames(t *testing.T) {
	for f := Feature(0); f < NumFeatures; f++ {
		got, err := ParseFeature(f.String())
		if err != nil || got != f {
			t.Errorf("ParseFeature(%q) = %v, %v", f.String(), got, err)
		}
	}
	if _, err := ParseFeature("x"); err == nil {
		t.Error("ParseFeature(x) gave no error")
	}
}

// place puts p on a copy of b, clears lines, and returns the board and rows.
func place(b *engine.Board, p engine.Placed) (*engine.Board, int) {
	a := b.Clone()
	a.Place(p)
	return a, a.ClearLines()
}

func TestScorerPrefersTheCleanPlacement(t *testing.T) {
	// An O can fill the two-wide gap (clearing two rows) or sit on the
	// stack; every personality must prefer the clear.
	b := testBoard(t, 6, 26,
		"XXXX..",
		"XXXX..",
	)
	good := engine.Placed{Piece: engine.O, Rot: engine.Rot0, X: 4, Y: 0}
	bad := engine.Placed{Piece: engine.O, Rot: engine.Rot0, X: 0, Y: 2}
	for _, w := range Personalities() {
		s := NewScorer(&w, b)
		score := func(p engine.Placed) float64 {
			after, lines := place(b, p)
			c, _, _ := ClearOf(lines, engine.SpinNone, after, 0, -1)
			return s.Score(p, after, c)
		}
		if g, x := score(good), score(bad); g <= x {
			t.Errorf("%s: clearing scores %v, stacking %v", w.Name, g, x)
		}
	}
}

func TestScoreIsFeaturesDotWeights(t *testing.T) {
	b := testBoard(t, 10, 30,
		"...XXXXXXX",
		"X...XXXXXX",
		"XX.XXXXXXX",
	)
	p := engine.Placed{Piece: engine.T, Rot: engine.Rot2, X: 1, Y: 0}
	after, lines := place(b, p)
	if lines != 2 {
		t.Fatalf("T-spin double cleared %d rows", lines)
	}
	c, b2b, combo := ClearOf(lines, engine.SpinFull, after, 1, 0)
	if !c.BackToBack || b2b != 2 || c.Combo != 1 || combo != 1 {
		t.Fatalf("ClearOf = %+v, b2b %d, combo %d", c, b2b, combo)
	}
	for _, w := range Personalities() {
		s := NewScorer(&w, b)
		var f Vector
		s.Features(&f, p, after, c)
		wv := w.At(b)
		if got, want := s.Score(p, after, c), f.Dot(&wv); math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: Score %v, features . weights %v", w.Name, got, want)
		}
		if f[FTSpinDouble] != 1 || f[FBackToBack] != 1 || f[FCombo] != 1 || f[FLinesCleared] != 2 {
			t.Errorf("%s: clear features %v", w.Name, f)
		}
	}
}

func TestClearOf(t *testing.T) {
	empty := engine.NewBoard(10, 40)
	notEmpty := testBoard(t, 10, 40, "X.........")
	for _, c := range []struct {
		name            string
		lines           int
		spin            engine.Spin
		after           *engine.Board
		b2b, combo      int
		want            engine.Clear
		wantB2B, wantCo int
	}{
		{"no clear ends the combo", 0, engine.SpinNone, notEmpty, 2, 3, engine.Clear{}, 2, -1},
		{"first single", 1, engine.SpinNone, notEmpty, 0, -1, engine.Clear{Lines: 1}, 0, 0},
		{"single breaks back-to-back", 1, engine.SpinNone, notEmpty, 3, 0, engine.Clear{Lines: 1, Combo: 1, EndsChain: true}, 0, 1},
		{"double with no chain ends none", 2, engine.SpinNone, notEmpty, 0, 0, engine.Clear{Lines: 2, Combo: 1}, 0, 1},
		{"tetris starts a chain", 4, engine.SpinNone, notEmpty, 0, -1, engine.Clear{Lines: 4}, 1, 0},
		{"tetris continues it", 4, engine.SpinNone, notEmpty, 1, 0, engine.Clear{Lines: 4, BackToBack: true, Combo: 1}, 2, 1},
		{"T-spin without lines keeps the chain", 0, engine.SpinFull, notEmpty, 2, 1, engine.Clear{Spin: engine.SpinFull}, 2, -1},
		{"perfect clear", 2, engine.SpinNone, empty, 0, -1, engine.Clear{Lines: 2, PerfectClear: true}, 0, 0},
	} {
		got, b2b, combo := ClearOf(c.lines, c.spin, c.after, c.b2b, c.combo)
		if got != c.want || b2b != c.wantB2B || combo != c.wantCo {
			t.Errorf("%s: ClearOf = %+v, b2b %d, combo %d; want %+v, %d, %d", c.name, got, b2b, combo, c.want, c.wantB2B, c.wantCo)
		}
	}
}

func TestTallWeightsGrowWithTheStack(t *testing.T) {
	w := Weights{Base: Vector{FHoles: -1}, Tall: Vector{FHoles: -10}}
	low := testBoard(t, 10, 40, "X.........")
	high := engine.NewBoard(10, 40)
	for y := 0; y < 20; y++ {
		high.Set(0, y, engine.I)
	}
	if got := w.At(low)[FHoles]; got != -1-10*1.0/20 {
		t.Errorf("one row of twenty: holes weight %v", got)
	}
	if got := w.At(high)[FHoles]; got != -11 {
		t.Errorf("full field: holes weight %v", got)
	}
}

// BenchmarkEvaluate scores one placement, as the search does, on the
// mid-game boards of midGameStates.
func BenchmarkEvaluate(b *testing.B) {
	states := midGameStates(b, 8)
	for _, name := range []string{"eltetris", "kravec", "kocka"} {
		w, _ := PersonalityByName(name)
		b.Run(name, func(b *testing.B) {
			// One placement per state, scored as the search scores it.
			type job struct {
				before, after *engine.Board
				p             Placement
			}
			var jobs []job
			for _, st := range states {
				ps := Generate(st.Board, st.Current, Options{})
				after, _ := place(st.Board, ps[len(ps)/2].Placed)
				jobs = append(jobs, job{st.Board, after, ps[len(ps)/2]})
			}
			b.ResetTimer()
			sum := 0.0
			for i := 0; i < b.N; i++ {
				j := &jobs[i%len(jobs)]
				s := NewScorer(w, j.before)
				sum += s.Score(j.p.Placed, j.after, engine.Clear{})
			}
			if sum == 0 {
				b.Log(sum)
			}
		})
	}
}
