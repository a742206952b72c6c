package fumen

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kocka/kocka/engine"
)

// reader takes the string's 6-bit values, remembering where each came
// from for error messages.
type reader struct {
	vals []uint8
	at   []int // offset of each value in the input string
	i    int
	page int
}

func (r *reader) errorf(format string, args ...any) error {
	where := "at the end"
	if r.i < len(r.at) {
		where = fmt.Sprintf("at character %d", r.at[r.i])
	}
	return fmt.Errorf("fumen page %d: %s %s", r.page+1, fmt.Sprintf(format, args...), where)
}

// poll reads an n-digit number, least significant digit first.
func (r *reader) poll(n int, what string) (int, error) {
	if r.i+n > len(r.vals) {
		return 0, r.errorf("the string ends inside the %s", what)
	}
	v, scale := 0, 1
	for k := 0; k < n; k++ {
		v += int(r.vals[r.i+k]) * scale
		scale *= len(alphabet)
	}
	r.i += n
	return v, nil
}

// Decode reads a fumen string: "v115@..." alone or inside a URL (the
// prefixes m115@ and d115@ of the editor's other modes work too; '?'
// separators and white space are ignored).
func Decode(s string) ([]Page, error) {
	start := -1
	for i := 1; i+4 <= len(s); i++ {
		if s[i:i+4] == "115@" && strings.IndexByte("vmd", s[i-1]) >= 0 {
			start = i + 4
			break
		}
	}
	if start < 0 {
		if strings.Contains(s, "110@") {
			return nil, errors.New("fumen: version 110 strings are not supported, only v115")
		}
		return nil, errors.New("fumen: not a fumen string (no v115@ prefix)")
	}
	r := &reader{}
	for i := start; i < len(s); i++ {
		c := s[i]
		if c == '&' { // URL parameters follow
			break
		}
		switch c {
		case '?', ' ', '\t', '\n', '\r':
			continue
		}
		v := alphabetValue[c]
		if v < 0 {
			return nil, fmt.Errorf("fumen: character %q at %d is not part of the format", c, i)
		}
		r.vals = append(r.vals, uint8(v))
		r.at = append(r.at, i)
	}
	if len(r.vals) == 0 {
		return nil, errors.New("fumen: no pages")
	}

	var pages []Page
	var field Field // the field the next page starts from
	repeat := 0     // pages left that reuse the field unchanged
	comment := ""
	for r.page = 0; r.i < len(r.vals); r.page++ {
		if repeat > 0 {
			repeat--
		} else {
			unchanged, err := r.readField(&field)
			if err != nil {
				return nil, err
			}
			if unchanged {
				if repeat, err = r.poll(1, "repeat count"); err != nil {
					return nil, err
				}
			}
		}
		p, hasComment, err := r.readAction()
		if err != nil {
			return nil, err
		}
		if hasComment {
			if comment, err = r.readComment(); err != nil {
				return nil, err
			}
		}
		p.Field = field
		p.Comment = comment
		p.Quiz = strings.HasPrefix(comment, "#Q=")
		pages = append(pages, p)
		field = p.next()
	}
	return pages, nil
}

// readField applies one page's field: runs of (change, count) over the 240
// squares, top row first, the garbage row last. It reports a field that
// did not change, after which a repeat count follows.
func (r *reader) readField(f *Field) (unchanged bool, err error) {
	for index := 0; index < fieldBlocks; {
		at := r.i
		v, err := r.poll(2, "field")
		if err != nil {
			return false, err
		}
		if v == emptyFieldRun {
			unchanged = true
		}
		diff, n := v/fieldBlocks-8, v%fieldBlocks+1
		if index+n > fieldBlocks {
			r.i = at
			return false, r.errorf("a run of %d squares from square %d overflows the field", n, index)
		}
		for ; n > 0; n-- {
			x, y := index%Width, Height-1-index/Width
			b := blockFumen[f.At(x, y)] + diff
			if b < 0 || b >= len(fumenBlock) {
				r.i = at
				return false, r.errorf("square (%d, %d) gets block number %d, out of range 0..8", x, y, b)
			}
			f.Set(x, y, fumenBlock[b])
			index++
		}
	}
	return unchanged, nil
}

func (r *reader) readAction() (p Page, comment bool, err error) {
	at := r.i
	v, err := r.poll(3, "piece")
	if err != nil {
		return p, false, err
	}
	kind := fumenPiece[v%8]
	v /= 8
	rot := fumenRot[v%4]
	v /= 4
	pos := v % fieldBlocks
	v /= fieldBlocks
	p.Rise = v&1 != 0
	p.Mirror = v&2 != 0
	p.Colorize = v&4 != 0
	comment = v&8 != 0
	p.Lock = v&16 == 0
	if kind != engine.None {
		d := wireShift[kind][rot]
		x, y := pos%Width+d[0], Height-1-pos/Width+d[1]
		p.Piece = FromCentre(kind, rot, x, y)
		if !inField(p.Piece) {
			r.i = at
			return p, false, r.errorf("%v piece in rotation %v at (%d, %d) sticks out of the field", kind, rot, x, y)
		}
	}
	return p, comment, nil
}

func (r *reader) readComment() (string, error) {
	n, err := r.poll(2, "comment length")
	if err != nil {
		return "", err
	}
	var sb strings.Builder
	for k := 0; k < (n+3)/4; k++ {
		at := r.i
		v, err := r.poll(5, "comment")
		if err != nil {
			return "", err
		}
		for c := 0; c < 4; c++ {
			i := v % commentBase
			if i >= len(commentTable) && sb.Len() < n {
				r.i = at
				return "", r.errorf("comment character number %d is out of range", i)
			}
			if i < len(commentTable) {
				sb.WriteByte(commentTable[i])
			}
			v /= commentBase
		}
	}
	s := sb.String()
	return unescape(s[:min(n, len(s))]), nil
}

// next is the field the following page starts from: the piece locked in,
// full rows cleared, then rise and mirror, all only when the page locks.
func (p *Page) next() Field {
	f := p.Field
	if !p.Lock {
		return f
	}
	if p.Piece.Piece != engine.None {
		for _, c := range p.Piece.Cells() {
			f.Set(int(c.X), int(c.Y), Piece(p.Piece.Piece))
		}
	}
	dst := 0
	for y := 0; y < Height; y++ {
		full := true
		for _, b := range f.Rows[y] {
			full = full && b != 0
		}
		if !full {
			f.Rows[dst] = f.Rows[y]
			dst++
		}
	}
	for ; dst < Height; dst++ {
		f.Rows[dst] = [Width]Block{}
	}
	if p.Rise {
		copy(f.Rows[1:], f.Rows[:Height-1])
		f.Rows[0] = f.Garbage
		f.Garbage = [Width]Block{}
	}
	if p.Mirror {
		for y := range f.Rows {
			for a, b := 0, Width-1; a < b; a, b = a+1, b-1 {
				f.Rows[y][a], f.Rows[y][b] = f.Rows[y][b], f.Rows[y][a]
			}
		}
	}
	return f
}

// writer collects 6-bit values.
type writer struct{ vals []uint8 }

// push writes v as n digits, least significant first.
func (w *writer) push(v, n int) {
	for k := 0; k < n; k++ {
		w.vals = append(w.vals, uint8(v%len(alphabet)))
		v /= len(alphabet)
	}
}

// Encode writes pages as a fumen v115 string, byte for byte as
// tetris-fumen writes them (quiz comments aside: they are written where
// they change, like any other comment).
func Encode(pages []Page) (string, error) {
	if len(pages) == 0 {
		return "", errors.New("fumen: no pages")
	}
	var w writer
	var prev Field
	repeatAt := -1 // where the running repeat count is, or -1
	comment := ""
	for i := range pages {
		p := &pages[i]
		if err := p.check(); err != nil {
			return "", fmt.Errorf("fumen page %d: %w", i+1, err)
		}
		if w.field(&prev, &p.Field) {
			repeatAt = -1
		} else if repeatAt < 0 || int(w.vals[repeatAt]) == len(alphabet)-1 {
			w.push(0, 1)
			repeatAt = len(w.vals) - 1
		} else {
			w.vals = w.vals[:len(w.vals)-2] // the unchanged field is not written again
			w.vals[repeatAt]++
		}
		writeComment := p.Comment != comment
		comment = p.Comment
		w.action(p, writeComment)
		if writeComment {
			esc := escape(p.Comment)
			w.push(len(esc), 2)
			for k := 0; k < len(esc); k += 4 {
				v, scale := 0, 1
				for c := k; c < min(k+4, len(esc)); c++ {
					v += strings.IndexByte(commentTable, esc[c]) * scale
					scale *= commentBase
				}
				w.push(v, 5)
			}
		}
		prev = p.next()
	}
	data := make([]byte, len(w.vals))
	for i, v := range w.vals {
		data[i] = alphabet[v]
	}
	return "v115@" + split(string(data)), nil
}

// check reports what the string format cannot hold.
func (p *Page) check() error {
	for y := -1; y < Height; y++ {
		for x := 0; x < Width; x++ {
			if b := p.Field.At(x, y); b > Gray {
				return fmt.Errorf("square (%d, %d) holds %v", x, y, b)
			}
		}
	}
	if m := p.Piece; m.Piece != engine.None {
		if !m.Piece.Valid() {
			return fmt.Errorf("invalid piece %v", m.Piece)
		}
		if !inField(m) {
			return fmt.Errorf("%v piece in rotation %v at (%d, %d) sticks out of the field", m.Piece, m.Rot, m.X, m.Y)
		}
	}
	if n := len(escape(p.Comment)); n > maxComment {
		return fmt.Errorf("comment too long: %d characters escaped, at most %d", n, maxComment)
	}
	return nil
}

// field writes the change from prev to cur and reports whether there was
// one. An unchanged field is still written (one run), for the caller to
// keep or take back.
func (w *writer) field(prev, cur *Field) (changed bool) {
	diffAt := func(index int) int {
		x, y := index%Width, Height-1-index/Width
		return blockFumen[cur.At(x, y)] - blockFumen[prev.At(x, y)] + 8
	}
	run, n := diffAt(0), 0
	for index := 1; index < fieldBlocks; index++ {
		if d := diffAt(index); d != run {
			w.push(run*fieldBlocks+n, 2)
			run, n = d, 0
		} else {
			n++
		}
	}
	w.push(run*fieldBlocks+n, 2)
	return run*fieldBlocks+n != emptyFieldRun
}

func (w *writer) action(p *Page, comment bool) {
	kind, rot, pos := 0, 0, 0
	if m := p.Piece; m.Piece != engine.None {
		for k, fp := range fumenPiece {
			if fp == m.Piece {
				kind = k
			}
		}
		rot = rotFumen[m.Rot&3]
		x, y := Centre(m)
		d := wireShift[m.Piece][m.Rot&3]
		pos = (Height-1-(y-d[1]))*Width + x - d[0]
	}
	bit := func(b bool) int {
		if b {
			return 1
		}
		return 0
	}
	v := bit(!p.Lock)
	v = v*2 + bit(comment)
	v = v*2 + bit(p.Colorize)
	v = v*2 + bit(p.Mirror)
	v = v*2 + bit(p.Rise)
	v = v*fieldBlocks + pos
	v = v*4 + rot
	v = v*8 + kind
	w.push(v, 3)
}

// split puts a '?' after the first 42 characters and then every 47, as the
// fumen editor does (47 with the "v115@" prefix in the first line).
func split(data string) string {
	if len(data) < 41 {
		return data
	}
	var sb strings.Builder
	head := min(42, len(data))
	sb.WriteString(data[:head])
	for i := head; i < len(data); i += 47 {
		sb.WriteByte('?')
		sb.WriteString(data[i:min(i+47, len(data))])
	}
	return sb.String()
}
