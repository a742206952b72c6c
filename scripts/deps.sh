#!/usr/bin/env bash
# Installs the Debian packages Kocka needs, if any are missing.
#   deps.sh run   what the game window needs at run time (none on Debian 12:
#                 Ebitengine loads X11, GL and ALSA itself; reports if absent)
#   deps.sh test  what the tests need: Xvfb, xauth, xdotool, Chromium
set -euo pipefail
what=${1:-test}

case "$what" in
run)  pkgs=() ;;
test) pkgs=(xvfb xauth xdotool chromium) ;;
*)    echo "usage: $0 run|test" >&2; exit 2 ;;
esac

if ! command -v go >/dev/null 2>&1; then
  echo "Go is not installed: install Go 1.26 or newer (https://go.dev/dl) and run again." >&2
  exit 1
fi

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  line="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${missing[*]}"
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing ${missing[*]} ..."
    bash -c "$line" >/tmp/kocka-apt.log 2>&1 || { echo "apt-get failed; see /tmp/kocka-apt.log" >&2; tail -20 /tmp/kocka-apt.log >&2; exit 1; }
  else
    echo "Missing packages: ${missing[*]}. Install them with:" >&2
    echo "  sudo sh -c '$line'" >&2
    exit 1
  fi
fi

if [ "$what" = run ]; then
  # Libraries Ebitengine opens at run time on Linux.
  for lib in libX11.so.6 libXrandr.so.2 libXcursor.so.1 libXi.so.6 libXinerama.so.1 libXxf86vm.so.1 libGL.so.1 libasound.so.2; do
    if ! ldconfig -p 2>/dev/null | grep -q "$lib"; then
      echo "warning: $lib not found; Kocka's window may not open. On Debian: apt-get install libx11-6 libxrandr2 libxcursor1 libxi6 libxinerama1 libxxf86vm1 libgl1 libasound2" >&2
      break
    fi
  done
fi
