package engine

// FNV1a is the 64-bit FNV-1a hash: small, fast and identical on every
// platform. It is Kocka's one hash: the engine's state hash (replays
// compare it), and the throwers' position keys and fingerprints.
type FNV1a struct{ h uint64 }

const (
	fnvOffset = 0xcbf29ce484222325
	fnvPrime  = 0x100000001b3
)

// NewFNV1a starts a hash at FNV's offset basis.
func NewFNV1a() FNV1a { return FNV1a{h: fnvOffset} }

// FNV1aFrom goes on from h (an earlier Sum, or a seed such as a
// fingerprint).
func FNV1aFrom(h uint64) FNV1a { return FNV1a{h: h} }

// Byte folds one byte: FNV-1a's step.
func (f *FNV1a) Byte(v uint8) {
	f.h ^= uint64(v)
	f.h *= fnvPrime
}

// Word folds v in one step (xor, multiply), as if it were one wide byte:
// quicker than byte by byte, and enough for table keys.
func (f *FNV1a) Word(v uint64) {
	f.h ^= v
	f.h *= fnvPrime
}

// Uint64 folds v's eight bytes, lowest first.
func (f *FNV1a) Uint64(v uint64) {
	for i := 0; i < 8; i++ {
		f.Byte(uint8(v >> (8 * i)))
	}
}

// Int folds v as a 64-bit two's complement number.
func (f *FNV1a) Int(v int) { f.Uint64(uint64(int64(v))) }

// Bool folds v as one byte, 0 or 1.
func (f *FNV1a) Bool(v bool) {
	if v {
		f.Byte(1)
	} else {
		f.Byte(0)
	}
}

// Sum is the hash so far.
func (f FNV1a) Sum() uint64 { return f.h }
