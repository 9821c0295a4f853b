#!/usr/bin/env python3
"""Channel and task benchmarks: the Neve runtime against Go and plain C++.

Builds and runs three programs that do the same work (see README.md):
  * neve_bench.cpp: the Neve runtime's channels and tasks (the calls compiled
    Neve code makes), linked with build/lib/libneve_runtime_core.a,
  * go_bench.go: buffered Go channels and goroutines (GOMAXPROCS = the
    machine's core count unless --gomaxprocs says otherwise),
  * cpp_bench.cpp: a mutex + condition-variable bounded queue and one
    std::thread per task,
each --runs times (alternating), keeping the best value of every benchmark,
then prints a table and writes bench/results/concurrency.json
({benchmarks: {NAME: {unit, neve, go, cpp, neve_vs_go, cpp_vs_go}}, machine,
commit, command, date}). `neve_vs_go` > 1 means Neve is faster: the ratio of
throughputs for ops/s, of Go's time to Neve's for ns.

    python3 bench/concurrency/run.py [--build build] [--runs 3] [--items N]

The exit status is 1 when a build or a run fails.
"""

import argparse
import datetime
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile

# bench/benchinfo.py: the machine and commit every result records.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from benchinfo import git_commit  # noqa: E402
from benchinfo import machine_info as _machine_info  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

DESCRIPTIONS = {
    "spsc": "1 producer -> 1 consumer, 128-slot channel of int",
    "mpmc": "4 producers -> 4 consumers, 128-slot channel of int",
    "spawn1": "finish { async {} }: one spawn + join round trip",
    "spawn64": "finish { asyncs 64 {} }: per task",
}


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def build(build_dir, work):
    """Returns {"neve": cmd, "go": cmd, "cpp": cmd} (argv lists)."""
    build_dir = os.path.abspath(build_dir)
    run(["cmake", "--build", build_dir, "--target", "neve_runtime_core",
         "-j2"])
    neve_exe = os.path.join(work, "neve_bench")
    run(["c++", "-O2", "-std=c++17", "-I", os.path.join(ROOT, "include"),
         os.path.join(HERE, "neve_bench.cpp"),
         os.path.join(build_dir, "lib", "libneve_runtime_core.a"),
         "-lgc", "-lpthread", "-o", neve_exe])
    cpp_exe = os.path.join(work, "cpp_bench")
    run(["c++", "-O2", "-std=c++17", os.path.join(HERE, "cpp_bench.cpp"),
         "-lpthread", "-o", cpp_exe])
    go_exe = os.path.join(work, "go_bench")
    env = dict(os.environ)
    # HOME may be read-only: keep Go's caches in the build directory.
    env["GOCACHE"] = os.path.join(build_dir, "go-cache")
    env["GOPATH"] = os.path.join(build_dir, "go-path")
    env["GO111MODULE"] = "off"
    go = shutil.which("go") or "/usr/lib/go/bin/go"
    run([go, "build", "-o", go_exe, os.path.join(HERE, "go_bench.go")],
        env=env)
    return {"neve": [neve_exe], "go": [go_exe], "cpp": [cpp_exe]}, go


def parse(out):
    """`NAME VALUE UNIT` lines -> {NAME: (value, unit)}."""
    values = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            values[parts[0]] = (float(parts[1]), parts[2])
    return values


def better(unit, a, b):
    return max(a, b) if unit == "ops/s" else min(a, b)


def machine_info(go):
    return _machine_info((("cxx", ["c++", "--version"]), ("go", [go, "version"])))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"),
                        help="build directory (holds lib/libneve_runtime_core.a)")
    parser.add_argument("--runs", type=int, default=3,
                        help="runs of each program; the best value is kept")
    parser.add_argument("--items", type=int, default=2000000,
                        help="values sent through the channel per benchmark")
    parser.add_argument("--gomaxprocs", type=int, default=os.cpu_count(),
                        help="GOMAXPROCS for the Go program (default: cores)")
    parser.add_argument("--out",
                        default=os.path.join(ROOT, "bench", "results",
                                             "concurrency.json"))
    args = parser.parse_args()

    best = {"neve": {}, "go": {}, "cpp": {}}
    with tempfile.TemporaryDirectory(prefix="neve-bench-conc-") as work:
        try:
            cmds, go = build(args.build, work)
        except (subprocess.CalledProcessError, OSError) as e:
            detail = (f"{' '.join(e.cmd)}\n{e.stdout}{e.stderr}"
                      if isinstance(e, subprocess.CalledProcessError) else e)
            print(f"build failed: {detail}", file=sys.stderr)
            return 1
        env = dict(os.environ, GOMAXPROCS=str(args.gomaxprocs))
        for _ in range(args.runs):
            for impl in ("neve", "go", "cpp"):
                proc = subprocess.run(cmds[impl] + [str(args.items)],
                                      capture_output=True, text=True, env=env,
                                      timeout=600)
                if proc.returncode != 0:
                    print(f"{impl}: exited with {proc.returncode}\n"
                          f"{proc.stdout}{proc.stderr}", file=sys.stderr)
                    return 1
                for name, (value, unit) in parse(proc.stdout).items():
                    old = best[impl].get(name)
                    best[impl][name] = (value if old is None else
                                        better(unit, old[0], value), unit)

    results = {}
    for name in DESCRIPTIONS:
        if not all(name in best[i] for i in best):
            continue
        unit = best["neve"][name][1]
        neve, go_v, cpp = (best[i][name][0] for i in ("neve", "go", "cpp"))
        ratio = ((lambda x: x / go_v) if unit == "ops/s" else
                 (lambda x: go_v / x))
        results[name] = {
            "what": DESCRIPTIONS[name],
            "unit": unit,
            "neve": round(neve, 1),
            "go": round(go_v, 1),
            "cpp": round(cpp, 1),
            "neve_vs_go": round(ratio(neve), 3),
            "cpp_vs_go": round(ratio(cpp), 3),
        }

    print(f"{'benchmark':<10} {'unit':<6} {'Neve':>14} {'Go':>14} "
          f"{'C++ mutex':>14} {'Neve/Go':>8} {'C++/Go':>8}")
    for name, r in results.items():
        print(f"{name:<10} {r['unit']:<6} {r['neve']:>14,.1f} {r['go']:>14,.1f} "
              f"{r['cpp']:>14,.1f} {r['neve_vs_go']:>8.2f} {r['cpp_vs_go']:>8.2f}")
    print("(Neve/Go, C++/Go > 1: faster than Go)")

    report = {
        "benchmarks": results,
        "gomaxprocs": args.gomaxprocs,
        "items": args.items,
        "runs": args.runs,
        "machine": machine_info(go),
        "commit": git_commit(),
        "command": " ".join(shlex.quote(a) for a in sys.argv),
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(
            timespec="seconds"),
    }
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(report, f, indent=2)
        f.write("\n")
    print(f"wrote {os.path.relpath(args.out, ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
