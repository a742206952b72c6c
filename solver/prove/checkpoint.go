package prove

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/kocka/kocka/internal/crcio"
)

// A checkpoint holds the proof search's settled states: the proven ones
// (each with its choice at the drawing player's nodes) and the lost ones.
// Both are final whatever the search finds later, so a search resumed from
// a checkpoint redoes only the unsettled work. The format is the
// certificate's (sorted varint differences, a CRC-32 at the end) with a
// kind for each state.
const checkpointMagic = "KOCKA PROOF CHECKPOINT 1\n"

func (p *prover) writeCheckpoint(w io.Writer) error {
	bw := crcio.NewWriter(w, 1<<16)
	put := bw.Uvarint
	bw.WriteString(checkpointMagic)
	put(uint64(len(p.g.Name())))
	bw.WriteString(p.g.Name())
	put(uint64(p.drawer))
	var n uint64
	for _, st := range p.status {
		if st == nodeProven || st == nodeLost {
			n++
		}
	}
	put(n)
	// In the index's slot order: the reader does not need them sorted.
	for i, k := range p.idx.keys {
		if k == NoState {
			continue
		}
		id := p.idx.ids[i]
		switch p.status[id] {
		case nodeProven:
			put(uint64(k))
			if c := p.choice[id]; c != NoState {
				put(uint64(c) + 2)
			} else {
				put(1)
			}
		case nodeLost:
			put(uint64(k))
			put(0)
			put(uint64(p.lostAt[id]))
		}
	}
	return bw.Finish()
}

func (p *prover) resume(r io.Reader) error {
	cr := crcio.NewReader(r, 1<<16)
	magic := make([]byte, len(checkpointMagic))
	if _, err := io.ReadFull(cr, magic); err != nil || string(magic) != checkpointMagic {
		return errors.New("checkpoint: not a Kocka proof checkpoint")
	}
	get := func() uint64 {
		x, err := binary.ReadUvarint(cr)
		if err != nil && p.err == nil {
			p.err = fmt.Errorf("checkpoint: %w", err)
		}
		return x
	}
	ln := get()
	if ln > 1<<10 {
		return fmt.Errorf("checkpoint: name of %d bytes", ln)
	}
	name := make([]byte, ln)
	io.ReadFull(cr, name)
	drawer := get()
	if string(name) != p.g.Name() || int(drawer) != p.drawer {
		return fmt.Errorf("checkpoint: for %q drawer %d, not %q drawer %d", name, drawer, p.g.Name(), p.drawer)
	}
	n := get()
	for i := uint64(0); i < n && p.err == nil; i++ {
		s, kind := State(get()), get()
		id := p.id(s)
		switch kind {
		case 0:
			p.status[id] = nodeLost
			p.lostAt[id] = uint32(get())
			p.lost = max(p.lost, int64(p.lostAt[id]))
		case 1:
			p.status[id] = nodeProven
		default:
			p.status[id] = nodeProven
			p.choice[id] = State(kind - 2)
		}
	}
	if p.err != nil {
		err := p.err
		p.err = nil
		return err
	}
	if err := cr.Verify(); err != nil {
		return fmt.Errorf("checkpoint: %w", err)
	}
	return nil
}
