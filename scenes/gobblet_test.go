package scenes

import (
	"strings"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/kocka/kocka/gobai"
	"github.com/kocka/kocka/scenes/draw"
	"github.com/kocka/kocka/solver/prove/gobblet"
)

func gobbletOf(t *testing.T, a *App) *gobbletScene {
	t.Helper()
	for i := len(a.Stack.scenes) - 1; i >= 0; i-- {
		if s, ok := a.Stack.scenes[i].(*gobbletScene); ok {
			return s
		}
	}
	t.Fatalf("no Gobblet game on the stack (top %q)", topName(a))
	return nil
}

// clickSpot clicks the middle of a square or reserve slot.
func clickSpot(t *testing.T, a *App, sp gobai.Spot) {
	t.Helper()
	x, y := gobbletOf(t, a).geom().centre(sp)
	step(t, a, Frame{Click: true, PointerMoved: true, X: int(x), Y: int(y)}, 1)
}

// waitPlies runs ticks (giving the computer's goroutine time) until the
// game has n moves.
func waitPlies(t *testing.T, a *App, n int) {
	t.Helper()
	for i := 0; i < 3000; i++ {
		if a.State().Gobblet.Plies >= n {
			return
		}
		step(t, a, Frame{}, 1)
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatalf("the game stayed at %d moves, want %d", a.State().Gobblet.Plies, n)
}

func TestGobbletMenuOpensEachKind(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "title")
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	selectRow(t, a, "Gobblet")
	step(t, a, press(MenuConfirm), 1)
	if topName(a) != "gobbletmenu" {
		t.Fatalf("the Gobblet row opened %q", topName(a))
	}
	selectRow(t, a, "Gobblet Gobblers with hints")
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	if st := a.State(); st.Gobblet == nil || st.Mode != "gobblers" || len(st.Gobblet.Squares) != 9 {
		t.Fatalf("Gobblers did not start: %+v", st)
	}
	// Esc pauses; Quit to menu goes back to the sub-menu, whose Back goes
	// to the main menu.
	step(t, a, press(MenuBack), 1)
	if topName(a) != "pause" {
		t.Fatalf("Esc gave %q", topName(a))
	}
	selectRow(t, a, "Quit to menu")
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	selectRow(t, a, "Back")
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	if topName(a) != "menu" {
		t.Fatalf("Back from the sub-menu gave %q", topName(a))
	}
}

func TestGobbletClicksPlayAndTheStrategyReplies(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "gobblet-ab")
	s := gobbletOf(t, a)
	// The person (the attacker) picks a stack, sees the targets, drops.
	clickSpot(t, a, gobai.Reserve(gobblet.Attacker, 0))
	if st := a.State().Gobblet; st.Selected != 100 || len(st.Targets) != 16 {
		t.Fatalf("after picking a stack: selected %d, %d targets", st.Selected, len(st.Targets))
	}
	clickSpot(t, a, gobai.Square(5))
	waitPlies(t, a, 2)
	st := a.State().Gobblet
	if st.Squares[5] != "a" || st.Mover != gobblet.Attacker || len(st.Keep) == 0 {
		t.Fatalf("after one move pair: %+v", st)
	}
	if !s.strat.Has(&s.m.Board) {
		t.Fatal("the strategy's reply left its proven positions")
	}
	if !strings.Contains(st.Note, "cannot lose") {
		t.Fatalf("no proven value shown: %q", st.Note)
	}
	// U takes back the pair.
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyU}}, 1)
	if st := a.State().Gobblet; st.Plies != 0 || st.Squares[5] != "" {
		t.Fatalf("undo: %+v", st)
	}
}

func TestGobbletKeyboardCursor(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "gobblers")
	// From square a3 (top left): Left wraps to the reserve column, Enter
	// picks the large pieces, Right to the board's first column, Down to
	// the middle row, Right, Enter: a large piece on b2.
	for _, m := range []MenuSet{MenuLeft, MenuConfirm, MenuRight, MenuDown, MenuRight, MenuConfirm} {
		step(t, a, press(m), 1)
	}
	st := a.State().Gobblet
	if st.Plies != 1 || st.Squares[4] != "A" {
		t.Fatalf("keyboard move: %d plies, squares %q", st.Plies, st.Squares)
	}
	// The computer answers with a legal move (Match.Play checks it).
	waitPlies(t, a, 2)
}

func TestGobblersHint(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "gobblers")
	step(t, a, action(ActHint), 1)
	for i := 0; i < 3000 && a.State().Gobblet.Hint == ""; i++ {
		step(t, a, Frame{}, 1)
		time.Sleep(2 * time.Millisecond)
	}
	st := a.State().Gobblet
	// docs/gobblet.md: Gobblers is a first-player win, and the person
	// moves first.
	if st.Hint == "" || st.Value != "you can force a win" {
		t.Fatalf("hint %q value %q", st.Hint, st.Value)
	}
	if !strings.Contains(says(a), "perfect move") {
		t.Fatal("the hint is not on screen")
	}
}

func TestGobbletGameOverOffersNewGame(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "gobblers")
	s := gobbletOf(t, a)
	// Colour 0 (the person) has A a3 and B b3; C c3 wins.
	for _, mv := range []gobblet.Move{{From: -1, To: 0, Size: 0}, {From: -1, To: 6, Size: 0}, {From: -1, To: 1, Size: 1}, {From: -1, To: 7, Size: 2}} {
		if err := s.m.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	clickSpot(t, a, gobai.Reserve(0, 2))
	clickSpot(t, a, gobai.Square(2))
	st := a.State()
	if !st.Gobblet.Over || st.Gobblet.Winner != "you" || st.Scene != "gobbletover" {
		t.Fatalf("after the winning move: %+v", st.Gobblet)
	}
	if !strings.Contains(says(a), "YOU WIN") {
		t.Fatal("no winner on screen")
	}
	selectRow(t, a, "New game")
	step(t, a, press(MenuConfirm), 1)
	settle(t, a)
	if st := a.State().Gobblet; st.Over || st.Plies != 0 {
		t.Fatalf("New game: %+v", st)
	}
}

func TestDrawGobbletScenes(t *testing.T) {
	for _, mode := range []string{"gobblet", "gobblet-ab", "gobblers"} {
		a := newTestApp(t, &MemStore{}, mode)
		clickSpot(t, a, gobai.Reserve(gobbletOf(t, a).kind.human, 0))
		r := draw.NewDry()
		a.drawLogical(r, nil)
		// Board squares, reserve slots and pieces, text: well over 100.
		if r.Quads < 150 || r.Flushes != 1 {
			t.Fatalf("%s: %d quads in %d draw calls", mode, r.Quads, r.Flushes)
		}
	}
}

func TestGobbletABComputerStarts(t *testing.T) {
	a := newTestApp(t, &MemStore{}, "gobblet-ab-second")
	waitPlies(t, a, 1)
	st := a.State().Gobblet
	if st.Mover != gobblet.Attacker || st.Human != gobblet.Attacker || len(st.Keep) == 0 {
		t.Fatalf("after the computer's first move: %+v", st)
	}
	// Undo with only the computer's move played takes nothing back.
	step(t, a, Frame{Keys: []ebiten.Key{ebiten.KeyU}}, 1)
	if a.State().Gobblet.Plies != 1 {
		t.Fatal("undo took back the computer's opening move")
	}
}

func TestGobbletCursorStaysOnTheStacks(t *testing.T) {
	// Full Gobblet: three stacks beside a board of four rows.
	a := newTestApp(t, &MemStore{}, "gobblet")
	s := gobbletOf(t, a)
	for _, m := range []MenuSet{MenuUp, MenuLeft} { // to a1, then the stacks' column
		step(t, a, press(m), 1)
	}
	if s.cursor != [2]int{4, 2} {
		t.Fatalf("cursor %v, want the last stack (4, 2)", s.cursor)
	}
	step(t, a, press(MenuDown), 1)
	if s.cursor != [2]int{4, 0} {
		t.Fatalf("Down from the last stack: %v, want the first (4, 0)", s.cursor)
	}
}
