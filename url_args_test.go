package main

import (
	"slices"
	"testing"
)

func TestArgsFromQuery(t *testing.T) {
	tests := []struct {
		query string
		want  []string
	}{
		{"", nil},
		{"?", nil},
		{"?mode=bot&seed=7", []string{"--mode=bot", "--seed=7"}},
		{"seed=7&mode=bot", []string{"--mode=bot", "--seed=7"}}, // flag order, not URL order
		{"?mode=sprint&touch=1&replay=x.kr&fbclid=abc", []string{"--mode=sprint"}},
		{"?mode=bot&mode=sprint", []string{"--mode=bot"}},
		{"?personality=tspin%20hunter", []string{"--personality=tspin hunter"}},
		{"?seed=", []string{"--seed="}}, // the game's flag parser reports it
		{"?mode=bot&bad=%zz", []string{"--mode=bot"}},
		{"?%zz", nil},
		{"?thrower=bastet&mode=versus", []string{"--mode=versus", "--thrower=bastet"}},
	}
	for _, tc := range tests {
		if got := argsFromQuery(tc.query); !slices.Equal(got, tc.want) {
			t.Errorf("argsFromQuery(%q) = %q, want %q", tc.query, got, tc.want)
		}
	}
}
