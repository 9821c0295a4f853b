#!/usr/bin/env bash
# Flash attention forward and backward: Frost's (frost/attention.nv, Neve + the layout
# dialect) against PyTorch's scaled_dot_product_attention with the flash
# and cuDNN backends, bf16, on the GPU machine (bench/attention/README.md).
# Frost runs three times: its defaults (on Hopper the wgmma kernels,
# frost/attention_hopper.nv and frost/attention_hopper_bwd.nv), the backward
# with dQ added by the dkv kernel (FROST_ATTENTION_DQ=atomic), and the
# mma.sync kernels (FROST_ATTENTION=mma FROST_ATTENTION_BACKWARD=mma; left out
# with ATTENTION_MMA=0).
#
#   bash bench/attention/run.sh --build-only   # here: build/attn-bench/{flash,flash_check}
#   bash bench/attention/run.sh                # there (carry ["build/attn-bench"]):
#                                              # $RESULTS/attention.txt and $RESULTS/attention.json
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BIN="$ROOT/build/attn-bench"
if [ "${1:-}" = "--build-only" ]; then
  t="${NEVE_TRANSLATE:-$ROOT/build/bin/neve-translate}"
  mkdir -p "$BIN"
  "$t" "$ROOT/bench/attention/flash.nv" -o "$BIN/flash"
  "$t" "$ROOT/bench/attention/flash_check.nv" -o "$BIN/flash_check"
  bash "$ROOT/scripts/build-commit.sh" > "$BIN/COMMIT"
  echo "bench/attention: built $BIN"
  exit 0
fi
RESULTS="${RESULTS:-$ROOT/gpu-results/attention}"
mkdir -p "$RESULTS"
{
  echo "== check (Neve flash attention against a naive GPU reference)"
  "$BIN/flash_check"
  if [ "${ATTENTION_MMA:-1}" != 0 ]; then
    echo "== check, the mma.sync forward (FROST_ATTENTION=mma)"
    FROST_ATTENTION=mma "$BIN/flash_check" | sed "s/^check /check-mma /"
  fi
  echo "== neve (on Hopper: the wgmma forward, frost/attention_hopper.nv, and backward, frost/attention_hopper_bwd.nv)"
  "$BIN/flash" | sed "s/^/neve /"
  if [ "${ATTENTION_MMA:-1}" != 0 ]; then
    echo "== neve-mma (the mma.sync forward, flash_fwd_k, and backward, FROST_ATTENTION_BACKWARD=mma)"
    FROST_ATTENTION=mma FROST_ATTENTION_BACKWARD=mma "$BIN/flash" | sed "s/^/neve-mma /"
  fi
  echo "== neve-adq (the Hopper backward, dQ added by the dkv kernel: FROST_ATTENTION_DQ=atomic)"
  FROST_ATTENTION_DQ=atomic "$BIN/flash" | grep "attention-bwd" | sed "s/^/neve-adq /"
  echo "== torch"
  python3 "$ROOT/bench/attention/torch_sdpa.py" | sed "s/^/torch /"
} 2>&1 | tee "$RESULTS/attention.txt"
python3 - "$RESULTS/attention.txt" "$RESULTS/attention.json" "$(cat "$BIN/COMMIT")" <<'PY'
import json, re, subprocess, sys
rows, checks = {}, []
for line in open(sys.argv[1]):
    m = re.match(r"(neve-adq|neve-mma|neve|torch|torch cudnn) attention(-bwd)? (\d+) (\d+) (\d+) (\d+) (\d): ([\d.e+-]+) ms ([\d.e+-]+) TFLOP/s", line)
    if m:
        key = ("backward " if m[2] else "forward ") + f"B{m[3]} H{m[4]} S{m[5]} D{m[6]} " + ("causal" if m[7] == "1" else "non-causal")
        who = m[1].replace("torch cudnn", "torch_cudnn").replace("neve-mma", "neve_mma").replace("neve-adq", "neve_atomic_dq")
        rows.setdefault(key, {})[who] = {"ms": float(m[8]), "TFLOPs": round(float(m[9]), 1)}
    elif line.startswith("check ") or line.startswith("check-mma "):
        checks.append(line.strip())
# forward + backward (the issue's measure): the two times added, FLOPs 3.5x the forward's
for k in [k for k in rows if k.startswith("forward ")]:
    f, bk = rows[k], rows.get("backward " + k[len("forward "):], {})
    both = {}
    for who in ("neve", "neve_atomic_dq", "neve_mma", "torch", "torch_cudnn"):
        # the atomic-dQ backward after Frost's default forward
        fw = "neve" if who == "neve_atomic_dq" else who
        if fw in f and who in bk:
            ms = f[fw]["ms"] + bk[who]["ms"]
            # forward FLOPs = ms * TFLOP/s * 1e9
            flops = f[fw]["ms"] * f[fw]["TFLOPs"] * 1.0e9
            both[who] = {"ms": round(ms, 4), "TFLOPs": round(3.5 * flops / (ms * 1.0e9), 1)}
    if both:
        rows["fwd+bwd " + k[len("forward "):]] = both
for r in rows.values():
    if "neve" in r and "torch" in r:
        r["neve_over_torch"] = round(r["neve"]["TFLOPs"] / r["torch"]["TFLOPs"], 3)
    if "neve" in r and "torch_cudnn" in r:
        r["neve_over_cudnn"] = round(r["neve"]["TFLOPs"] / r["torch_cudnn"]["TFLOPs"], 3)
    if "neve_atomic_dq" in r and "torch_cudnn" in r:
        r["neve_atomic_dq_over_cudnn"] = round(r["neve_atomic_dq"]["TFLOPs"] / r["torch_cudnn"]["TFLOPs"], 3)
try:
    device = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                            capture_output=True, text=True).stdout.strip()
except Exception:
    device = "unknown"
out = {"what": "attention forward (bf16 q k v [B, H, S, D], bf16 out: Frost flash_attention_raw, "
               "frost/attention.nv: neve = the default, on Hopper the wgmma kernel of frost/attention_hopper.nv; "
               "neve_mma = the mma.sync kernel, FROST_ATTENTION=mma) and backward (float o, dO into float dq dk dv: Frost flash_backward, "
               "frost/attention_backward.nv, on Hopper frost/attention_hopper_bwd.nv; neve_atomic_dq = FROST_ATTENTION_DQ=atomic; neve_mma = the mma.sync kernels, FROST_ATTENTION=mma FROST_ATTENTION_BACKWARD=mma) vs torch SDPA, flash backend (torch) and cuDNN backend "
               "(torch_cudnn), bf16; FLOPs 4BHS^2D, halved when causal, backward 2.5x that",
       "commit": sys.argv[3], "device": device,
       "command": "bash bench/attention/run.sh --build-only (here), then bash bench/attention/run.sh "
                  "on the GPU machine with carry [\"build/attn-bench\"]",
       "correctness": checks, "cases": rows}
json.dump(out, open(sys.argv[2], "w"), indent=1)
for k, r in rows.items():
    print(f"{k}: neve {r.get('neve', {}).get('TFLOPs')} TFLOP/s, torch flash {r.get('torch', {}).get('TFLOPs')}, "
          f"cudnn {r.get('torch_cudnn', {}).get('TFLOPs')}; neve/flash {r.get('neve_over_torch')}, neve/cudnn {r.get('neve_over_cudnn')}, atomic-dq/cudnn {r.get('neve_atomic_dq_over_cudnn')}")
PY
