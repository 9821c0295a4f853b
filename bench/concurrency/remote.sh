#!/usr/bin/env bash
# Runs the concurrency benchmarks on a larger machine (the 16-core GPU host,
# which has no compiler for Neve, Go or C++ of ours): the binaries are built
# here, carried in build/scaling, and run there. Writes text results to
# $OUT (or ./remote-out): bench.txt (neve_bench, go_bench, cpp_bench, three
# rounds each, `NAME VALUE UNIT` lines) and primes.txt (examples/primes.nv
# below LIMIT with 1..16 threads, best of two, `threads seconds` lines).
#
#   # here:  bash bench/concurrency/remote.sh --build-only
#   # there: bash bench/concurrency/remote.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
BIN="$ROOT/build/scaling"
if [ "${1:-}" = "--build-only" ]; then
  mkdir -p "$BIN"
  c++ -O2 -std=c++17 -I "$ROOT/include" "$ROOT/bench/concurrency/neve_bench.cpp" \
    "$ROOT/build/lib/libneve_runtime_core.a" /usr/lib/x86_64-linux-gnu/libgc.a \
    -lpthread -o "$BIN/neve_bench"
  c++ -O2 -std=c++17 "$ROOT/bench/concurrency/cpp_bench.cpp" -lpthread \
    -o "$BIN/cpp_bench"
  GOCACHE="$ROOT/build/go-cache" GOPATH="$ROOT/build/go-path" GO111MODULE=off \
    go build -o "$BIN/go_bench" "$ROOT/bench/concurrency/go_bench.go"
  "$ROOT/build/bin/neve-translate" "$ROOT/examples/primes.nv" -o "$BIN/primes"
  exit 0
fi
OUT="${OUT:-$ROOT/remote-out}"
mkdir -p "$OUT"
ITEMS="${ITEMS:-2000000}"
LIMIT="${LIMIT:-10000000}"
CORES="$(nproc)"
{
  echo "cores $CORES"
  for round in 1 2 3; do
    echo "# round $round"
    echo "## neve"; "$BIN/neve_bench" "$ITEMS"
    echo "## go"; GOMAXPROCS="$CORES" "$BIN/go_bench" "$ITEMS"
    echo "## cpp"; "$BIN/cpp_bench" "$ITEMS"
  done
} > "$OUT/bench.txt" 2>&1
{
  echo "limit $LIMIT cores $CORES"
  for t in 1 2 4 6 8 10 12 14 16; do
    best=""
    for rep in 1 2; do
      out=$("$BIN/primes" "$LIMIT" "$t")
      s=$(echo "$out" | sed -n 's/^elapsed: \([0-9.]*\) s$/\1/p')
      line=$(echo "$out" | tail -1)
      if [ -z "$best" ] || awk "BEGIN{exit !($s < $best)}"; then best=$s; fi
    done
    echo "$t $best  # $line"
  done
} > "$OUT/primes.txt" 2>&1
cat "$OUT/bench.txt" "$OUT/primes.txt"
