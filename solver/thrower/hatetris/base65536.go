package hatetris

import (
	"fmt"
	"unicode/utf8"
)

// Base65536 (qntm's binary-to-text encoding, the one HATETRIS replays
// used between hex and Base2048): each character carries two bytes, and a
// final lone byte has a character of its own. The characters come from
// 256 Unicode blocks of 256 code points each: the second byte of a pair
// picks the block and the first byte is the offset inside it (the
// reference code says the byte order was chosen "the wrong way round"
// originally and kept). A lone final byte b is U+1500 + b.
//
// The blocks, as ranges of whole 256-code-point blocks (first inclusive,
// last exclusive), in the order of their byte values; they come from the
// published specification (qntm/base65536) and add up to 256 blocks.
var base65536Ranges = [...][2]rune{
	{0x3400, 0x4D00}, {0x4E00, 0x9F00}, {0xA100, 0xA400}, {0xA500, 0xA600},
	{0x10600, 0x10700}, {0x12000, 0x12300}, {0x13000, 0x13400}, {0x14400, 0x14600},
	{0x16800, 0x16A00}, {0x20000, 0x28600},
}

// base65536Final is the block of the characters that carry a lone last
// byte.
const base65536Final = 0x1500

var (
	// b65kBlock[b] is the first code point of the block that second byte b
	// selects.
	b65kBlock [256]rune
	// b65kByte maps a block's first code point to its byte value.
	b65kByte = map[rune]byte{}
)

func init() {
	n := 0
	for _, r := range base65536Ranges {
		for c := r[0]; c < r[1]; c += 256 {
			if n < 256 {
				b65kBlock[n] = c
			}
			b65kByte[c] = byte(n)
			n++
		}
	}
	if n != 256 || len(b65kByte) != 256 {
		panic(fmt.Sprintf("hatetris: Base65536 has %d blocks (%d distinct), want 256", n, len(b65kByte)))
	}
}

// EncodeBase65536 writes bytes as Base65536 text.
func EncodeBase65536(data []byte) string {
	out := make([]rune, 0, (len(data)+1)/2)
	for i := 0; i+1 < len(data); i += 2 {
		out = append(out, b65kBlock[data[i+1]]+rune(data[i]))
	}
	if len(data)%2 == 1 {
		out = append(out, base65536Final+rune(data[len(data)-1]))
	}
	return string(out)
}

// DecodeBase65536 reads Base65536 text back into bytes. Like the reference
// decoder it rejects any character outside the repertoire (whitespace
// included) and a lone-byte character before the end.
func DecodeBase65536(s string) ([]byte, error) {
	if !utf8.ValidString(s) {
		return nil, fmt.Errorf("base65536: invalid UTF-8")
	}
	out := make([]byte, 0, len(s)/2)
	i, final := 0, false
	for _, r := range s {
		if final {
			return nil, fmt.Errorf("base65536: character %d (%q) follows the final lone-byte character", i, r)
		}
		if r >= base65536Final && r < base65536Final+256 {
			out = append(out, byte(r-base65536Final))
			final = true
		} else if b, ok := b65kByte[r&^0xFF]; ok {
			out = append(out, byte(r&0xFF), b)
		} else {
			return nil, fmt.Errorf("base65536: unrecognised character %q at position %d", r, i)
		}
		i++
	}
	return out, nil
}

// EncodeBase65536Replay writes moves as a Base65536 replay (the same
// run-length bytes as Base2048).
func EncodeBase65536Replay(moves []Move) string {
	data, err := PackMoves(moves)
	if err != nil {
		panic(err) // moves come from Move constants; anything else is a bug
	}
	return EncodeBase65536(data)
}

// DecodeBase65536Replay reads a Base65536 replay.
func DecodeBase65536Replay(s string) ([]Move, error) {
	data, err := DecodeBase65536(s)
	if err != nil {
		return nil, err
	}
	return UnpackMoves(data), nil
}
