#!/usr/bin/env bash
# make web-test: the browser tests (wasm/browsertest) against wasm/dist,
# which `make wasm` builds first. They drive Debian's Chromium through
# playwright-core from npm, which never downloads a browser of its own.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
  echo "web-test: Node.js 20 or newer with npm is needed for the browser tests (https://nodejs.org)." >&2
  exit 1
fi
major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$major" -lt 20 ]; then
  echo "web-test: Node.js $(node --version) is too old; playwright-core needs 20 or newer." >&2
  exit 1
fi
chromium=${KOCKA_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  scripts/deps.sh test
fi

cd wasm/browsertest
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
npm ci --no-audit --no-fund --loglevel=error
npm test
