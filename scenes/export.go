package scenes

import (
	"os"
	"path/filepath"

	"github.com/kocka/kocka/internal/atomicfile"
)

// exportToDir writes exported replays into dir (the config folder's
// replays/), whole or not at all, and returns the file's path. Unlike the
// saved data, an export is the player's file: written once, never read back.
func exportToDir(dir string) func(name string, data []byte) (string, error) {
	return func(name string, data []byte) (string, error) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		path := filepath.Join(dir, filepath.Base(name))
		if err := atomicfile.WriteFile(path, data, 0o644); err != nil {
			return "", err
		}
		os.Remove(atomicfile.BackupPath(path)) // a new file has no earlier version worth keeping
		return path, nil
	}
}
