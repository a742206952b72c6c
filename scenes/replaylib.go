package scenes

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kocka/kocka/engine"
)

// The replay library keeps the last MaxRecentReplays games and each mode's
// personal best, in blobs of the Store: an index (replays.json) and one
// blob per replay. The recent games take turns in MaxRecentReplays fixed
// slots (replay-00.kreplay to replay-99.kreplay) and each mode's best has
// one slot of its own (replay-best-MODE.kreplay), so the library never
// holds more than MaxRecentReplays plus one blob per mode, whatever is
// played, and nothing needs deleting.
const (
	replayIndexFile = "replays.json"
	// MaxRecentReplays is how many recent games the library keeps.
	MaxRecentReplays = 100
	// MaxKeptReplayBytes bounds one replay the library keeps (a browser's
	// localStorage holds about 5 MB in all); a longer game is not kept,
	// and the player is told.
	MaxKeptReplayBytes = 256 << 10
)

// ReplayEntry describes one kept game, for the replay browser.
type ReplayEntry struct {
	Seq    int    `json:"seq"`  // 1, 2, ... in the order the games were kept
	Blob   string `json:"blob"` // the blob holding the replay file
	Date   string `json:"date"` // when it was played, RFC 3339
	Mode   string `json:"mode"` // the mode's name (marathon, versus, botvs ...)
	Title  string `json:"title"`
	End    string `json:"end"` // engine.EndReason
	Score  int    `json:"score"`
	Lines  int    `json:"lines"`
	Ticks  int    `json:"ticks"`
	Person bool   `json:"person"`       // a person played (else the bot)
	PB     bool   `json:"pb,omitempty"` // the mode's personal best when played
}

// ReplayIndex is the library's index, saved as replays.json.
type ReplayIndex struct {
	Next   int                    `json:"next"`   // the next Seq
	Recent []ReplayEntry          `json:"recent"` // newest first
	Best   map[string]ReplayEntry `json:"best"`   // by mode
}

func recentBlob(seq int) string   { return fmt.Sprintf("replay-%02d%s", seq%MaxRecentReplays, replayExt) }
func bestBlob(mode string) string { return "replay-best-" + mode + replayExt }

// Validate rejects an index no game could have written: too many entries,
// or an entry naming a blob outside the library.
func (x *ReplayIndex) Validate() error {
	if len(x.Recent) > MaxRecentReplays {
		return fmt.Errorf("%d recent replays, more than %d", len(x.Recent), MaxRecentReplays)
	}
	if len(x.Best) > 64 {
		return fmt.Errorf("%d personal-best replays, more than 64", len(x.Best))
	}
	check := func(e ReplayEntry) error {
		switch {
		case e.Seq < 0 || e.Seq >= x.Next:
			return fmt.Errorf("replay %d out of range 0..%d", e.Seq, x.Next-1)
		case !validModeName(e.Mode):
			return fmt.Errorf("replay %d has mode %q", e.Seq, e.Mode)
		case e.Blob != recentBlob(e.Seq) && e.Blob != bestBlob(e.Mode) && e.Blob != replayName(e.Mode):
			return fmt.Errorf("replay %d names blob %q, not one of the library's", e.Seq, e.Blob)
		case e.Score < 0 || e.Lines < 0 || e.Ticks < 0 || e.Ticks > engine.MaxReplayTicks:
			return fmt.Errorf("replay %d has a number out of range", e.Seq)
		case len(e.Title) > 64 || len(e.Date) > 40 || len(e.End) > 20:
			return fmt.Errorf("replay %d has a text too long", e.Seq)
		}
		return nil
	}
	for _, e := range x.Recent {
		if err := check(e); err != nil {
			return err
		}
	}
	for m, e := range x.Best {
		if e.Mode != m {
			return fmt.Errorf("the best replay of %s is of mode %s", m, e.Mode)
		}
		if err := check(e); err != nil {
			return err
		}
	}
	return nil
}

// validModeName accepts the names blobs are made from: short, lower-case
// letters and digits.
func validModeName(m string) bool {
	if m == "" || len(m) > 20 {
		return false
	}
	for _, r := range m {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// Entries lists the kept games for the browser: the recent ones, newest
// first, then the personal bests that are no longer among them.
func (x *ReplayIndex) Entries() []ReplayEntry {
	out := append([]ReplayEntry(nil), x.Recent...)
	seen := map[int]bool{}
	for _, e := range x.Recent {
		seen[e.Seq] = true
	}
	for _, m := range ModeNames() {
		if e, ok := x.Best[m]; ok && !seen[e.Seq] {
			out = append(out, e)
		}
	}
	return out
}

// IsBest reports whether e is its mode's kept personal best.
func (x *ReplayIndex) IsBest(e ReplayEntry) bool {
	b, ok := x.Best[e.Mode]
	return ok && b.Seq == e.Seq
}

// loadReplayIndex reads the index; with none yet, it takes in the last
// replay of each mode that earlier versions kept (replay-MODE.kreplay).
func (c *Context) loadReplayIndex() {
	c.replays = &ReplayIndex{}
	if n := c.blobs.LoadJSON(replayIndexFile, c.replays, func() { *c.replays = ReplayIndex{} }); n != "" {
		c.Notify(n)
	}
	if c.replays.Next > 0 {
		return
	}
	for i := range Modes {
		m := &Modes[i]
		rep, err := c.loadReplay(m.Name)
		if err != nil {
			continue
		}
		e := entryOf(m.Name, replayMode(rep).Title, rep, false)
		e.Seq, e.Blob = c.replays.Next, replayName(m.Name)
		c.replays.Next++
		c.replays.Recent = append([]ReplayEntry{e}, c.replays.Recent...)
	}
}

// Replays is the library's index (read it, do not change it).
func (c *Context) Replays() *ReplayIndex {
	if c.replays == nil {
		c.loadReplayIndex()
	}
	return c.replays
}

func entryOf(mode, title string, rep *engine.Replay, person bool) ReplayEntry {
	return ReplayEntry{Date: time.Now().Format(time.RFC3339), Mode: mode, Title: title,
		End: rep.End.String(), Score: rep.Score, Lines: rep.Lines, Ticks: len(rep.Inputs), Person: person}
}

// keepReplay adds a finished game to the library, and as its mode's best
// when pb is set; it returns the entry (Seq 0 and false when not kept).
func (c *Context) keepReplay(mode, title string, rep *engine.Replay, person, pb bool) (ReplayEntry, bool) {
	var buf bytes.Buffer
	if err := rep.Encode(&buf); err != nil {
		c.Notify("Could not keep the replay: " + err.Error())
		return ReplayEntry{}, false
	}
	if buf.Len() > MaxKeptReplayBytes {
		c.Notify(fmt.Sprintf("This game's replay is %d KiB, more than the %d KiB the library keeps.", buf.Len()>>10, MaxKeptReplayBytes>>10))
		return ReplayEntry{}, false
	}
	x := c.Replays()
	e := entryOf(mode, title, rep, person)
	e.Seq, e.Blob, e.PB = x.Next, recentBlob(x.Next), pb
	x.Next++
	c.blobs.Save(e.Blob, buf.Bytes())
	// An entry taken in from before the library points to the mode's
	// last-replay file, which this game has just replaced.
	x.Recent = slices.DeleteFunc(x.Recent, func(o ReplayEntry) bool { return o.Blob == replayName(mode) })
	x.Recent = append([]ReplayEntry{e}, x.Recent...)
	if len(x.Recent) > MaxRecentReplays {
		x.Recent = x.Recent[:MaxRecentReplays]
	}
	if pb {
		b := e
		b.Blob = bestBlob(mode)
		c.blobs.Save(b.Blob, buf.Bytes())
		if x.Best == nil {
			x.Best = map[string]ReplayEntry{}
		}
		x.Best[mode] = b
	}
	c.saveJSON(replayIndexFile, x)
	return e, true
}

// openReplay reads and checks a kept replay. A missing or damaged one is
// an error for the screen, never a crash.
func (c *Context) openReplay(e ReplayEntry) (*engine.Replay, error) {
	raw, err := c.blobs.Load(e.Blob)
	if err != nil {
		return nil, fmt.Errorf("the replay of %s cannot be opened: %v", describeEntry(e), err)
	}
	rep, err := engine.DecodeReplay(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("the replay of %s is damaged: %s", describeEntry(e), strings.TrimPrefix(err.Error(), "replay: "))
	}
	// A damaged file is replaced by its backup, which may be the game
	// the slot held before: never show that one under this entry.
	if rep.Score != e.Score || rep.Lines != e.Lines || len(rep.Inputs) != e.Ticks {
		return nil, fmt.Errorf("the replay of %s is missing: its file holds another game", describeEntry(e))
	}
	return rep, nil
}

// describeEntry names a kept game for messages: "Marathon of 2026-11-23 21:14".
func describeEntry(e ReplayEntry) string {
	return e.Title + " of " + entryDate(e)
}

// entryDate is the date and time a game was kept, as people read it.
func entryDate(e ReplayEntry) string {
	t, err := time.Parse(time.RFC3339, e.Date)
	if err != nil {
		return "?"
	}
	return t.Local().Format("2006-01-02 15:04")
}

// entryResult is how a kept game ended, in words (endWords, lower case).
func entryResult(e ReplayEntry) string {
	for _, r := range []engine.EndReason{engine.GoalMet, engine.TimeUp, engine.Playing} {
		if e.End == r.String() {
			return strings.ToLower(endWords(r))
		}
	}
	return strings.ToLower(endWords(engine.BlockOut))
}

// exportName is the file name an exported replay gets.
func exportName(e ReplayEntry) string {
	t, err := time.Parse(time.RFC3339, e.Date)
	if err != nil {
		t = time.Now()
	}
	return "kocka-" + e.Mode + "-" + t.Local().Format("20060102-150405") + ".kreplay"
}
