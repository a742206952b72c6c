package gobblers

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"

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

// ReadTable reads a finished table file that is size bytes long (the
// whole of r). Before it allocates anything of the table's size it checks
// the header against the input: the count of positions must be one the
// space can have (from an eighth of its raw positions, as the 8 symmetries
// leave at least one canonical position in 8, to all of them), size must
// hold the header, two bytes a position and the checksum, and the table in
// memory (TableBytes) must fit maxBytes (0: no limit). So a short file with
// the header of the real game is refused, not met with 1.3 GB of tables.
func ReadTable(r io.Reader, size, maxBytes int64) (*Table, error) {
	cr := crcio.NewReader(r, 1<<20)
	h, err := readHeader(cr)
	if err != nil {
		return nil, err
	}
	sp, err := NewSpace(h.sizes, h.per)
	if err != nil {
		return nil, fmt.Errorf("gobblers table: %w", err)
	}
	if err := h.fits(sp, size, maxBytes); err != nil {
		return nil, err
	}
	t := newTable(sp)
	t.Val = make([]prove.Value, t.Count)
	t.Dist = make([]uint8, t.Count)
	if err := t.readBody(cr, h, false); err != nil {
		return nil, err
	}
	return t, nil
}

// read restores t (already numbered for its space, its table allocated)
// from a file of the same space: a checkpoint when resume, a finished
// table otherwise. When r can tell its size (a file), a file too short for
// its header is refused before its body is read.
func (t *Table) read(r io.Reader, resume bool) error {
	cr := crcio.NewReader(r, 1<<20)
	h, err := readHeader(cr)
	if err != nil {
		return err
	}
	if h.sizes != t.Space.Sizes || h.per != t.Space.Per {
		return fmt.Errorf("gobblers table: for sizes %d per-size %d, not %d and %d", h.sizes, h.per, t.Space.Sizes, t.Space.Per)
	}
	size := int64(-1)
	if f, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			size = st.Size()
		}
	}
	if err := h.fits(t.Space, size, 0); err != nil {
		return err
	}
	return t.readBody(cr, h, resume)
}

// header is a table file's header: the space, the phase, its place, the
// highest distance, the count of canonical positions, and its own length
// in bytes.
type header struct {
	sizes, per              int
	phase, next, top, count uint64
	bytes                   int64
}

func readHeader(cr *crcio.Reader) (header, error) {
	var h header
	magic := make([]byte, len(tableMagic))
	if _, err := io.ReadFull(cr, magic); err != nil || !IsTable(magic) {
		return h, errors.New("gobblers table: not a Kocka Gobblers table")
	}
	h.bytes = int64(len(tableMagic))
	var x [6]uint64
	for i := range x {
		v, err := binary.ReadUvarint(countBytes{cr, &h.bytes})
		if err != nil {
			return h, fmt.Errorf("gobblers table: %w", err)
		}
		x[i] = v
	}
	s, p := x[0], x[1]
	if s < 1 || s > 3 || p < 1 || p > 2 {
		return h, fmt.Errorf("gobblers table: sizes %d per-size %d", s, p)
	}
	h.sizes, h.per = int(s), int(p)
	h.phase, h.next, h.top, h.count = x[2], x[3], x[4], x[5]
	if h.phase > uint64(phaseDone) || h.top > 0xff {
		return h, fmt.Errorf("gobblers table: phase %d, distance %d", h.phase, h.top)
	}
	return h, nil
}

// fits checks, before the table is allocated, that the header's count of
// positions is one sp can have, that an input of size bytes (-1: unknown)
// holds the header, the two bytes a position and the checksum, and that
// the table takes at most maxBytes (0: no limit).
func (h header) fits(sp *Space, size, maxBytes int64) error {
	if h.count < (sp.N+7)/8 || h.count > sp.N {
		return fmt.Errorf("gobblers table: %d positions, the space of %d can have %d to %d canonical ones", h.count, sp.N, (sp.N+7)/8, sp.N)
	}
	need := h.bytes + 2*int64(h.count) + 4
	if size >= 0 && size < need {
		return fmt.Errorf("gobblers table: the file has %d bytes, its header (%d positions) needs %d", size, h.count, need)
	}
	if b := TableBytes(sp, h.count); maxBytes > 0 && b > maxBytes {
		return fmt.Errorf("gobblers table: the table of %d positions needs %d MiB, over the limit of %d MiB", h.count, b>>20, maxBytes>>20)
	}
	return nil
}

// countBytes is an io.ByteReader that counts the bytes read through it.
type countBytes struct {
	r *crcio.Reader
	n *int64
}

func (c countBytes) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		*c.n++
	}
	return b, err
}

func (t *Table) readBody(cr *crcio.Reader, h header, resume bool) error {
	phase, next, top, count := h.phase, h.next, h.top, h.count
	switch {
	case count != t.Count:
		return fmt.Errorf("gobblers table: %d positions, the space has %d", count, t.Count)
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
