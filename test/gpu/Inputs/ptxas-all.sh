#!/usr/bin/env bash
# Assembles the kernels of Neve programs with ptxas, for sm_90 and sm_80
# (the two targets every program embeds), or for the chips a file names in
# a `# PTXAS-ARCHS:` line, so that CI validates every GPU test, example and
# benchmark kernel without a GPU (ptxas-all.nv).
#
#   ptxas-all.sh NEVE_TRANSLATE TMPDIR FILE.nv...
#
# Files without a `kernel` are skipped, as are those marked `XFAIL:` (known
# compiler bugs; their own tests report them). Prints one line per file
# and exits non-zero if any file fails to compile or assemble.
set -uo pipefail
translate=$1 tmp=$2
shift 2
ptxas=$(command -v ptxas || true)
[ -n "$ptxas" ] || ptxas=${CUDA_HOME:-/usr/local/cuda}/bin/ptxas
[ -x "$ptxas" ] || ptxas=/usr/local/cuda/bin/ptxas
mkdir -p "$tmp"
failed=0
for src in "$@"; do
  grep -q '^kernel ' "$src" || continue
  name=$(basename "$src" .nv)
  if grep -q '^# XFAIL:' "$src"; then
    echo "skipped (marked as an expected failure): $name"
    continue
  fi
  # `# RUN: env NAME=VALUE ... %neve run`: compile with those variables
  # (%S is the file's directory), e.g. NEVE_LIBS for a test's packages.
  envs=()
  run=$(grep -m1 '^# RUN:' "$src" || true)
  for kv in $(echo "$run" | sed -n 's@^# RUN: env \(\([A-Z_]*=[^ ]* \)*\).*@\1@p'); do
    envs+=("${kv//%S/$(dirname "$src")}")
  done
  # `# PTXAS-ARCHS: sm_90a`: the chips a file's kernels exist for (those of
  # Hopper's intrinsics, §8.4), instead of the two every program embeds.
  archs=$(sed -n 's/^# PTXAS-ARCHS: *//p' "$src" | head -1)
  [ -n "$archs" ] || archs="sm_90 sm_80"
  first=${archs%% *}
  # compiler options before the program (`%neve run -fdevice-checks %s`)
  flags=$(echo "$run" | sed -n 's@.*%neve run \(\(-[^ ]* \)*\)%[sS].*@\1@p')
  # the chip comes from PTXAS-ARCHS, not from the RUN line
  flags=$(echo "$flags" | sed 's/--gpu-arch=[^ ]* //g')
  ok=1
  for arch in $archs; do
    ptx="$tmp/$name.$arch.ptx"
    # shellcheck disable=SC2086
    if ! env "${envs[@]}" "$translate" "$src" $flags --emit=ptx --gpu-arch="$arch" -o "$ptx" 2> "$tmp/$name.err"; then
      echo "FAIL: $name: neve-translate --emit=ptx --gpu-arch=$arch: $(head -c 400 "$tmp/$name.err")"
      ok=0; break
    fi
    if ! "$ptxas" -arch="$arch" -O3 "$ptx" -o "$tmp/$name.$arch.cubin" 2> "$tmp/$name.err"; then
      echo "FAIL: $name: ptxas -arch=$arch: $(head -c 400 "$tmp/$name.err")"
      ok=0; break
    fi
  done
  if [ $ok = 1 ]; then
    echo "ptxas ok: $name ($(grep -c '^\.visible \.entry' "$tmp/$name.$first.ptx") kernels)"
  else
    failed=1
  fi
done
exit $failed
