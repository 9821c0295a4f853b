#!/usr/bin/env bash
# Drives bench/all_in_one/bundle.sh and run.sh on the stand-in program
# (all_in_one_stand_in.nv) for all-in-one-scripts.test:
#   all_in_one_scripts.sh TMP NEVE_TRANSLATE
# The data folder must have no '.' in its path, which lit's TMP has, so it
# is a fresh folder under /tmp, removed at the end.
set -u
tmp=$1 translate=$2
here=$(cd "$(dirname "$0")" && pwd)
scripts="$here/../../../bench/all_in_one"
data=$(mktemp -d /tmp/neve_aio_XXXXXX)
trap 'rm -rf "$data"' EXIT
rm -rf "$tmp" && mkdir -p "$tmp"
export NEVE_TRANSLATE=$translate
echo "== bundle"
bash "$scripts/bundle.sh" "$here/all_in_one_stand_in.nv" "$tmp/b" 123 "$data/d" 2>&1 | sed "s|$data|DATA|g"
sed -n 's/^\(steps\|data_dir\|changed\|source_bytes\)=/\1=/p' "$tmp/b/MANIFEST" | sed "s|$data|DATA|g"
ls "$tmp/b/data/fashion-mnist"
echo "== run"
AIO_PNG_LIMIT=5 AIO_DEADLINE=300 RESULTS="$tmp/r" bash "$scripts/run.sh" "$tmp/b" > /dev/null 2>&1
echo "exit $?"
grep -v '^# \(date\|device\|all_in_one\|bundle: built\|bundle: commit\|bundle: source_sha256\)' "$tmp/r/all-in-one.txt" | sed "s|$data|DATA|g"
grep -c '^i: ' "$tmp/r/all-in-one-log.txt"
echo "== below the minimum"
AIO_PNG_LIMIT=5 AIO_MIN_ACCURACY=1.5 RESULTS="$tmp/r2" bash "$scripts/run.sh" "$tmp/b" > /dev/null 2>&1
echo "exit $?"
tail -1 "$tmp/r2/all-in-one.txt"
echo "== refused"
bash "$scripts/bundle.sh" "$here/all_in_one_stand_in.nv" "$tmp/c" 10 "$data/a.b" 2>&1 | sed "s|$data|DATA|g"
bash "$scripts/bundle.sh" "$here/all_in_one_stand_in.nv" "$tmp/c" 10 data 2>&1
bash "$scripts/bundle.sh" "$here/all_in_one_stand_in.nv" "$tmp/c" 0 2>&1
bash "$scripts/bundle.sh" "$here/all_in_one_scripts.sh" "$tmp/c" 2>&1 | sed "s|$here|INPUTS|g"
bash "$scripts/bundle.sh" "$tmp/missing.nv" "$tmp/c" 2>&1 | sed "s|$tmp|TMP|g"
