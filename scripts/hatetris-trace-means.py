#!/usr/bin/env python3
"""Means of a HATETRIS game's well features over a range of pieces.

Plays each named game of a replays file (NAME<tab>LINES<tab>ENCODING<tab>
REPLAY lines, as solver/thrower/hatetris/testdata/replays.txt; the first
encoding of a name is used) with `kocka hatetris play --trace` and prints
the mean holes, enclosed cells, wells and height over pieces FROM to TO-1
(docs/hatetris.md, "What the record games keep").

usage: scripts/hatetris-trace-means.py KOCKA REPLAYS FROM TO NAME...
"""
import json
import subprocess
import sys


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    kocka, replays, lo, hi, names = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5:]
    games = {}
    with open(replays, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            name, lines, _, replay = line.rstrip("\n").split("\t")
            games.setdefault(name, (lines, replay))
    for name in names:
        if name not in games:
            sys.exit(f"no game named {name!r} in {replays}")
        lines, replay = games[name]
        out = subprocess.run([kocka, "hatetris", "play", "--trace", "--replay", replay],
                             capture_output=True, text=True, check=True).stdout.splitlines()
        trace = [json.loads(l) for l in out[:-1]]
        live = [t for t in trace if "height" in t and lo <= t["piece"] < hi]
        if not live:
            sys.exit(f"{name}: no piece in {lo}..{hi - 1}")
        mean = {k: sum(t[k] for t in live) / len(live) for k in ("holes", "enclosed", "wells", "height")}
        print(f"{name}\t{lines} lines\t{len(trace)} pieces\tholes {mean['holes']:.1f}\tenclosed {mean['enclosed']:.1f}"
              f"\twells {mean['wells']:.1f}\theight {mean['height']:.1f}")


if __name__ == "__main__":
    main()
