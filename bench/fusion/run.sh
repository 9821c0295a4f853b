#!/usr/bin/env bash
# What kernel fusion buys (bench/fusion/README.md): bench/fusion/elementwise.nv
# built with fusion (the default) and with -fno-fuse, run on the GPU machine.
#
#   bash bench/fusion/run.sh --build-only   # here: build/fusion-bench/{fused,unfused}
#   bash bench/fusion/run.sh                # there (carry ["build/fusion-bench"]):
#                                           # $OUT/fusion.txt and $OUT/fusion.json
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BIN="$ROOT/build/fusion-bench"
if [ "${1:-}" = "--build-only" ]; then
  t="${NEVE_TRANSLATE:-$ROOT/build/bin/neve-translate}"
  mkdir -p "$BIN"
  "$t" "$ROOT/bench/fusion/elementwise.nv" -Rpass=neve-fuse -o "$BIN/fused" 2> "$BIN/remarks.txt"
  "$t" "$ROOT/bench/fusion/elementwise.nv" -fno-fuse -o "$BIN/unfused"
  commit=$(git -C "$ROOT" rev-parse HEAD)
  git -C "$ROOT" status --porcelain --untracked-files=no | grep -q . && commit="$commit+dirty"
  echo "$commit" > "$BIN/COMMIT"
  echo "bench/fusion: built $BIN (fusion remarks in remarks.txt)"
  exit 0
fi
OUT="${OUT:-$ROOT/gpu-results/fusion}"
mkdir -p "$OUT"
for v in fused unfused; do
  echo "== $v"
  "$BIN/$v" | sed "s/^/$v /"
done | tee "$OUT/fusion.txt"
python3 - "$OUT/fusion.txt" "$OUT/fusion.json" "$(cat "$BIN/COMMIT")" "$BIN/remarks.txt" <<'PY'
import json, re, subprocess, sys
rows = {}
for line in open(sys.argv[1]):
    m = re.match(r"(fused|unfused) elementwise (\d+): ([\d.e+-]+) ms ([\d.e+-]+) GB/s", line)
    if m:
        rows.setdefault(int(m[2]), {})[m[1]] = {"ms": float(m[3]), "useful_GBps": float(m[4])}
try:
    device = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                            capture_output=True, text=True).stdout.strip()
except Exception:
    device = "unknown"
out = {"what": "w = mix(soft(1.5x - 0.5), x): three elementwise kernels, fused (default) vs -fno-fuse",
       "commit": sys.argv[3], "device": device,
       "command": "bash bench/fusion/run.sh (built here with --build-only)",
       "remarks": open(sys.argv[4]).read().strip().splitlines(), "sizes": {}}
for n, r in sorted(rows.items()):
    if "fused" in r and "unfused" in r:
        r["speedup"] = round(r["unfused"]["ms"] / r["fused"]["ms"], 2)
    out["sizes"][str(n)] = r
    print(f"n={n}: fused {r.get('fused', {}).get('ms')} ms, unfused {r.get('unfused', {}).get('ms')} ms, speedup {r.get('speedup')}")
json.dump(out, open(sys.argv[2], "w"), indent=1)
PY
