package hatetris

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"math/rand/v2"
)

// Sample is a training position: a well and its label, the lines a line
// of play from it cleared (see MakeData).
type Sample struct {
	Well  Bits
	Label float32
}

// TrainConfig is a training run's settings.
type TrainConfig struct {
	Epochs int
	Batch  int     // samples per Adam step
	LR     float64 // Adam's step size
	// FirstLayerRate scales LR for the first layer (0: DefaultFirstLayerRate).
	FirstLayerRate float64
	Seed           uint64 // the order of the samples in each epoch
	// StartAtMean sets the output bias to the mean label before the
	// first step: for a fresh network, which otherwise gets to the mean
	// by driving the second layer's units to the flat ends of the clipped
	// ReLU, where they stop learning (measured: the loss then stays at
	// that of the best constant).
	StartAtMean bool
	// Progress, if set, is called after every epoch.
	Progress func(EpochLoss)
}

// EpochLoss is the mean squared error (in lines squared) of the float
// network on the training and the held-out samples after an epoch (epoch
// 0: before training).
type EpochLoss struct {
	Epoch       int
	Train, Held float64
}

// featureSet is the active inputs of many wells, flattened.
type featureSet struct {
	idx   []int32
	start []int
}

func featuresOf(l *NetLayout, samples []Sample) featureSet {
	fs := featureSet{start: make([]int, 0, len(samples)+1)}
	for i := range samples {
		fs.start = append(fs.start, len(fs.idx))
		fs.idx = l.Features(&samples[i].Well, fs.idx)
	}
	fs.start = append(fs.start, len(fs.idx))
	return fs
}

func (fs *featureSet) of(i int) []int32 { return fs.idx[fs.start[i]:fs.start[i+1]] }

// Loss is the float network's mean squared error on the samples.
func (n *Net) Loss(samples []Sample) float64 {
	fs := featuresOf(n.layout(), samples)
	return n.loss(samples, &fs)
}

func (n *Net) loss(samples []Sample, fs *featureSet) float64 {
	if len(samples) == 0 {
		return 0
	}
	var a1 [NetHidden1]float32
	var a2 [NetHidden2]float32
	sum := 0.0
	for i := range samples {
		d := float64(n.forward(fs.of(i), &a1, &a2) - samples[i].Label)
		sum += d * d
	}
	return sum / float64(len(samples))
}

// adam is Adam's state for one block of weights.
type adam struct{ m, v []float64 }

func newAdam(n int) adam { return adam{make([]float64, n), make([]float64, n)} }

const adamB1, adamB2, adamEps = 0.9, 0.999, 1e-8

// step moves w[i] by Adam's rule for gradient g[i] at time t (1-based).
func (a *adam) step(w []float32, g []float64, i int, lr float64, t int) {
	a.m[i] = adamB1*a.m[i] + (1-adamB1)*g[i]
	a.v[i] = adamB2*a.v[i] + (1-adamB2)*g[i]*g[i]
	mh := a.m[i] / (1 - math.Pow(adamB1, float64(t)))
	vh := a.v[i] / (1 - math.Pow(adamB2, float64(t)))
	w[i] -= float32(lr * mh / (math.Sqrt(vh) + adamEps))
}

// checked returns the settings with the first layer's default rate
// filled in, or why they cannot train.
func (cfg TrainConfig) checked() (TrainConfig, error) {
	switch {
	case cfg.Epochs < 1 || cfg.Batch < 1:
		return cfg, fmt.Errorf("hatetris: epochs %d and batch %d must be at least 1", cfg.Epochs, cfg.Batch)
	case !(cfg.LR > 0) || math.IsInf(cfg.LR, 0):
		return cfg, fmt.Errorf("hatetris: learning rate %g must be a positive number", cfg.LR)
	case !(cfg.FirstLayerRate >= 0) || cfg.FirstLayerRate > 1:
		return cfg, fmt.Errorf("hatetris: first-layer rate %g out of range 0..1", cfg.FirstLayerRate)
	}
	if cfg.FirstLayerRate == 0 {
		cfg.FirstLayerRate = DefaultFirstLayerRate
	}
	return cfg, nil
}

// Train fits the float network to the training samples by Adam on the
// mean squared error, minibatch by minibatch, and quantizes it at the end.
// The first layer's rows are updated only when a sample of the batch uses
// them (a sparse Adam: the rows of patterns never seen stay as they
// started). Deterministic from the seed. It returns the losses by epoch,
// epoch 0 first.
func Train(n *Net, train, held []Sample, cfg TrainConfig) ([]EpochLoss, error) {
	if len(train) == 0 {
		return nil, errors.New("hatetris: no training samples")
	}
	cfg, err := cfg.checked()
	if err != nil {
		return nil, err
	}
	if cfg.StartAtMean {
		sum := 0.0
		for i := range train {
			sum += float64(train[i].Label)
		}
		n.B3 = float32(sum / float64(len(train)))
	}
	ftr, fheld := featuresOf(n.layout(), train), featuresOf(n.layout(), held)
	losses := []EpochLoss{{0, n.loss(train, &ftr), n.loss(held, &fheld)}}
	if cfg.Progress != nil {
		cfg.Progress(losses[0])
	}
	st := newStepper(n, cfg)
	var a1 [NetHidden1]float32
	var a2 [NetHidden2]float32
	for epoch := 1; epoch <= cfg.Epochs; epoch++ {
		st.epoch(len(train), func(s int, scale float64) {
			feat := ftr.of(s)
			y := n.forward(feat, &a1, &a2)
			st.backprop(feat, &a1, &a2, float64(y-train[s].Label)*scale)
		})
		l := EpochLoss{epoch, n.loss(train, &ftr), n.loss(held, &fheld)}
		if math.IsNaN(l.Train) || math.IsInf(l.Train, 0) {
			return losses, fmt.Errorf("hatetris: training diverged at epoch %d (loss %g); lower the learning rate", epoch, l.Train)
		}
		losses = append(losses, l)
		if cfg.Progress != nil {
			cfg.Progress(l)
		}
	}
	n.Quantize()
	return losses, nil
}

// nDense is the number of dense weights: B1, W2, B2, W3, B3.
const nDense = NetHidden1 + NetHidden2*NetHidden1 + NetHidden2 + NetHidden2 + 1

// stepper is Adam over a network's weights, minibatch by minibatch: the
// items of a batch add their gradients (backprop), then every dense
// weight and the first-layer rows the batch used take a step (a sparse
// Adam: the rows of patterns never seen stay as they started).
type stepper struct {
	n               *Net
	cfg             TrainConfig
	rng             *rand.Rand
	dense           []float32 // the dense weights as one slice, copied in and out around a step
	gDense, gW1     []float64
	optW1, optDense adam
	touched         []bool
	rows            []int32
	order           []int
	t               int
}

func newStepper(n *Net, cfg TrainConfig) *stepper {
	return &stepper{n: n, cfg: cfg, rng: rand.New(rand.NewPCG(cfg.Seed, 0x747261696e)),
		dense: make([]float32, nDense), gDense: make([]float64, nDense), gW1: make([]float64, len(n.W1)),
		optW1: newAdam(len(n.W1)), optDense: newAdam(nDense), touched: make([]bool, n.layout().Inputs)}
}

// epoch goes once through items 0..count-1 in a new random order, in
// minibatches of cfg.Batch: add is called for each item of a batch with
// 1/(the batch's size), to add its gradient by backprop; then the step.
func (st *stepper) epoch(count int, add func(item int, scale float64)) {
	if len(st.order) != count {
		st.order = make([]int, count)
		for i := range st.order {
			st.order[i] = i
		}
	}
	order := st.order
	st.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	n := st.n
	for from := 0; from < len(order); from += st.cfg.Batch {
		batch := order[from:min(from+st.cfg.Batch, len(order))]
		clear(st.gDense)
		for _, r := range st.rows {
			clear(st.gW1[int(r)*NetHidden1 : int(r+1)*NetHidden1])
			st.touched[r] = false
		}
		st.rows = st.rows[:0]
		scale := 1 / float64(len(batch))
		for _, s := range batch {
			add(s, scale)
		}
		st.t++
		n.packDense(st.dense)
		for i := range st.dense {
			st.optDense.step(st.dense, st.gDense, i, st.cfg.LR, st.t)
		}
		n.unpackDense(st.dense)
		for _, r := range st.rows {
			for i := int(r) * NetHidden1; i < int(r+1)*NetHidden1; i++ {
				st.optW1.step(n.W1, st.gW1, i, st.cfg.LR*st.cfg.FirstLayerRate, st.t)
			}
		}
	}
}

// backprop adds the gradient of the float network's output, times dout
// (the loss's derivative by the output), on one well (its active inputs
// and the layers forward left in a1 and a2) to the batch's gradient.
func (st *stepper) backprop(feat []int32, a1 *[NetHidden1]float32, a2 *[NetHidden2]float32, dout float64) {
	n, gDense, gW1 := st.n, st.gDense, st.gW1
	gB1, gW2 := gDense[:NetHidden1], gDense[NetHidden1:NetHidden1+NetHidden2*NetHidden1]
	gB2 := gDense[NetHidden1+NetHidden2*NetHidden1 : NetHidden1+NetHidden2*NetHidden1+NetHidden2]
	gW3 := gDense[NetHidden1+NetHidden2*NetHidden1+NetHidden2 : nDense-1]
	gDense[nDense-1] += dout
	var d1 [NetHidden1]float64
	for k := range a2 {
		gW3[k] += dout * float64(a2[k])
		if a2[k] <= 0 || a2[k] >= 1 { // the clipped ReLU is flat there
			continue
		}
		dz := dout * float64(n.W3[k])
		gB2[k] += dz
		for j := range a1 {
			gW2[k*NetHidden1+j] += dz * float64(a1[j])
			d1[j] += dz * float64(n.W2[k][j])
		}
	}
	for j := range d1 {
		if a1[j] <= 0 || a1[j] >= 1 {
			d1[j] = 0
		}
		gB1[j] += d1[j]
	}
	for _, f := range feat {
		g := gW1[int(f)*NetHidden1 : int(f+1)*NetHidden1]
		for j := range g {
			g[j] += d1[j]
		}
		if !st.touched[f] {
			st.touched[f] = true
			st.rows = append(st.rows, f)
		}
	}
}

// packDense and unpackDense copy the dense weights to and from one slice,
// in the layout of Train's gradient.
func (n *Net) packDense(d []float32) {
	d = append(d[:0], n.B1[:]...)
	for k := range n.W2 {
		d = append(d, n.W2[k][:]...)
	}
	d = append(d, n.B2[:]...)
	d = append(d, n.W3[:]...)
	_ = append(d, n.B3)
}

func (n *Net) unpackDense(d []float32) {
	d = d[copy(n.B1[:], d):]
	for k := range n.W2 {
		d = d[copy(n.W2[k][:], d):]
	}
	d = d[copy(n.B2[:], d):]
	d = d[copy(n.W3[:], d):]
	n.B3 = d[0]
}

// The training data file: a magic, the number of samples (uint32), each
// sample as its 16 rows (uint16) and its label (float32), all
// little-endian, and a CRC-32 of everything before it.
var dataMagic = []byte("KOCKAHD1")

// MaxSamples caps a data file (36 bytes a sample: 144 MiB).
const MaxSamples = 1 << 22

const sampleBytes = 2*bitsRows + 4

// MaxDataBytes is the largest data file.
const MaxDataBytes = 8 + 4 + MaxSamples*sampleBytes + 4

// DataFileBytes is the size of a data file of n samples: a reader that
// may take only n more samples reads at most this many bytes.
func DataFileBytes(n int) int64 {
	return int64(len(dataMagic)) + 4 + int64(n)*sampleBytes + 4
}

// MarshalSamples writes a data file.
func MarshalSamples(s []Sample) ([]byte, error) {
	if len(s) > MaxSamples {
		return nil, fmt.Errorf("hatetris: %d samples, at most %d", len(s), MaxSamples)
	}
	var buf bytes.Buffer
	buf.Write(dataMagic)
	_ = binary.Write(&buf, binary.LittleEndian, uint32(len(s)))
	for i := range s {
		_ = binary.Write(&buf, binary.LittleEndian, s[i].Well)
		_ = binary.Write(&buf, binary.LittleEndian, s[i].Label)
	}
	_ = binary.Write(&buf, binary.LittleEndian, crc32.ChecksumIEEE(buf.Bytes()))
	return buf.Bytes(), nil
}

// ErrDataFile is the cause of every rejected data file.
var ErrDataFile = errors.New("hatetris: not a training data file")

// UnmarshalSamples reads a data file, checking its size, checksum, that
// every well is live and full rows-free (a well the game can hold) and
// every label finite.
func UnmarshalSamples(data []byte) ([]Sample, error) {
	if len(data) < len(dataMagic)+8 || !bytes.Equal(data[:len(dataMagic)], dataMagic) {
		return nil, fmt.Errorf("%w: no %q header", ErrDataFile, dataMagic)
	}
	count := binary.LittleEndian.Uint32(data[len(dataMagic):])
	if count > MaxSamples || len(data) != len(dataMagic)+4+int(count)*sampleBytes+4 {
		return nil, fmt.Errorf("%w: %d bytes for %d samples (truncated?)", ErrDataFile, len(data), count)
	}
	body := data[:len(data)-4]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(data[len(data)-4:]) {
		return nil, fmt.Errorf("%w: checksum mismatch (corrupt)", ErrDataFile)
	}
	out := make([]Sample, count)
	p := body[len(dataMagic)+4:]
	for i := range out {
		for r := range out[i].Well {
			row := binary.LittleEndian.Uint16(p[2*r:])
			if row&^fullRow != 0 || row == fullRow {
				return nil, fmt.Errorf("%w: sample %d: row %d is %#x, not a row of a live well", ErrDataFile, i, r, row)
			}
			out[i].Well[r] = row
		}
		out[i].Label = math.Float32frombits(binary.LittleEndian.Uint32(p[2*bitsRows:]))
		if l := float64(out[i].Label); math.IsNaN(l) || math.IsInf(l, 0) {
			return nil, fmt.Errorf("%w: sample %d: label %v", ErrDataFile, i, l)
		}
		p = p[sampleBytes:]
	}
	return out, nil
}

// DefaultFirstLayerRate scales the first layer's step size: a well has up to a hundred
// and thirty active inputs, all moving together under Adam's fixed-size
// steps. At the full rate 88% of the first layer's outputs sat at the
// flat ends of the clipped ReLU after training on the generation-0 data;
// at a tenth, 29%, with the same held-out loss (1.45 after 12 epochs).
const DefaultFirstLayerRate = 0.1
