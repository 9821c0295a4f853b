#!/usr/bin/env python3
"""Rows and the comparison of a Frost example against its PyTorch twin:
bench/vae/run.sh (examples/vae.nv, torch_vae.py) and bench/vit/run.sh
(examples/vit.nv, torch_vit.py).

    compare_twins.py row --log FILE --config C --seed S --steps N --commit C
        --command CMD --device D --rc N             # one JSON line on stdout
    compare_twins.py summary --model M ROWS.jsonl [--json OUT]
                                                    # the comparison, as text

Both programs of a pair print the same lines: "step N loss L" followed by
the model's own "KEY VALUE" pairs (the VAE's "recon R kl K", the ViT's
"acc A"; means over the last 100 steps), "ms/step: X", "test loss L" and
its pairs. A row holds the numbers (losses: [step, loss, values...]; test:
[loss, values...]) with the run's commit, command and device.

The comparison. Both frameworks start from the same weights and see the
same batches, but their curves cannot agree step by step: the VAE draws
its eps noise from each framework's own generator, and in any model the
rounding differs and grows over training. For each seed a third run, the
model's noise config, is PyTorch again with only the random part changed
(MODELS below: the VAE's other eps draws, the ViT's other data order); its
distance to torch, |noise - torch| averaged over the print steps after the
first quarter of the run, is what run-to-run variation alone moves a
curve. Frost matches PyTorch "within run-to-run noise" when its distance to
torch, averaged the same way over all seeds, is at most twice that (the
factor 2 allows for the noise entering both sides of frost - torch, but not
for a systematic gap as large as the noise itself twice over), and when its
mean loss over the last quarter lies within the range of the PyTorch runs'
(torch and noise, every seed) widened by the noise distance.

A model may also be run with its random draws shared (MODELS' "shared"
configs: the VAE's frost-shared and torch-shared read the same eps file).
Their distance is then numerics alone, and when every seed has it, it is
the distance held against twice the noise (the independent-draw distance
is still printed).
"""
import argparse
import datetime
import json
import re
import sys

# model: the summary's title, the config that measures the noise and, for
# a model that draws nothing at random (the ViT), how far the loss of
# step 1 ("first loss: L": the same weights on the same batch) may differ
# between the frameworks. The ViT's tolerance allows for Frost's bf16
# attention operands (about 1e-4 at initialisation); a model wired
# differently (another patch order, another head split) moves the first
# loss by hundredths.
MODELS = {
    "vae": {"title": "VAE, examples/vae.nv against bench/vae/torch_vae.py", "noise": "torch-eps",
            "shared": ("frost-shared", "torch-shared")},
    "vit": {"title": "ViT, examples/vit.nv against bench/vit/torch_vit.py", "noise": "torch-order",
            "first_tol": 0.005},
}
PAIR = r"((?: \S+ \S+)*)"


def values(pairs):
    """The numbers of " KEY VALUE KEY VALUE ..."."""
    return [float(v) for v in pairs.split()[1::2]]


def parse(text):
    r = {"losses": []}
    for line in text.splitlines():
        m = re.fullmatch(r"step (\d+) loss (\S+)" + PAIR, line.rstrip())
        if m:
            r["losses"].append([int(m[1]), float(m[2])] + values(m[3]))
        m = re.match(r"first loss: (\S+)", line)
        if m:
            r["first_loss"] = float(m[1])
        m = re.match(r"ms/step: ([\d.]+)", line)
        if m:
            r["ms_per_step"] = float(m[1])
        m = re.fullmatch(r"test loss (\S+)" + PAIR, line.rstrip())
        if m:
            r["test"] = [float(m[1])] + values(m[2])
        if re.match(r"loss (fell|did not fall)", line):
            r["loss_fell"] = line.startswith("loss fell")
    return r


def row(a):
    text = open(a.log, errors="replace").read()
    r = {"config": a.config, "seed": a.seed, "steps": a.steps, "commit": a.commit,
         "command": a.command, "device": a.device or "unknown",
         "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}
    r.update(parse(text))
    if a.rc != 0:
        r["error"] = f"exit status {a.rc}: " + " | ".join(text.strip().splitlines()[-5:])
    print(json.dumps(r))


def curve(r):
    return {p[0]: p[1] for p in r.get("losses", [])}


def late(c):
    """The print steps after the first quarter of the run."""
    if not c:
        return []
    last = max(c)
    return [t for t in sorted(c) if t > last // 4]


def distance(a, b):
    ts = [t for t in late(a) if t in b]
    return sum(abs(a[t] - b[t]) for t in ts) / len(ts) if ts else None


def tail_mean(c):
    ts = [t for t in sorted(c) if t > 3 * max(c) // 4] if c else []
    return sum(c[t] for t in ts) / len(ts) if ts else None


def test_text(r):
    """A run's test numbers: the loss, and the model's values after it."""
    t = r.get("test")
    return " ".join(f"{v:.3f}" for v in t) if t else "-"


def summary(a):
    model = MODELS[a.model]
    noise = model["noise"]
    configs = ("frost", "torch", noise)
    rows = [json.loads(l) for l in open(a.rows) if l.strip()]
    by = {(r["config"], r["seed"]): r for r in rows}   # the last row of each wins
    seeds = sorted({s for _, s in by})
    out, result = [], {"model": a.model, "noise_config": noise, "seeds": seeds, "per_seed": {}}
    commits = sorted({r["commit"] for r in by.values()})
    devices = sorted({r["device"] for r in by.values()})
    out.append(f"{model['title']}; commit {', '.join(commits)}; device {', '.join(devices)}")
    d_ft, d_tt, d_sh, tails = [], [], [], {"frost": [], "torch": []}
    for s in seeds:
        f, t, e = (by.get((c, s)) for c in configs)
        if not (f and t and e) or any("error" in r for r in (f, t, e)):
            out.append(f"seed {s}: missing or failed runs "
                       + ", ".join(f"{c}: {by[(c, s)].get('error', 'ok')}"
                                   for c in configs if (c, s) in by))
            continue
        cf, ct, ce = curve(f), curve(t), curve(e)
        ft, tt = distance(cf, ct), distance(ce, ct)
        if ft is None or tt is None:
            out.append(f"seed {s}: no common print steps")
            continue
        d_ft.append(ft)
        d_tt.append(tt)
        tails["frost"].append(tail_mean(cf))
        tails["torch"] += [tail_mean(ct), tail_mean(ce)]
        runs = (("frost", f), ("torch", t), (noise, e))
        per = {"frost_torch": ft, "noise_torch": tt,
               "ms_per_step": {c: r.get("ms_per_step") for c, r in runs},
               "test": {c: r.get("test") for c, r in runs},
               "tail_loss": {"frost": tail_mean(cf), "torch": tail_mean(ct), noise: tail_mean(ce)}}
        result["per_seed"][s] = per
        out.append(f"seed {s}: mean |frost - torch| {ft:.3f}, |{noise} - torch| {tt:.3f}; "
                   f"last-quarter loss frost {per['tail_loss']['frost']:.3f}, torch {per['tail_loss']['torch']:.3f}, "
                   f"{noise} {per['tail_loss'][noise]:.3f}; ms/step frost {f.get('ms_per_step')}, "
                   f"torch {t.get('ms_per_step')}; test frost {test_text(f)}, torch {test_text(t)}")
        # the same random draws on both sides (the VAE's eps): what is left
        # of frost - torch is numerics
        fs, ts = (by.get((c, s)) for c in model.get("shared", ("", "")))
        if fs and ts and not any("error" in r for r in (fs, ts)):
            sh = distance(curve(fs), curve(ts))
            if sh is not None:
                d_sh.append(sh)
                per["shared_frost_torch"] = sh
                out.append(f"seed {s}, the same eps draws on both sides: mean |frost - torch| {sh:.3f}")
    if d_ft:
        ft, tt = sum(d_ft) / len(d_ft), sum(d_tt) / len(d_tt)
        frost_tail = sum(tails["frost"]) / len(tails["frost"])
        lo, hi = min(tails["torch"]) - tt, max(tails["torch"]) + tt
        # with every seed's runs on shared draws, their distance is the
        # one held against the noise (the draws no longer enter it)
        shared = len(d_sh) == len(d_ft)
        dist = sum(d_sh) / len(d_sh) if shared else ft
        ok = dist <= 2 * tt and lo <= frost_tail <= hi
        ms = {c: [r["ms_per_step"] for (k, _), r in by.items() if k == c and "ms_per_step" in r and "error" not in r]
              for c in ("frost", "torch")}
        ms = {c: sum(v) / len(v) for c, v in ms.items() if v}
        result.update({"frost_torch": ft, "noise_torch": tt, "ratio": ft / tt if tt else None,
                       "frost_tail_loss": frost_tail, "torch_tail_range": [lo + tt, hi - tt],
                       "ms_per_step": ms, "within_noise": ok})
        if shared:
            result.update({"shared_frost_torch": dist, "shared_ratio": dist / tt if tt else None})
            out.append(f"over {len(d_ft)} seeds: mean |frost - torch| {ft:.3f} with each side's own draws; "
                       f"with the same draws {dist:.3f}, against |{noise} - torch| {tt:.3f} "
                       f"(ratio {dist / tt if tt else float('inf'):.2f}, at most 2 allowed)")
        else:
            out.append(f"over {len(d_ft)} seeds: mean |frost - torch| {ft:.3f}, |{noise} - torch| {tt:.3f} "
                       f"(ratio {ft / tt if tt else float('inf'):.2f}, at most 2 allowed)")
        out.append(f"last-quarter loss frost {frost_tail:.3f}, torch runs {lo + tt:.3f}..{hi - tt:.3f} "
                   f"(allowed {lo:.3f}..{hi:.3f})")
        if ms:
            out.append("ms/step: " + ", ".join(f"{c} {v:.3f}" for c, v in ms.items())
                       + (f" (frost/torch {ms['frost'] / ms['torch']:.2f}x)" if len(ms) == 2 else ""))
        out.append("frost within run-to-run noise: " + ("yes" if ok else "NO"))
    else:
        result["within_noise"] = False
        out.append("frost within run-to-run noise: NO (no complete seed)")
    if "first_tol" in model:
        result["first_step_agrees"] = first_step(by, seeds, model["first_tol"], out, result)
    print("\n".join(out))
    if a.json:
        result["rows"] = rows
        with open(a.json, "w") as fh:
            json.dump(result, fh, indent=1)
    return 0 if result["within_noise"] and result.get("first_step_agrees", True) else 1


def first_step(by, seeds, tol, out, result):
    """Whether frost's and torch's losses of step 1 agree within tol for
    every seed; appends the line saying so."""
    firsts, worst = {}, None
    for s in seeds:
        f, t = by.get(("frost", s), {}).get("first_loss"), by.get(("torch", s), {}).get("first_loss")
        if f is None or t is None:
            out.append(f"step 1 of seed {s}: no first loss from " + " and ".join(
                c for c, v in (("frost", f), ("torch", t)) if v is None))
            worst = float("inf")
            continue
        firsts[s] = [f, t]
        worst = max(worst or 0.0, abs(f - t))
    result["first_loss"] = firsts
    ok = worst is not None and worst <= tol
    out.append("step 1, same weights and batch: loss " + "; ".join(
        f"seed {s} frost {f:.6f}, torch {t:.6f}" for s, (f, t) in firsts.items())
        + f"; max |frost - torch| {worst if worst is not None else float('inf'):.6f} (at most {tol})")
    out.append("same model at step 1: " + ("yes" if ok else "NO"))
    return ok


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="what", required=True)
    r = sub.add_parser("row")
    for k in ("--log", "--config", "--commit", "--command", "--device"):
        r.add_argument(k, default="")
    for k in ("--seed", "--steps", "--rc"):
        r.add_argument(k, type=int, default=0)
    s = sub.add_parser("summary")
    s.add_argument("--model", required=True, choices=sorted(MODELS))
    s.add_argument("rows")
    s.add_argument("--json")
    a = ap.parse_args()
    if a.what == "row":
        row(a)
        return 0
    return summary(a)


if __name__ == "__main__":
    sys.exit(main())
