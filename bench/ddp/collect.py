#!/usr/bin/env python3
"""bench/ddp/run.sh's rows (rows.jsonl) -> bench/results/ddp.json.

    python3 bench/ddp/collect.py ROWS.jsonl [...] [--out bench/results/ddp.json]

Keeps every row (config "MODEL/CONFIG/N") and adds a summary per model
and configuration: ms/step, images/s over all ranks, scaling efficiency
against the same configuration on one rank (weak scaling: ideal keeps
ms/step flat), test accuracy, and on one rank the launcher and
all-reduce cost against the plain program. Rank counts not measured are
listed under "not_measured" with the reason given by --missing-reason.
"""
import argparse
import json

BATCH = {"resnet": 32, "wide": 128}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rows", nargs="+")
    ap.add_argument("--out", default="bench/results/ddp.json")
    ap.add_argument("--missing-reason", default="")
    ap.add_argument("--collectives",
                    help="run.sh's collectives.txt: the host-checked collectives")
    ap.add_argument("--command", default="",
                    help="how the rows were made (recorded in the file)")
    a = ap.parse_args()
    rows = []
    for path in a.rows:
        with open(path) as f:
            rows += [json.loads(line) for line in f if line.strip()]
    table = {}
    for r in rows:
        model, config, n = r["config"].split("/")
        table.setdefault(model, {}).setdefault(config, {})[int(n)] = r
    summary = {}
    for model, configs in table.items():
        out = summary.setdefault(model, {})
        for config, by_n in configs.items():
            one = by_n.get(1, {}).get("ms_per_step")
            for n, r in sorted(by_n.items()):
                ms = r.get("ms_per_step")
                e = {"ms_per_step": ms, "test_accuracy": r.get("test_accuracy"),
                     "error": r.get("error")}
                if ms:
                    e["images_per_s"] = round(n * BATCH.get(model, 0) * 1000.0 / ms, 1)
                    if one:
                        e["scaling_efficiency"] = round(one / ms, 3)
                out.setdefault(config, {})[str(n)] = e
        for dist, plain in [("frost-cudnn-graph", "frost-cudnn-graph-plain"),
                            ("torch-ddp", "torch-plain")]:
            d = configs.get(dist, {}).get(1, {}).get("ms_per_step")
            p = configs.get(plain, {}).get(1, {}).get("ms_per_step")
            if d and p:
                ld = dict(map(tuple, configs[dist][1].get("losses", [])))
                lp = dict(map(tuple, configs[plain][1].get("losses", [])))
                both = sorted(set(ld) & set(lp))
                out.setdefault("one_rank_cost", {})[dist] = {
                    "ms_per_step": d, "plain_ms_per_step": p,
                    "ratio": round(d / p, 3),
                    # the single-rank loss curve against the plain trainer's
                    # (mean loss per 100 steps)
                    "loss_curve_max_abs_diff": round(max(
                        (abs(ld[k] - lp[k]) for k in both), default=float("nan")), 4),
                    "loss_curve_points": len(both)}
    measured = sorted({int(r["config"].split("/")[2]) for r in rows})
    checks = {}
    if a.collectives:
        n = None
        with open(a.collectives) as f:
            for line in f:
                if line.startswith("=== collectives x"):
                    n = line.split("x", 1)[1].split(":")[0]
                    checks[n] = {"ok": 0, "failed": 0, "exit": int(
                        line.rsplit("exit ", 1)[1].rstrip(")\n"))}
                elif n and line.rstrip().endswith(" ok"):
                    checks[n]["ok"] += 1
                elif n and " FAIL " in line:
                    checks[n]["failed"] += 1
    doc = {
        "what": "data-parallel training, Frost (neve-launch, frost/distributed.nv) "
                "against PyTorch DDP (torchrun); weak scaling, batch per rank fixed "
                "(resnet: 32, wide: 128); bench/ddp/README.md",
        "command": a.command,
        "ranks_measured": measured,
        "not_measured": [n for n in (2, 4, 8) if n not in measured],
        "not_measured_reason": a.missing_reason,
        "collectives_checked_on_host": checks,
        "summary": summary,
        "rows": rows,
    }
    with open(a.out, "w") as f:
        json.dump(doc, f, indent=1)
    for model, configs in summary.items():
        for config, by_n in configs.items():
            if config == "one_rank_cost":
                for k, v in by_n.items():
                    print(f"{model:7s} {k:24s} one rank: {v['ms_per_step']:.3f} ms/step vs "
                          f"plain {v['plain_ms_per_step']:.3f} ({v['ratio']:.3f}x); loss curve "
                          f"within {v['loss_curve_max_abs_diff']} over {v['loss_curve_points']} points")
                continue
            for n, e in by_n.items():
                print(f"{model:7s} {config:24s} x{n}: {e['ms_per_step']} ms/step, "
                      f"{e.get('images_per_s')} img/s, eff {e.get('scaling_efficiency')}, "
                      f"acc {e['test_accuracy']}")


if __name__ == "__main__":
    main()
