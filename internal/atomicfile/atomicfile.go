// Package atomicfile writes files so that a crash never leaves a half-written
// one behind: the new contents go to a temporary file in the same directory,
// are flushed to disk, and then replace the old file in one rename.
//
// WriteFile also keeps the previous version beside the file as NAME.bak,
// itself replaced in one rename, so that a kill at any moment leaves both
// the file and its backup whole. Every step goes through an FS, so tests
// can fail or interrupt any one of them.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// BackupPath is where WriteFile keeps the previous version of path.
func BackupPath(path string) string { return path + ".bak" }

// ErrTooLarge is returned by ReadLimit for a file over its limit.
var ErrTooLarge = errors.New("file too large")

// tempMark is in the name of every temporary file the writers make:
// ".NAME" + tempMark + random, hidden, and found again by CleanTemps.
const tempMark = ".tmp"

// WriteFile replaces path with data, atomically, keeping the previous
// version as BackupPath(path). perm applies when the file is created.
func WriteFile(path string, data []byte, perm fs.FileMode) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// Write replaces path with what fill writes, atomically, keeping the
// previous version as BackupPath(path): if fill or any step fails, path is
// left as it was.
func Write(path string, perm fs.FileMode, fill func(w io.Writer) error) error {
	return replace(OS, path, perm, fill, true)
}

// Replace puts data at path in one rename, with no backup.
func Replace(fsys FS, path string, data []byte, perm fs.FileMode) error {
	return WriteFS(fsys, path, data, perm, false)
}

// WriteFS puts data at path in one rename on fsys; with backup, the
// current file becomes BackupPath(path) once the new data is on disk.
func WriteFS(fsys FS, path string, data []byte, perm fs.FileMode, backup bool) error {
	return replace(fsys, path, perm, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	}, backup)
}

// replace fills a temporary file and renames it over path; with backup,
// the current path becomes its backup once the new contents are safely on
// disk, just before the rename.
func replace(fsys FS, path string, perm fs.FileMode, fill func(w io.Writer) error, backup bool) (err error) {
	dir, base := split(path)
	tmp, err := fsys.CreateTemp(dir, "."+base+tempMark+"*")
	if err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	closed := false
	defer func() {
		if err != nil {
			if !closed {
				tmp.Close()
			}
			fsys.Remove(tmp.Name())
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
	closed = true
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	if backup {
		if err = Backup(fsys, path); err != nil {
			return err
		}
	}
	if err = fsys.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	fsys.SyncDir(dir)
	return nil
}

var linkSeq atomic.Uint64

// Backup makes BackupPath(path) a copy of path's current contents, in one
// rename: a hard link under a temporary name, renamed over the old backup,
// or where links are not supported a copy written by Replace. A missing
// path is no error and leaves the old backup alone.
func Backup(fsys FS, path string) error {
	old, err := fsys.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("atomicfile: backup: %w", err)
	}
	info, err := old.Stat()
	old.Close()
	if err != nil {
		return fmt.Errorf("atomicfile: backup: %w", err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("atomicfile: backup: %s is not a regular file", path)
	}
	dir, base := split(path)
	link := filepath.Join(dir, "."+base+tempMark+"-link"+strconv.FormatUint(linkSeq.Add(1), 10)+"-"+strconv.FormatInt(time.Now().UnixNano(), 36))
	if fsys.Link(path, link) == nil {
		if err := fsys.Rename(link, BackupPath(path)); err != nil {
			fsys.Remove(link)
			return fmt.Errorf("atomicfile: backup: %w", err)
		}
		fsys.SyncDir(dir)
		return nil
	}
	data, err := ReadLimit(fsys, path, info.Size()+1)
	if err != nil {
		return fmt.Errorf("atomicfile: backup: %w", err)
	}
	return Replace(fsys, BackupPath(path), data, info.Mode().Perm())
}

// ReadLimit reads path whole, or fails with ErrTooLarge when it holds more
// than max bytes, without reading more than max+1 of them.
func ReadLimit(fsys FS, path string, max int64) ([]byte, error) {
	f, err := fsys.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && info.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s: %w (over %d bytes)", path, ErrTooLarge, max)
	}
	return data, nil
}

// CleanTemps removes the temporary files that writers killed mid-write
// left in dir, if they are older than age (a younger one may belong to a
// write still going on in another process). It returns how many it removed.
func CleanTemps(fsys FS, dir string, age time.Duration, now time.Time) (int, error) {
	entries, err := fsys.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !isTemp(name) {
			continue
		}
		info, err := e.Info()
		if err != nil || now.Sub(info.ModTime()) < age {
			continue
		}
		if fsys.Remove(filepath.Join(dir, name)) == nil {
			n++
		}
	}
	return n, nil
}

// isTemp reports whether name is a temporary file of the writers here:
// "." + base + tempMark and CreateTemp's decimal random part, or Backup's
// "-link" + sequence + "-" + base-36 time. Only those: --config-dir may
// name a folder holding the player's own files (".env.tmpl").
func isTemp(name string) bool {
	i := strings.LastIndex(name, tempMark)
	if i < 2 || name[0] != '.' {
		return false
	}
	rest := name[i+len(tempMark):]
	if link, ok := strings.CutPrefix(rest, "-link"); ok {
		seq, stamp, ok := strings.Cut(link, "-")
		return ok && onlyOf(seq, "0123456789") && onlyOf(stamp, "0123456789abcdefghijklmnopqrstuvwxyz")
	}
	return onlyOf(rest, "0123456789")
}

// onlyOf reports whether s is not empty and made of the bytes in set.
func onlyOf(s, set string) bool { return s != "" && strings.Trim(s, set) == "" }

func split(path string) (dir, base string) {
	dir, base = filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	return dir, base
}
