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
  # Libraries Ebitengine opens at run time on Linux, and the Debian packages
  # that hold them: install the missing ones (as root), or say how.
  need=()
  # ldconfig lives in /sbin, which a normal user's PATH on Debian lacks.
  ldconfig=$(command -v ldconfig || echo /sbin/ldconfig)
  for pair in libX11.so.6:libx11-6 libXrandr.so.2:libxrandr2 libXcursor.so.1:libxcursor1 \
              libXi.so.6:libxi6 libXinerama.so.1:libxinerama1 libXxf86vm.so.1:libxxf86vm1 \
              libGL.so.1:libgl1 libasound.so.2:libasound2; do
    "$ldconfig" -p 2>/dev/null | grep -q "${pair%%:*}" || need+=("${pair##*:}")
  done
  if [ ${#need[@]} -gt 0 ]; then
    line="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ${need[*]}"
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "Installing the window's run-time libraries: ${need[*]} ..."
      bash -c "$line" >/tmp/kocka-apt.log 2>&1 || echo "warning: apt-get failed (see /tmp/kocka-apt.log); the window may not open" >&2
    else
      echo "warning: missing run-time libraries for the window; install them with:" >&2
      echo "  sudo sh -c '$line'" >&2
    fi
  fi
fi
