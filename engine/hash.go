package engine

// hasher is FNV-1a over 64 bits: small, fast and identical on every platform.
type hasher struct{ h uint64 }

func newHasher() hasher { return hasher{h: 0xcbf29ce484222325} }

func (h *hasher) u8(v uint8) {
	h.h ^= uint64(v)
	h.h *= 0x100000001b3
}

func (h *hasher) u64(v uint64) {
	for i := 0; i < 8; i++ {
		h.u8(uint8(v >> (8 * i)))
	}
}

func (h *hasher) int(v int) { h.u64(uint64(int64(v))) }

func (h *hasher) bool(v bool) {
	if v {
		h.u8(1)
	} else {
		h.u8(0)
	}
}

func (h *hasher) sum() uint64 { return h.h }
