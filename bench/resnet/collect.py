#!/usr/bin/env python3
"""Merges rows from run.sh ($OUT/rows.jsonl of one or more device calls)
into bench/results/resnet.json (a later row replaces an earlier one of the
same kind, configuration, seed and steps) and writes the summary table
bench/results/resnet.md.

    python3 bench/resnet/collect.py [ROWS.jsonl ...]
"""
import json
import os
import statistics
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
JSON = os.path.join(ROOT, "bench", "results", "resnet.json")
MD = os.path.join(ROOT, "bench", "results", "resnet.md")

NAMES = {
    "torch-eager": "PyTorch eager",
    "torch-compile": "PyTorch torch.compile (default)",
    "torch-reduce-overhead": 'PyTorch torch.compile(mode="reduce-overhead")',
    "frost-neve-eager": "Frost, Neve kernels only, eager",
    "frost-neve-graph": "Frost, Neve kernels only, CUDA graph",
    "frost-cudnn-eager": "Frost, cuDNN convolutions, eager",
    "frost-cudnn-graph": "Frost, cuDNN convolutions, CUDA graph",
    "frost-neve-eager-nofuse": "Frost, Neve kernels only, eager, -fno-fuse",
    "frost-neve-graph-nofuse": "Frost, Neve kernels only, CUDA graph, -fno-fuse",
    "frost-cudnn-eager-nofuse": "Frost, cuDNN convolutions, eager, -fno-fuse",
    "frost-cudnn-graph-nofuse": "Frost, cuDNN convolutions, CUDA graph, -fno-fuse",
    "frost-neve-eager-bf16": "Frost, Neve kernels only, eager, bf16 mode (tensor-core convolutions)",
    "frost-neve-graph-bf16": "Frost, Neve kernels only, CUDA graph, bf16 mode (tensor-core convolutions)",
    "frost-png-loader": "Frost Loader, 3 worker threads (libpng)",
    "torch-png-loader": "PyTorch DataLoader, 3 worker processes (PIL)",
}


NOTES = """
* ms/step counts steps 50..2000 of one run on an otherwise idle GPU, after
  `torch.compile`'s compilation (which happens in the first steps); each
  row of resnet.json has its own commit, command, device and date.
* Every device call gets a fresh machine, and the host CPU matters to the
  eager rows (they are launch-bound): PyTorch's timing rows and Frost's come
  from different calls. The PNG section ran on one machine, whose host was
  faster: there PyTorch eager took 5.66 ms/step, Frost eager 3.02 and
  Frost's graph 1.67 (GPU-bound, the same everywhere); Frost eager is about
  1.9x PyTorch eager both there and across the timing calls.
* The 20,000-step runs ran at the same time on one GPU (only their loss and
  accuracy count). Frost's eager rows ran later (commit 3f51b10, both at
  once): Neve kernels eager 90.08% as in graph mode (the same kernels),
  cuDNN eager 90.86% against graph's 90.01% (cuDNN's algorithms are not
  deterministic, and eager and graph pick theirs separately).
* Kernel fusion (issue 10): the `-fno-fuse` rows are the same program
  built without neve-fuse; each seed ran fused and unfused one after the
  other in one device call. The Frost rows above them are the fused runs
  of that call (commit 89f817e, after BatchNorm's reductions were spread
  over the GPU: the CUDA-graph cuDNN row went from 1.66 to 1.52 ms/step
  between them and the first rows, fusion included), newer than the
  PyTorch rows.
* Both sides start from the same weights (PyTorch's, per seed) and see the
  same data order; the loss curves (resnet-loss.png) lie on top of each
  other.
"""


def key(r):
    return (r["kind"], r["config"], r["seed"], r["steps"])


def fusion_table(timing):
    """Kernel fusion on (the default) against -fno-fuse, for each Frost
    configuration, over the seeds timed both ways in one device call (the
    two rows of a seed share a commit)."""
    out = []
    for c in NAMES:
        f = {r["seed"]: r for r in timing.get(c, [])}
        u = {r["seed"]: r for r in timing.get(c + "-nofuse", [])}
        seeds = sorted(x for x in set(f) & set(u) if f[x]["commit"] == u[x]["commit"])
        if not seeds:
            continue
        if not out:
            out += ["", "## Kernel fusion on and off (neve-fuse: bn-relu and add-relu)", "",
                    "| configuration | ms/step, fused (default) | ms/step, -fno-fuse | "
                    "speedup | per seed, fused / unfused | same losses | commits |",
                    "| --- | --- | --- | --- | --- | --- | --- |"]
        mf = statistics.mean(f[x]["ms_per_step"] for x in seeds)
        mu = statistics.mean(u[x]["ms_per_step"] for x in seeds)
        per = ", ".join(f'{f[x]["ms_per_step"]:.2f} / {u[x]["ms_per_step"]:.2f}' for x in seeds)
        same = sum(f[x].get("losses") == u[x].get("losses") for x in seeds)
        commits = ", ".join(sorted({f[x]["commit"][:7] for x in seeds}))
        out.append(f"| {NAMES[c]} | {mf:.3f} | {mu:.3f} | {mu / mf:.2f}x | {per} | "
                   f"{same} of {len(seeds)} seeds | {commits} |")
    return out


def main():
    doc = {"description": "issue 9: the seed's ResNet on Fashion-MNIST, "
           "Frost against PyTorch on one H200 (bench/resnet/run.sh)",
           "rows": []}
    if os.path.exists(JSON):
        doc = json.load(open(JSON))
    rows = {key(r): r for r in doc["rows"]}
    for path in sys.argv[1:]:
        for line in open(path):
            if line.strip():
                r = json.loads(line)
                rows[key(r)] = r
    doc["rows"] = sorted(rows.values(), key=lambda r: (r["kind"], r["config"], r["seed"]))
    with open(JSON, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")

    out = ["# ResNet benchmark summary (generated by bench/resnet/collect.py "
           "from resnet.json)", ""]
    order = list(NAMES)
    timing = {}
    for r in doc["rows"]:
        if r["kind"] == "timing" and "ms_per_step" in r and "error" not in r:
            timing.setdefault(r["config"], []).append(r)
    acc = {r["config"]: r for r in doc["rows"] if r["kind"] == "accuracy"}
    eager = timing.get("torch-eager")
    base = statistics.mean(x["ms_per_step"] for x in eager) if eager else None
    out += ["| configuration | ms/step, 2000 steps (mean of seeds) | per seed | "
            "vs PyTorch eager | test accuracy after 20,000 steps |",
            "| --- | --- | --- | --- | --- |"]
    for c in order:
        if c not in timing and c not in acc:
            continue
        t = timing.get(c, [])
        ms = statistics.mean(x["ms_per_step"] for x in t) if t else None
        per = ", ".join(f'{x["ms_per_step"]:.2f}' for x in sorted(t, key=lambda x: x["seed"]))
        a = acc.get(c)
        astr = "-"
        if a:
            astr = (f'{a["test_accuracy"]:.2f}%' if "test_accuracy" in a
                    else f'error: {a.get("error", "no accuracy")}')
        out.append(f"| {NAMES[c]} | {f'{ms:.3f}' if ms else '-'} | {per or '-'} | "
                   f"{f'{base / ms:.2f}x' if ms and base else '-'} | {astr} |")
    out += fusion_table(timing)
    loaders = [r for r in doc["rows"] if r["kind"] == "loader"]
    trains = [r for r in doc["rows"] if r["kind"] == "png-train"]
    if loaders or trains:
        out += ["", "## PNG files, 3 loader workers (one epoch, 1875 batches of 32)", "",
                "| what | images/s | training: seconds for 1875 steps | ms/step |",
                "| --- | --- | --- | --- |"]
        for r in loaders:
            out.append(f'| {NAMES.get(r["config"], r["config"])} | '
                       f'{r.get("images_per_s", float("nan")):.0f} | - | - |')
        for r in trains:
            out.append(f'| {NAMES.get(r["config"], r["config"])}, training from PNG | - | '
                       f'{r.get("train_seconds", float("nan")):.2f} | '
                       f'{r.get("ms_per_step", float("nan")):.3f} |')
    out += ["", "## Reading it", "", NOTES.strip()]
    with open(MD, "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out))


if __name__ == "__main__":
    main()
