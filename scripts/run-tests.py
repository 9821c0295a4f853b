#!/usr/bin/env python3
"""Runs every test the machine can run and prints one summary line.

lit suites (test/, tools from the build tree) and the GoogleTest unit tests
(through ctest) are counted together:

    N passed, N failed, N skipped

The exit status is non-zero when any test failed (or a runner broke).
"""

import argparse
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

LIT = "/usr/lib/llvm-22/bin/lit"


def run_runner(name, cmd, out, outcomes):
    """Runs one test runner that writes its results to `out`, and counts
    them with `outcomes(out)`, which yields "pass", "fail" or "skip" per test.
    A runner that leaves no results counts as one failure."""
    if os.path.exists(out):
        os.remove(out)
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd)
    if not os.path.exists(out):
        print(f"run-tests: {name} produced no results", file=sys.stderr)
        return 0, 1, 0
    counts = {"pass": 0, "fail": 0, "skip": 0}
    for outcome in outcomes(out):
        counts[outcome] += 1
    return counts["pass"], counts["fail"], counts["skip"]


def lit_outcomes(out):
    for t in json.load(open(out))["tests"]:
        code = t["code"]
        if code in ("PASS", "XFAIL"):
            yield "pass"
        elif code in ("UNSUPPORTED", "SKIPPED", "EXCLUDED"):
            yield "skip"
        else:
            yield "fail"


def ctest_outcomes(out):
    for case in ET.parse(out).getroot().iter("testcase"):
        status = case.get("status", "run")
        if case.find("failure") is not None or case.find("error") is not None \
                or status == "fail":
            yield "fail"
        elif case.find("skipped") is not None or status in ("notrun", "disabled"):
            yield "skip"
        else:
            yield "pass"


def run_lit(build, jobs, extra):
    out = os.path.join(build, "test", "lit-results.json")
    cmd = [sys.executable, LIT, "-sv", "-j", str(jobs), "--output", out,
           os.path.join(build, "test")] + extra
    return run_runner("lit", cmd, out, lit_outcomes)


def run_ctest(build, jobs):
    out = os.path.join(build, "test", "ctest-results.xml")
    cmd = ["ctest", "--test-dir", build, "-j", str(jobs), "--output-on-failure",
           "--output-junit", out]
    return run_runner("ctest", cmd, out, ctest_outcomes)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("lit_args", nargs="*")
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    lp, lf, ls = run_lit(build, args.jobs, args.lit_args)
    cp, cf, cs = run_ctest(build, args.jobs)
    print(f"lit: {lp} passed, {lf} failed, {ls} skipped; "
          f"unit: {cp} passed, {cf} failed, {cs} skipped")
    passed, failed, skipped = lp + cp, lf + cf, ls + cs
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
