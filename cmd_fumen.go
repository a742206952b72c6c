package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kocka/kocka/engine/fumen"
	"github.com/kocka/kocka/internal/bounded"
	"github.com/kocka/kocka/internal/cli"
)

// The caps on fumen's inputs. A field is at most 24 rows of 10 cells,
// under 300 bytes. A fumen string of a whole game, hundreds of pages with
// comments, is tens of KiB; 128 KiB of the shortest pages decodes to about
// 40,000 pages (60 MB, 40 ms), where 10 MB took 3.4 GB.
const (
	maxFieldBytes = 64 << 10
	maxFumenBytes = 128 << 10
)

// fumenCommands are kocka fumen's sub-commands.
var fumenCommands = &cli.Group{Name: "kocka fumen", Commands: []cli.Command{
	{Name: "decode", Summary: "print each page's field (top row first) and piece of a v115 string", Run: fumenDecode},
	{Name: "encode", Summary: "print the v115 string of a field drawn in a file", Run: fumenEncode},
}}

func fumenDecode(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka fumen decode", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: kocka fumen decode STRING\n"+
			"print each page's field (top row first) and piece; STRING - reads stdin (at most %s)\n", bounded.Size(maxFumenBytes))
	}
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	s := fs.Arg(0)
	if s == "-" {
		b, err := bounded.ReadAll(stdin, maxFumenBytes, "stdin")
		if err != nil {
			fmt.Fprintln(stderr, "kocka fumen:", err)
			return 1
		}
		s = string(b)
	} else if len(s) > maxFumenBytes {
		fmt.Fprintln(stderr, "kocka fumen:", &bounded.TooLargeError{What: "the fumen string", Limit: maxFumenBytes})
		return 1
	}
	pages, err := fumen.Decode(s)
	if err != nil {
		fmt.Fprintln(stderr, "kocka fumen:", err)
		return 1
	}
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	for i := range pages {
		p := &pages[i]
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "page %d of %d\n", i+1, len(pages))
		if m := p.Piece; m.Piece != 0 {
			x, y := fumen.Centre(m)
			var cells []string
			for _, c := range p.Cells() {
				cells = append(cells, fmt.Sprintf("[%d,%d]", c.X, c.Y))
			}
			fmt.Fprintf(w, "piece %v %v centre (%d, %d) cells %s\n", m.Piece, m.Rot, x, y, strings.Join(cells, " "))
		} else {
			fmt.Fprintln(w, "piece none")
		}
		if p.Comment != "" {
			fmt.Fprintf(w, "comment %q\n", p.Comment)
		}
		var flags []string
		for _, f := range []struct {
			on   bool
			name string
		}{{p.Lock, "lock"}, {p.Rise, "rise"}, {p.Mirror, "mirror"}, {p.Quiz, "quiz"}} {
			if f.on {
				flags = append(flags, f.name)
			}
		}
		if len(flags) > 0 {
			fmt.Fprintf(w, "flags %s\n", strings.Join(flags, " "))
		}
		if p.Field.Empty() {
			fmt.Fprintln(w, "(empty field)")
		} else {
			fmt.Fprint(w, p.Field.String())
		}
	}
	return 0
}

func fumenEncode(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka fumen encode", flag.ContinueOnError)
	file := fs.String("field-file", "", "file with the field's rows, top first (- for stdin)")
	comment := fs.String("comment", "", "the page's comment")
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintln(w, "usage: kocka fumen encode --field-file F [--comment TEXT]")
		fmt.Fprintf(w, "print the v115 string of a field drawn in F (- for stdin, at most %s):\n", bounded.Size(maxFieldBytes))
		fmt.Fprintln(w, "rows of 10, '.' empty, IOTSZJL pieces, any other character garbage;")
		fmt.Fprintf(w, "a %q line may introduce the garbage row below the field\n", fumen.GarbageSeparator)
		fs.PrintDefaults()
	}
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	if *file == "" || fs.NArg() != 0 {
		fs.Usage()
		return 2
	}
	data, err := bounded.ReadFile(*file, stdin, maxFieldBytes)
	if err != nil {
		fmt.Fprintln(stderr, "kocka fumen:", err)
		return 1
	}
	f, err := fumen.ParseField(strings.Split(string(data), "\n"))
	if err != nil {
		fmt.Fprintf(stderr, "kocka fumen: %s: %v\n", *file, err)
		return 1
	}
	// Lock and colorize are what tetris-fumen sets on a first page, so the
	// string is the one it would write for this field.
	s, err := fumen.Encode([]fumen.Page{{Field: f, Comment: *comment, Lock: true, Colorize: true}})
	if err != nil {
		fmt.Fprintln(stderr, "kocka fumen:", err)
		return 1
	}
	fmt.Fprintln(stdout, s)
	return 0
}
