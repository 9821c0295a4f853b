#!/usr/bin/env python3
"""Rows and tables of the GPT benchmark (bench/gpt/run.sh).

    collect.py row --log L --kind K --config C --seed S --steps N --rc RC
                   --commit X --device D            # one run's output -> a JSON line
    collect.py table ROWS.jsonl... [--json bench/results/gpt.json]
                   [--md bench/results/gpt.md]      # here: the results

A row holds what examples/gpt.nv and torch_gpt.py print alike: the first
loss, the loss every print-every steps ("step S loss L"), the validation
losses, ms/step over the timed steps, tokens/s, peak memory. The table
gives ms/step and tokens/s per configuration (mean over seeds), peak
memory, the mean loss around steps 100, 500 and 1000 per side and seed,
and whether each of Frost's lies within the range of PyTorch's seeds.
"""
import argparse
import json
import re
import statistics
import sys


def parse(path):
    out = {"losses": [], "val": []}
    for line in open(path, errors="replace"):
        line = line.strip()
        if m := re.match(r"first loss: ([-0-9.e]+)", line):
            out["first_loss"] = float(m[1])
        elif m := re.match(r"step (\d+) loss ([-0-9.e]+)", line):
            out["losses"].append([int(m[1]), float(m[2])])
        elif m := re.match(r"val step (\d+) loss ([-0-9.e]+)", line):
            out["val"].append([int(m[1]), float(m[2])])
        elif m := re.match(r"ms/step: ([0-9.]+) \(steps (\d+)\.\.(\d+)\)", line):
            out["ms_per_step"], out["timed"] = float(m[1]), [int(m[2]), int(m[3])]
        elif m := re.match(r"tokens/s: (\d+)", line):
            out["tokens_per_s"] = int(m[1])
        elif m := re.match(r"peak memory: (\d+) MiB", line):
            out["peak_mib"] = int(m[1])
        elif m := re.match(r"train seconds: ([0-9.]+)", line):
            out["train_seconds"] = float(m[1])
    return out


def loss_at(row, step, window=50):
    """The mean of the printed losses of the `window` steps up to `step`."""
    xs = [l for s, l in row["losses"] if step - window < s <= step]
    return statistics.mean(xs) if xs else None


def table(rows, json_out, md_out):
    res = {"rows": rows, "timing": {}, "curves": {}}
    lines = ["# GPT-2 small: Frost against PyTorch (bench/gpt)", ""]
    if rows:
        lines += [f"Commit {rows[-1]['commit']}, device {rows[-1]['device']}; "
                  "batch 8 x 1024 tokens, bf16.", ""]
    timing = [r for r in rows if r["kind"] == "timing" and "ms_per_step" in r]
    if timing:
        lines += ["| configuration | ms/step (steps 50..300) | tokens/s | peak memory (MiB) | runs |",
                  "| --- | --- | --- | --- | --- |"]
        for c in sorted({r["config"] for r in timing}):
            rs = [r for r in timing if r["config"] == c]
            ms = statistics.mean(r["ms_per_step"] for r in rs)
            tok = statistics.mean(r["tokens_per_s"] for r in rs)
            mib = max(r.get("peak_mib", 0) for r in rs)
            res["timing"][c] = {"ms_per_step": ms, "tokens_per_s": tok, "peak_mib": mib}
            lines.append(f"| {c} | {ms:.2f} | {tok:.0f} | {mib} | {len(rs)} |")
        lines.append("")
    curves = [r for r in rows if r["kind"] == "curves"]
    if curves:
        lines += ["| configuration | seed | loss at 100 | at 500 | at 1000 | final validation |",
                  "| --- | --- | --- | --- | --- | --- |"]
        for r in sorted(curves, key=lambda r: (r["config"], r["seed"])):
            at = [loss_at(r, s) for s in (100, 500, 1000)]
            val = r["val"][-1][1] if r["val"] else None
            res["curves"].setdefault(r["config"], {})[str(r["seed"])] = at
            cells = " | ".join("-" if v is None else f"{v:.3f}" for v in at + [val])
            lines.append(f"| {r['config']} | {r['seed']} | {cells} |")
        lines.append("")
        torch_cfgs = [c for c in res["curves"] if c.startswith("torch-")]
        for c in [c for c in res["curves"] if c.startswith("frost-")]:
            for t in torch_cfgs:
                verdicts = []
                for i, step in enumerate((100, 500, 1000)):
                    ref = [v[i] for v in res["curves"][t].values() if v[i] is not None]
                    got = [v[i] for v in res["curves"][c].values() if v[i] is not None]
                    if not ref or not got:
                        continue
                    mean = statistics.mean(got)
                    ok = min(ref) <= mean <= max(ref)
                    verdicts.append(f"step {step}: {mean:.3f} "
                                    f"{'within' if ok else 'outside'} [{min(ref):.3f}, {max(ref):.3f}]")
                if verdicts:
                    lines.append(f"* {c}'s mean over seeds against {t}'s range: " + "; ".join(verdicts))
        lines.append("")
    if json_out:
        json.dump(res, open(json_out, "w"), indent=1)
    text = "\n".join(lines)
    if md_out:
        open(md_out, "w").write(text)
    print(text)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("row")
    for k in ["log", "kind", "config", "seed", "steps", "rc", "commit", "device"]:
        r.add_argument("--" + k, required=True)
    t = sub.add_parser("table")
    t.add_argument("rows", nargs="+")
    t.add_argument("--json")
    t.add_argument("--md")
    a = ap.parse_args()
    if a.cmd == "row":
        row = parse(a.log)
        row.update(kind=a.kind, config=a.config, seed=int(a.seed), steps=int(a.steps),
                   rc=int(a.rc), commit=a.commit, device=a.device)
        print(json.dumps(row))
    else:
        rows = [json.loads(l) for f in a.rows for l in open(f) if l.strip()]
        table(rows, a.json, a.md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
