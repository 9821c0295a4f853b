#!/usr/bin/env python3
"""Collects bench/mlp/run.sh's runs into mlp.json and a summary.

    python3 bench/mlp/collect.py RUNS.txt --json OUT.json [--commit C]
        [--device D] [--command CMD]

RUNS.txt holds each run's output under a line
`=== CONFIG round R, commit C, device D: COMMAND (exit RC)`; a run's
result is its `mlp: {json}` line (bench/mlp/mlp.nv, torch_mlp.py). For
each configuration: every run's ms/step, TFLOP/s and losses, the median
ms/step over the runs and the TFLOP/s at that median, and the ratio of
that ms/step to torch-eager's and torch-compile's (below 1: faster). The
issue's target is a Frost configuration at or under torch eager's ms/step
(ratio <= 1), its goal at or under torch.compile's. A run without its
`mlp:` line (a crash, a non-zero exit) is listed with its exit status and
counts in no median; the exit status is 1 when any run failed.
"""
import argparse
import json
import re
import statistics
import sys

HEAD = re.compile(r"^=== (\S+) round (\d+), .*: (.*) \(exit (-?\d+)\)$")


def parse(path):
    runs, cur = [], None
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            m = HEAD.match(line)
            if m:
                cur = {"config": m.group(1), "round": int(m.group(2)), "command": m.group(3),
                       "exit": int(m.group(4)), "result": None}
                runs.append(cur)
            elif cur is not None and line.startswith("mlp: {"):
                try:
                    cur["result"] = json.loads(line[len("mlp: "):])
                except ValueError as e:
                    cur["error"] = f"unreadable mlp line: {e}"
    return runs


def summarise(runs):
    configs = {}
    for r in runs:
        c = configs.setdefault(r["config"], {"runs": [], "failed": 0})
        ok = r["exit"] == 0 and r["result"] is not None and r["result"].get("ms_step") is not None
        entry = {"round": r["round"], "exit": r["exit"], "command": r["command"]}
        if ok:
            res = r["result"]
            entry.update({k: res.get(k) for k in ("ms_step", "ms_mean", "tflops", "first_loss", "last_loss")})
        else:
            c["failed"] += 1
            entry["error"] = r.get("error", "no mlp: line" if r["result"] is None else "no ms/step")
        c["runs"].append(entry)
    for name, c in configs.items():
        ms = [e["ms_step"] for e in c["runs"] if "ms_step" in e]
        if ms:
            first = next(r["result"] for r in runs if r["config"] == name and r["result"])
            flops = 6.0 * first["batch"] * first["width"] ** 2 * first["layers"]
            c["ms_step"] = round(statistics.median(ms), 4)
            c["tflops"] = round(flops / (c["ms_step"] * 1e-3) / 1e12, 1)
            c["shape"] = {k: first[k] for k in ("batch", "width", "layers", "steps", "warmup")}
            for k in ("gemm", "layer", "mode", "torch", "device"):
                if k in first:
                    c[k] = first[k]
    for ref in ("torch-eager", "torch-compile"):
        base = configs.get(ref, {}).get("ms_step")
        for c in configs.values():
            if base and c.get("ms_step"):
                c["vs_" + ref.replace("-", "_")] = round(c["ms_step"] / base, 3)
    return configs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs")
    ap.add_argument("--json", required=True)
    ap.add_argument("--commit", default="")
    ap.add_argument("--device", default="")
    ap.add_argument("--command", default="")
    a = ap.parse_args()
    runs = parse(a.runs)
    if not runs:
        sys.exit(f"collect.py: no runs in {a.runs}")
    configs = summarise(runs)
    doc = {"benchmark": "mlp", "commit": a.commit, "command": a.command, "device": a.device,
           "flops_per_step": "6 * batch * width^2 * layers",
           "anchors_h200": {"torch-eager": 5.95, "torch-compile": 5.01},
           "configs": configs}
    with open(a.json, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    print(f"mlp: commit {a.commit}, {a.device}")
    print(f"{'config':22} {'ms/step':>9} {'TFLOP/s':>8} {'/eager':>7} {'/compile':>9}  runs")
    for name, c in configs.items():
        def fmt(k, w):
            v = c.get(k)
            return f"{v:>{w}}" if v is not None else f"{'-':>{w}}"
        runs_s = ", ".join(f"{e['ms_step']:.3f}" if "ms_step" in e else f"exit {e['exit']}" for e in c["runs"])
        print(f"{name:22} {fmt('ms_step', 9)} {fmt('tflops', 8)} {fmt('vs_torch_eager', 7)} {fmt('vs_torch_compile', 9)}  {runs_s}")
    frost = [(c["ms_step"], n) for n, c in configs.items() if n.startswith("frost") and c.get("ms_step")]
    eager = configs.get("torch-eager", {}).get("ms_step")
    comp = configs.get("torch-compile", {}).get("ms_step")
    if frost and eager:
        best, name = min(frost)
        verdict = "meets" if best <= eager else "misses"
        line = f"best Frost: {name} {best:.3f} ms/step: {verdict} the target (torch eager {eager:.3f})"
        if comp:
            line += f"; goal (torch.compile {comp:.3f}): {'met' if best <= comp else 'not met'}"
        print(line)
    print(f"wrote {a.json}")
    sys.exit(1 if any(c["failed"] for c in configs.values()) else 0)


if __name__ == "__main__":
    main()
