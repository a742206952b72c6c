#!/usr/bin/env bash
# make wasm: build the browser version into wasm/dist/: the game compiled to
# WebAssembly (and a gzipped copy), Go's wasm_exec.js from the same
# toolchain (the two must match), the page and its assets, and build.json
# with the sizes the page shows download progress against.
set -euo pipefail
cd "$(dirname "$0")/.."
GO=${GO:-go}
out=wasm/dist
mkdir -p "$out"

GOOS=js GOARCH=wasm "$GO" build -trimpath -ldflags="-s -w" -o "$out/kocka.wasm.tmp" .
mv "$out/kocka.wasm.tmp" "$out/kocka.wasm"

cp "$("$GO" env GOROOT)/lib/wasm/wasm_exec.js" "$out/wasm_exec.js"
for f in wasm/*.html wasm/*.css wasm/*.js wasm/*.png wasm/*.svg; do
  [ -e "$f" ] && cp "$f" "$out/"
done

# wasm/serve sends this copy to browsers that accept gzip, so that the first
# page load does not wait for the server to compress 16 MB.
gzip -9 -n -c "$out/kocka.wasm" >"$out/kocka.wasm.gz"
raw=$(wc -c <"$out/kocka.wasm")
gz=$(wc -c <"$out/kocka.wasm.gz")
printf '{"wasm":"kocka.wasm","size":%d,"gzipSize":%d,"go":"%s"}\n' \
  "$raw" "$gz" "$("$GO" env GOVERSION)" >"$out/build.json"
echo "wasm/dist: kocka.wasm $((raw / 1024)) KiB ($((gz / 1024)) KiB gzipped)"
