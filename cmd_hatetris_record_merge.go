package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// runHatetrisRecordMerge joins the states of the shards of one record
// attempt (kocka hatetris record --shard I/N) into the state one machine
// running every width would have written, and writes its best replay and
// plot like the record command.
func runHatetrisRecordMerge(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka hatetris record merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: kocka hatetris record merge --state FILE SHARD-STATE...\n"+
			"joins the state files of the N shards of one kocka hatetris record --shard I/N attempt (any order)\n")
		fs.PrintDefaults()
	}
	statePath := fs.String("state", "", "the merged state file to write (required; not one of the shards')")
	out := fs.String("out", "", "write the best replay (Base2048) to this file")
	plot := fs.String("plot", "", "write an SVG plot of lines against beam width and time to this file")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	var err error
	switch {
	case *statePath == "":
		err = errors.New("--state is required")
	case fs.NArg() == 0:
		err = errors.New("no shard states")
	case fs.NArg() > hatetris.MaxRecordShards:
		err = fmt.Errorf("%d shard states, at most %d", fs.NArg(), hatetris.MaxRecordShards)
	}
	for _, p := range []string{*statePath, *out, *plot} {
		if err == nil && p != "" {
			err = cli.CheckWritable(p)
		}
	}
	if err == nil {
		err = checkDistinctFiles([]namedFile{{"--state", *statePath}, {"--out", *out}, {"--plot", *plot}}, namedFiles("the shard state", fs.Args()))
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris record merge: %v\n", err)
		return 2
	}
	var shards []*hatetris.RecordState
	for _, p := range fs.Args() {
		if _, err := os.Stat(p); err != nil {
			fmt.Fprintf(stderr, "kocka hatetris record merge: %v\n", err)
			return 1
		}
		st, err := hatetris.LoadRecordState(p)
		if err != nil {
			fmt.Fprintf(stderr, "kocka hatetris record merge: %v\n", err)
			return 1
		}
		shards = append(shards, st)
	}
	merged, err := hatetris.MergeRecordStates(shards, fs.Args())
	if err == nil {
		err = merged.Save(*statePath)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris record merge: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%d runs from %d shards written to %s\n", len(merged.Runs), len(shards), *statePath)
	return writeRecordResults(merged, *out, *plot, stdout, stderr)
}
