package hatetris

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/crcio"
)

// A beam checkpoint is a search stopped between two pieces, written so
// that a search too long for one session goes on in the next one with the
// same result as if it had never stopped (TestBeamCheckpointResumes).
// It holds what Step reads: the depth, the best line of play, and every
// layer of links and wells that a line of play in the beam still goes
// through (compacted first; the beam's own wells are the last layer).
// What is derived (the set of hashes, the enemy cache) is rebuilt.
//
// Format: beamMagic, the caller's key (the settings the search depends
// on: evaluation, weights, line weight, quiescence), the width, depth,
// best lines and best path, the wall and CPU seconds spent so far, the
// layers (each: a count, then per entry the well's 16 rows, the parent's
// index, the placement and the lines), and a CRC-32 of it all (crcio).
const beamMagic = "KOCKABM1"

// BeamProgress is what a checkpoint remembers of the time spent.
type BeamProgress struct {
	Seconds, CPUSeconds float64
}

// maxKeyBytes bounds the key a checkpoint carries.
const maxKeyBytes = 4096

// WriteCheckpoint writes the search to w, with the caller's key and the
// time spent so far. The beam is compacted first (which changes nothing
// the search will do). A search from a well other than the empty one is
// not written: its start is not in the file.
func (b *Beam) WriteCheckpoint(w io.Writer, key string, spent BeamProgress) error {
	switch {
	case b.cfg.Start != (Bits{}):
		return errors.New("hatetris: only a search from the empty well can be checkpointed")
	case len(key) > maxKeyBytes:
		return fmt.Errorf("hatetris: checkpoint key of %d bytes (at most %d)", len(key), maxKeyBytes)
	case b.Depth > 0 && len(b.cur) == 0:
		return errors.New("hatetris: the search is over; nothing to checkpoint")
	}
	if len(b.layers) > 0 {
		b.compact()
	}
	cw := crcio.NewWriter(w, 1<<16)
	cw.WriteString(beamMagic)
	cw.Uvarint(uint64(len(key)))
	cw.WriteString(key)
	for _, x := range []uint64{uint64(b.cfg.Width), uint64(b.Depth), uint64(b.bestLn), uint64(len(b.best))} {
		cw.Uvarint(x)
	}
	for _, p := range b.best {
		writePlacement(cw, p)
	}
	cw.Uvarint(math.Float64bits(spent.Seconds))
	cw.Uvarint(math.Float64bits(spent.CPUSeconds))
	var row [2]byte
	for _, ly := range b.layers {
		cw.Uvarint(uint64(len(ly.links)))
		for i, l := range ly.links {
			for _, r := range ly.wells[i] {
				binary.LittleEndian.PutUint16(row[:], r)
				cw.Write(row[:])
			}
			cw.Uvarint(uint64(l.parent))
			writePlacement(cw, l.at)
			cw.Uvarint(uint64(l.lines))
		}
	}
	return cw.Finish()
}

func writePlacement(w io.ByteWriter, p Placement) {
	w.WriteByte(byte(p.ID))
	w.WriteByte(byte(p.O))
	w.WriteByte(byte(p.X))
	w.WriteByte(byte(p.Y))
}

// ErrCheckpointKey is the error of a checkpoint written by a search with
// other settings (or another width) than the one reading it.
var ErrCheckpointKey = errors.New("the checkpoint is of a search with other settings")

// CheckpointMismatchError is ReadCheckpoint's error for a checkpoint of
// another width or key: it says which, so that a caller can tell a
// search it has already kept (a leftover) from one it has not.
type CheckpointMismatchError struct {
	Width   int    // the checkpoint's width
	Key     string // the checkpoint's key
	Want    int    // the width asked for
	WantKey string // the key asked for
}

func (e *CheckpointMismatchError) Error() string {
	return fmt.Sprintf("%v: it was written by width %d, %q; this is width %d, %q", ErrCheckpointKey, e.Width, e.Key, e.Want, e.WantKey)
}

func (e *CheckpointMismatchError) Unwrap() error { return ErrCheckpointKey }

// ReadCheckpoint rebuilds a search written by WriteCheckpoint, for cfg
// (whose width and key must be the checkpoint's). Everything is checked
// before it is used: counts against the width, parents against the layer
// before, wells and placements against the well; a damaged or cut file
// is refused (crcio). Memory grows with what the file holds, plus at most
// one layer (the width's) that a cut file announces and does not hold.
func ReadCheckpoint(r io.Reader, cfg BeamConfig, key string) (*Beam, BeamProgress, error) {
	fail := func(format string, a ...any) (*Beam, BeamProgress, error) {
		return nil, BeamProgress{}, fmt.Errorf("hatetris: checkpoint: "+format, a...)
	}
	if cfg.Start != (Bits{}) || len(cfg.Prefix) > 0 {
		return fail("only a search from the empty well can be resumed")
	}
	b, err := NewBeam(cfg)
	if err != nil {
		return nil, BeamProgress{}, err
	}
	cr := crcio.NewReader(r, 1<<16)
	var magic [len(beamMagic)]byte
	if _, err := io.ReadFull(cr, magic[:]); err != nil || string(magic[:]) != beamMagic {
		return fail("not a Kocka beam checkpoint")
	}
	n, err := cr.Uvarint()
	if err != nil || n > maxKeyBytes {
		return fail("bad key length")
	}
	got := make([]byte, n)
	if _, err := io.ReadFull(cr, got); err != nil {
		return fail("cut short in the key")
	}
	var head [4]uint64
	for i := range head {
		if head[i], err = cr.Uvarint(); err != nil {
			return fail("cut short in the header")
		}
	}
	width, depth, bestLn, bestLen := head[0], head[1], head[2], head[3]
	if !bytes.Equal(got, []byte(key)) || width != uint64(cfg.Width) {
		return nil, BeamProgress{}, &CheckpointMismatchError{Width: int(min(width, math.MaxInt32)), Key: string(got), Want: cfg.Width, WantKey: key}
	}
	// Lines are at most 4 a piece; the best line of play ends at most one
	// piece after the beam (a game over).
	if depth > maxCheckpointDepth || bestLen > depth+1 || bestLn > 4*bestLen {
		return fail("depth %d, best line %d lines in %d pieces: out of range", depth, bestLn, bestLen)
	}
	// Grown as read, not sized from the header: a cut file costs what it
	// holds.
	b.best = nil
	for i := uint64(0); i < bestLen; i++ {
		at, err := readPlacement(cr)
		if err != nil {
			return fail("best line, piece %d: %v", i+1, err)
		}
		b.best = append(b.best, at)
	}
	b.bestLn = int(bestLn)
	var spent BeamProgress
	for _, f := range []*float64{&spent.Seconds, &spent.CPUSeconds} {
		x, err := cr.Uvarint()
		*f = math.Float64frombits(x)
		if err != nil || math.IsNaN(*f) || math.IsInf(*f, 0) || *f < 0 {
			return fail("bad time spent")
		}
	}
	b.layers = nil
	prev := uint64(1) // the root
	var row [2]byte
	for d := uint64(0); d < depth; d++ {
		n, err := cr.Uvarint()
		switch {
		case err != nil:
			return fail("cut short at piece %d", d+1)
		case n < 1 || n > width:
			return fail("piece %d: %d wells (1 to %d)", d+1, n, width)
		}
		ly := layer{wells: make([]Bits, n), links: make([]link, n)}
		for i := range ly.links {
			for k := range ly.wells[i] {
				if _, err := io.ReadFull(cr, row[:]); err != nil {
					return fail("cut short at piece %d", d+1)
				}
				ly.wells[i][k] = binary.LittleEndian.Uint16(row[:])
				if ly.wells[i][k] > fullRow {
					return fail("piece %d, well %d: a row wider than the well", d+1, i)
				}
			}
			parent, err := cr.Uvarint()
			if err != nil || parent >= prev {
				return fail("piece %d, well %d: parent %d of %d", d+1, i, parent, prev)
			}
			at, err := readPlacement(cr)
			if err != nil {
				return fail("piece %d, well %d: %v", d+1, i, err)
			}
			lines, err := cr.Uvarint()
			if err != nil || lines > 4*(d+1) {
				return fail("piece %d, well %d: bad lines", d+1, i)
			}
			ly.links[i] = link{parent: uint32(parent), at: at, lines: int32(lines)}
		}
		b.layers = append(b.layers, ly)
		prev = n
	}
	if err := cr.Verify(); err != nil {
		return fail("%v", err)
	}
	if err := cr.End(); err != nil {
		return fail("%v", err)
	}
	b.Depth = int(depth)
	if depth > 0 {
		last := b.layers[depth-1]
		b.cur = make([]entry, len(last.links))
		for i := range b.cur {
			b.cur[i] = entry{well: last.wells[i], lines: last.links[i].lines}
		}
	}
	b.seen = newHashSet()
	b.seen.add(b.cfg.Start.Hash())
	for _, ly := range b.layers {
		for i := range ly.wells {
			b.seen.add(ly.wells[i].Hash())
		}
	}
	return b, spent, nil
}

// maxCheckpointDepth bounds the pieces a checkpoint may say it holds
// (the record lines are a few thousand pieces long).
const maxCheckpointDepth = 1 << 20

func readPlacement(r io.Reader) (Placement, error) {
	var p [4]byte
	if _, err := io.ReadFull(r, p[:]); err != nil {
		return Placement{}, errors.New("cut short")
	}
	at := Placement{ID: engine.Piece(p[0]), O: int8(p[1]), X: int8(p[2]), Y: int8(p[3])}
	if at.ID < engine.I || at.ID > engine.L || at.O < 0 || at.O > 3 {
		return Placement{}, fmt.Errorf("placement %v is not a piece", at)
	}
	return at, nil
}
