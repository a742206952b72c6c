package scenes

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/kocka/kocka/internal/atomicfile"
)

// exportToDir writes exported replays into dir (the config folder's
// replays/), whole or not at all, and returns the file's path. Unlike the
// saved data, an export is the player's file: written once, never read
// back, and never written over.
func exportToDir(dir string) func(name string, data []byte) (string, error) {
	return func(name string, data []byte) (string, error) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		path, done, err := exportPath(dir, filepath.Base(name), data)
		if err != nil || done {
			return path, err
		}
		// No backup: the name is free, so there is nothing to keep (and a
		// NAME.bak of the player's own is left alone).
		if err := atomicfile.Replace(atomicfile.OS, path, data, 0o644); err != nil {
			return "", err
		}
		return path, nil
	}
}

// exportPath returns where data goes: name in dir if free, else name-2,
// name-3 ... (another replay exported in the same second keeps its file).
// done says the file there already holds data (the same game exported
// again), so there is nothing to write.
func exportPath(dir, name string, data []byte) (path string, done bool, err error) {
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	for i := 1; i <= 1000; i++ {
		path = filepath.Join(dir, name)
		if i > 1 {
			path = filepath.Join(dir, fmt.Sprintf("%s-%d%s", stem, i, ext))
		}
		old, err := atomicfile.ReadLimit(atomicfile.OS, path, int64(len(data)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return path, false, nil
		case err == nil && bytes.Equal(old, data):
			return path, true, nil
		}
		// Another file (or one that cannot be read): never written over.
	}
	return "", false, fmt.Errorf("%s and 999 numbered names after it are taken in %s", name, dir)
}
