package engine

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"
	"strings"
)

// Replay is a recorded game: the rules, the seed and the buttons held on
// every tick. Playing the inputs back from the same start reproduces the
// game exactly, and Hash, the final StateHash, proves it.
type Replay struct {
	Config Config
	Seed   uint64

	// Randomizer names the piece source when it is not the built-in one
	// that Config.Randomizer selects (then it is ""). "sequence" is an
	// engine.Sequence whose RandomizerOptions are the piece letters; any
	// other name is rebuilt by the RandomizerFactory given to PlayWith
	// (adversaries from package solver), from RandomizerOptions, a string
	// whose meaning belongs to that randomizer.
	Randomizer        string
	RandomizerOptions string

	Inputs []Input // one per tick, from the first tick to the last played

	// The game as it ended (or stood when the recording stopped).
	Hash  uint64
	Score int
	Lines int
	End   EndReason
}

// ReplayableRandomizer is a randomizer outside the engine that a replay can
// rebuild: ReplaySpec names it and encodes its settings, so that a
// RandomizerFactory given the same name, options, config and seed returns
// one that deals exactly the same pieces.
type ReplayableRandomizer interface {
	Randomizer
	ReplaySpec() (name, options string)
}

// RandomizerFactory rebuilds a named randomizer for a replay.
type RandomizerFactory func(name, options string, cfg Config, seed uint64) (Randomizer, error)

// SequenceRandomizer is the replay name of an engine.Sequence.
const SequenceRandomizer = "sequence"

// Recorder plays a game and records it. Drive the game only through
// Recorder.Tick, from its first tick.
type Recorder struct {
	game   *Game
	replay Replay
}

// NewRecorder starts recording g, which must not have ticked yet. It fails
// when the game's randomizer cannot be rebuilt from a replay.
func NewRecorder(g *Game) (*Recorder, error) {
	if g.Ticks() != 0 {
		return nil, fmt.Errorf("replay: recording must start at tick 0, the game is at tick %d", g.Ticks())
	}
	r := &Recorder{game: g, replay: Replay{Config: g.Config(), Seed: g.Seed()}}
	check := true // whether a fresh game can be rebuilt here to compare
	switch rnd := g.Randomizer().(type) {
	case *BagRandomizer, *UniformRandomizer:
	case *Sequence:
		r.replay.Randomizer = SequenceRandomizer
		r.replay.RandomizerOptions = pieceLetters(rnd.Pieces)
	case ReplayableRandomizer:
		name, opts := rnd.ReplaySpec()
		if name == "" || name == SequenceRandomizer {
			return nil, fmt.Errorf("replay: randomizer %T has the reserved name %q", rnd, name)
		}
		r.replay.Randomizer, r.replay.RandomizerOptions = name, opts
		check = false // only the caller knows the factory
	default:
		return nil, fmt.Errorf("replay: randomizer %T cannot be rebuilt from a replay (it needs a ReplaySpec method)", rnd)
	}
	if check {
		// A built-in randomizer seeded or configured differently from
		// the game's config would make a replay that does not play back:
		// catch it now rather than when someone watches it.
		fresh, err := r.replay.Start(nil)
		if err != nil {
			return nil, err
		}
		if fresh.StateHash() != g.StateHash() {
			return nil, errors.New("replay: the game's randomizer does not match its config and seed (use NewGame, or NewRandomizer with the config's kind, seed and pieces)")
		}
	}
	return r, nil
}

// Tick advances the game by one tick and records the input. Ticks after
// the game ended change nothing and are not recorded.
func (r *Recorder) Tick(in Input) []Event {
	if !r.game.Over() {
		r.replay.Inputs = append(r.replay.Inputs, in)
	}
	return r.game.Tick(in)
}

// Game is the game being recorded.
func (r *Recorder) Game() *Game { return r.game }

// Replay returns the recording so far, with the game's current hash, score
// and lines. It does not share memory with the recorder.
func (r *Recorder) Replay() *Replay {
	rep := r.replay
	rep.Inputs = append([]Input(nil), r.replay.Inputs...)
	rep.Hash = r.game.StateHash()
	rep.Score = r.game.Score()
	rep.Lines = r.game.Lines()
	rep.End = r.game.End()
	return &rep
}

// Play replays a game with a built-in randomizer (or a Sequence) and
// returns the game after the last input.
func (r *Replay) Play() (*Game, error) { return r.PlayWith(nil) }

// PlayWith replays the game; factory rebuilds randomizers the engine does
// not know (it may be nil when the replay uses a built-in one).
func (r *Replay) PlayWith(factory RandomizerFactory) (*Game, error) {
	g, err := r.Start(factory)
	if err != nil {
		return nil, err
	}
	for i, in := range r.Inputs {
		if g.Over() {
			return g, fmt.Errorf("replay: the game ended (%v) at tick %d, before the last %d recorded inputs", g.End(), i, len(r.Inputs)-i)
		}
		g.Tick(in)
	}
	return g, nil
}

// Verify replays the game and checks that it ends in the recorded state.
func (r *Replay) Verify() error { return r.VerifyWith(nil) }

// VerifyWith is Verify for replays whose randomizer needs a factory.
func (r *Replay) VerifyWith(factory RandomizerFactory) error {
	g, err := r.PlayWith(factory)
	if err != nil {
		return err
	}
	if h := g.StateHash(); h != r.Hash {
		return fmt.Errorf("replay: state hash after %d ticks is %016x, the recording says %016x (score %d vs %d, lines %d vs %d): the rules or the randomizer changed since it was recorded",
			len(r.Inputs), h, r.Hash, g.Score(), r.Score, g.Lines(), r.Lines)
	}
	return nil
}

// Start builds the game the replay was recorded from, before its first
// tick: its config, seed and randomizer (built in, a fixed sequence, or one
// that factory rebuilds). Play and Verify start here; a viewer that shows
// the replay tick by tick does too.
func (r *Replay) Start(factory RandomizerFactory) (*Game, error) {
	switch r.Randomizer {
	case "":
		g, err := NewGame(r.Config, r.Seed)
		if err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		return g, nil
	case SequenceRandomizer:
		pieces, err := parsePieceLetters(r.RandomizerOptions)
		if err != nil || len(pieces) == 0 {
			return nil, fmt.Errorf("replay: sequence randomizer options %q are not piece letters", r.RandomizerOptions)
		}
		g, err := NewGameWith(r.Config, r.Seed, &Sequence{Pieces: pieces})
		if err != nil {
			return nil, fmt.Errorf("replay: %w", err)
		}
		return g, nil
	}
	if factory == nil {
		return nil, fmt.Errorf("replay: randomizer %q is not built in and no factory was given to rebuild it", r.Randomizer)
	}
	rnd, err := factory(r.Randomizer, r.RandomizerOptions, r.Config, r.Seed)
	if err != nil {
		return nil, fmt.Errorf("replay: randomizer %q: %w", r.Randomizer, err)
	}
	g, err := NewGameWith(r.Config, r.Seed, rnd)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	return g, nil
}

func pieceLetters(ps []Piece) string {
	var sb strings.Builder
	for _, p := range ps {
		sb.WriteString(p.String())
	}
	return sb.String()
}

func parsePieceLetters(s string) ([]Piece, error) {
	var out []Piece
	for i := 0; i < len(s); i++ {
		p, err := ParsePiece(s[i : i+1])
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// The replay file format.
//
// A replay file is a JSON document:
//
//	{"format": "kocka-replay", "version": 1, "crc32": "1a2b3c4d", "body": {...}}
//
// crc32 is the IEEE CRC-32, in hex, of the body in compact JSON form (as
// json.Compact writes it), so that re-indenting the file keeps it valid but
// any change of content is caught. The body holds the config with named
// fields, the seed and the hash as strings (JavaScript numbers cannot hold
// 64 bits), and the inputs run-length encoded: for each run the input byte
// then the run length as an unsigned LEB128 varint, all in standard base64.
// Every number in it is written the same on every platform. The config's
// "dcd" (DAS cut delay) is left out when 0: files from before it existed
// read as DCD 0, which plays exactly as those games were played.
const (
	ReplayFormat  = "kocka-replay"
	ReplayVersion = 1

	// MaxReplayTicks bounds what a file may ask for (24 hours of play),
	// so that a tiny corrupt file cannot make the reader allocate
	// gigabytes.
	MaxReplayTicks = 24 * 60 * 60 * 60
	// MaxReplayBytes bounds the size of a replay file.
	MaxReplayBytes = 64 << 20
)

type replayFile struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	CRC32   string          `json:"crc32"`
	Body    json.RawMessage `json:"body"`
}

type replayBody struct {
	Config            configJSON `json:"config"`
	Seed              string     `json:"seed"`
	Randomizer        string     `json:"randomizer,omitempty"`
	RandomizerOptions string     `json:"randomizerOptions,omitempty"`
	Ticks             int        `json:"ticks"`
	Inputs            string     `json:"inputs"`
	Hash              string     `json:"stateHash"`
	Score             int        `json:"score"`
	Lines             int        `json:"lines"`
	End               string     `json:"end"`
}

// configJSON names every Config field explicitly, so that renaming a Go
// field cannot silently change the file format. A test fails when Config
// gains a field this does not carry.
type configJSON struct {
	Width          int    `json:"width"`
	VisibleHeight  int    `json:"visibleHeight"`
	Preview        int    `json:"preview"`
	Hold           bool   `json:"hold"`
	Rot180         bool   `json:"rot180"`
	Randomizer     string `json:"randomizer"`
	Pieces         string `json:"pieces,omitempty"` // letters; empty = all seven
	Goal           string `json:"goal"`
	GoalLines      int    `json:"goalLines"`
	StartLevel     int    `json:"startLevel"`
	DAS            int    `json:"das"`
	ARR            int    `json:"arr"`
	SoftDropFactor int    `json:"softDropFactor"`
	DCD            int    `json:"dcd,omitempty"` // absent in files from before DCD: 0, the old handling
	LockDelay      int    `json:"lockDelay"`
	MaxResets      int    `json:"maxResets"`
	GravityCap     int    `json:"gravityCap"`
	FixedGravity   int    `json:"fixedGravity"`
	NoGravity      bool   `json:"noGravity"`
}

func configToJSON(c Config) configJSON {
	return configJSON{
		Width: c.Width, VisibleHeight: c.VisibleHeight, Preview: c.Preview,
		Hold: c.Hold, Rot180: c.Rot180,
		Randomizer: string(c.Randomizer), Pieces: pieceLetters(c.Pieces),
		Goal: c.Goal.String(), GoalLines: c.GoalLines, StartLevel: c.StartLevel,
		DAS: c.DAS, ARR: c.ARR, SoftDropFactor: c.SoftDropFactor, DCD: c.DCD,
		LockDelay: c.LockDelay, MaxResets: c.MaxResets,
		GravityCap: c.GravityCap, FixedGravity: c.FixedGravity, NoGravity: c.NoGravity,
	}
}

func (j configJSON) config() (Config, error) {
	pieces, err := parsePieceLetters(j.Pieces)
	if err != nil {
		return Config{}, fmt.Errorf("piece set %q: %w", j.Pieces, err)
	}
	goal, err := ParseGoal(j.Goal)
	if err != nil {
		return Config{}, err
	}
	c := Config{
		Width: j.Width, VisibleHeight: j.VisibleHeight, Preview: j.Preview,
		Hold: j.Hold, Rot180: j.Rot180,
		Randomizer: RandomizerKind(j.Randomizer), Pieces: pieces,
		Goal: goal, GoalLines: j.GoalLines, StartLevel: j.StartLevel,
		DAS: j.DAS, ARR: j.ARR, SoftDropFactor: j.SoftDropFactor, DCD: j.DCD,
		LockDelay: j.LockDelay, MaxResets: j.MaxResets,
		GravityCap: j.GravityCap, FixedGravity: j.FixedGravity, NoGravity: j.NoGravity,
	}
	if err := c.Validate(); err != nil {
		return Config{}, err
	}
	if _, err := NewRandomizer(c.Randomizer, 0, c.Pieces); err != nil {
		return Config{}, err
	}
	return c, nil
}

// Encode writes the replay in the replay file format.
func (r *Replay) Encode(w io.Writer) error {
	if len(r.Inputs) > MaxReplayTicks {
		return fmt.Errorf("replay: %d ticks is more than a replay file holds (%d)", len(r.Inputs), MaxReplayTicks)
	}
	body, err := json.Marshal(replayBody{
		Config:            configToJSON(r.Config),
		Seed:              strconv.FormatUint(r.Seed, 10),
		Randomizer:        r.Randomizer,
		RandomizerOptions: r.RandomizerOptions,
		Ticks:             len(r.Inputs),
		Inputs:            base64.StdEncoding.EncodeToString(encodeRuns(r.Inputs)),
		Hash:              fmt.Sprintf("%016x", r.Hash),
		Score:             r.Score,
		Lines:             r.Lines,
		End:               r.End.String(),
	})
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	out, err := json.MarshalIndent(replayFile{
		Format:  ReplayFormat,
		Version: ReplayVersion,
		CRC32:   fmt.Sprintf("%08x", crc32.ChecksumIEEE(body)),
		Body:    body,
	}, "", "  ")
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	out = append(out, '\n')
	if _, err := w.Write(out); err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	return nil
}

// DecodeReplay reads a replay file. It rejects files that are not replays,
// come from a newer version of the format, were cut short or changed, or
// describe an impossible game, with an error that says which.
func DecodeReplay(rd io.Reader) (*Replay, error) {
	data, err := io.ReadAll(io.LimitReader(rd, MaxReplayBytes+1))
	if err != nil {
		return nil, fmt.Errorf("replay: reading: %w", err)
	}
	if len(data) > MaxReplayBytes {
		return nil, fmt.Errorf("replay: file is larger than %d bytes", MaxReplayBytes)
	}
	var f replayFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("replay: not a kocka replay, or truncated (%d bytes): %w", len(data), err)
	}
	switch {
	case f.Format != ReplayFormat:
		return nil, fmt.Errorf("replay: not a kocka replay (format %q, want %q)", f.Format, ReplayFormat)
	case f.Version > ReplayVersion:
		return nil, fmt.Errorf("replay: format version %d is newer than this program reads (%d); update kocka", f.Version, ReplayVersion)
	case f.Version < 1:
		return nil, fmt.Errorf("replay: invalid format version %d", f.Version)
	case len(f.Body) == 0:
		return nil, errors.New("replay: no body")
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, f.Body); err != nil {
		return nil, fmt.Errorf("replay: body: %w", err)
	}
	if sum := fmt.Sprintf("%08x", crc32.ChecksumIEEE(compact.Bytes())); sum != f.CRC32 {
		return nil, fmt.Errorf("replay: checksum mismatch (file says %q, contents give %q): the file is corrupt or was edited", f.CRC32, sum)
	}
	var b replayBody
	dec := json.NewDecoder(bytes.NewReader(f.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("replay: body: %w", err)
	}
	return b.replay()
}

func (b *replayBody) replay() (*Replay, error) {
	cfg, err := b.Config.config()
	if err != nil {
		return nil, fmt.Errorf("replay: config: %w", err)
	}
	seed, err := strconv.ParseUint(b.Seed, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("replay: seed %q is not an unsigned 64-bit number", b.Seed)
	}
	if len(b.Hash) != 16 {
		return nil, fmt.Errorf("replay: state hash %q is not 16 hex digits", b.Hash)
	}
	hash, err := strconv.ParseUint(b.Hash, 16, 64)
	if err != nil {
		return nil, fmt.Errorf("replay: state hash %q is not 16 hex digits", b.Hash)
	}
	if b.Ticks < 0 || b.Ticks > MaxReplayTicks {
		return nil, fmt.Errorf("replay: %d ticks out of range 0..%d", b.Ticks, MaxReplayTicks)
	}
	runs, err := base64.StdEncoding.DecodeString(b.Inputs)
	if err != nil {
		return nil, fmt.Errorf("replay: inputs: %w", err)
	}
	inputs, err := decodeRuns(runs, b.Ticks)
	if err != nil {
		return nil, fmt.Errorf("replay: inputs: %w", err)
	}
	end, err := parseEndReason(b.End)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	if b.Randomizer == SequenceRandomizer {
		if ps, err := parsePieceLetters(b.RandomizerOptions); err != nil || len(ps) == 0 {
			return nil, fmt.Errorf("replay: sequence randomizer options %q are not piece letters", b.RandomizerOptions)
		}
	}
	return &Replay{
		Config: cfg, Seed: seed,
		Randomizer: b.Randomizer, RandomizerOptions: b.RandomizerOptions,
		Inputs: inputs, Hash: hash, Score: b.Score, Lines: b.Lines, End: end,
	}, nil
}

func parseEndReason(s string) (EndReason, error) {
	for r := Playing; r <= TimeUp; r++ {
		if r.String() == s {
			return r, nil
		}
	}
	return 0, fmt.Errorf("unknown end %q", s)
}

// encodeRuns writes the inputs as (input byte, uvarint run length) pairs:
// a player holds buttons for many ticks, so runs are long.
func encodeRuns(in []Input) []byte {
	var out []byte
	for i := 0; i < len(in); {
		j := i + 1
		for j < len(in) && in[j] == in[i] {
			j++
		}
		out = append(out, byte(in[i]))
		out = binary.AppendUvarint(out, uint64(j-i))
		i = j
	}
	return out
}

// decodeRuns reverses encodeRuns and checks that the runs add up to ticks.
func decodeRuns(data []byte, ticks int) ([]Input, error) {
	// The declared count is only a promise until the runs add up to it:
	// grow to it rather than allocate up to 5 MB for a 100-byte file.
	out := make([]Input, 0, min(ticks, 1<<16))
	for pos := 0; pos < len(data); {
		in := Input(data[pos])
		n, size := binary.Uvarint(data[pos+1:])
		switch {
		case size <= 0:
			return nil, fmt.Errorf("run at byte %d is cut short or overflows", pos)
		case n == 0:
			return nil, fmt.Errorf("run at byte %d is empty", pos)
		case n > uint64(ticks-len(out)):
			return nil, fmt.Errorf("runs add up to more than the %d ticks the replay declares", ticks)
		}
		for ; n > 0; n-- {
			out = append(out, in)
		}
		pos += 1 + size
	}
	if len(out) != ticks {
		return nil, fmt.Errorf("runs add up to %d ticks, the replay declares %d", len(out), ticks)
	}
	return out, nil
}
