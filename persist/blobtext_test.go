package persist

import (
	"bytes"
	"testing"
	"unicode/utf8"
)

func TestBlobText(t *testing.T) {
	tests := []struct {
		name   string
		data   []byte
		stored string // "" = not checked
	}{
		{"json as is", []byte(`{"volume":7}`), `{"volume":7}`},
		{"empty", []byte{}, ""},
		{"unicode text", []byte("Kocka — kocka ✓"), "Kocka — kocka ✓"},
		{"binary", []byte{0xff, 0x00, 0xfe}, blobBase64 + "/wD+"},
		{"text that looks encoded", []byte(blobBase64 + "abc"), blobBase64 + "a29ja2EtYmFzZTY0OmFiYw=="},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := encodeBlob(tc.data)
			if tc.stored != "" && s != tc.stored {
				t.Errorf("stored %q, want %q", s, tc.stored)
			}
			if !utf8.ValidString(s) {
				t.Errorf("stored %q is not valid UTF-8", s)
			}
			if got := decodeBlob(s); !bytes.Equal(got, tc.data) {
				t.Errorf("round trip %q, want %q", got, tc.data)
			}
		})
	}
}

// A damaged encoded blob is returned as it was stored, for the loader to
// report and keep.
func TestBlobTextDamaged(t *testing.T) {
	s := blobBase64 + "not*base64"
	if got := decodeBlob(s); string(got) != s {
		t.Fatalf("decodeBlob(%q) = %q, want the text back", s, got)
	}
}

func FuzzBlobText(f *testing.F) {
	for _, seed := range []string{"", "{}", "\xff\xfe", blobBase64, blobBase64 + "AA==", "ü"} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 256 {
			return // minimising a long input takes quadratic time: docs/benchmarks.md, Fuzzing
		}
		s := encodeBlob(data)
		if !utf8.ValidString(s) {
			t.Fatalf("encodeBlob(%q) = %q, not valid UTF-8", data, s)
		}
		if got := decodeBlob(s); !bytes.Equal(got, data) {
			t.Fatalf("round trip of %q gave %q", data, got)
		}
		decodeBlob(string(data)) // any stored text decodes without panicking
	})
}
