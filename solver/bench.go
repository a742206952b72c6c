package solver

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/kocka/kocka/engine"
)

// The models games are played in.
const (
	// ModelStandard is the literature's model (see standard.go): uniform
	// random pieces, no preview, no hold; each piece is placed in any
	// orientation at any column and dropped straight down from above a
	// well exactly Width x Height; the game is over when the piece cannot
	// be placed with all its cells inside the well.
	ModelStandard = "standard"
	// ModelStandardTop is ModelStandard with the piece entering as in
	// El-Tetris's code (EntryTop): it appears with
	// its top row in the well's top row and falls from there, so it may
	// come in under an overhang in the top rows. It plays exactly as the
	// published El-Tetris does (docs/eltetris.md).
	ModelStandardTop = "standard-top"
	// ModelStandardPreview is the two-piece model of the literature:
	// ModelStandard with the next piece shown, so that a player places the
	// current piece knowing the one after it.
	ModelStandardPreview = "standard-preview"
	// ModelSpawn is the literature's model played like a game: uniform
	// random pieces, no preview, no hold, each piece entering at the spawn
	// (row Height, dropped one row), turned with SRS kicks and shifted at
	// that height (a high stack blocks moves) and hard dropped; the game
	// ends on a blocked spawn or a lock wholly above the well, so pieces
	// may lock partly above it.
	ModelSpawn = "spawn"
	// ModelClassic is the old name of ModelSpawn, kept so that the
	// commands recorded before the rename still run; results keep the name
	// they were asked for.
	ModelClassic = "classic"
	// ModelGuideline is a modern game: 7-bag, five previews, hold, every
	// reachable placement (tucks and spins), the gravity of a chosen level,
	// played through the Driver and engine.Game ticks as fast as possible.
	ModelGuideline = "guideline"
)

// models lists the model names Validate accepts.
var models = []string{ModelStandard, ModelStandardTop, ModelStandardPreview, ModelSpawn, ModelGuideline, ModelClassic}

// BenchConfig says what to play.
type BenchConfig struct {
	Model         string   // one of models
	Personalities []string // weight sets to compare
	Weights       []Weights
	Games         int    // games per personality
	Seed          uint64 // game i is played with seed Seed+i by every personality
	Width, Height int    // the visible well
	MaxPieces     int    // a game ends after this many pieces (0: only at top-out)
	Level         int    // guideline: the level whose gravity is used (fixed)
	// Depth is how many placements are looked ahead; 0 is the model's
	// default, 2 for guideline and 1 for the others. Guideline: a beam
	// search that deep (1: the current piece). Standard: 1 the
	// current piece only; 2 also the mean over the seven pieces that may
	// come next (StandardPlayer.ChooseExpect); standard-preview always
	// looks at the shown next piece, and at 2 also the mean over the
	// unseen piece after it (StandardPlayer.ChooseWithNextExpect). Spawn:
	// always 1.
	Depth int
	// BeamWidth is the guideline beam's width; in the standard models at
	// depth 2, how many of the best one-piece placements are looked
	// through at each ply (0: all).
	BeamWidth int
	Workers   int // games played at once (0: runtime.NumCPU())
	// Override, when set, makes the Override of a guideline bot playing
	// weights w, or returns nil for none: one per bot, and a bot plays its
	// worker's games one after another. The perfect-clear planner, say.
	Override func(w *Weights) Override
	// Progress, when set, is called after each game with the games done
	// and the total (from one goroutine at a time).
	Progress func(done, total int)
}

// guidelinePreview is how many pieces the guideline games show.
var guidelinePreview = engine.ConfigFor(engine.GoalNone).Preview

// MaxBenchGames and MaxBenchWorkers bound a benchmark: its results are
// held in memory (a row per game and personality) and a worker is a
// goroutine with its own bot.
const (
	MaxBenchGames   = 1_000_000
	MaxBenchWorkers = 1024
)

// Validate reports the first setting out of range.
func (c *BenchConfig) Validate() error {
	switch {
	case !slices.Contains(models, c.Model):
		return fmt.Errorf("unknown model %q (want one of %s; %s is the old name of %s)",
			c.Model, strings.Join(models[:len(models)-1], ", "), ModelClassic, ModelSpawn)
	case len(c.Personalities) == 0 && len(c.Weights) == 0:
		return fmt.Errorf("no personality given")
	case c.Games < 1 || c.Games > MaxBenchGames:
		return fmt.Errorf("games %d out of range 1..%d", c.Games, MaxBenchGames)
	case c.Width < 4 || c.Width > engine.MaxWidth:
		return fmt.Errorf("width %d out of range 4..%d", c.Width, engine.MaxWidth)
	case c.Height < 4 || c.Height+engine.BufferRows > 64:
		return fmt.Errorf("height %d out of range 4..%d", c.Height, 64-engine.BufferRows)
	case c.MaxPieces < 0:
		return fmt.Errorf("max pieces %d is negative", c.MaxPieces)
	case c.Model == ModelGuideline && c.MaxPieces == 0:
		return fmt.Errorf("the guideline model needs a piece cap (max pieces), or games may not end")
	case c.Model == ModelGuideline && (c.Level < 1 || c.Level > 30):
		return fmt.Errorf("level %d out of range 1..30", c.Level)
	case c.Depth < 0 || c.BeamWidth < 0 || c.Workers < 0:
		return fmt.Errorf("depth, beam width and workers must not be negative")
	case c.BeamWidth > MaxBotWidth:
		return fmt.Errorf("beam width %d: at most %d", c.BeamWidth, MaxBotWidth)
	case c.Workers > MaxBenchWorkers:
		return fmt.Errorf("workers %d: at most %d", c.Workers, MaxBenchWorkers)
	case c.standard() && c.Depth > 2:
		return fmt.Errorf("depth %d: the standard models look at most 2 placements ahead", c.Depth)
	case (c.Model == ModelSpawn || c.Model == ModelClassic) && c.Depth > 1:
		return fmt.Errorf("depth %d: the spawn model shows no next piece, so it looks 1 placement ahead", c.Depth)
	case c.Model == ModelGuideline && c.Depth > 1+guidelinePreview:
		return fmt.Errorf("depth %d: the guideline bot sees the current piece and %d previews, so at most %d placements ahead",
			c.Depth, guidelinePreview, 1+guidelinePreview)
	}
	for _, n := range c.Personalities {
		if _, err := PersonalityByName(n); err != nil {
			return err
		}
	}
	return nil
}

// GameResult is one finished game.
type GameResult struct {
	Seed      uint64
	Lines     int
	Pieces    int
	Score     int
	Tetrises  int // clears of four rows
	TSpins    int // full T-spins that cleared rows
	TSpinRows int // rows those cleared
	// Guideline only.
	TSpinDoubles  int
	TSpinTriples  int
	PerfectClears int
	Attack        int // garbage rows sent (engine.Clear.Attack)
	MaxBackToBack int // longest back-to-back chain
	ToppedOut     bool
	Elapsed       time.Duration // time the bot and the game took
	Driver        DriverStats   // guideline only
}

// BenchResult summarises one personality's games.
type BenchResult struct {
	Personality  string  `json:"personality"`
	Model        string  `json:"model"`
	Width        int     `json:"width"`
	Height       int     `json:"height"`
	Games        int     `json:"games"`
	Seed         uint64  `json:"seed"`
	LinesMean    float64 `json:"lines_mean"`
	LinesStdErr  float64 `json:"lines_stderr"` // standard error of the mean
	LinesMedian  float64 `json:"lines_median"`
	LinesMin     int     `json:"lines_min"`
	LinesMax     int     `json:"lines_max"`
	PiecesMean   float64 `json:"pieces_mean"`
	TopOuts      int     `json:"top_outs"`
	PiecesPerSec float64 `json:"pieces_per_sec"` // per core: pieces / time spent on them
	// Guideline only.
	Level      int     `json:"level,omitempty"`
	MaxPieces  int     `json:"max_pieces,omitempty"`
	ScoreMean  float64 `json:"score_mean,omitempty"`
	TetrisRate float64 `json:"tetris_rate,omitempty"` // share of cleared rows cleared by tetrises
	TSpinRate  float64 `json:"tspin_rate,omitempty"`  // share of cleared rows cleared by T-spins
	Mismatches int     `json:"driver_mismatches"`     // pieces that locked away from the plan
	// AttackPerPiece is garbage rows sent over pieces placed, all games
	// together; the per-game means follow.
	AttackPerPiece   float64 `json:"attack_per_piece,omitempty"`
	TSpinDoublesMean float64 `json:"tspin_doubles_mean,omitempty"`
	TSpinTriplesMean float64 `json:"tspin_triples_mean,omitempty"`
	PerfectClearMean float64 `json:"perfect_clears_mean,omitempty"`
	MaxB2BMean       float64 `json:"max_back_to_back_mean,omitempty"`
	// The paired comparison with the run's first personality, which played
	// the same seeds and so the same pieces: the per-game differences of
	// lines, this personality's minus the first's (absent for the first).
	PairedWith string       `json:"paired_with,omitempty"`
	DiffMean   float64      `json:"lines_diff_mean,omitempty"`
	DiffStdErr float64      `json:"lines_diff_stderr,omitempty"`
	Wins       int          `json:"wins,omitempty"`   // games with more lines than the first
	Losses     int          `json:"losses,omitempty"` // games with fewer
	PerGame    []int        `json:"lines_per_game"`   // lines of every game, in seed order
	Results    []GameResult `json:"-"`                // every game, in seed order
}

// Bench plays every personality's games, spread over the workers, and
// returns one result per personality, in the order given.
func Bench(cfg BenchConfig) ([]BenchResult, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.Depth == 0 && cfg.Model == ModelGuideline {
		cfg.Depth = 2
	}
	sets := append([]Weights(nil), cfg.Weights...)
	for _, n := range cfg.Personalities {
		w, _ := PersonalityByName(n)
		sets = append(sets, *w)
	}
	workers := cfg.Workers
	if workers == 0 {
		workers = runtime.NumCPU()
	}
	type job struct{ set, game int }
	jobs := make(chan job)
	results := make([][]GameResult, len(sets))
	for i := range results {
		results[i] = make([]GameResult, cfg.Games)
	}
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
		fail error
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			bots := make([]*Bot, len(sets))
			players := make([]*StandardPlayer, len(sets))
			for j := range jobs {
				if cfg.standard() {
					if players[j.set] == nil {
						entry := EntryAbove
						if cfg.Model == ModelStandardTop {
							entry = EntryTop
						}
						players[j.set] = NewStandardPlayer(&sets[j.set], entry)
						players[j.set].Depth, players[j.set].Keep = cfg.Depth, cfg.BeamWidth
					}
				} else if bots[j.set] == nil {
					b, err := NewBot(cfg.botConfig(&sets[j.set]))
					if err != nil {
						mu.Lock()
						fail = err
						mu.Unlock()
						continue
					}
					bots[j.set] = b
				}
				var r GameResult
				var err error
				if cfg.standard() {
					start := time.Now()
					r, err = playStandard(players[j.set], &cfg, cfg.Seed+uint64(j.game))
					r.Elapsed = time.Since(start)
				} else {
					r, err = PlayGame(bots[j.set], &cfg, cfg.Seed+uint64(j.game))
				}
				mu.Lock()
				if err != nil {
					fail = err
				}
				results[j.set][j.game] = r
				done++
				if cfg.Progress != nil {
					cfg.Progress(done, len(sets)*cfg.Games)
				}
				mu.Unlock()
			}
		}()
	}
	// Game by game across the sets, so that every set is measured on the
	// same mix of machine load.
	for g := range cfg.Games {
		for s := range sets {
			jobs <- job{s, g}
		}
	}
	close(jobs)
	wg.Wait()
	if fail != nil {
		return nil, fail
	}
	out := make([]BenchResult, len(sets))
	for i, rs := range results {
		out[i] = summarise(sets[i].Name, &cfg, rs)
		if i > 0 {
			pair(&out[i], &out[0])
		}
	}
	return out, nil
}

// pair fills r's paired comparison with first, game by game on the same
// seeds: the mean of the differences and its standard error, which is
// far smaller than the standard errors of the two means when the games'
// lengths follow their pieces.
func pair(r, first *BenchResult) {
	n := len(r.Results)
	if n == 0 || len(first.Results) != n {
		return
	}
	r.PairedWith = first.Personality
	d := make([]float64, n)
	for i := range d {
		d[i] = float64(r.Results[i].Lines - first.Results[i].Lines)
		r.DiffMean += d[i] / float64(n)
		switch {
		case d[i] > 0:
			r.Wins++
		case d[i] < 0:
			r.Losses++
		}
	}
	r.DiffStdErr = stdErr(d, r.DiffMean)
}

// stdErr is the standard error of the mean m of xs.
func stdErr(xs []float64, m float64) float64 {
	n := float64(len(xs))
	if len(xs) < 2 {
		return 0
	}
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return math.Sqrt(v/(n-1)) / math.Sqrt(n)
}

// standard reports whether the model is the standard one, either entry.
func (c *BenchConfig) standard() bool {
	return c.Model == ModelStandard || c.Model == ModelStandardTop || c.Model == ModelStandardPreview
}

func (c *BenchConfig) botConfig(w *Weights) BotConfig {
	bc := BotConfig{Weights: w, Depth: c.Depth, Width: c.BeamWidth, Mode: ModeFull}
	if c.Model == ModelSpawn || c.Model == ModelClassic {
		bc.Depth, bc.Mode = 1, ModeDrop
	} else if c.Override != nil {
		if o := c.Override(w); o != nil {
			bc.Override = o
		}
	}
	return bc
}

// PlayGame plays one game of the spawn or the guideline model with bot.
// (The standard model is played by a StandardPlayer.)
func PlayGame(bot *Bot, cfg *BenchConfig, seed uint64) (GameResult, error) {
	if cfg.Model == ModelSpawn || cfg.Model == ModelClassic {
		return playSpawn(bot, cfg, seed)
	}
	return playGuideline(bot, cfg, seed)
}

// playSpawn plays without ticks: each piece is placed where the bot says.
// A piece that cannot enter, or that locks wholly above the visible well,
// ends the game.
func playSpawn(bot *Bot, cfg *BenchConfig, seed uint64) (GameResult, error) {
	start := time.Now()
	r := GameResult{Seed: seed}
	rnd, err := engine.NewRandomizer(engine.Uniform, seed, nil)
	if err != nil {
		return r, err
	}
	b := engine.NewBoard(cfg.Width, cfg.Height+engine.BufferRows)
	st := State{
		Board: b, SpawnRow: cfg.Height, Visible: cfg.Height,
		Kicks: engine.SRS, Mode: ModeDrop, Combo: -1,
	}
	for cfg.MaxPieces == 0 || r.Pieces < cfg.MaxPieces {
		st.Current = rnd.Next(nil)
		if !b.Fits(engine.SpawnPosition(st.Current, b.Width, cfg.Height)) {
			r.ToppedOut = true
			break
		}
		plan := bot.PlanState(&st)
		if !plan.OK {
			r.ToppedOut = true
			break
		}
		b.Place(plan.Placement.Placed)
		n := b.ClearLines()
		r.Pieces++
		r.Lines += n
		if n == 4 {
			r.Tetrises++
		}
		r.Score += engine.Clear{Lines: n}.Points(1)
		if plan.Placement.Bottom() >= cfg.Height {
			r.ToppedOut = true
			break
		}
	}
	r.Elapsed = time.Since(start)
	return r, nil
}

// playGuideline plays a real game, tick by tick, through the Driver.
func playGuideline(bot *Bot, cfg *BenchConfig, seed uint64) (GameResult, error) {
	start := time.Now()
	r := GameResult{Seed: seed}
	gc := engine.ConfigFor(engine.GoalNone)
	gc.Width, gc.VisibleHeight = cfg.Width, cfg.Height
	gc.StartLevel = cfg.Level
	gc.FixedGravity = engine.GravityForLevel(cfg.Level)
	g, err := engine.NewGame(gc, seed)
	if err != nil {
		return r, err
	}
	d := NewDriver(bot, DriverConfig{})
	for !g.Over() && g.Stats().Pieces < cfg.MaxPieces {
		g.Tick(d.Next(g))
	}
	s := g.Stats()
	r.Lines, r.Pieces, r.Score = g.Lines(), s.Pieces, g.Score()
	r.Tetrises = s.Clears[4]
	for rows := 1; rows < len(s.TSpins); rows++ {
		r.TSpins += s.TSpins[rows]
		r.TSpinRows += rows * s.TSpins[rows]
	}
	r.TSpinDoubles, r.TSpinTriples, r.PerfectClears, r.Attack, r.MaxBackToBack = s.TSpins[2], s.TSpins[3], s.PerfectClears, s.Attack, s.MaxBackToBack
	r.ToppedOut = g.End().TopOut()
	d.checkLocks(g) // the last lock
	r.Driver = d.Stats()
	r.Elapsed = time.Since(start)
	return r, nil
}

func summarise(name string, cfg *BenchConfig, rs []GameResult) BenchResult {
	out := BenchResult{
		Personality: name, Model: cfg.Model, Width: cfg.Width, Height: cfg.Height,
		Games: len(rs), Seed: cfg.Seed, Results: rs,
	}
	lines := make([]int, len(rs))
	out.PerGame = make([]int, len(rs))
	var pieces, score, tetrisRows, tspinRows, attack, tsd, tst, pcs, b2b int
	var elapsed time.Duration
	for i, r := range rs {
		lines[i] = r.Lines
		out.PerGame[i] = r.Lines
		pieces += r.Pieces
		score += r.Score
		tetrisRows += 4 * r.Tetrises
		tspinRows += r.TSpinRows
		attack += r.Attack
		tsd += r.TSpinDoubles
		tst += r.TSpinTriples
		pcs += r.PerfectClears
		b2b += r.MaxBackToBack
		elapsed += r.Elapsed
		if r.ToppedOut {
			out.TopOuts++
		}
		out.Mismatches += r.Driver.Mismatches
	}
	sort.Ints(lines)
	total := 0
	for _, l := range lines {
		total += l
	}
	n := float64(len(rs))
	out.LinesMean = float64(total) / n
	fl := make([]float64, len(lines))
	for i, l := range lines {
		fl[i] = float64(l)
	}
	out.LinesStdErr = stdErr(fl, out.LinesMean)
	out.LinesMin, out.LinesMax = lines[0], lines[len(lines)-1]
	if m := len(lines); m%2 == 1 {
		out.LinesMedian = float64(lines[m/2])
	} else {
		out.LinesMedian = float64(lines[m/2-1]+lines[m/2]) / 2
	}
	out.PiecesMean = float64(pieces) / n
	if elapsed > 0 {
		out.PiecesPerSec = float64(pieces) / elapsed.Seconds()
	}
	if cfg.Model == ModelGuideline {
		out.Level, out.MaxPieces = cfg.Level, cfg.MaxPieces
		out.ScoreMean = float64(score) / n
		out.TSpinDoublesMean, out.TSpinTriplesMean = float64(tsd)/n, float64(tst)/n
		out.PerfectClearMean, out.MaxB2BMean = float64(pcs)/n, float64(b2b)/n
		if pieces > 0 {
			out.AttackPerPiece = float64(attack) / float64(pieces)
		}
		if total > 0 {
			out.TetrisRate = float64(tetrisRows) / float64(total)
			out.TSpinRate = float64(tspinRows) / float64(total)
		}
	}
	return out
}

// WriteTable prints results as an aligned table.
func WriteTable(w io.Writer, rs []BenchResult) {
	if len(rs) == 0 {
		return
	}
	r0 := rs[0]
	fmt.Fprintf(w, "model %s, well %dx%d, %d games from seed %d", r0.Model, r0.Width, r0.Height, r0.Games, r0.Seed)
	if r0.Model == ModelGuideline {
		fmt.Fprintf(w, ", level %d gravity, at most %d pieces a game", r0.Level, r0.MaxPieces)
	}
	fmt.Fprintln(w)
	head := []string{"personality", "lines mean", "± s.e.", "median", "min", "max", "top-outs", "pieces/s"}
	if r0.Model == ModelGuideline {
		head = append(head, "score mean", "tetris rows", "T-spin rows", "attack/piece", "TSD/game", "TST/game", "PC/game", "max b2b", "mismatches")
	}
	rows := [][]string{head}
	for _, r := range rs {
		row := []string{r.Personality, fmt.Sprintf("%.1f", r.LinesMean), fmt.Sprintf("%.1f", r.LinesStdErr), fmt.Sprintf("%.1f", r.LinesMedian),
			fmt.Sprint(r.LinesMin), fmt.Sprint(r.LinesMax), fmt.Sprint(r.TopOuts), fmt.Sprintf("%.0f", r.PiecesPerSec)}
		if r.Model == ModelGuideline {
			row = append(row, fmt.Sprintf("%.0f", r.ScoreMean), fmt.Sprintf("%.1f%%", 100*r.TetrisRate),
				fmt.Sprintf("%.1f%%", 100*r.TSpinRate), fmt.Sprintf("%.3f", r.AttackPerPiece), fmt.Sprintf("%.1f", r.TSpinDoublesMean),
				fmt.Sprintf("%.2f", r.TSpinTriplesMean), fmt.Sprintf("%.2f", r.PerfectClearMean), fmt.Sprintf("%.1f", r.MaxB2BMean), fmt.Sprint(r.Mismatches))
		}
		rows = append(rows, row)
	}
	writeAligned(w, rows)
	if len(rs) < 2 || rs[1].PairedWith == "" {
		return
	}
	fmt.Fprintf(w, "\npaired with %s (the same seeds, so the same pieces): lines per game, minus %s's\n", r0.Personality, r0.Personality)
	rows = [][]string{{"personality", "diff mean", "± s.e.", "z", "wins", "losses"}}
	for _, r := range rs[1:] {
		z := "-"
		if r.DiffStdErr > 0 {
			z = fmt.Sprintf("%.1f", r.DiffMean/r.DiffStdErr)
		}
		rows = append(rows, []string{r.Personality, fmt.Sprintf("%+.1f", r.DiffMean), fmt.Sprintf("%.1f", r.DiffStdErr), z,
			fmt.Sprint(r.Wins), fmt.Sprint(r.Losses)})
	}
	writeAligned(w, rows)
}

// writeAligned prints rows as columns, the first left-aligned and the
// others right-aligned.
func writeAligned(w io.Writer, rows [][]string) {
	widths := make([]int, len(rows[0]))
	for _, row := range rows {
		for i, c := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	for _, row := range rows {
		cells := make([]string, len(row))
		for i, c := range row {
			if i == 0 {
				cells[i] = c + strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c))
			} else {
				cells[i] = strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)) + c
			}
		}
		fmt.Fprintln(w, strings.Join(cells, "  "))
	}
}

// WriteJSON prints one JSON object per result, one a line.
func WriteJSON(w io.Writer, rs []BenchResult) error {
	enc := json.NewEncoder(w)
	for _, r := range rs {
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	return nil
}
