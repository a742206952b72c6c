package prove

// SetProgressEvery lets the tests reach progress points (and checkpoints)
// in small games; it returns the old value.
func SetProgressEvery(n int64) int64 {
	old := progressEvery
	progressEvery = n
	return old
}
