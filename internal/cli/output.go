package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// CheckWritable reports, before any work starts, whether a file can be
// written at path later: its folder exists, path is not a folder, and a
// file can be made in that folder (a probe, removed at once).
func CheckWritable(path string) error {
	if path == "" {
		return errors.New("empty file name")
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return fmt.Errorf("%s is a folder; give a file name", path)
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	if !st.IsDir() {
		return fmt.Errorf("cannot write %s: %s is not a folder", path, dir)
	}
	probe, err := os.CreateTemp(dir, "."+filepath.Base(path)+".probe-*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	name := probe.Name()
	probe.Close()
	return os.Remove(name)
}
