#!/usr/bin/env bash
# What kernel fusion buys (bench/fusion/README.md): bench/fusion/elementwise.nv,
# gemm_epilogue.nv and relu.nv built with fusion (the default) and with
# -fno-fuse (the GEMM also for sm_90a, where its tiles run on wgmma), run on
# the GPU machine.
#
#   bash bench/fusion/run.sh --build-only   # here: build/fusion-bench/{fused,unfused,
#                                           #   gemm-{fused,unfused}{,-sm90a}, relu-{fused,unfused}}
#   bash bench/fusion/run.sh                # there (carry ["build/fusion-bench"]):
#                                           # $RESULTS/fusion.{txt,json} (elementwise),
#                                           # $RESULTS/gemm_epilogue.{txt,json}, $RESULTS/relu.{txt,json}
#   ONLY=gemm bash bench/fusion/run.sh      # one part only: gemm, elementwise or relu
#
# record.py turns each part's output into its JSON.
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
  bash "$ROOT/scripts/build-commit.sh" > "$BIN/COMMIT"
  echo "bench/fusion: built $BIN (fusion remarks in remarks.txt)"
  exit 0
fi
RESULTS="${RESULTS:-$ROOT/gpu-results/fusion}"
mkdir -p "$RESULTS"
ONLY=${ONLY:-}
# part NAME KIND REMARKS BUILD...: run the builds, record $RESULTS/NAME.{txt,json}
part() {
  local name=$1 kind=$2 remarks=$3
  shift 3
  [ -z "$ONLY" ] || [ "$ONLY" = "$kind" ] || return 0
  for v in "$@"; do
    echo "== $v"
    "$BIN/$v" | sed "s/^/$v /"
  done | tee "$RESULTS/$name.txt"
  python3 "$ROOT/bench/fusion/record.py" "$kind" "$RESULTS/$name.txt" "$RESULTS/$name.json" \
    "$(cat "$BIN/COMMIT")" "$BIN/$remarks"
}
part relu relu relu-remarks.txt relu-fused relu-unfused
part gemm_epilogue gemm gemm-remarks.txt gemm-fused gemm-unfused gemm-fused-sm90a gemm-unfused-sm90a
part fusion elementwise remarks.txt fused unfused
