#!/usr/bin/env python3
"""Sends a signal to a running neve-launch and reports what is left.

    signal_launch.py NEVE_LAUNCH SIGNAL N COMM -- PROGRAM [ARGS...]

Starts `NEVE_LAUNCH -n N --cpu PROGRAM ARGS` with a fresh TMPDIR, waits
until its N ranks run the command COMM (what PROGRAM ends up executing),
sends SIGNAL (a name: HUP, INT, TERM, KILL)
to the launcher alone, then prints its exit status (or "signal S"), how
many ranks are still alive 10 s later at most, how many seconds the
launcher took to end, and how many entries its TMPDIR still holds.
"""
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time


def children(pid):
    """The pids whose parent is pid."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                stat = f.read()
        except OSError:
            continue
        # the command is in parentheses and may hold spaces
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


def comm(pid):
    try:
        with open("/proc/%d/comm" % pid) as f:
            return f.read().strip()
    except OSError:
        return ""


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        return state != "Z"
    except OSError:
        return False


def main():
    launcher, signame, n, name = sys.argv[1:5]
    assert sys.argv[5] == "--"
    program = sys.argv[6:]
    n = int(n)
    tmp = tempfile.mkdtemp(prefix="signal-launch-")
    env = dict(os.environ, TMPDIR=tmp)
    proc = subprocess.Popen([launcher, "-n", str(n), "--cpu"] + program,
                            env=env)
    deadline = time.time() + 20
    ranks = []
    while time.time() < deadline:
        ranks = [p for p in children(proc.pid) if comm(p) == name]
        if len(ranks) == n:
            break
        time.sleep(0.05)
    print("ranks started:", len(ranks))
    start = time.time()
    proc.send_signal(getattr(signal, "SIG" + signame))
    status = proc.wait(timeout=30)
    took = time.time() - start
    print("launcher", "status %d" % status if status >= 0
          else "signal %d" % -status)
    deadline = time.time() + 10
    while time.time() < deadline and any(alive(p) for p in ranks):
        time.sleep(0.05)
    print("ranks alive:", sum(alive(p) for p in ranks))
    print("seconds:", int(took))
    print("left in TMPDIR:", len(os.listdir(tmp)))
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
