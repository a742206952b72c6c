package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/kocka/kocka/internal/atomicfile"
	"github.com/kocka/kocka/internal/cli"
	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// runHatetrisDataMerge joins the shard files of kocka hatetris data
// --shard I/N into the data file the unsharded run writes, byte for byte.
// Its memory is the run's samples twice (the shards' and the merged
// copy; at most hatetris.MaxSamples, 36 bytes each, so 144 MiB a copy)
// plus the file it writes (as much again).
func runHatetrisDataMerge(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kocka hatetris data merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: kocka hatetris data merge --out FILE SHARD-FILE...\n"+
			"joins the N shard files of one run of kocka hatetris data --shard I/N (any order) into its data file\n")
		fs.PrintDefaults()
	}
	out := fs.String("out", "", "the data file to write (required)")
	if code, ok := cli.Parse(fs, args, stdout, stderr); !ok {
		return code
	}
	var err error
	switch {
	case *out == "":
		err = errors.New("--out is required")
	case fs.NArg() == 0:
		err = errors.New("no shard files")
	case fs.NArg() > hatetris.MaxDataShards:
		err = fmt.Errorf("%d shard files, at most %d", fs.NArg(), hatetris.MaxDataShards)
	}
	if err == nil {
		err = cli.CheckWritable(*out)
	}
	if err == nil {
		err = checkDistinctFiles([]namedFile{{"--out", *out}}, namedFiles("the shard file", fs.Args()))
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris data merge: %v\n", err)
		return 2
	}
	samples, run, err := mergeDataShardFiles(fs.Args())
	if err == nil {
		var data []byte
		if data, err = hatetris.MarshalSamples(samples); err == nil {
			err = atomicfile.WriteFile(*out, data, 0o644)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "kocka hatetris data merge: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%d samples from %d shards (%d lost within %d pieces) written to %s\n",
		len(samples), fs.NArg(), lostSamples(samples, run.SurvivalLabels(), run.RolloutDepth), run.RolloutDepth, *out)
	return 0
}

// mergeDataShardFiles reads the shard files and merges them
// (hatetris.MergeDataShards). A shard of another run or one given twice
// is refused as soon as it is read, naming both files, so the samples
// held never pass the run's count.
func mergeDataShardFiles(paths []string) ([]hatetris.Sample, hatetris.DataRun, error) {
	var shards []*hatetris.DataShard
	var first string
	seen := map[int]string{}
	for _, path := range paths {
		s, err := readDataShardFile(path)
		if err != nil {
			return nil, hatetris.DataRun{}, err
		}
		if len(shards) == 0 {
			first = path
		} else if d := s.Differs(shards[0]); d != "" {
			return nil, hatetris.DataRun{}, fmt.Errorf("%s is of another run than %s: %s", path, first, d)
		}
		if other, ok := seen[s.I]; ok {
			return nil, hatetris.DataRun{}, fmt.Errorf("%s and %s are both shard %d/%d", other, path, s.I, s.N)
		}
		seen[s.I] = path
		shards = append(shards, s)
	}
	samples, err := hatetris.MergeDataShards(shards)
	if err != nil {
		return nil, hatetris.DataRun{}, err
	}
	return samples, shards[0].Run, nil
}

func readDataShardFile(path string) (*hatetris.DataShard, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s, err := hatetris.ReadDataShard(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}
