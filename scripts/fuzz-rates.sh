#!/usr/bin/env bash
# Measures every fuzz target of the Makefile's FUZZ_TARGETS for SECONDS
# each (default 10) with coverage guidance and an empty fuzz cache, and
# prints a Markdown table: executions a second of wall time, and per two
# CPU seconds (what the run would do with both cores to itself).
#   scripts/fuzz-rates.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-10}
targets=$(make -s -f Makefile -f - <<<'print-fuzz: ; @echo $(FUZZ_TARGETS)' print-fuzz)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| target | execs/s | per 2 CPU-s |"
echo "|---|---:|---:|"
for t in $targets; do
  pkg=${t%%:*} fn=${t##*:}
  go test -c -o "$tmp/x.test" "$pkg" >/dev/null
  out=$( (cd "$pkg" && /usr/bin/time -f 'cpu %U %S' "$tmp/x.test" -test.run '^$' -test.fuzz "^$fn\$" \
    -test.fuzztime "${secs}s" -test.fuzzcachedir "$tmp/cache-$fn" 2>&1) | tr '\r' '\n')
  execs=$(grep -o 'execs: [0-9]*' <<<"$out" | tail -1 | grep -o '[0-9]*$')
  cpu=$(grep -o 'cpu [0-9.]* [0-9.]*' <<<"$out" | awk '{print $2 + $3}')
  awk -v p="$pkg" -v f="$fn" -v e="${execs:-0}" -v s="$secs" -v c="${cpu:-1}" \
    'BEGIN { printf "| `%s` %s | %d | %d |\n", p, f, e / s, 2 * e / c }'
  rm -rf "$tmp/cache-$fn"
done
