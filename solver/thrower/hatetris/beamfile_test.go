package hatetris

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/kocka/kocka/internal/atomicfile"
)

// finish runs a search to its end and returns its best line of play.
func finish(t *testing.T, b *Beam) (lines, pieces int, path []Placement) {
	t.Helper()
	for b.Step() {
	}
	lines, pieces = b.Best()
	return lines, pieces, slices.Clone(b.best)
}

// TestBeamCheckpointResumes: a search written after any number of pieces
// and read back (with a fresh enemy cache, other workers) ends exactly as
// the search that never stopped: the same lines, pieces and placements.
// Stopping more than once, and at and between compactions, too.
func TestBeamCheckpointResumes(t *testing.T) {
	for _, cfg := range []BeamConfig{{Width: 8}, {Width: 16, Quiescence: 1}} {
		wantLines, wantPieces, wantPath := finish(t, testBeam(t, cfg))
		if wantPieces < 20 {
			t.Fatalf("%+v: the search is only %d pieces long", cfg, wantPieces)
		}
		for _, stops := range [][]int{{0}, {1}, {7}, {8}, {13}, {3, 5, 16}, {wantPieces - 2}} {
			b := testBeam(t, cfg)
			const key = "eval=eltetris"
			for _, at := range stops {
				for b.Depth < at {
					if !b.Step() {
						t.Fatalf("%+v: over before piece %d", cfg, at)
					}
				}
				var buf bytes.Buffer
				if err := b.WriteCheckpoint(&buf, key, BeamProgress{Seconds: 1.5, CPUSeconds: 2.5}); err != nil {
					t.Fatal(err)
				}
				other := cfg
				other.Workers, other.CacheBytes = 3, 1<<18
				other.LineWeight = 1000
				other.Eval = b.cfg.Eval
				resumed, spent, err := ReadCheckpoint(&buf, other, key)
				if err != nil {
					t.Fatalf("%+v, stop at %d: %v", cfg, at, err)
				}
				if spent != (BeamProgress{1.5, 2.5}) || resumed.Depth != at || resumed.Alive() != b.Alive() {
					t.Fatalf("%+v, stop at %d: resumed at depth %d with %d wells, spent %+v; wrote depth %d, %d wells",
						cfg, at, resumed.Depth, resumed.Alive(), spent, b.Depth, b.Alive())
				}
				b = resumed
			}
			lines, pieces, path := finish(t, b)
			if lines != wantLines || pieces != wantPieces || !slices.Equal(path, wantPath) {
				t.Errorf("%+v, stopped at %v: %d lines in %d pieces; without stopping %d in %d", cfg, stops, lines, pieces, wantLines, wantPieces)
			}
		}
	}
}

// TestReadCheckpointRefuses: a checkpoint of other settings or another
// width, a damaged, cut or extended file, and garbage are refused with an
// error, never read as a different search.
func TestReadCheckpointRefuses(t *testing.T) {
	cfg := BeamConfig{Width: 8}
	b := testBeam(t, cfg)
	for b.Depth < 12 {
		b.Step()
	}
	var buf bytes.Buffer
	if err := b.WriteCheckpoint(&buf, "k", BeamProgress{}); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	read := func(data []byte, cfg BeamConfig, key string) error {
		cfg.Eval, cfg.LineWeight, cfg.CacheBytes = b.cfg.Eval, 1000, 1<<18
		_, _, err := ReadCheckpoint(bytes.NewReader(data), cfg, key)
		return err
	}
	if err := read(good, cfg, "k"); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	if err := read(good, cfg, "other"); !errors.Is(err, ErrCheckpointKey) {
		t.Errorf("another key: %v", err)
	}
	if err := read(good, BeamConfig{Width: 16}, "k"); !errors.Is(err, ErrCheckpointKey) {
		t.Errorf("another width: %v", err)
	}
	for n := 0; n < len(good); n += 1 + len(good)/300 {
		if read(good[:n], cfg, "k") == nil {
			t.Fatalf("cut to %d of %d bytes: read", n, len(good))
		}
	}
	for i := 0; i < len(good); i += 1 + len(good)/300 {
		bad := slices.Clone(good)
		bad[i] ^= 0x10
		if read(bad, cfg, "k") == nil {
			t.Fatalf("byte %d flipped: read", i)
		}
	}
	if read(append(slices.Clone(good), 0), cfg, "k") == nil {
		t.Error("a byte after the checksum: read")
	}
	if read([]byte("not a checkpoint at all"), cfg, "k") == nil {
		t.Error("garbage: read")
	}
}

// TestRunRecordCheckpoint: a record search stopped by its deadline is
// saved and, run again, goes on from where it stopped (the time already
// spent counted) to the same result as a search never stopped; a
// damaged checkpoint is refused and left in place with its backup.
func TestRunRecordCheckpoint(t *testing.T) {
	ev, _ := EvalByName("eltetris")
	cfg := BeamConfig{Width: 8, Eval: ev, LineWeight: 1000, Quiescence: 1, CacheBytes: 1 << 20}
	want, ok, err := RunRecord(context.Background(), cfg, nil, nil)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	path := filepath.Join(t.TempDir(), "state.json.beam")
	cp := &RecordCheckpoint{Path: path, Every: time.Nanosecond, Key: "eval=eltetris"}
	// Past its deadline, the search stops after one piece, saved.
	if _, ok, err := RunRecord(ended(), cfg, cp, nil); ok || err != nil {
		t.Fatalf("past the deadline: ok %v, err %v", ok, err)
	}
	var resumedAt []int
	cp.Resumed = func(depth int, spent BeamProgress) { resumedAt = append(resumedAt, depth) }
	if _, ok, err := RunRecord(ended(), cfg, cp, nil); ok || err != nil {
		t.Fatalf("past the deadline again: ok %v, err %v", ok, err)
	}
	// Saved after every piece from here on (Every is a nanosecond).
	run, ok, err := RunRecord(context.Background(), cfg, cp, nil)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	if !slices.Equal(resumedAt, []int{1, 2}) {
		t.Errorf("resumed at pieces %v, want [1 2]", resumedAt)
	}
	if run.Lines != want.Lines || run.Pieces != want.Pieces || run.Replay != want.Replay {
		t.Errorf("resumed: %d lines in %d pieces; never stopped: %d in %d", run.Lines, run.Pieces, want.Lines, want.Pieces)
	}
	// The last save is still there until the caller keeps the run.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := RunRecord(context.Background(), cfg, cp, nil); err == nil {
		t.Fatal("a damaged checkpoint was used")
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, data) {
		t.Error("the damaged checkpoint was changed")
	}
	if _, err := os.Stat(atomicfile.BackupPath(path)); err != nil {
		t.Errorf("the save before it: %v", err)
	}
	if err := RemoveCheckpoint(path); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, atomicfile.BackupPath(path)} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s after RemoveCheckpoint: %v", p, err)
		}
	}
}

// BenchmarkWriteCheckpoint: saving a width-4096 search after 40 pieces
// (reports the file's bytes per unit of width).
func BenchmarkWriteCheckpoint(b *testing.B) {
	ev, _ := EvalByName("eltetris")
	beam, err := NewBeam(BeamConfig{Width: 4096, Eval: ev, LineWeight: 1000, CacheBytes: 64 << 20})
	if err != nil {
		b.Fatal(err)
	}
	for beam.Depth < 40 && beam.Step() {
	}
	var buf bytes.Buffer
	b.ResetTimer()
	for range b.N {
		buf.Reset()
		if err := beam.WriteCheckpoint(&buf, "k", BeamProgress{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len())/4096, "bytes/width")
	b.SetBytes(int64(buf.Len()))
}
