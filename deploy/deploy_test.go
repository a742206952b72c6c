// Package deploy holds the container and Kubernetes files of the sharded
// pc runs (docs/scale.md); its tests check that the YAML says what the
// docs rely on.
package deploy

import (
	"errors"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// yamlDocs parses a YAML file into its documents.
func yamlDocs(t *testing.T, name string) []map[string]any {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var docs []map[string]any
	dec := yaml.NewDecoder(f)
	for {
		var doc map[string]any
		err := dec.Decode(&doc)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s does not parse: %v", name, err)
		}
		docs = append(docs, doc)
	}
	return docs
}

// get walks maps and lists: get(doc, "spec", "template", "containers", 0).
func get(t *testing.T, v any, path ...any) any {
	t.Helper()
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				t.Fatalf("%v: not a map at %q", path, k)
			}
			v = m[k]
		case int:
			l, ok := v.([]any)
			if !ok || k >= len(l) {
				t.Fatalf("%v: no item %d", path, k)
			}
			v = l[k]
		}
	}
	return v
}

func job(t *testing.T, docs []map[string]any, name string) map[string]any {
	t.Helper()
	for _, d := range docs {
		if d["kind"] == "Job" && get(t, d, "metadata", "name") == name {
			return d
		}
	}
	t.Fatalf("no Job %s", name)
	return nil
}

func TestEnumerateJob(t *testing.T) {
	docs := yamlDocs(t, "pc-enumerate-job.yaml")
	j := job(t, docs, "kocka-pc-enumerate")
	if get(t, j, "apiVersion") != "batch/v1" || get(t, j, "spec", "completionMode") != "Indexed" {
		t.Errorf("not an Indexed batch/v1 Job: %v", j["spec"])
	}
	completions, _ := get(t, j, "spec", "completions").(int)
	c := get(t, j, "spec", "template", "spec", "containers", 0).(map[string]any)
	shards := ""
	for _, e := range c["env"].([]any) {
		if e := e.(map[string]any); e["name"] == "SHARDS" {
			shards = e["value"].(string)
		}
	}
	if n, err := strconv.Atoi(shards); err != nil || n != completions {
		t.Errorf("SHARDS %q, completions %v: they must be equal", shards, completions)
	}
	// All shards run at once (docs/scale.md's one wave of 16 pods).
	if p, _ := get(t, j, "spec", "parallelism").(int); p != completions {
		t.Errorf("parallelism %v, completions %v: they must be equal", get(t, j, "spec", "parallelism"), completions)
	}
	script := strings.Join(toStrings(c["command"]), " ") + " " + strings.Join(toStrings(c["args"]), " ")
	for _, want := range []string{"/bin/sh -c", "pc enumerate --lines 4 --minos 10", `--shard "$JOB_COMPLETION_INDEX/$SHARDS"`, `--out "/data/shard-$JOB_COMPLETION_INDEX.json"`} {
		if !strings.Contains(script, want) {
			t.Errorf("the command lacks %q: %s", want, script)
		}
	}
	mount := get(t, c, "volumeMounts", 0).(map[string]any)
	if mount["mountPath"] != "/data" {
		t.Errorf("shards volume at %v, want /data", mount["mountPath"])
	}
	claim := get(t, j, "spec", "template", "spec", "volumes", 0, "persistentVolumeClaim", "claimName")
	pvc := false
	for _, d := range docs {
		if d["kind"] == "PersistentVolumeClaim" && get(t, d, "metadata", "name") == claim {
			pvc = true
		}
	}
	if !pvc {
		t.Errorf("no PersistentVolumeClaim %v in the file", claim)
	}

	m := job(t, yamlDocs(t, "pc-merge-job.yaml"), "kocka-pc-merge")
	mc := get(t, m, "spec", "template", "spec", "containers", 0).(map[string]any)
	ms := strings.Join(toStrings(mc["args"]), " ")
	if !strings.Contains(ms, "pc merge --out /data/enumerate.txt /data/shard-*.json") {
		t.Errorf("the merge job does not merge the shards: %s", ms)
	}
	if get(t, m, "spec", "template", "spec", "volumes", 0, "persistentVolumeClaim", "claimName") != claim {
		t.Error("the merge job mounts another volume")
	}
}

// TestDockerfile checks the build the docs describe: the binary built
// from the root without cgo, a shell in the final image.
func TestDockerfile(t *testing.T) {
	b, err := os.ReadFile("Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	for _, re := range []string{`(?m)^FROM golang:\S+ AS build$`, `(?m)^RUN CGO_ENABLED=0 go build .* -o /out/kocka \.$`, `(?m)^FROM debian:\S+-slim$`, `(?m)^ENTRYPOINT \["/usr/local/bin/kocka"\]$`} {
		if !regexp.MustCompile(re).Match(b) {
			t.Errorf("Dockerfile lacks %s", re)
		}
	}
}

func toStrings(v any) []string {
	l, _ := v.([]any)
	var out []string
	for _, s := range l {
		out = append(out, s.(string))
	}
	return out
}
