package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kocka/kocka/engine/fumen"
)

func init() {
	register("fumen", "read or write fumen v115 strings: kocka fumen decode STRING | encode --field-file F", func(args []string) int {
		return runFumen(args, os.Stdin, os.Stdout, os.Stderr)
	})
}

func fumenUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: kocka fumen decode STRING             print each page's field (top row first) and piece; STRING - reads stdin")
	fmt.Fprintln(w, "       kocka fumen encode --field-file F     print the v115 string of a field drawn in F (- for stdin):")
	fmt.Fprintln(w, "                                             rows of 10, '.' empty, IOTSZJL pieces, any other character garbage;")
	fmt.Fprintf(w, "                                             a %q line may introduce the garbage row below the field\n", fumen.GarbageSeparator)
}

func runFumen(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fumenUsage(stderr)
		return 2
	}
	switch args[0] {
	case "decode":
		return fumenDecode(args[1:], stdin, stdout, stderr)
	case "encode":
		return fumenEncode(args[1:], stdin, stdout, stderr)
	case "-h", "-help", "--help", "help":
		fumenUsage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "kocka fumen: unknown action %q\n", args[0])
	fumenUsage(stderr)
	return 2
}

func fumenDecode(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("fumen decode", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fumenUsage(stderr) }
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fumenUsage(stderr)
		return 2
	}
	s := fs.Arg(0)
	if s == "-" {
		b, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintln(stderr, "kocka fumen:", err)
			return 1
		}
		s = string(b)
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
	fs := flag.NewFlagSet("fumen encode", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fumenUsage(stderr) }
	file := fs.String("field-file", "", "file with the field's rows, top first (- for stdin)")
	comment := fs.String("comment", "", "the page's comment")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *file == "" || fs.NArg() != 0 {
		fumenUsage(stderr)
		return 2
	}
	var data []byte
	var err error
	if *file == "-" {
		data, err = io.ReadAll(stdin)
	} else {
		data, err = os.ReadFile(*file)
	}
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
