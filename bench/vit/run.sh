#!/usr/bin/env bash
# The ViT comparison (issue 36): examples/vit.nv against its PyTorch twin
# bench/vit/torch_vit.py, run on the GPU host from a bundle built on a CPU
# machine (make gpu-bundle, or make gpu-bundle FILTER=vit).
#
#   bash bench/vit/run.sh BUNDLE [SEEDS] [STEPS]      # default "0 1 2", 2000
#
# For each seed S: torch_vit.py --steps 0 --seed S writes the initial
# weights and the data order (one permutation of the 60000 items, repeated
# every epoch); then three runs of STEPS steps, one at a time, all from
# those weights:
#   frost        the bundle's examples/vit.nv, init=, order=, seed=S
#   torch        torch_vit.py --seed S on the same order
#   torch-order  torch_vit.py --seed S --order-seed 1000+S: another order
# The model draws nothing at random once initialised, so what varies from
# run to run is the data order (and the rounding, which differs between
# the frameworks anyway): compare_twins.py sets |frost - torch| beside
# |torch-order - torch| at every print step.
#
# Results in $RESULTS (default ./vit-results): runs.txt (each run's output
# under a line naming config, seed, commit, command and exit status),
# rows.jsonl (one JSON row per run: commit, command, device, ms/step, the
# loss curve with the training accuracy, the test loss and accuracy),
# vit.json and summary.txt (bench/compare_twins.py).
set -uo pipefail
seeds=${2:-0 1 2}
steps=${3:-2000}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/bench/twins.sh" "$1" vit

for s in $seeds; do
  init="$work/init$s.safetensors" order="$work/order$s.safetensors"
  python3 "$here/torch_vit.py" --steps 0 --seed "$s" --write-init "$init" --write-order "$order" >> "$log" 2>&1 ||
    { note "torch_vit.py could not write the files of seed $s"; exit 1; }
  run frost "$s" "$prog" steps="$steps" seed="$s" init="$init" order="$order"
  run torch "$s" python3 "$here/torch_vit.py" --steps "$steps" --seed "$s" --init "$init" --order "$order"
  run torch-order "$s" python3 "$here/torch_vit.py" --steps "$steps" --seed "$s" --init "$init" --order "$order" \
    --order-seed $((1000 + s))
done
twin_summary
