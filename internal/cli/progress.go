package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Progress writes progress lines. On a terminal each line redraws the one
// before it ("\r"); to a log file or a pipe it writes plain lines, at most
// one per Every, so that a log stays readable and small.
type Progress struct {
	w        io.Writer
	terminal bool
	Every    time.Duration // plain lines: the least time between two lines
	last     time.Time
	open     bool // a redrawn line is on the screen, without its newline
	now      func() time.Time
}

// NewProgress writes to w, redrawing in place when w is a terminal.
func NewProgress(w io.Writer) *Progress {
	return &Progress{w: w, terminal: IsTerminal(w), Every: 10 * time.Second, now: time.Now}
}

// IsTerminal reports whether w is a character device (a terminal), not a
// file or a pipe.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Update shows the current state; final forces the line out (plain) or
// ends the redrawn line.
func (p *Progress) Update(final bool, format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	if p.terminal {
		fmt.Fprintf(p.w, "\r%s   ", line)
		p.open = true
		if final {
			p.Done()
		}
		return
	}
	now := p.now()
	if !final && !p.last.IsZero() && now.Sub(p.last) < p.Every {
		return
	}
	p.last = now
	fmt.Fprintln(p.w, line)
}

// Done ends a redrawn line, so that the next output starts on a fresh one.
func (p *Progress) Done() {
	if p.open {
		fmt.Fprintln(p.w)
		p.open = false
	}
}

// Bar draws done out of total as a bar of width cells.
func Bar(done, total, width int) string {
	n := 0
	if total > 0 {
		n = min(width, max(0, done*width/total))
	}
	return "[" + strings.Repeat("#", n) + strings.Repeat(".", width-n) + "]"
}
