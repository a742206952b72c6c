package hatetris

import (
	"bytes"
	"strings"
	"testing"
)

// TestBase65536Vectors are the original's own codec vectors
// (qntm/hatetris, test/replay-codecs/base65536.test.ts), both ways.
func TestBase65536Vectors(t *testing.T) {
	tests := []struct{ moves, replay, decoded string }{
		{"DDDRUD", "𤺤", "DDDRUD"},
		{"DDDRUDUU", "𤺤ᗐ", "DDDRUDUUL"}, // an odd run count is padded with one L
		{"DDDRUDUUL", "𤺤ᗐ", "DDDRUDUUL"},
		{"", "", ""},
	}
	for _, tc := range tests {
		moves, _ := ParseMoves(tc.moves)
		if got := EncodeBase65536Replay(moves); got != tc.replay {
			t.Errorf("encode %s = %q, want %q", tc.moves, got, tc.replay)
		}
		got, err := DecodeBase65536Replay(tc.replay)
		if err != nil || MovesString(got) != tc.decoded {
			t.Errorf("decode %q = %s, %v; want %s", tc.replay, MovesString(got), err, tc.decoded)
		}
	}
	// Through the replay reader, trimmed as the original trims.
	for _, s := range []string{"𤺤", " 𤺤 ", "𤺤\n"} {
		got, err := DecodeReplay(s)
		if err != nil || MovesString(got) != "DDDRUD" {
			t.Errorf("DecodeReplay(%q) = %s, %v", s, MovesString(got), err)
		}
	}
}

// TestBase65536Blocks checks the block table against the facts of the
// specification: 256 blocks of 256 code points, all assigned, none in
// the surrogates or the lone-byte block, first and last as published.
func TestBase65536Blocks(t *testing.T) {
	seen := map[rune]bool{}
	for b, c := range b65kBlock {
		if c%256 != 0 || seen[c] || c >= 0xD800 && c < 0xE000 || c == base65536Final {
			t.Errorf("block %d starts at U+%04X", b, c)
		}
		seen[c] = true
	}
	if b65kBlock[0] != 0x3400 || b65kBlock[255] != 0x28500 {
		t.Errorf("first and last blocks U+%04X, U+%04X; want U+3400, U+28500", b65kBlock[0], b65kBlock[255])
	}
}

func TestBase65536RoundTrip(t *testing.T) {
	for n := 0; n < 600; n++ {
		data := make([]byte, n)
		for i := range data {
			data[i] = byte(i*131 + n*7)
		}
		enc := EncodeBase65536(data)
		if got := len([]rune(enc)); got != (n+1)/2 {
			t.Fatalf("%d bytes: %d characters, want %d", n, got, (n+1)/2)
		}
		got, err := DecodeBase65536(enc)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("%d bytes: got %v, %v", n, got, err)
		}
	}
	// Every pair of bytes has its own character.
	seen := map[rune]bool{}
	for a := 0; a < 256; a++ {
		for b := 0; b < 256; b++ {
			r := []rune(EncodeBase65536([]byte{byte(a), byte(b)}))[0]
			if seen[r] {
				t.Fatalf("bytes %d %d share U+%04X", a, b, r)
			}
			seen[r] = true
		}
	}
}

func TestBase65536Errors(t *testing.T) {
	tests := []struct{ in, err string }{
		{"ᗐ𤺤", "follows the final"},
		{"ᗐᗐ", "follows the final"},
		{"𤺤 𤺤", "unrecognised character"},
		{"A", "unrecognised character"},
		{"௨", "unrecognised character"}, // Base2048, not Base65536
		{"\xff", "invalid UTF-8"},
		{"\U00028600", "unrecognised character"}, // just past the last block
	}
	for _, tc := range tests {
		_, err := DecodeBase65536(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("DecodeBase65536(%q) = %v, want an error with %q", tc.in, err, tc.err)
		}
	}
}

func TestEncodeReplayAs(t *testing.T) {
	moves, _ := ParseMoves("DDDRUD")
	for enc, want := range map[string]string{"base2048": "ਹԇ", "base65536": "𤺤", "hex": "A9E"} {
		got, err := EncodeReplayAs(moves, enc)
		if err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", enc, got, err, want)
		}
	}
	if _, err := EncodeReplayAs(moves, "base64"); err == nil {
		t.Error("EncodeReplayAs accepted base64")
	}
}

func FuzzDecodeBase65536(f *testing.F) {
	f.Add("𤺤ᗐ")
	f.Add("𤆻𤆻𤆻𤆻𤆻𡚻")
	f.Add("ᗐ𤺤")
	f.Fuzz(func(t *testing.T, s string) {
		data, err := DecodeBase65536(s)
		if err != nil {
			return
		}
		// Base65536 has one spelling per byte string: what decodes
		// re-encodes to the same text.
		if again := EncodeBase65536(data); again != s {
			t.Fatalf("%q decodes to %x, which encodes as %q", s, data, again)
		}
	})
}
