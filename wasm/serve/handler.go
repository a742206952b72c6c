package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// contentTypes are set by extension rather than left to the system's MIME
// tables, which differ between machines; browsers refuse to stream-compile
// wasm that is not served as application/wasm.
var contentTypes = map[string]string{
	".wasm": "application/wasm",
	".js":   "text/javascript; charset=utf-8",
	".mjs":  "text/javascript; charset=utf-8",
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".json": "application/json",
	".png":  "image/png",
	".svg":  "image/svg+xml",
	".ico":  "image/x-icon",
	".txt":  "text/plain; charset=utf-8",
	".kr":   "application/json", // Kocka replays
}

// compressible are the types worth gzipping; images are compressed already.
var compressible = map[string]bool{
	".wasm": true, ".js": true, ".mjs": true, ".html": true, ".css": true,
	".json": true, ".svg": true, ".txt": true, ".kr": true,
}

// Handler serves the files under a folder. Compressed copies are kept in
// memory, keyed by file and modification time, because gzipping the wasm
// takes longer than sending it over loopback.
type Handler struct {
	root http.FileSystem

	mu sync.Mutex
	gz map[string]gzEntry
}

type gzEntry struct {
	mod  time.Time
	size int64
	data []byte
}

// NewHandler serves dir.
func NewHandler(dir string) *Handler {
	return &Handler{root: http.Dir(dir), gz: map[string]gzEntry{}}
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	f, err := h.root.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		http.Error(w, "cannot read "+name, http.StatusInternalServerError)
		return
	}
	if st.IsDir() {
		name = path.Join(name, "index.html")
		f.Close()
		if f, err = h.root.Open(name); err != nil {
			http.NotFound(w, r)
			return
		}
		defer f.Close()
		if st, err = f.Stat(); err != nil || st.IsDir() {
			http.NotFound(w, r)
			return
		}
	}

	ext := path.Ext(name)
	hdr := w.Header()
	if ct, ok := contentTypes[ext]; ok {
		hdr.Set("Content-Type", ct)
	}
	// Revalidate every time: a rebuilt kocka.wasm must never be mixed with a
	// cached wasm_exec.js of another Go version.
	hdr.Set("Cache-Control", "no-cache")
	hdr.Set("X-Content-Type-Options", "nosniff")

	if !compressible[ext] {
		http.ServeContent(w, r, name, st.ModTime(), f)
		return
	}
	hdr.Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r.Header.Get("Accept-Encoding")) {
		http.ServeContent(w, r, name, st.ModTime(), f)
		return
	}
	data, err := h.gzipped(name, st, f)
	if err != nil {
		http.Error(w, "cannot read "+name, http.StatusInternalServerError)
		return
	}
	hdr.Set("Content-Encoding", "gzip")
	// The page shows download progress against the size it will have once
	// the browser has decompressed it.
	hdr.Set("X-Uncompressed-Length", strconv.FormatInt(st.Size(), 10))
	http.ServeContent(w, r, name, st.ModTime(), bytes.NewReader(data))
}

// gzipped returns the compressed file: NAME.gz when the build wrote one
// (scripts/wasm.sh does, at the best level) and it is not older than the
// file, else a copy compressed here at the default level, which is several
// times faster than the best on a 16 MB wasm. Both are cached while the
// file is unchanged.
func (h *Handler) gzipped(name string, st fs.FileInfo, f io.Reader) ([]byte, error) {
	h.mu.Lock()
	e, ok := h.gz[name]
	h.mu.Unlock()
	if ok && e.mod.Equal(st.ModTime()) && e.size == st.Size() {
		return e.data, nil
	}
	var buf bytes.Buffer
	if pre, ok := h.precompressed(name, st); ok {
		buf.Write(pre)
	} else {
		zw := gzip.NewWriter(&buf)
		if _, err := io.Copy(zw, f); err != nil {
			return nil, err
		}
		if err := zw.Close(); err != nil {
			return nil, err
		}
	}
	h.mu.Lock()
	h.gz[name] = gzEntry{mod: st.ModTime(), size: st.Size(), data: buf.Bytes()}
	h.mu.Unlock()
	return buf.Bytes(), nil
}

// precompressed reads NAME.gz if it exists, is not older than NAME, and is
// a gzip stream.
func (h *Handler) precompressed(name string, st fs.FileInfo) ([]byte, bool) {
	f, err := h.root.Open(name + ".gz")
	if err != nil {
		return nil, false
	}
	defer f.Close()
	gst, err := f.Stat()
	if err != nil || gst.IsDir() || gst.ModTime().Before(st.ModTime()) {
		return nil, false
	}
	data, err := io.ReadAll(f)
	if err != nil || len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		return nil, false
	}
	return data, true
}

// acceptsGzip reads an Accept-Encoding header (RFC 9110, 12.5.3): gzip is
// acceptable when listed, or covered by "*", with a q-value above zero.
func acceptsGzip(header string) bool {
	gzip, star := -1.0, -1.0 // q-values; -1 = not listed
	for _, part := range strings.Split(header, ",") {
		fields := strings.Split(part, ";")
		coding := strings.ToLower(strings.TrimSpace(fields[0]))
		q := 1.0
		for _, p := range fields[1:] {
			k, v, _ := strings.Cut(strings.TrimSpace(p), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil {
					f = 0 // a malformed weight: do not risk a coding the client may not read
				}
				q = f
			}
		}
		switch coding {
		case "gzip", "x-gzip":
			gzip = q
		case "*":
			star = q
		}
	}
	if gzip >= 0 {
		return gzip > 0
	}
	return star > 0
}
