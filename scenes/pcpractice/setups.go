package pcpractice

import (
	"fmt"

	"github.com/kocka/kocka/solver/pc"
)

// Lines is the height of the perfect clear the mode asks for.
const Lines = 4

// Setup is a starting field: text rows, top first ('X' filled, '.' empty),
// the bottom row last. Each is tested to have a perfect clear with some
// 7-bag queue (TestSetupsHaveAClear).
type Setup struct {
	Name  string // the settings' key
	Title string // the menu's label
	Help  string
	Rows  []string
}

// Setups are the fields the mode offers. The three six-piece fields are
// solution-finder's example fields (docs/pc.md has their fumens and the
// success rates both tools give with *p7, which the panel shows at the
// start: 100%, 91.98% and 86.79%).
var Setups = []Setup{
	{Name: "empty", Title: "Empty field", Help: "The first perfect clear: an empty field, a fresh bag, 10 pieces.",
		Rows: nil},
	{Name: "wall", Title: "Left wall", Help: "Six pieces to fill the right six columns of four rows (any 7-bag clears it).",
		Rows: []string{
			"XXXX......",
			"XXXX......",
			"XXXX......",
			"XXXX......",
		}},
	{Name: "stairs", Title: "Stairs", Help: "A six-piece leftover: a staircase on the left (91.98% of 7-bag queues clear it).",
		Rows: []string{
			"X.........",
			"XXXX......",
			"XXXXX.....",
			"XXXXXX....",
		}},
	{Name: "split", Title: "Split", Help: "A six-piece leftover with blocks on both sides (86.79% of 7-bag queues clear it).",
		Rows: []string{
			".......XXX",
			"........XX",
			"XX....XXXX",
			"XX.....XXX",
		}},
}

// SetupByName finds a setup.
func SetupByName(name string) (*Setup, error) {
	for i := range Setups {
		if Setups[i].Name == name {
			return &Setups[i], nil
		}
	}
	names := make([]string, len(Setups))
	for i, s := range Setups {
		names[i] = s.Name
	}
	return nil, fmt.Errorf("unknown PC field %q (want one of %v)", name, names)
}

// Field is the setup as a perfect-clear field of Lines rows.
func (s *Setup) Field() (pc.Field, error) { return pc.ParseRows(s.Rows, Lines) }

// BoardRows is the setup as board rows, bottom first (bit x = column x),
// for engine.Board.SetRows.
func (s *Setup) BoardRows() []uint16 {
	out := make([]uint16, len(s.Rows))
	for i, r := range s.Rows {
		y := len(s.Rows) - 1 - i
		for x, c := range r {
			if c != '.' {
				out[y] |= 1 << uint(x)
			}
		}
	}
	return out
}
