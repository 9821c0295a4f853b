#!/usr/bin/env bash
# The MLP benchmark of issue 27: bench/mlp/mlp.nv (Frost, bf16) against its
# PyTorch twin bench/mlp/torch_mlp.py (bf16 autocast, fused AdamW) on the
# GPU host, from a bundle built on a CPU machine (make gpu-bundle
# FILTER=bench-mlp: the program bench/mlp-mlp and the GPU test
# gpu-bench-mlp).
#
#   bash bench/mlp/run.sh BUNDLE [RUNS]          # default 3 runs of each config
#   bash bench/mlp/run.sh BUNDLE profile         # where each step goes, kernel by kernel
#
# Configurations (each run STEPS steps, default 60, the first WARMUP,
# default 10, untimed; batch 8192, width 4096, 4 layers unless BATCH,
# WIDTH, LAYERS say otherwise):
#   frost-tiled          FROST_GEMM=tiled: the layout dialect's bf16 product everywhere
#   frost-hopper         FROST_GEMM=hopper: the backward's products on gemm_hopper_k,
#                        the forward's linear_act on gemm_hopper_act_k (the
#                        same pipeline, the bias and GELU in its epilogue)
#   frost-hopper-tmaep   FROST_GEMM=hopper FROST_GEMM_EPILOGUE=tma: the same,
#                        the bf16 activations leaving the products through
#                        shared memory and tma_store (gemm_hopper_act_tma_k)
#   frost-hopper-f32act  FROST_GEMM=hopper activations=float: the same with
#                        float32 activations between the layers
#   frost-hopper-linear  FROST_GEMM=hopper layer=linear: every product on
#                        gemm_hopper_k, the bias and GELU as separate kernels
#   torch-eager, torch-compile   torch_mlp.py --mode eager / compile
#   frost                Frost's defaults (the GEMM and epilogue chosen by the
#                        device: on Hopper the wgmma kernels, TMA epilogues)
# CONFIGS (a space-separated list of the names above) runs only those;
# the default runs them all.
# Runs go one at a time, config after config, RUNS rounds. Results in
# $RESULTS (default ./mlp-results): runs.txt (every run's output under a
# line naming config, round, commit, command and exit status), and
# mlp.json (collect.py: commit, command, device, each config's median
# ms/step and TFLOP/s over the runs, its ratio to torch eager and compile).
set -uo pipefail
runs=${2:-3}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/bench/gpu-host.sh" "$1" mlp
result_lines='^(ms/step|matmul TFLOP/s|loss fell|loss did not)'
rm -f "$out/runs.txt"
steps=${STEPS:-60} warmup=${WARMUP:-10}
batch=${BATCH:-8192} width=${WIDTH:-4096} layers=${LAYERS:-4}
mlp=$(bundle_program "$bundle/bench/mlp-mlp") ||
  { echo "run.sh: no bench/mlp-mlp in $bundle (make gpu-bundle FILTER=bench-mlp)" >&2; exit 1; }
args="steps=$steps warmup=$warmup batch=$batch width=$width layers=$layers"
targs="--steps $steps --warmup $warmup --batch $batch --width $width --layers $layers"

# profile: 2 eager steps of Frost's defaults and of PyTorch eager, each
# under ncu (--clock-control none, each kernel alone, so the sum exceeds a
# measured step), summed per kernel name by bench/resnet/kernel_summary.py
# into $out/kernels.txt and $out/kernels-torch.txt. The first step's
# one-time work (the optimisers' state) counts too.
if [ "$runs" = profile ]; then
  ncu=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
  metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum
  pargs="steps=2 warmup=1 batch=$batch width=$width layers=$layers"
  note "start profile frost"
  timeout -k 5 "${MLP_DEADLINE:-240}" "$ncu" --clock-control none --metrics "$metrics" --csv \
    --log-file "$work/profile.csv" "$mlp" $pargs exec=eager > "$work/profile.log" 2>&1
  note "end profile frost: exit $?"
  { echo "# bench/mlp, Frost's defaults ($pargs exec=eager), commit $commit, device $device"
    echo "# there: bash bench/mlp/run.sh BUNDLE profile (ncu --clock-control none, each kernel alone)"
    python3 "$root/bench/resnet/kernel_summary.py" "$work/profile.csv" 2; } | tee "$out/kernels.txt"
  note "start profile torch-eager"
  timeout -k 5 "${MLP_DEADLINE:-240}" "$ncu" --clock-control none --metrics "$metrics" --csv \
    --log-file "$work/profile-torch.csv" python3 "$here/torch_mlp.py" --mode eager --steps 2 --warmup 1 \
    --batch "$batch" --width "$width" --layers "$layers" > "$work/profile-torch.log" 2>&1
  note "end profile torch-eager: exit $?"
  { echo "# bench/mlp, the PyTorch twin (torch_mlp.py --mode eager --steps 2, batch $batch, width $width, $layers layers), device $device, torch $(python3 -c 'import torch; print(torch.__version__)' 2>/dev/null)"
    echo "# there: bash bench/mlp/run.sh BUNDLE profile (ncu --clock-control none, each kernel alone)"
    python3 "$root/bench/resnet/kernel_summary.py" "$work/profile-torch.csv" 2; } | tee "$out/kernels-torch.txt"
  exit 0
fi

all_configs="frost frost-tiled frost-hopper frost-hopper-tmaep frost-hopper-f32act frost-hopper-linear torch-eager torch-compile"
configs=${CONFIGS:-$all_configs}
for c in $configs; do
  case " $all_configs " in
    *" $c "*) ;;
    *) echo "run.sh: unknown config '$c' in CONFIGS" >&2; exit 1 ;;
  esac
done

# run CONFIG ROUND COMMAND...: one run and its output, when CONFIG is chosen
run() { case " $configs " in *" $1 "*) logged_run round "$@" ;; esac; }

for r in $(seq 1 "$runs"); do
  # shellcheck disable=SC2086
  run frost "$r" "$mlp" $args
  # shellcheck disable=SC2086
  run frost-tiled "$r" env FROST_GEMM=tiled "$mlp" $args
  # shellcheck disable=SC2086
  run frost-hopper "$r" env FROST_GEMM=hopper "$mlp" $args
  # shellcheck disable=SC2086
  run frost-hopper-tmaep "$r" env FROST_GEMM=hopper FROST_GEMM_EPILOGUE=tma "$mlp" $args
  # shellcheck disable=SC2086
  run frost-hopper-f32act "$r" env FROST_GEMM=hopper "$mlp" $args activations=float
  # shellcheck disable=SC2086
  run frost-hopper-linear "$r" env FROST_GEMM=hopper "$mlp" $args layer=linear
  # shellcheck disable=SC2086
  run torch-eager "$r" python3 "$here/torch_mlp.py" --mode eager $targs
  # shellcheck disable=SC2086
  run torch-compile "$r" python3 "$here/torch_mlp.py" --mode compile $targs
done
python3 "$here/collect.py" "$out/runs.txt" --json "$out/mlp.json" --commit "$commit" --device "$device" \
  --command "bash bench/mlp/run.sh BUNDLE $runs ($args)" | tee "$out/summary.txt"
