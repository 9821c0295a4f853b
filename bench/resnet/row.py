#!/usr/bin/env python3
"""One row of bench/results/resnet.json from a run's output (Frost's
examples/resnet.nv and torch_resnet.py print the same lines; the loader
benchmarks print "images/s: X"). Printed as one JSON line.

    python3 bench/resnet/row.py --log FILE --kind timing|accuracy|loader|png-train
        --config NAME --seed S --commit C --command CMD [--rc N]

--log FILE --prefix "KIND CONFIG SEED: " reads the lines of one run from
run.sh's progress.txt (what came back from a call stopped before its rows
were written); the row then says it is partial.
"""
import argparse
import datetime
import json
import re
import subprocess


# line pattern -> (field, converter)
FIELDS = [
    (r"ms/step: ([\d.]+)", "ms_per_step", float),
    (r"test accuracy: ([\d.]+)%", "test_accuracy", float),
    (r"train seconds: ([\d.]+)", "train_seconds", float),
    (r"images/s: ([\d.]+)", "images_per_s", float),
    (r"loss (fell|did not fall)", "loss_fell", lambda v: v == "fell"),
]


def parse(text):
    r = {"losses": []}
    for line in text.splitlines():
        m = re.match(r"step (\d+) loss ([-\d.einf]+)", line)
        if m:
            r["losses"].append([int(m[1]), float(m[2])])
        for pattern, field, convert in FIELDS:
            m = re.match(pattern, line)
            if m:
                r[field] = convert(m[1])
    if not r["losses"]:
        del r["losses"]
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--log", required=True)
    ap.add_argument("--kind", required=True)
    ap.add_argument("--config", required=True)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--steps", type=int, default=0)
    ap.add_argument("--commit", default="unknown")
    ap.add_argument("--command", default="")
    ap.add_argument("--rc", type=int, default=0)
    ap.add_argument("--prefix")
    ap.add_argument("--device")
    a = ap.parse_args()
    text = open(a.log, errors="replace").read()
    if a.prefix:
        text = "\n".join(l[len(a.prefix):] for l in text.splitlines()
                         if l.startswith(a.prefix))
    device = a.device
    try:
        device = device or subprocess.run(
            ["nvidia-smi", "--query-gpu=name,driver_version",
             "--format=csv,noheader"], capture_output=True, text=True,
            timeout=30).stdout.strip().splitlines()[0]
    except Exception:
        device = "unknown"
    row = {"kind": a.kind, "config": a.config, "seed": a.seed,
           "steps": a.steps, "commit": a.commit, "command": a.command,
           "device": device,
           "date": datetime.datetime.now(datetime.timezone.utc)
           .strftime("%Y-%m-%dT%H:%M:%SZ")}
    row.update(parse(text))
    if a.prefix and "test_accuracy" not in row:
        row["error"] = "partial: the call stopped during the run"
    if a.rc != 0:
        row["error"] = f"exit status {a.rc}: " + " | ".join(
            text.strip().splitlines()[-5:])
    print(json.dumps(row))


if __name__ == "__main__":
    main()
