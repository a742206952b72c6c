package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// markdownLink finds the target of a Markdown link or image: ](target).
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocsLinksExist: every link in README.md and docs/*.md to a file of
// the repository (a plot, a state, another page) names a file that is
// there, so a figure the docs show cannot go missing from a commit.
func TestDocsLinksExist(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join("docs", "*.md"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("docs pages: %v, %v", pages, err)
	}
	checked := 0
	for _, page := range append(pages, "README.md") {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range markdownLink.FindAllStringSubmatch(string(text), -1) {
			target, _, _ := strings.Cut(m[1], "#")
			if target == "" || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			checked++
			if _, err := os.Stat(filepath.Join(filepath.Dir(page), target)); err != nil {
				t.Errorf("%s links to %s: %v", page, m[1], err)
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d links to files checked; is the pattern still finding them?", checked)
	}
}
