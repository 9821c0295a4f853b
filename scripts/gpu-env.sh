# Sourced on the GPU machine by scripts/gpu-run.sh and the benchmarks' run
# scripts:
#   source scripts/gpu-env.sh BUNDLE_DIR
# Points FASHION_MNIST at the bundle's copy of the data and, without a
# system cuDNN, NEVE_CUDNN_LIBRARY at the copy PyTorch's wheel brings (its
# sub-libraries are found through LD_LIBRARY_PATH): Frost's Conv2d cuDNN
# backend loads libcudnn.so.9 at run time.
[ -d "$1/data/fashion-mnist" ] && export FASHION_MNIST="$1/data/fashion-mnist"
# The tokenizer's corpus and GPT-2's vocabulary travel as one compressed
# tar (scripts/gpu-bundle.sh), unpacked once beside it (or under $TMPDIR
# when the bundle is read-only).
if [ -f "$1/data/tokenizer.tar.xz" ]; then
  tok="$1/data/tokenizer"
  [ -w "$1/data" ] || tok="${TMPDIR:-/tmp}/neve-bundle-tokenizer"
  [ -f "$tok/gpt2/vocab.bpe" ] || python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' \
    "$1/data/tokenizer.tar.xz" "$tok"
  export NEVE_FORTUNES="$tok/fortunes" NEVE_GPT2_VOCAB="$tok/gpt2"
fi
if [ -z "${NEVE_CUDNN_LIBRARY:-}" ]; then
  cudnn=$(python3 -c 'import os, nvidia.cudnn as c; print(os.path.join(list(c.__path__)[0], "lib", "libcudnn.so.9"))' 2>/dev/null || true)
  if [ -n "$cudnn" ] && [ -f "$cudnn" ]; then
    export NEVE_CUDNN_LIBRARY="$cudnn"
    export LD_LIBRARY_PATH="$(dirname "$cudnn")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  fi
fi
# NCCL (Frost's DataParallel) likewise: the system's libnccl.so.2 if the
# loader finds it, else the copy in PyTorch's wheel.
if [ -z "${NEVE_NCCL_LIBRARY:-}" ] && ! ldconfig -p 2>/dev/null | grep -q 'libnccl.so.2 '; then
  nccl=$(python3 -c 'import os, nvidia.nccl as c; print(os.path.join(list(c.__path__)[0], "lib", "libnccl.so.2"))' 2>/dev/null || true)
  if [ -n "$nccl" ] && [ -f "$nccl" ]; then
    export NEVE_NCCL_LIBRARY="$nccl"
  elif [ -f /usr/local/cuda/lib64/libnccl.so.2 ]; then
    export NEVE_NCCL_LIBRARY=/usr/local/cuda/lib64/libnccl.so.2
  fi
fi
export NCCL_NVLS_ENABLE=0
# bundle_program PATH: a program of the bundle, PATH itself when it is
# there, else PATH.xz (make gpu-bundle compresses its programs about 5x)
# unpacked once beside it (or under $TMPDIR when the bundle is read-only).
# Prints the path to run; fails when neither exists.
bundle_program() {
  if [ -x "$1" ]; then echo "$1"; return 0; fi
  [ -f "$1.xz" ] || return 1
  local dst="$1"
  [ -w "$(dirname "$1")" ] || dst="${TMPDIR:-/tmp}/neve-bundle-$(basename "$1")"
  if [ ! -x "$dst" ]; then
    python3 -c 'import lzma, shutil, sys; shutil.copyfileobj(lzma.open(sys.argv[1]), open(sys.argv[2], "wb"))' \
      "$1.xz" "$dst.tmp" && chmod +x "$dst.tmp" && mv "$dst.tmp" "$dst" || return 1
  fi
  echo "$dst"
}
