#!/usr/bin/env python3
"""tune-plot.py draws the learning curve of a `kocka tune` result (its
history: per generation the population's mean fitness, the elite's mean and
the best candidate's) as an SVG.

usage: scripts/tune-plot.py RESULT.json OUT.svg [TITLE]
"""
import json
import sys


def main(src, out, title):
    r = json.load(open(src))
    hist = r["history"]
    series = [
        ("population mean", "fitness_mean", "gray"),
        ("elite mean", "fitness_elite_mean", "steelblue"),
        ("best candidate", "fitness_best", "darkorange"),
    ]
    w, h, left, right, top, bottom = 640, 360, 70, 20, 40, 50
    gens = [g["gen"] for g in hist]
    ymax = max(g[k] for g in hist for _, k, _ in series) * 1.05 or 1
    x = lambda g: left + (g - gens[0]) * (w - left - right) / max(1, gens[-1] - gens[0])
    y = lambda v: h - bottom - v * (h - top - bottom) / ymax
    out_lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
        f'<rect width="{w}" height="{h}" fill="white"/>',
        f'<text x="{w / 2}" y="20" text-anchor="middle">{title}</text>',
        f'<line x1="{left}" y1="{h - bottom}" x2="{w - right}" y2="{h - bottom}" stroke="black"/>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{h - bottom}" stroke="black"/>',
        f'<text x="{w / 2}" y="{h - 12}" text-anchor="middle">generation</text>',
        f'<text x="16" y="{h / 2}" text-anchor="middle" transform="rotate(-90 16 {h / 2})">{r["objective"]} per game</text>',
    ]
    for g in gens:
        out_lines.append(f'<text x="{x(g):.1f}" y="{h - bottom + 16}" text-anchor="middle">{g}</text>')
    for i in range(5):
        v = ymax * i / 4
        out_lines.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:.0f}</text>')
        out_lines.append(f'<line x1="{left}" y1="{y(v):.1f}" x2="{w - right}" y2="{y(v):.1f}" stroke="#ddd"/>')
    for n, (name, key, colour) in enumerate(series):
        pts = " ".join(f"{x(g['gen']):.1f},{y(g[key]):.1f}" for g in hist)
        out_lines.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"/>')
        out_lines.append(f'<text x="{w - right - 120}" y="{h - bottom - 50 + 14 * n}" fill="{colour}">{name}</text>')
    out_lines.append("</svg>")
    open(out, "w").write("\n".join(out_lines) + "\n")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else "kocka tune")
