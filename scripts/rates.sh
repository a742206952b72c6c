#!/bin/sh
# rates.sh: the game window's frame and tick rates under Xvfb, read from
# the state file after a few seconds (docs/benchmarks.md).
#   xvfb-run -a -s "-screen 0 2560x1440x24" scripts/rates.sh bin/kocka
set -eu
bin=${1:-bin/kocka}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for size in 640x360 1280x720 2560x1440; do
	for mode in marathon bot; do
		w=${size%x*} h=${size#*x}
		"$bin" --mode "$mode" --seed 1 --no-sound --config-dir "$dir/cfg" --width "$w" --height "$h" --state-file "$dir/state.json" &
		pid=$!
		sleep 6
		kill "$pid"
		wait "$pid" 2>/dev/null || true
		rates=$(grep -o '"fps":[0-9.]*,"tickRate":[0-9.]*' "$dir/state.json" || echo '(none)')
		echo "$size $mode $rates"
	done
done
