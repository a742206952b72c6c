package deploy

import (
	"fmt"
	"strings"
	"testing"
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
