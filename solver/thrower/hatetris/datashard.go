package hatetris

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kocka/kocka/internal/crcio"
)

// Sharded data: the labels (rollouts) are most of MakeData's work, and
// each depends on its well alone, so a run deals the sampled wells to the
// shards like cards: shard I of N takes wells I, I+N, I+2N, ... Every
// shard repeats the beam search and the sampling (deterministic from the
// run's parameters) to know the wells, labels its own and writes a shard
// file; merging the shards gives the samples MakeData gives, in its order.
// Dealt, not cut into ranges: the wells of the early pieces (low stacks)
// make longer rollouts than the late ones, so ranges gave the first
// shards more work (docs/scale.md).

// MaxDataShards caps the shards of a run (as kocka prove's --shard).
const MaxDataShards = 1 << 16

// DataRun is everything that decides a data run's samples: two shards
// of one run have equal DataRuns. The enemy cache and the workers only
// change the speed, so they are not part of it.
type DataRun struct {
	Width        int
	Eval         string // the evaluation's name
	Quiescence   int
	PerDepth     int
	RolloutWidth int
	RolloutDepth int
	Labels       int // LabelsLines, LabelsBootstrap, LabelsSurvival or LabelsSurvivalBootstrap
	Seed         uint64
	// WeightsSHA256 is the hex SHA-256 of the network's file for an
	// evaluation with one, else empty.
	WeightsSHA256 string
}

// The kinds of labels of a data run (DataRun.Labels; a shard file keeps
// the number).
const (
	LabelsLines     = 0 // the rollout's lines, LostLabel if it died
	LabelsBootstrap = 1 // DataConfig.Bootstrap
	LabelsSurvival  = 2 // DataConfig.Survival
	// LabelsSurvivalBootstrap is DataConfig.Survival and Bootstrap.
	LabelsSurvivalBootstrap = 3
)

// SurvivalLabels reports whether the run's labels count pieces survived
// (bootstrapped or not): a label below RolloutDepth is a lost rollout.
func (r DataRun) SurvivalLabels() bool {
	return r.Labels == LabelsSurvival || r.Labels == LabelsSurvivalBootstrap
}

// DataRunOf is cfg's run, without the network's SHA-256.
func DataRunOf(cfg DataConfig) DataRun {
	labels := LabelsLines
	switch {
	case cfg.Survival && cfg.Bootstrap:
		labels = LabelsSurvivalBootstrap
	case cfg.Bootstrap:
		labels = LabelsBootstrap
	case cfg.Survival:
		labels = LabelsSurvival
	}
	return DataRun{Width: cfg.Width, Eval: cfg.Eval.Name, Quiescence: cfg.Quiescence, PerDepth: cfg.PerDepth,
		RolloutWidth: cfg.RolloutWidth, RolloutDepth: cfg.RolloutDepth, Labels: labels, Seed: cfg.Seed}
}

// DataShard is shard I of N of a run: samples I, I+N, I+2N, ... of the
// run's Total, labelled.
type DataShard struct {
	Run         DataRun
	I, N        int
	Total       int      // M, the samples of the whole run
	WellsSHA256 [32]byte // of the run's Total wells in order (wellsSum): the sampling every shard repeated
	Samples     []Sample // ShardCount(Total, I, N) of them
}

// ShardCount is how many of m samples shard i of n is dealt (samples i,
// i+n, i+2n, ...): the n counts add up to m and differ by one at most;
// when n > m some are 0.
func ShardCount(m, i, n int) int {
	if i >= m {
		return 0
	}
	return (m-i-1)/n + 1
}

// wellsSum is the SHA-256 of the wells' rows, little-endian, in order.
func wellsSum(s []Sample) [32]byte {
	h := sha256.New()
	var row [2 * bitsRows]byte
	for i := range s {
		for r, v := range s[i].Well {
			binary.LittleEndian.PutUint16(row[2*r:], v)
		}
		h.Write(row[:])
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

// The shard file: a magic; the run (width, quiescence, per-depth,
// rollout width and depth, seed as uvarints, then the evaluation's name
// and the weights' hex SHA-256 as a uvarint length and bytes); the
// SHA-256 of all the run's wells; I, N, M and the shard's count as
// uvarints; its samples as a KOCKAHD1 data file (MarshalSamples); a CRC-32
// of everything before it (internal/crcio). KOCKAHS1, the format before,
// held a contiguous range of the samples; it is refused with a word that
// says so.
var shardMagic = []byte("KOCKAHS2")

// oldShardMagic is the format of contiguous ranges.
var oldShardMagic = []byte("KOCKAHS1")

// maxEvalName caps the evaluation's name in a shard file.
const maxEvalName = 64

// ErrDataShard is the cause of every rejected shard file.
var ErrDataShard = errors.New("hatetris: not a data shard file")

// WriteTo writes the shard file.
func (s *DataShard) WriteTo(w io.Writer) (int64, error) {
	if want := ShardCount(s.Total, s.I, s.N); len(s.Samples) != want {
		return 0, fmt.Errorf("hatetris: shard %d/%d of %d samples holds %d, not %d", s.I, s.N, s.Total, len(s.Samples), want)
	}
	data, err := MarshalSamples(s.Samples)
	if err != nil {
		return 0, err
	}
	cw := &countWriter{w: w}
	c := crcio.NewWriter(cw, 1<<16)
	c.Write(shardMagic)
	r := s.Run
	for _, v := range []uint64{uint64(r.Width), uint64(r.Quiescence), uint64(r.PerDepth), uint64(r.RolloutWidth), uint64(r.RolloutDepth), uint64(r.Labels), r.Seed} {
		c.Uvarint(v)
	}
	for _, str := range []string{r.Eval, r.WeightsSHA256} {
		c.Uvarint(uint64(len(str)))
		c.WriteString(str)
	}
	c.Write(s.WellsSHA256[:])
	for _, v := range []int{s.I, s.N, s.Total, len(s.Samples)} {
		c.Uvarint(uint64(v))
	}
	c.Write(data)
	err = c.Finish()
	return cw.n, err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// ReadDataShard reads a shard file, checking its checksum, its bounds
// and its samples as UnmarshalSamples does. Its memory follows the bytes
// it reads, up to the shard's samples (at most MaxSamples, 144 MiB as a
// data file, and as much again decoded).
func ReadDataShard(r io.Reader) (*DataShard, error) {
	c := crcio.NewReader(r, 1<<16)
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrDataShard, fmt.Sprintf(format, a...))
	}
	magic := make([]byte, len(shardMagic))
	if _, err := io.ReadFull(c, magic); err != nil || !bytes.Equal(magic, shardMagic) {
		if bytes.Equal(magic, oldShardMagic) {
			return nil, bad("%q is the format of an older kocka (contiguous ranges); make the shards again with this one", oldShardMagic)
		}
		return nil, bad("no %q header", shardMagic)
	}
	// Each number with its bound: a larger one is no run's.
	num := func(what string, max uint64) (int, error) {
		v, err := c.Uvarint()
		if err != nil {
			return 0, bad("%s: %v (truncated?)", what, err)
		}
		if v > max {
			return 0, bad("%s %d out of range 0..%d", what, v, max)
		}
		return int(v), nil
	}
	var s DataShard
	var err error
	var count int
	for _, f := range []struct {
		p    *int
		what string
		max  uint64
	}{
		{&s.Run.Width, "width", MaxRecordWidth},
		{&s.Run.Quiescence, "quiescence", MaxQuiescence},
		{&s.Run.PerDepth, "per-depth", MaxRecordWidth},
		{&s.Run.RolloutWidth, "rollout width", MaxRecordWidth},
		{&s.Run.RolloutDepth, "rollout depth", 1 << 30},
		{&s.Run.Labels, "labels", LabelsSurvivalBootstrap},
	} {
		if *f.p, err = num(f.what, f.max); err != nil {
			return nil, err
		}
	}
	if s.Run.Seed, err = c.Uvarint(); err != nil {
		return nil, bad("seed: %v (truncated?)", err)
	}
	for _, f := range []struct {
		p    *string
		what string
		max  int
	}{{&s.Run.Eval, "evaluation name", maxEvalName}, {&s.Run.WeightsSHA256, "weights SHA-256", 2 * sha256.Size}} {
		n, err := num(f.what+" length", uint64(f.max))
		if err != nil {
			return nil, err
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(c, b); err != nil {
			return nil, bad("%s: %v (truncated?)", f.what, err)
		}
		*f.p = string(b)
	}
	if h := s.Run.WeightsSHA256; h != "" && (len(h) != 2*sha256.Size || strings.ToLower(h) != h || !isHex(h)) {
		return nil, bad("weights SHA-256 %q is not 64 lower-case hex digits", h)
	}
	if _, err := io.ReadFull(c, s.WellsSHA256[:]); err != nil {
		return nil, bad("wells SHA-256: %v (truncated?)", err)
	}
	for _, f := range []struct {
		p    *int
		what string
		max  uint64
	}{
		{&s.I, "shard index", MaxDataShards - 1},
		{&s.N, "shards", MaxDataShards},
		{&s.Total, "samples of the run", MaxSamples},
		{&count, "samples of the shard", MaxSamples},
	} {
		if *f.p, err = num(f.what, f.max); err != nil {
			return nil, err
		}
	}
	if s.N < 1 || s.I >= s.N {
		return nil, bad("shard %d/%d", s.I, s.N)
	}
	if want := ShardCount(s.Total, s.I, s.N); count != want {
		return nil, bad("shard %d/%d of %d samples holds %d, not %d", s.I, s.N, s.Total, count, want)
	}
	// Read as the bytes come, not allocated from the header: a cut file
	// costs what it holds, not the samples it claims.
	want := DataFileBytes(count)
	data, err := io.ReadAll(io.LimitReader(c, want))
	if err != nil || int64(len(data)) != want {
		return nil, bad("the samples: %d bytes of %d, %v (truncated?)", len(data), want, err)
	}
	if s.Samples, err = UnmarshalSamples(data); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrDataShard, err)
	}
	if len(s.Samples) != count {
		return nil, bad("%d samples, the header says %d", len(s.Samples), count)
	}
	if err := c.Verify(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrDataShard, err)
	}
	if err := c.End(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrDataShard, err)
	}
	return &s, nil
}

func isHex(s string) bool {
	_, err := hex.DecodeString(s)
	return err == nil
}

// Differs says how s is of another run than o (empty when it is not):
// another DataRun, another N, another count of samples or other wells.
func (s *DataShard) Differs(o *DataShard) string {
	a, b := s.Run, o.Run
	var d []string
	for _, f := range []struct {
		what string
		x, y any
	}{
		{"width", a.Width, b.Width},
		{"evaluation", a.Eval, b.Eval},
		{"weights SHA-256", a.WeightsSHA256, b.WeightsSHA256},
		{"quiescence", a.Quiescence, b.Quiescence},
		{"per-depth", a.PerDepth, b.PerDepth},
		{"rollout width", a.RolloutWidth, b.RolloutWidth},
		{"rollout depth", a.RolloutDepth, b.RolloutDepth},
		{"labels", a.Labels, b.Labels},
		{"seed", a.Seed, b.Seed},
		{"shards", s.N, o.N},
		{"samples of the run", s.Total, o.Total},
	} {
		if f.x != f.y {
			d = append(d, fmt.Sprintf("%s %v, not %v", f.what, f.x, f.y))
		}
	}
	if len(d) == 0 && s.WellsSHA256 != o.WellsSHA256 {
		// Same parameters, other wells: another build's beam or evaluation.
		d = append(d, "the same parameters but other sampled wells (another version of kocka?)")
	}
	return strings.Join(d, ", ")
}

// MergeDataShards joins the shards of one run, given in any order, into
// the samples MakeData makes for that run. It refuses shards of other
// runs, a shard given twice, a missing shard, and shards whose wells
// are not the run's (their SHA-256 differs from the one each shard
// computed from the whole sampling).
func MergeDataShards(shards []*DataShard) ([]Sample, error) {
	if len(shards) == 0 {
		return nil, errors.New("hatetris: no shards to merge")
	}
	first := shards[0]
	byI := make([]*DataShard, first.N)
	for _, s := range shards {
		if d := s.Differs(first); d != "" {
			return nil, fmt.Errorf("hatetris: shard %d/%d is of another run than shard %d/%d: %s", s.I, s.N, first.I, first.N, d)
		}
		if byI[s.I] != nil {
			return nil, fmt.Errorf("hatetris: shard %d/%d given twice", s.I, s.N)
		}
		byI[s.I] = s
	}
	var missing []string
	for i, s := range byI {
		if s == nil {
			missing = append(missing, fmt.Sprint(i))
		}
	}
	if len(missing) > 0 {
		if len(missing) > 10 {
			missing = append(missing[:10], fmt.Sprintf("… (%d in all)", len(missing)))
		}
		return nil, fmt.Errorf("hatetris: shards %s of %d missing", strings.Join(missing, ", "), first.N)
	}
	for _, s := range byI {
		if want := ShardCount(s.Total, s.I, s.N); len(s.Samples) != want {
			return nil, fmt.Errorf("hatetris: shard %d/%d holds %d samples, not %d", s.I, s.N, len(s.Samples), want)
		}
	}
	// Deal them back: sample j is shard j mod N's (j / N)th.
	out := make([]Sample, first.Total)
	for j := range out {
		out[j] = byI[j%first.N].Samples[j/first.N]
	}
	if len(out) != first.Total || wellsSum(out) != first.WellsSHA256 {
		return nil, fmt.Errorf("hatetris: the shards' %d wells are not the %d the run sampled", len(out), first.Total)
	}
	return out, nil
}
