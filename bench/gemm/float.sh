#!/usr/bin/env bash
# float32 GEMM benchmark (bench/gemm/README.md, "float32 products"): Frost's
# gemm() on the FMA kernel, on 3xTF32 and on TF32 (bench/gemm/float_gemm.nv),
# next to cuBLAS's float32 and TF32 products through PyTorch
# (bench/gemm/torch_float.py), in one run on the GPU host.
#
#   here:  bash bench/gemm/float.sh --build-only      # build/gemm-bench/float_gemm (sm_90a)
#   there: bash bench/gemm/float.sh                   # with build/gemm-bench carried along
#
# ITERS (default 20) timed calls after WARMUP (default 3), a tenth of them
# (at least 2) for the float32 FMA products. Writes $RESULTS (default
# gpu-results/gemm-float)/neve.txt, torch.txt and float-gemm.json (each
# problem's ms and TFLOP/s; the ratios of 3xTF32 to cuBLAS's float32 and of
# TF32 to cuBLAS's TF32). Exit status 0 when the checks pass and both ran.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BIN="$ROOT/build/gemm-bench"
if [ "${1:-}" = "--build-only" ]; then
  mkdir -p "$BIN"
  "${NEVE_TRANSLATE:-$ROOT/build/bin/neve-translate}" "$ROOT/bench/gemm/float_gemm.nv" --gpu-arch=sm_90a -o "$BIN/float_gemm"
  bash "$ROOT/scripts/build-commit.sh" > "$BIN/COMMIT"
  echo "bench/gemm/float.sh: built $BIN/float_gemm at $(cat "$BIN/COMMIT")"
  exit 0
fi
[ -x "$BIN/float_gemm" ] || { echo "float.sh: $BIN/float_gemm missing (run --build-only here and carry build/gemm-bench)" >&2; exit 1; }
RESULTS="${RESULTS:-$ROOT/gpu-results/gemm-float}"
mkdir -p "$RESULTS"
ITERS="${ITERS:-20}"
WARMUP="${WARMUP:-3}"
status=0
"$BIN/float_gemm" "$ITERS" "$WARMUP" 2>&1 | tee "$RESULTS/neve.txt" || status=1
PYTHONUNBUFFERED=1 python3 "$ROOT/bench/gemm/torch_float.py" "$ITERS" "$WARMUP" 2>&1 | tee "$RESULTS/torch.txt" || status=1
python3 - "$RESULTS" "$(cat "$BIN/COMMIT")" "ITERS=$ITERS WARMUP=$WARMUP bash bench/gemm/float.sh" <<'PY' || status=1
import json, subprocess, sys
out, commit, command = sys.argv[1:4]
rows = {}
for name in ("neve.txt", "torch.txt"):
    for line in open(f"{out}/{name}"):
        p = line.split()
        if p and p[0] == "RESULT":
            rows[(p[1], int(p[2]), int(p[3]), int(p[4]))] = {"ms": float(p[5]), "tflops": float(p[6])}
device = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                        capture_output=True, text=True).stdout.strip().splitlines()[0]
table = []
for (variant, m, n, k), r in sorted(rows.items(), key=lambda kv: (kv[0][1:], kv[0][0])):
    if variant.startswith("cublas"):
        continue
    config, orient = variant.rsplit("_", 1)
    peer = {"3xtf32": "cublas_fp32", "fma": "cublas_fp32", "tf32": "cublas_tf32"}[config]
    p = rows.get((f"{peer}_{orient}", m, n, k))
    table.append({"config": config, "orientation": orient, "m": m, "n": n, "k": k, **r,
                  "peer": peer, "peer_tflops": p and p["tflops"],
                  "ratio": p and round(r["tflops"] / p["tflops"], 3)})
json.dump({"commit": commit, "device": device, "command": command, "rows": table},
          open(f"{out}/float-gemm.json", "w"), indent=1)
print(f"{'config':8} {'o':3} {'m':>6} {'n':>6} {'k':>6} {'TFLOP/s':>9} {'peer':>12} {'peer TF/s':>9} {'ratio':>6}")
for t in table:
    print(f"{t['config']:8} {t['orientation']:3} {t['m']:6} {t['n']:6} {t['k']:6} {t['tflops']:9.1f} {t['peer']:>12} "
          f"{(t['peer_tflops'] or 0):9.1f} {(t['ratio'] or 0):6.2f}")
PY
exit $status
