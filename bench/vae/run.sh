#!/usr/bin/env bash
# The VAE comparison (issue 36): examples/vae.nv against its PyTorch twin
# bench/vae/torch_vae.py, run on the GPU host from a bundle built on a CPU
# machine (make gpu-bundle, or make gpu-bundle FILTER=vae).
#
#   bash bench/vae/run.sh BUNDLE [SEEDS] [STEPS]      # default "0 1 2", 2000
#
# For each seed S: torch_vae.py --steps 0 --seed S writes the initial
# weights and the data order (one permutation of the 60000 items, repeated
# every epoch); then three runs of STEPS steps, one at a time, all from
# those weights on those batches:
#   frost      the bundle's examples/vae.nv, init=, order=, seed=S
#   torch      torch_vae.py --seed S (its eps draws follow its init)
#   torch-eps  torch_vae.py --seed S --eps-seed 1000+S: other eps draws only
#   frost-shared, torch-shared   both again on the same eps draws, which
#              torch_vae.py --write-eps writes (eps=F / --eps F)
# Each framework draws eps from its own generator, so frost - torch differs
# by the draws and by numerics; torch-eps measures what the draws alone
# change, and the shared runs what numerics alone change: compare_twins.py
# holds |frost-shared - torch-shared| against |torch-eps - torch| (and
# prints |frost - torch| beside them). VAE_SHARED=0 leaves the shared runs out.
#
# Results in $RESULTS (default ./vae-results): runs.txt (each run's output
# under a line naming config, seed, commit, command and exit status),
# rows.jsonl (one JSON row per run: commit, command, device, ms/step, the
# loss curve, the test losses), vae.json and summary.txt (bench/compare_twins.py).
set -uo pipefail
seeds=${2:-0 1 2}
steps=${3:-2000}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
source "$root/bench/twins.sh" "$1" vae

for s in $seeds; do
  init="$work/init$s.safetensors" order="$work/order$s.safetensors"
  python3 "$here/torch_vae.py" --steps 0 --seed "$s" --write-init "$init" --write-order "$order" >> "$log" 2>&1 ||
    { note "torch_vae.py could not write the files of seed $s"; exit 1; }
  run frost "$s" "$prog" steps="$steps" seed="$s" init="$init" order="$order"
  run torch "$s" python3 "$here/torch_vae.py" --steps "$steps" --seed "$s" --init "$init" --order "$order"
  run torch-eps "$s" python3 "$here/torch_vae.py" --steps "$steps" --seed "$s" --init "$init" --order "$order" \
    --eps-seed $((1000 + s))
  if [ "${VAE_SHARED:-1}" != 0 ]; then
    eps="$work/eps$s.safetensors"
    python3 "$here/torch_vae.py" --steps "$steps" --seed "$s" --write-eps "$eps" >> "$log" 2>&1 ||
      { note "torch_vae.py could not write the eps draws of seed $s"; exit 1; }
    run frost-shared "$s" "$prog" steps="$steps" seed="$s" init="$init" order="$order" eps="$eps"
    run torch-shared "$s" python3 "$here/torch_vae.py" --steps "$steps" --seed "$s" --init "$init" --order "$order" \
      --eps "$eps"
  fi
done
twin_summary
