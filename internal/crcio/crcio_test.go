package crcio

import (
	"bytes"
	"errors"
	"io"
	"testing"
)

func write(t *testing.T, size int) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf, size)
	w.WriteString("HEAD\n")
	for _, x := range []uint64{0, 1, 127, 128, 1 << 40, ^uint64(0)} {
		w.Uvarint(x)
	}
	w.Write(bytes.Repeat([]byte{7}, 3000))
	if err := w.Finish(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func read(data []byte, size int) ([]uint64, error) {
	r := NewReader(bytes.NewReader(data), size)
	head := make([]byte, 5)
	if _, err := io.ReadFull(r, head); err != nil {
		return nil, err
	}
	var xs []uint64
	for range 6 {
		x, err := r.Uvarint()
		if err != nil {
			return nil, err
		}
		xs = append(xs, x)
	}
	if _, err := io.ReadFull(r, make([]byte, 3000)); err != nil {
		return nil, err
	}
	return xs, r.Verify()
}

// TestRoundTrip: what is written reads back and checks, whatever the
// buffer sizes (the reader's buffer runs ahead of what it hands out).
func TestRoundTrip(t *testing.T) {
	for _, size := range []int{16, 64, 1 << 16} {
		data := write(t, size)
		xs, err := read(data, size)
		if err != nil {
			t.Fatalf("buffer %d: %v", size, err)
		}
		if xs[3] != 128 || xs[5] != ^uint64(0) {
			t.Fatalf("buffer %d: read %v", size, xs)
		}
	}
}

// TestDamage: any one byte changed gives ErrMismatch or a read error, and
// a file cut anywhere is refused.
func TestDamage(t *testing.T) {
	data := write(t, 64)
	for i := range data {
		bad := bytes.Clone(data)
		bad[i] ^= 0x20
		if _, err := read(bad, 64); err == nil {
			t.Fatalf("byte %d changed: read without an error", i)
		}
	}
	for n := range len(data) {
		if _, err := read(data[:n], 64); err == nil {
			t.Fatalf("cut to %d bytes: read without an error", n)
		}
	}
	bad := bytes.Clone(data)
	bad[len(bad)-1] ^= 1
	if _, err := read(bad, 64); !errors.Is(err, ErrMismatch) {
		t.Fatalf("checksum changed: %v, want ErrMismatch", err)
	}
}

type failWriter struct{ after int }

func (f *failWriter) Write(p []byte) (int, error) {
	if f.after < len(p) {
		return 0, errors.New("disk full")
	}
	f.after -= len(p)
	return len(p), nil
}

// TestFinishReportsWriteErrors: a failing disk shows at Finish.
func TestFinishReportsWriteErrors(t *testing.T) {
	for _, after := range []int{0, 100, 3002} { // the last fails at the checksum
		w := NewWriter(&failWriter{after: after}, 64)
		w.Write(bytes.Repeat([]byte{1}, 3000))
		w.Uvarint(5)
		if err := w.Finish(); err == nil {
			t.Fatalf("writer failing after %d bytes: Finish gave no error", after)
		}
	}
}
