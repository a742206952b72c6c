package prove

// Index maps states to dense ids 0, 1, 2, … in insertion order: an
// open-addressing hash table of 8-byte keys and 4-byte ids (about 18 bytes a
// state at its fullest, against some 40 for a Go map).
type Index struct {
	keys []State  // NoState marks an empty slot
	ids  []uint32 // id of keys[i]
	n    int
	mask uint64
}

// NewIndex returns an index sized for about n states.
func NewIndex(n int) *Index {
	size := 1024
	for size*3/4 < n {
		size *= 2
	}
	x := &Index{}
	x.alloc(size)
	return x
}

func (x *Index) alloc(size int) {
	x.keys = make([]State, size)
	for i := range x.keys {
		x.keys[i] = NoState
	}
	x.ids = make([]uint32, size)
	x.mask = uint64(size - 1)
}

// Len is the number of states in the index.
func (x *Index) Len() int { return x.n }

// Bytes is the memory the index holds.
func (x *Index) Bytes() int64 { return int64(len(x.keys)) * 12 }

func hash(s State) uint64 {
	h := uint64(s) * 0x9e3779b97f4a7c15
	return h ^ h>>29
}

// Find returns the id of s, or false when s is not in the index.
func (x *Index) Find(s State) (uint32, bool) {
	for i := hash(s) & x.mask; ; i = (i + 1) & x.mask {
		switch x.keys[i] {
		case s:
			return x.ids[i], true
		case NoState:
			return 0, false
		}
	}
}

// Add returns the id of s, giving it the next id if it is new.
func (x *Index) Add(s State) (id uint32, added bool) {
	if s == NoState {
		panic("prove: NoState used as a state")
	}
	if (x.n+1)*4 > len(x.keys)*3 {
		x.grow()
	}
	for i := hash(s) & x.mask; ; i = (i + 1) & x.mask {
		switch x.keys[i] {
		case s:
			return x.ids[i], false
		case NoState:
			x.keys[i] = s
			x.ids[i] = uint32(x.n)
			x.n++
			return x.ids[i], true
		}
	}
}

func (x *Index) grow() {
	keys, ids := x.keys, x.ids
	x.alloc(2 * len(keys))
	for j, k := range keys {
		if k == NoState {
			continue
		}
		i := hash(k) & x.mask
		for x.keys[i] != NoState {
			i = (i + 1) & x.mask
		}
		x.keys[i], x.ids[i] = k, ids[j]
	}
}

// Values is a table of 2-bit values, 32 to a machine word.
type Values []uint64

// NewValues returns a table of n values, all Unknown.
func NewValues(n int) Values { return make(Values, (n+31)/32) }

// Get returns value i.
func (t Values) Get(i uint32) Value { return Value(t[i/32] >> (2 * (i % 32)) & 3) }

// Set sets value i.
func (t Values) Set(i uint32, v Value) {
	w, sh := i/32, 2*(i%32)
	t[w] = t[w]&^(3<<sh) | uint64(v)<<sh
}
