package hatetris

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"strings"
)

// Net is the learned evaluation (`--eval learned`): a small NNUE-style
// network from a sparse description of the well to the lines a line of
// play from it is expected to clear (see NetLayout and docs/hatetris.md).
// The float weights are what training changes; Quantize derives the
// integer weights that the beam uses (Value), so that an evaluation is a
// few hundred int32 additions.
//
// Shape: Layout.Inputs sparse inputs -> NetHidden1 (clipped ReLU) ->
// NetHidden2 (clipped ReLU) -> 1.
type Net struct {
	Layout *NetLayout // nil: SharedLayout
	W1     []float32  // Layout.Inputs x NetHidden1, row per input
	B1     [NetHidden1]float32
	W2     [NetHidden2][NetHidden1]float32
	B2     [NetHidden2]float32
	W3     [NetHidden2]float32
	B3     float32

	q *netQ // the integer weights, from Quantize
}

// NetLayout is how a well becomes the network's sparse inputs. Both
// layouts follow the record holders' networks (knewjade's, and David and
// Felipe's after it): every 4-row, 3-column window of the well as one of
// 4,096 patterns and every row as one of 1,024. Kocka adds the height of
// the stack (one of 17) and the counts of the weight sets' features (row
// and column transitions, holes, El-Tetris's wells, the highest hole, the
// clearable rows), each as one of up to 64 inputs: every well has them,
// so that a well made mostly of patterns training never saw is still
// judged by inputs it did see. The layouts differ in what a pattern's
// weights are shared by: in SharedLayout (knewjade's) by every position,
// so that a pattern knows where it is only through the height input; in
// RowedLayout by the positions of one row, so that a window near the bar
// and the same window at the floor are different inputs (the game is
// over at the bar, the same up and down the well sideways). A weights
// file gives the number of inputs, which tells the layouts apart.
type NetLayout struct {
	Name, Note string
	// Inputs is the number of sparse inputs.
	Inputs int
	// The first input of each group; a window's input is winBase +
	// (its top row) x winStride + pattern, a row's rowBase + (its row) x
	// rowStride + pattern.
	winBase, winStride, rowBase, rowStride, topBase, countBase int32
}

const (
	winRows, winCols = 4, 3
	winRowsAt        = bitsRows - winRows + 1         // 13 top rows a window can have
	winPositions     = winRowsAt * (10 - winCols + 1) // 104
	winPatterns      = 1 << (winRows * winCols)       // 4096
	rowPatterns      = 1 << 10                        // 1024
	countBuckets     = 64                             // a count of 63 or more is the last input
	netCounts        = 6
	netTopInputs     = bitsRows + 1
	netTailInputs    = netTopInputs + netCounts*countBuckets // height and counts
	// NetHidden1 and NetHidden2 are the hidden layers' sizes.
	NetHidden1 = 16
	NetHidden2 = 8
	// maxActive bounds the active inputs of a well: every window, every
	// row, the height.
	maxActive = winPositions + bitsRows + 1 + netCounts
)

// The layouts. SharedLayout's input numbers are those of the weights
// files made before RowedLayout existed (netWinBase and so on).
var (
	SharedLayout = &NetLayout{Name: "shared", Note: "a pattern's weights shared by every position (knewjade's)",
		Inputs:  winPatterns + rowPatterns + netTailInputs,
		winBase: netWinBase, rowBase: netRowBase, topBase: netTopBase, countBase: netCountBase}
	RowedLayout = &NetLayout{Name: "rowed", Note: "a pattern's weights shared by the positions of one row, one set per row",
		Inputs:  winRowsAt*winPatterns + bitsRows*rowPatterns + netTailInputs,
		winBase: 0, winStride: winPatterns, rowBase: winRowsAt * winPatterns, rowStride: rowPatterns,
		topBase:   winRowsAt*winPatterns + bitsRows*rowPatterns,
		countBase: winRowsAt*winPatterns + bitsRows*rowPatterns + netTopInputs}
	// NetLayouts lists the layouts, the default first.
	NetLayouts = []*NetLayout{SharedLayout, RowedLayout}
)

// SharedLayout's groups.
const (
	netWinBase   = 0
	netRowBase   = netWinBase + winPatterns
	netTopBase   = netRowBase + rowPatterns
	netCountBase = netTopBase + netTopInputs
	// NetInputs is SharedLayout's number of inputs.
	NetInputs = netCountBase + netCounts*countBuckets
)

// NetLayoutByName returns a layout by name.
func NetLayoutByName(name string) (*NetLayout, error) {
	var names []string
	for _, l := range NetLayouts {
		if l.Name == name {
			return l, nil
		}
		names = append(names, l.Name)
	}
	return nil, fmt.Errorf("hatetris: unknown network layout %q (want one of %s)", name, strings.Join(names, ", "))
}

func (n *Net) layout() *NetLayout {
	if n.Layout == nil {
		return SharedLayout
	}
	return n.Layout
}

// Features appends the indexes of the inputs that are 1 for well b (an
// input may appear several times: a pattern seen at two places of
// SharedLayout counts twice). The empty window and the empty row are left
// out: they say only how high the stack is, which the height input says.
func (l *NetLayout) Features(b *Bits, out []int32) []int32 {
	f := b.features()
	return l.featuresOf(b, &f, out)
}

// featuresOf is Features with the board's features already counted.
func (l *NetLayout) featuresOf(b *Bits, f *boardFeatures, out []int32) []int32 {
	top := b.Top() - bitsTop // first non-empty row, 16 if none
	out = append(out, l.topBase+int32(top))
	// The row transitions are at least 40 (an empty row counts 2).
	for k, c := range [netCounts]int{f.rowT - 2*bitsDepth, f.colT, f.holes, f.wells, f.highest, f.clearable} {
		out = append(out, l.countBase+int32(k*countBuckets+min(max(c, 0), countBuckets-1)))
	}
	for i := top; i < bitsRows; i++ {
		if b[i] != 0 {
			out = append(out, l.rowBase+int32(i)*l.rowStride+int32(b[i]))
		}
	}
	// Windows that reach the stack: the first starts at most 3 rows
	// above the top row. cols holds the window's four rows column by
	// column, a nibble per column (bit k of nibble x: row r+k, column x),
	// so that a window is three nibbles, and moving down a row is a
	// shift and one new row.
	r := max(0, top-winRows+1)
	if r > bitsRows-winRows {
		return out
	}
	var cols uint64
	for k := 0; k < winRows; k++ {
		cols |= nibbleSpread[b[r+k]] << k
	}
	for ; ; r++ {
		at := l.winBase + int32(r)*l.winStride
		for x := 0; x <= 10-winCols; x++ {
			if q := cols >> (4 * x) & 0xFFF; q != 0 {
				out = append(out, at+int32(windowOfColumns[q]))
			}
		}
		if r == bitsRows-winRows {
			return out
		}
		cols = cols>>1&0x7777777777 | nibbleSpread[b[r+winRows]]<<(winRows-1)
	}
}

// nibbleSpread moves bit x of a row to bit 4x.
var nibbleSpread = func() (t [1 << 10]uint64) {
	for r := range t {
		for x := 0; x < 10; x++ {
			t[r] |= uint64(r>>x&1) << (4 * x)
		}
	}
	return t
}()

// windowOfColumns maps a window read column by column (bit 4j+k: row k,
// column j) to its pattern, read row by row (bit 3k+j).
var windowOfColumns = func() (t [1 << 12]uint16) {
	for q := range t {
		for k := 0; k < winRows; k++ {
			for j := 0; j < winCols; j++ {
				t[q] |= uint16(q>>(4*j+k)&1) << (winCols*k + j)
			}
		}
	}
	return t
}()

// NewNet is a SharedLayout network to start training from: small
// random dense weights (deterministic from the seed), a first layer of
// zeros.
func NewNet(seed uint64) *Net { return NewNetOf(SharedLayout, seed) }

// NewNetOf is NewNet with layout l.
func NewNetOf(l *NetLayout, seed uint64) *Net {
	rng := rand.New(rand.NewPCG(seed, 0x4e4e5545))
	n := &Net{Layout: l, W1: make([]float32, l.Inputs*NetHidden1)}
	u := func(a float64) float32 { return float32((2*rng.Float64() - 1) * a) }
	// The first layer starts at zero: a pattern training never sees then
	// adds nothing, where random weights made wells with unseen patterns
	// look better or worse at random, and the beam kept the lucky ones.
	// The random dense weights break the symmetry between the units.
	for j := range n.B1 {
		n.B1[j] = 0.3 + u(0.1) // start inside the ReLU's linear range
	}
	for k := range n.W2 {
		for j := range n.W2[k] {
			n.W2[k][j] = u(1 / math.Sqrt(NetHidden1))
		}
		n.B2[k] = 0.3
	}
	for k := range n.W3 {
		n.W3[k] = u(1 / math.Sqrt(NetHidden2))
	}
	n.Quantize()
	return n
}

func crelu(x float32) float32 { return min(max(x, 0), 1) }

// forward is the float network on active inputs, keeping the layers'
// values for training.
func (n *Net) forward(feat []int32, a1 *[NetHidden1]float32, a2 *[NetHidden2]float32) float32 {
	z1 := n.B1
	for _, f := range feat {
		row := n.W1[int(f)*NetHidden1 : int(f)*NetHidden1+NetHidden1]
		for j := range z1 {
			z1[j] += row[j]
		}
	}
	for j := range z1 {
		a1[j] = crelu(z1[j])
	}
	out := n.B3
	for k := range a2 {
		z := n.B2[k]
		for j := range a1 {
			z += n.W2[k][j] * a1[j]
		}
		a2[k] = crelu(z)
		out += n.W3[k] * a2[k]
	}
	return out
}

// FloatValue is the float network's value of well b, in lines.
func (n *Net) FloatValue(b *Bits) float64 {
	var buf [maxActive]int32
	var a1 [NetHidden1]float32
	var a2 [NetHidden2]float32
	return float64(n.forward(n.layout().Features(b, buf[:0]), &a1, &a2))
}

// The integer network: the first layer's weights and biases in units of
// 1/qAct (an activation of 1 is qAct), the dense weights in units of
// 1/qW. Sums stay well inside int32: a first-layer sum is at most
// (maxActive+1) x 32767, a dense one NetHidden1 x qAct x 32767 (5.5e8).
const (
	qAct   = 1024
	qW     = 1024
	w1Bias = 1 << 15 // makes an int16 weight non-negative (netQ.w1)
)

type netQ struct {
	// w1 holds the first layer's int16 weights two to a uint64, unit 2i
	// in the low half of word i and 2i+1 in the high half, each plus
	// w1Bias so that it is not negative: a sum over at most maxActive
	// inputs (under 2^23) never carries into the other half, and the
	// bias times the number of inputs comes off at the end.
	w1 []uint64
	b1 [NetHidden1]int32
	w2 [NetHidden2][NetHidden1]int32
	b2 [NetHidden2]int32
	w3 [NetHidden2]int32
	b3 int32
}

// quant rounds x x scale to an integer, clamped to int16.
func quant(x float32, scale float64) int32 {
	return int32(min(max(math.Round(float64(x)*scale), math.MinInt16), math.MaxInt16))
}

// Quantize derives the integer weights from the float ones; call it after
// changing them. Weights beyond int16 at their scale are clamped (the
// first layer's and the dense ones' at 32; training keeps them far
// below).
func (n *Net) Quantize() {
	q := &netQ{w1: make([]uint64, len(n.W1)/2)}
	for i, w := range n.W1 {
		q.w1[i/2] |= uint64(quant(w, qAct)+w1Bias) << (32 * (i % 2))
	}
	for j := range q.b1 {
		q.b1[j] = quant(n.B1[j], qAct)
	}
	for k := range q.w2 {
		for j := range q.w2[k] {
			q.w2[k][j] = quant(n.W2[k][j], qW)
		}
		q.b2[k] = quant(n.B2[k], qAct)
		q.w3[k] = quant(n.W3[k], qW)
	}
	q.b3 = quant(n.B3, qAct)
	n.q = q
}

// Value is the integer network's value of well b, in lines: what the
// beam uses. Safe for concurrent use.
func (n *Net) Value(b *Bits) float64 {
	f := b.features()
	return n.valueOf(b, &f)
}

// valueOf is Value with the board's features already counted (the
// weight sets count them too).
func (n *Net) valueOf(b *Bits, f *boardFeatures) float64 {
	q := n.q
	var buf [maxActive]int32
	feat := n.layout().featuresOf(b, f, buf[:0])
	// The first layer two units to a word (see netQ.w1): eight adds per
	// input instead of sixteen.
	var acc [NetHidden1 / 2]uint64
	for _, i := range feat {
		row := q.w1[int(i)*len(acc) : int(i)*len(acc)+len(acc) : int(i)*len(acc)+len(acc)]
		acc[0] += row[0]
		acc[1] += row[1]
		acc[2] += row[2]
		acc[3] += row[3]
		acc[4] += row[4]
		acc[5] += row[5]
		acc[6] += row[6]
		acc[7] += row[7]
	}
	bias := int32(len(feat)) * w1Bias
	var a1 [NetHidden1]int32
	for j := range a1 {
		sum := int32(uint32(acc[j/2]>>(32*(j%2)))) - bias + q.b1[j]
		a1[j] = min(max(sum, 0), qAct)
	}
	out := q.b3 * qW
	for k := range q.w2 {
		z := int32(0)
		for j := range a1 {
			z += q.w2[k][j] * a1[j]
		}
		a := min(max((z+qW/2)>>10+q.b2[k], 0), qAct) // z/qW, rounded
		out += q.w3[k] * a
	}
	return float64(out) / (qAct * qW)
}

// MixNets is a network whose every weight is (1 - alpha) x a's plus
// alpha x b's, as WiSE-FT mixes a fine-tuned model with the one it
// started from (docs/hatetris.md, "The fifth network mixed with its
// lookahead fit"). The output bias stays a's: it adds the same to every
// well's value and ranks nothing, and the mix that made
// hatetris-imitate-net-self5-wise.net left it so.
func MixNets(a, b *Net, alpha float64) (*Net, error) {
	if a.layout() != b.layout() {
		return nil, fmt.Errorf("hatetris: cannot mix a %s network with a %s one", a.layout().Name, b.layout().Name)
	}
	if !(alpha >= 0 && alpha <= 1) {
		return nil, fmt.Errorf("hatetris: mix weight %g: want 0 to 1", alpha)
	}
	mix := func(dst []float32, x, y []float32) {
		for i := range dst {
			dst[i] = float32((1-alpha)*float64(x[i]) + alpha*float64(y[i]))
		}
	}
	m := &Net{Layout: a.Layout, W1: make([]float32, len(a.W1)), B3: a.B3}
	mix(m.W1, a.W1, b.W1)
	mix(m.B1[:], a.B1[:], b.B1[:])
	for k := range m.W2 {
		mix(m.W2[k][:], a.W2[k][:], b.W2[k][:])
	}
	mix(m.B2[:], a.B2[:], b.B2[:])
	mix(m.W3[:], a.W3[:], b.W3[:])
	m.Quantize()
	return m, nil
}

// The weights file: a magic, the shape (three uint32: the layout's
// inputs, NetHidden1, NetHidden2), the float weights (little-endian
// float32, in the order of the Net's fields), a CRC-32 of everything
// before it.
var netMagic = []byte("KOCKANN1")

// NetFileBytes is the size of a weights file of SharedLayout (354,012
// bytes); NetFileBytesOf gives any layout's, MaxNetFileBytes the largest
// of NetLayouts' (the bound for reading one).
var (
	NetFileBytes    = NetFileBytesOf(SharedLayout)
	MaxNetFileBytes = func() (most int) {
		for _, l := range NetLayouts {
			most = max(most, NetFileBytesOf(l))
		}
		return most
	}()
)

// NetFileBytesOf is the size of a weights file of layout l.
func NetFileBytesOf(l *NetLayout) int {
	return 8 + 3*4 + 4*(l.Inputs*NetHidden1+NetHidden1+NetHidden2*NetHidden1+NetHidden2+NetHidden2+1) + 4
}

// MarshalBinary writes the weights file.
func (n *Net) MarshalBinary() ([]byte, error) {
	var buf bytes.Buffer
	buf.Write(netMagic)
	for _, v := range []uint32{uint32(n.layout().Inputs), NetHidden1, NetHidden2} {
		_ = binary.Write(&buf, binary.LittleEndian, v)
	}
	for _, part := range n.parts() {
		_ = binary.Write(&buf, binary.LittleEndian, part)
	}
	_ = binary.Write(&buf, binary.LittleEndian, crc32.ChecksumIEEE(buf.Bytes()))
	return buf.Bytes(), nil
}

func (n *Net) parts() [][]float32 {
	return [][]float32{n.W1, n.B1[:], flat2(&n.W2), n.B2[:], n.W3[:], {n.B3}}
}

func flat2(w *[NetHidden2][NetHidden1]float32) []float32 {
	out := make([]float32, 0, NetHidden2*NetHidden1)
	for k := range w {
		out = append(out, w[k][:]...)
	}
	return out
}

// ErrNetFile is the cause of every rejected weights file.
var ErrNetFile = errors.New("hatetris: not a weights file of this network")

// UnmarshalNet reads a weights file, checking its size, shape, checksum
// and that every weight is a finite number, and quantizes it.
func UnmarshalNet(data []byte) (*Net, error) {
	const head = 8 + 3*4
	switch {
	case len(data) < len(netMagic) || !bytes.Equal(data[:len(netMagic)], netMagic):
		return nil, fmt.Errorf("%w: no %q header", ErrNetFile, netMagic)
	case len(data) < head+4:
		return nil, fmt.Errorf("%w: %d bytes, too short for a shape (truncated)", ErrNetFile, len(data))
	}
	var layout *NetLayout
	inputs := binary.LittleEndian.Uint32(data[len(netMagic):])
	for _, l := range NetLayouts {
		if uint32(l.Inputs) == inputs {
			layout = l
		}
	}
	if layout == nil {
		return nil, fmt.Errorf("%w: %d inputs, no layout has that many", ErrNetFile, inputs)
	}
	if want := NetFileBytesOf(layout); len(data) != want {
		return nil, fmt.Errorf("%w: %d bytes, want %d for layout %s (truncated, or another shape)", ErrNetFile, len(data), want, layout.Name)
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, fmt.Errorf("%w: checksum mismatch (corrupt)", ErrNetFile)
	}
	shape := body[len(netMagic):]
	for i, want := range []uint32{uint32(layout.Inputs), NetHidden1, NetHidden2} {
		if got := binary.LittleEndian.Uint32(shape[4*i:]); got != want {
			return nil, fmt.Errorf("%w: shape %d is %d, want %d", ErrNetFile, i, got, want)
		}
	}
	n := &Net{Layout: layout, W1: make([]float32, layout.Inputs*NetHidden1)}
	var w2 [NetHidden2 * NetHidden1]float32
	var b3 [1]float32
	r := bytes.NewReader(body[len(netMagic)+12:])
	for _, part := range [][]float32{n.W1, n.B1[:], w2[:], n.B2[:], n.W3[:], b3[:]} {
		if err := binary.Read(r, binary.LittleEndian, part); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrNetFile, err)
		}
		for _, v := range part {
			if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
				return nil, fmt.Errorf("%w: a weight is %v", ErrNetFile, v)
			}
		}
	}
	for k := range n.W2 {
		copy(n.W2[k][:], w2[k*NetHidden1:])
	}
	n.B3 = b3[0]
	n.Quantize()
	return n, nil
}
