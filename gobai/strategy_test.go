package gobai

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/kocka/kocka/solver/prove/gobblet"
)

// TestEmbeddedStrategiesAreClosed checks, from the rules alone, that each
// embedded AB strategy never loses: the start is covered, no attacker
// move from a kept position wins, and after each the drawing player has a
// move back in (Verify). It walks all about 200,000 kept positions and
// their 8.5 million attacker moves: some seconds each.
func TestEmbeddedStrategiesAreClosed(t *testing.T) {
	if raceEnabled {
		t.Skip("single-threaded and slow under the race detector: the plain test run checks it")
	}
	for _, first := range []int{gobblet.Attacker, gobblet.Drawing} {
		t.Run(map[int]string{gobblet.Attacker: "attacker first", gobblet.Drawing: "drawing first"}[first], func(t *testing.T) {
			t.Parallel()
			s, err := ABStrategy(first)
			if err != nil {
				t.Fatal(err)
			}
			st, err := s.Verify()
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%d positions, %d attacker moves, %d replies", st.Safe, st.Attacker, st.Replies)
			if st.Safe < 1000 || st.Attacker < st.Safe {
				t.Fatalf("implausibly small strategy: %+v", st)
			}
		})
	}
}

// TestStrategyNeverLosesToRandomPlay replays the strategy against the
// rules: a random attacker, many games, the strategy's move each time.
func TestStrategyNeverLosesToRandomPlay(t *testing.T) {
	for _, first := range []int{gobblet.Attacker, gobblet.Drawing} {
		s, err := ABStrategy(first)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(first), 7))
		for game := 0; game < 300; game++ {
			m := NewMatch(s.R)
			for ply := 0; ply < 80; ply++ {
				if over, w := m.Over(); over {
					if w != gobblet.Drawing {
						t.Fatalf("game %d: the attacker won after %v", game, m.History())
					}
					break
				}
				var mv gobblet.Move
				if m.Board.Mover == gobblet.Drawing {
					var ok bool
					if mv, ok = s.Move(m.Board); !ok {
						t.Fatalf("game %d: no strategy move after %v", game, m.History())
					}
				} else {
					ms := m.Moves()
					// Half the time a greedy attacker: a move that leaves
					// three in a line if there is one.
					mv = ms[rng.IntN(len(ms))]
					if rng.IntN(2) == 0 {
						mv = greedy(&m.R, m.Board, ms, mv)
					}
				}
				if err := m.Play(mv); err != nil {
					t.Fatalf("game %d: %v: %v", game, mv, err)
				}
			}
		}
	}
}

func greedy(r *gobblet.Rules, b gobblet.Board, ms []gobblet.Move, def gobblet.Move) gobblet.Move {
	best, bestT := def, -1
	for _, m := range ms {
		nb := r.Play(b, m)
		if t := Threat(r, &nb); t > bestT {
			best, bestT = m, t
		}
	}
	return best
}

func TestStrategyFileRoundTripAndDamage(t *testing.T) {
	s, err := ABStrategy(gobblet.Attacker)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := s.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := LoadStrategy(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Safe) != len(s.Safe) || back.R.First != s.R.First {
		t.Fatalf("round trip: %d positions first %d, want %d first %d", len(back.Safe), back.R.First, len(s.Safe), s.R.First)
	}
	// A flipped bit inside the data: the CRC (or gzip's own) refuses it.
	small, _ := NewStrategy(gobblet.Attacker, s.Safe[:50])
	buf.Reset()
	small.Encode(&buf)
	for _, bad := range [][]byte{nil, []byte("not gzip"), flip(buf.Bytes(), len(buf.Bytes())/2)} {
		if _, err := LoadStrategy(bad); err == nil {
			t.Fatalf("a damaged strategy file (%d bytes) loaded", len(bad))
		}
	}
	// A cut-down strategy is not closed, and Verify says so.
	if _, err := small.Verify(); err == nil {
		t.Fatal("50 positions of a strategy verified as closed")
	}
}

func flip(b []byte, i int) []byte {
	c := bytes.Clone(b)
	c[i] ^= 0x10
	return c
}

func TestStrategyKeepsTheProvenDrawOnly(t *testing.T) {
	s, _ := ABStrategy(gobblet.Drawing)
	start := s.R.Start()
	keep := s.Keeping(start)
	all := s.R.Moves(&start, nil)
	if len(keep) == 0 || len(keep) > len(all) {
		t.Fatalf("%d of %d first moves keep the draw", len(keep), len(all))
	}
	mv, ok := s.Move(start)
	if !ok || !s.Has(ptr(s.R.Play(start, mv))) {
		t.Fatalf("the strategy's first move %v leaves its positions", mv)
	}
	if got := s.Keeping(s.R.Play(start, mv)); got != nil {
		t.Fatalf("Keeping on the attacker's turn: %v, want none", got)
	}
}

func ptr(b gobblet.Board) *gobblet.Board { return &b }

// FuzzLoadStrategy: any bytes either load as a sorted strategy within the
// caps or are refused, without panics.
func FuzzLoadStrategy(f *testing.F) {
	s, err := ABStrategy(gobblet.Attacker)
	if err != nil {
		f.Fatal(err)
	}
	small, _ := NewStrategy(gobblet.Attacker, s.Safe[:20])
	var buf bytes.Buffer
	small.Encode(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := LoadStrategy(data)
		if err != nil {
			return
		}
		if len(st.Safe) > MaxStrategyStates || !slices.IsSorted(st.Safe) {
			t.Fatalf("loaded %d positions, sorted %v", len(st.Safe), slices.IsSorted(st.Safe))
		}
	})
}

// BenchmarkStrategyMove is the computer's move in AB: the strategy's
// lookup for every legal move of a position after the attacker's first.
func BenchmarkStrategyMove(b *testing.B) {
	s, err := ABStrategy(gobblet.Attacker)
	if err != nil {
		b.Fatal(err)
	}
	start := s.R.Start()
	pos := s.R.Play(start, gobblet.Move{From: -1, To: 5, Size: 0})
	for i := 0; i < b.N; i++ {
		if _, ok := s.Move(pos); !ok {
			b.Fatal("no move")
		}
	}
}
