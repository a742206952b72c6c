#!/usr/bin/env bash
# The exact small-wells table of docs/analysis.md: for each piece set, with
# and without the preview, in the drop model (and the full SRS model), the
# smallest well height at which the placer survives forever, width by
# width. Each well is proven or refuted by kocka prove tetris (df-pn for the
# thrower's win, prove.Grow otherwise), every certificate checked;
# a well past LIMIT or MEM is left "?" and that width stops.
#   [SETS="all SZ O"] [MODELS="drop"] [PREVIEWS="off"] scripts/prove-wells.sh [LIMIT [MEM_MIB [WIDTHS [HEIGHTS]]]]
# Defaults: 10m a well (wall time), 3072 MiB, widths 4-7, heights 2-12 (at
# most 56 cells), the sets below, both models, the preview off and on.
set -euo pipefail
cd "$(dirname "$0")/.."
limit=${1:-10m} mem=${2:-3072} widths=${3:-4-7} heights=${4:-2-12}
go build -o bin/kocka . >/dev/null
sets=${SETS:-all SZ S O I T L IO OT IL LJ OS IS ST}
echo "| pieces | model | preview | width | smallest surviving height | by height: L lost, S survives, ? unknown (certificate states) |"
echo "|---|---|---|---:|---:|---|"
for model in ${MODELS:-drop full}; do
  for pv in ${PREVIEWS:-off on}; do
    preview=
    [ "$pv" = on ] && preview=--preview
    for p in $sets; do
      # Every height of a width must fit the 56 cells of a state: the
      # heights above are left out for the wider wells.
      for w in $(seq "${widths%-*}" "${widths#*-}"); do
        hmax=$((56 / w)) lo=${heights%-*} hi=${heights#*-}
        hi=$((hi < hmax ? hi : hmax))
        nice -n 15 bin/kocka prove tetris --quiet --pieces "$p" --width "$w" --height "$lo-$hi" \
          --model "$model" $preview --method dfpn --smallest --time "$limit" --mem "$mem" |
          sed -n "s/^| $w |/| $p | $model | $pv | $w |/p" | sed 's/| none tried |/| none |/'

      done
    done
  done
done
