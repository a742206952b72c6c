#!/usr/bin/env python3
"""paired-lines.py compares El-Tetris's games (scripts/eltetris-peer.js
games: one JSON line per game) with a `kocka bench --json` result of one
personality on the same seeds, game by game.

usage: scripts/paired-lines.py PEER.jsonl BENCH.json
"""
import json
import math
import statistics as st
import sys


def stderr(xs):
    return st.stdev(xs) / math.sqrt(len(xs))


def main(peer_path, bench_path):
    peer = [json.loads(line)["lines"] for line in open(peer_path)]
    bench = json.loads(open(bench_path).readline())
    ours = bench["lines_per_game"]
    if len(ours) != len(peer):
        sys.exit(f"{len(peer)} peer games, {len(ours)} bench games")
    d = [a - b for a, b in zip(ours, peer)]
    print(f"games {len(peer)}, the same lines in {sum(x == 0 for x in d)}")
    print(f"El-Tetris: mean {st.mean(peer):.1f} ± {stderr(peer):.1f}, median {st.median(peer):.1f}")
    print(f"{bench['personality']} ({bench['model']}): mean {st.mean(ours):.1f} ± {stderr(ours):.1f}, median {st.median(ours):.1f}")
    if any(d):
        print(f"paired difference, ours minus El-Tetris's: {st.mean(d):+.1f} ± {stderr(d):.1f} (z {st.mean(d) / stderr(d):.2f})")
    else:
        print("paired difference: none, every game is the same")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
