#!/usr/bin/env bash
# Runs a GPU bundle (scripts/gpu-bundle.sh) on the GPU machine and writes
# the results, stamped with the commit, the command and the device, to
# $RESULTS/gpu-run.json and $RESULTS/gpu-run.txt (or to ./gpu-results without $RESULTS).
#
#   bash scripts/gpu-run.sh BUNDLE_DIR [NAME_FILTER]
# NAME_FILTER is an extended regular expression over the programs' names
# (gpu-NAME, example-NAME, ...); a failing program's whole stdout and stderr
# are kept in $RESULTS/failed/.
#
# Every program in BUNDLE/tests runs (with the variables of NAME.env, if
# any, and the arguments of NAME.args); one whose source has CHECK lines must
# match them (FileCheck), every one must exit 0 (programs without a .nv
# source, like gpu-runtime-check, check themselves). Exit status: 0 when all
# pass. Each program runs at most $GPU_TEST_TIMEOUT seconds (default 300): one
# that hangs (a deadlocked kernel) fails as timed out and the rest still run.
set -uo pipefail

bundle=$(cd "${1:-gpu-bundle}" && pwd)
filter=${2:-}
out=${RESULTS:-$PWD/gpu-results}
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$bundle/lib/libz3.so.4.xz" "$work/libz3.so.4" <<'PY'
import lzma, shutil, sys
with lzma.open(sys.argv[1]) as src, open(sys.argv[2], "wb") as dst:
    shutil.copyfileobj(src, dst)
PY
export LD_LIBRARY_PATH="$work${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
filecheck="$bundle/bin/FileCheck"
source "$(dirname "$0")/gpu-env.sh" "$bundle"

device=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -1)
[ -n "$device" ] || device="no GPU visible"
commit=$(sed -n 's/^commit=//p' "$bundle/MANIFEST")
command="bash scripts/gpu-run.sh $*"
txt="$out/gpu-run.txt"
{
  echo "# gpu-run: commit $commit"
  echo "# command: $command"
  echo "# device: $device"
  echo "# date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} > "$txt"

pass=0 fail=0
results=()
mkdir -p "$work/exe"
for prog in "$bundle"/tests/*; do
  case "$prog" in *.nv | *.args | *.env | *.run | *.fc) continue ;; esac
  name=$(basename "${prog%.xz}")
  [ -n "$filter" ] && ! echo "$name" | grep -qE -- "$filter" && continue
  src="$bundle/tests/$name.nv"
  argfile="$bundle/tests/$name.args"
  # make gpu-bundle compresses the programs (scripts/gpu-bundle.sh)
  if [[ "$prog" == *.xz ]]; then
    python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
      "$prog" "$work/exe/$name" && chmod +x "$work/exe/$name"
    prog="$work/exe/$name"
  fi
  start=$(date +%s%N)
  args=()
  [ -f "$argfile" ] && read -r -a args < "$argfile"
  # NAME.env: variables the RUN line sets (`env A=1 %neve run %s`)
  envs=()
  [ -f "$bundle/tests/$name.env" ] && read -r -a envs < "$bundle/tests/$name.env"
  limit=${GPU_TEST_TIMEOUT:-300}
  timeout -k 10 "$limit" env "${envs[@]}" "$prog" "${args[@]}" > "$work/$name.out" 2> "$work/$name.err"
  rc=$?
  ns=$(( $(date +%s%N) - start ))
  secs=$(printf '%d.%03d' $((ns / 1000000000)) $(((ns / 1000000) % 1000)))
  status=PASS
  why=""
  # `RUN: not %neve run %s 2>&1 | FileCheck`: a run-time error test; it
  # must fail, and its CHECK lines read stdout and stderr together.
  # NAME.run: the RUN line that runs this program (scripts/gpu-bundle.sh;
  # none for the examples and the runtime check)
  run=""
  [ -f "$bundle/tests/$name.run" ] && run=$(cat "$bundle/tests/$name.run")
  fcopts=()
  [ -f "$bundle/tests/$name.fc" ] && read -r -a fcopts < "$bundle/tests/$name.fc"
  checked="$work/$name.out"
  if [[ "$run" == *'2>&1'* ]]; then
    cat "$work/$name.out" "$work/$name.err" > "$work/$name.all"
    checked="$work/$name.all"
  fi
  if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
    status=FAIL; why="timed out after ${limit}s"
  elif [[ "$run" == *'RUN: not '* ]]; then
    if [ $rc -eq 0 ]; then status=FAIL; why="exit status 0, expected a failure"; fi
  elif [ $rc -ne 0 ]; then
    status=FAIL; why="exit status $rc"
  fi
  if [ $status = PASS ] && [ -f "$src" ] && grep -q 'CHECK' "$src"; then
    if ! "$filecheck" "$src" "${fcopts[@]}" < "$checked" > "$work/$name.filecheck" 2>&1; then
      status=FAIL; why="FileCheck: $(head -c 300 "$work/$name.filecheck" | tr '\n' ' ')"
    fi
  fi
  # A test marked XFAIL (a known bug) is expected to fail, as in lit: its
  # failure is XFAIL (counted with the passes); its success is XPASS, a
  # failure.
  if [ -f "$src" ] && grep -q '^# XFAIL:' "$src"; then
    if [ $status = FAIL ]; then status=XFAIL; else status=XPASS; why="passes: remove its XFAIL"; fi
  fi
  if [ $status = PASS ] || [ $status = XFAIL ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
  # A failure's whole output, beyond the lines quoted in gpu-run.txt
  if [ $status = FAIL ] || [ $status = XPASS ]; then
    mkdir -p "$out/failed"
    cp "$work/$name.out" "$work/$name.err" "$out/failed/" 2>/dev/null
  fi
  {
    echo "$status: $name (${secs}s) $why"
    sed 's/^/  | /' "$work/$name.out" | head -40
    sed 's/^/  ! /' "$work/$name.err" | head -20
  } >> "$txt"
  results+=("$(python3 -c 'import json,sys; print(json.dumps({"name":sys.argv[1],"status":sys.argv[2],"seconds":float(sys.argv[3] or 0),"detail":sys.argv[4]}))' "$name" "$status" "$secs" "$why")")
done

echo "$pass passed, $fail failed" >> "$txt"
python3 - "$out/gpu-run.json" "$commit" "$command" "$device" "$pass" "$fail" "${results[@]}" <<'PY'
import json, sys
path, commit, command, device, npass, nfail, *rows = sys.argv[1:]
json.dump({"commit": commit, "command": command, "device": device,
           "passed": int(npass), "failed": int(nfail),
           "tests": [json.loads(r) for r in rows]}, open(path, "w"), indent=2)
PY
cat "$txt"
[ $fail -eq 0 ]
