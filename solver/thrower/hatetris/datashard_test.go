package hatetris

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// shardTestConfig is TestMakeData's small run (about 30 samples).
func shardTestConfig(t *testing.T) DataConfig {
	t.Helper()
	ev, err := EvalByName("eltetris")
	if err != nil {
		t.Fatal(err)
	}
	return DataConfig{Width: 16, Eval: ev, PerDepth: 2, RolloutWidth: 4, RolloutDepth: 6, Seed: 3, CacheBytes: 1 << 20, Workers: 2}
}

// makeShards makes the n shards of cfg's run, each through its file.
func makeShards(t *testing.T, cfg DataConfig, n int) []*DataShard {
	t.Helper()
	var shards []*DataShard
	for i := range n {
		labels := 0
		c := cfg
		c.Workers = 1 // Progress then counts every label
		c.Progress = func(phase string, _, _ int) {
			if phase == "label" {
				labels++
			}
		}
		s, err := MakeDataShard(c, i, n)
		if err != nil {
			t.Fatal(err)
		}
		if labels != len(s.Samples) || len(s.Samples) != ShardCount(s.Total, i, n) {
			t.Errorf("shard %d/%d: %d rollouts for its %d samples of %d", i, n, labels, len(s.Samples), s.Total)
		}
		var b bytes.Buffer
		if _, err := s.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		back, err := ReadDataShard(&b)
		if err != nil {
			t.Fatalf("shard %d/%d: %v", i, n, err)
		}
		shards = append(shards, back)
	}
	return shards
}

// TestDataShardsMerge: for 1, 2, 3 and more shards than samples, the
// merged shards (in any order) are the single run's data file, byte for
// byte, and each shard labelled only its own range.
func TestDataShardsMerge(t *testing.T) {
	cfg := shardTestConfig(t)
	single, err := MakeData(cfg)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := MarshalSamples(single)
	m := len(single)
	if m < 20 {
		t.Fatalf("%d samples", m)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, m + 3} {
		shards := makeShards(t, cfg, n)
		empty := 0
		for _, s := range shards {
			if s.Total != m {
				t.Fatalf("%d shards: shard %d counts %d samples, the single run %d", n, s.I, s.Total, m)
			}
			if len(s.Samples) == 0 {
				empty++
			}
		}
		if n > m && empty != n-m {
			t.Errorf("%d shards of %d samples: %d empty", n, m, empty)
		}
		rng.Shuffle(len(shards), func(i, j int) { shards[i], shards[j] = shards[j], shards[i] })
		merged, err := MergeDataShards(shards)
		if err != nil {
			t.Fatalf("%d shards: %v", n, err)
		}
		got, _ := MarshalSamples(merged)
		if !bytes.Equal(got, want) {
			t.Errorf("%d shards: the merged file differs from the single run's", n)
		}
	}
}

// TestShardCount: the n shards are dealt every sample once (their counts
// add up to m), within one of each other, the first shards the larger.
func TestShardCount(t *testing.T) {
	for _, m := range []int{0, 1, 7, 100, MaxSamples} {
		for _, n := range []int{1, 2, 3, 8, 101, MaxDataShards} {
			sum := 0
			for i := range n {
				c := ShardCount(m, i, n)
				// Shard i is dealt the j < m with j mod n == i.
				want := 0
				if i < m {
					want = (m-1-i)/n + 1
				}
				if c != want || c > ShardCount(m, 0, n) || c < ShardCount(m, n-1, n) {
					t.Fatalf("m %d n %d: shard %d is dealt %d, want %d", m, n, i, c, want)
				}
				sum += c
			}
			if sum != m || ShardCount(m, 0, n)-ShardCount(m, n-1, n) > 1 {
				t.Errorf("m %d n %d: %d dealt, counts %d to %d", m, n, sum, ShardCount(m, n-1, n), ShardCount(m, 0, n))
			}
		}
	}
}

// TestMergeDataShardsRefuses: shards of other runs, twice, missing or
// with other wells are refused.
func TestMergeDataShardsRefuses(t *testing.T) {
	cfg := shardTestConfig(t)
	three := makeShards(t, cfg, 3)
	other := cfg
	other.Seed = 4
	otherSeed := makeShards(t, other, 3)
	four := makeShards(t, cfg, 4)
	renamed := *three[1]
	renamed.Run.WeightsSHA256 = strings.Repeat("ab", 32)
	moved := *three[1]
	moved.Samples = slices.Clone(moved.Samples)
	moved.Samples[0].Well, moved.Samples[1].Well = moved.Samples[1].Well, moved.Samples[0].Well
	boot := *three[1]
	boot.Run.Labels = LabelsBootstrap
	var buf bytes.Buffer
	if _, err := boot.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	if back, err := ReadDataShard(&buf); err != nil || back.Run != boot.Run {
		t.Fatalf("a bootstrapped shard reads back as %+v, %v", back, err)
	}
	for kind, want := range map[int]bool{LabelsLines: false, LabelsBootstrap: false, LabelsSurvival: true, LabelsSurvivalBootstrap: true} {
		if got := (DataRun{Labels: kind}).SurvivalLabels(); got != want {
			t.Errorf("labels %d: SurvivalLabels %v, want %v", kind, got, want)
		}
	}
	// Survival labels are kinds 2 and 3, the last there are.
	for kind, ok := range map[int]bool{LabelsSurvival: true, LabelsSurvivalBootstrap: true, LabelsSurvivalBootstrap + 1: false} {
		s := *three[1]
		s.Run.Labels = kind
		buf.Reset()
		if _, err := s.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := ReadDataShard(&buf)
		if ok && (err != nil || back.Run != s.Run) || !ok && !errors.Is(err, ErrDataShard) {
			t.Errorf("a shard of labels %d reads back as %+v, %v", kind, back, err)
		}
	}
	otherWells := *three[1]
	otherWells.WellsSHA256[0] ^= 1
	short := *three[1]
	short.Samples = short.Samples[1:]
	for _, tc := range []struct {
		name   string
		shards []*DataShard
		want   string
	}{
		{"none", nil, "no shards"},
		{"missing", []*DataShard{three[0], three[2]}, "shards 1 of 3 missing"},
		{"twice", []*DataShard{three[0], three[1], three[1], three[2]}, "given twice"},
		{"another seed", []*DataShard{three[0], otherSeed[1], three[2]}, "seed 4, not 3"},
		{"another N", []*DataShard{three[0], four[1], three[2]}, "shards 4, not 3"},
		{"other weights", []*DataShard{three[0], &renamed, three[2]}, "weights SHA-256"},
		{"other labels", []*DataShard{three[0], &boot, three[2]}, "labels 1, not 0"},
		{"other wells, same parameters", []*DataShard{three[0], &otherWells, three[2]}, "other sampled wells"},
		{"wells out of order", []*DataShard{three[0], &moved, three[2]}, "not the"},
		{"a sample short", []*DataShard{three[0], &short, three[2]}, "holds"},
	} {
		if _, err := MergeDataShards(tc.shards); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestReadDataShardRejects: a cut, flipped, padded or foreign file is an
// ErrDataShard; every cut of a good file is.
func TestReadDataShardRejects(t *testing.T) {
	shards := makeShards(t, shardTestConfig(t), 2)
	var b bytes.Buffer
	if _, err := shards[1].WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	good := b.Bytes()
	data, _ := MarshalSamples(shards[1].Samples)
	for name, bad := range map[string][]byte{
		"empty":       nil,
		"a data file": data,
		"padded":      append(slices.Clone(good), 0),
		"flipped":     flip(good, len(good)/2),
		"flipped crc": flip(good, len(good)-1),
	} {
		if _, err := ReadDataShard(bytes.NewReader(bad)); !errors.Is(err, ErrDataShard) {
			t.Errorf("%s: %v, want ErrDataShard", name, err)
		}
	}
	for n := range len(good) {
		if _, err := ReadDataShard(bytes.NewReader(good[:n])); !errors.Is(err, ErrDataShard) {
			t.Fatalf("cut to %d of %d bytes: %v", n, len(good), err)
		}
	}
	// A shard of the format before (contiguous ranges) says so.
	old := append([]byte("KOCKAHS1"), good[len("KOCKAHS2"):]...)
	if _, err := ReadDataShard(bytes.NewReader(old)); !errors.Is(err, ErrDataShard) || !strings.Contains(err.Error(), "older kocka") {
		t.Errorf("a KOCKAHS1 shard: %v", err)
	}
}

func flip(b []byte, i int) []byte {
	b = slices.Clone(b)
	b[i] ^= 0x10
	return b
}

// FuzzReadDataShard: any bytes are an ErrDataShard or a shard that
// writes and reads back the same.
func FuzzReadDataShard(f *testing.F) {
	s := &DataShard{Run: DataRun{Width: 4, Eval: "eltetris", PerDepth: 1, RolloutWidth: 2, RolloutDepth: 3, Seed: 9},
		I: 1, N: 2, Total: 3, Samples: []Sample{{Well: Bits{15: 7}, Label: -1}}}
	var b bytes.Buffer
	if _, err := s.WriteTo(&b); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Add([]byte("KOCKAHS2"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ReadDataShard(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrDataShard) {
				t.Fatalf("%v is no ErrDataShard", err)
			}
			return
		}
		var again bytes.Buffer
		if _, err := s.WriteTo(&again); err != nil {
			t.Fatal(err)
		}
		back, err := ReadDataShard(&again)
		if err != nil || !reflect.DeepEqual(back, s) {
			t.Fatalf("written and read back: %+v, %v; was %+v", back, err, s)
		}
	})
}

// BenchmarkMakeDataShard: one shard of four of the test run, the beam
// included (the part every shard repeats).
func BenchmarkMakeDataShard(b *testing.B) {
	ev, _ := EvalByName("eltetris")
	cfg := DataConfig{Width: 16, Eval: ev, PerDepth: 2, RolloutWidth: 4, RolloutDepth: 6, Seed: 3, CacheBytes: 1 << 20, Workers: 1}
	for b.Loop() {
		if _, err := MakeDataShard(cfg, 1, 4); err != nil {
			b.Fatal(err)
		}
	}
}
