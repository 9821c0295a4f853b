"""Turns the RESULT lines of bench/gpu/kernels.nv (Neve) and
bench/gpu/torch_kernels.py (PyTorch) into gpu-kernels.json: per operation,
every Neve variant's time and bandwidth, the best variant against PyTorch,
the target and pass/fail, stamped with the commit the binaries were built
from, the device and the machine (bench/benchinfo.py).

Targets: copy and saxpy reach at least 0.9 of PyTorch's bandwidth; softmax
takes at most 1.2 times torch.softmax's time.

  python3 bench/gpu/report.py NEVE.txt TORCH.txt COMMIT OUT.json [COMMAND]
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import benchinfo  # noqa: E402

TARGETS = {
    "copy": ("bandwidth_ratio", 0.9, "Neve's GB/s >= 0.9 x PyTorch's (y.copy_(x))"),
    "saxpy": ("bandwidth_ratio", 0.9, "Neve's GB/s >= 0.9 x PyTorch's (y.add_(x, alpha=a))"),
    "softmax": ("time_ratio", 1.2, "Neve's time <= 1.2 x torch.softmax(x, dim=1)"),
}


def results(path):
    rows = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) == 6 and parts[0] == "RESULT":
                _, op, variant, ms, nbytes, gbps = parts
                rows.append({"op": op, "variant": variant, "ms": float(ms),
                             "bytes": int(nbytes), "gb_per_s": float(gbps)})
    return rows


def device_name():
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version",
                              "--format=csv,noheader"], capture_output=True,
                             text=True, timeout=30)
        return out.stdout.strip().splitlines()[0]
    except (OSError, subprocess.TimeoutExpired, IndexError):
        return "unknown"


def main():
    neve_txt, torch_txt, commit, out = sys.argv[1:5]
    command = sys.argv[5] if len(sys.argv) > 5 else "bash bench/gpu/run.sh"
    neve = results(neve_txt)
    torch = {r["op"]: r for r in results(torch_txt)}
    checks_failed = [l.strip() for l in open(neve_txt) if l.startswith("CHECK FAIL")]
    kernels = {}
    all_pass = not checks_failed
    for op, (kind, bound, text) in TARGETS.items():
        variants = [r for r in neve if r["op"] == op]
        base = torch.get(op)
        entry = {"target": text, "neve": {r["variant"]: {k: r[k] for k in ("ms", "bytes", "gb_per_s")}
                                          for r in variants}}
        if not variants or base is None:
            entry["pass"] = False
            entry["why"] = "missing Neve or PyTorch result"
            all_pass = False
            kernels[op] = entry
            continue
        best = min(variants, key=lambda r: r["ms"])
        entry["best_variant"] = best["variant"]
        entry["neve_ms"] = best["ms"]
        entry["neve_gb_per_s"] = best["gb_per_s"]
        entry["torch_ms"] = base["ms"]
        entry["torch_gb_per_s"] = base["gb_per_s"]
        if kind == "bandwidth_ratio":
            ratio = best["gb_per_s"] / base["gb_per_s"]
            entry["bandwidth_ratio"] = round(ratio, 3)
            entry["pass"] = ratio >= bound
        else:
            ratio = best["ms"] / base["ms"]
            entry["time_ratio"] = round(ratio, 3)
            entry["pass"] = ratio <= bound
        all_pass = all_pass and entry["pass"]
        kernels[op] = entry
    doc = {
        "benchmark": "bench/gpu: Neve kernels against PyTorch on the GPU",
        "commit": commit,
        "command": command,
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "device": device_name(),
        "machine": benchinfo.machine_info(tools=(("python", [sys.executable, "--version"]),)),
        "checks_failed": checks_failed,
        "kernels": kernels,
        "pass": all_pass,
    }
    with open(out, "w") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")
    for op, e in kernels.items():
        if "best_variant" in e:
            ratio = e.get("bandwidth_ratio", e.get("time_ratio"))
            print(f"{op:8s} neve {e['best_variant']:8s} {e['neve_ms']:.4f} ms {e['neve_gb_per_s']:8.1f} GB/s"
                  f" | torch {e['torch_ms']:.4f} ms {e['torch_gb_per_s']:8.1f} GB/s"
                  f" | {'bandwidth' if 'bandwidth_ratio' in e else 'time'} ratio {ratio}"
                  f" {'PASS' if e['pass'] else 'FAIL'}")
        else:
            print(f"{op:8s} FAIL: {e['why']}")
    for c in checks_failed:
        print(c)
    print("gpu-kernels:", "PASS" if all_pass else "FAIL", "->", out)
    return 0 if all_pass else 1


if __name__ == "__main__":
    sys.exit(main())
