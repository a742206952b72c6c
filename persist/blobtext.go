package persist

import (
	"encoding/base64"
	"strings"
	"unicode/utf8"
)

// The browser's localStorage holds strings, not bytes, and a Go string that
// is not valid UTF-8 loses bytes on its way into JavaScript. Blobs that are
// text (the JSON files) are stored as they are, so they stay readable in the
// browser's developer tools; anything else is stored as base64 behind a
// marker.
const blobBase64 = "kocka-base64:"

// encodeBlob turns a blob into the string kept in localStorage.
func encodeBlob(data []byte) string {
	if utf8.Valid(data) && !strings.HasPrefix(string(data), blobBase64) {
		return string(data)
	}
	return blobBase64 + base64.StdEncoding.EncodeToString(data)
}

// decodeBlob reverses encodeBlob. A damaged base64 blob comes back as the
// stored text, so that the loader finds it damaged, reports it and moves
// it aside (NAME.damaged-TIME, never NAME.bak) rather than losing it.
func decodeBlob(s string) []byte {
	if rest, ok := strings.CutPrefix(s, blobBase64); ok {
		if b, err := base64.StdEncoding.DecodeString(rest); err == nil {
			return b
		}
	}
	return []byte(s)
}
