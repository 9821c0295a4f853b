#!/usr/bin/env bash
# What kernel fusion buys (bench/fusion/README.md): bench/fusion/elementwise.nv,
# gemm_epilogue.nv and relu.nv built with fusion (the default) and with
# -fno-fuse (the GEMM also for sm_90a, where its tiles run on wgmma), run on
# the GPU machine.
#
#   bash bench/fusion/run.sh --build-only   # here: build/fusion-bench/{fused,unfused,
#                                           #   gemm-{fused,unfused}{,-sm90a}}
#   bash bench/fusion/run.sh                # there (carry ["build/fusion-bench"]):
#                                           # $OUT/fusion.{txt,json},
#                                           # $OUT/gemm_epilogue.{txt,json}
#   ONLY=gemm bash bench/fusion/run.sh      # one part only: gemm, elementwise or relu
#                                           # (bench/fusion/relu.nv: $OUT/relu.{txt,json})
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BIN="$ROOT/build/fusion-bench"
if [ "${1:-}" = "--build-only" ]; then
  t="${NEVE_TRANSLATE:-$ROOT/build/bin/neve-translate}"
  mkdir -p "$BIN"
  "$t" "$ROOT/bench/fusion/elementwise.nv" -Rpass=neve-fuse -o "$BIN/fused" 2> "$BIN/remarks.txt"
  "$t" "$ROOT/bench/fusion/elementwise.nv" -fno-fuse -o "$BIN/unfused"
  g="$ROOT/bench/fusion/gemm_epilogue.nv"
  "$t" "$g" -Rpass=neve-fuse -o "$BIN/gemm-fused" 2> "$BIN/gemm-remarks.txt"
  "$t" "$g" -fno-fuse -o "$BIN/gemm-unfused"
  "$t" "$g" --gpu-arch=sm_90a -o "$BIN/gemm-fused-sm90a"
  "$t" "$g" --gpu-arch=sm_90a -fno-fuse -o "$BIN/gemm-unfused-sm90a"
  "$t" "$ROOT/bench/fusion/relu.nv" -Rpass=neve-fuse -o "$BIN/relu-fused" 2> "$BIN/relu-remarks.txt"
  "$t" "$ROOT/bench/fusion/relu.nv" -fno-fuse -o "$BIN/relu-unfused"
  commit=$(git -C "$ROOT" rev-parse HEAD)
  git -C "$ROOT" status --porcelain --untracked-files=no | grep -q . && commit="$commit+dirty"
  echo "$commit" > "$BIN/COMMIT"
  echo "bench/fusion: built $BIN (fusion remarks in remarks.txt)"
  exit 0
fi
OUT="${OUT:-$ROOT/gpu-results/fusion}"
mkdir -p "$OUT"
ONLY=${ONLY:-}
if [ -z "$ONLY" ] || [ "$ONLY" = relu ]; then
for v in relu-fused relu-unfused; do
  echo "== $v"
  "$BIN/$v" | sed "s/^/$v /"
done | tee "$OUT/relu.txt"
python3 - "$OUT/relu.txt" "$OUT/relu.json" "$(cat "$BIN/COMMIT")" "$BIN/relu-remarks.txt" <<'PY'
import json, re, subprocess, sys
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"relu-(fused|unfused) ((?:bn|add)-relu \[[\d, ]+\]): ([\d.e+-]+) ms per step, sum\(y\) = (\S+)", line)
    if m:
        rows.setdefault(m[2], {})[m[1]] = {"ms": float(m[3]), "sum_y": m[4]}
try:
    device = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                            capture_output=True, text=True).stdout.strip()
except Exception:
    device = "unknown"
out = {"what": "one training step (forward, backward) of relu(bn.forward(x)) and relu(a + b): "
               "bn-relu and add-relu fused (default) vs -fno-fuse",
       "commit": sys.argv[3], "device": device,
       "command": "ONLY=relu bash bench/fusion/run.sh (built here with --build-only)",
       "remarks": open(sys.argv[4]).read().strip().splitlines(), "cases": {}}
for key, r in rows.items():
    if "fused" in r and "unfused" in r:
        r["speedup"] = round(r["unfused"]["ms"] / r["fused"]["ms"], 3)
        r["same_y"] = r["fused"]["sum_y"] == r["unfused"]["sum_y"]
    out["cases"][key] = r
    print(f"{key}: fused {r.get('fused', {}).get('ms')} ms, unfused {r.get('unfused', {}).get('ms')} ms, "
          f"speedup {r.get('speedup')}, same sum(y) {r.get('same_y')}")
json.dump(out, open(sys.argv[2], "w"), indent=1)
PY
fi
if [ -z "$ONLY" ] || [ "$ONLY" = gemm ]; then
for v in gemm-fused gemm-unfused gemm-fused-sm90a gemm-unfused-sm90a; do
  echo "== $v"
  "$BIN/$v" | sed "s/^/$v /"
done | tee "$OUT/gemm_epilogue.txt"
python3 - "$OUT/gemm_epilogue.txt" "$OUT/gemm_epilogue.json" "$(cat "$BIN/COMMIT")" "$BIN/gemm-remarks.txt" <<'PY'
import json, re, subprocess, sys
rows = {}
pat = (r"(gemm-(?:un)?fused(?:-sm90a)?) gemm_bias_relu (\d+) (\d+) (\d+) (\w+): "
       r"([\d.e+-]+) ms ([\d.e+-]+) TFLOP/s y\[0\] = (\S+), y\[last\] = (\S+)")
for line in open(sys.argv[1]):
    m = re.match(pat, line)
    if not m:
        continue
    build, arch = m[1].replace("-sm90a", ""), "sm_90a" if m[1].endswith("sm90a") else "sm_90"
    key = f"{m[2]}x{m[3]}x{m[4]} {m[5]} {arch}"
    rows.setdefault(key, {})[build.replace("gemm-", "")] = {
        "ms": float(m[6]), "TFLOPs": float(m[7]), "y0": m[8], "ylast": m[9]}
try:
    device = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                            capture_output=True, text=True).stdout.strip()
except Exception:
    device = "unknown"
out = {"what": "y = relu(a @ b^T + bias), bf16 a, b; float or bf16 y: gemm-epilogue fused (default) vs -fno-fuse",
       "commit": sys.argv[3], "device": device,
       "command": "bash bench/fusion/run.sh (built here with --build-only)",
       "remarks": open(sys.argv[4]).read().strip().splitlines(), "cases": {}}
for key, r in sorted(rows.items()):
    if "fused" in r and "unfused" in r:
        r["speedup"] = round(r["unfused"]["ms"] / r["fused"]["ms"], 3)
        r["same_y"] = (r["fused"]["y0"], r["fused"]["ylast"]) == (r["unfused"]["y0"], r["unfused"]["ylast"])
    out["cases"][key] = r
    print(f"{key}: fused {r.get('fused', {}).get('ms')} ms, unfused {r.get('unfused', {}).get('ms')} ms, "
          f"speedup {r.get('speedup')}, same y {r.get('same_y')}")
json.dump(out, open(sys.argv[2], "w"), indent=1)
PY
fi
[ -z "$ONLY" ] || [ "$ONLY" = elementwise ] || exit 0
for v in fused unfused; do
  echo "== $v"
  "$BIN/$v" | sed "s/^/$v /"
done | tee "$OUT/fusion.txt"
python3 - "$OUT/fusion.txt" "$OUT/fusion.json" "$(cat "$BIN/COMMIT")" "$BIN/remarks.txt" <<'PY'
import json, re, subprocess, sys
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"(fused|unfused) elementwise (\d+): ([\d.e+-]+) ms ([\d.e+-]+) GB/s", line)
    if m:
        rows.setdefault(int(m[2]), {})[m[1]] = {"ms": float(m[3]), "useful_GBps": float(m[4])}
try:
    device = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                            capture_output=True, text=True).stdout.strip()
except Exception:
    device = "unknown"
out = {"what": "w = mix(soft(1.5x - 0.5), x): three elementwise kernels, fused (default) vs -fno-fuse",
       "commit": sys.argv[3], "device": device,
       "command": "bash bench/fusion/run.sh (built here with --build-only)",
       "remarks": open(sys.argv[4]).read().strip().splitlines(), "sizes": {}}
for n, r in sorted(rows.items()):
    if "fused" in r and "unfused" in r:
        r["speedup"] = round(r["unfused"]["ms"] / r["fused"]["ms"], 2)
    out["sizes"][str(n)] = r
    print(f"n={n}: fused {r.get('fused', {}).get('ms')} ms, unfused {r.get('unfused', {}).get('ms')} ms, speedup {r.get('speedup')}")
json.dump(out, open(sys.argv[2], "w"), indent=1)
PY
