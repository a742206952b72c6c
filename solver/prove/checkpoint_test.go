package prove_test

import (
	"bytes"
	"io"
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
