package gobblers

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/kocka/kocka/internal/crcio"
	"github.com/kocka/kocka/solver/prove"
)

// A table file (finished, or a checkpoint of an unfinished solve) is the
// magic line, the space (sizes, pieces a size), the phase, its place and the
// highest distance so far as varints, the number of canonical positions,
// then one value byte and one distance byte for each canonical position in
// the order of their numbers, and a CRC-32 (IEEE, little endian) of all
// that. Files of the real game are about 0.7 GB.
const tableMagic = "KOCKA GOBBLERS TABLE 1\n"

// IsTable reports whether head, the start of a file, is a table file.
func IsTable(head []byte) bool {
	return len(head) >= len(tableMagic) && string(head[:len(tableMagic)]) == tableMagic
}

// Write writes the table (a checkpoint while it is unfinished).
func (t *Table) Write(w io.Writer) error {
	bw := crcio.NewWriter(w, 1<<20)
	put := bw.Uvarint
	bw.WriteString(tableMagic)
	for _, x := range []uint64{uint64(t.Space.Sizes), uint64(t.Space.Per), uint64(t.phase), t.next, uint64(t.top), t.Count} {
		put(x)
	}
	for _, v := range t.Val {
		bw.WriteByte(byte(v))
	}
	bw.Write(t.Dist)
	return bw.Finish()
}

// ReadTable reads a finished table file.
func ReadTable(r io.Reader) (*Table, error) {
	cr := crcio.NewReader(r, 1<<20)
	sizes, per, err := readHead(cr)
	if err != nil {
		return nil, err
	}
	sp, err := NewSpace(sizes, per)
	if err != nil {
		return nil, fmt.Errorf("gobblers table: %w", err)
	}
	t := newTable(sp)
	t.Val = make([]prove.Value, t.Count)
	t.Dist = make([]uint8, t.Count)
	if err := t.readBody(cr, false); err != nil {
		return nil, err
	}
	return t, nil
}

// read restores t (already numbered for its space) from a file of the same
// space: a checkpoint when resume, a finished table otherwise.
func (t *Table) read(r io.Reader, resume bool) error {
	cr := crcio.NewReader(r, 1<<20)
	sizes, per, err := readHead(cr)
	if err != nil {
		return err
	}
	if sizes != t.Space.Sizes || per != t.Space.Per {
		return fmt.Errorf("gobblers table: for sizes %d per-size %d, not %d and %d", sizes, per, t.Space.Sizes, t.Space.Per)
	}
	return t.readBody(cr, resume)
}

func readHead(cr *crcio.Reader) (sizes, per int, err error) {
	magic := make([]byte, len(tableMagic))
	if _, err := io.ReadFull(cr, magic); err != nil || !IsTable(magic) {
		return 0, 0, errors.New("gobblers table: not a Kocka Gobblers table")
	}
	s, err1 := binary.ReadUvarint(cr)
	p, err2 := binary.ReadUvarint(cr)
	if err := errors.Join(err1, err2); err != nil {
		return 0, 0, fmt.Errorf("gobblers table: %w", err)
	}
	if s < 1 || s > 3 || p < 1 || p > 2 {
		return 0, 0, fmt.Errorf("gobblers table: sizes %d per-size %d", s, p)
	}
	return int(s), int(p), nil
}

func (t *Table) readBody(cr *crcio.Reader, resume bool) error {
	var h [4]uint64
	for i := range h {
		x, err := binary.ReadUvarint(cr)
		if err != nil {
			return fmt.Errorf("gobblers table: %w", err)
		}
		h[i] = x
	}
	phase, next, top, count := h[0], h[1], h[2], h[3]
	switch {
	case count != t.Count:
		return fmt.Errorf("gobblers table: %d positions, the space has %d", count, t.Count)
	case phase > uint64(phaseDone) || top > 0xff:
		return fmt.Errorf("gobblers table: phase %d, distance %d", phase, top)
	case !resume && phase != uint64(phaseDone):
		return errors.New("gobblers table: an unfinished solve (a checkpoint), not a table")
	case phase == uint64(phaseInit) && next > uint64(len(t.canon)):
		return fmt.Errorf("gobblers table: checkpoint at word %d of %d", next, len(t.canon))
	}
	buf := make([]byte, 1<<20)
	for lo := uint64(0); lo < count; lo += uint64(len(buf)) {
		b := buf[:min(uint64(len(buf)), count-lo)]
		if _, err := io.ReadFull(cr, b); err != nil {
			return fmt.Errorf("gobblers table: values: %w", err)
		}
		for i, v := range b {
			if v > byte(prove.Draw) || (phase == uint64(phaseDone) && v == byte(prove.Unknown)) {
				return fmt.Errorf("gobblers table: value %d at %d", v, lo+uint64(i))
			}
			t.Val[lo+uint64(i)] = prove.Value(v)
		}
	}
	if _, err := io.ReadFull(cr, t.Dist); err != nil {
		return fmt.Errorf("gobblers table: distances: %w", err)
	}
	if err := cr.Verify(); err != nil {
		return fmt.Errorf("gobblers table: %w", err)
	}
	t.phase, t.next, t.top = uint8(phase), next, int(top)
	return nil
}
