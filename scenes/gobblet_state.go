package scenes

import (
	"github.com/kocka/kocka/gobai"
)

// GobbletState is what tests see of a Gobblet game (State.Gobblet, and
// window.kocka.state().gobblet in the page).
type GobbletState struct {
	Mode  string `json:"mode"`
	Rules string `json:"rules"` // the rules' label
	Human int    `json:"human"` // the person's colour (0 upper case, 1 lower case)
	Mover int    `json:"mover"` // the colour to move
	// Squares are the stacks, square 0 (top left) first, row by row, each
	// from its top piece down: upper case colour 0, lower case colour 1,
	// "" empty (docs/gobblet.md's notation).
	Squares  []string `json:"squares"`
	Plies    int      `json:"plies"`
	Moves    []string `json:"moves"` // as on screen: "A b2", "B a1-b2"
	Thinking bool     `json:"thinking"`
	Over     bool     `json:"over"`
	Winner   string   `json:"winner,omitempty"` // "you" or "computer"
	Selected int      `json:"selected"`         // the picked square, 100+slot for the person's reserve, -1 none
	Targets  []int    `json:"targets,omitempty"`
	Status   string   `json:"status"` // the two lines under the board
	Note     string   `json:"note,omitempty"`
	Hint     string   `json:"hint,omitempty"`  // Gobblers: the perfect move, once H has found it
	Value    string   `json:"value,omitempty"` // its exact value, for the person
	Keep     []string `json:"keep,omitempty"`  // proven: the moves that kept the draw at the computer's last turn
	// SquareXY and ReserveXY are the middles of the squares and of the
	// person's reserve slots in window pixels, for clicks.
	SquareXY  [][2]int `json:"squareXY,omitempty"`
	ReserveXY [][2]int `json:"reserveXY,omitempty"`
}

// gobbletState finds a Gobblet game on the stack (under a pause too).
func (a *App) gobbletState() *GobbletState {
	var s *gobbletScene
	for i := len(a.Stack.scenes) - 1; i >= 0 && s == nil; i-- {
		s, _ = a.Stack.scenes[i].(*gobbletScene)
	}
	if s == nil {
		return nil
	}
	b := &s.m.Board
	n := s.n()
	st := &GobbletState{Mode: s.kind.mode, Rules: s.m.R.Label, Human: s.kind.human, Mover: b.Mover,
		Plies: s.m.Plies(), Thinking: s.thinking, Selected: -1, Targets: s.m.Targets()}
	for q := 0; q < n*n; q++ {
		sq := ""
		for _, p := range gobai.Stack(b, q) {
			ch := rune('A' + p[0])
			if p[1] == 1 {
				ch = rune('a' + p[0])
			}
			sq += string(ch)
		}
		st.Squares = append(st.Squares, sq)
	}
	for _, mv := range s.m.History() {
		st.Moves = append(st.Moves, moveName(n, mv))
	}
	if over, w := s.m.Over(); over {
		st.Over, st.Winner = true, "computer"
		if w == s.kind.human {
			st.Winner = "you"
		}
	}
	if q, ok := s.m.Selected().IsSquare(); ok {
		st.Selected = q
	} else if _, i, ok := s.m.Selected().IsReserve(); ok {
		st.Selected = 100 + i
	}
	st.Status, st.Note = s.status()
	if sol, ok := s.hintNow(); ok {
		st.Value = s.valueText(sol)
		if sol.Has {
			st.Hint = moveName(n, sol.Move)
		}
	}
	for _, mv := range s.keep {
		st.Keep = append(st.Keep, moveName(n, mv))
	}
	if sc := a.layout.scale; sc > 0 {
		g := s.geom()
		px := func(x, y float32) [2]int {
			return [2]int{a.layout.ox + int(x*sc+0.5), a.layout.oy + int(y*sc+0.5)}
		}
		for q := 0; q < n*n; q++ {
			st.SquareXY = append(st.SquareXY, px(g.centre(gobai.Square(q))))
		}
		for i := range gobai.ReserveSlots(&s.m.R, b, s.kind.human) {
			st.ReserveXY = append(st.ReserveXY, px(g.centre(gobai.Reserve(s.kind.human, i))))
		}
	}
	return st
}
