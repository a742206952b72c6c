package deploy

import (
	"errors"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// proveJob is the part of deploy/prove-ab-job.yaml and prove-abc-job.yaml
// the docs rely on.
type proveJob struct {
	Kind     string
	Metadata struct{ Name string }
	Spec     struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    int
		Parallelism    int
		Template       struct {
			Spec struct {
				Containers []struct {
					Command []string
					Args    []string
					Env     []struct{ Name, Value string }
				}
			}
		}
	}
}

// TestProveJob: an Indexed Job of N completions, each running shard
// $JOB_COMPLETION_INDEX/N of the AB proof (the attacker first) or of the
// ABC proof (the drawing player first) onto the shared volume, SHARDS
// equal to the completions.
func TestProveJob(t *testing.T) {
	for _, c := range []struct {
		file, name, run, out string
	}{
		{"prove-ab-job.yaml", "kocka-prove-ab", "--variant ab --first attacker", "ab-attacker"},
		{"prove-abc-job.yaml", "kocka-prove-abc", "--variant abc --first drawing", "abc-drawing"},
	} {
		t.Run(c.file, func(t *testing.T) { checkIndexedJob(t, c.file, c.name, "prove gobblet "+c.run, c.out, "part") })
	}
}

// checkIndexedJob checks that file holds one Indexed Job, name, whose
// pods run kocka followed by command, as shard $JOB_COMPLETION_INDEX of
// $SHARDS (equal to the completions), onto /data/OUT.shard-INDEX.EXT,
// and that the file's merge comment joins those files and not the
// backups a second run of the job leaves beside them.
func checkIndexedJob(t *testing.T, file, name, command, out, ext string) {
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	var jobs []proveJob
	for {
		var j proveJob
		err := dec.Decode(&j)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s does not parse: %v", file, err)
		}
		if j.Kind == "Job" {
			jobs = append(jobs, j)
		}
	}
	if len(jobs) != 1 {
		t.Fatalf("%d jobs, want 1", len(jobs))
	}
	j := jobs[0]
	if j.Metadata.Name != name {
		t.Errorf("job %q, want %q", j.Metadata.Name, name)
	}
	if j.Spec.CompletionMode != "Indexed" || j.Spec.Completions < 1 || j.Spec.Parallelism > j.Spec.Completions {
		t.Errorf("mode %q, %d completions, parallelism %d", j.Spec.CompletionMode, j.Spec.Completions, j.Spec.Parallelism)
	}
	cs := j.Spec.Template.Spec.Containers
	if len(cs) != 1 {
		t.Fatalf("%d containers", len(cs))
	}
	shards := ""
	for _, e := range cs[0].Env {
		if e.Name == "SHARDS" {
			shards = e.Value
		}
	}
	if n, err := strconv.Atoi(shards); err != nil || n != j.Spec.Completions {
		t.Errorf("SHARDS=%q, completions %d", shards, j.Spec.Completions)
	}
	cmd := strings.Join(append(cs[0].Command, cs[0].Args...), " ")
	for _, want := range []string{
		"/usr/local/bin/kocka " + command,
		`--shard "$JOB_COMPLETION_INDEX/$SHARDS"`,
		`--out "/data/` + out + `.shard-$JOB_COMPLETION_INDEX.` + ext + `"`,
	} {
		if !strings.Contains(cmd, want) {
			t.Errorf("the command %q lacks %q", cmd, want)
		}
	}
	checkMergeGlob(t, file, "/data/"+out+".shard-", "/data/"+out+".shard-3."+ext)
}

// checkMergeGlob checks that the merge comment of file names the shards
// by a pattern (the field starting with prefix) that matches shard, a
// pod's output, and not shard.bak: every command that writes a shard
// keeps the previous one beside it (atomicfile), so a second run of the
// job leaves one .bak per shard, and a merge that read them would refuse
// the step or join the wrong files.
func checkMergeGlob(t *testing.T, file, prefix, shard string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	glob := ""
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, "#") || !strings.Contains(line, "merge ") {
			continue
		}
		for _, f := range strings.Fields(line) {
			if strings.HasPrefix(f, prefix) {
				glob = f
			}
		}
	}
	if glob == "" {
		t.Fatalf("%s: no merge comment names the shards %s*", file, prefix)
	}
	if ok, err := path.Match(glob, shard); err != nil || !ok {
		t.Errorf("%s: the merge's %q does not match the shard %q (%v)", file, glob, shard, err)
	}
	if ok, _ := path.Match(glob, shard+".bak"); ok {
		t.Errorf("%s: the merge's %q matches the backup %q", file, glob, shard+".bak")
	}
}
