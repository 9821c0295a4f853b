#!/usr/bin/env bash
# Runs the reference program built by bundle.sh, on the GPU host: writes
# Fashion-MNIST as its PNG files (fashion_png.py, from the IDX files in the
# bundle, into the DATA_DIR the program was built for), runs it, and checks
# its test accuracy. Nothing is fetched and nothing is compiled here.
#
#   bash bench/all_in_one/run.sh BUNDLE
#
# Writes $RESULTS/all-in-one.txt (commit, command, device, the bundle's
# MANIFEST, the program's output without the per-step lines, and the
# verdict) and $RESULTS/all-in-one-log.txt (the whole output);
# ./all-in-one-results without $RESULTS. Exit status 0 when the program
# exits 0 and prints an accuracy of at least AIO_MIN_ACCURACY (default
# 0.80; the program prints a fraction). AIO_PNG_LIMIT=N writes only N
# images of each split (a quick check of the scripts, not the acceptance
# run). AIO_DEADLINE=SECONDS stops the program after that long (exit
# status 124), so that a run under a time limit still leaves its results.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "run.sh: $*" >&2; exit 2; }
[ $# -eq 1 ] || die "usage: run.sh BUNDLE"
bundle=$(cd "$1" && pwd) || die "$1: no such bundle"
manifest="$bundle/MANIFEST"
[ -f "$manifest" ] && [ -x "$bundle/all_in_one" ] || die "$bundle is not a bundle of bundle.sh"
data=$(sed -n 's/^data_dir=//p' "$manifest")
[[ "$data" == /?*/?* && "$data" != *..* ]] || die "$manifest: data_dir '$data' is not an absolute path of two or more parts"
commit=$(sed -n 's/^commit=//p' "$manifest")
min=${AIO_MIN_ACCURACY:-0.80}
out=${RESULTS:-$PWD/all-in-one-results}
mkdir -p "$out"
txt="$out/all-in-one.txt"
log="$out/all-in-one-log.txt"

limit=()
[ -n "${AIO_PNG_LIMIT:-}" ] && limit=(--limit "$AIO_PNG_LIMIT")
rm -rf "$data/train" "$data/test"
python3 "$here/fashion_png.py" "$bundle/data/fashion-mnist" "$data" "${limit[@]}" \
  || die "fashion_png.py failed"

device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
[ -n "$device" ] || device="no GPU visible"
deadline=()
[ -n "${AIO_DEADLINE:-}" ] && deadline=(timeout -k 5 "$AIO_DEADLINE")
start=$(date +%s)
"${deadline[@]}" "$bundle/all_in_one" > "$log" 2>&1
rc=$?
secs=$(( $(date +%s) - start ))

# The program prints "Accuracy", then the [1] tensor: a blank line, its
# dims ("[1]"), its value (a float: "[0.8525]", with a '.', an 'e' or an
# 'n' as in nan and inf), its dims again.
acc=$(sed -n '/^Accuracy$/,$p' "$log" | sed -n 's/^\[\([^],]*[.en][^],]*\)\]$/\1/p' | head -1)
verdict=FAIL
why=""
if [ $rc -eq 124 ] && [ -n "${AIO_DEADLINE:-}" ]; then
  why="stopped after AIO_DEADLINE=$AIO_DEADLINE s"
elif [ $rc -ne 0 ]; then
  why="exit status $rc"
elif [ -z "$acc" ]; then
  why="no accuracy printed"
elif python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) >= float(sys.argv[2]) else 1)' "$acc" "$min"; then
  verdict=PASS
else
  why="accuracy $acc below $min"
fi
{
  echo "# all_in_one: commit $commit"
  echo "# command: bash bench/all_in_one/run.sh BUNDLE (bundle: bash bench/all_in_one/bundle.sh all_in_one.nv BUNDLE)"
  echo "# device: $device"
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  sed 's/^/# bundle: /' "$manifest"
  echo "# exit status $rc after ${secs} s"
  echo "# output ($(grep -c '^i: ' "$log") training lines 'i: N -- P' and $(grep -c '^val ' "$log") 'val N' lines left out; all in all-in-one-log.txt):"
  grep -v '^i: \|^val ' "$log"
  echo "accuracy: ${acc:-none} (at least $min: $verdict${why:+, $why})"
} > "$txt"
cat "$txt"
[ $verdict = PASS ]
