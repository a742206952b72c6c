package thrower

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/solver"
)

// Row is one line of an analysis: a match and, once run, its outcome.
type Row struct {
	Match
	Outcome Outcome
	Err     error
}

// Grid is the cross product of the options of an analysis.
type Grid struct {
	Throwers  []string
	PieceSets [][]engine.Piece
	Widths    []int
	Heights   []int
	Functions []string
	Depths    []int
	Previews  []bool
	Models    []solver.Mode
	MoveLimit int
}

// Matches expands the grid, thrower slowest and model fastest; a grid of
// more than MaxMatches (see Count) expands to nothing.
func (g Grid) Matches() []Match {
	if g.Count() > MaxMatches {
		return nil
	}
	var out []Match
	for _, t := range g.Throwers {
		for _, ps := range g.PieceSets {
			for _, w := range g.Widths {
				for _, h := range g.Heights {
					for _, f := range g.Functions {
						for _, d := range g.Depths {
							for _, pv := range g.Previews {
								for _, m := range g.Models {
									out = append(out, Match{Thrower: t, Pieces: ps, Width: w, Height: h,
										Function: f, Depth: d, Preview: pv, Model: m, MoveLimit: g.MoveLimit})
								}
							}
						}
					}
				}
			}
		}
	}
	return out
}

// Count is how many matches the grid holds, or MaxMatches+1 when it holds
// more: a check that does not build them.
func (g Grid) Count() int {
	n := 1
	for _, k := range []int{len(g.Throwers), len(g.PieceSets), len(g.Widths), len(g.Heights),
		len(g.Functions), len(g.Depths), len(g.Previews), len(g.Models)} {
		if k > 0 && n > MaxMatches/k {
			return MaxMatches + 1
		}
		n *= k
	}
	return n
}

func singles(ps ...engine.Piece) [][]engine.Piece {
	out := make([][]engine.Piece, len(ps))
	for i, p := range ps {
		out[i] = []engine.Piece{p}
	}
	return out
}

// Presets are the ready-made analyses. "thesis" repeats the experiments of
// Kravec's thesis: one kind of piece on widths 10, 8 and 9 with both of
// its evaluation functions at depths 1 and 2; pairs of kinds on width 10
// at depth 2 with and without the next piece shown; and the S/Z algorithm
// on the even widths 4 to 10 against a strong placer. Each part runs in
// the thesis' placement model (drop from above) and with full movegen.
var Presets = map[string][]Grid{
	"thesis": {
		{
			Throwers:  []string{"minimax"},
			PieceSets: singles(engine.O, engine.I, engine.S, engine.Z, engine.L, engine.J, engine.T),
			Widths:    []int{10, 8, 9},
			Heights:   []int{20},
			Functions: []string{"kravec", "kravec1"},
			Depths:    []int{1, 2},
			Previews:  []bool{false},
			Models:    []solver.Mode{solver.ModeDrop, solver.ModeFull},
			MoveLimit: 2000,
		},
		{
			Throwers: []string{"minimax"},
			PieceSets: [][]engine.Piece{{engine.O, engine.I}, {engine.O, engine.J}, {engine.O, engine.L},
				{engine.I, engine.L}, {engine.I, engine.J}, {engine.L, engine.J}},
			Widths:    []int{10},
			Heights:   []int{20},
			Functions: []string{"kravec"},
			Depths:    []int{2},
			Previews:  []bool{false, true},
			Models:    []solver.Mode{solver.ModeDrop, solver.ModeFull},
			MoveLimit: 500,
		},
		{
			Throwers:  []string{"sz"},
			PieceSets: [][]engine.Piece{{engine.S, engine.Z}},
			Widths:    []int{4, 6, 8, 10},
			Heights:   []int{20},
			Functions: []string{"kocka"},
			Depths:    []int{2},
			Previews:  []bool{true},
			Models:    []solver.Mode{solver.ModeFull},
			MoveLimit: 5000,
		},
	},
}

// PresetMatches expands a preset.
func PresetMatches(name string) ([]Match, error) {
	gs, ok := Presets[name]
	if !ok {
		return nil, fmt.Errorf("unknown preset %q (want thesis)", name)
	}
	var out []Match
	for _, g := range gs {
		out = append(out, g.Matches()...)
	}
	return out, nil
}

// RunAll plays the matches on workers goroutines (at least one) and
// returns the rows in the matches' order. done, if not nil, is called
// after each row (from one goroutine at a time).
func RunAll(ms []Match, workers int, done func(finished, total int, r Row)) []Row {
	rows := make([]Row, len(ms))
	jobs := make(chan int)
	var mu sync.Mutex
	finished := 0
	var wg sync.WaitGroup
	for w := 0; w < max(workers, 1); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				o, err := ms[i].Run()
				rows[i] = Row{Match: ms[i], Outcome: o, Err: err}
				mu.Lock()
				finished++
				if done != nil {
					done(finished, len(ms), rows[i])
				}
				mu.Unlock()
			}
		}()
	}
	for i := range ms {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return rows
}

// ParseMatches reads a grid file: one match per line as key=value pairs
// (thrower, pieces, width, height, function, depth, thrower-depth,
// preview, model, limit); keys left out take the defaults in base. Blank
// lines and lines starting with # are skipped. Each match is checked
// (Match.Validate); a line over 64 KiB or more than MaxMatches matches is
// an error.
func ParseMatches(r io.Reader, base Match) ([]Match, error) {
	var out []Match
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := base
		for _, f := range strings.Fields(line) {
			k, v, ok := strings.Cut(f, "=")
			if !ok {
				return nil, fmt.Errorf("line %d: %q is not key=value", n, f)
			}
			if err := setField(&m, k, v); err != nil {
				return nil, fmt.Errorf("line %d: %w", n, err)
			}
		}
		if err := m.Validate(); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if len(out) == MaxMatches {
			return nil, fmt.Errorf("line %d: more than %d matches", n, MaxMatches)
		}
		out = append(out, m)
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("a line is longer than %d KiB", bufio.MaxScanTokenSize>>10)
	} else if err != nil {
		return nil, err
	}
	return out, nil
}

func setField(m *Match, k, v string) error {
	atoi := func() (int, error) {
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, fmt.Errorf("%s: %q is not a number", k, v)
		}
		return n, nil
	}
	var err error
	switch k {
	case "thrower":
		m.Thrower = v
	case "pieces":
		m.Pieces, err = ParsePieces(v)
	case "width":
		m.Width, err = atoi()
	case "height":
		m.Height, err = atoi()
	case "function":
		m.Function = v
	case "depth":
		m.Depth, err = atoi()
	case "thrower-depth":
		m.ThrowerDepth, err = atoi()
	case "limit":
		m.MoveLimit, err = atoi()
	case "preview":
		m.Preview, err = ParsePreview(v)
	case "model":
		m.Model, err = solver.ParseMode(v)
	case "seed":
		var s uint64
		s, err = strconv.ParseUint(v, 10, 64)
		m.Seed = s
	default:
		return fmt.Errorf("unknown key %q", k)
	}
	return err
}

// ParsePreview reads on/off (or true/false).
func ParsePreview(s string) (bool, error) {
	switch s {
	case "on", "true", "yes", "1":
		return true, nil
	case "off", "false", "no", "0":
		return false, nil
	}
	return false, fmt.Errorf("preview %q: want on or off", s)
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// rowJSON is the JSON form of a row.
type rowJSON struct {
	Thrower     string  `json:"thrower"`
	Pieces      string  `json:"pieces"`
	Width       int     `json:"width"`
	Height      int     `json:"height"`
	Function    string  `json:"function"`
	Depth       int     `json:"depth"`
	Preview     bool    `json:"preview"`
	Model       string  `json:"model"`
	Result      string  `json:"result"`
	Move        int     `json:"move"`
	CycleLength int     `json:"cycle_length"`
	CycleStart  int     `json:"cycle_start,omitempty"`
	BandLow     *int    `json:"band_low,omitempty"`
	BandHigh    *int    `json:"band_high,omitempty"`
	Lines       int     `json:"lines"`
	Seconds     float64 `json:"time"`
	Error       string  `json:"error,omitempty"`
}

// WriteJSON writes one JSON object per row, one per line.
func WriteJSON(w io.Writer, rows []Row) error {
	enc := json.NewEncoder(w)
	for _, r := range rows {
		j := rowJSON{Thrower: r.Thrower, Pieces: PiecesString(r.Pieces), Width: r.Width, Height: r.Height,
			Function: r.Function, Depth: r.Depth, Preview: r.Preview, Model: r.Model.String(),
			Result: r.Outcome.Result, Move: r.Outcome.Move, Lines: r.Outcome.Lines,
			Seconds: r.Outcome.Elapsed.Seconds()}
		if r.Outcome.Result == ResultCycle {
			c := r.Outcome.Cycle
			j.CycleLength, j.CycleStart = c.Length, c.Start
			if c.LowRow >= 0 {
				lo, hi := c.LowRow, c.HighRow
				j.BandLow, j.BandHigh = &lo, &hi
			}
		}
		if r.Err != nil {
			j.Error = r.Err.Error()
		}
		if err := enc.Encode(j); err != nil {
			return err
		}
	}
	return nil
}

// WriteMarkdown writes the rows as a Markdown table.
func WriteMarkdown(w io.Writer, rows []Row) {
	fmt.Fprintln(w, "| thrower | pieces | well | function | depth | preview | model | result | move | cycle | rows changing | lines | time |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---:|---:|---|---:|---:|")
	for _, r := range rows {
		o := r.Outcome
		result, cycle, band := o.Result, "", ""
		if r.Err != nil {
			result = "error: " + r.Err.Error()
		}
		if o.Result == ResultCycle {
			cycle = strconv.Itoa(o.Cycle.Length)
			band = "none"
			if o.Cycle.LowRow >= 0 {
				band = fmt.Sprintf("%d-%d", o.Cycle.LowRow, o.Cycle.HighRow)
			}
		}
		fmt.Fprintf(w, "| %s | %s | %dx%d | %s | %d | %s | %s | %s | %d | %s | %s | %d | %s |\n",
			r.Thrower, PiecesString(r.Pieces), r.Width, r.Height, r.Function, r.Depth, onOff(r.Preview),
			r.Model, result, o.Move, cycle, band, o.Lines, o.Elapsed.Round(time.Millisecond))
	}
}
