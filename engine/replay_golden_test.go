package engine_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/atomicfile"
)

var updateReplays = flag.Bool("update-replays", false, "re-record engine/testdata/replays/*.kreplay (after a deliberate rule change)")

// goldenReplays are recorded games kept in the repository. They must play
// back to their recorded state hash on every platform and with every
// future engine: a rule change that alters old games fails here (then
// re-record them with -update-replays, if the change is meant). Run
// under GOOS=js they check that the browser build plays the same games.
var goldenReplays = []struct {
	file string
	cfg  func() engine.Config
	seed uint64
}{
	{"marathon.kreplay", engine.DefaultConfig, 2024},
	{"arr0-180.kreplay", func() engine.Config {
		c := engine.ConfigFor(engine.GoalSprint)
		c.ARR, c.DAS, c.Rot180 = 0, 7, true
		return c
	}, 77},
	{"uniform-nohold.kreplay", func() engine.Config {
		c := endlessConfig()
		c.Randomizer, c.Hold, c.Preview = engine.Uniform, false, 1
		return c
	}, 1 << 63},
}

func TestGoldenReplays(t *testing.T) {
	dir := filepath.Join("testdata", "replays")
	for _, g := range goldenReplays {
		path := filepath.Join(dir, g.file)
		if *updateReplays {
			rep, _ := record(t, g.cfg(), g.seed, 3000, 15)
			var buf bytes.Buffer
			if err := rep.Encode(&buf); err != nil {
				t.Fatal(err)
			}
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := atomicfile.WriteFile(path, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			os.Remove(atomicfile.BackupPath(path))
		}
		t.Run(g.file, func(t *testing.T) {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			rep, err := engine.DecodeReplay(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := rep.Verify(); err != nil {
				t.Fatalf("%v\n(if the rules changed on purpose: go test ./engine -run TestGoldenReplays -update-replays)", err)
			}
		})
	}
}
