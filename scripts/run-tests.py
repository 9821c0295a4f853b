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


def run_lit(build, jobs, extra):
    out = os.path.join(build, "test", "lit-results.json")
    if os.path.exists(out):
        os.remove(out)
    cmd = [sys.executable, LIT, "-sv", "-j", str(jobs), "--output", out,
           os.path.join(build, "test")] + extra
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd)
    if not os.path.exists(out):
        print("run-tests: lit produced no results", file=sys.stderr)
        return 0, 1, 0
    passed = failed = skipped = 0
    for t in json.load(open(out))["tests"]:
        code = t["code"]
        if code in ("PASS", "XFAIL"):
            passed += 1
        elif code in ("UNSUPPORTED", "SKIPPED", "EXCLUDED"):
            skipped += 1
        else:
            failed += 1
    return passed, failed, skipped


def run_ctest(build, jobs):
    out = os.path.join(build, "test", "ctest-results.xml")
    if os.path.exists(out):
        os.remove(out)
    cmd = ["ctest", "--test-dir", build, "-j", str(jobs), "--output-on-failure",
           "--output-junit", out]
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd)
    if not os.path.exists(out):
        print("run-tests: ctest produced no results", file=sys.stderr)
        return 0, 1, 0
    passed = failed = skipped = 0
    for case in ET.parse(out).getroot().iter("testcase"):
        status = case.get("status", "run")
        if case.find("failure") is not None or case.find("error") is not None \
                or status == "fail":
            failed += 1
        elif case.find("skipped") is not None or status in ("notrun", "disabled"):
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped


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
