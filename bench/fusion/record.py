#!/usr/bin/env python3
"""bench/fusion/run.sh's output, fused against -fno-fuse, as JSON.

    python3 bench/fusion/record.py KIND TXT JSON COMMIT REMARKS

KIND: elementwise (elementwise.nv), gemm (gemm_epilogue.nv) or relu
(relu.nv). TXT holds the programs' lines, each prefixed with the build
that printed it (fused, gemm-unfused-sm90a, relu-fused, ...); REMARKS is
the fused build's -Rpass=neve-fuse output. Prints one line per case.
"""
import json
import re
import subprocess
import sys


def device():
    try:
        return subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                              capture_output=True, text=True).stdout.strip()
    except Exception:
        return "unknown"


def elementwise(lines):
    rows = {}
    for line in lines:
        m = re.match(r"(fused|unfused) elementwise (\d+): ([\d.e+-]+) ms ([\d.e+-]+) GB/s", line)
        if m:
            rows.setdefault(int(m[2]), {})[m[1]] = {"ms": float(m[3]), "useful_GBps": float(m[4])}
    for r in rows.values():
        if "fused" in r and "unfused" in r:
            r["speedup"] = round(r["unfused"]["ms"] / r["fused"]["ms"], 2)
    return ("w = mix(soft(1.5x - 0.5), x): three elementwise kernels, fused (default) vs -fno-fuse",
            "bash bench/fusion/run.sh (built here with --build-only)",
            "sizes", {str(n): r for n, r in sorted(rows.items())}, None)


def gemm(lines):
    rows = {}
    pat = (r"(gemm-(?:un)?fused(?:-sm90a)?) gemm_bias_relu (\d+) (\d+) (\d+) (\w+): "
           r"([\d.e+-]+) ms ([\d.e+-]+) TFLOP/s y\[0\] = (\S+), y\[last\] = (\S+)")
    for line in lines:
        m = re.match(pat, line)
        if not m:
            continue
        build, arch = m[1].replace("-sm90a", ""), "sm_90a" if m[1].endswith("sm90a") else "sm_90"
        rows.setdefault(f"{m[2]}x{m[3]}x{m[4]} {m[5]} {arch}", {})[build.replace("gemm-", "")] = {
            "ms": float(m[6]), "TFLOPs": float(m[7]), "y": [m[8], m[9]]}
    return ("y = relu(a @ b^T + bias), bf16 a, b; float or bf16 y: gemm-epilogue fused (default) vs -fno-fuse",
            "ONLY=gemm bash bench/fusion/run.sh (built here with --build-only)",
            "cases", dict(sorted(rows.items())), "y")


def relu(lines):
    rows = {}
    pat = r"relu-(fused|unfused) ((?:bn|add)-relu \[[\d, ]+\]): ([\d.e+-]+) ms per step, sum\(y\) = (\S+)"
    for line in lines:
        m = re.match(pat, line)
        if m:
            rows.setdefault(m[2], {})[m[1]] = {"ms": float(m[3]), "sum_y": m[4]}
    return ("one training step (forward, backward) of relu(bn.forward(x)) and relu(a + b): "
            "bn-relu and add-relu fused (default) vs -fno-fuse",
            "ONLY=relu bash bench/fusion/run.sh (built here with --build-only)",
            "cases", rows, "sum_y")


def main():
    kind, txt, out_json, commit, remarks = sys.argv[1:6]
    what, command, key, rows, same = {"elementwise": elementwise, "gemm": gemm,
                                      "relu": relu}[kind](open(txt))
    for name, r in rows.items():
        if "fused" in r and "unfused" in r:
            r.setdefault("speedup", round(r["unfused"]["ms"] / r["fused"]["ms"], 3))
            if same:
                r["same_" + same] = r["fused"][same] == r["unfused"][same]
        print(f"{name}: fused {r.get('fused', {}).get('ms')} ms, unfused "
              f"{r.get('unfused', {}).get('ms')} ms, speedup {r.get('speedup')}"
              + (f", same {same} {r.get('same_' + same)}" if same else ""))
    doc = {"what": what, "commit": commit, "device": device(), "command": command,
           "remarks": open(remarks).read().strip().splitlines(), key: rows}
    with open(out_json, "w") as f:
        json.dump(doc, f, indent=1)


if __name__ == "__main__":
    main()
