package bounded

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// zeros is an endless reader, like /dev/zero.
type zeros struct{ read int64 }

func (z *zeros) Read(p []byte) (int, error) {
	clear(p)
	z.read += int64(len(p))
	return len(p), nil
}

func TestReadAllStopsAtTheCap(t *testing.T) {
	z := &zeros{}
	_, err := ReadAll(z, 1<<20, "stdin")
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Limit != 1<<20 || !strings.Contains(err.Error(), "1 MiB") {
		t.Fatalf("err = %v, want a TooLargeError of 1 MiB", err)
	}
	if z.read > 2<<20 {
		t.Errorf("read %d bytes of an endless input, want about the cap", z.read)
	}
	data, err := ReadAll(strings.NewReader("abc"), 3, "x")
	if err != nil || string(data) != "abc" {
		t.Errorf("ReadAll at exactly the cap = %q, %v", data, err)
	}
}

func TestReadFileRejectsFolders(t *testing.T) {
	if _, err := ReadFile(t.TempDir(), nil, 10); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("err = %v, want a folder error", err)
	}
}

func TestLineReaderSkipsLongLinesAndGoesOn(t *testing.T) {
	long := strings.Repeat("x", 200<<10) // longer than the reader's buffer too
	in := "one\r\n" + long + "\ntwo\n\n" + strings.Repeat("y", 11) + "\nlast"
	l := NewLineReader(strings.NewReader(in), 10)
	type got struct {
		line string
		long bool
	}
	var out []got
	for {
		line, err := l.Next()
		if err == io.EOF {
			break
		}
		var tl *TooLargeError
		if errors.As(err, &tl) {
			out = append(out, got{long: true})
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, got{line: string(line)})
	}
	want := []got{{line: "one"}, {long: true}, {line: "two"}, {line: ""}, {long: true}, {line: "last"}}
	if len(out) != len(want) {
		t.Fatalf("lines %v, want %v", out, want)
	}
	for i := range want {
		if out[i] != want[i] {
			t.Errorf("line %d = %v, want %v", i+1, out[i], want[i])
		}
	}
}

func FuzzLineReader(f *testing.F) {
	f.Add("a\nbb\r\nccc", 2)
	f.Fuzz(func(t *testing.T, in string, max int) {
		max = 1 + max&63
		l := NewLineReader(strings.NewReader(in), max)
		for range len(in) + 2 {
			line, err := l.Next()
			if err == io.EOF {
				return
			}
			if err == nil && len(line) > max {
				t.Fatalf("line of %d bytes, cap %d", len(line), max)
			}
		}
		t.Fatal("more lines than bytes")
	})
}
