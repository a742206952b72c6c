package deploy

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kocka/kocka/solver/thrower/hatetris"
)

// TestHatetrisRecordJob: an Indexed Job whose pods each run shard
// $JOB_COMPLETION_INDEX/$SHARDS of one kocka hatetris record attempt, one
// width each (SHARDS equal to the completions and to the widths from
// --start-width to --max-width), into their own state on the shared
// volume, saving their searches as they go; and a comment whose merge
// joins exactly those states.
func TestHatetrisRecordJob(t *testing.T) {
	const file = "hatetris-record-job.yaml"
	docs := yamlDocs(t, file)
	j := job(t, docs, "kocka-hatetris-record")
	if get(t, j, "spec", "completionMode") != "Indexed" {
		t.Error("not an Indexed Job")
	}
	completions := get(t, j, "spec", "completions")
	c := get(t, j, "spec", "template", "spec", "containers", 0).(map[string]any)
	if get(t, c, "env", 0, "name") != "SHARDS" || get(t, c, "env", 0, "value") != "17" || fmt.Sprint(completions) != "17" {
		t.Errorf("SHARDS %v, completions %v: want 17 of each (widths 64 to 2^22)", get(t, c, "env", 0, "value"), completions)
	}
	cmd, _ := get(t, c, "args", 0).(string)
	for _, want := range []string{
		"exec /usr/local/bin/kocka hatetris record --hours",
		"--start-width 64 --max-width 4194304",
		"--checkpoint-every 10m",
		`--shard "$JOB_COMPLETION_INDEX/$SHARDS"`,
		`--state "/data/record.shard-$JOB_COMPLETION_INDEX.json"`,
	} {
		if !strings.Contains(cmd, want) {
			t.Errorf("the command %q lacks %q", cmd, want)
		}
	}
	if g := get(t, j, "spec", "template", "spec", "terminationGracePeriodSeconds"); fmt.Sprint(g) != "300" {
		t.Errorf("terminationGracePeriodSeconds %v: want 300, time for a wide search to finish its piece and save", g)
	}
	checkVolumeAndMerge(t, file, docs, j, c, "#   kocka hatetris record merge --state /data/record.json --out /data/best.txt --plot /data/record.svg /data/record.shard-*.json\n")
	checkMergeGlob(t, file, "/data/record.shard-", "/data/record.shard-3.json")
}

// TestHatetrisRecordJobSearchesLikeTheBestGame: the job's wide searches
// run the settings of the state that holds docs/hatetris-best.txt, with
// the very weights that state was made with, copied into the image by the
// Dockerfile; a job left on an older evaluation would spend days of a
// cluster on a search the record states already beat.
func TestHatetrisRecordJobSearchesLikeTheBestGame(t *testing.T) {
	best := bestRecordState(t)
	j := job(t, yamlDocs(t, "hatetris-record-job.yaml"), "kocka-hatetris-record")
	cmd, _ := get(t, j, "spec", "template", "spec", "containers", 0, "args", 0).(string)
	flags := commandFlags(cmd)
	want := map[string]string{
		"--eval":       best.Eval,
		"--net-weight": strconv.FormatFloat(best.NetWeight, 'g', -1, 64),
		"--quiescence": strconv.Itoa(best.Quiescence),
	}
	if best.LineWeight != 1000 { // the flag's default
		want["--line-weight"] = strconv.FormatFloat(best.LineWeight, 'g', -1, 64)
	}
	if best.ModeName() != "enemy" { // the flag's default
		want["--quiescence-mode"] = best.ModeName()
	}
	if best.PreCut != 0 { // the flag's default
		want["--pre-cut"] = strconv.Itoa(best.PreCut)
	}
	for flag, v := range want {
		if flags[flag] != v {
			t.Errorf("the job runs %s %q, the best game's state %q", flag, flags[flag], v)
		}
	}
	if best.WeightsSHA256 == "" {
		if w, ok := flags["--weights"]; ok {
			t.Errorf("the job adds --weights %s; the best game had no network", w)
		}
		return
	}
	copied := dockerfileCopies(t)
	src, ok := copied[flags["--weights"]]
	if !ok {
		t.Fatalf("the job reads --weights %q, which the Dockerfile does not copy into the image (it copies %v)", flags["--weights"], copied)
	}
	b, err := os.ReadFile(filepath.Join("..", src))
	if err != nil {
		t.Fatal(err)
	}
	if sum := fmt.Sprintf("%x", sha256.Sum256(b)); sum != best.WeightsSHA256 {
		t.Errorf("the image's %s has SHA-256 %s; the best game was searched with %s", src, sum, best.WeightsSHA256)
	}
}

// bestRecordState is the record state in docs/ whose best game is
// docs/hatetris-best.txt.
func bestRecordState(t *testing.T) *hatetris.RecordState {
	t.Helper()
	b, err := os.ReadFile("../docs/hatetris-best.txt")
	if err != nil {
		t.Fatal(err)
	}
	replay := strings.TrimSpace(string(b))
	paths, err := filepath.Glob("../docs/hatetris-record*.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range paths {
		st, err := hatetris.LoadRecordState(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Best.Replay == replay {
			return st
		}
	}
	t.Fatalf("no record state among %v holds docs/hatetris-best.txt", paths)
	return nil
}

// commandFlags reads "--flag value" pairs from a shell command.
func commandFlags(cmd string) map[string]string {
	f := strings.Fields(cmd)
	flags := map[string]string{}
	for i := 0; i+1 < len(f); i++ {
		if strings.HasPrefix(f[i], "--") && !strings.HasPrefix(f[i+1], "--") {
			flags[f[i]] = f[i+1]
		}
	}
	return flags
}

// dockerfileCopies maps each path the final image gets from the build
// context (COPY without --from) to its source.
func dockerfileCopies(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	copies := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^COPY (\S+) (/\S+)$`).FindAllStringSubmatch(string(b), -1) {
		copies[m[2]] = m[1]
	}
	return copies
}
