// Package crcio writes and reads the prover's files (certificates,
// checkpoints, tables), which end in a CRC-32 (IEEE, little endian) of
// every byte before it, so that a damaged or cut file is refused rather
// than read as a different proof.
package crcio

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"
)

// ErrMismatch is the error of a file whose content does not match its
// checksum.
var ErrMismatch = errors.New("checksum mismatch")

// Writer buffers what is written to it, checksumming it; Finish adds the
// checksum.
type Writer struct {
	*bufio.Writer
	w   io.Writer
	crc hash.Hash32
	tmp [binary.MaxVarintLen64]byte
}

// NewWriter writes to w through a buffer of size bytes.
func NewWriter(w io.Writer, size int) *Writer {
	crc := crc32.NewIEEE()
	return &Writer{Writer: bufio.NewWriterSize(io.MultiWriter(w, crc), size), w: w, crc: crc}
}

// Uvarint writes x as an unsigned varint.
func (w *Writer) Uvarint(x uint64) {
	w.Write(w.tmp[:binary.PutUvarint(w.tmp[:], x)])
}

// Finish flushes the buffer and writes the checksum of everything
// written; it returns the first error of any write.
func (w *Writer) Finish() error {
	if err := w.Flush(); err != nil {
		return err
	}
	var sum [4]byte
	binary.LittleEndian.PutUint32(sum[:], w.crc.Sum32())
	_, err := w.w.Write(sum[:])
	return err
}

// Reader reads through a buffer, checksumming exactly the bytes read
// from it (not those the buffer holds ahead); Verify reads the checksum.
type Reader struct {
	r   *bufio.Reader
	crc hash.Hash32
	one [1]byte
}

// NewReader reads r through a buffer of size bytes.
func NewReader(r io.Reader, size int) *Reader {
	return &Reader{r: bufio.NewReaderSize(r, size), crc: crc32.NewIEEE()}
}

func (r *Reader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	r.crc.Write(p[:n])
	return n, err
}

// ReadByte makes Reader an io.ByteReader, for binary.ReadUvarint.
func (r *Reader) ReadByte() (byte, error) {
	b, err := r.r.ReadByte()
	if err == nil {
		r.one[0] = b
		r.crc.Write(r.one[:])
	}
	return b, err
}

// Uvarint reads an unsigned varint.
func (r *Reader) Uvarint() (uint64, error) { return binary.ReadUvarint(r) }

// Verify reads the checksum that follows the bytes read so far and
// compares it with theirs: ErrMismatch when it differs, an error when it
// is missing.
func (r *Reader) Verify() error {
	want := r.crc.Sum32()
	var sum [4]byte
	if _, err := io.ReadFull(r.r, sum[:]); err != nil {
		return fmt.Errorf("checksum: %w", err)
	}
	if binary.LittleEndian.Uint32(sum[:]) != want {
		return ErrMismatch
	}
	return nil
}

// End reports an error when anything follows what was read.
func (r *Reader) End() error {
	if _, err := r.r.ReadByte(); err != io.EOF {
		return errors.New("bytes after the checksum")
	}
	return nil
}
