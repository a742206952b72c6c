package prove_test

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/tictactoe"
)

func TestCheckpointResume(t *testing.T) {
	defer prove.SetProgressEvery(prove.SetProgressEvery(8))
	g := tictactoe.Game{}
	var last []byte
	saves := 0
	o := prove.Options{CheckpointEvery: 1, Checkpoint: func(write func(io.Writer) error) error {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			return err
		}
		last = b.Bytes()
		saves++
		return nil
	}}
	full, err := prove.Prove(g, 1, o)
	if err != nil || !full.Safe {
		t.Fatal(err, full.Safe)
	}
	if saves < 2 || last == nil {
		t.Fatalf("%d checkpoints", saves)
	}
	resumed, err := prove.Prove(g, 1, prove.Options{Resume: bytes.NewReader(last)})
	if err != nil {
		t.Fatal(err)
	}
	if !resumed.Safe || resumed.Searched >= full.Searched {
		t.Errorf("resumed: safe %v, %d searched against %d", resumed.Safe, resumed.Searched, full.Searched)
	}
	if _, err := prove.Check(g, resumed.Cert, prove.Options{}); err != nil {
		t.Fatal(err)
	}
	// A checkpoint of another drawer, or damaged, is refused.
	if _, err := prove.Prove(g, 0, prove.Options{Resume: bytes.NewReader(last)}); err == nil {
		t.Error("a checkpoint for the other player was accepted")
	}
	bad := bytes.Clone(last)
	bad[len(bad)-2] ^= 0x40
	if _, err := prove.Prove(g, 1, prove.Options{Resume: bytes.NewReader(bad)}); err == nil {
		t.Error("a damaged checkpoint was accepted")
	}
}

// TestGrowCheckpointResume: Grow resumed from any of its checkpoints ends
// with the certificate of the run that was not stopped, and refuses a
// checkpoint of another player, another Reuse, or a damaged one.
func TestGrowCheckpointResume(t *testing.T) {
	defer prove.SetProgressEvery(prove.SetProgressEvery(4))
	g := tictactoe.Game{}
	for _, c := range []struct{ drawer, reuse int }{{0, 0}, {1, 0}, {1, 3}} {
		var saves [][]byte
		o := prove.Options{Reuse: c.reuse, CheckpointEvery: 1, Checkpoint: func(write func(io.Writer) error) error {
			var b bytes.Buffer
			if err := write(&b); err != nil {
				return err
			}
			saves = append(saves, b.Bytes())
			return nil
		}}
		full, err := prove.Grow(g, c.drawer, o)
		if err != nil || !full.Safe {
			t.Fatal(err, full.Safe)
		}
		if len(saves) < 3 {
			t.Fatalf("%d checkpoints", len(saves))
		}
		var want bytes.Buffer
		full.Cert.WriteTo(&want)
		for i, save := range saves {
			resumed, err := prove.Grow(g, c.drawer, prove.Options{Reuse: c.reuse, Resume: bytes.NewReader(save)})
			if err != nil {
				t.Fatalf("drawer %d, checkpoint %d: %v", c.drawer, i, err)
			}
			var got bytes.Buffer
			resumed.Cert.WriteTo(&got)
			if !resumed.Safe || !bytes.Equal(got.Bytes(), want.Bytes()) || resumed.Searched != full.Searched {
				t.Errorf("drawer %d, checkpoint %d: safe %v, %d expanded against %d, same certificate %v",
					c.drawer, i, resumed.Safe, resumed.Searched, full.Searched, bytes.Equal(got.Bytes(), want.Bytes()))
			}
		}
		last := saves[len(saves)-1]
		for name, o := range map[string]prove.Options{
			"other reuse":                    {Reuse: c.reuse + 1, Resume: bytes.NewReader(last)},
			"proof search's checkpoint kind": {Resume: bytes.NewReader([]byte("KOCKA PROOF CHECKPOINT 1\n"))},
		} {
			if _, err := prove.Grow(g, c.drawer, o); err == nil {
				t.Errorf("%s: accepted", name)
			}
		}
		if _, err := prove.Grow(g, 1-c.drawer, prove.Options{Reuse: c.reuse, Resume: bytes.NewReader(last)}); err == nil {
			t.Error("a checkpoint of the other player was accepted")
		}
		for _, at := range []int{30, len(last) / 2, len(last) - 2} {
			bad := bytes.Clone(last)
			bad[at] ^= 0x40
			if _, err := prove.Grow(g, c.drawer, prove.Options{Reuse: c.reuse, Resume: bytes.NewReader(bad)}); err == nil {
				t.Errorf("a checkpoint damaged at byte %d was accepted", at)
			}
		}
		if _, err := prove.Grow(g, c.drawer, prove.Options{Reuse: c.reuse, Resume: bytes.NewReader(last[:len(last)/2])}); err == nil {
			t.Error("a cut checkpoint was accepted")
		}
	}
}

// orderedTicTacToe is tic-tac-toe with two named move orders: the game's
// own, and its reverse.
type orderedTicTacToe struct {
	tictactoe.Game
	reverse bool
}

func (g orderedTicTacToe) OrderMoves(s prove.State, moves []prove.State) {
	g.Game.OrderMoves(s, moves)
	if g.reverse {
		slices.Reverse(moves)
	}
}

func (g orderedTicTacToe) MoveOrderName() string {
	if g.reverse {
		return "reverse"
	}
	return "own"
}

// TestGrowCheckpointOrder: a grow checkpoint counts the drawing player's
// moves in its move order, so a resume with another order is refused (and
// one with the same order accepted), as is a checkpoint of version 1,
// which did not record the order.
func TestGrowCheckpointOrder(t *testing.T) {
	defer prove.SetProgressEvery(prove.SetProgressEvery(4))
	var last []byte
	o := prove.Options{CheckpointEvery: 1, Checkpoint: func(write func(io.Writer) error) error {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			return err
		}
		last = b.Bytes()
		return nil
	}}
	if _, err := prove.Grow(orderedTicTacToe{}, 1, o); err != nil || last == nil {
		t.Fatal(err, last == nil)
	}
	if _, err := prove.Grow(orderedTicTacToe{}, 1, prove.Options{Resume: bytes.NewReader(last)}); err != nil {
		t.Fatalf("the same order: %v", err)
	}
	_, err := prove.Grow(orderedTicTacToe{reverse: true}, 1, prove.Options{Resume: bytes.NewReader(last)})
	if err == nil || !strings.Contains(err.Error(), "move order") {
		t.Errorf("another order: %v, want a refusal naming the move order", err)
	}
	v1 := append([]byte("KOCKA GROW CHECKPOINT 1\n"), last[len("KOCKA GROW CHECKPOINT 2\n"):]...)
	_, err = prove.Grow(orderedTicTacToe{}, 1, prove.Options{Resume: bytes.NewReader(v1)})
	if err == nil || !strings.Contains(err.Error(), "version 1") {
		t.Errorf("version 1: %v, want a refusal naming the version", err)
	}
}
