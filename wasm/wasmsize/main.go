// Command wasmsize says what a Go WebAssembly binary is made of: the size
// of each section, and the code bytes of each Go package, read from the
// binary's name section (`go tool nm` does not read wasm). Build without
// -s for the names; the code is the same size either way.
//
//	GOOS=js GOARCH=wasm go build -o /tmp/kocka.wasm . && go run ./wasm/wasmsize -top 25 /tmp/kocka.wasm
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout)) }

func run(args []string, out io.Writer) int {
	fs := flag.NewFlagSet("wasmsize", flag.ContinueOnError)
	top := fs.Int("top", 20, "packages to list")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-top N] FILE.wasm")
		return 2
	}
	data, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		return 1
	}
	m, err := Parse(data)
	if err != nil {
		fmt.Fprintf(os.Stderr, "wasmsize: %s: %v\n", fs.Arg(0), err)
		return 1
	}
	Report(out, m, len(data), *top)
	return 0
}

// Module is what wasmsize reads of a binary.
type Module struct {
	Sections []Section
	// Funcs are the defined functions, in index order after the imports.
	Funcs []Func
}

// Section is one section of the binary; custom sections carry their name.
type Section struct {
	ID   byte
	Name string
	Size int // payload bytes
}

// Func is a function body and its name from the name section ("" if none).
type Func struct {
	Name string
	Size int
}

var sectionNames = map[byte]string{
	0: "custom", 1: "type", 2: "import", 3: "function", 4: "table", 5: "memory",
	6: "global", 7: "export", 8: "start", 9: "element", 10: "code", 11: "data",
	12: "datacount",
}

// reader reads the binary format's primitives; the first error sticks.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("offset %d: %s", r.off, what)
	}
}

func (r *reader) byte() byte {
	if r.err != nil || r.off >= len(r.b) {
		r.fail("unexpected end")
		return 0
	}
	c := r.b[r.off]
	r.off++
	return c
}

// u32 reads an unsigned LEB128 of at most 5 bytes.
func (r *reader) u32() uint32 {
	var v uint32
	for shift := 0; shift < 35; shift += 7 {
		c := r.byte()
		if r.err != nil {
			return 0
		}
		v |= uint32(c&0x7f) << shift
		if c&0x80 == 0 {
			return v
		}
	}
	r.fail("LEB128 longer than 5 bytes")
	return 0
}

func (r *reader) bytes(n uint32) []byte {
	if r.err != nil || uint64(r.off)+uint64(n) > uint64(len(r.b)) {
		r.fail(fmt.Sprintf("%d bytes past the end", n))
		return nil
	}
	s := r.b[r.off : r.off+int(n)]
	r.off += int(n)
	return s
}

func (r *reader) name() string { return string(r.bytes(r.u32())) }

func (r *reader) limits() {
	if flags := r.byte(); flags&1 != 0 {
		r.u32()
		r.u32()
	} else {
		r.u32()
	}
}

// Parse reads the sections, the function bodies' sizes and their names.
func Parse(b []byte) (*Module, error) {
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly binary")
	}
	if b[4] != 1 || b[5] != 0 || b[6] != 0 || b[7] != 0 {
		return nil, fmt.Errorf("WebAssembly version %d, want 1", b[4])
	}
	r := &reader{b: b, off: 8}
	m := &Module{}
	imported := 0
	var names map[uint32]string
	for r.off < len(b) && r.err == nil {
		id := r.byte()
		size := r.u32()
		body := r.bytes(size)
		if r.err != nil {
			break
		}
		sec := Section{ID: id, Name: sectionNames[id], Size: int(size)}
		sr := &reader{b: body}
		switch id {
		case 0:
			sec.Name = sr.name()
			if sec.Name == "name" {
				names = parseNames(sr)
			}
		case 2:
			imported = countImportedFuncs(sr)
		case 10:
			n := sr.u32()
			for i := uint32(0); i < n && sr.err == nil; i++ {
				sz := sr.u32()
				sr.bytes(sz)
				m.Funcs = append(m.Funcs, Func{Size: int(sz)})
			}
		}
		if sr.err != nil {
			return nil, fmt.Errorf("%s section: %w", sec.Name, sr.err)
		}
		if sec.Name == "" {
			sec.Name = fmt.Sprintf("unknown(%d)", id)
		}
		m.Sections = append(m.Sections, sec)
	}
	if r.err != nil {
		return nil, r.err
	}
	for i := range m.Funcs {
		m.Funcs[i].Name = names[uint32(imported+i)]
	}
	return m, nil
}

func countImportedFuncs(r *reader) int {
	n := r.u32()
	funcs := 0
	for i := uint32(0); i < n && r.err == nil; i++ {
		r.name() // module
		r.name() // field
		switch kind := r.byte(); kind {
		case 0: // function: type index
			r.u32()
			funcs++
		case 1: // table: element type, limits
			r.byte()
			r.limits()
		case 2: // memory
			r.limits()
		case 3: // global: value type, mutability
			r.byte()
			r.byte()
		default:
			r.fail(fmt.Sprintf("import kind %d", kind))
		}
	}
	return funcs
}

// parseNames reads the function-names subsection (id 1) of a name section;
// a damaged name section only costs the names.
func parseNames(r *reader) map[uint32]string {
	names := map[uint32]string{}
	for r.off < len(r.b) && r.err == nil {
		id := r.byte()
		sub := &reader{b: r.bytes(r.u32())}
		if id != 1 || r.err != nil {
			continue
		}
		n := sub.u32()
		for i := uint32(0); i < n && sub.err == nil; i++ {
			idx := sub.u32()
			names[idx] = sub.name()
		}
	}
	r.err = nil
	return names
}

// Package is the Go package a function symbol belongs to. The wasm name
// section spells "github.com/x/y.(*T).M" as "github.com_x_y.__T_.M": the
// package is the text before the first dot that is not in the module's
// domain, with its underscores read back as slashes (the few package
// paths with an underscore of their own are misread; the sums are not).
func Package(sym string) string {
	if sym == "" {
		return "(unnamed)"
	}
	start := 0
	if m := domain.FindStringIndex(sym); m != nil {
		start = m[1] // skip the domain's dots
	}
	dot := strings.IndexByte(sym[start:], '.')
	if dot < 0 {
		return "(other)"
	}
	pkg := strings.ReplaceAll(sym[:start+dot], "_", "/")
	if pkg == "type:" || pkg == "type/" || pkg == "go:" || pkg == "go/" {
		return "(generated: type equality, hashing)"
	}
	return pkg
}

// domain matches a module path's host at the start of a symbol
// ("github.com_", "golang.org/"); a symbol of a standard package starts
// with its package name and a dot instead ("runtime.mapassign_fast32").
var domain = regexp.MustCompile(`^[a-z0-9-]+(\.[a-z0-9-]+)*\.(com|org|net|io|in|dev|cc|me)[_/]`)

// Group puts a package in one of a few families for the summary.
func Group(pkg string) string {
	switch {
	case strings.HasPrefix(pkg, "github.com/kocka/"), pkg == "main":
		return "Kocka"
	case strings.HasPrefix(pkg, "github.com/hajimehoshi/"), strings.HasPrefix(pkg, "github.com/ebitengine/"):
		return "Ebitengine (and its fonts, audio)"
	case strings.HasPrefix(pkg, "golang.org/x/"):
		return "golang.org/x"
	case strings.Contains(pkg, "."):
		return "other modules"
	case strings.HasPrefix(pkg, "("):
		return "generated or unnamed"
	default:
		return "Go runtime and standard library"
	}
}

// Report prints the sections, the families and the top packages.
func Report(w io.Writer, m *Module, total, top int) {
	fmt.Fprintf(w, "%d bytes in all\n\nsections:\n", total)
	secs := append([]Section(nil), m.Sections...)
	sort.SliceStable(secs, func(i, j int) bool { return secs[i].Size > secs[j].Size })
	for _, s := range secs {
		if s.Size*1000 < total { // under 0.1%
			continue
		}
		fmt.Fprintf(w, "  %-10s %10d  %5.1f%%\n", s.Name, s.Size, pct(s.Size, total))
	}

	code := 0
	byPkg := map[string]int{}
	byGroup := map[string]int{}
	for _, f := range m.Funcs {
		code += f.Size
		p := Package(f.Name)
		byPkg[p] += f.Size
		byGroup[Group(p)] += f.Size
	}
	fmt.Fprintf(w, "\ncode by origin (%d function bodies, %d bytes):\n", len(m.Funcs), code)
	for _, kv := range sorted(byGroup) {
		fmt.Fprintf(w, "  %-36s %10d  %5.1f%%\n", kv.k, kv.v, pct(kv.v, code))
	}
	fmt.Fprintf(w, "\ncode by package, top %d:\n", top)
	for i, kv := range sorted(byPkg) {
		if i == top {
			break
		}
		fmt.Fprintf(w, "  %-56s %9d  %5.1f%%\n", kv.k, kv.v, pct(kv.v, code))
	}
}

type kv struct {
	k string
	v int
}

func sorted(m map[string]int) []kv {
	out := make([]kv, 0, len(m))
	for k, v := range m {
		out = append(out, kv{k, v})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].v != out[j].v {
			return out[i].v > out[j].v
		}
		return out[i].k < out[j].k
	})
	return out
}

func pct(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return 100 * float64(part) / float64(whole)
}
