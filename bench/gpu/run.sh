#!/usr/bin/env bash
# GPU kernel benchmarks on the GPU machine, which has no LLVM: Neve's
# kernels (bench/gpu/kernels.nv: copy, saxpy, row softmax) are compiled
# here into build/gpu-bench, carried there and run next to PyTorch's
# (bench/gpu/torch_kernels.py); bench/gpu/report.py writes
# $RESULTS/gpu-kernels.json (or gpu-results/bench without $RESULTS) with each
# kernel's ms and GB/s, the ratio to PyTorch, the targets and pass/fail.
#
#   # here:  bash bench/gpu/run.sh --build-only
#   # on the GPU host, build/gpu-bench copied there: bash bench/gpu/run.sh
#
# ITERS (default 50) timed launches after WARMUP (default 5). The compiler
# used is $NEVE_TRANSLATE, default build/bin/neve-translate. Exit status 0
# when every check and target passes.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BIN="$ROOT/build/gpu-bench"
if [ "${1:-}" = "--build-only" ]; then
  translate="${NEVE_TRANSLATE:-$ROOT/build/bin/neve-translate}"
  mkdir -p "$BIN"
  "$translate" "$ROOT/bench/gpu/kernels.nv" -o "$BIN/neve_gpu_kernels"
  commit=$(bash "$ROOT/scripts/build-commit.sh")
  echo "$commit" > "$BIN/COMMIT"
  echo "bench/gpu: built $BIN/neve_gpu_kernels at $commit"
  exit 0
fi
[ -x "$BIN/neve_gpu_kernels" ] || { echo "bench/gpu: $BIN/neve_gpu_kernels missing (run --build-only here and carry build/gpu-bench)" >&2; exit 1; }
RESULTS="${RESULTS:-$ROOT/gpu-results/bench}"
mkdir -p "$RESULTS"
ITERS="${ITERS:-50}"
WARMUP="${WARMUP:-5}"
status=0
"$BIN/neve_gpu_kernels" "$ITERS" "$WARMUP" 2>&1 | tee "$RESULTS/neve.txt" || status=1
PYTHONUNBUFFERED=1 python3 "$ROOT/bench/gpu/torch_kernels.py" "$ITERS" "$WARMUP" 2>&1 | tee "$RESULTS/torch.txt" || status=1
python3 "$ROOT/bench/gpu/report.py" "$RESULTS/neve.txt" "$RESULTS/torch.txt" "$(cat "$BIN/COMMIT")" \
  "$RESULTS/gpu-kernels.json" "ITERS=$ITERS WARMUP=$WARMUP bash bench/gpu/run.sh" || status=1
exit $status
