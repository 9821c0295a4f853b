#!/usr/bin/env python3
"""Replays test/gpu/frost/optim.nv's optimiser runs with torch.optim.

The Neve program saves, per run NAME, the starting parameter (NAME.p0),
the gradient of each step (NAME.g0..2) and the parameter after each step
(NAME.p1..3); also a clipping case (clip.g, clip.norm, clip.after) and ten
values of each LR schedule (sched.cosine, sched.onecycle). This script
replays them with torch.optim (float64) and compares.

Tolerance: |frost - torch| <= 1e-6 + 1e-5 * |torch|.

    python3 bench/frost/torch_optim_check.py frost-optim.safetensors [--json OUT]
"""
import argparse
import json
import sys

import torch
from safetensors.torch import load_file

ATOL, RTOL = 1e-6, 1e-5


def close(a, b):
    a, b = a.double().flatten(), b.double().flatten()
    err = (a - b).abs()
    return bool((err <= ATOL + RTOL * b.abs()).all()), err.max().item()


def optimiser(name, params):
    if name == "sgd":
        return torch.optim.SGD(params, lr=0.1)
    if name == "sgd_nesterov":
        return torch.optim.SGD(params, lr=0.1, momentum=0.9, nesterov=True,
                               weight_decay=0.01)
    if name == "adam":
        return torch.optim.Adam(params, lr=0.01, weight_decay=0.01, eps=1e-8)
    if name == "adamw":
        return torch.optim.AdamW(params, lr=0.01, betas=(0.9, 0.999),
                                 weight_decay=0.01, eps=1e-8)
    raise KeyError(name)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--json")
    args = ap.parse_args()
    t = load_file(args.file)
    rows = []
    for name in ["sgd", "sgd_nesterov", "adam", "adamw"]:
        p = t[f"{name}.p0"].double().clone().requires_grad_()
        opt = optimiser(name, [p])
        worst, ok = 0.0, True
        for s in range(3):
            p.grad = t[f"{name}.g{s}"].double().clone()
            opt.step()
            good, err = close(t[f"{name}.p{s + 1}"], p.detach())
            ok &= good
            worst = max(worst, err)
        rows.append({"case": name, "ok": ok, "max_abs_err": worst})
    p = torch.zeros(t["clip.g"].shape, dtype=torch.float64,
                    requires_grad=True)
    p.grad = t["clip.g"].double().clone()
    norm = torch.nn.utils.clip_grad_norm_([p], 1.0)
    ok1, e1 = close(t["clip.norm"], norm.reshape(1))
    ok2, e2 = close(t["clip.after"], p.grad)
    rows.append({"case": "clip_grad_norm", "ok": ok1 and ok2,
                 "max_abs_err": max(e1, e2)})
    for key, make in [
        ("sched.cosine", lambda o: torch.optim.lr_scheduler.CosineAnnealingLR(
            o, T_max=10)),
        ("sched.onecycle", lambda o: torch.optim.lr_scheduler.OneCycleLR(
            o, max_lr=0.1, total_steps=10, pct_start=0.3))]:
        o = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1)
        sch = make(o)
        lrs = []
        for _ in range(10):
            lrs.append(o.param_groups[0]["lr"])
            o.step()
            sch.step()
        good, err = close(t[key], torch.tensor(lrs))
        rows.append({"case": key, "ok": good, "max_abs_err": err})
    for r in rows:
        print(f"{r['case']:16s} {'ok' if r['ok'] else 'FAILED':6s} "
              f"max abs err {r['max_abs_err']:.2e}")
    agreed = sum(r["ok"] for r in rows)
    print(f"torch_optim_check: {agreed} of {len(rows)} agree with torch.optim "
          f"{torch.__version__} (tolerance {ATOL} + {RTOL}*|ref|)")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"tolerance": {"atol": ATOL, "rtol": RTOL},
                       "torch": torch.__version__, "cases": rows}, f,
                      indent=1)
    return 0 if agreed == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
