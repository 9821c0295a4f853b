#!/usr/bin/env python3
"""Times compiling Neve programs: cold, warm, and from an edit to a run.

For each program (default: examples/hello.nv, examples/mlp_fashion.nv,
examples/resnet.nv) it measures, with `neve-translate FILE -o EXE`:
  * cold: an empty cache directory (nothing compiled before, Frost
    included), the first compile;
  * warm: the same compile again (every kernel and the libraries' host
    code found in the cache);
  * nocache: `--no-cache` (everything compiled, the kernels in parallel).
Then, for examples/resnet.nv, the time from saving an edit to its `main`
(a new first statement that prints a line) to the program starting: `neve
run` is started and the clock stops when that line appears on the
program's output (the cache warm from the unedited program, as when
iterating on a model). On a machine without a GPU the program then stops
at its first GPU use, which does not matter here.

Each figure is the median of --runs runs (wall time, and the CPU time of
the compiler and its children). Results go to bench/results/compile.json
with the machine, the commit and the command.

    python3 bench/compile/run.py [--build build] [--runs 3] [--out FILE]
"""

import argparse
import datetime
import json
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from benchinfo import git_commit, machine_info  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROGRAMS = ["examples/hello.nv", "examples/mlp_fashion.nv", "examples/resnet.nv"]


def timed(cmd, env):
    """Wall and CPU seconds (the command and its children) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        sys.exit(f"failed: {shlex.join(cmd)}\n{proc.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def median_of(samples):
    return {"wall_s": round(statistics.median(s[0] for s in samples), 3),
            "cpu_s": round(statistics.median(s[1] for s in samples), 3),
            "runs": [round(s[0], 3) for s in samples]}


def compile_times(translate, program, runs, tmp):
    exe = os.path.join(tmp, "prog")
    cmd = [translate, os.path.join(ROOT, program), "-o", exe]
    cold, warm = [], []
    for i in range(runs):
        # A new, empty cache for every cold compile.
        cache = tempfile.mkdtemp(prefix="cache-", dir=tmp)
        env = dict(os.environ, NEVE_CACHE_DIR=os.path.join(cache, "neve"))
        cold.append(timed(cmd, env))
        warm.append(timed(cmd, env))
    env = dict(os.environ, NEVE_CACHE_DIR=os.path.join(tmp, "unused"))
    nocache = [timed(cmd + ["--no-cache"], env) for _ in range(runs)]
    return {"cold": median_of(cold), "warm": median_of(warm),
            "nocache": median_of(nocache)}


def edit_to_start(neve, runs, tmp):
    """Seconds from an edit of resnet.nv's main to its first output line."""
    src = os.path.join(ROOT, "examples", "resnet.nv")
    work = os.path.join(tmp, "edit")
    os.makedirs(work, exist_ok=True)
    prog = os.path.join(work, "resnet.nv")
    env = dict(os.environ, NEVE_CACHE_DIR=os.path.join(tmp, "edit-cache"),
               NEVE_LIBS=os.environ.get("NEVE_LIBS", ""))
    if not env["NEVE_LIBS"]:
        del env["NEVE_LIBS"]
    with open(src) as f:
        text = f.read()
    shutil.copy(src, prog)
    subprocess.run([neve, "run", prog, "steps=0"], env=env,
                   capture_output=True)  # warm: the unedited program
    samples = []
    for i in range(runs):
        marker = f"edit {i} started"
        with open(prog, "w") as f:
            f.write(text.replace("\nmain\n", f'\nmain\n    print("{marker}")\n', 1))
        start = time.perf_counter()
        proc = subprocess.Popen([neve, "run", prog, "steps=0"], env=env,
                                stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        seen = False
        for line in proc.stdout:
            if marker in line:
                seen = True
                break
        elapsed = time.perf_counter() - start
        proc.kill()
        proc.wait()
        if not seen:
            sys.exit("the edited program never printed its first line")
        samples.append((elapsed, 0.0))
    return {"wall_s": round(statistics.median(s[0] for s in samples), 3),
            "runs": [round(s[0], 3) for s in samples]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=os.path.join(ROOT, "build"))
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "results",
                                                  "compile.json"))
    args = ap.parse_args()
    translate = os.path.join(args.build, "bin", "neve-translate")
    neve = os.path.join(args.build, "bin", "neve")
    results = {}
    load_at_start = [round(x, 2) for x in os.getloadavg()]
    with tempfile.TemporaryDirectory(prefix="neve-compile-bench-") as tmp:
        for program in PROGRAMS:
            print(f"compiling {program} ({args.runs} runs each)...",
                  file=sys.stderr, flush=True)
            results[program] = compile_times(translate, program, args.runs, tmp)
        print("edit to start: examples/resnet.nv...", file=sys.stderr,
              flush=True)
        results["edit_to_start_resnet"] = edit_to_start(neve, args.runs, tmp)
    record = {
        "what": "compile times of neve-translate FILE -o EXE: cold (empty "
                "cache), warm (cache filled), nocache (--no-cache); and "
                "edit of resnet.nv's main to its first output line under "
                "`neve run` (docs/caching.md)",
        "results": results,
        "machine": machine_info(),
        "load_average_at_start": load_at_start,
        "commit": git_commit(),
        "command": "python3 bench/compile/run.py " + shlex.join(sys.argv[1:]),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(
            timespec="seconds"),
    }
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(record, f, indent=2)
        f.write("\n")
    print(f"{'program':28} {'cold':>8} {'warm':>8} {'nocache':>8}  (wall s)")
    for program in PROGRAMS:
        r = results[program]
        print(f"{program:28} {r['cold']['wall_s']:8.2f} {r['warm']['wall_s']:8.2f}"
              f" {r['nocache']['wall_s']:8.2f}")
    print(f"edit of resnet.nv's main to the program starting: "
          f"{results['edit_to_start_resnet']['wall_s']:.2f} s")
    print(f"written: {args.out}")


if __name__ == "__main__":
    main()
