"""What every benchmark script records next to its numbers: the machine and
the commit. Used by bench/cpu/run.py and bench/concurrency/run.py."""

import os
import platform
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _first_line(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True,
                          **kw).stdout.splitlines()[0]


def machine_info(tools=(("cxx", ["c++", "--version"]),)):
    """Platform, core count, CPU model, load average, and the first line of
    each (key, command) in `tools` (a version string)."""
    info = {"platform": platform.platform(), "cpus": os.cpu_count()}
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    info["cpu"] = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        info["load_average"] = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        pass
    for key, cmd in tools:
        try:
            info[key] = _first_line(cmd)
        except (OSError, subprocess.CalledProcessError, IndexError):
            pass
    return info


def git_commit():
    """HEAD, with `+dirty` when tracked files differ from it."""
    try:
        commit = _first_line(["git", "rev-parse", "HEAD"], cwd=ROOT).strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            check=True, capture_output=True, text=True, cwd=ROOT).stdout.strip()
        return commit + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError, IndexError):
        return "unknown"
