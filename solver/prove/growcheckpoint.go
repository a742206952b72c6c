package prove

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/kocka/kocka/internal/crcio"
)

// A grow checkpoint is Grow's whole working state: the states by id with
// their status, choice and loss order, the drawing player's next move to
// try, the predecessor edges and the queues. Unlike the proof search's
// checkpoint it keeps the unsettled part too, since Grow never forgets: a
// resumed Grow goes on exactly where the checkpoint left it and ends with
// the same certificate. The arrays are written whole, little endian, each
// after its length, with a CRC-32 at the end. Version 2 added the move
// order's name (MoveOrderNamer): next counts places in that order.
const growCheckpointMagic = "KOCKA GROW CHECKPOINT 2\n"

// growCheckpointV1 is the version before the move order was recorded. It
// is refused: which order it counted its moves in is not known.
const growCheckpointV1 = "KOCKA GROW CHECKPOINT 1\n"

// maxGrowStates caps the states a checkpoint may hold: ids are uint32.
const maxGrowStates = 1<<32 - 2

func (w *grower) writeCheckpoint(out io.Writer, expanded int64) error {
	bw := crcio.NewWriter(out, 1<<20)
	put := bw.Uvarint
	p := w.p
	bw.WriteString(growCheckpointMagic)
	put(uint64(len(w.g.Name())))
	bw.WriteString(w.g.Name())
	order := moveOrderName(w.g)
	put(uint64(len(order)))
	bw.WriteString(order)
	put(uint64(w.drawer))
	put(uint64(w.o.Reuse))
	put(uint64(expanded))
	put(uint64(p.lost))
	putArray(bw, p.states, 8)
	putArray(bw, p.status, 1)
	putArray(bw, p.choice, 8)
	putArray(bw, p.lostAt, 4)
	putArray(bw, w.next, 2)
	putArray(bw, w.head, 4)
	putArray(bw, w.edgeParent, 4)
	putArray(bw, w.edgeNext, 4)
	putArray(bw, w.queue[w.qi:], 4)
	putArray(bw, w.lostQ, 4)
	return bw.Finish()
}

type fixedInt interface {
	~uint8 | ~uint16 | ~uint32 | ~int32 | ~uint64
}

// putArray writes len(a) and the elements, width bytes each.
func putArray[T fixedInt](bw *crcio.Writer, a []T, width int) {
	bw.Uvarint(uint64(len(a)))
	var b [8]byte
	for _, x := range a {
		binary.LittleEndian.PutUint64(b[:], uint64(x))
		bw.Write(b[:width])
	}
}

// getArray reads what putArray wrote, refusing more than most elements.
func getArray[T fixedInt](r *crcio.Reader, width int, most uint64, what string) ([]T, error) {
	n, err := binary.ReadUvarint(r)
	if err != nil {
		return nil, fmt.Errorf("grow checkpoint: %s: %w", what, err)
	}
	if n > most {
		return nil, fmt.Errorf("grow checkpoint: %d %s, at most %d", n, what, most)
	}
	return getArrayN[T](r, n, width, what)
}

// resume loads a grow checkpoint into w, a new grower, and returns the
// states expanded before it. Every id and edge is checked to be in range
// (a checkpoint is trusted only as far as the certificate it leads to is
// checked; this keeps a damaged one from crashing the search).
func (w *grower) resume(in io.Reader) (int64, error) {
	r := crcio.NewReader(in, 1<<20)
	magic := make([]byte, len(growCheckpointMagic))
	if _, err := io.ReadFull(r, magic); err != nil {
		return 0, errors.New("grow checkpoint: not a Kocka grow checkpoint")
	}
	switch string(magic) {
	case growCheckpointMagic:
	case growCheckpointV1:
		return 0, errors.New("grow checkpoint: version 1 does not record the move order it counted moves in; start again without it")
	default:
		return 0, errors.New("grow checkpoint: not a Kocka grow checkpoint")
	}
	name, err := getString(r, "name")
	if err != nil {
		return 0, err
	}
	order, err := getString(r, "move order")
	if err != nil {
		return 0, err
	}
	var hdr [5]uint64
	for i := range hdr {
		if hdr[i], err = binary.ReadUvarint(r); err != nil {
			return 0, fmt.Errorf("grow checkpoint: header: %w", err)
		}
	}
	drawer, reuse, expanded, lost := hdr[0], hdr[1], int64(hdr[2]), int64(hdr[3])
	// hdr[4] is the length of the states array, read again below.
	if name != w.g.Name() || int(drawer) != w.drawer || int(reuse) != w.o.Reuse {
		return 0, fmt.Errorf("grow checkpoint: for %q drawer %d reuse %d, not %q drawer %d reuse %d", name, drawer, reuse, w.g.Name(), w.drawer, w.o.Reuse)
	}
	if order != moveOrderName(w.g) {
		return 0, fmt.Errorf("grow checkpoint: made with move order %q, not %q: its next moves count places in its own order", order, moveOrderName(w.g))
	}
	n := hdr[4]
	if n > maxGrowStates {
		return 0, fmt.Errorf("grow checkpoint: %d states, at most %d", n, uint64(maxGrowStates))
	}
	p := w.p
	states, err := getArrayN[State](r, n, 8, "states")
	if err != nil {
		return 0, err
	}
	for _, s := range states {
		if _, added := p.idx.Add(s); !added {
			return 0, fmt.Errorf("grow checkpoint: state %#x twice", s)
		}
	}
	p.states = states
	if p.status, err = getArray[uint8](r, 1, n, "statuses"); err != nil {
		return 0, err
	}
	if p.choice, err = getArray[State](r, 8, n, "choices"); err != nil {
		return 0, err
	}
	if p.lostAt, err = getArray[uint32](r, 4, n, "loss ranks"); err != nil {
		return 0, err
	}
	if w.next, err = getArray[uint16](r, 2, n, "next moves"); err != nil {
		return 0, err
	}
	if w.head, err = getArray[int32](r, 4, n, "edge heads"); err != nil {
		return 0, err
	}
	if w.edgeParent, err = getArray[uint32](r, 4, 1<<31-1, "edges"); err != nil {
		return 0, err
	}
	m := uint64(len(w.edgeParent))
	if w.edgeNext, err = getArray[int32](r, 4, m, "edge links"); err != nil {
		return 0, err
	}
	if w.queue, err = getArray[uint32](r, 4, n, "queue"); err != nil {
		return 0, err
	}
	if w.lostQ, err = getArray[uint32](r, 4, n, "loss queue"); err != nil {
		return 0, err
	}
	if uint64(len(p.status)) != n || uint64(len(p.choice)) != n || uint64(len(p.lostAt)) != n ||
		uint64(len(w.next)) != n || uint64(len(w.head)) != n || uint64(len(w.edgeNext)) != m {
		return 0, errors.New("grow checkpoint: arrays of different lengths")
	}
	for _, st := range p.status {
		if st != nodeNew && st != nodeLost {
			return 0, fmt.Errorf("grow checkpoint: status %d", st)
		}
	}
	for _, h := range w.head {
		if h < -1 || int64(h) >= int64(m) {
			return 0, errors.New("grow checkpoint: edge head out of range")
		}
	}
	for e := range w.edgeParent {
		if uint64(w.edgeParent[e]) >= n || w.edgeNext[e] < -1 || int64(w.edgeNext[e]) >= int64(m) {
			return 0, errors.New("grow checkpoint: edge out of range")
		}
	}
	for _, q := range [][]uint32{w.queue, w.lostQ} {
		for _, id := range q {
			if uint64(id) >= n {
				return 0, errors.New("grow checkpoint: queued id out of range")
			}
		}
	}
	if err := r.Verify(); err != nil {
		return 0, fmt.Errorf("grow checkpoint: %w", err)
	}
	p.num = make([]uint32, n)
	p.assumed = make([]bool, n)
	p.lost = lost
	return expanded, nil
}

// getString reads a length and at most 1 KiB of text.
func getString(r *crcio.Reader, what string) (string, error) {
	n, err := binary.ReadUvarint(r)
	if err != nil {
		return "", fmt.Errorf("grow checkpoint: %s: %w", what, err)
	}
	if n > 1<<10 {
		return "", fmt.Errorf("grow checkpoint: %s of %d bytes", what, n)
	}
	b := make([]byte, n)
	if _, err := io.ReadFull(r, b); err != nil {
		return "", fmt.Errorf("grow checkpoint: %s: %w", what, err)
	}
	return string(b), nil
}

// getArrayN reads n elements of an array whose length the caller has
// read. It grows the slice as the data arrives, so a damaged length runs
// out of input before it runs out of memory.
func getArrayN[T fixedInt](r *crcio.Reader, n uint64, width int, what string) ([]T, error) {
	var a []T
	buf := make([]byte, 1<<16*width)
	for left := n; left > 0; {
		k := min(left, 1<<16)
		if _, err := io.ReadFull(r, buf[:k*uint64(width)]); err != nil {
			return nil, fmt.Errorf("grow checkpoint: %s: %w", what, err)
		}
		for i := uint64(0); i < k; i++ {
			var b [8]byte
			copy(b[:], buf[i*uint64(width):(i+1)*uint64(width)])
			a = append(a, T(binary.LittleEndian.Uint64(b[:])))
		}
		left -= k
	}
	return a, nil
}
