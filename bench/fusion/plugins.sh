#!/usr/bin/env bash
# The fusion patterns written outside the compiler (docs/tutorials/
# fusion-pattern.md, sections 11 and 12), on the CPU: examples/fusion-plugin
# (the pass plugin's `axpy`: plus(scaled(x, a), y) -> axpy(a, x, y)) and
# examples/fusion-pdll (the PDLL pattern `MulAdd`: plus(times(x, y), w) ->
# muladd(x, y, w)), each program compiled with the pattern and with
# -fno-fuse, run alternately RUNS times over N elements and REPS
# repetitions; the median of end_timer's seconds, the speedup, and whether
# both builds print the same result.
#
#   bash bench/fusion/plugins.sh [BUILD=build] [N=2000000] [REPS=20] [RUNS=5]
#
# Writes bench/results/fusion-plugins.txt (and prints it).
set -euo pipefail
build=${1:-build}
n=${2:-2000000}
reps=${3:-20}
runs=${4:-5}
root=$(cd "$(dirname "$0")/../.." && pwd)
translate="$build/bin/neve-translate"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# bench NAME PROGRAM LOAD-OPTION
bench() {
  local name=$1 program=$2 load=$3
  "$translate" "$program" "$load" -o "$tmp/$name-fused" 2>/dev/null
  "$translate" "$program" "$load" -fno-fuse -o "$tmp/$name-unfused" 2>/dev/null
  : > "$tmp/$name-fused.s"
  : > "$tmp/$name-unfused.s"
  for _ in $(seq "$runs"); do
    for v in fused unfused; do
      "$tmp/$name-$v" "$n" "$reps" > "$tmp/$name-$v.out"
      sed -n 's/^elapsed: \([0-9.]*\) s$/\1/p' "$tmp/$name-$v.out" >> "$tmp/$name-$v.s"
    done
  done
  local f u same
  f=$(median < "$tmp/$name-fused.s")
  u=$(median < "$tmp/$name-unfused.s")
  if diff <(grep -v '^elapsed' "$tmp/$name-fused.out") <(grep -v '^elapsed' "$tmp/$name-unfused.out") > /dev/null; then
    same=yes
  else
    same=NO
  fi
  printf '%-8s fused %8.4f s  unfused %8.4f s  speedup %5.2fx  same result: %s\n' \
    "$name" "$f" "$u" "$(echo "$u / $f" | bc -l)" "$same"
}

{
  echo "# bash bench/fusion/plugins.sh $build $n $reps $runs   ($(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(git -C "$root" rev-parse --short HEAD))"
  echo "# median of $runs runs of $reps repetitions over $n floats"
  bench axpy "$root/examples/fusion-plugin/axpy.nv" "-fpass-plugin=$build/lib/libNeveAxpyFusion.so"
  bench muladd "$root/examples/fusion-pdll/muladd.nv" "-ffusion-patterns=$root/examples/fusion-pdll/muladd.pdll"
} | tee "$root/bench/results/fusion-plugins.txt"
