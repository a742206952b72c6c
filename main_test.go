package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestHelpEverywhere asks every command and sub-command of the table for
// help: each answers on stdout with exit 0 (kocka hatetris -h used to say
// unknown subcommand "-h").
func TestHelpEverywhere(t *testing.T) {
	cases := [][]string{
		{"-h"}, {"--help"}, {"help"}, {"--mode", "bot", "-h"},
		{"hatetris", "-h"}, {"hatetris", "help"}, {"hatetris", "play", "-h"}, {"hatetris", "record", "-h"}, {"help", "hatetris"},
		{"hatetris", "data", "-h"}, {"hatetris", "data", "merge", "-h"}, {"hatetris", "help", "data", "merge"},
		{"replay", "-h"}, {"replay", "verify", "-h"}, {"replay", "info", "--help"},
		{"fumen", "-h"}, {"fumen", "decode", "-h"}, {"fumen", "encode", "-h"}, {"fumen", "help", "encode"},
	}
	for _, c := range program().Commands {
		cases = append(cases, []string{c.Name, "-h"}, []string{"help", c.Name})
	}
	for _, args := range cases {
		var out, errs bytes.Buffer
		code := program().Run(args, strings.NewReader(""), &out, &errs)
		if code != 0 || out.Len() == 0 || strings.Contains(out.String()+errs.String(), "unknown") {
			t.Errorf("kocka %s: exit %d, stdout %q, stderr %q; want exit 0 and help on stdout",
				strings.Join(args, " "), code, out.String(), errs.String())
		}
	}
	var out bytes.Buffer
	program().Run([]string{"-h"}, nil, &out, &out)
	for _, want := range []string{"-mode", "-seed", "-screenshot", "-frames", "movegen", "hatetris", "soak", "tbp"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("kocka -h does not mention %s:\n%s", want, out.String())
		}
	}
}
