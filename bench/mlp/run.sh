#!/usr/bin/env bash
# The MLP benchmark of issue 27: bench/mlp/mlp.nv (Frost, bf16) against its
# PyTorch twin bench/mlp/torch_mlp.py (bf16 autocast, fused AdamW) on the
# GPU host, from a bundle built on a CPU machine (make gpu-bundle
# FILTER=bench-mlp: the program bench/mlp-mlp and the GPU test
# gpu-bench-mlp).
#
#   bash bench/mlp/run.sh BUNDLE [RUNS]          # default 3 runs of each config
#
# Configurations (each run STEPS steps, default 60, the first WARMUP,
# default 10, untimed; batch 8192, width 4096, 4 layers unless BATCH,
# WIDTH, LAYERS say otherwise):
#   frost-tiled          FROST_GEMM=tiled: the layout dialect's bf16 product everywhere
#   frost-hopper         FROST_GEMM=hopper: the backward's products on gemm_hopper_k;
#                        the forward's linear_act keeps the tiled product with
#                        the bias and GELU in its epilogue
#   frost-hopper-linear  FROST_GEMM=hopper layer=linear: every product on
#                        gemm_hopper_k, the bias and GELU as separate kernels
#   torch-eager, torch-compile   torch_mlp.py --mode eager / compile
# Runs go one at a time, config after config, RUNS rounds. Results in
# $RESULTS (default ./mlp-results): runs.txt (every run's output under a
# line naming config, round, commit, command and exit status), and
# mlp.json (collect.py: commit, command, device, each config's median
# ms/step and TFLOP/s over the runs, its ratio to torch eager and compile).
set -uo pipefail
bundle=$(cd "$1" && pwd)
runs=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/scripts/gpu-env.sh" "$bundle"
out=${RESULTS:-$PWD/mlp-results}
work=${MLP_WORK:-/tmp/mlp}
mkdir -p "$out" "$work"
rm -f "$out/runs.txt"
steps=${STEPS:-60} warmup=${WARMUP:-10}
batch=${BATCH:-8192} width=${WIDTH:-4096} layers=${LAYERS:-4}
commit=$(sed -n 's/^commit=//p' "$bundle/MANIFEST")
mlp="$bundle/bench/mlp-mlp"
[ -x "$mlp" ] || { echo "run.sh: no bench/mlp-mlp in $bundle (make gpu-bundle FILTER=bench-mlp)" >&2; exit 1; }
device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
export PYTHONUNBUFFERED=1
log="$out/log.txt"
note() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$log"; }
# paths in commands, the longer first (one may hold the other)
rel() {
  if [ ${#work} -ge ${#bundle} ]; then sed "s|$work|WORK|g; s|$bundle|BUNDLE|g; s|$root/||g"
  else sed "s|$bundle|BUNDLE|g; s|$work|WORK|g; s|$root/||g"; fi
}
args="steps=$steps warmup=$warmup batch=$batch width=$width layers=$layers"
targs="--steps $steps --warmup $warmup --batch $batch --width $width --layers $layers"

# run CONFIG ROUND COMMAND...: one run and its output
run() {
  local config=$1 r=$2
  shift 2
  local l="$work/$config-$r.log"
  note "start $config round $r"
  "$@" > "$l" 2>&1
  local rc=$?
  note "end $config round $r: exit $rc; $(grep -E '^(ms/step|matmul TFLOP/s|loss fell|loss did not)' "$l" | tr '\n' ' ')"
  { echo "=== $config round $r, commit $commit, device $device: $(echo "$*" | rel) (exit $rc)"; cat "$l"; } >> "$out/runs.txt"
}

for r in $(seq 1 "$runs"); do
  # shellcheck disable=SC2086
  run frost-tiled "$r" env FROST_GEMM=tiled "$mlp" $args
  # shellcheck disable=SC2086
  run frost-hopper "$r" env FROST_GEMM=hopper "$mlp" $args
  # shellcheck disable=SC2086
  run frost-hopper-linear "$r" env FROST_GEMM=hopper "$mlp" $args layer=linear
  # shellcheck disable=SC2086
  run torch-eager "$r" python3 "$here/torch_mlp.py" --mode eager $targs
  # shellcheck disable=SC2086
  run torch-compile "$r" python3 "$here/torch_mlp.py" --mode compile $targs
done
python3 "$here/collect.py" "$out/runs.txt" --json "$out/mlp.json" --commit "$commit" --device "$device" \
  --command "bash bench/mlp/run.sh BUNDLE $runs ($args)" | tee "$out/summary.txt"
