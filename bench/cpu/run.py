#!/usr/bin/env python3
"""Times the CPU benchmarks in Neve against the same programs in C++.

For every NAME with both bench/cpu/NAME.nv and bench/cpu/NAME.cpp:
  * builds NAME.cpp with `c++ -O2` and NAME.nv with `neve-translate -o`,
  * runs each binary --runs times (alternating), keeping the minimum time:
    CPU time (user + system) by default, which a shared, busy machine
    disturbs far less than wall time (the programs are single-threaded);
    --metric wall uses wall time; both are recorded,
  * checks that both print exactly the same output (a benchmark whose outputs
    differ is an error: the two programs must do the same work),
and writes bench/results/cpu.json ({benchmark: {neve_s, cpp_s, ratio}} plus
the machine, the commit and the command) and prints a table.

    python3 bench/cpu/run.py [--build build] [--runs 5] [--out FILE] [NAME...]

The exit status is 1 when a build fails or outputs differ.
"""

import argparse
import datetime
import json
import os
import resource
import shlex
import subprocess
import sys
import tempfile
import time

# bench/benchinfo.py: the machine and commit every result records.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from benchinfo import git_commit, machine_info  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def build(name, build_dir, work):
    """Returns (neve_exe, cpp_exe) for benchmark `name`."""
    nv_exe = os.path.join(work, name + "-neve")
    cpp_exe = os.path.join(work, name + "-cpp")
    translate = os.path.join(build_dir, "bin", "neve-translate")
    run([translate, os.path.join(HERE, name + ".nv"), "-o", nv_exe])
    run(["c++", "-O2", "-std=c++17", os.path.join(HERE, name + ".cpp"), "-o",
         cpp_exe])
    return nv_exe, cpp_exe


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_once(exe):
    """Runs `exe`, returning ({"wall": s, "cpu": s}, stdout)."""
    cpu0, start = cpu_seconds(), time.perf_counter()
    proc = subprocess.run([exe], capture_output=True, text=True)
    wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu0
    if proc.returncode != 0:
        raise RuntimeError(f"{exe} exited with {proc.returncode}:\n"
                           f"{proc.stdout}{proc.stderr}")
    return {"wall": wall, "cpu": cpu}, proc.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="build directory holding bin/neve-translate")
    parser.add_argument("--runs", type=int, default=5,
                        help="runs of each binary; the minimum is kept")
    parser.add_argument("--metric", choices=["cpu", "wall"], default="cpu",
                        help="time that the ratio compares (default: cpu)")
    parser.add_argument("--out",
                        default=os.path.join(ROOT, "bench", "results",
                                             "cpu.json"))
    parser.add_argument("names", nargs="*",
                        help="benchmarks to run (default: all)")
    args = parser.parse_args()

    names = args.names or sorted(
        f[:-3] for f in os.listdir(HERE)
        if f.endswith(".nv") and os.path.exists(os.path.join(HERE, f[:-3] + ".cpp")))
    results, failed = {}, False
    with tempfile.TemporaryDirectory(prefix="neve-bench-") as work:
        for name in names:
            try:
                nv_exe, cpp_exe = build(name, args.build, work)
            except subprocess.CalledProcessError as e:
                print(f"{name}: build failed: {' '.join(e.cmd)}\n{e.stdout}{e.stderr}",
                      file=sys.stderr)
                failed = True
                continue
            nv_times, cpp_times = [], []
            nv_out = cpp_out = None
            try:
                for _ in range(args.runs):
                    t, nv_out = time_once(nv_exe)
                    nv_times.append(t)
                    t, cpp_out = time_once(cpp_exe)
                    cpp_times.append(t)
            except RuntimeError as e:
                print(f"{name}: {e}", file=sys.stderr)
                failed = True
                continue
            if nv_out != cpp_out:
                print(f"{name}: outputs differ\n--- neve\n{nv_out}--- c++\n{cpp_out}",
                      file=sys.stderr)
                failed = True
                continue
            best = lambda times, m: min(t[m] for t in times)
            neve_s = best(nv_times, args.metric)
            cpp_s = best(cpp_times, args.metric)
            results[name] = {
                "neve_s": round(neve_s, 4),
                "cpp_s": round(cpp_s, 4),
                "ratio": round(neve_s / cpp_s, 3),
                "neve_wall_s": round(best(nv_times, "wall"), 4),
                "cpp_wall_s": round(best(cpp_times, "wall"), 4),
                "wall_ratio": round(best(nv_times, "wall") /
                                    best(cpp_times, "wall"), 3),
                "output": nv_out.strip(),
            }

    print(f"{'benchmark':<12} {'neve (s)':>9} {'c++ (s)':>9} {'ratio':>7}"
          f"   ({args.metric} time, min of {args.runs}; wall ratio)")
    for name, r in results.items():
        print(f"{name:<12} {r['neve_s']:>9.3f} {r['cpp_s']:>9.3f} {r['ratio']:>7.2f}"
              f"   {r['wall_ratio']:.2f}")

    if results:
        report = {
            "benchmarks": results,
            "timing": f"neve_s, cpp_s and ratio: minimum {args.metric} time "
                      f"({'user + system' if args.metric == 'cpu' else 'wall'}) "
                      f"of {args.runs} runs of each binary, alternating Neve "
                      "and C++; *_wall_s: minimum wall time",
            "cpp_flags": "c++ -O2 -std=c++17",
            "neve_flags": "neve-translate -o (default -O2)",
            "machine": machine_info(),
            "commit": git_commit(),
            "command": "python3 bench/cpu/run.py " + " ".join(
                shlex.quote(a) for a in sys.argv[1:]),
            "date": datetime.datetime.now(datetime.timezone.utc)
                    .strftime("%Y-%m-%dT%H:%M:%SZ"),
        }
        os.makedirs(os.path.dirname(args.out), exist_ok=True)
        with open(args.out, "w") as f:
            json.dump(report, f, indent=2)
            f.write("\n")
        print(f"wrote {os.path.relpath(args.out)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
