package hatetris

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
)

// TestNetFeatures: the encoder on hand-made wells.
func TestNetFeatures(t *testing.T) {
	// counts are the count inputs: row transitions beyond 40, column
	// transitions, holes, El-Tetris's wells, the highest hole, the
	// clearable rows.
	counts := func(c ...int) []int32 {
		var out []int32
		for k, v := range c {
			out = append(out, int32(netCountBase+k*countBuckets+v))
		}
		return out
	}
	var empty Bits
	// The empty well: 10 column transitions (the floor against the empty
	// bottom row), nothing else.
	if got, want := SharedLayout.Features(&empty, nil), append([]int32{netTopBase + 16}, counts(0, 10, 0, 0, 0, 0)...); !slices.Equal(got, want) {
		t.Errorf("empty well: %v, want %v", got, want)
	}
	// One cell in the bottom-left corner (column 0 is bit 0).
	var one Bits
	one[15] = 1
	got := SharedLayout.Features(&one, nil)
	// The height (row 15); the counts: row transitions as an empty row's,
	// column transitions 9 (floor to row 15) + 1 (row 15 to 14), one
	// clearable row; the row pattern 1, and the one window that holds the
	// cell: rows 12-15, columns 0-2, the cell in the window's last row,
	// first column: pattern 1 << 9.
	want := append([]int32{netTopBase + 15}, counts(0, 10, 0, 0, 0, 1)...)
	want = append(want, netRowBase+1, netWinBase+1<<9)
	if !slices.Equal(got, want) {
		t.Errorf("one cell: %v, want %v", got, want)
	}
	// A cell in column 5 of row 13: 2 more row transitions than an empty
	// row, 10 + 1 + 1 column transitions, two holes under it (rows 14
	// and 15), the highest 2 rows above the floor, one clearable row;
	// windows at columns 3, 4, 5 and rows 10, 11, 12, 13 (those holding
	// row 13), the cell at window row 13-r, window column 5-x.
	var mid Bits
	mid[13] = 1 << 5
	got = SharedLayout.Features(&mid, nil)
	want = append([]int32{netTopBase + 13}, counts(2, 12, 2, 0, 2, 1)...)
	want = append(want, netRowBase+1<<5)
	for r := 10; r <= 12; r++ {
		for x := 3; x <= 5; x++ {
			want = append(want, int32(1)<<(3*(13-r)+5-x))
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("cell at (13, 5): %v, want %v", got, want)
	}
	// Every index is in range, and none is an empty pattern, on the wells
	// of random play.
	for _, sw := range randomWells(t, 10, 3) {
		b, _ := BitsOf(&sw.well)
		f := SharedLayout.Features(&b, nil)
		if len(f) > maxActive {
			t.Fatalf("%d active inputs, more than %d", len(f), maxActive)
		}
		for _, i := range f {
			if i == netWinBase || i == netRowBase || i < 0 || i >= NetInputs {
				t.Fatalf("input %d out of range or empty", i)
			}
		}
	}
}

// TestNetFeaturesRowed: RowedLayout's inputs are SharedLayout's with
// each window and row numbered apart per row: by hand on one well, then
// on the wells of random play, where every input is in range and the
// groups line up with SharedLayout's pattern by pattern.
func TestNetFeaturesRowed(t *testing.T) {
	l := RowedLayout
	// The cell at (13, 5) of TestNetFeatures: the height and the counts
	// as there, the row numbered as row 13, each window by its top row.
	var mid Bits
	mid[13] = 1 << 5
	want := []int32{l.topBase + 13}
	for k, v := range []int{2, 12, 2, 0, 2, 1} {
		want = append(want, l.countBase+int32(k*countBuckets+v))
	}
	want = append(want, l.rowBase+13*rowPatterns+1<<5)
	for r := 10; r <= 12; r++ {
		for x := 3; x <= 5; x++ {
			want = append(want, int32(r)*winPatterns+1<<(3*(13-r)+5-x))
		}
	}
	if got := l.Features(&mid, nil); !slices.Equal(got, want) {
		t.Errorf("cell at (13, 5): %v, want %v", got, want)
	}
	if l.Inputs != 13*4096+16*1024+17+6*64 {
		t.Errorf("%d inputs", l.Inputs)
	}
	for _, sw := range randomWells(t, 10, 3) {
		b, _ := BitsOf(&sw.well)
		shared, rowed := SharedLayout.Features(&b, nil), l.Features(&b, nil)
		if len(shared) != len(rowed) {
			t.Fatalf("%d inputs, %d shared", len(rowed), len(shared))
		}
		top := b.Top() - bitsTop
		for i, f := range rowed {
			s := shared[i]
			var ok bool
			switch {
			case f < 0 || f >= int32(l.Inputs):
				ok = false
			case f >= l.topBase: // the height and the counts
				ok = f-l.topBase == s-netTopBase
			case f >= l.rowBase: // a row: its number and pattern
				row := (f - l.rowBase) / rowPatterns
				ok = (f-l.rowBase)%rowPatterns == s-netRowBase && b[row] == uint16(s-netRowBase) && int(row) >= top
			default: // a window: its top row, its pattern
				ok = f%winPatterns == s-netWinBase && f/winPatterns < winRowsAt
			}
			if !ok {
				t.Fatalf("input %d is %d, %d in SharedLayout", i, f, s)
			}
		}
	}
}

// tinyNet is a network with every weight zero but a few.
func tinyNet() *Net {
	n := &Net{W1: make([]float32, NetInputs*NetHidden1)}
	return n
}

// TestNetForwardByHand: the forward pass on a tiny example worked out by
// hand.
func TestNetForwardByHand(t *testing.T) {
	n := tinyNet()
	var b Bits
	b[15] = 1 // inputs: height 15, row pattern 1, window 1<<9
	// Hidden 1: unit 0 = crelu(0.25 + 0.5 (row) + 0.125 (window)) = 0.875;
	// unit 1 = crelu(0.5 + 0.75 (height)) = 1 (clipped); unit 2 =
	// crelu(-0.5) = 0.
	n.B1[0], n.W1[(netRowBase+1)*NetHidden1+0], n.W1[(netWinBase+1<<9)*NetHidden1+0] = 0.25, 0.5, 0.125
	n.B1[1], n.W1[(netTopBase+15)*NetHidden1+1] = 0.5, 0.75
	n.B1[2] = -0.5
	n.W2[0][2] = 10 // unit 2 is 0: no effect
	// Hidden 2: unit 0 = crelu(0.5 x 0.875 + 0.25 x 1) = 0.6875; unit 1 =
	// crelu(-1 x 0.875 + 0.125) = 0.
	n.W2[0][0], n.W2[0][1] = 0.5, 0.25
	n.W2[1][0], n.B2[1] = -1, 0.125
	// Out = 2 x 0.6875 + 3 x 0 - 0.5 = 0.875.
	n.W3[0], n.W3[1], n.B3 = 2, 3, -0.5
	n.Quantize()
	if got := n.FloatValue(&b); got != 0.875 {
		t.Errorf("float forward %v, want 0.875", got)
	}
	// Every number above is exact at the integer scales.
	if got := n.Value(&b); got != 0.875 {
		t.Errorf("integer forward %v, want 0.875", got)
	}
	var empty Bits
	// Empty well: hidden 1 = (0.25, 0.5, 0); hidden 2 = (0.25, 0);
	// out = 0.5 - 0.5 = 0.
	if got := n.FloatValue(&empty); got != 0 {
		t.Errorf("float forward on the empty well %v, want 0", got)
	}
}

// netTolerance is how far the integer network may be from the float one,
// in lines: the first layer rounds each weight to 1/512 (at most 1/1024
// off, times at most 121 inputs), the dense layers to 1/1024.
const netTolerance = 0.05

// TestNetQuantized: the integer network agrees with the float one on the
// wells of random play, for random and trained-like weights.
func TestNetQuantized(t *testing.T) {
	wells := randomWells(t, 20, 11)
	for _, seed := range []uint64{1, 2, 3} {
		n := NewNetOf(NetLayouts[int(seed)%len(NetLayouts)], seed)
		// Spread the weights as training does (larger dense weights, an
		// output in lines).
		rng := rand.New(rand.NewPCG(seed, 9))
		for i := range n.W1 {
			n.W1[i] += float32(rng.NormFloat64() * 0.05)
		}
		for k := range n.W3 {
			n.W3[k] = float32(rng.NormFloat64() * 3)
		}
		n.B3 = 1.5
		n.Quantize()
		worst := 0.0
		for _, sw := range wells {
			b, _ := BitsOf(&sw.well)
			worst = max(worst, math.Abs(n.Value(&b)-n.FloatValue(&b)))
		}
		if worst > netTolerance {
			t.Errorf("seed %d, layout %s: the integer network is %g lines from the float one (tolerance %g)", seed, n.Layout.Name, worst, netTolerance)
		}
	}
}

// TestTrainReducesLoss: on a synthetic task (the label is the number of
// filled cells in the bottom four rows, divided by 8: a sum over the row
// inputs, which the network can learn) training brings the held-out loss
// well below that of the best constant.
func TestTrainReducesLoss(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	make1 := func(n int) []Sample {
		out := make([]Sample, n)
		for i := range out {
			for r := 12; r < bitsRows; r++ {
				out[i].Well[r] = uint16(rng.IntN(int(fullRow)))
			}
			out[i].Label = float32(out[i].Well.Cells()) / 8
		}
		return out
	}
	train, held := make1(1000), make1(200)
	mean := 0.0
	for _, s := range held {
		mean += float64(s.Label)
	}
	mean /= float64(len(held))
	constant := 0.0
	for _, s := range held {
		constant += (float64(s.Label) - mean) * (float64(s.Label) - mean)
	}
	constant /= float64(len(held))
	var n *Net
	for _, l := range NetLayouts {
		n = NewNetOf(l, 1)
		losses, err := Train(n, train, held, TrainConfig{Epochs: 10, Batch: 32, LR: 3e-3, Seed: 1, StartAtMean: true})
		if err != nil {
			t.Fatal(err)
		}
		first, last := losses[0], losses[len(losses)-1]
		if !(last.Train < first.Train/4) || !(last.Held < constant/3) {
			t.Errorf("%s: loss from %+v to %+v; the best constant scores %.3f on the held-out set", l.Name, first, last, constant)
		}
	}
	// Deterministic from the seed.
	a, b := NewNet(1), NewNet(1)
	la, _ := Train(a, train[:200], held, TrainConfig{Epochs: 2, Batch: 32, LR: 3e-3, Seed: 1})
	lb, _ := Train(b, train[:200], held, TrainConfig{Epochs: 2, Batch: 32, LR: 3e-3, Seed: 1})
	if !slices.Equal(la, lb) || !slices.Equal(a.W1, b.W1) {
		t.Errorf("two trainings from the same seed differ: %v, %v", la, lb)
	}
	if _, err := Train(n, nil, held, TrainConfig{Epochs: 1, Batch: 1, LR: 1e-3}); err == nil {
		t.Error("no samples: no error")
	}
	if _, err := Train(n, train, held, TrainConfig{Epochs: 1, Batch: 1, LR: math.NaN()}); err == nil {
		t.Error("NaN learning rate: no error")
	}
}

// TestBackprop: the gradient Train follows is the loss's, by finite
// differences, for first-layer and dense weights.
func TestBackprop(t *testing.T) {
	n := NewNet(3)
	var b Bits
	b[15], b[14], b[13] = 0b1011101111, 0b0010000110, 0b100
	feat := SharedLayout.Features(&b, nil)
	const target = 2
	st := newStepper(n, TrainConfig{})
	var a1 [NetHidden1]float32
	var a2 [NetHidden2]float32
	st.backprop(feat, &a1, &a2, float64(n.forward(feat, &a1, &a2)-target))
	gD, gW1 := st.gDense, st.gW1
	loss := func() float64 {
		var a1 [NetHidden1]float32
		var a2 [NetHidden2]float32
		d := float64(n.forward(feat, &a1, &a2)) - target
		return d * d / 2
	}
	checkGradient(t, n, loss, feat[:3], 3, gW1, gD, 1e-3)
}

// TestNetFile: the weights file round-trips in every layout, and
// corrupt, truncated or foreign files are rejected with ErrNetFile.
func TestNetFile(t *testing.T) {
	for _, l := range NetLayouts {
		n := NewNetOf(l, 7)
		// NewNet's first layer is all zeros: fill it, so that the round
		// trip shows it is read back.
		rng := rand.New(rand.NewPCG(7, 7))
		for i := range n.W1 {
			n.W1[i] = rng.Float32() - 0.5
		}
		data, err := n.MarshalBinary()
		if err != nil || len(data) != NetFileBytesOf(l) || len(data) > MaxNetFileBytes {
			t.Fatalf("%s: %d bytes, %v; want %d", l.Name, len(data), err, NetFileBytesOf(l))
		}
		back, err := UnmarshalNet(data)
		if err != nil {
			t.Fatal(err)
		}
		if back.Layout != l || !slices.Equal(back.W1, n.W1) || back.W2 != n.W2 || back.B3 != n.B3 || back.W3 != n.W3 {
			t.Errorf("%s: the weights do not round-trip", l.Name)
		}
		flipped := slices.Clone(data)
		flipped[len(flipped)/2] ^= 0x40
		nan := NewNetOf(l, 7)
		nan.W3[2] = float32(math.NaN())
		nanData, _ := nan.MarshalBinary()
		// The number of inputs names the layout: one that no layout has
		// is refused, whatever follows.
		foreign := slices.Clone(data)
		foreign[8]++
		for name, bad := range map[string][]byte{
			"empty":     nil,
			"header":    data[:12],
			"truncated": data[:len(data)-100],
			"longer":    append(slices.Clone(data), 0),
			"corrupt":   flipped,
			"magic":     append([]byte("KOCKANN2"), data[8:]...),
			"NaN":       nanData,
			"inputs":    foreign,
		} {
			if _, err := UnmarshalNet(bad); !errors.Is(err, ErrNetFile) {
				t.Errorf("%s, %s: %v, want ErrNetFile", l.Name, name, err)
			}
		}
	}
	if NetFileBytes != 354012 {
		t.Errorf("SharedLayout's file is %d bytes; the weights files made before layouts were 354,012", NetFileBytes)
	}
}

// TestLearnedWeightsLoad: the built-in network reads, and the learned
// evaluation uses it.
func TestLearnedWeightsLoad(t *testing.T) {
	if _, err := UnmarshalNet(LearnedWeights); err != nil {
		t.Fatal(err)
	}
	ev, err := EvalByName("learned")
	if err != nil || ev.Net == nil {
		t.Fatalf("%+v, %v", ev.Name, err)
	}
}

// TestDataFile: samples round-trip; truncated, corrupt and foreign files
// (another magic, a weights file) are rejected with ErrDataFile.
func TestDataFile(t *testing.T) {
	var s []Sample
	for i, sw := range randomWells(t, 2, 4) {
		b, _ := BitsOf(&sw.well)
		s = append(s, Sample{Well: b, Label: float32(i%7) - 1})
	}
	data, err := MarshalSamples(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalSamples(data)
	if err != nil || !slices.Equal(back, s) {
		t.Fatalf("round trip: %v", err)
	}
	flipped := slices.Clone(data)
	flipped[20] ^= 1
	netFile, _ := NewNet(1).MarshalBinary()
	for name, bad := range map[string][]byte{
		"empty":     nil,
		"truncated": data[:len(data)-5],
		"corrupt":   flipped,
		"magic":     append([]byte("KOCKAHD2"), data[8:]...),
		"net file":  netFile,
	} {
		if _, err := UnmarshalSamples(bad); !errors.Is(err, ErrDataFile) {
			t.Errorf("%s: %v, want ErrDataFile", name, err)
		}
	}
}

// TestBeamWorkersLearned: with the learned evaluation (and quiescence),
// the number of goroutines does not change the search.
func TestBeamWorkersLearned(t *testing.T) {
	ev, _ := EvalByName("learned")
	one := testBeam(t, BeamConfig{Width: 100, Workers: 1, Eval: ev, Quiescence: 1})
	two := testBeam(t, BeamConfig{Width: 100, Workers: 2, Eval: ev, Quiescence: 1})
	for i := 0; i < 10; i++ {
		one.Step()
		two.Step()
	}
	if len(one.cur) != len(two.cur) || one.bestLn != two.bestLn {
		t.Fatalf("1 worker: %d wells, %d lines; 2 workers: %d wells, %d lines", len(one.cur), one.bestLn, len(two.cur), two.bestLn)
	}
	for i := range one.cur {
		if one.cur[i] != two.cur[i] {
			t.Fatalf("the beams differ at %d", i)
		}
	}
}

// TestMakeData: the data are deterministic whatever the number of
// workers, and a label is what a rollout from the well scores.
func TestMakeData(t *testing.T) {
	ev, _ := EvalByName("eltetris")
	cfg := DataConfig{Width: 16, Eval: ev, PerDepth: 2, RolloutWidth: 4, RolloutDepth: 6, Seed: 3, CacheBytes: 1 << 20}
	cfg.Workers = 1
	a, err := MakeData(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Workers = 3
	b, _ := MakeData(cfg)
	if len(a) < 20 || !slices.Equal(a, b) {
		t.Fatalf("%d and %d samples, equal %v", len(a), len(b), slices.Equal(a, b))
	}
	lost := 0
	for _, s := range a {
		if s.Label == LostLabel {
			lost++
			continue
		}
		// A line takes 10 cells: those in the well and 4 a piece.
		if s.Label < 0 || s.Label > float32(s.Well.Cells()+4*cfg.RolloutDepth)/10 {
			t.Fatalf("label %v out of range for a well of %d cells", s.Label, s.Well.Cells())
		}
	}
	// A label recomputed by hand: a rollout beam from the well.
	s := a[len(a)/2]
	r := testBeam(t, BeamConfig{Width: 4, Workers: 1, Eval: ev, Start: s.Well})
	died := false
	for r.Depth < 6 && !died {
		died = !r.Step()
	}
	lines, _ := r.Best()
	if want := float32(lines); died && s.Label != LostLabel || !died && s.Label != want {
		t.Errorf("label %v; a rollout by hand: %d lines, died %v", s.Label, lines, died)
	}
	if _, err := r.BestMoves(); err == nil {
		t.Error("BestMoves from a started well: no error")
	}
}

// BenchmarkNetValue is the integer network's cost per well; the
// float one beside it for comparison.
func BenchmarkNetValue(b *testing.B) {
	wells := benchWells(b)
	n := NewNet(1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n.Value(&wells[i%len(wells)])
	}
}

func BenchmarkNetFloatValue(b *testing.B) {
	wells := benchWells(b)
	n := NewNet(1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		n.FloatValue(&wells[i%len(wells)])
	}
}

func BenchmarkEltetrisValue(b *testing.B) { benchBoardScore(b, "eltetris") }

// benchBoardScore is a weight set's cost per well.
func benchBoardScore(b *testing.B, set string) {
	wells := benchWells(b)
	ev, err := EvalByName(set)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ev.boardScore(&wells[i%len(wells)])
	}
}

// FuzzUnmarshalNet: any bytes are a network or an ErrNetFile, never a
// panic; a network read writes back to the same bytes.
func FuzzUnmarshalNet(f *testing.F) {
	good, _ := NewNet(1).MarshalBinary()
	f.Add(good)
	f.Add(good[:100])
	f.Add([]byte("KOCKANN1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := UnmarshalNet(data)
		if err != nil {
			if !errors.Is(err, ErrNetFile) {
				t.Fatalf("error %v is not ErrNetFile", err)
			}
			return
		}
		again, _ := n.MarshalBinary()
		if !slices.Equal(again, data) {
			t.Fatal("the network does not write back to its bytes")
		}
	})
}

// FuzzUnmarshalSamples: any bytes are samples or an ErrDataFile.
func FuzzUnmarshalSamples(f *testing.F) {
	good, _ := MarshalSamples([]Sample{{Label: 2}, {Well: Bits{15: 7}, Label: -1}})
	f.Add(good)
	f.Add(good[:20])
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := UnmarshalSamples(data)
		if err != nil {
			if !errors.Is(err, ErrDataFile) {
				t.Fatalf("error %v is not ErrDataFile", err)
			}
			return
		}
		again, _ := MarshalSamples(s)
		if !slices.Equal(again, data) {
			t.Fatal("the samples do not write back to their bytes")
		}
	})
}

// TestNetWeight: the network's term is NetWeight x its value, the line
// weight when NetWeight is 0; the weighted sum beside it is unchanged.
func TestNetWeight(t *testing.T) {
	n := NewNet(5)
	n.B3 = 0.75 // the first layer starts at zero: B3 makes the value
	n.Quantize()
	ev, _ := EvalByName("learned")
	ev.Net = n
	plain, _ := EvalByName("eltetris")
	cache := NewEnemyCache(1 << 20)
	for _, b := range benchWells(t)[:50] {
		sum := (&Evaluator{W: plain, LineWeight: 1000, Cache: cache}).Value(&b)
		for _, c := range []struct{ line, net, per float64 }{
			{1000, 0, 1000}, {1000, 1000, 1000}, {1000, 30, 30}, {0, 500, 500},
		} {
			e := Evaluator{W: ev, LineWeight: c.line, NetWeight: c.net, Cache: cache}
			if got, want := e.Value(&b), sum+c.per*n.Value(&b); math.Abs(got-want) > 1e-9 {
				t.Fatalf("line weight %g, net weight %g: %g, want %g", c.line, c.net, got, want)
			}
		}
	}
}

// TestValueNet: a second network adds NetWeight x ValueWeight x its
// value to the evaluation (the line weight when NetWeight is 0), and
// nothing else changes; with ValueWeight 0 it adds nothing.
func TestValueNet(t *testing.T) {
	ev, _ := EvalByName("learned")
	raw, err := os.ReadFile("../../../docs/hatetris-imitate-net-self5.net")
	if err != nil {
		t.Fatal(err)
	}
	second, err := UnmarshalNet(raw)
	if err != nil {
		t.Fatal(err)
	}
	cache := NewEnemyCache(1 << 20)
	differs := 0
	for _, b := range benchWells(t)[:50] {
		for _, c := range []struct{ line, net, value, per float64 }{
			{1000, 0, 1, 1000}, {1000, 718.9, 0.25, 718.9 * 0.25}, {1000, 359.45, 1, 359.45}, {1000, 718.9, 0, 0},
		} {
			alone := (&Evaluator{W: ev, LineWeight: c.line, NetWeight: c.net, Cache: cache}).Value(&b)
			both := ev
			both.Value, both.ValueWeight = second, c.value
			got := (&Evaluator{W: both, LineWeight: c.line, NetWeight: c.net, Cache: cache}).Value(&b)
			if want := alone + c.per*second.Value(&b); math.Abs(got-want) > 1e-9 {
				t.Fatalf("line weight %g, net weight %g, value weight %g: %g, want %g", c.line, c.net, c.value, got, want)
			}
			if got != alone {
				differs++
			}
		}
	}
	if differs == 0 {
		t.Fatal("the second network never changed a value")
	}
}

// TestBootstrapLabels: a bootstrapped label is the rollout's lines plus
// the network's value of its best last well. With a network of constant
// value c, it is the label with c = 0 plus c, and never more than the
// plain label (the most lines any line of play cleared) plus c; lost
// wells stay lost.
func TestBootstrapLabels(t *testing.T) {
	ev, _ := EvalByName("learned")
	cfg := DataConfig{Width: 16, PerDepth: 2, RolloutWidth: 4, RolloutDepth: 6, Seed: 3, CacheBytes: 1 << 20, Workers: 2}
	label := func(c float32, boot bool) []Sample {
		e := ev
		e.Net = constantNet(c)
		cfg := cfg
		cfg.Eval, cfg.Bootstrap = e, boot
		return mustMakeData(t, cfg)
	}
	plain, zero, three, minus := label(0, false), label(0, true), label(3, true), label(-1, true)
	if len(plain) != len(zero) || len(zero) != len(three) || len(plain) < 20 {
		t.Fatalf("%d, %d, %d samples", len(plain), len(zero), len(three))
	}
	nudged := 0
	for i := range plain {
		p, z, c := plain[i].Label, zero[i].Label, three[i].Label
		if z == 0 {
			nudged++
		}
		switch {
		case p == LostLabel || z == LostLabel || c == LostLabel:
			if p != z || z != c {
				t.Fatalf("sample %d: labels %v, %v, %v: lost in one, not all", i, p, z, c)
			}
		case c != z+3 || z > p || z < 0:
			t.Fatalf("sample %d: plain %v, bootstrapped with 0: %v, with 3: %v", i, p, z, c)
		}
		// A live well valued at exactly LostLabel is not taken for lost.
		if m := minus[i].Label; z == 0 && m != math.Nextafter32(LostLabel, 0) || z > 0 && m != z-1 {
			t.Fatalf("sample %d: bootstrapped with 0: %v, with -1: %v", i, z, m)
		}
	}
	if nudged == 0 {
		t.Error("no live well without a line: the -1 case was not tried")
	}
	cfg.Eval, _ = EvalByName("eltetris")
	cfg.Bootstrap = true
	if _, err := MakeData(cfg); err == nil {
		t.Error("bootstrapped labels without a network: no error")
	}
}

// TestSurvivalLabels: a survival label is RolloutDepth exactly when the
// lines label of the same rollout is not lost, and otherwise the pieces
// survived before the one that ended the rollout, 0 to RolloutDepth-1. The rollout is
// deterministic, so a shorter one is the longer one's start: the label of
// depth D is the label of depth 2D capped at D, and a well lost within D
// pieces has the same label at both depths. Some wells of the case must
// be lost and some not, or it tests too little.
func TestSurvivalLabels(t *testing.T) {
	ev, _ := EvalByName("eltetris")
	cfg := DataConfig{Width: 32, Eval: ev, PerDepth: 3, RolloutWidth: 2, RolloutDepth: 8, Seed: 5, CacheBytes: 1 << 20, Workers: 2}
	label := func(depth int, survival bool) []Sample {
		cfg := cfg
		cfg.RolloutDepth, cfg.Survival = depth, survival
		return mustMakeData(t, cfg)
	}
	lines, short, long := label(8, false), label(8, true), label(16, true)
	if len(lines) != len(short) || len(short) != len(long) || len(lines) < 50 {
		t.Fatalf("%d, %d, %d samples", len(lines), len(short), len(long))
	}
	lost := 0
	for i := range lines {
		l, s, g := lines[i].Label, short[i].Label, long[i].Label
		if l == LostLabel {
			lost++
		}
		switch {
		case s < 0 || s > 8 || s != float32(int(s)):
			t.Fatalf("sample %d: survival label %v, want a whole number of pieces 0..8", i, s)
		case (l == LostLabel) != (s < 8):
			t.Fatalf("sample %d: lines label %v, survival label %v: lost in one only", i, l, s)
		case s != min(g, 8):
			t.Fatalf("sample %d: survival %v over 8 pieces, %v over 16", i, s, g)
		}
	}
	if lost == 0 || lost == len(lines) {
		t.Errorf("%d of %d wells lost: the case tests too little", lost, len(lines))
	}
	// Bootstrapped with a network of constant value c: a lasting
	// rollout's label is the depth plus c (plus 0 if c is negative); a
	// lost one's is as without.
	learned, _ := EvalByName("learned")
	for _, c := range []float32{2.5, -3} {
		cfg := cfg
		cfg.Eval = learned
		cfg.Eval.Net = constantNet(c)
		cfg.Survival, cfg.Bootstrap = true, true
		plainCfg := cfg
		plainCfg.Bootstrap = false
		boot, plain := mustMakeData(t, cfg), mustMakeData(t, plainCfg)
		for i := range plain {
			want := plain[i].Label
			if want == 8 {
				want += max(c, 0)
			}
			if math.Abs(float64(boot[i].Label-want)) > 0.01 {
				t.Fatalf("c = %v, sample %d: bootstrapped survival %v, plain %v", c, i, boot[i].Label, plain[i].Label)
			}
		}
	}
}

// constantNet is a network whose value is c for every well.
func constantNet(c float32) *Net {
	n := NewNet(1)
	n.W3 = [NetHidden2]float32{}
	n.B3 = c
	n.Quantize()
	return n
}

func mustMakeData(t *testing.T, cfg DataConfig) []Sample {
	t.Helper()
	s, err := MakeData(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// naiveFeatures is Features written plainly, window by window and row by
// row of each window, as it was before the column nibbles.
func naiveFeatures(l *NetLayout, b *Bits) []int32 {
	top := b.Top() - bitsTop
	f := b.features()
	out := []int32{l.topBase + int32(top)}
	for k, c := range [netCounts]int{f.rowT - 2*bitsDepth, f.colT, f.holes, f.wells, f.highest, f.clearable} {
		out = append(out, l.countBase+int32(k*countBuckets+min(max(c, 0), countBuckets-1)))
	}
	for i := top; i < bitsRows; i++ {
		if b[i] != 0 {
			out = append(out, l.rowBase+int32(i)*l.rowStride+int32(b[i]))
		}
	}
	for r := max(0, top-winRows+1); r <= bitsRows-winRows; r++ {
		for x := 0; x <= 10-winCols; x++ {
			var p int32
			for k := 0; k < winRows; k++ {
				p |= int32(b[r+k]>>x&(1<<winCols-1)) << (winCols * k)
			}
			if p != 0 {
				out = append(out, l.winBase+int32(r)*l.winStride+p)
			}
		}
	}
	return out
}

// naiveValue is Value with the first layer summed unit by unit in int32.
func naiveValue(n *Net, b *Bits) float64 {
	var acc [NetHidden1]int32
	for j := range acc {
		acc[j] = quant(n.B1[j], qAct)
	}
	for _, f := range naiveFeatures(n.layout(), b) {
		for j := range acc {
			acc[j] += quant(n.W1[int(f)*NetHidden1+j], qAct)
		}
	}
	q := n.q
	out := q.b3 * qW
	for k := range q.w2 {
		z := int32(0)
		for j := range acc {
			z += q.w2[k][j] * min(max(acc[j], 0), qAct)
		}
		out += q.w3[k] * min(max((z+qW/2)>>10+q.b2[k], 0), qAct)
	}
	return float64(out) / (qAct * qW)
}

// TestNetValueExact: the packed first layer and the column-nibble
// windows give exactly what the plain sums give, in both layouts, on the
// wells of random play and on random rows (for weights out to the int16
// ends, so that a carry between the packed halves would show), and for
// the built-in weights.
func TestNetValueExact(t *testing.T) {
	var wells []Bits
	for _, sw := range randomWells(t, 20, 13) {
		b, _ := BitsOf(&sw.well)
		wells = append(wells, b)
	}
	rng := rand.New(rand.NewPCG(13, 13))
	for i := 0; i < 300; i++ {
		var b Bits
		for r := rng.IntN(bitsRows + 1); r < bitsRows; r++ {
			b[r] = uint16(rng.IntN(int(fullRow) + 1))
		}
		wells = append(wells, b)
	}
	builtIn, err := UnmarshalNet(LearnedWeights)
	if err != nil {
		t.Fatal(err)
	}
	nets := []*Net{builtIn}
	for _, l := range NetLayouts {
		for _, spread := range []float64{0.05, 40} {
			n := NewNetOf(l, 5)
			for i := range n.W1 {
				n.W1[i] = float32(rng.NormFloat64() * spread)
			}
			n.Quantize()
			nets = append(nets, n)
		}
	}
	for k, n := range nets {
		for _, b := range wells {
			if got, want := n.layout().Features(&b, nil), naiveFeatures(n.layout(), &b); !slices.Equal(got, want) {
				t.Fatalf("net %d: features %v, plainly %v", k, got, want)
			}
			if got, want := n.Value(&b), naiveValue(n, &b); got != want {
				t.Fatalf("net %d (%s): value %v, plainly %v, well %v", k, n.layout().Name, got, want, b)
			}
		}
	}
}

// checkGradient compares a network's gradient (first-layer rows of the
// inputs feat, every step-th unit; every dense weight) with central
// finite differences of loss, within tol relative (absolute below 1).
func checkGradient(t *testing.T, n *Net, loss func() float64, feat []int32, step int, gW1, gDense []float64, tol float64) {
	t.Helper()
	const h = 1e-3
	check := func(what string, w *float32, g float64, after func()) {
		old := *w
		*w = old + h
		after()
		lp := loss()
		*w = old - h
		after()
		lm := loss()
		*w = old
		after()
		if num := (lp - lm) / (2 * h); math.Abs(num-g) > tol*max(1, math.Abs(g)) {
			t.Errorf("%s: gradient %g, finite differences %g", what, g, num)
		}
	}
	for _, f := range feat {
		for j := 0; j < NetHidden1; j += step {
			i := int(f)*NetHidden1 + j
			check(fmt.Sprint("first-layer weight ", i), &n.W1[i], gW1[i], func() {})
		}
	}
	d := make([]float32, nDense)
	n.packDense(d)
	for i := range d {
		check(fmt.Sprint("dense weight ", i), &d[i], gDense[i], func() { n.unpackDense(d) })
	}
}

// TestNetMix: alpha 0 is the first network and 1 the second (the
// output bias aside, which stays the first's), a half is the mean, and
// networks of two layouts or a weight outside 0..1 are refused.
func TestNetMix(t *testing.T) {
	a, b := NewNet(1), NewNet(2)
	for i := range a.W1 {
		a.W1[i], b.W1[i] = float32(i%7)/8, -float32(i%5)/4
	}
	a.B3, b.B3 = 0.5, -0.25
	for _, c := range []struct {
		alpha float64
		want  func(x, y float32) float32
	}{
		{0, func(x, _ float32) float32 { return x }},
		{1, func(_, y float32) float32 { return y }},
		{0.5, func(x, y float32) float32 { return float32(0.5*float64(x) + 0.5*float64(y)) }},
	} {
		m, err := MixNets(a, b, c.alpha)
		if err != nil {
			t.Fatal(err)
		}
		pa, pb, pm := a.parts(), b.parts(), m.parts()
		for i := range pm[:len(pm)-1] {
			for j := range pm[i] {
				if pm[i][j] != c.want(pa[i][j], pb[i][j]) {
					t.Fatalf("alpha %g: part %d weight %d is %g, want %g", c.alpha, i, j, pm[i][j], c.want(pa[i][j], pb[i][j]))
				}
			}
		}
		if m.B3 != a.B3 {
			t.Errorf("alpha %g: output bias %g, want the first network's %g", c.alpha, m.B3, a.B3)
		}
		if m.q == nil {
			t.Errorf("alpha %g: the mix is not quantized", c.alpha)
		}
	}
	for _, alpha := range []float64{-0.1, 1.1, math.NaN()} {
		if _, err := MixNets(a, b, alpha); err == nil {
			t.Errorf("alpha %g accepted", alpha)
		}
	}
	if _, err := MixNets(a, NewNetOf(RowedLayout, 3), 0.5); err == nil {
		t.Error("networks of two layouts mixed")
	}
}

// TestWiseNetIsTheMix: docs/hatetris-imitate-net-self5-wise.net, the
// network of the best game, is the fifth network mixed a quarter with
// its lookahead fit (docs/hatetris-lookahead-fit-lasting.net), byte for
// byte, and its record state names it by its SHA-256.
func TestWiseNetIsTheMix(t *testing.T) {
	read := func(name string) []byte {
		b, err := os.ReadFile("../../../docs/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	net := func(name string) *Net {
		n, err := UnmarshalNet(read(name))
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	m, err := MixNets(net("hatetris-imitate-net-self5.net"), net("hatetris-lookahead-fit-lasting.net"), 0.25)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := m.MarshalBinary()
	want := read("hatetris-imitate-net-self5-wise.net")
	if !bytes.Equal(got, want) {
		t.Fatal("docs/hatetris-imitate-net-self5-wise.net is not the mix")
	}
	st, err := LoadRecordState("../../../docs/hatetris-record-imitated-net-self5-wise-pc4.json")
	if sum := sha256.Sum256(want); err != nil || st.WeightsSHA256 != hex.EncodeToString(sum[:]) {
		t.Errorf("its record state (%v) names weights %q", err, st.WeightsSHA256)
	}
}
