// Package bounded reads inputs from outside (files, stdin, pipes, protocol
// lines) with a cap on their size, so that /dev/zero or a 10 GB line costs
// a clear error instead of all the memory there is.
package bounded

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
)

// TooLargeError says an input was longer than its cap.
type TooLargeError struct {
	What  string // "board.txt", "stdin", "line 3"
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %s, the most that is read", e.What, Size(e.Limit))
}

// Size writes a byte count the way the help texts do: 4 MiB, 64 KiB, 100 bytes.
func Size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ReadAll reads r to its end, or fails with a TooLargeError as soon as it
// has read more than limit bytes: memory stays within limit+1 bytes
// whatever r is (/dev/zero, a 10 GB pipe).
func ReadAll(r io.Reader, limit int64, what string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{What: what, Limit: limit}
	}
	return data, nil
}

// ReadFile is ReadAll of the file name, or of stdin when name is "-".
func ReadFile(name string, stdin io.Reader, limit int64) ([]byte, error) {
	if name == "-" {
		if stdin == nil {
			return nil, errors.New("- names stdin, and this command reads none")
		}
		return ReadAll(stdin, limit, "stdin")
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a file", name)
	}
	return ReadAll(f, limit, name)
}

// LineReader reads lines of at most Max bytes. A longer line is skipped to
// its end, never held, and reported as a TooLargeError, after which the
// next line reads as usual: a line protocol answers it and goes on.
type LineReader struct {
	r    *bufio.Reader
	max  int
	buf  []byte
	line int
}

// NewLineReader reads lines of at most max bytes from r.
func NewLineReader(r io.Reader, max int) *LineReader {
	// The buffer need not hold a whole line: long lines grow buf.
	return &LineReader{r: bufio.NewReaderSize(r, min(max, 4<<10)), max: max}
}

// Next returns the next line without its "\n" (or "\r\n"). The slice is
// valid until the next call. At the end of the input it returns io.EOF; a
// last line without a newline is returned first.
func (l *LineReader) Next() ([]byte, error) {
	l.buf = l.buf[:0]
	l.line++
	tooLong := false
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !tooLong {
			if len(l.buf)+len(chunk) > l.max+2 { // +2: the "\r\n" is not the line's
				tooLong = true
				l.buf = l.buf[:0]
			} else {
				l.buf = append(l.buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && (err != io.EOF || (len(l.buf) == 0 && !tooLong && len(chunk) == 0)) {
			return nil, err
		}
		line := l.buf
		if n := len(line); n > 0 && line[n-1] == '\n' {
			line = line[:n-1]
		}
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
		if tooLong || len(line) > l.max {
			return nil, &TooLargeError{What: fmt.Sprintf("line %d", l.line), Limit: int64(l.max)}
		}
		return line, nil
	}
}
