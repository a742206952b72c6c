package hatetris

import (
	"fmt"
	"strings"
)

// Replays are the list of moves. The original reads four encodings and
// writes Base2048:
//   - raw: the letters L R D U;
//   - hex (the oldest): one hex digit per pair of moves, (first, second)
//     = digit/4, digit%4 over L R D U; an odd count is padded with D; the
//     digits are grouped by four with spaces, and characters other than hex
//     digits are ignored when reading;
//   - Base2048: the moves run-length encoded (runs of 1 to 4 equal moves,
//     one nibble per run: move<<2 | length-1, an odd nibble count padded
//     with a lone L), two nibbles per byte, high first, then Base2048.
//   - Base65536 (between hex and Base2048): the same bytes as Base2048,
//     written with qntm's Base65536 (base65536.go).
// Padding means a decoded replay may end with one move more than was
// played; the game ignores moves after it is over.

var moveCodes = [4]Move{Left, Right, Down, Up}

func moveCode(m Move) (int, error) {
	for i, c := range moveCodes {
		if c == m {
			return i, nil
		}
	}
	return 0, fmt.Errorf("hatetris: not a move: %q", byte(m))
}

// ParseMoves reads a raw replay ("LRDU...").
func ParseMoves(s string) ([]Move, error) {
	out := make([]Move, 0, len(s))
	for i := 0; i < len(s); i++ {
		if _, err := moveCode(Move(s[i])); err != nil {
			return nil, fmt.Errorf("raw replay, position %d: %w", i, err)
		}
		out = append(out, Move(s[i]))
	}
	return out, nil
}

// MovesString writes moves as raw letters.
func MovesString(moves []Move) string {
	b := make([]byte, len(moves))
	for i, m := range moves {
		b[i] = byte(m)
	}
	return string(b)
}

// DecodeReplay reads a replay in any encoding the original reads: raw
// letters, hex, Base65536 or Base2048, telling them apart the way the
// original does (raw, then hex, then Base65536 if it decodes, then
// Base2048; the two Unicode repertoires do not overlap).
func DecodeReplay(s string) ([]Move, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	if strings.Trim(s, "ULDR") == "" {
		return ParseMoves(s)
	}
	if strings.Trim(s, "0123456789ABCDEF# ") == "" {
		return DecodeHex(s), nil
	}
	if moves, err := DecodeBase65536Replay(s); err == nil {
		return moves, nil
	}
	moves, err := DecodeBase2048Replay(s)
	if err != nil {
		return nil, fmt.Errorf("replay is neither raw, hex, Base65536 nor Base2048: %w", err)
	}
	return moves, nil
}

// Encodings are the names of the encodings EncodeReplayAs writes.
var Encodings = []string{"base2048", "base65536", "hex"}

// EncodeReplayAs writes moves in the named encoding: "base2048" (what the
// original writes today), "base65536" (what it wrote before) or "hex" (the
// oldest; without the trailing space of a full last group).
func EncodeReplayAs(moves []Move, encoding string) (string, error) {
	switch encoding {
	case "base2048":
		return EncodeBase2048Replay(moves), nil
	case "base65536":
		return EncodeBase65536Replay(moves), nil
	case "hex":
		return strings.TrimSpace(EncodeHex(moves)), nil
	}
	return "", fmt.Errorf("hatetris: unknown replay encoding %q (want one of %s)", encoding, strings.Join(Encodings, ", "))
}

// EncodeReplay writes moves the way the original writes replays today
// (Base2048).
func EncodeReplay(moves []Move) string { return EncodeBase2048Replay(moves) }

// DecodeHex reads a hex replay; characters other than hex digits are
// skipped.
func DecodeHex(s string) []Move {
	var out []Move
	for i := 0; i < len(s); i++ {
		var d int
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'A' && c <= 'F':
			d = int(c-'A') + 10
		default:
			continue
		}
		out = append(out, moveCodes[d>>2], moveCodes[d&3])
	}
	return out
}

// EncodeHex writes moves as a hex replay, grouped by four digits.
func EncodeHex(moves []Move) string {
	var sb strings.Builder
	const digits = "0123456789ABCDEF"
	for i, n := 0, 0; i < len(moves); i, n = i+2, n+1 {
		a, _ := moveCode(moves[i])
		b := 2 // a trailing unpaired move is padded with D
		if i+1 < len(moves) {
			b, _ = moveCode(moves[i+1])
		}
		if n > 0 && n%4 == 0 {
			sb.WriteByte(' ')
		}
		sb.WriteByte(digits[a<<2|b])
	}
	// The original's grouping also leaves a trailing space after a full
	// group of four.
	if n := (len(moves) + 1) / 2; n > 0 && n%4 == 0 {
		sb.WriteByte(' ')
	}
	return sb.String()
}

// PackMoves run-length encodes moves into bytes (the step before
// Base2048).
func PackMoves(moves []Move) ([]byte, error) {
	var nibbles []byte
	for i := 0; i < len(moves); {
		c, err := moveCode(moves[i])
		if err != nil {
			return nil, err
		}
		n := 1
		for n < 4 && i+n < len(moves) && moves[i+n] == moves[i] {
			n++
		}
		nibbles = append(nibbles, byte(c<<2|(n-1)))
		i += n
	}
	if len(nibbles)%2 == 1 {
		nibbles = append(nibbles, 0) // one L, as the original pads
	}
	out := make([]byte, len(nibbles)/2)
	for i := range out {
		out[i] = nibbles[2*i]<<4 | nibbles[2*i+1]
	}
	return out, nil
}

// UnpackMoves reverses PackMoves.
func UnpackMoves(data []byte) []Move {
	var out []Move
	for _, b := range data {
		for _, nib := range [2]byte{b >> 4, b & 15} {
			m := moveCodes[nib>>2]
			for n := int(nib&3) + 1; n > 0; n-- {
				out = append(out, m)
			}
		}
	}
	return out
}

// EncodeBase2048Replay writes moves as a Base2048 replay.
func EncodeBase2048Replay(moves []Move) string {
	data, err := PackMoves(moves)
	if err != nil {
		panic(err) // moves come from Move constants; anything else is a bug
	}
	return EncodeBase2048(data)
}

// DecodeBase2048Replay reads a Base2048 replay.
func DecodeBase2048Replay(s string) ([]Move, error) {
	data, err := DecodeBase2048(s)
	if err != nil {
		return nil, err
	}
	return UnpackMoves(data), nil
}
