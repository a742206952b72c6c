package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

func writeSite(t *testing.T) (dir string, wasm []byte) {
	t.Helper()
	dir = t.TempDir()
	wasm = bytes.Repeat([]byte("\x00asm\x01\x00\x00\x00kocka"), 4000)
	files := map[string][]byte{
		"index.html":   []byte("<!doctype html><title>Kocka</title>"),
		"kocka.wasm":   wasm,
		"wasm_exec.js": []byte("'use strict';"),
		"shot.png":     {0x89, 'P', 'N', 'G'},
		"sub/a.css":    []byte("body{}"),
	}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, wasm
}

func TestHandler(t *testing.T) {
	dir, wasm := writeSite(t)
	h := NewHandler(dir)
	tests := []struct {
		name, method, path, accept string
		status                     int
		ctype, encoding            string
		body                       []byte // after decompression; nil = not checked
	}{
		{"index by folder", "GET", "/", "", 200, "text/html; charset=utf-8", "", []byte("<!doctype html><title>Kocka</title>")},
		{"index by query", "GET", "/?mode=bot&seed=7", "gzip", 200, "text/html; charset=utf-8", "gzip", []byte("<!doctype html><title>Kocka</title>")},
		{"wasm plain", "GET", "/kocka.wasm", "", 200, "application/wasm", "", wasm},
		{"wasm gzip", "GET", "/kocka.wasm", "gzip, deflate, br", 200, "application/wasm", "gzip", wasm},
		{"gzip refused", "GET", "/kocka.wasm", "gzip;q=0, *", 200, "application/wasm", "", wasm},
		{"star accepted", "GET", "/kocka.wasm", "*", 200, "application/wasm", "gzip", wasm},
		{"identity only", "GET", "/kocka.wasm", "identity", 200, "application/wasm", "", wasm},
		{"js", "GET", "/wasm_exec.js", "gzip", 200, "text/javascript; charset=utf-8", "gzip", []byte("'use strict';")},
		{"png never gzipped", "GET", "/shot.png", "gzip", 200, "image/png", "", []byte{0x89, 'P', 'N', 'G'}},
		{"sub folder", "GET", "/sub/a.css", "", 200, "text/css; charset=utf-8", "", []byte("body{}")},
		{"folder without index", "GET", "/sub/", "", 404, "", "", nil},
		{"missing", "GET", "/nope.wasm", "", 404, "", "", nil},
		{"escape root", "GET", "/../../etc/passwd", "", 404, "", "", nil},
		{"head", "HEAD", "/kocka.wasm", "", 200, "application/wasm", "", nil},
		{"post refused", "POST", "/kocka.wasm", "", 405, "", "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, tc.path, nil)
			if tc.accept != "" {
				req.Header.Set("Accept-Encoding", tc.accept)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d", res.StatusCode, tc.status)
			}
			if tc.status != 200 {
				return
			}
			if got := res.Header.Get("Content-Type"); got != tc.ctype {
				t.Errorf("Content-Type %q, want %q", got, tc.ctype)
			}
			if got := res.Header.Get("Content-Encoding"); got != tc.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tc.encoding)
			}
			if tc.body == nil {
				return
			}
			var body io.Reader = res.Body
			if tc.encoding == "gzip" {
				zr, err := gzip.NewReader(res.Body)
				if err != nil {
					t.Fatal(err)
				}
				body = zr
				if got, want := res.Header.Get("X-Uncompressed-Length"), strconv.Itoa(len(tc.body)); got != want {
					t.Errorf("X-Uncompressed-Length %q, want %q", got, want)
				}
			}
			got, err := io.ReadAll(body)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tc.body) {
				t.Errorf("body differs: %d bytes, want %d", len(got), len(tc.body))
			}
		})
	}
}

// The compressed copy follows the file when it is rebuilt.
func TestHandlerGzipCacheFollowsRebuild(t *testing.T) {
	dir, _ := writeSite(t)
	h := NewHandler(dir)
	get := func() string {
		req := httptest.NewRequest("GET", "/wasm_exec.js", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := get(); got != "'use strict';" {
		t.Fatalf("first read %q", got)
	}
	if err := os.WriteFile(filepath.Join(dir, "wasm_exec.js"), []byte("// rebuilt, longer"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := get(); got != "// rebuilt, longer" {
		t.Fatalf("after rebuild %q", got)
	}
}

func TestAcceptsGzip(t *testing.T) {
	tests := []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"GZIP", true},
		{"deflate, gzip;q=0.5", true},
		{"gzip;q=0", false},
		{"gzip; q=0.000", false},
		{"*", true},
		{"*;q=0", false},
		{"*;q=0, gzip", true},
		{"gzip;q=0, *", false},
		{"br, deflate", false},
		{"x-gzip", true},
		{"gzip;q=bad", false},
	}
	for _, tc := range tests {
		if got := acceptsGzip(tc.header); got != tc.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", tc.header, got, tc.want)
		}
	}
}

// run prints the address it listens on first, and refuses bad flags with
// exit code 2.
func TestRunFlags(t *testing.T) {
	for _, args := range [][]string{{"-port", "-1"}, {"-nope"}, {"extra"}} {
		if code := run(args); code != 2 {
			t.Errorf("run(%q) = %d, want 2", args, code)
		}
	}
	if code := run([]string{"-dir", filepath.Join(t.TempDir(), "missing")}); code != 1 {
		t.Errorf("missing folder: exit %d, want 1", code)
	}
}

func TestServesOverHTTP(t *testing.T) {
	dir, wasm := writeSite(t)
	srv := httptest.NewServer(NewHandler(dir))
	defer srv.Close()
	// The default transport asks for gzip and decompresses on its own.
	res, err := http.Get(srv.URL + "/kocka.wasm")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	got, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Uncompressed || !bytes.Equal(got, wasm) {
		t.Fatalf("uncompressed=%v, %d bytes; want a gzipped copy of %d bytes", res.Uncompressed, len(got), len(wasm))
	}
}

// A NAME.gz written by the build is sent as it is, unless it is older than
// NAME (a stale copy from an earlier build).
func TestHandlerPrecompressed(t *testing.T) {
	dir, wasm := writeSite(t)
	var pre bytes.Buffer
	zw := gzip.NewWriter(&pre)
	zw.Write([]byte("precompressed"))
	zw.Close()
	gzPath := filepath.Join(dir, "kocka.wasm.gz")
	if err := os.WriteFile(gzPath, pre.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	get := func(h *Handler) string {
		req := httptest.NewRequest("GET", "/kocka.wasm", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		zr, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if got := get(NewHandler(dir)); got != "precompressed" {
		t.Fatalf("with a fresh .gz: %q, want the .gz contents", got)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(gzPath, old, old); err != nil {
		t.Fatal(err)
	}
	if got := get(NewHandler(dir)); got != string(wasm) {
		t.Fatalf("with a stale .gz: %d bytes, want the file compressed afresh", len(got))
	}
}
