package main

import (
	"bytes"
	"strings"
	"testing"
)

func section(id byte, payload ...byte) []byte {
	return append([]byte{id, byte(len(payload))}, payload...)
}

func str(s string) []byte { return append([]byte{byte(len(s))}, s...) }

func cat(parts ...[]byte) []byte { return bytes.Join(parts, nil) }

// tiny is a module with one imported function and two defined ones, named
// as the Go linker names them.
func tiny() []byte {
	names := cat([]byte{2}, []byte{1}, str("runtime.a"), []byte{2}, str("github.com_x_y.__T_.M"))
	return cat(
		[]byte("\x00asm\x01\x00\x00\x00"),
		section(1, 1, 0x60, 0, 0),
		section(2, cat([]byte{1}, str("m"), str("f"), []byte{0, 0})...),
		section(3, 2, 0, 0),
		section(10, 2, 2, 0, 0x0b, 4, 0, 1, 1, 0x0b),
		section(0, cat(str("name"), []byte{1, byte(len(names))}, names)...),
	)
}

func TestParse(t *testing.T) {
	m, err := Parse(tiny())
	if err != nil {
		t.Fatal(err)
	}
	want := []Func{{"runtime.a", 2}, {"github.com_x_y.__T_.M", 4}}
	if len(m.Funcs) != len(want) || m.Funcs[0] != want[0] || m.Funcs[1] != want[1] {
		t.Fatalf("funcs %+v, want %+v", m.Funcs, want)
	}
	var secs []string
	for _, s := range m.Sections {
		secs = append(secs, s.Name)
	}
	if got := strings.Join(secs, " "); got != "type import function code name" {
		t.Fatalf("sections %q", got)
	}
}

func TestParseRejects(t *testing.T) {
	good := tiny()
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a WebAssembly binary"},
		{"not wasm", []byte("\x7fELF\x02\x01\x01\x00"), "not a WebAssembly binary"},
		{"version 2", []byte("\x00asm\x02\x00\x00\x00"), "version 2"},
		{"cut short", good[:len(good)-3], "past the end"},
		{"endless LEB128", []byte("\x00asm\x01\x00\x00\x00\x01\xff\xff\xff\xff\xff\xff"), "LEB128"},
		{"bad import kind", cat([]byte("\x00asm\x01\x00\x00\x00"), section(2, cat([]byte{1}, str("m"), str("f"), []byte{9})...)), "import kind 9"},
	}
	for _, tc := range tests {
		if _, err := Parse(tc.data); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestPackage(t *testing.T) {
	tests := []struct{ sym, want string }{
		{"runtime.mallocgc", "runtime"},
		{"runtime.mapassign_fast32", "runtime"},
		{"internal_strconv.dboxFtoa64", "internal/strconv"},
		{"fmt.__pp_.printArg", "fmt"},
		{"github.com_kocka_kocka_engine.__Game_.Tick", "github.com/kocka/kocka/engine"},
		{"github.com_hajimehoshi_ebiten_v2_internal_ui.__UserInterface_.init.func1", "github.com/hajimehoshi/ebiten/v2/internal/ui"},
		{"golang.org_x_image_font.Face", "golang.org/x/image/font"},
		{"github.com/kocka/kocka/engine.(*Game).Tick", "github.com/kocka/kocka/engine"},
		{"type:.eq.main.T", "(generated: type equality, hashing)"},
		{"memeqbody", "(other)"},
		{"", "(unnamed)"},
	}
	for _, tc := range tests {
		if got := Package(tc.sym); got != tc.want {
			t.Errorf("Package(%q) = %q, want %q", tc.sym, got, tc.want)
		}
	}
}

func TestGroup(t *testing.T) {
	tests := []struct{ pkg, want string }{
		{"main", "Kocka"},
		{"github.com/kocka/kocka/engine", "Kocka"},
		{"github.com/hajimehoshi/ebiten/v2/internal/ui", "Ebitengine (and its fonts, audio)"},
		{"github.com/ebitengine/oto/v3", "Ebitengine (and its fonts, audio)"},
		{"golang.org/x/image/font", "golang.org/x"},
		{"github.com/pierrec/lz4/v4", "other modules"},
		{"runtime", "Go runtime and standard library"},
		{"internal/strconv", "Go runtime and standard library"},
		{"(other)", "generated or unnamed"},
	}
	for _, tc := range tests {
		if got := Group(tc.pkg); got != tc.want {
			t.Errorf("Group(%q) = %q, want %q", tc.pkg, got, tc.want)
		}
	}
}

func TestReport(t *testing.T) {
	m, err := Parse(tiny())
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	Report(&out, m, len(tiny()), 5)
	for _, want := range []string{"code by origin (2 function bodies, 6 bytes)", "runtime", "github.com/x/y", "other modules"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add(tiny())
	f.Add([]byte("\x00asm\x01\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 256 {
			return // minimising a long input takes quadratic time: docs/benchmarks.md, Fuzzing
		}
		m, err := Parse(data)
		if err != nil {
			return
		}
		total := 0
		for _, s := range m.Sections {
			if s.Size < 0 {
				t.Fatalf("negative section size %d", s.Size)
			}
			total += s.Size
		}
		if total > len(data) {
			t.Fatalf("sections add up to %d bytes of a %d-byte file", total, len(data))
		}
	})
}
