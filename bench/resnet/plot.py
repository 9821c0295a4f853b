#!/usr/bin/env python3
"""bench/results/resnet-loss.png: training loss (mean of each 100 steps)
against step for every configuration's accuracy run (20,000 steps, seed 0)
in bench/results/resnet.json.

    python3 bench/resnet/plot.py bench/results/resnet.json [ROWS.jsonl ...] OUT.png

Rows in the .jsonl files (run.sh's, not yet collected) replace those of the
same configuration in resnet.json.
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    *inputs, out = sys.argv[1:]
    byconfig = {}
    for path in inputs:
        if path.endswith(".jsonl"):
            rows = [json.loads(l) for l in open(path) if l.strip()]
        else:
            rows = json.load(open(path))["rows"]
        for r in rows:
            if r["kind"] == "accuracy" and r.get("losses"):
                byconfig[r["config"]] = r
    runs = list(byconfig.values())
    if not runs:
        raise SystemExit("plot: no accuracy rows with losses")
    fig, (ax, zoom) = plt.subplots(1, 2, figsize=(13, 5))
    for r in sorted(runs, key=lambda r: r["config"]):
        steps = [p[0] for p in r["losses"]]
        loss = [p[1] for p in r["losses"]]
        label = f'{r["config"]} ({r.get("test_accuracy", float("nan")):.2f}%)'
        style = "-" if r["config"].startswith("frost") else "--"
        ax.plot(steps, loss, style, lw=1, label=label)
        zoom.plot(steps, loss, style, lw=1, label=label)
    ax.set_yscale("log")
    ax.set_title("ResNet on Fashion-MNIST, batch 32, AdamW: loss (mean of 100 steps)")
    zoom.set_xlim(10000, max(max(p[0] for p in r["losses"]) for r in runs))
    zoom.set_ylim(0.0, 0.4)
    zoom.set_title("steps 10,000 and after")
    for a in (ax, zoom):
        a.set_xlabel("step")
        a.set_ylabel("training loss")
        a.grid(alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    print(f"plot: {len(runs)} runs -> {out}")


if __name__ == "__main__":
    main()
