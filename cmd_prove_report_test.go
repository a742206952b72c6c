package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kocka/kocka/solver/prove"
	"github.com/kocka/kocka/solver/prove/tictactoe"
)

// TestReportProofChecksBeforeWriting: a search whose certificate fails
// the check leaves --out and --out.bak as they were, and one that passes
// replaces --out, keeping the old file as the backup.
func TestReportProofChecksBeforeWriting(t *testing.T) {
	g := tictactoe.Game{}
	// damaged is Grow with one state cut from its certificate: a search
	// with a bug, whose certificate no longer closes.
	damaged := func(g prove.Game, drawer int, o prove.Options) (*prove.Proof, error) {
		p, err := prove.Grow(g, drawer, o)
		if err != nil {
			return nil, err
		}
		i := slices.IndexFunc(p.Cert.Entries, func(e prove.Entry) bool { return e.State != p.Cert.Start })
		p.Cert.Entries = slices.Delete(p.Cert.Entries, i, i+1)
		return p, nil
	}
	out := filepath.Join(t.TempDir(), "cert")
	files := map[string]string{out: "the good certificate", out + ".bak": "the one before"}
	for name, text := range files {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := reportProof(damaged, g, 1, out, prove.Options{})
	if err == nil || r.Checked || r.File != "" {
		t.Fatalf("a damaged certificate: err %v, checked %v, file %q", err, r.Checked, r.File)
	}
	for name, text := range files {
		if got, err := os.ReadFile(name); err != nil || string(got) != text {
			t.Errorf("%s after the failed check: %q, %v; want %q", filepath.Base(name), got, err, text)
		}
	}
	if left, _ := os.ReadDir(filepath.Dir(out)); len(left) != 2 {
		t.Errorf("%d files after the failed check, want 2", len(left))
	}

	r, err = reportProof(prove.Grow, g, 1, out, prove.Options{})
	if err != nil || !r.Checked || r.File != out {
		t.Fatalf("a good certificate: err %v, checked %v, file %q", err, r.Checked, r.File)
	}
	if bak, err := os.ReadFile(out + ".bak"); err != nil || string(bak) != files[out] {
		t.Errorf("backup after a good run: %q, %v; want the old --out", bak, err)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := prove.ReadCertificate(f)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prove.Check(g, c, prove.Options{}); err != nil {
		t.Errorf("the written certificate: %v", err)
	}
}
