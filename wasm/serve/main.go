// Command serve serves the browser build (wasm/dist) on a local address:
// `make web` runs it. It sets the MIME types browsers insist on
// (application/wasm for WebAssembly.instantiateStreaming), compresses with
// gzip when the client accepts it (the wasm shrinks to about a third), and
// tells browsers to revalidate, so a rebuilt page is never served stale.
//
//	go run ./wasm/serve -dir wasm/dist -port 8080
//
// With -port 0 it picks a free port; either way it prints the address it
// listens on as its first line of output, which the browser tests read.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	dir := fs.String("dir", "wasm/dist", "folder to serve")
	host := fs.String("host", "127.0.0.1", "address to listen on (127.0.0.1: this machine only)")
	port := fs.Int("port", 8080, "port to listen on; 0 picks a free one")
	quiet := fs.Bool("quiet", false, "do not log requests")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *port < 0 || *port > 65535 {
		fmt.Fprintf(os.Stderr, "serve: -port %d is not a port\n", *port)
		return 2
	}
	if st, err := os.Stat(*dir); err != nil || !st.IsDir() {
		fmt.Fprintf(os.Stderr, "serve: %s is not a folder (run `make wasm` first)\n", *dir)
		return 1
	}

	ln, err := net.Listen("tcp", net.JoinHostPort(*host, fmt.Sprint(*port)))
	if err != nil {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		return 1
	}
	h := http.Handler(NewHandler(*dir))
	if !*quiet {
		h = logRequests(h)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	fmt.Printf("serving %s on http://%s/\n", *dir, ln.Addr())

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
		fmt.Fprintf(os.Stderr, "serve: %v\n", err)
		return 1
	}
	return 0
}

func logRequests(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		fmt.Fprintf(os.Stderr, "%s %s %d %s %v\n", r.Method, r.URL.Path, rec.status,
			rec.Header().Get("Content-Encoding"), time.Since(start).Round(time.Millisecond))
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}
