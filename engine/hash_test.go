package engine_test

import (
	"hash/fnv"
	"testing"

	"github.com/kocka/kocka/engine"
)

// TestFNV1aMatchesTheStandardLibrary: byte by byte, the helper is FNV-1a
// as hash/fnv computes it.
func TestFNV1aMatchesTheStandardLibrary(t *testing.T) {
	for _, s := range []string{"", "a", "kocka", "\x00\xff\x10 any bytes"} {
		h := engine.NewFNV1a()
		for i := range len(s) {
			h.Byte(s[i])
		}
		std := fnv.New64a()
		std.Write([]byte(s))
		if h.Sum() != std.Sum64() {
			t.Errorf("%q: %016x, hash/fnv %016x", s, h.Sum(), std.Sum64())
		}
	}
	h := engine.NewFNV1a()
	h.Uint64(0x0102030405060708)
	std := fnv.New64a()
	std.Write([]byte{8, 7, 6, 5, 4, 3, 2, 1})
	if h.Sum() != std.Sum64() {
		t.Errorf("Uint64 is not its eight bytes, lowest first")
	}
}
