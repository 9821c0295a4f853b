#!/usr/bin/env bash
# A slim bundle for bench/resnet/run.sh (the full `make gpu-bundle` holds
# every GPU test and is near the 64 MiB a bundle may take): examples/resnet.nv
# and bench/resnet/*.nv (in bench/), bench/ddp's collectives check and
# neve-launch, Frost's and kernel fusion's GPU tests and the reduced
# ResNet test (in tests/, so that scripts/gpu-run.sh runs and checks them:
# FileCheck and its libz3 travel), Fashion-MNIST, and a manifest naming
# the commit.
#
#   bash bench/resnet/bundle.sh BUILD_DIR OUT_DIR [TESTS]
#
# TESTS: an extended regular expression; only the tests whose bundle name
# (gpu-frost-gradcheck, gpu-fusion-relu-nofuse, ...) matches it go in. All
# of them together come near the 64 MiB a bundle may take.
set -euo pipefail
build=${1:-build}
out=${2:-build/resnet-bundle}
only=${3:-.}
want() { echo "$1" | grep -Eq -- "$only"; }
translate="$build/bin/neve-translate"
[ -x "$translate" ] || { echo "bundle.sh: $translate missing (make build first)" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/tests" "$out/bench" "$out/bin" "$out/lib" "$out/data/fashion-mnist"
"$translate" examples/resnet.nv -o "$out/bench/example-resnet"
"$translate" examples/resnet.nv -fno-fuse -o "$out/bench/example-resnet-nofuse"   # what fusion buys
"$translate" bench/ddp/collectives.nv -o "$out/bench/ddp-collectives"   # bench/ddp
for src in bench/resnet/*.nv; do
  "$translate" "$src" -o "$out/bench/resnet-$(basename "${src%.nv}")"
done
for src in test/gpu/frost/*.nv; do
  name="gpu-frost-$(basename "${src%.nv}")"
  want "$name" || continue
  "$translate" "$src" -o "$out/tests/$name"
  cp "$src" "$out/tests/$name.nv"
done
# kernel fusion's GPU test, fused (the default) and with -fno-fuse
for src in test/gpu/fusion-*.nv; do
  name="gpu-$(basename "${src%.nv}")"
  want "$name" || continue
  "$translate" "$src" -o "$out/tests/$name"
  "$translate" "$src" -fno-fuse -o "$out/tests/$name-nofuse"
  cp "$src" "$out/tests/$name.nv"
  cp "$src" "$out/tests/$name-nofuse.nv"
done
# the tiled product on wgmma (sm_90a)
if want gpu-tiled-matmul-wgmma; then
  "$translate" test/gpu/tiled-matmul.nv --gpu-arch=sm_90a -o "$out/tests/gpu-tiled-matmul-wgmma"
  cp test/gpu/tiled-matmul-wgmma.nv "$out/tests/gpu-tiled-matmul-wgmma.nv"
fi
if want gpu-example-resnet; then
  cp "$out/bench/example-resnet" "$out/tests/gpu-example-resnet"
  cp test/gpu/example-resnet.nv "$out/tests/gpu-example-resnet.nv"
  sed -n 's@^# RUN: %neve run %S/[^ |]*\( [^|]*\)|.*@\1@p' test/gpu/example-resnet.nv | sed 's/ *$//; s/^ *//' \
    > "$out/tests/gpu-example-resnet.args"
fi
cp /usr/share/datasets/fashion-mnist/*.gz "$out/data/fashion-mnist/"
cp /usr/lib/llvm-22/bin/FileCheck "$out/bin/"
cp "$build/bin/neve-launch" "$out/bin/"   # bench/ddp
xz -T1 -6 -c /lib/x86_64-linux-gnu/libz3.so.4 > "$out/lib/libz3.so.4.xz"
commit=$(bash scripts/build-commit.sh)
printf 'commit=%s\nbuilt=%s\n' "$commit" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" > "$out/MANIFEST"
echo "bundle.sh: $(du -sh "$out" | cut -f1) in $out (commit $commit)"
