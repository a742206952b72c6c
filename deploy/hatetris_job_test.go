package deploy

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestHatetrisDataJob: an Indexed Job whose pods each run shard
// $JOB_COMPLETION_INDEX/$SHARDS of one kocka hatetris data run onto the
// shared volume (SHARDS equal to the completions), and a comment whose
// merge command joins exactly those files.
func TestHatetrisDataJob(t *testing.T) {
	const file = "hatetris-data-job.yaml"
	docs, j, c := indexedJob(t, file, "kocka-hatetris-data", "hatetris data --", "gen0", "dat")
	checkVolumeAndMerge(t, file, docs, j, c, "#   kocka hatetris data merge --out /data/gen0.dat /data/gen0.shard-*.dat\n")
	if n := get(t, j, "spec", "completions"); fmt.Sprint(n) != "4" {
		t.Errorf("%v completions, want the 4 shards docs/scale.md describes", n)
	}
	// The pods run generation 0 of the built-in weights, as docs/hatetris.md
	// gives it (Remaking the weights).
	const gen0 = "--width 4096 --quiescence 1 --per-depth 128 --rollout-width 32 --rollout-depth 24 --seed 1"
	cmd := strings.Join(strings.Fields(get(t, c, "args", 0).(string)), " ")
	if !strings.Contains(cmd, "hatetris data "+gen0+" --shard") {
		t.Errorf("the command %q does not run %q", cmd, gen0)
	}
	doc, err := os.ReadFile("../docs/hatetris.md")
	if err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(strings.ReplaceAll(string(doc), "\\\n", " ")), " ")
	if !strings.Contains(flat, "kocka hatetris data --out gen0.dat "+gen0) {
		t.Errorf("docs/hatetris.md has no generation-0 command with %q", gen0)
	}
}

// indexedJob checks file's Indexed Job (checkIndexedJob) and returns the
// file's documents, the job and its container.
func indexedJob(t *testing.T, file, name, command, out, ext string) (docs []map[string]any, j, c map[string]any) {
	t.Helper()
	checkIndexedJob(t, file, name, command, out, ext)
	docs = yamlDocs(t, file)
	j = job(t, docs, name)
	c = get(t, j, "spec", "template", "spec", "containers", 0).(map[string]any)
	return docs, j, c
}

// checkVolumeAndMerge checks that the job's container c mounts at /data a
// claim made in the same file, and that the file's comment holds the
// merge line.
func checkVolumeAndMerge(t *testing.T, file string, docs []map[string]any, j, c map[string]any, merge string) {
	t.Helper()
	if get(t, c, "volumeMounts", 0, "mountPath") != "/data" {
		t.Error("the shared volume is not at /data")
	}
	claim := get(t, j, "spec", "template", "spec", "volumes", 0, "persistentVolumeClaim", "claimName")
	pvc := false
	for _, d := range docs {
		pvc = pvc || d["kind"] == "PersistentVolumeClaim" && get(t, d, "metadata", "name") == claim
	}
	if !pvc {
		t.Errorf("no PersistentVolumeClaim %v in the file", claim)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), merge) {
		t.Errorf("the comment lacks %q", merge)
	}
}

// TestHatetrisTuneJob: an Indexed Job whose pods each play shard
// $JOB_COMPLETION_INDEX/$SHARDS of a tuning step, reading the run's state
// on the shared volume, and a comment whose merge joins exactly those
// files into that state with the pods' settings.
func TestHatetrisTuneJob(t *testing.T) {
	const file = "hatetris-tune-job.yaml"
	docs, j, c := indexedJob(t, file, "kocka-hatetris-tune", "hatetris tune --", "tune", "json")
	const settings = "--start hate-tuned --widths 1024,2048,4096 --generations 8 --population 12 --elite 3 --spread 0.3 --min-spread 1 --noise 0.3"
	cmd := strings.Join(strings.Fields(get(t, c, "args", 0).(string)), " ")
	for _, want := range []string{settings, "--state /data/tune.json.state"} {
		if !strings.Contains(cmd, want) {
			t.Errorf("the command %q lacks %q", cmd, want)
		}
	}
	checkVolumeAndMerge(t, file, docs, j, c,
		"#   kocka hatetris tune "+settings+" --state /data/tune.json.state --out /data/tune.json --merge /data/tune.shard-*.json\n")
}
