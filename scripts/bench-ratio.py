#!/usr/bin/env python3
"""bench-ratio.py sets one player's lines beside another's, game by game on
the seeds both played, from `kocka bench --json` outputs (one JSON object
per personality per line, each with its first seed and lines_per_game).

usage: scripts/bench-ratio.py FILE[,FILE...]:PERSONALITY FILE[,FILE...]:PERSONALITY

The first is the numerator. Several files of one side are runs of the same
player on other seeds (a run of seeds 1..40 and one of 41..80, say); their
games are pooled by seed. It prints the games in common, both means with
their standard errors, the paired difference, and the ratio of the means
with its standard error by the delta method for paired samples,
se(R) = sd(x_i - R y_i) / (sqrt(n) mean(y)); and the ratio of the means
over all the games each played, with the unpaired delta-method error.
"""
import json
import math
import statistics as st
import sys


def load(spec):
    paths, _, name = spec.rpartition(":")
    if not paths:
        sys.exit(f"{spec}: want FILE[,FILE...]:PERSONALITY")
    first, games = None, {}
    for path in paths.split(","):
        for line in open(path):
            r = json.loads(line)
            if r["personality"] == name:
                break
        else:
            sys.exit(f"{path}: no personality {name!r}")
        if first is None:
            first = r
        elif (r["model"], r["width"], r["height"]) != (first["model"], first["width"], first["height"]):
            sys.exit(f"{path}: another model or well than {paths.split(',')[0]}")
        for i, n in enumerate(r["lines_per_game"]):
            if r["seed"] + i in games:
                sys.exit(f"{path}: seed {r['seed'] + i} twice")
            games[r["seed"] + i] = n
    return first, games


def se(xs):
    return st.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")


def main(a_spec, b_spec):
    ra, a = load(a_spec)
    rb, b = load(b_spec)
    for r, g in ((ra, a), (rb, b)):
        print(f"{r['personality']}: model {r['model']}, well {r['width']}x{r['height']}, "
              f"{len(g)} games, seeds {min(g)}..{max(g)}")
    if (ra["width"], ra["height"]) != (rb["width"], rb["height"]):
        sys.exit("different wells")
    seeds = sorted(set(a) & set(b))
    if len(seeds) < 2:
        sys.exit(f"{len(seeds)} seeds in common")
    x = [a[s] for s in seeds]
    y = [b[s] for s in seeds]
    mx, my = st.mean(x), st.mean(y)
    d = [p - q for p, q in zip(x, y)]
    r = mx / my
    se_r = st.stdev([p - r * q for p, q in zip(x, y)]) / (math.sqrt(len(x)) * my)
    print(f"{len(seeds)} games in common (seeds {seeds[0]}..{seeds[-1]})")
    print(f"  {a_spec}: {mx:.1f} ± {se(x):.1f}")
    print(f"  {b_spec}: {my:.1f} ± {se(y):.1f}")
    print(f"  paired difference {st.mean(d):+.1f} ± {se(d):.1f}, "
          f"{sum(v > 0 for v in d)} wins, {sum(v < 0 for v in d)} losses")
    print(f"  ratio {r:.2f} ± {se_r:.2f} (paired)")
    xa, yb = list(a.values()), list(b.values())
    ma, mb = st.mean(xa), st.mean(yb)
    ra_all = ma / mb
    se_all = ra_all * math.hypot(se(xa) / ma, se(yb) / mb)
    print(f"all games: {ma:.1f} ± {se(xa):.1f} ({len(xa)}) / {mb:.1f} ± {se(yb):.1f} ({len(yb)}) "
          f"= {ra_all:.2f} ± {se_all:.2f} (unpaired)")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
