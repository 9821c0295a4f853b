#!/usr/bin/env bash
# Drives bench/compare_twins.py on made-up run outputs (no GPU, no PyTorch):
#   twin_compare.sh TMPDIR COMPARE_PY MODEL       # MODEL vae or vit
# Three seeds of frost / torch / noise-config curves (torch-eps for the
# VAE, torch-order for the ViT), each in its program's line format: a
# decaying loss plus uniform noise of +-NOISE per print step; frost is
# offset by OFFSET. The ViT's logs also give the loss of step 1, the
# same for torch and the noise config, frost's off by FIRST. With SHARED
# (the VAE), two more curves per seed: frost-shared, offset by SHARED, and
# torch-shared (runs on the same eps draws).
set -uo pipefail
tmp=$1 compare=$2 model=$3
case $model in
  vae) noise=torch-eps ;;
  vit) noise=torch-order ;;
  *) echo "twin_compare.sh: model vae or vit, not $model" >&2; exit 2 ;;
esac
rm -rf "$tmp" && mkdir -p "$tmp"
# case NAME OFFSET [FROST_RC [FIRST [SHARED]]]
case_() {
  local name=$1 off=$2 frc=${3:-0} first=${4:-0} shared=${5:-} d="$tmp/$1"
  mkdir -p "$d"
  python3 - "$d" "$off" "$model" "$noise" "$first" "$shared" <<'PY'
import random, sys
d, off, model, noise, first = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4], float(sys.argv[5])
configs = [("frost", off), ("torch", 0.0), (noise, 0.0)]
if sys.argv[6]:
    configs += [("frost-shared", float(sys.argv[6])), ("torch-shared", 0.0)]
for s in range(3):
    for k, (c, o) in enumerate(configs):
        random.seed(100 * s + k)
        with open(f"{d}/{c}-{s}.log", "w") as f:
            if model == "vae":
                f.write("vae: 14 tensors, latent 16, 2000 steps of batch 128, 468 batches per epoch\n")
            else:
                f.write("vit: 56 tensors, 3179530 parameters, dim 256, depth 4, heads 4, 2000 steps of batch 128, 468 batches per epoch\n")
                f.write(f"first loss: {2.402585 + s / 100 + (first if c == 'frost' else 0.0):.6f}\n")
            for t in range(100, 2001, 100):
                if model == "vae":
                    L = 240 + 300 * (100 / t) ** 1.5 + o + random.uniform(-0.5, 0.5)
                    f.write(f"step {t} loss {L:.3f} recon {L - 20:.3f} kl 20.000\n")
                else:
                    L = 0.3 + 1.5 * (100 / t) ** 1.5 + o + random.uniform(-0.01, 0.01)
                    f.write(f"step {t} loss {L:.3f} acc {0.95 - L / 4:.3f}\n")
            f.write(f"ms/step: {2.0 + k:.3f} (steps 50..2000)\nloss fell: 1.0 -> 0.5\n")
            f.write("test loss 250.100 recon 230.000 kl 20.100\n" if model == "vae" else
                    "test loss 0.345 acc 0.876\n")
PY
  local configs="frost torch $noise"
  [ -n "$shared" ] && configs="$configs frost-shared torch-shared"
  for s in 0 1 2; do
    for c in $configs; do
      rc=0
      [ "$c" = frost ] && rc=$frc
      python3 "$compare" row --log "$d/$c-$s.log" --config "$c" --seed "$s" --steps 2000 \
        --commit abc1234 --command "cmd $c" --device "Test GPU" --rc "$rc" >> "$d/rows.jsonl"
    done
  done
  echo "== $name"
  python3 "$compare" summary --model "$model" "$d/rows.jsonl" --json "$d/$model.json"
  echo "exit $?"
}
case_ close "${CLOSE:-0.2}" 0 0.0004
python3 -c 'import json, sys; r = [json.loads(l) for l in open(sys.argv[1])][0]; print("row:", r["config"], r["seed"], r["commit"], r["device"], r["ms_per_step"], len(r["losses"]), r["losses"][0], r["test"])' "$tmp/close/rows.jsonl"
python3 -c 'import json, sys; v = json.load(open(sys.argv[1])); print("json:", v["model"], v["noise_config"], v["within_noise"], len(v["rows"]), sorted(v["ms_per_step"]))' "$tmp/close/$model.json"
case_ offset "${OFFSET:-3.0}"
case_ failed 0.0 1
if [ "$model" = vae ]; then
  case_ shared-close "${OFFSET:-3.0}" 0 0 0.2
  case_ shared-offset 0.2 0 0 3.0
fi
[ "$model" = vit ] && case_ first-step "${CLOSE:-0.2}" 0 0.03
exit 0
