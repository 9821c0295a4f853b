#!/usr/bin/env python3
"""The loss curves of bench/gpt's `curves` runs (rows.jsonl, collect.py's
rows) as a PNG: training loss (the printed means of 10 steps) against the
step, one line per configuration and seed. Needs matplotlib (the GPU host).

    python3 bench/gpt/plot.py ROWS.jsonl OUT.png
"""
import json
import sys

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
    rows = [r for r in rows if r["kind"] == "curves" and r["losses"]]
    fig, ax = plt.subplots(figsize=(8, 5))
    colors = {}
    for r in sorted(rows, key=lambda r: (r["config"], r["seed"])):
        color = colors.setdefault(r["config"], f"C{len(colors)}")
        steps, losses = zip(*r["losses"])
        ax.plot(steps, losses, color=color, alpha=0.8, linewidth=1,
                label=f"{r['config']} seed {r['seed']}")
    ax.set_xlabel("step (batch 8 x 1024 tokens)")
    ax.set_ylabel("training loss (mean of 10 steps)")
    ax.set_title("GPT-2 small on the fortunes corpus: Frost and PyTorch")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=120)
    print(f"plot: {len(rows)} runs in {sys.argv[2]}")


if __name__ == "__main__":
    main()
