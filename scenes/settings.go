package scenes

import (
	"encoding/json"
	"fmt"

	"github.com/kocka/kocka/engine"
	"github.com/kocka/kocka/scenes/pcpractice"
	"github.com/kocka/kocka/sprites"
)

// Settings are the player's choices, saved as settings.json.
type Settings struct {
	Keys KeyBindings `json:"keys"`

	// Handling, in 60 Hz ticks, passed to the engine (see engine.Config).
	DAS      int `json:"das"`
	ARR      int `json:"arr"`
	SoftDrop int `json:"softDrop"` // soft-drop factor; 0 = instant
	DCD      int `json:"dcd"`      // DAS cut delay; 0 = none
	Preview  int `json:"preview"`
	// Rot180 lets the rotate-180 key turn the piece, with SRS+'s half-turn
	// kicks; off, as in the guideline, the key does nothing.
	Rot180 bool `json:"rot180"`

	Ghost bool         `json:"ghost"`
	Grid  bool         `json:"grid"`
	Skin  sprites.Skin `json:"skin"`

	Volume int  `json:"volume"` // sound effects, 0..10
	Music  int  `json:"music"`  // music, 0..10; 0 = off
	Mute   bool `json:"mute"`   // silences both

	Scale      int  `json:"scale"` // window size as a multiple of 640x360, 1..4
	Fullscreen bool `json:"fullscreen"`

	Bot BotSettings `json:"bot"`

	// PCField is the starting field of PC practice (pcpractice.Setups).
	PCField string `json:"pcField,omitempty"`

	// LastMode is the mode last chosen in the main menu, where the menu
	// opens next time.
	LastMode string `json:"lastMode,omitempty"`
}

// DefaultSettings match the engine's default handling.
func DefaultSettings() Settings {
	c := engine.DefaultConfig()
	return Settings{
		Keys:     DefaultKeys(),
		DAS:      c.DAS,
		ARR:      c.ARR,
		SoftDrop: c.SoftDropFactor,
		Preview:  c.Preview,
		Ghost:    true,
		Grid:     true,
		Skin:     sprites.SkinBevel,
		Volume:   7,
		Music:    4,
		Scale:    2,
		Bot:      defaultBotSettings(),
	}
}

// Validate checks every field's range.
func (s *Settings) Validate() error {
	if err := s.Keys.Validate(); err != nil {
		return fmt.Errorf("keys: %w", err)
	}
	for _, f := range settingRanges {
		if v := *f.field(s); v < f.min || v > f.max {
			return fmt.Errorf("%s %d out of range %d..%d", f.title, v, f.min, f.max)
		}
	}
	if s.Skin >= sprites.NumSkins {
		return fmt.Errorf("skin %d unknown", s.Skin)
	}
	if err := s.Bot.Validate(); err != nil {
		return fmt.Errorf("bot: %w", err)
	}
	if s.PCField != "" {
		if _, err := pcpractice.SetupByName(s.PCField); err != nil {
			return err
		}
	}
	return nil
}

// settingRanges are the numeric settings with their limits (the engine's
// own limits for handling), as data for validation and the settings menu.
var settingRanges = []struct {
	title    string
	field    func(*Settings) *int
	min, max int
}{
	{"DAS", func(s *Settings) *int { return &s.DAS }, 0, 30},
	{"ARR", func(s *Settings) *int { return &s.ARR }, 0, 10},
	{"Soft drop", func(s *Settings) *int { return &s.SoftDrop }, 0, 40},
	{"DCD", func(s *Settings) *int { return &s.DCD }, 0, 20},
	{"Preview", func(s *Settings) *int { return &s.Preview }, 0, 6},
	{"Effects volume", func(s *Settings) *int { return &s.Volume }, 0, 10},
	{"Music volume", func(s *Settings) *int { return &s.Music }, 0, 10},
	{"Window scale", func(s *Settings) *int { return &s.Scale }, 1, 4},
}

// UnmarshalJSON reads settings over the defaults, so a file from an older
// version without some fields still loads.
func (s *Settings) UnmarshalJSON(b []byte) error {
	type plain Settings
	var raw struct {
		plain
		Keys map[string][]string `json:"keys"`
	}
	raw.plain = plain(DefaultSettings())
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	kb, err := bindingsFromNames(raw.Keys)
	if err != nil {
		return fmt.Errorf("keys: %w", err)
	}
	*s = Settings(raw.plain)
	s.Keys = kb
	return nil
}

// Apply puts the handling settings into a game configuration.
func (s *Settings) Apply(c engine.Config) engine.Config {
	c.DAS, c.ARR, c.SoftDropFactor, c.Preview, c.DCD = s.DAS, s.ARR, s.SoftDrop, s.Preview, s.DCD
	c.Rot180 = s.Rot180
	return c
}
