package prove

// SetProgressEvery lets the tests reach progress points (and checkpoints)
// in small games; it returns the old value.
func SetProgressEvery(n int64) int64 {
	old := progressEvery
	progressEvery = n
	return old
}

// DFPNOnly runs df-pn alone from g's start: whether it proved the
// attacker's win, disproved it or stalled, without DFPN's fallback.
func DFPNOnly(g Game, drawer int) (proven, disproven, stalled bool) {
	d := &dfpn{g: g, drawer: drawer, idx: NewIndex(0)}
	root := d.id(g.Canonical(g.Start()))
	d.run(root)
	return d.pn[root] == 0, d.dn[root] == 0, d.err != nil
}
