#!/usr/bin/env bash
# bf16 GEMM benchmark on the GPU machine, which has no LLVM: Neve's two GEMM
# kernels (bench/gemm/gemm.nv: the `@` form and the explicit tensor-core
# kernel) are compiled here into build/gemm-bench, carried there and run
# next to cuBLAS through PyTorch (bench/gemm/torch_gemm.py);
# bench/gemm/report.py writes $RESULTS/gemm.json (or gpu-results/gemm without
# $RESULTS) with each problem's ms and TFLOP/s, the ratio to cuBLAS, the target
# and its pass/fail.
#
#   # here:  bash bench/gemm/run.sh --build-only
#   # on the GPU host, build/gemm-bench copied there: bash bench/gemm/run.sh
#
# ITERS (default 50) timed launches after WARMUP (default 5). The compiler
# used is $NEVE_TRANSLATE, default build/bin/neve-translate, for
# --gpu-arch=$GEMM_ARCH, default sm_90a (the H200: the `@` product on
# wgmma; GEMM_ARCH=sm_90 gives the ldmatrix/mma.sync lowering). Exit status 0
# when every correctness check passes and every result is there; the
# performance target is reported, not enforced.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BIN="$ROOT/build/gemm-bench"
if [ "${1:-}" = "--build-only" ]; then
  translate="${NEVE_TRANSLATE:-$ROOT/build/bin/neve-translate}"
  mkdir -p "$BIN"
  "$translate" "$ROOT/bench/gemm/gemm.nv" --gpu-arch="${GEMM_ARCH:-sm_90a}" -o "$BIN/neve_gemm"
  echo "${GEMM_ARCH:-sm_90a}" > "$BIN/ARCH"
  commit=$(bash "$ROOT/scripts/build-commit.sh")
  echo "$commit" > "$BIN/COMMIT"
  echo "bench/gemm: built $BIN/neve_gemm at $commit"
  exit 0
fi
[ -x "$BIN/neve_gemm" ] || { echo "bench/gemm: $BIN/neve_gemm missing (run --build-only here and carry build/gemm-bench)" >&2; exit 1; }
RESULTS="${RESULTS:-$ROOT/gpu-results/gemm}"
mkdir -p "$RESULTS"
ITERS="${ITERS:-50}"
WARMUP="${WARMUP:-5}"
status=0
"$BIN/neve_gemm" "$ITERS" "$WARMUP" 2>&1 | tee "$RESULTS/neve.txt" || status=1
PYTHONUNBUFFERED=1 python3 "$ROOT/bench/gemm/torch_gemm.py" "$ITERS" "$WARMUP" 2>&1 | tee "$RESULTS/torch.txt" || status=1
python3 "$ROOT/bench/gemm/report.py" "$RESULTS/neve.txt" "$RESULTS/torch.txt" "$(cat "$BIN/COMMIT")" \
  "$RESULTS/gemm.json" "ITERS=$ITERS WARMUP=$WARMUP bash bench/gemm/run.sh (built with --gpu-arch=$(cat "$BIN/ARCH" 2>/dev/null || echo sm_90))" || status=1
exit $status
