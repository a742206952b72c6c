#!/usr/bin/env python3
"""How much of one record-state game other games in docs share.

Plays the game of width WIDTH in STATE, and every game of 90 lines or
more in docs/hatetris-record*.json, with `kocka hatetris play --trace`,
and prints for each other game the wells the two share piece by piece
(the same features after the same piece, key presses aside) and the
first pieces they share unbroken (docs/hatetris.md, "The loop's third
step"). Most shared first.

usage: scripts/hatetris-shared-wells.py KOCKA STATE WIDTH
"""
import glob
import json
import subprocess
import sys
import tempfile


def trace(kocka, replay):
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write(replay)
        f.flush()
        out = subprocess.run([kocka, "hatetris", "play", "--replay-file", f.name, "--trace"],
                             capture_output=True, text=True, check=True).stdout
    wells = [json.loads(line) for line in out.splitlines() if line.strip()]
    wells = [w for w in wells if "piece" in w]
    for w in wells:
        w.pop("moves")
    return wells


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    kocka, state, width = sys.argv[1], sys.argv[2], int(sys.argv[3])
    runs = [r for r in json.load(open(state))["runs"] if r["width"] == width]
    if not runs:
        sys.exit(f"{state} has no game of width {width}")
    mine = trace(kocka, runs[0]["replay"])
    rows = []
    for path in sorted(glob.glob("docs/hatetris-record*.json")):
        for r in json.load(open(path))["runs"]:
            if r["lines"] < 90 or (path == state and r["width"] == width):
                continue
            other = trace(kocka, r["replay"])
            prefix = 0
            while prefix < min(len(mine), len(other)) and mine[prefix] == other[prefix]:
                prefix += 1
            same = sum(a == b for a, b in zip(mine, other))
            rows.append((same, prefix, path, r["width"], r["lines"]))
    print(f"{len(mine)} pieces; shared wells, first pieces shared, state, width, lines:")
    for row in sorted(rows, reverse=True):
        print(*row, sep="\t")


if __name__ == "__main__":
    main()
