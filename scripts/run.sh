#!/usr/bin/env bash
# make run: install what is missing, build, open the game window.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh run
go build -o bin/kocka .
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  cat >&2 <<'MSG'
No display found (DISPLAY and WAYLAND_DISPLAY are unset), so the game window cannot open.
Instead you can:
  make web                      build the browser version and serve it on http://127.0.0.1:8080
  bin/kocka soak --duration 10m  let the bot play headless as a soak test
  xvfb-run -a bin/kocka --mode bot --screenshot shot.png --frames 300   render off-screen
MSG
  exit 1
fi
exec bin/kocka "$@"
