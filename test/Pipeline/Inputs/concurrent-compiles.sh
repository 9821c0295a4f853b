#!/usr/bin/env bash
# Compiles FILE N times at once into OUT.1 .. OUT.N, all sharing the cache
# in $NEVE_CACHE_DIR (kernel-cache.test); exits non-zero if any compile
# fails or if two outputs differ.
#   concurrent-compiles.sh NEVE_TRANSLATE FILE OUT N
set -u
translate=$1 file=$2 out=$3 n=$4
pids=()
for i in $(seq 1 "$n"); do
  "$translate" "$file" --emit=lowered -o "$out.$i" 2> "$out.$i.err" &
  pids+=($!)
done
failed=0
for i in "${!pids[@]}"; do
  if ! wait "${pids[$i]}"; then
    echo "compile $((i + 1)) failed: $(cat "$out.$((i + 1)).err")"
    failed=1
  fi
done
for i in $(seq 2 "$n"); do
  cmp -s "$out.1" "$out.$i" || { echo "outputs 1 and $i differ"; failed=1; }
done
[ "$failed" = 0 ] && echo "$n concurrent compiles agree"
exit "$failed"
