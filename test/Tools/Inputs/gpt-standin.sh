#!/usr/bin/env bash
# A stand-in for the bundle's example-gpt (test/Tools/bench-gpt-ab.test):
# prints its arguments, the FROST_* variables it was given, and the lines
# bench/gpt/run.sh and collect.py read from a training run. ms/step grows
# with each variable set, so runs under different settings differ.
echo "args: $*"
echo "env: FROST_GEMM_EPILOGUE=${FROST_GEMM_EPILOGUE:-} FROST_ATTENTION_QKV=${FROST_ATTENTION_QKV:-}"
ms=40
[ -n "${FROST_GEMM_EPILOGUE:-}" ] && ms=$((ms + 1))
[ -n "${FROST_ATTENTION_QKV:-}" ] && ms=$((ms + 2))
echo "first loss: 10.9"
echo "ms/step: $ms.0 (steps 50..300)"
echo "tokens/s: $((8192000 / ms))"
echo "peak memory: 1000 MiB"
