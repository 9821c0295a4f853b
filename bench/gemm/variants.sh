#!/usr/bin/env bash
# Builds (here) and runs (on the GPU machine) the staging / tile variants
# of bench/gemm/variants.nv. Here: bash bench/gemm/variants.sh --build-only;
# on the GPU host, build/gemm-variants copied there: bash bench/gemm/variants.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BIN="$ROOT/build/gemm-variants"
if [ "${1:-}" = "--build-only" ]; then
  t="${NEVE_TRANSLATE:-$ROOT/build/bin/neve-translate}"
  src="$ROOT/bench/gemm/variants.nv"
  mkdir -p "$BIN"
  sed 's/c{128, 128}(bx, by) += a{128, k}(bx, 0) @ b{128, k}(by, 0)/c{128, 256}(bx, by) += a{128, k}(bx, 0) @ b{256, k}(by, 0)/; s/launch \[m \/| 128, n \/| 128\] \[128\]/launch [m \/| 128, n \/| 256] [256]/' "$src" > "$BIN/wide.nv"
  NEVE_MATMUL_STAGES=3 NEVE_MATMUL_BLOCK_K=32 "$t" "$src" -o "$BIN/s3_k32"
  NEVE_MATMUL_STAGES=4 NEVE_MATMUL_BLOCK_K=32 "$t" "$src" -o "$BIN/s4_k32"
  NEVE_MATMUL_STAGES=3 NEVE_MATMUL_BLOCK_K=64 "$t" "$src" -o "$BIN/s3_k64"
  NEVE_MATMUL_STAGES=4 NEVE_MATMUL_BLOCK_K=64 "$t" "$src" -o "$BIN/s4_k64"
  NEVE_MATMUL_STAGES=3 NEVE_MATMUL_BLOCK_K=32 "$t" "$BIN/wide.nv" -o "$BIN/wide_s3_k32"
  bash "$ROOT/scripts/build-commit.sh" > "$BIN/COMMIT"
  echo "bench/gemm/variants: built in $BIN"
  exit 0
fi
for v in s3_k32 s4_k32 s3_k64 s4_k64 wide_s3_k32; do
  echo "== $v"
  "$BIN/$v"
done
