package pc

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/kocka/kocka/engine"
)

// MaxPatternDepth is the longest sequence a pattern may make
// (solution-finder's limit).
const MaxPatternDepth = 44

// MaxPatternInput caps the text ParsePattern reads, so that a hostile
// input cannot make it work for long.
const MaxPatternInput = 1 << 16

// sfOrder is solution-finder's piece order (its Piece enum): T I J L S Z O.
// Wildcards and brackets list their pieces in this order, so sequences come
// out in a stable order.
var sfOrder = [engine.NumPieces]engine.Piece{engine.T, engine.I, engine.J, engine.L, engine.S, engine.Z, engine.O}

// element is one term of a pattern line: choose Pop distinct pieces of Set
// in any order.
type element struct {
	set [engine.NumPieces]engine.Piece // in sfOrder
	n   int                            // len(set)
	pop int
}

// Pattern is a parsed pattern: one or more lines of the same depth, each a
// product of elements.
type Pattern struct {
	lines [][]element
	depth int
}

// PatternError is a syntax error at a line (1-based) and a character
// (0-based) of that line.
type PatternError struct {
	Line, Col int
	Msg       string
}

func (e *PatternError) Error() string {
	if e.Col < 0 {
		return fmt.Sprintf("pattern line %d: %s", e.Line, e.Msg)
	}
	return fmt.Sprintf("pattern line %d, char %d: %s", e.Line, e.Col+1, e.Msg)
}

// ParsePattern reads solution-finder's pattern language. Each string is a
// line; blank lines and lines starting with '#' are skipped, a line in
// single quotes loses them, and '#' ends a line. Within a line, ' ' and ','
// separate terms:
//
//	T          the piece T (any of T I J L S Z O, either case)
//	*          any one piece
//	*pN        N distinct pieces in any order (N is one digit, 1..7)
//	*!         all seven pieces in any order (*p7)
//	[TIO]      one of the pieces listed
//	[^TIO]     one of the pieces not listed
//	[TIO]pN    N distinct pieces of the list in any order
//	[TIO]!     every piece of the list in any order
//
// A line makes the product of its terms; several lines add their
// sequences (duplicates kept: Sequences has them, and solution-finder's
// commands drop them). Every line must make sequences of the same length.
// solution-finder's quiz lines (#Q=...) are not supported.
func ParsePattern(lines []string) (*Pattern, error) {
	total := 0
	for _, l := range lines {
		total += len(l)
	}
	if total > MaxPatternInput {
		return nil, fmt.Errorf("pattern: %d bytes, more than the limit %d", total, MaxPatternInput)
	}
	pat := &Pattern{depth: -1}
	for i, raw := range lines {
		line := javaTrim(raw)
		if strings.HasPrefix(line, "'") && strings.HasSuffix(line, "'") {
			if len(line) < 2 {
				return nil, &PatternError{i + 1, -1, "unbalanced quote"}
			}
			line = line[1 : len(line)-1]
		}
		if strings.HasPrefix(line, "#Q=") {
			return nil, &PatternError{i + 1, -1, "quiz lines (#Q=) are not supported"}
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		els, err := parseLine([]rune(line))
		if err != nil {
			err.Line = i + 1
			return nil, err
		}
		d := 0
		for _, e := range els {
			d += e.pop
		}
		if pat.depth == -1 {
			pat.depth = d
		} else if d != pat.depth {
			return nil, &PatternError{i + 1, -1, fmt.Sprintf("%d pieces, but the first line has %d", d, pat.depth)}
		}
		pat.lines = append(pat.lines, els)
	}
	if len(pat.lines) == 0 {
		return nil, &PatternError{1, -1, "no pattern (every line is blank or a comment)"}
	}
	if pat.depth > MaxPatternDepth {
		return nil, &PatternError{1, -1, fmt.Sprintf("%d pieces, more than %d", pat.depth, MaxPatternDepth)}
	}
	return pat, nil
}

// javaTrim removes leading and trailing characters <= ' ', as Java's
// String.trim does.
func javaTrim(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
}

// lexer walks a line the way solution-finder's Token does: blanks are
// skipped where a term is expected, '#' ends the input, letters are
// compared upper case.
type lexer struct {
	rs     []rune
	i      int
	blanks string
}

func (l *lexer) more() bool        { return l.i < len(l.rs) && l.rs[l.i] != '#' }
func (l *lexer) blank(r rune) bool { return strings.ContainsRune(l.blanks, r) }

// peek skips blanks and returns the next rune upper-cased, or 0 at the end.
func (l *lexer) peek() rune {
	for l.more() {
		if r := l.rs[l.i]; !l.blank(r) {
			return unicode.ToUpper(r)
		}
		l.i++
	}
	return 0
}

// next is peek that also consumes the rune.
func (l *lexer) next() rune {
	r := l.peek()
	if r != 0 {
		l.i++
	}
	return r
}

// blankNext reports whether the very next rune is a blank or the input
// ends (not at a '#').
func (l *lexer) blankNext() bool { return l.i >= len(l.rs) || l.blank(l.rs[l.i]) }

func (l *lexer) errorf(format string, args ...any) *PatternError {
	return &PatternError{Col: l.i - 1, Msg: fmt.Sprintf(format, args...)}
}

// digit reads one decimal digit (any Unicode decimal digit, as Java's
// Integer.parseInt accepts them); solution-finder reads a single character.
func (l *lexer) digit() (int, *PatternError) {
	r := l.next()
	if v, ok := digitValue(r); ok {
		return v, nil
	}
	if r == 0 {
		return 0, l.errorf("a number must follow p")
	}
	return 0, l.errorf("unexpected number %q", r)
}

func digitValue(r rune) (int, bool) {
	if r > 0xFFFF || !unicode.Is(unicode.Nd, r) {
		return 0, false // Java sees a character past 0xFFFF as two halves
	}
	lo := r
	for lo > 0 && unicode.Is(unicode.Nd, lo-1) {
		lo--
	}
	return int(r-lo) % 10, true
}

func pieceOf(r rune) (engine.Piece, bool) {
	switch r {
	case 'T', 'I', 'J', 'L', 'S', 'Z', 'O':
		p, _ := engine.ParsePiece(string(r))
		return p, true
	}
	return engine.None, false
}

func allPieces() element {
	return element{set: sfOrder, n: engine.NumPieces, pop: 1}
}

func parseLine(rs []rune) ([]element, *PatternError) {
	l := &lexer{rs: rs, blanks: " ,"}
	var els []element
	for l.peek() != 0 {
		r := l.next()
		if p, ok := pieceOf(r); ok {
			els = append(els, element{set: [engine.NumPieces]engine.Piece{p}, n: 1, pop: 1})
			continue
		}
		switch r {
		case '*':
			e := allPieces()
			if err := l.suffix(&e, "*"); err != nil {
				return nil, err
			}
			if e.pop == 0 {
				return nil, l.errorf("*p0 takes no piece")
			}
			if e.pop > 7 {
				return nil, l.errorf("*p%d takes more than 7 pieces", e.pop)
			}
			els = append(els, e)
		case '[':
			e, err := l.bracket()
			if err != nil {
				return nil, err
			}
			if err := l.suffix(&e, "[]"); err != nil {
				return nil, err
			}
			if e.pop == 0 {
				// solution-finder counts [..]p0 as no piece in the depth but
				// emits every permutation of the set: refuse it.
				return nil, l.errorf("[]p0 takes no piece")
			}
			if e.pop > e.n {
				return nil, l.errorf("takes %d pieces of %d", e.pop, e.n)
			}
			els = append(els, e)
		case ']':
			return nil, l.errorf("too many ']'")
		default:
			return nil, l.errorf("unknown piece %q", r)
		}
	}
	return els, nil
}

// suffix reads an optional pN or ! after a wildcard or a bracket into
// e.pop (1 without one).
func (l *lexer) suffix(e *element, what string) *PatternError {
	blank := l.blankNext()
	switch l.peek() {
	case 'P':
		if blank {
			return l.errorf("a blank between %s and p", what)
		}
		l.i++
		n, err := l.digit()
		if err != nil {
			return err
		}
		e.pop = n
	case '!':
		if blank {
			return l.errorf("a blank between %s and !", what)
		}
		l.i++
		e.pop = e.n
	}
	return nil
}

// bracket reads the inside of [...] after the '['. Inside, only ' ' is a
// blank (a ',' is an error), and a '^' first negates the set.
func (l *lexer) bracket() (element, *PatternError) {
	// Find the matching ']' as solution-finder does (nesting counted, '#'
	// ends the input), then read the inside on its own.
	start, depth := l.i, 1
	for {
		if !l.more() {
			l.i++
			return element{}, l.errorf("no ']'")
		}
		r := l.rs[l.i]
		l.i++
		if r == '[' {
			depth++
		} else if r == ']' {
			if depth--; depth == 0 {
				break
			}
		}
	}
	in := &lexer{rs: l.rs[start : l.i-1], blanks: " "}
	var has [engine.L + 1]bool
	neg := false
	if in.peek() == '^' {
		in.i++
		neg = true
	}
	count := 0
	for in.peek() != 0 {
		r := in.next()
		p, ok := pieceOf(r)
		if !ok {
			return element{}, &PatternError{Col: start + in.i - 1, Msg: fmt.Sprintf("unexpected piece %q in []", r)}
		}
		if has[p] {
			return element{}, &PatternError{Col: start + in.i - 1, Msg: fmt.Sprintf("piece %v twice in []", p)}
		}
		has[p] = true
		count++
	}
	e := element{pop: 1}
	for _, p := range sfOrder {
		if has[p] != neg {
			e.set[e.n] = p
			e.n++
		}
	}
	if e.n == 0 {
		return e, l.errorf("empty []")
	}
	return e, nil
}

// Depth is the length of every sequence the pattern makes.
func (p *Pattern) Depth() int { return p.depth }

// Count is the number of sequences, duplicates included, that the pattern
// makes (saturating at the largest int).
func (p *Pattern) Count() int {
	total := 0
	for _, els := range p.lines {
		n := 1
		for _, e := range els {
			n = satMul(n, perms(e.n, e.pop))
		}
		total = satAdd(total, n)
	}
	return total
}

func perms(n, k int) int {
	out := 1
	for i := 0; i < k; i++ {
		out *= n - i
	}
	return out
}

const maxInt = int(^uint(0) >> 1)

func satMul(a, b int) int {
	if a != 0 && b > maxInt/a {
		return maxInt
	}
	return a * b
}

func satAdd(a, b int) int {
	if a > maxInt-b {
		return maxInt
	}
	return a + b
}

// cut returns the pattern that makes the first keep pieces of each of p's
// sequences: a term cut in the middle keeps fewer of its pieces. Its
// sequences, in order, are p's cut to keep pieces with later repeats of a
// prefix left out, so a long pattern is never enumerated whole.
func (p *Pattern) cut(keep int) *Pattern {
	if keep >= p.depth {
		return p
	}
	out := &Pattern{depth: keep}
	for _, els := range p.lines {
		var line []element
		for left := keep; left > 0; {
			e := els[len(line)]
			e.pop = min(e.pop, left)
			left -= e.pop
			line = append(line, e)
		}
		out.lines = append(out.lines, line)
	}
	return out
}

// Each calls f with every sequence, line by line, duplicates included, in
// solution-finder's order of terms (pieces in T I J L S Z O order within a
// term). f must not keep seq. Each stops when f returns false.
func (p *Pattern) Each(f func(seq []engine.Piece) bool) {
	buf := make([]engine.Piece, 0, p.depth)
	for _, els := range p.lines {
		if !eachLine(els, buf, f) {
			return
		}
	}
}

func eachLine(els []element, buf []engine.Piece, f func([]engine.Piece) bool) bool {
	if len(els) == 0 {
		return f(buf)
	}
	e := els[0]
	var used [engine.NumPieces]bool
	var rec func(buf []engine.Piece, k int) bool
	rec = func(buf []engine.Piece, k int) bool {
		if k == 0 {
			return eachLine(els[1:], buf, f)
		}
		for i := 0; i < e.n; i++ {
			if used[i] {
				continue
			}
			used[i] = true
			ok := rec(append(buf, e.set[i]), k-1)
			used[i] = false
			if !ok {
				return false
			}
		}
		return true
	}
	return rec(buf, e.pop)
}
