#!/usr/bin/env bash
# The GPT benchmark of issue 29, run on the GPU machine from a bundle (make
# gpu-bundle) carried there with the checkout. Frost's examples/gpt.nv and
# the PyTorch twin bench/gpt/torch_gpt.py train GPT-2 small (12 layers, 12
# heads, width 768, context 1024, vocabulary 50304) on the fortunes corpus
# tokenised with GPT-2's BPE (the bundle's data/tokenizer), batch 8 x 1024,
# from the same initial weights (written by the twin, 500 MB: made there)
# in the same order (written by Frost's TokenLoader). Every run appends
# its output to $RESULTS/runs.txt and a row to $RESULTS/rows.jsonl
# (collect.py makes bench/results/gpt.json and gpt.md of them).
#
#   bash bench/gpt/run.sh BUNDLE first "0"                     # first-step loss, Frost against the twin
#   bash bench/gpt/run.sh BUNDLE timing "0" CONFIG...          # 300 steps, ms/step over steps 50..300
#   bash bench/gpt/run.sh BUNDLE curves "0 1 2" CONFIG...      # 1000 steps, the loss curves
#   bash bench/gpt/run.sh BUNDLE plot                          # gpt-loss.png from rows.jsonl
#   bash bench/gpt/run.sh BUNDLE profile [SEED]                # ncu: each kernel's time and DRAM traffic per step
#   bash bench/gpt/run.sh BUNDLE profile-torch [SEED]          # the same for the PyTorch twin (eager)
#   bash bench/gpt/run.sh BUNDLE ab SEED 'VAR=V ...' ...        # frost-graph timing as it is, then under each setting
#
# CONFIG: torch-eager, torch-compile (torch_gpt.py --mode), frost-eager,
# frost-graph (examples/gpt.nv exec=). Seed S: the twin's initial weights
# for torch.manual_seed(S) and Frost's window order for seed S, made once
# per seed. GPT_DEADLINE (seconds, default 470) stops a run that takes
# longer (its row keeps what it printed, exit status 124).
set -uo pipefail
bundle=$(cd "$1" && pwd)
phase=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/scripts/gpu-env.sh" "$bundle"
out=${RESULTS:-$PWD/gpt-results}
work=${GPT_WORK:-/tmp/gpt-bench}
mkdir -p "$out" "$work"
commit=$(sed -n 's/^commit=//p' "$bundle/MANIFEST")
device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
gpt="$bundle/bench/example-gpt"
[ -x "$gpt" ] || gpt="$work/example-gpt"
if [ ! -x "$gpt" ]; then   # make gpu-bundle compresses its programs
  python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
    "$bundle/tests/example-gpt.xz" "$gpt" && chmod +x "$gpt"
fi
export PYTHONUNBUFFERED=1
data="$work/fortunes-"
steps_all=1000                  # the order covers the longest runs
common=(config=gpt2 batch=8 seq=1024 data="$data")
log="$out/log.txt"
note() { echo "[$(date -u +%H:%M:%S)] $*" | tee -a "$log"; }

# The token files (examples/gpt.nv writes them when they are missing: run
# from the checkout, which holds the corpus list) and, per seed, Frost's
# window order and the twin's initial weights.
files() { # SEED
  local s=$1
  if [ ! -f "$work/order$s.idx" ]; then
    (cd "$root" && "$gpt" mode=order "${common[@]}" steps=$steps_all seed="$s" \
       write_order="$work/order$s.idx") >> "$log" 2>&1 || { note "order for seed $s failed"; return 1; }
  fi
  if [ ! -f "$work/init$s.safetensors" ]; then
    python3 "$here/torch_gpt.py" --config gpt2 --data "$data" --order "$work/order$s.idx" \
      --steps 0 --seed "$s" --write-init "$work/init$s.safetensors" > "$work/twin-first$s.txt" 2>&1
    cat "$work/twin-first$s.txt" >> "$log"
  fi
}

# run KIND CONFIG SEED STEPS EXTRA...: one training run, its output and row;
# GPT_SETTING (variables, "FROST_X=a FROST_Y=b") is set for the run and
# named in its configuration ("frost-graph [FROST_X=a]").
run() {
  local kind=$1 config=$2 s=$3 steps=$4
  shift 4
  local label=$config${GPT_SETTING:+ [$GPT_SETTING]} tag l cmd
  tag=$(printf '%s' "$label" | tr -c 'A-Za-z0-9_.-' '_')
  l="$work/$kind-$tag-$s.log"
  case $config in
    torch-*) cmd=(python3 "$here/torch_gpt.py" --config gpt2 --batch 8 --seq 1024 --data "$data"
                  --order "$work/order$s.idx" --init "$work/init$s.safetensors" --seed "$s"
                  --mode "${config#torch-}" --steps "$steps" "$@") ;;
    frost-*) cmd=("$gpt" "${common[@]}" exec="${config#frost-}" steps="$steps" seed="$s"
                  order="$work/order$s.idx" init="$work/init$s.safetensors" "$@") ;;
    *) note "unknown configuration $config"; return 1 ;;
  esac
  note "start $kind $label seed $s"
  local t0=$SECONDS
  # shellcheck disable=SC2086
  (cd "$root" && env ${GPT_SETTING:-} timeout -k 5 "${GPT_DEADLINE:-470}" "${cmd[@]}") > "$l" 2>&1
  local rc=$?
  note "end $kind $label seed $s: exit $rc, $((SECONDS - t0)) s; $(grep -E '^(first loss|ms/step|tokens/s|peak memory)' "$l" | tr '\n' ' ')"
  { echo "=== $kind $label seed $s: ${GPT_SETTING:+$GPT_SETTING }$(echo "${cmd[*]}" | sed "s|$bundle|BUNDLE|g; s|$work|WORK|g; s|$root/||g") (exit $rc)"
    cat "$l"; } >> "$out/runs.txt"
  python3 "$here/collect.py" row --log "$l" --kind "$kind" --config "$label" --seed "$s" \
    --steps "$steps" --rc "$rc" --commit "$commit" --device "$device" >> "$out/rows.jsonl"
}

case $phase in
  first)
    for s in $1; do
      files "$s" || exit 1
      run first frost-eager "$s" 1 eval_every=0 print_every=1
      twin=$(sed -n 's/^first loss: //p' "$work/twin-first$s.txt")
      frost=$(sed -n 's/^first loss: //p' "$work/first-frost-eager-$s.log")
      python3 - "$twin" "$frost" "$s" <<'PY' | tee -a "$out/first-loss.txt"
import sys
twin, frost, seed = float(sys.argv[1]), float(sys.argv[2]), sys.argv[3]
print(f"seed {seed}: first-step loss, PyTorch {twin:.6f}, Frost {frost:.6f}, "
      f"|difference| {abs(twin - frost):.2e}: {'within' if abs(twin - frost) <= 1e-3 else 'NOT within'} 1e-3")
PY
    done ;;
  timing)
    seeds=$1
    shift
    for s in $seeds; do
      files "$s" || exit 1
      for c in "$@"; do
        case $c in
          torch-*) run timing "$c" "$s" 300 --print-every 50 --eval-every 0 ;;
          *) run timing "$c" "$s" 300 print_every=50 eval_every=0 ;;
        esac
      done
    done ;;
  curves)
    seeds=$1
    shift
    for s in $seeds; do
      files "$s" || exit 1
      for c in "$@"; do
        case $c in
          torch-*) run curves "$c" "$s" 1000 --print-every 10 --eval-every 250 ;;
          *) run curves "$c" "$s" 1000 print_every=10 eval_every=250 ;;
        esac
      done
    done ;;
  ab)
    # Frost's switches measured against its defaults in one call: the
    # frost-graph timing run as it is, then once per setting (each a
    # string of variables, e.g. 'FROST_GEMM_EPILOGUE=tma
    # FROST_ATTENTION_QKV=fused'), rows named "frost-graph [SETTING]".
    s=$1
    shift
    files "$s" || exit 1
    GPT_SETTING='' run timing frost-graph "$s" 300 print_every=50 eval_every=0
    for setting in "$@"; do
      GPT_SETTING=$setting run timing frost-graph "$s" 300 print_every=50 eval_every=0
    done ;;
  plot)
    python3 "$here/plot.py" "$out/rows.jsonl" "$out/gpt-loss.png" 2>&1 | tee -a "$log" ;;
  profile)
    # Where Frost's step goes: every kernel of 2 eager training steps (no
    # validation passes) under ncu, its time and DRAM traffic per step
    # (bench/resnet/kernel_summary.py), into $out/kernels.txt. The first
    # step's one-time work (the optimiser's flat buffers) counts too.
    s=${1:-0}
    files "$s" || exit 1
    ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
    note "start profile frost-eager seed $s"
    (cd "$root" && timeout -k 5 "${GPT_DEADLINE:-470}" "$ncu" --clock-control none \
       --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum --csv \
       --log-file "$work/profile.csv" "$gpt" "${common[@]}" exec=eager steps=2 seed="$s" \
       order="$work/order$s.idx" init="$work/init$s.safetensors" eval_every=0 eval_batches=0) \
      > "$work/profile.log" 2>&1
    note "end profile: exit $?"
    { echo "# GPT-2 small (examples/gpt.nv config=gpt2 batch=8 seq=1024, eager, 2 training steps, no validation), commit $commit, device $device"
      echo "# there: bash bench/gpt/run.sh BUNDLE profile $s (ncu --clock-control none, each kernel alone: the sum exceeds a measured step)"
      python3 "$root/bench/resnet/kernel_summary.py" "$work/profile.csv" 2; } | tee "$out/kernels.txt" ;;
  profile-torch)
    # The same for the PyTorch twin (eager, bf16 autocast, fused AdamW):
    # where its step goes, kernel by kernel, into $out/kernels-torch.txt.
    s=${1:-0}
    files "$s" || exit 1
    ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
    note "start profile torch-eager seed $s"
    timeout -k 5 "${GPT_DEADLINE:-470}" "$ncu" --clock-control none \
      --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum --csv \
      --log-file "$work/profile-torch.csv" python3 "$here/torch_gpt.py" --config gpt2 --data "$data" \
      --order "$work/order$s.idx" --init "$work/init$s.safetensors" --steps 2 --eval-every 0 \
      --eval-batches 0 --time-from 0 --time-to 2 > "$work/profile-torch.log" 2>&1
    note "end profile-torch: exit $?"
    { echo "# GPT-2 small, the PyTorch twin (bench/gpt/torch_gpt.py --config gpt2, batch 8 x 1024, eager, 2 training steps), device $device, torch $(python3 -c 'import torch; print(torch.__version__)' 2>/dev/null)"
      echo "# there: bash bench/gpt/run.sh BUNDLE profile-torch $s (ncu --clock-control none, each kernel alone)"
      python3 "$root/bench/resnet/kernel_summary.py" "$work/profile-torch.csv" 2; } | tee "$out/kernels-torch.txt" ;;
  *)
    echo "run.sh: unknown phase $phase (first, timing, curves, ab, plot, profile, profile-torch)" >&2
    exit 2 ;;
esac
