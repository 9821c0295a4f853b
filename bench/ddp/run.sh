#!/usr/bin/env bash
# Data-parallel scaling, Frost (neve-launch + frost/distributed.nv) against
# PyTorch DDP (torchrun + torch_ddp.py), on the GPU machine from a bundle
# built here with bench/resnet/bundle.sh (it carries neve-launch). Weak
# scaling: the batch per rank is fixed, so ideal scaling keeps ms/step
# flat as ranks are added; efficiency(N) = ms/step(1 rank) / ms/step(N).
#
#   bash bench/ddp/run.sh BUNDLE [STEPS] [MODELS] [RANKS]
#
# MODELS: "resnet" (the benchmark's ResNet, batch 32 per rank) and "wide"
# (channels x4, batch 128 per rank: a step that is compute-bound);
# default both. RANKS: default every count of 1 2 4 8 the machine has
# GPUs for. Configurations per model and rank count: frost-cudnn-graph,
# frost-cudnn-eager (neve-launch -n N examples/resnet.nv), torch-ddp
# (torchrun, eager); with one rank also the plain programs without the
# launcher (frost-cudnn-graph-plain, torch-plain) for DDP's own cost.
# First, bench/ddp/collectives.nv checks every collective against a host
# computation on each rank count ($RESULTS/collectives.txt).
# Rows (bench/resnet/row.py, kind "ddp", config "MODEL/CONFIG/N") go to
# $RESULTS/rows.jsonl, outputs to $RESULTS/runs.txt and $RESULTS/progress.txt;
# bench/ddp/collect.py turns them into bench/results/ddp.json.
set -uo pipefail
bundle=$(cd "$1" && pwd)
steps=${2:-1000}
models=${3:-"resnet wide"}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/scripts/gpu-env.sh" "$bundle"
export NCCL_NVLS_ENABLE=0 PYTHONUNBUFFERED=1
gpus=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')
ranks=${4:-}
if [ -z "$ranks" ]; then
  for n in 1 2 4 8; do [ "$n" -le "$gpus" ] && ranks="$ranks $n"; done
fi
out=${RESULTS:-$PWD/ddp-results}
work=${DDP_WORK:-/tmp/ddp}
mkdir -p "$out" "$work"
commit=$(sed -n 's/^commit=//p' "$bundle/MANIFEST")
resnet="$bundle/bench/example-resnet"
launch="$bundle/bin/neve-launch"
log="$out/log.txt"
note() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$log"; }
rel() { sed "s|$bundle|BUNDLE|g; s|$work|WORK|g; s|$root/||g"; }
note "bench/ddp: $gpus GPUs, ranks:$ranks, models: $models, $steps steps, commit $commit"

run() { # MODEL CONFIG N COMMAND...
  local model=$1 config=$2 n=$3
  shift 3
  local l="$work/$model-$config-$n.log" limit=()
  [ -n "${DDP_DEADLINE:-}" ] && limit=(timeout -k 5 "$DDP_DEADLINE")
  note "start $model $config x$n"
  "${limit[@]}" "$@" 2>&1 | tee "$l" | sed -u "s|^|$model $config $n: |" >> "$out/progress.txt"
  local rc=${PIPESTATUS[0]}
  note "end $model $config x$n: exit $rc; $(grep -E '^(ms/step|test accuracy)' "$l" | tr '\n' ' ')"
  python3 "$root/bench/resnet/row.py" --log "$l" --kind ddp --config "$model/$config/$n" --seed 0 \
    --steps "$steps" --commit "$commit" --command "$(echo "$*" | rel)" --rc "$rc" >> "$out/rows.jsonl"
  { echo "=== $model $config x$n: $(echo "$*" | rel) (exit $rc)"; cat "$l"; } >> "$out/runs.txt"
}

# the collectives against a host computation, on every rank count
for n in $ranks; do
  l="$work/collectives-$n.log"
  "$launch" -n "$n" "$bundle/bench/ddp-collectives" > "$l" 2>&1
  rc=$?
  { echo "=== collectives x$n: neve-launch -n $n BUNDLE/bench/ddp-collectives (exit $rc)"; cat "$l"; } >> "$out/collectives.txt"
  note "collectives x$n: exit $rc, $(grep -c ' ok$' "$l") ok, $(grep -c FAIL "$l") failed"
done

for model in $models; do
  case $model in
    resnet) width=1 batch=32 ;;
    wide) width=4 batch=128 ;;
    *) note "unknown model $model"; continue ;;
  esac
  for n in $ranks; do
    for mode in graph eager; do
      run "$model" "frost-cudnn-$mode" "$n" "$launch" -n "$n" "$resnet" steps="$steps" backend=cudnn \
        mode="$mode" width="$width" batch="$batch"
    done
    run "$model" torch-ddp "$n" torchrun --standalone --nproc_per_node "$n" "$here/torch_ddp.py" \
      --steps "$steps" --width "$width" --batch "$batch"
    if [ "$n" = 1 ]; then
      run "$model" frost-cudnn-graph-plain 1 "$resnet" steps="$steps" backend=cudnn mode=graph \
        width="$width" batch="$batch"
      run "$model" torch-plain 1 python3 "$here/torch_ddp.py" --plain --steps "$steps" \
        --width "$width" --batch "$batch"
    fi
  done
done
note "bench/ddp: done"
