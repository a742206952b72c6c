// Package tbp speaks the Tetris Bot Protocol: JSON messages, one per line,
// between a frontend (on the bot's stdin) and a bot (on its stdout), the
// protocol Cold Clear and other bots use. The frontend sends rules, start,
// suggest, play, new_piece, stop and quit; the bot answers with info, ready,
// suggestion and error. A malformed message, a line over MaxLine or a move
// off the board gets an error message back, changes nothing, and the bot
// keeps running.
package tbp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/internal/bounded"
)

// Board size fixed by the protocol: 10 columns, 40 rows, row 0 at the bottom.
const (
	Width  = 10
	Height = 40
)

// MaxLine caps one message: a start message with a full board and a long
// queue is under 4 KiB. A longer line is answered with an error message,
// never held in memory, and the session goes on.
const MaxLine = 1 << 20

// MaxQueue caps the pieces the bot is told of ahead: a frontend reveals a
// few, and new_piece past the cap is an error, so that the queue cannot
// grow without end.
const MaxQueue = 1024

// State is what the bot knows of the game between messages.
type State struct {
	Board      *engine.Board
	Hold       engine.Piece // None when empty
	Queue      []engine.Piece
	Combo      int
	BackToBack bool
}

// Suggestion is a move the bot proposes: where the piece locks, with its
// spin kind. When Placed.Piece differs from Queue[0] the move uses hold.
type Suggestion struct {
	Placed engine.Placed
	Spin   engine.Spin
}

// Planner suggests moves, best first, for a state.
type Planner func(s State) ([]Suggestion, error)

// Info names the bot in its first message.
type Info struct {
	Name, Version, Author string
}

// Session runs the protocol over r and w until quit or end of input.
type Session struct {
	info    Info
	planner Planner
	enc     *json.Encoder
	state   *State // nil until start, and after stop
}

// NewSession makes a session that answers with planner.
func NewSession(info Info, planner Planner, w io.Writer) *Session {
	return &Session{info: info, planner: planner, enc: json.NewEncoder(w)}
}

// message is any frontend message; the fields used depend on Type.
type message struct {
	Type       string              `json:"type"`
	Randomizer string              `json:"randomizer"`
	Hold       *string             `json:"hold"`
	Queue      []string            `json:"queue"`
	Combo      int                 `json:"combo"`
	BackToBack bool                `json:"back_to_back"`
	Board      [][]json.RawMessage `json:"board"`
	Move       *move               `json:"move"`
	Piece      string              `json:"piece"`
}

type location struct {
	Type        string `json:"type"`
	Orientation string `json:"orientation"`
	X           int    `json:"x"`
	Y           int    `json:"y"`
}

type move struct {
	Location location `json:"location"`
	Spin     string   `json:"spin"`
}

// Run reads messages until quit or the end of r.
func (s *Session) Run(r io.Reader) error {
	if err := s.send(map[string]any{"type": "info", "name": s.info.Name, "version": s.info.Version, "author": s.info.Author, "features": []string{}}); err != nil {
		return err
	}
	lines := bounded.NewLineReader(r, MaxLine)
	for {
		raw, err := lines.Next()
		if err == io.EOF {
			return nil
		}
		var tooLong *bounded.TooLargeError
		if errors.As(err, &tooLong) {
			if e := s.send(map[string]any{"type": "error", "reason": "malformed message: " + err.Error()}); e != nil {
				return e
			}
			continue
		}
		if err != nil {
			return err
		}
		line := bytes.TrimSpace(raw)
		if len(line) == 0 {
			continue
		}
		quit, err := s.handle(line)
		if err != nil {
			if e := s.send(map[string]any{"type": "error", "reason": err.Error()}); e != nil {
				return e
			}
		}
		if quit {
			return nil
		}
	}
}

func (s *Session) send(v any) error { return s.enc.Encode(v) }

// handle acts on one message; an error is reported to the frontend.
func (s *Session) handle(line []byte) (quit bool, err error) {
	var m message
	if err := json.Unmarshal(line, &m); err != nil {
		return false, fmt.Errorf("malformed message: %v", err)
	}
	switch m.Type {
	case "rules":
		if m.Randomizer != "" && m.Randomizer != "seven_bag" && m.Randomizer != "unknown" {
			return false, errors.New("unsupported_rules")
		}
		return false, s.send(map[string]string{"type": "ready"})
	case "start":
		st, err := parseStart(&m)
		if err != nil {
			return false, err
		}
		s.state = st
		return false, nil
	case "suggest":
		if s.state == nil {
			return false, errors.New("suggest before start")
		}
		sugs, err := s.planner(*s.state)
		if err != nil {
			return false, err
		}
		moves := make([]move, 0, len(sugs))
		for _, sg := range sugs {
			moves = append(moves, toMove(sg))
		}
		return false, s.send(map[string]any{"type": "suggestion", "moves": moves})
	case "play":
		if s.state == nil {
			return false, errors.New("play before start")
		}
		if m.Move == nil {
			return false, errors.New("play without a move")
		}
		sg, err := fromMove(*m.Move)
		if err != nil {
			return false, err
		}
		return false, s.state.Play(sg)
	case "new_piece":
		if s.state == nil {
			return false, errors.New("new_piece before start")
		}
		p, err := engine.ParsePiece(m.Piece)
		if err != nil {
			return false, err
		}
		if len(s.state.Queue) >= MaxQueue {
			return false, fmt.Errorf("new_piece: the queue already holds %d pieces", MaxQueue)
		}
		s.state.Queue = append(s.state.Queue, p)
		return false, nil
	case "stop":
		s.state = nil
		return false, nil
	case "quit":
		return true, nil
	case "":
		return false, errors.New("message without a type")
	}
	return false, fmt.Errorf("unknown message type %q", m.Type)
}

func parseStart(m *message) (*State, error) {
	st := &State{Board: engine.NewBoard(Width, Height), Combo: m.Combo, BackToBack: m.BackToBack}
	if m.Hold != nil {
		p, err := engine.ParsePiece(*m.Hold)
		if err != nil {
			return nil, fmt.Errorf("start: hold: %v", err)
		}
		st.Hold = p
	}
	if len(m.Queue) == 0 {
		return nil, errors.New("start: empty queue")
	}
	if len(m.Queue) > MaxQueue {
		return nil, fmt.Errorf("start: %d pieces in the queue, more than %d", len(m.Queue), MaxQueue)
	}
	for i, q := range m.Queue {
		p, err := engine.ParsePiece(q)
		if err != nil {
			return nil, fmt.Errorf("start: queue[%d]: %v", i, err)
		}
		st.Queue = append(st.Queue, p)
	}
	if len(m.Board) != Height {
		return nil, fmt.Errorf("start: board has %d rows, want %d", len(m.Board), Height)
	}
	for y, row := range m.Board {
		if len(row) != Width {
			return nil, fmt.Errorf("start: board row %d has %d cells, want %d", y, len(row), Width)
		}
		for x, raw := range row {
			var cell *string
			if err := json.Unmarshal(raw, &cell); err != nil {
				return nil, fmt.Errorf("start: board[%d][%d]: %v", y, x, err)
			}
			if cell == nil {
				continue
			}
			p, err := engine.ParsePiece(*cell)
			if err != nil {
				if *cell != "G" {
					return nil, fmt.Errorf("start: board[%d][%d]: unknown cell %q", y, x, *cell)
				}
				p = engine.Z // garbage: any filled kind
			}
			st.Board.Set(x, y, p)
		}
	}
	return st, nil
}

// Play applies a move the frontend made: hold if the piece is not the
// queue's first, lock, clear lines, and update combo and back-to-back. A
// rejected move changes nothing: every check comes before the first change.
func (st *State) Play(sg Suggestion) error {
	if len(st.Queue) == 0 {
		return errors.New("play: the queue is empty")
	}
	p := sg.Placed.Piece
	var hold engine.Piece
	var used int // pieces taken off the queue
	switch {
	case p == st.Queue[0]:
		hold, used = st.Hold, 1
	case st.Hold == engine.None && len(st.Queue) > 1 && st.Queue[1] == p:
		hold, used = st.Queue[0], 2
	case st.Hold == p && p != engine.None:
		hold, used = st.Queue[0], 1
	default:
		return fmt.Errorf("play: %v is neither the current nor the held piece", p)
	}
	if !inside(sg.Placed) {
		return fmt.Errorf("play: %v at (%d,%d) %v is outside the %dx%d board", p, sg.Placed.X, sg.Placed.Y, sg.Placed.Rot, Width, Height)
	}
	if !st.Board.Fits(sg.Placed) {
		return fmt.Errorf("play: %v at (%d,%d) %v overlaps the board", p, sg.Placed.X, sg.Placed.Y, sg.Placed.Rot)
	}
	st.Hold, st.Queue = hold, st.Queue[used:]
	st.Board.Place(sg.Placed)
	n := st.Board.ClearLines()
	if n == 0 {
		st.Combo = 0
		return nil
	}
	st.Combo++
	st.BackToBack = n == 4 || sg.Spin != engine.SpinNone
	return nil
}

// TBP names orientations by compass direction.
var orientations = [4]string{"north", "east", "south", "west"}

var spinNames = [3]string{"none", "mini", "full"}

// centres gives, per piece and rotation, the offset from the SRS box corner
// to the cell TBP calls the piece's centre: the true rotation centre for
// J, L, S, T and Z; for I and O, the cell the centre moves around with.
var centres = func() (c [engine.L + 1][4]engine.Cell) {
	for _, p := range engine.Pieces {
		for r := range 4 {
			c[p][r] = engine.Cell{X: 1, Y: 1}
		}
	}
	c[engine.I] = [4]engine.Cell{{X: 1, Y: 2}, {X: 2, Y: 2}, {X: 2, Y: 1}, {X: 1, Y: 1}}
	c[engine.O] = [4]engine.Cell{{X: 0, Y: 0}, {X: 0, Y: 1}, {X: 1, Y: 1}, {X: 1, Y: 0}}
	return c
}()

func toMove(sg Suggestion) move {
	m := sg.Placed
	c := centres[m.Piece][m.Rot]
	return move{
		Location: location{Type: m.Piece.String(), Orientation: orientations[m.Rot], X: m.X + int(c.X), Y: m.Y + int(c.Y)},
		Spin:     spinNames[sg.Spin],
	}
}

// inside reports whether every cell of m is on the board. The coordinates
// are checked before the cells are made, whose int8 would wrap a far-off
// position (x = -2^63, y = 256) back onto the board.
func inside(m engine.Placed) bool {
	if m.X < -4 || m.X > Width || m.Y < -4 || m.Y > Height {
		return false
	}
	for _, c := range m.Cells() {
		if c.X < 0 || int(c.X) >= Width || c.Y < 0 || int(c.Y) >= Height {
			return false
		}
	}
	return true
}

func fromMove(mv move) (Suggestion, error) {
	p, err := engine.ParsePiece(mv.Location.Type)
	if err != nil {
		return Suggestion{}, fmt.Errorf("move: %v", err)
	}
	rot := -1
	for i, o := range orientations {
		if o == mv.Location.Orientation {
			rot = i
		}
	}
	if rot < 0 {
		return Suggestion{}, fmt.Errorf("move: unknown orientation %q", mv.Location.Orientation)
	}
	spin := engine.SpinNone
	switch mv.Spin {
	case "", "none":
	case "mini":
		spin = engine.SpinMini
	case "full":
		spin = engine.SpinFull
	default:
		return Suggestion{}, fmt.Errorf("move: unknown spin %q", mv.Spin)
	}
	x, y := mv.Location.X, mv.Location.Y
	if x < 0 || x >= Width || y < 0 || y >= Height {
		return Suggestion{}, fmt.Errorf("move: centre (%d,%d) is outside the %dx%d board", x, y, Width, Height)
	}
	c := centres[p][rot]
	placed := engine.Placed{Piece: p, Rot: engine.Rotation(rot), X: x - int(c.X), Y: y - int(c.Y)}
	if !inside(placed) {
		return Suggestion{}, fmt.Errorf("move: %v %s at (%d,%d) has cells outside the %dx%d board", p, orientations[rot], x, y, Width, Height)
	}
	return Suggestion{Placed: placed, Spin: spin}, nil
}
