package atomicfile

import (
	"io"
	"io/fs"
	"os"
)

// FS is the handful of file-system calls the atomic writers make. OS is the
// real one; tests put a faulty one in its place to fail or "kill" any step
// (a full disk, a read-only folder, a crash between two calls).
type FS interface {
	CreateTemp(dir, pattern string) (File, error)
	Open(name string) (fs.File, error)
	Rename(oldpath, newpath string) error
	Remove(name string) error
	Link(oldname, newname string) error
	MkdirAll(path string, perm fs.FileMode) error
	ReadDir(name string) ([]fs.DirEntry, error)
	// SyncDir flushes a folder's entries (after a rename). Some systems
	// cannot; callers ignore its error.
	SyncDir(dir string) error
}

// File is a temporary file being filled.
type File interface {
	io.Writer
	Name() string
	Chmod(mode fs.FileMode) error
	Sync() error
	Close() error
}

// OS is the operating system's file system.
var OS FS = osFS{}

type osFS struct{}

func (osFS) CreateTemp(dir, pattern string) (File, error) { return os.CreateTemp(dir, pattern) }
func (osFS) Open(name string) (fs.File, error)            { return os.Open(name) }
func (osFS) Rename(oldpath, newpath string) error         { return os.Rename(oldpath, newpath) }
func (osFS) Remove(name string) error                     { return os.Remove(name) }
func (osFS) Link(oldname, newname string) error           { return os.Link(oldname, newname) }
func (osFS) MkdirAll(path string, perm fs.FileMode) error { return os.MkdirAll(path, perm) }
func (osFS) ReadDir(name string) ([]fs.DirEntry, error)   { return os.ReadDir(name) }
func (osFS) SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
