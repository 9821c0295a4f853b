#!/usr/bin/env python3
"""Per-kernel GPU time per training step from an ncu CSV (metric
gpu__time_duration.sum, one row per launch) of a run of N steps.

    python3 bench/resnet/kernel_summary.py NCU.csv N

Where the CSV also holds dram__bytes_read.sum and dram__bytes_write.sum
(ncu --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum),
each kernel's DRAM traffic per step and its bandwidth are printed too: what
tells a memory-bound kernel that runs well (near the GPU's bandwidth) from
one that does not.
"""
import collections
import csv
import sys

UNITS = {"ns": 1e-6, "nsecond": 1e-6, "us": 1e-3, "usecond": 1e-3,
         "ms": 1.0, "msecond": 1.0}
BYTES = {"byte": 1.0, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9,
         "KB": 1e3, "MB": 1e6, "GB": 1e9, "B": 1.0}


def main():
    path, steps = sys.argv[1], int(sys.argv[2])
    lines = open(path, errors="replace").read().splitlines()
    start = next(i for i, l in enumerate(lines) if l.startswith('"ID"'))
    total = collections.Counter()
    count = collections.Counter()
    traffic = collections.Counter()
    has_bytes = False
    for r in csv.DictReader(lines[start:]):
        metric = r.get("Metric Name")
        name = r["Kernel Name"]
        name = name if len(name) <= 70 else name[:67] + "..."
        v = float(r["Metric Value"].replace(",", ""))
        if metric in ("dram__bytes_read.sum", "dram__bytes_write.sum"):
            has_bytes = True
            traffic[name] += v * BYTES.get(r.get("Metric Unit", "byte"), 1.0)
            continue
        if metric != "gpu__time_duration.sum":
            continue
        v *= UNITS.get(r.get("Metric Unit", "ns"), 1e-6)
        total[name] += v
        count[name] += 1
    all_ms = sum(total.values())
    print(f"# {sum(count.values())} launches over {steps} steps: "
          f"{all_ms / steps:.3f} ms of kernel time per step, "
          f"{sum(count.values()) / steps:.0f} launches per step"
          + (f", {sum(traffic.values()) / steps / 1e9:.2f} GB of DRAM traffic per step"
             if has_bytes else ""))
    extra = f" {'GB/step':>8} {'GB/s':>6}" if has_bytes else ""
    print(f"{'ms/step':>8} {'share':>6} {'launches/step':>13}{extra}  kernel")
    for name, t in total.most_common():
        cols = ""
        if has_bytes:
            gb = traffic[name] / steps / 1e9
            cols = f" {gb:8.3f} {gb / (t / steps) * 1e3 if t else 0:6.0f}"
        print(f"{t / steps:8.3f} {100 * t / all_ms:5.1f}% "
              f"{count[name] / steps:13.1f}{cols}  {name}")


if __name__ == "__main__":
    main()
