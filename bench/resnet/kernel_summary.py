#!/usr/bin/env python3
"""Per-kernel GPU time per training step from an ncu CSV (metric
gpu__time_duration.sum, one row per launch) of a run of N steps.

    python3 bench/resnet/kernel_summary.py NCU.csv N
"""
import collections
import csv
import sys


def main():
    path, steps = sys.argv[1], int(sys.argv[2])
    lines = open(path, errors="replace").read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('"ID"'))
    total = collections.Counter()
    count = collections.Counter()
    for r in csv.DictReader(lines[start:]):
        if r.get("Metric Name") != "gpu__time_duration.sum":
            continue
        name = r["Kernel Name"]
        name = name if len(name) <= 70 else name[:67] + "..."
        v = float(r["Metric Value"].replace(",", ""))
        unit = r.get("Metric Unit", "ns")
        v *= {"ns": 1e-6, "nsecond": 1e-6, "us": 1e-3, "usecond": 1e-3,
              "ms": 1.0, "msecond": 1.0}.get(unit, 1e-6)
        total[name] += v
        count[name] += 1
    all_ms = sum(total.values())
    print(f"# {sum(count.values())} launches over {steps} steps: "
          f"{all_ms / steps:.3f} ms of kernel time per step, "
          f"{sum(count.values()) / steps:.0f} launches per step")
    print(f"{'ms/step':>8} {'share':>6} {'launches/step':>13}  kernel")
    for name, t in total.most_common():
        print(f"{t / steps:8.3f} {100 * t / all_ms:5.1f}% "
              f"{count[name] / steps:13.1f}  {name}")


if __name__ == "__main__":
    main()
