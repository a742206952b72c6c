package fumen_test

// The reference table (reference_test.go) is generated, once, from the real
// tetris-fumen package; the tests do not need node. To regenerate it:
//
//	mkdir /tmp/fumen && cd /tmp/fumen && npm init -y && npm install tetris-fumen@1.1.3
//	node .../engine/fumen/testdata/gen-reference.js > ref.json
//	python3 .../engine/fumen/testdata/gotable.py ref.json > .../engine/fumen/reference_test.go
//	gofmt -w .../engine/fumen/reference_test.go

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/engine/fumen"
)

type refCase struct {
	name  string
	fumen string
	pages []refPage
}

type refPage struct {
	field   []string
	piece   string // "T R 4 1": kind, rotation, tetris-fumen centre x and y
	cells   [][2]int
	comment string
	flags   string
}

func flagString(p *fumen.Page) string {
	var f []string
	for _, x := range []struct {
		on   bool
		name string
	}{{p.Lock, "lock"}, {p.Rise, "rise"}, {p.Mirror, "mirror"}, {p.Colorize, "colorize"}, {p.Quiz, "quiz"}} {
		if x.on {
			f = append(f, x.name)
		}
	}
	return strings.Join(f, " ")
}

func TestReference(t *testing.T) {
	for _, c := range reference {
		t.Run(c.name, func(t *testing.T) {
			pages, err := fumen.Decode(c.fumen)
			if err != nil {
				t.Fatal(err)
			}
			if len(pages) != len(c.pages) {
				t.Fatalf("%d pages, want %d", len(pages), len(c.pages))
			}
			for i, want := range c.pages {
				p := &pages[i]
				wantField := ""
				if len(want.field) > 0 {
					wantField = strings.Join(want.field, "\n") + "\n"
				}
				if got := p.Field.String(); got != wantField {
					t.Errorf("page %d field:\n%s\nwant:\n%s", i+1, got, wantField)
				}
				if p.Comment != want.comment {
					t.Errorf("page %d comment %q, want %q", i+1, p.Comment, want.comment)
				}
				if got := flagString(p); got != want.flags {
					t.Errorf("page %d flags %q, want %q", i+1, got, want.flags)
				}
				checkPiece(t, i, p, want)
			}
			// The encoder writes exactly what tetris-fumen writes.
			back, err := fumen.Encode(pages)
			if err != nil {
				t.Fatal(err)
			}
			if back != c.fumen {
				t.Errorf("encoded as\n%s\ntetris-fumen wrote\n%s", back, c.fumen)
			}
		})
	}
}

func checkPiece(t *testing.T, i int, p *fumen.Page, want refPage) {
	t.Helper()
	if want.piece == "" {
		if p.Piece.Piece != engine.None || p.Cells() != nil {
			t.Errorf("page %d has piece %+v, want none", i+1, p.Piece)
		}
		return
	}
	var kind, rot string
	var x, y int
	if _, err := fmt.Sscan(want.piece, &kind, &rot, &x, &y); err != nil {
		t.Fatal(err)
	}
	if p.Piece.Piece.String() != kind || p.Piece.Rot.String() != rot {
		t.Errorf("page %d piece %v %v, want %s %s", i+1, p.Piece.Piece, p.Piece.Rot, kind, rot)
	}
	if cx, cy := fumen.Centre(p.Piece); cx != x || cy != y {
		t.Errorf("page %d piece centre (%d, %d), want (%d, %d)", i+1, cx, cy, x, y)
	}
	var cells [][2]int
	for _, c := range p.Cells() {
		cells = append(cells, [2]int{int(c.X), int(c.Y)})
	}
	sortCells(cells)
	sortCells(want.cells)
	if !reflect.DeepEqual(cells, want.cells) {
		t.Errorf("page %d %s covers %v, tetris-fumen says %v", i+1, want.piece, cells, want.cells)
	}
}

func sortCells(c [][2]int) {
	slices.SortFunc(c, func(a, b [2]int) int {
		if a[1] != b[1] {
			return a[1] - b[1]
		}
		return a[0] - b[0]
	})
}

// Every piece and rotation appears in the reference table, so the centre
// conversion is checked against tetris-fumen for all 28.
func TestReferenceCoversEveryOrientation(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range reference {
		for _, p := range c.pages {
			if f := strings.Fields(p.piece); len(f) == 4 {
				seen[f[0]+f[1]] = true
			}
		}
	}
	for _, p := range engine.Pieces {
		for r := engine.Rot0; r <= engine.RotL; r++ {
			if !seen[p.String()+r.String()] {
				t.Errorf("no reference page has %v in rotation %v", p, r)
			}
		}
	}
}

func TestCentreRoundTrip(t *testing.T) {
	for _, p := range engine.Pieces {
		for r := engine.Rot0; r <= engine.RotL; r++ {
			m := fumen.FromCentre(p, r, 4, 10)
			if x, y := fumen.Centre(m); x != 4 || y != 10 {
				t.Errorf("%v %v: centre (4, 10) -> %+v -> (%d, %d)", p, r, m, x, y)
			}
		}
	}
	// The guideline T spawns flat in columns 3..5; its centre is the
	// middle one, and tetris-fumen's spawn T is centred there too.
	spawn := engine.SpawnPosition(engine.T, 10, 20)
	if x, _ := fumen.Centre(spawn); x != 4 {
		t.Errorf("spawned T's centre column is %d, want 4", x)
	}
}

// randomPages makes pages with random fields, pieces, comments and flags.
func randomPages(rng *rand.Rand, n int) []fumen.Page {
	comments := []string{"", "", "hello", "100% & more?", "テトリス ✓ 😀", "a\tb\nc", "%u3042 %zz %", "#Q=[](T)SZ"}
	var pages []fumen.Page
	var f fumen.Field
	for i := 0; i < n; i++ {
		if rng.IntN(3) > 0 { // otherwise keep the field: exercises the repeat count
			h := rng.IntN(fumen.Height)
			for k := rng.IntN(60); k > 0; k-- {
				f.Set(rng.IntN(fumen.Width), rng.IntN(h+2)-1, fumen.Block(rng.IntN(int(fumen.Gray)+1)))
			}
		}
		p := fumen.Page{
			Field:    f,
			Comment:  comments[rng.IntN(len(comments))],
			Lock:     rng.IntN(4) > 0,
			Rise:     rng.IntN(5) == 0,
			Mirror:   rng.IntN(5) == 0,
			Colorize: rng.IntN(2) == 0,
		}
		if i == 0 {
			p.Comment = ""
		}
		if rng.IntN(4) > 0 {
			for {
				m := engine.Placed{Piece: engine.Pieces[rng.IntN(7)], Rot: engine.Rotation(rng.IntN(4)), X: rng.IntN(12) - 1, Y: rng.IntN(25) - 1}
				if fits(m) {
					p.Piece = m
					break
				}
			}
		}
		p.Quiz = strings.HasPrefix(p.Comment, "#Q=")
		pages = append(pages, p)
	}
	return pages
}

func fits(m engine.Placed) bool {
	for _, c := range m.Cells() {
		if c.X < 0 || c.X >= fumen.Width || c.Y < 0 || c.Y >= fumen.Height {
			return false
		}
	}
	return true
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 60; trial++ {
		pages := randomPages(rng, 1+rng.IntN(90))
		s, err := fumen.Encode(pages)
		if err != nil {
			t.Fatal(err)
		}
		back, err := fumen.Decode(s)
		if err != nil {
			t.Fatalf("trial %d: decoding our own %s: %v", trial, s, err)
		}
		if !reflect.DeepEqual(back, pages) {
			for i := range pages {
				if !reflect.DeepEqual(back[i], pages[i]) {
					t.Fatalf("trial %d page %d:\n got %+v\nwant %+v", trial, i+1, back[i], pages[i])
				}
			}
			t.Fatalf("trial %d: %d pages came back as %d", trial, len(pages), len(back))
		}
	}
}

func TestDecodeAcceptsURLs(t *testing.T) {
	want, err := fumen.Decode("v115@vhAAgH")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{
		"https://knewjade.github.io/fumen-for-mobile/#?d=v115@vhAAgH",
		"http://fumen.zui.jp/?m115@vhAAgH&foo=1",
		"  v115@vh?AA gH\n",
		"d115@vhAAgH",
	} {
		got, err := fumen.Decode(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q decodes as %+v", in, got)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	cases := []struct {
		in, want string
	}{
		{"", "no v115@ prefix"},
		{"hello", "no v115@ prefix"},
		{"115@vhAAgH", "no v115@ prefix"},
		{"v110@7eAgH", "version 110"},
		{"v115@", "no pages"},
		{"v115@&x", "no pages"},
		{"v115@vh!AgH", `character '!' at 7`},
		{"v115@v", "page 1: the string ends inside the field at character 5"},
		{"v115@vh", "page 1: the string ends inside the repeat count"},
		{"v115@vhA", "page 1: the string ends inside the piece at the end"},
		{"v115@vhAAg", "page 1: the string ends inside the piece"},
		{"v115@vhAAgHvhAAg", "page 2: the string ends inside the piece"},
		// a run of 1 unchanged square, then one of 240
		{"v115@Aevh", "page 1: a run of 240 squares from square 1 overflows the field at character 7"},
		// the first square goes down by 8 from empty
		{"v115@AAAA", "square (0, 22) gets block number -8"},
		// the first square goes up by 9
		{"v115@w/", "gets block number 9"},
		// a vertical I centred on the top left square reaches above the field
		{"v115@vhAJAA", "I piece in rotation R at (0, 22) sticks out of the field at character 8"},
		// a page with a comment of length 4 and no text
		{"v115@vhAAAPEA", "the string ends inside the comment at the end"},
		// ... whose first character is number 95, past the table
		{"v115@vhAAAPEAfBAAA", "comment character number 95 is out of range at character 13"},
	}
	for _, c := range cases {
		_, err := fumen.Decode(c.in)
		if err == nil {
			t.Errorf("%q: no error, want one mentioning %q", c.in, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "fumen") {
			t.Errorf("%q: error %q, want one mentioning %q", c.in, err, c.want)
		}
	}
}

func TestEncodeErrors(t *testing.T) {
	var bad fumen.Field
	bad.Rows[3][4] = fumen.Gray + 1
	cases := []struct {
		pages []fumen.Page
		want  string
	}{
		{nil, "no pages"},
		{[]fumen.Page{{Field: bad}}, "page 1: square (4, 3)"},
		{[]fumen.Page{{}, {Piece: engine.Placed{Piece: engine.I, Rot: engine.RotR, X: -2, Y: 20}}}, "page 2: I piece in rotation R at (-2, 20) sticks out"},
		{[]fumen.Page{{Piece: engine.Placed{Piece: 9}}}, "invalid piece"},
		{[]fumen.Page{{Comment: strings.Repeat("あ", 700)}}, "comment too long: 4200"},
	}
	for _, c := range cases {
		_, err := fumen.Encode(c.pages)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Encode(%d pages): error %v, want one mentioning %q", len(c.pages), err, c.want)
		}
	}
	// The longest comment that fits.
	if _, err := fumen.Encode([]fumen.Page{{Comment: strings.Repeat("a", 4095)}}); err != nil {
		t.Errorf("a comment of 4095 characters: %v", err)
	}
}

func TestParseField(t *testing.T) {
	f, err := fumen.ParseField([]string{
		"T.........",
		"TT__O_____",
		"Tzz o xx#.",
		fumen.GarbageSeparator,
		"XXXX.XXXXX",
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "T.........\nTT..O.....\nTZZ.O.XXX.\n----------\nXXXX.XXXXX\n"
	if got := f.String(); got != want {
		t.Errorf("parsed as\n%s\nwant\n%s", got, want)
	}
	if f.At(0, 0) != fumen.Piece(engine.T) || f.At(6, 0) != fumen.Gray || f.At(4, -1) != 0 || f.At(0, -1) != fumen.Gray {
		t.Error("At reads the wrong squares")
	}
	for _, bad := range [][]string{
		{"........."},
		{"..........", fumen.GarbageSeparator},
		{fumen.GarbageSeparator, "XXXXXXXXX.", "XXXXXXXXX."},
		{fumen.GarbageSeparator, "XXXXXXXXX.", fumen.GarbageSeparator},
		slices.Repeat([]string{"X........."}, 24),
	} {
		if _, err := fumen.ParseField(bad); err == nil {
			t.Errorf("ParseField(%q) succeeded", bad)
		}
	}
}

func TestBoardConversion(t *testing.T) {
	rows := []string{
		"....I.....",
		"....I..OO.",
		"...TI..OO.",
		"..TTI.SSZZ",
		"XXXTXSSXXZ",
	}
	b, err := engine.ParseBoard(10, 40, rows, engine.O)
	if err != nil {
		t.Fatal(err)
	}
	f, err := fumen.FieldFromBoard(b)
	if err != nil {
		t.Fatal(err)
	}
	// ParseBoard filled the X squares with O, so they come back as O.
	want := strings.ReplaceAll(strings.Join(rows, "\n"), "X", "O") + "\n"
	if got := f.String(); got != want {
		t.Fatalf("field\n%s\nwant\n%s", got, want)
	}
	f.Set(0, 0, fumen.Gray)
	f.Garbage[3] = fumen.Gray // not part of the board
	back, err := f.Board(40, engine.J)
	if err != nil {
		t.Fatal(err)
	}
	if back.At(0, 0) != engine.J || back.At(4, 4) != engine.I || back.At(5, 0) != engine.S || back.CellCount() != b.CellCount() {
		t.Errorf("board back:\n%v", back)
	}

	if _, err := fumen.FieldFromBoard(engine.NewBoard(6, 20)); err == nil {
		t.Error("a 6-wide board became a fumen field")
	}
	tall := engine.NewBoard(10, 40)
	tall.Set(3, 23, engine.T)
	if _, err := fumen.FieldFromBoard(tall); err == nil {
		t.Error("a board filled above row 23 became a fumen field")
	}
	if _, err := f.Board(4, engine.J); err == nil {
		t.Error("a 5-row stack fitted a 4-row board")
	}
	if _, err := f.Board(40, engine.None); err == nil {
		t.Error("garbage became empty cells")
	}
}

// The pages of a real game: place pieces with the engine, write the
// fumen, and read the same boards back.
func TestEngineGameToFumen(t *testing.T) {
	g, err := engine.NewGameWith(engine.DefaultConfig(), 0, &engine.Sequence{Pieces: []engine.Piece{engine.I, engine.O, engine.T, engine.L, engine.J, engine.S, engine.Z}})
	if err != nil {
		t.Fatal(err)
	}
	var pages []fumen.Page
	var boards []string
	for i := 0; i < 12 && !g.Over(); i++ {
		f, err := fumen.FieldFromBoard(g.Board())
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, g.Board().String())
		g.Tick(engine.InLeft * engine.Input(i%3/2))
		g.Tick(0)
		g.Tick(engine.InHardDrop)
		var locked engine.Placed
		for _, e := range g.Events() {
			if e.Kind == engine.EvLock {
				locked = e.Piece
			}
		}
		g.Tick(0)
		pages = append(pages, fumen.Page{Field: f, Piece: locked, Lock: true})
	}
	s, err := fumen.Encode(pages)
	if err != nil {
		t.Fatal(err)
	}
	back, err := fumen.Decode(s)
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range back {
		b, err := p.Field.Board(40, engine.O)
		if err != nil {
			t.Fatal(err)
		}
		if b.String() != boards[i] {
			t.Errorf("page %d board\n%s\nwant\n%s", i+1, b, boards[i])
		}
		if p.Piece != pages[i].Piece {
			t.Errorf("page %d piece %+v, want %+v", i+1, p.Piece, pages[i].Piece)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, c := range reference {
		f.Add(c.fumen)
	}
	f.Add("http://fumen.zui.jp/?m115@vhAAgH&foo=1")
	f.Add("v115@vhAAAPEAfBAAA")
	f.Add("v115@Aevh")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 384 {
			return // the longest seed is 352; minimising a long input takes quadratic time: docs/benchmarks.md, Fuzzing
		}
		pages, err := fumen.Decode(s)
		if err != nil {
			return
		}
		// What decodes must encode, unless a comment grows past the limit
		// when escaped again, and read back the same.
		out, err := fumen.Encode(pages)
		if err != nil {
			if !strings.Contains(err.Error(), "comment too long") {
				t.Fatalf("decoded pages do not encode: %v", err)
			}
			return
		}
		again, err := fumen.Decode(out)
		if err != nil {
			t.Fatalf("our own encoding %q does not decode: %v", out, err)
		}
		if !reflect.DeepEqual(pages, again) {
			t.Fatalf("pages changed through Encode:\n%+v\n%+v", pages, again)
		}
	})
}

func BenchmarkDecode(b *testing.B) {
	s := reference[len(reference)-3].fumen // the 70-page one
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if _, err := fumen.Decode(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	pages, err := fumen.Decode(reference[len(reference)-3].fumen)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := fumen.Encode(pages); err != nil {
			b.Fatal(err)
		}
	}
}
