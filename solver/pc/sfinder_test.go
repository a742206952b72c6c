package pc

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
)

// The differential test against solution-finder. Without flags it checks
// the answers solution-finder gave for the cases in testdata (no Java
// needed). With -sfinder it generates -gen cases from -seed, runs
// solution-finder on each and compares; -update writes them to testdata.
var (
	sfinderCmd = flag.String("sfinder", "", "command that runs solution-finder's Main (e.g. /tmp/sfinder/sf.sh)")
	genCases   = flag.Int("gen", 40, "cases to generate for -sfinder")
	genSeed    = flag.Uint64("seed", 1, "seed of the generated cases")
	update     = flag.Bool("update", false, "write the generated cases and solution-finder's answers to testdata")
)

const casesFile = "testdata/sfinder_cases.json"

// sfCase is one field and pattern with solution-finder's answers.
type sfCase struct {
	Rows    []string `json:"rows"` // top first, 'X' filled, '_' empty
	Lines   int      `json:"lines"`
	Pattern string   `json:"pattern"`
	Hold    bool     `json:"hold"`
	Drop    string   `json:"drop"`
	Success int      `json:"success"` // percent: succeeding sequences
	Total   int      `json:"total"`   // percent: distinct sequences
	Unique  int      `json:"unique"`  // path: distinct solutions
	Minimal int      `json:"minimal"` // path: solution-finder's minimal set
}

func (c sfCase) answers() [4]int { return [4]int{c.Success, c.Total, c.Unique, c.Minimal} }

func (c sfCase) String() string {
	return fmt.Sprintf("%s lines=%d pattern=%q hold=%v drop=%s", strings.Join(c.Rows, "/"), c.Lines, c.Pattern, c.Hold, c.Drop)
}

func (c sfCase) rules(t testing.TB) Rules {
	d, err := ParseDrop(c.Drop)
	if err != nil {
		t.Fatal(err)
	}
	return Rules{Hold: c.Hold, Drop: d}
}

// ours computes percent and path for a case.
func (c sfCase) ours(t testing.TB, withPath bool) sfCase {
	t.Helper()
	f, err := ParseRows(c.Rows, c.Lines)
	if err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	pat, err := ParsePattern(strings.Split(c.Pattern, ";"))
	if err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	n, err := f.Pieces()
	if err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	seqs, err := Sequences(pat, n, c.Hold)
	if err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	res, err := Percent(context.Background(), f, seqs, c.rules(t), 0, nil)
	if err != nil {
		t.Fatalf("%v: %v", c, err)
	}
	out := c
	out.Success, out.Total, out.Unique, out.Minimal = 0, len(seqs), 0, 0
	for _, ok := range res {
		if ok {
			out.Success++
		}
	}
	if withPath {
		sols, err := Path(context.Background(), f, seqs, c.rules(t), 0, nil)
		if err != nil {
			t.Fatalf("%v: %v", c, err)
		}
		out.Unique = len(sols)
		out.Minimal = len(MinimalSF(sols))
		for _, s := range sols {
			if err := s.Replay(f, c.rules(t)); err != nil {
				t.Errorf("%v: solution %v does not replay: %v", c, s, err)
			}
		}
	}
	return out
}

func TestAgainstSolutionFinderAnswers(t *testing.T) {
	b, err := os.ReadFile(casesFile)
	if err != nil {
		t.Fatal(err)
	}
	var cases []sfCase
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 30 {
		t.Fatalf("%d cases in %s, want at least 30", len(cases), casesFile)
	}
	for _, c := range cases {
		got := c.ours(t, true)
		if got.answers() != c.answers() {
			t.Errorf("%v:\n got %d/%d unique %d minimal %d\nwant %d/%d unique %d minimal %d",
				c, got.Success, got.Total, got.Unique, got.Minimal, c.Success, c.Total, c.Unique, c.Minimal)
		}
	}
}

func TestDifferentialSolutionFinder(t *testing.T) {
	if *sfinderCmd == "" {
		t.Skip("no -sfinder: solution-finder is not run (scripts/pc-compare.sh runs it)")
	}
	rng := rand.New(rand.NewPCG(*genSeed, 0x5eed))
	var cases []sfCase
	for len(cases) < *genCases {
		c, ok := randomCase(rng)
		if !ok {
			continue
		}
		// Most fields a random walk makes have no perfect clear; keep only
		// a few of those.
		if c.ours(t, false).Success == 0 && rng.IntN(5) != 0 {
			continue
		}
		sf, err := runSolutionFinder(t, c)
		if err != nil {
			t.Fatalf("%v: solution-finder: %v", c, err)
		}
		got := sf.ours(t, true)
		if got.answers() != sf.answers() {
			t.Errorf("%v:\n ours %d/%d unique %d minimal %d\n   sf %d/%d unique %d minimal %d",
				c, got.Success, got.Total, got.Unique, got.Minimal, sf.Success, sf.Total, sf.Unique, sf.Minimal)
		} else {
			t.Logf("same: %v: %d/%d unique %d minimal %d", c, sf.Success, sf.Total, sf.Unique, sf.Minimal)
		}
		cases = append(cases, sf)
	}
	if *update && !t.Failed() {
		b, err := json.MarshalIndent(cases, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(casesFile, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// randomCase makes a small field of 2..4 lines that takes 2..6 pieces,
// half by dropping random pieces (so it is often clearable), half from
// random cells, and a pattern of one of the common forms.
func randomCase(rng *rand.Rand) (sfCase, bool) {
	lines := []int{2, 3, 3, 4, 4, 4}[rng.IntN(6)]
	f := Field{Height: lines}
	if rng.IntN(2) == 0 {
		g := &generator{}
		for k := rng.IntN(lines*10/4 - 1); k > 0; k-- {
			p := engine.Pieces[rng.IntN(engine.NumPieces)]
			ms := g.moves(f, p)
			if len(ms) == 0 {
				continue
			}
			m := ms[rng.IntN(len(ms))]
			if g2 := f.place(m); g2.Height == f.Height {
				f = g2
			}
		}
	} else {
		for i := 0; i < lines*10; i++ {
			if rng.IntN(100) < 35 {
				f.Rows |= 1 << uint(i)
			}
		}
		f = f.clearFull()
	}
	if f.Height != lines {
		return sfCase{}, false
	}
	n, err := f.Pieces()
	if err != nil || n < 2 || n > 6 {
		return sfCase{}, false
	}
	c := sfCase{Lines: lines, Hold: rng.IntN(10) < 7, Drop: "softdrop"}
	if rng.IntN(10) < 2 {
		c.Drop = "harddrop"
	}
	letters := "TIJLSZO"
	pick := func() string { return string(letters[rng.IntN(7)]) }
	switch rng.IntN(5) {
	case 0:
		c.Pattern = fmt.Sprintf("*p%d", min(n+1, 7))
	case 1:
		c.Pattern = fmt.Sprintf("%s,*p%d", pick(), n)
	case 2:
		c.Pattern = fmt.Sprintf("*,*p%d", n)
	case 3:
		c.Pattern = fmt.Sprintf("[^%s%s]p2,*p%d", pick(), pick(), n-1)
		if strings.Count(c.Pattern[:5], c.Pattern[2:3]) > 1 { // [^TT]
			c.Pattern = fmt.Sprintf("[^%s]p2,*p%d", c.Pattern[2:3], n-1)
		}
	default:
		c.Pattern = fmt.Sprintf("[TIO]p2,*p%d;[SZLJ],*p%d", n-1, n)
	}
	for y := lines - 1; y >= 0; y-- {
		var sb strings.Builder
		for x := 0; x < Width; x++ {
			if f.Rows>>(uint(y*Width+x))&1 != 0 {
				sb.WriteByte('X')
			} else {
				sb.WriteByte('_')
			}
		}
		c.Rows = append(c.Rows, sb.String())
	}
	return c, true
}

var (
	sfPercentRE = regexp.MustCompile(`success = [0-9.]+% \((\d+)/(\d+)\)`)
	sfUniqueRE  = regexp.MustCompile(`Found path \[unique\] = (\d+)`)
	sfMinimalRE = regexp.MustCompile(`Found path \[minimal\] = (\d+)`)
)

func runSolutionFinder(t *testing.T, c sfCase) (sfCase, error) {
	dir := t.TempDir()
	field := filepath.Join(dir, "field.txt")
	if err := os.WriteFile(field, []byte(fmt.Sprintf("%d\n%s\n", c.Lines, strings.Join(c.Rows, "\n"))), 0o644); err != nil {
		return c, err
	}
	hold := "avoid"
	if c.Hold {
		hold = "use"
	}
	drop := "soft"
	if c.Drop == "harddrop" {
		drop = "hard"
	}
	common := []string{"-fp", field, "-p", c.Pattern, "-H", hold, "-d", drop, "-c", strconv.Itoa(c.Lines)}
	out, err := exec.Command(*sfinderCmd, append([]string{"percent"}, common...)...).CombinedOutput()
	if err != nil {
		return c, fmt.Errorf("%v: %s", err, out)
	}
	m := sfPercentRE.FindSubmatch(out)
	if m == nil {
		return c, fmt.Errorf("no answer in %s", out)
	}
	c.Success, _ = strconv.Atoi(string(m[1]))
	c.Total, _ = strconv.Atoi(string(m[2]))
	out, err = exec.Command(*sfinderCmd, append([]string{"path", "-o", filepath.Join(dir, "path.txt")}, common...)...).CombinedOutput()
	if err != nil {
		return c, fmt.Errorf("%v: %s", err, out)
	}
	u, mn := sfUniqueRE.FindSubmatch(out), sfMinimalRE.FindSubmatch(out)
	if u == nil || mn == nil {
		return c, fmt.Errorf("no path answer in %s", out)
	}
	c.Unique, _ = strconv.Atoi(string(u[1]))
	c.Minimal, _ = strconv.Atoi(string(mn[1]))
	return c, nil
}
