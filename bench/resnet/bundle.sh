#!/usr/bin/env bash
# A slim bundle for bench/resnet/run.sh (the full `make gpu-bundle` holds
# every GPU test too): examples/resnet.nv and bench/resnet/*.nv compiled
# here, Fashion-MNIST, and a manifest naming the commit.
#
#   bash bench/resnet/bundle.sh BUILD_DIR OUT_DIR
set -euo pipefail
build=${1:-build}
out=${2:-build/resnet-bundle}
translate="$build/bin/neve-translate"
[ -x "$translate" ] || { echo "bundle.sh: $translate missing (make build first)" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out/tests" "$out/bench" "$out/data/fashion-mnist"
"$translate" examples/resnet.nv -o "$out/tests/example-resnet"
for src in bench/resnet/*.nv; do
  "$translate" "$src" -o "$out/bench/resnet-$(basename "${src%.nv}")"
done
cp /usr/share/datasets/fashion-mnist/*.gz "$out/data/fashion-mnist/"
commit=$(git rev-parse HEAD)
dirty=$(git status --porcelain --untracked-files=no | grep -q . && echo "+dirty" || true)
printf 'commit=%s%s\nbuilt=%s\n' "$commit" "$dirty" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" > "$out/MANIFEST"
echo "bundle.sh: $(du -sh "$out" | cut -f1) in $out (commit $commit$dirty)"
