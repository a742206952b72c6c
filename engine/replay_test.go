package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/kocka/kocka/engine"
)

// player makes inputs the way a person or the bot would: for each piece it
// picks a landing spot with a small greedy rule, taps its way there and
// hard-drops, with random presses, holds and releases mixed in so that DAS,
// ARR, soft drop, the turns and hold all get exercised. It reads the game
// to decide; the replay records only the inputs.
type player struct {
	rng        engine.RNG
	noise      int // 1 in noise ticks holds a random button set
	hold       engine.Input
	holdFor    int
	target     engine.Placed
	planFor    int // ticks since the current piece's plan was made
	planned    engine.Placed
	lastPlayed engine.Input
}

func (p *player) next(g *engine.Game) engine.Input {
	if p.holdFor > 0 {
		p.holdFor--
		return p.press(p.hold)
	}
	if p.noise > 0 && p.rng.Intn(p.noise) == 0 {
		p.hold = engine.Input(p.rng.Intn(256)) &^ engine.InHardDrop
		p.holdFor = p.rng.Intn(20)
		return p.press(p.hold)
	}
	cur, ok := g.Current()
	if !ok {
		return p.press(0)
	}
	if cur.Piece != p.planned.Piece || cur.Y > p.planned.Y || p.planFor > 90 {
		p.plan(g, cur)
	}
	p.planned = cur
	p.planFor++
	// A button must be released between two presses.
	if p.lastPlayed != 0 {
		return p.press(0)
	}
	switch {
	case p.planFor > 60: // stuck behind something: give up on the plan
		return p.press(engine.InHardDrop)
	case cur.Rot != p.target.Rot:
		if cur.Rot.CW() == p.target.Rot || !g.Config().Rot180 && cur.Rot.Flip() == p.target.Rot {
			return p.press(engine.InRotateCW)
		}
		if cur.Rot.Flip() == p.target.Rot {
			return p.press(engine.InRotate180)
		}
		return p.press(engine.InRotateCCW)
	case cur.X < p.target.X:
		return p.press(engine.InRight)
	case cur.X > p.target.X:
		return p.press(engine.InLeft)
	}
	return p.press(engine.InHardDrop)
}

func (p *player) press(in engine.Input) engine.Input {
	p.lastPlayed = in
	return in
}

// plan picks the rotation and column whose landing leaves the lowest,
// flattest stack with the fewest holes.
func (p *player) plan(g *engine.Game, cur engine.Placed) {
	p.planFor = 0
	best, bestScore := cur, -1<<62
	for r := engine.Rot0; r <= engine.RotL; r++ {
		for x := -3; x < g.Board().Width; x++ {
			m := engine.Placed{Piece: cur.Piece, Rot: r, X: x, Y: cur.Y}
			if !g.Board().Fits(m) {
				continue
			}
			b := g.Board().Clone()
			b.Place(m.Moved(0, -b.DropDistance(m)))
			lines := b.ClearLines()
			if s := evaluate(b, lines) + p.rng.Intn(3); s > bestScore {
				best, bestScore = m, s
			}
		}
	}
	p.target = best
}

func evaluate(b *engine.Board, lines int) int {
	agg, bump, holes, prev := 0, 0, 0, -1
	for x := 0; x < b.Width; x++ {
		h := b.ColumnHeight(x)
		agg += h
		if prev >= 0 {
			bump += max(h-prev, prev-h)
		}
		prev = h
		for y := 0; y < h; y++ {
			if !b.Filled(x, y) {
				holes++
			}
		}
	}
	return -51*agg + 76*lines - 36*holes - 18*bump
}

// record plays up to ticks ticks of a game and returns the recording and
// the game.
func record(t testing.TB, cfg engine.Config, seed uint64, ticks, noise int) (*engine.Replay, *engine.Game) {
	t.Helper()
	g, err := engine.NewGame(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.NewRecorder(g)
	if err != nil {
		t.Fatal(err)
	}
	p := &player{rng: engine.NewRNG(seed ^ 0x5eed), noise: noise}
	for i := 0; i < ticks && !g.Over(); i++ {
		rec.Tick(p.next(g))
	}
	return rec.Replay(), g
}

// endlessConfig keeps level 1 gravity, so that the generated player, who
// taps every other tick, can keep up for a long game.
func endlessConfig() engine.Config {
	c := engine.ConfigFor(engine.GoalNone)
	c.FixedGravity = engine.GravityForLevel(1)
	return c
}

func replayConfigs() map[string]engine.Config {
	arr0 := engine.DefaultConfig()
	arr0.ARR, arr0.DAS = 0, 6
	rot180 := engine.DefaultConfig()
	rot180.Rot180 = true
	noHold := engine.DefaultConfig()
	noHold.Hold, noHold.Preview = false, 0
	uniform := engine.ConfigFor(engine.GoalNone)
	uniform.Randomizer = engine.Uniform
	uniform.SoftDropFactor = 0
	fast := engine.ConfigFor(engine.GoalSprint)
	fast.StartLevel, fast.LockDelay, fast.MaxResets = 15, 20, 5
	return map[string]engine.Config{
		"endless":    endlessConfig(),
		"default":    engine.DefaultConfig(),
		"arr0":       arr0,
		"rot180":     rot180,
		"nohold":     noHold,
		"uniform":    uniform,
		"fastsprint": fast,
	}
}

func TestReplayRoundTrip(t *testing.T) {
	for name, cfg := range replayConfigs() {
		for _, seed := range []uint64{1, 0xdeadbeefcafef00d} {
			t.Run(fmt.Sprintf("%s/%x", name, seed), func(t *testing.T) {
				rep, g := record(t, cfg, seed, 4000, 15)
				if len(rep.Inputs) != g.Ticks() {
					t.Fatalf("recorded %d inputs for %d ticks", len(rep.Inputs), g.Ticks())
				}
				if g.Stats().Pieces < 20 {
					t.Fatalf("the test game is too short to mean much: %d pieces in %d ticks", g.Stats().Pieces, g.Ticks())
				}
				var buf bytes.Buffer
				if err := rep.Encode(&buf); err != nil {
					t.Fatal(err)
				}
				got, err := engine.DecodeReplay(&buf)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, rep) {
					t.Fatalf("decoded replay differs:\n got %+v\nwant %+v", got, rep)
				}
				played, err := got.Play()
				if err != nil {
					t.Fatal(err)
				}
				if played.StateHash() != g.StateHash() || played.Stats() != g.Stats() || played.Board().String() != g.Board().String() {
					t.Fatalf("replayed game differs:\n%v\nrecorded:\n%v", played, g)
				}
				if err := got.Verify(); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}

// The recording must have played something real: lines and a varied game.
func TestReplayTestGamesAreLong(t *testing.T) {
	rep, g := record(t, endlessConfig(), 7, 10000, 15)
	if len(rep.Inputs) < 5000 || g.Lines() < 20 {
		t.Errorf("the input generator played only %d ticks and %d lines; the round-trip tests need long games", len(rep.Inputs), g.Lines())
	}
}

func TestVerifyCatchesChanges(t *testing.T) {
	rep, _ := record(t, engine.DefaultConfig(), 3, 1500, 15)
	changes := map[string]func(r *engine.Replay){
		"seed":     func(r *engine.Replay) { r.Seed++ },
		"das":      func(r *engine.Replay) { r.Config.DAS++ },
		"uniform":  func(r *engine.Replay) { r.Config.Randomizer = engine.Uniform },
		"hash":     func(r *engine.Replay) { r.Hash ^= 1 },
		"no input": func(r *engine.Replay) { r.Inputs = r.Inputs[:len(r.Inputs)-1] },
	}
	for name, change := range changes {
		t.Run(name, func(t *testing.T) {
			r := *rep
			r.Inputs = append([]engine.Input(nil), rep.Inputs...)
			change(&r)
			if err := r.Verify(); err == nil {
				t.Error("Verify accepted a changed replay")
			}
		})
	}
	if err := rep.Verify(); err != nil {
		t.Errorf("the unchanged replay: %v", err)
	}
}

// Inputs recorded past the end of the game mean the replay does not match
// the rules it is played with.
func TestPlayRejectsInputsAfterTheEnd(t *testing.T) {
	cfg := engine.DefaultConfig()
	g, err := engine.NewGame(cfg, 9)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.NewRecorder(g)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; !g.Over(); i++ {
		rec.Tick(engine.InHardDrop * engine.Input(i%2)) // tap hard drop until the stack tops out
	}
	rep := rec.Replay()
	rec.Tick(engine.InLeft) // after the end: not recorded
	if len(rec.Replay().Inputs) != len(rep.Inputs) {
		t.Fatal("the recorder recorded a tick after the game ended")
	}
	if err := rep.Verify(); err != nil {
		t.Fatal(err)
	}
	if rep.End != g.End() || !rep.End.TopOut() {
		t.Fatalf("recorded end %v, game end %v", rep.End, g.End())
	}
	rep.Inputs = append(rep.Inputs, 0)
	if _, err := rep.Play(); err == nil || !strings.Contains(err.Error(), "ended") {
		t.Fatalf("Play with an input after the end: %v", err)
	}
}

func TestRecorderRandomizers(t *testing.T) {
	cfg := engine.DefaultConfig()
	seq := func() engine.Randomizer {
		return &engine.Sequence{Pieces: []engine.Piece{engine.T, engine.I, engine.O, engine.L}}
	}
	t.Run("sequence", func(t *testing.T) {
		g, err := engine.NewGameWith(cfg, 0, seq())
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.NewRecorder(g)
		if err != nil {
			t.Fatal(err)
		}
		p := &player{rng: engine.NewRNG(1), noise: 20}
		for i := 0; i < 1000 && !g.Over(); i++ {
			rec.Tick(p.next(g))
		}
		rep := rec.Replay()
		if rep.Randomizer != engine.SequenceRandomizer || rep.RandomizerOptions != "TIOL" {
			t.Fatalf("sequence recorded as %q %q", rep.Randomizer, rep.RandomizerOptions)
		}
		var buf bytes.Buffer
		if err := rep.Encode(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := engine.DecodeReplay(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if err := back.Verify(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("used sequence", func(t *testing.T) {
		s := seq()
		s.Next(nil)
		g, err := engine.NewGameWith(cfg, 0, s)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.NewRecorder(g); err == nil {
			t.Fatal("recording a game whose sequence did not start at its beginning succeeded")
		}
	})
	t.Run("built-in with another seed", func(t *testing.T) {
		r, err := engine.NewRandomizer(engine.Bag7, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := engine.NewGameWith(cfg, 1, r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.NewRecorder(g); err == nil {
			t.Fatal("recording a bag seeded differently from the game succeeded")
		}
	})
	t.Run("unknown randomizer", func(t *testing.T) {
		g, err := engine.NewGameWith(cfg, 1, &fixedRandomizer{engine.T})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.NewRecorder(g); err == nil {
			t.Fatal("recording a randomizer without ReplaySpec succeeded")
		}
	})
	t.Run("started game", func(t *testing.T) {
		g, err := engine.NewGame(cfg, 1)
		if err != nil {
			t.Fatal(err)
		}
		g.Tick(0)
		if _, err := engine.NewRecorder(g); err == nil {
			t.Fatal("recording a game after its first tick succeeded")
		}
	})
	t.Run("factory", func(t *testing.T) {
		g, err := engine.NewGameWith(cfg, 5, &namedRandomizer{fixedRandomizer{engine.S}, "Z"})
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.NewRecorder(g)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 500; i++ {
			rec.Tick(engine.InHardDrop * engine.Input(i%7/6))
		}
		rep := rec.Replay()
		var buf bytes.Buffer
		if err := rep.Encode(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := engine.DecodeReplay(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if back.Randomizer != "fixed" || back.RandomizerOptions != "S" {
			t.Fatalf("randomizer recorded as %q %q", back.Randomizer, back.RandomizerOptions)
		}
		if _, err := back.Play(); err == nil {
			t.Fatal("Play without a factory rebuilt a randomizer it does not know")
		}
		factory := func(name, opts string, _ engine.Config, _ uint64) (engine.Randomizer, error) {
			if name != "fixed" {
				return nil, errors.New("unknown")
			}
			p, err := engine.ParsePiece(opts)
			return &namedRandomizer{fixedRandomizer{p}, "Z"}, err
		}
		if err := back.VerifyWith(factory); err != nil {
			t.Fatal(err)
		}
	})
}

// fixedRandomizer deals one piece forever.
type fixedRandomizer struct{ p engine.Piece }

func (f *fixedRandomizer) Next(*engine.Game) engine.Piece { return f.p }
func (f *fixedRandomizer) Fingerprint() uint64            { return uint64(f.p) }

type namedRandomizer struct {
	fixedRandomizer
	unused string
}

func (n *namedRandomizer) ReplaySpec() (string, string) { return "fixed", n.p.String() }

// Every Config field must survive a replay file; a field added to Config
// and not to the file format fails here.
func TestReplayKeepsEveryConfigField(t *testing.T) {
	cfg := engine.DefaultConfig()
	v := reflect.ValueOf(&cfg).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		name := v.Type().Field(i).Name
		switch f.Kind() {
		case reflect.Int:
			// keep the value valid: a small change of the default
			f.SetInt(f.Int() + 1)
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Uint8: // Goal
			f.SetUint(uint64(engine.GoalSprint))
		case reflect.String: // RandomizerKind
			f.SetString(string(engine.Uniform))
		case reflect.Slice: // Pieces
			f.Set(reflect.ValueOf([]engine.Piece{engine.T, engine.S, engine.Z}))
		default:
			t.Fatalf("Config.%s has kind %v, which this test and the replay format do not know: add it to configJSON in replay.go", name, f.Kind())
		}
	}
	cfg.FixedGravity = 0 // +1 is valid too, but keep both gravity fields meaningful
	cfg.FixedGravity = 100
	if err := cfg.Validate(); err != nil {
		t.Fatalf("the test's config is invalid: %v", err)
	}
	rep := &engine.Replay{Config: cfg, Seed: 1<<64 - 1, End: engine.GoalMet}
	var buf bytes.Buffer
	if err := rep.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := engine.DecodeReplay(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Config, cfg) {
		t.Fatalf("config changed in a replay file:\n got %+v\nwant %+v", got.Config, cfg)
	}
	if got.Seed != rep.Seed || got.End != rep.End {
		t.Fatalf("seed %d end %v came back as %d %v", rep.Seed, rep.End, got.Seed, got.End)
	}
}

func validReplayFile(t testing.TB) []byte {
	t.Helper()
	rep, _ := record(t, engine.DefaultConfig(), 11, 600, 10)
	var buf bytes.Buffer
	if err := rep.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// rewrite decodes a valid file, changes its JSON and re-encodes it, fixing
// the checksum when fix is set (to reach the checks behind it).
func rewrite(t *testing.T, file []byte, fix bool, change func(outer, body map[string]any)) []byte {
	t.Helper()
	var outer map[string]any
	if err := json.Unmarshal(file, &outer); err != nil {
		t.Fatal(err)
	}
	body := outer["body"].(map[string]any)
	change(outer, body)
	if fix {
		raw, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		outer["crc32"] = fmt.Sprintf("%08x", crc32IEEE(raw))
	}
	out, err := json.Marshal(outer)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDecodeReplayRejects(t *testing.T) {
	file := validReplayFile(t)
	if _, err := engine.DecodeReplay(bytes.NewReader(file)); err != nil {
		t.Fatalf("the valid file: %v", err)
	}
	flipped := append([]byte(nil), file...)
	i := bytes.Index(flipped, []byte(`"inputs": "`))
	if i < 0 {
		t.Fatalf("no inputs in the file:\n%s", file)
	}
	i += len(`"inputs": "`) + 5
	flipped[i] ^= 0x01 // one bit of the input data
	cases := []struct {
		name string
		data []byte
		want string // in the error
	}{
		{"empty", nil, "not a kocka replay"},
		{"truncated", file[:len(file)/2], "truncated"},
		{"truncated at the end", file[:len(file)-3], "truncated"},
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "not a kocka replay"},
		{"other json", []byte(`{"name":"settings","volume":3}`), "not a kocka replay"},
		{"other format", rewrite(t, file, false, func(o, _ map[string]any) { o["format"] = "tetr.io-replay" }), `format "tetr.io-replay"`},
		{"future version", rewrite(t, file, false, func(o, _ map[string]any) { o["version"] = 2 }), "newer"},
		{"version 0", rewrite(t, file, false, func(o, _ map[string]any) { o["version"] = 0 }), "version"},
		{"flipped bit", flipped, "checksum"},
		{"edited score", rewrite(t, file, false, func(_, b map[string]any) { b["score"] = 999999 }), "checksum"},
		{"no body", rewrite(t, file, false, func(o, _ map[string]any) { delete(o, "body") }), "body"},
		{"unknown field", rewrite(t, file, true, func(_, b map[string]any) { b["extra"] = 1 }), "unknown field"},
		{"bad config", rewrite(t, file, true, func(_, b map[string]any) { b["config"].(map[string]any)["width"] = 99 }), "width"},
		{"bad goal", rewrite(t, file, true, func(_, b map[string]any) { b["config"].(map[string]any)["goal"] = "zen" }), "zen"},
		{"bad randomizer", rewrite(t, file, true, func(_, b map[string]any) { b["config"].(map[string]any)["randomizer"] = "history" }), "history"},
		{"bad pieces", rewrite(t, file, true, func(_, b map[string]any) { b["config"].(map[string]any)["pieces"] = "TQ" }), "piece"},
		{"bad seed", rewrite(t, file, true, func(_, b map[string]any) { b["seed"] = "-1" }), "seed"},
		{"bad hash", rewrite(t, file, true, func(_, b map[string]any) { b["stateHash"] = "xyz" }), "hash"},
		{"more ticks", rewrite(t, file, true, func(_, b map[string]any) { b["ticks"] = b["ticks"].(float64) + 1 }), "ticks"},
		{"fewer ticks", rewrite(t, file, true, func(_, b map[string]any) { b["ticks"] = b["ticks"].(float64) - 1 }), "ticks"},
		{"huge ticks", rewrite(t, file, true, func(_, b map[string]any) { b["ticks"] = 1e12 }), "out of range"},
		{"inputs not base64", rewrite(t, file, true, func(_, b map[string]any) { b["inputs"] = "!!!" }), "inputs"},
		{"empty run", rewrite(t, file, true, func(_, b map[string]any) { b["inputs"] = "AAA="; b["ticks"] = 0 }), "empty"},
		{"cut run", rewrite(t, file, true, func(_, b map[string]any) { b["inputs"] = "AID/"; b["ticks"] = 5 }), "cut short"},
		{"bad end", rewrite(t, file, true, func(_, b map[string]any) { b["end"] = "victory" }), "victory"},
		{"bad sequence", rewrite(t, file, true, func(_, b map[string]any) { b["randomizer"] = "sequence"; b["randomizerOptions"] = "" }), "sequence"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rep, err := engine.DecodeReplay(bytes.NewReader(c.data))
			if err == nil {
				t.Fatalf("accepted: %+v", rep)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q does not mention %q", err, c.want)
			}
			if !strings.HasPrefix(err.Error(), "replay: ") {
				t.Errorf("error %q does not say it is about a replay", err)
			}
		})
	}
}

// TestDecodeReplayTooLarge: a file over MaxReplayBytes is refused, even one
// that would be valid (a good replay after that many spaces), and is read
// no further than the cap.
func TestDecodeReplayTooLarge(t *testing.T) {
	file := validReplayFile(t)
	for _, c := range []struct {
		name   string
		spaces int
		ok     bool
	}{
		{"at the cap", engine.MaxReplayBytes - len(file), true},
		{"one byte over", engine.MaxReplayBytes - len(file) + 1, false},
		{"a whole file over", engine.MaxReplayBytes, false},
	} {
		r := &countingReader{r: io.MultiReader(&spaces{n: c.spaces}, bytes.NewReader(file))}
		_, err := engine.DecodeReplay(r)
		if c.ok && err != nil || !c.ok && (err == nil || !strings.Contains(err.Error(), "larger than")) {
			t.Errorf("%s: error %v", c.name, err)
		}
		if r.n > engine.MaxReplayBytes+1 {
			t.Errorf("%s: read %d bytes, more than the cap", c.name, r.n)
		}
	}
}

// spaces is n spaces, made as they are read.
type spaces struct{ n int }

func (s *spaces) Read(p []byte) (int, error) {
	if s.n == 0 {
		return 0, io.EOF
	}
	p = p[:min(len(p), s.n)]
	for i := range p {
		p[i] = ' '
	}
	s.n -= len(p)
	return len(p), nil
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// Re-indenting a file keeps it valid: the checksum covers content, not
// layout.
func TestDecodeReplayIgnoresLayout(t *testing.T) {
	file := validReplayFile(t)
	var compact bytes.Buffer
	if err := json.Compact(&compact, file); err != nil {
		t.Fatal(err)
	}
	a, err := engine.DecodeReplay(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	b, err := engine.DecodeReplay(&compact)
	if err != nil {
		t.Fatalf("the compacted file: %v", err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the compacted file decodes differently")
	}
}

// A file written today must read the same forever: this is a version 1
// file, byte for byte, written by hand with a zero state hash.
func TestDecodeReplayGolden(t *testing.T) {
	const golden = `{
  "format": "kocka-replay",
  "version": 1,
  "crc32": "e91e6599",
  "body": {
    "config": {"width": 10, "visibleHeight": 20, "preview": 5, "hold": true, "rot180": false, "randomizer": "bag", "goal": "marathon", "goalLines": 150, "startLevel": 1, "das": 10, "arr": 2, "softDropFactor": 20, "lockDelay": 30, "maxResets": 15, "gravityCap": 0, "fixedGravity": 0, "noGravity": false},
    "seed": "42", "ticks": 6, "inputs": "AAIIAQABEAEAAQ==", "stateHash": "0000000000000000",
    "score": 0, "lines": 0, "end": "playing"
  }
}`
	rep, err := engine.DecodeReplay(strings.NewReader(golden))
	if err != nil {
		t.Fatal(err)
	}
	want := []engine.Input{0, 0, engine.InHardDrop, 0, engine.InRotateCW, 0}
	if rep.Seed != 42 || rep.Config.Width != 10 || rep.Config.Randomizer != engine.Bag7 || !reflect.DeepEqual(rep.Inputs, want) {
		t.Fatalf("golden file decoded as %+v", rep)
	}
	// Its recorded hash is zero, which no game has: Verify must say so
	// rather than trust the file.
	if err := rep.Verify(); err == nil || !strings.Contains(err.Error(), "state hash") {
		t.Fatalf("Verify of a file whose hash does not match: %v", err)
	}
}

// FuzzDecodeReplay: replay files from the fuzzer's bytes. Its inputs are
// kept short (maxFuzzReplay), because the fuzzer minimises every input that
// finds new code by trying to remove each range of its bytes, which is
// quadratic in the input's length, and every JSON path counts as new code:
// with whole files for seeds (1.5 kB) it spent most of its runs minimising.
// So an input is one of:
//   - 'B' and JSON members that override those of a valid body (a later
//     duplicate key wins in encoding/json), e.g. B"ticks":7;
//   - 'C' and members that override those of the body's config;
//   - anything else: a whole file.
//
// The B and C bodies are wrapped in a file with the right checksum, so
// that the fuzzer gets past it to the body's checks.
func FuzzDecodeReplay(f *testing.F) {
	rep, _ := record(f, engine.DefaultConfig(), 5, 40, 10)
	var buf bytes.Buffer
	if err := rep.Encode(&buf); err != nil {
		f.Fatal(err)
	}
	var file struct{ Body map[string]json.RawMessage }
	if err := json.Unmarshal(buf.Bytes(), &file); err != nil {
		f.Fatal(err)
	}
	cfg := file.Body["config"]
	delete(file.Body, "config")
	rest, err := json.Marshal(file.Body)
	if err != nil {
		f.Fatal(err)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, cfg); err != nil {
		f.Fatal(err)
	}
	cfgMembers := bytes.Clone(compact.Bytes()[1 : compact.Len()-1])
	restMembers := rest[1 : len(rest)-1]

	for _, seed := range []string{
		`B`, `B"ticks":3,"inputs":"AAM="`, `B"randomizer":"sequence","randomizerOptions":"TIO"`,
		`B"seed":"18446744073709551615","end":"block out"`, `B"inputs":"AAIIAQABEAEAAQ==","ticks":6`,
		`C"width":4,"visibleHeight":44`, `C"pieces":"TIO","goal":"sprint"`, `C"arr":0,"das":60,"rot180":true`,
		`{"format":"kocka-replay","version":1}`, `{"format":"kocka-replay","version":2,"crc32":"00000000","body":{}}`, `{`, ``,
	} {
		f.Add([]byte(seed))
	}
	var body, compactBody bytes.Buffer
	wrap := func(data []byte) []byte {
		if len(data) > 0 && (data[0] == 'B' || data[0] == 'C') {
			body.Reset()
			if data[0] == 'B' {
				fmt.Fprintf(&body, `{"config":{%s},%s`, cfgMembers, restMembers)
			} else {
				fmt.Fprintf(&body, `{"config":{%s`, cfgMembers)
			}
			if len(data) > 1 {
				body.WriteByte(',')
				body.Write(data[1:])
			}
			if data[0] == 'C' {
				fmt.Fprintf(&body, `},%s`, restMembers)
			}
			body.WriteByte('}')
			compactBody.Reset()
			if json.Compact(&compactBody, body.Bytes()) != nil {
				return nil
			}
			data = fmt.Appendf(nil, `{"format":"kocka-replay","version":1,"crc32":"%08x","body":%s}`, crc32.ChecksumIEEE(compactBody.Bytes()), body.Bytes())
		}
		return data
	}
	for _, seed := range []string{"B", `C"arr":0`} {
		if _, err := engine.DecodeReplay(bytes.NewReader(wrap([]byte(seed)))); err != nil {
			f.Fatalf("the %s seed does not decode: %v", seed, err)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzReplay {
			return
		}
		rep, err := engine.DecodeReplay(bytes.NewReader(wrap(data)))
		if err != nil {
			return
		}
		// What decodes must encode and decode to the same replay.
		var buf bytes.Buffer
		if err := rep.Encode(&buf); err != nil {
			t.Fatalf("a decoded replay does not encode: %v", err)
		}
		again, err := engine.DecodeReplay(&buf)
		if err != nil {
			t.Fatalf("a re-encoded replay does not decode: %v", err)
		}
		if !reflect.DeepEqual(rep, again) {
			t.Fatalf("re-encoding changed the replay:\n%+v\n%+v", rep, again)
		}
	})
}

// maxFuzzReplay caps FuzzDecodeReplay's inputs: a few members, or a file
// too short to be valid (valid files come through B and C).
const maxFuzzReplay = 128

// benchReplay records a 10,000-tick game. The generated player tops out
// now and then, so it tries seeds until one game lasts.
func benchReplay(b *testing.B) *engine.Replay {
	for seed := uint64(1); seed <= 30; seed++ {
		rep, _ := record(b, endlessConfig(), seed, 10000, 15)
		if len(rep.Inputs) == 10000 {
			return rep
		}
	}
	b.Fatal("no generated game lasted 10000 ticks")
	return nil
}

func BenchmarkReplayEncode(b *testing.B) {
	rep := benchReplay(b)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := rep.Encode(&buf); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "file-bytes")
}

func BenchmarkReplayDecode(b *testing.B) {
	rep := benchReplay(b)
	var buf bytes.Buffer
	if err := rep.Encode(&buf); err != nil {
		b.Fatal(err)
	}
	file := buf.Bytes()
	b.SetBytes(int64(len(file)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := engine.DecodeReplay(bytes.NewReader(file)); err != nil {
			b.Fatal(err)
		}
	}
}

func crc32IEEE(b []byte) uint32 { return crc32.ChecksumIEEE(b) }
