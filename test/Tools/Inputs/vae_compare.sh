#!/usr/bin/env bash
# Drives bench/vae/compare.py on made-up run outputs (no GPU, no PyTorch):
#   vae_compare.sh TMPDIR COMPARE_PY
# Three seeds of frost / torch / torch-eps curves: a decaying loss plus
# uniform noise of +-0.5 per print step; frost is offset by OFFSET.
set -uo pipefail
tmp=$1 compare=$2
rm -rf "$tmp" && mkdir -p "$tmp"
# case NAME OFFSET [FROST_RC]
case_() {
  local name=$1 off=$2 frc=${3:-0} d="$tmp/$1"
  mkdir -p "$d"
  python3 - "$d" "$off" <<'PY'
import random, sys
d, off = sys.argv[1], float(sys.argv[2])
for s in range(3):
    for k, (c, o) in enumerate((("frost", off), ("torch", 0.0), ("torch-eps", 0.0))):
        random.seed(100 * s + k)
        with open(f"{d}/{c}-{s}.log", "w") as f:
            f.write("vae: 14 tensors, latent 16, 2000 steps of batch 128, 468 batches per epoch\n")
            for t in range(100, 2001, 100):
                L = 240 + 300 * (100 / t) ** 1.5 + o + random.uniform(-0.5, 0.5)
                f.write(f"step {t} loss {L:.3f} recon {L - 20:.3f} kl 20.000\n")
            f.write(f"ms/step: {2.0 + k:.3f} (steps 50..2000)\nloss fell: 1.0 -> 0.5\n"
                    "test loss 250.100 recon 230.000 kl 20.100\n")
PY
  for s in 0 1 2; do
    for c in frost torch torch-eps; do
      rc=0
      [ "$c" = frost ] && rc=$frc
      python3 "$compare" row --log "$d/$c-$s.log" --config "$c" --seed "$s" --steps 2000 \
        --commit abc1234 --command "cmd $c" --device "Test GPU" --rc "$rc" >> "$d/rows.jsonl"
    done
  done
  echo "== $name"
  python3 "$compare" summary "$d/rows.jsonl" --json "$d/vae.json"
  echo "exit $?"
}
case_ close 0.2
python3 -c 'import json, sys; r = [json.loads(l) for l in open(sys.argv[1])][0]; print("row:", r["config"], r["seed"], r["commit"], r["device"], r["ms_per_step"], len(r["losses"]), r["losses"][0][0], r["test"])' "$tmp/close/rows.jsonl"
python3 -c 'import json, sys; v = json.load(open(sys.argv[1])); print("json:", v["within_noise"], len(v["rows"]), sorted(v["ms_per_step"]))' "$tmp/close/vae.json"
case_ offset 3.0
case_ failed 0.0 1
