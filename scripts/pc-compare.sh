#!/usr/bin/env bash
# Runs kocka pc and solution-finder on the same perfect-clear cases, one
# after the other on this machine, and prints both answers with their wall
# time and peak RSS (/usr/bin/time -v), as a Markdown table for docs/pc.md.
#
#   scripts/pc-compare.sh           the reference cases (the long empty-field one too)
#   scripts/pc-compare.sh --quick   without the empty-field case (~25 s for solution-finder)
#   scripts/pc-compare.sh --gen N   also N random cases through the Go differential
#                                   test (solver/pc TestDifferentialSolutionFinder)
#
# solution-finder is looked for in $SFINDER (default /tmp/sfinder), built as
# docs/pc.md says (build/sfinder-only.jar, run/ with kicks/). Without it, or
# without java, the script says so and exits 0.
set -euo pipefail
cd "$(dirname "$0")/.."

SFINDER=${SFINDER:-/tmp/sfinder}
CLI_JAR=${CLI_JAR:-/usr/share/java/commons-cli.jar}
quick=0
gen=0
while [ $# -gt 0 ]; do
  case "$1" in
  --quick) quick=1 ;;
  --gen) gen=${2:?--gen needs a number}; shift ;;
  *) echo "usage: $0 [--quick] [--gen N]" >&2; exit 2 ;;
  esac
  shift
done

if ! command -v java >/dev/null 2>&1 || [ ! -f "$SFINDER/build/sfinder-only.jar" ] || [ ! -d "$SFINDER/run/kicks" ] || [ ! -f "$CLI_JAR" ]; then
  echo "pc-compare: solution-finder is not built at $SFINDER (or java / commons-cli is missing): skipping."
  echo "pc-compare: docs/pc.md says how to build it (outside the repository)."
  exit 0
fi
if [ ! -x /usr/bin/time ]; then
  echo "pc-compare: /usr/bin/time is missing (apt-get install time): skipping." >&2
  exit 0
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sf="$tmp/sf.sh"
cat >"$sf" <<SF
#!/bin/sh
cd "$SFINDER/run" && exec java -cp "$SFINDER/build/sfinder-only.jar:$CLI_JAR" Main "\$@"
SF
chmod +x "$sf"
go build -o "$tmp/kocka" .

# measure OUT CMD...: runs CMD at nice 10 under /usr/bin/time -v; leaves
# stdout in OUT, and sets wall (s), cpu (user + system, s) and rss (MB).
# On a shared machine the CPU time is the steadier figure.
measure() {
  local out=$1; shift
  nice -n 10 /usr/bin/time -v "$@" >"$out" 2>"$out.time" || { echo "pc-compare: failed: $*" >&2; tail -5 "$out.time" >&2; return 1; }
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; printf "%.2f", s}' "$out.time")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f", $2/1024}' "$out.time")
  cpu=$(awk -F': ' '/User time|System time/ {s+=$2} END {printf "%.2f", s}' "$out.time")
}

echo "| command | field | pattern | solution-finder | wall | CPU | RSS | kocka pc | wall | CPU | RSS | same |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
cases=(
  "percent|v115@9gD8FeD8FeD8FeD8PeAgH|*p7"
  "percent|m115@EhC8HeD8DeF8EeC8JeAgH|*p7"
  "percent|d115@9gA8IeD8FeE8EeF8NeAgWBAUAAAA|*p7"
  "percent|v115@9gA8DeA8DeB8BeB8DeB8BeB8DeF8NeAgH|T,I,O,*p4"
  "path|v115@9gD8FeD8FeD8FeD8PeAgH|*p7"
)
[ "$quick" = 1 ] || cases+=("percent|v115@vhAAgH|T,I,L,J,S,Z,O,*p4")
status=0
for c in "${cases[@]}"; do
  IFS='|' read -r cmd field pattern <<<"$c"
  if [ "$cmd" = percent ]; then
    measure "$tmp/sf.out" "$sf" percent -t "$field" -p "$pattern"
    sfa=$(grep -o 'success = [0-9.]*% ([0-9]*/[0-9]*)' "$tmp/sf.out" | sed 's/success = //')
    sfw=$wall sfr=$rss sfc=$cpu
    measure "$tmp/k.out" "$tmp/kocka" pc percent --field "$field" --pattern "$pattern" --fail-max 0
    ka=$(grep -o 'success = [0-9.]*% ([0-9]*/[0-9]*)' "$tmp/k.out" | sed 's/success = //')
  else
    measure "$tmp/sf.out" "$sf" path -t "$field" -p "$pattern" -o "$tmp/path"
    sfa="$(grep -o 'Found path \[unique\] = [0-9]*' "$tmp/sf.out" | grep -o '[0-9]*$') unique, $(grep -o 'Found path \[minimal\] = [0-9]*' "$tmp/sf.out" | grep -o '[0-9]*$') minimal"
    sfw=$wall sfr=$rss sfc=$cpu
    measure "$tmp/k.out" "$tmp/kocka" pc path --field "$field" --pattern "$pattern"
    ka="$(grep -o 'Found path \[unique\] = [0-9]*' "$tmp/k.out" | grep -o '[0-9]*$') unique, $(grep -o 'Found path \[minimal\] = [0-9]*' "$tmp/k.out" | grep -o '[0-9]*$') minimal"
  fi
  same=yes
  if [ "$sfa" != "$ka" ]; then same=NO; status=1; fi
  echo "| $cmd | \`$field\` | \`$pattern\` | $sfa | ${sfw} s | ${sfc} s | ${sfr} MB | $ka | ${wall} s | ${cpu} s | ${rss} MB | $same |"
done

if [ "$gen" -gt 0 ]; then
  echo
  echo "Random cases (solver/pc TestDifferentialSolutionFinder, seed ${SEED:-2}):"
  nice -n 10 go test -count=1 -run TestDifferentialSolutionFinder -timeout 2h ./solver/pc/ \
    -args -sfinder "$sf" -gen "$gen" -seed "${SEED:-2}" || status=1
fi
exit $status
