// Package atomicfile writes files so that a crash never leaves a half-written
// one behind: the new contents go to a temporary file in the same directory,
// are flushed to disk, and then replace the old file in one rename. The
// previous version is kept beside it as NAME.bak, so a settings or
// high-score file that turns out unreadable can fall back on it.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// BackupPath is where WriteFile keeps the previous version of path.
func BackupPath(path string) string { return path + ".bak" }

// WriteFile replaces path with data, atomically. perm applies when the
// file is created.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write replaces path with what fill writes, atomically: if fill or any
// step fails, path is left as it was.
func Write(path string, perm fs.FileMode, fill func(w io.Writer) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = fill(tmp); err != nil {
		return fmt.Errorf("atomicfile: writing %s: %w", path, err)
	}
	if err = tmp.Chmod(perm); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	// Flush before the rename: otherwise a crash can leave the new name
	// pointing at an empty file on some file systems.
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("atomicfile: sync %s: %w", tmp.Name(), err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err = backup(path); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	syncDir(dir)
	return nil
}

// backup keeps the current version of path as its .bak. A hard link costs
// nothing and leaves path in place; where links are not supported, the
// contents are copied.
func backup(path string) error {
	bak := BackupPath(path)
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	} else if err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err := os.Remove(bak); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("atomicfile: removing old backup: %w", err)
	}
	if os.Link(path, bak) == nil {
		return nil
	}
	old, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("atomicfile: backup: %w", err)
	}
	info, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("atomicfile: backup: %w", err)
	}
	if err := os.WriteFile(bak, old, info.Mode().Perm()); err != nil {
		return fmt.Errorf("atomicfile: backup: %w", err)
	}
	return nil
}

// syncDir flushes the directory entry of the rename. Some systems cannot
// sync a directory; the rename is still atomic there, only perhaps not yet
// durable, so the error is not reported.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// ReadFile reads path, or its backup when path is missing. It reports which
// one it read, so a caller that cannot parse the main file can try the
// backup explicitly.
func ReadFile(path string) (data []byte, from string, err error) {
	data, err = os.ReadFile(path)
	if err == nil {
		return data, path, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, path, err
	}
	bak := BackupPath(path)
	data, berr := os.ReadFile(bak)
	if berr != nil {
		return nil, path, err // the missing main file is the news
	}
	return data, bak, nil
}
